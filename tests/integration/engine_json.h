// Comparing runs of the two engines (tests/integration/test_engines.cpp, the PiggyBack drain
// regression of test_source_adaptive.cpp): a run's JSON parsed, without the keys that legitimately
// differ between engines and equal runs.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "test_util.h"

namespace netcosim::test {

// The parsed JSON of `path` without `engine`, `threads` and the timing keys (wall_seconds,
// cycles_per_second, peak_rss_mb); every other key, simulated numbers and configuration, stays.
inline nlohmann::json comparable(const std::string& path) {
  nlohmann::json j = load_json(path);
  for (const char* k : {"engine", "threads", "wall_seconds", "cycles_per_second", "peak_rss_mb"})
    j.erase(k);
  return j;
}

}  // namespace netcosim::test
