// Helpers shared by the integration tests.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "sim/config/config.h"
#include "tests/integration/cli_runner.h"

namespace netcosim::test {

// Programs are started through cli_runner.h (run_argv, run_cli, run_netcosim).
using Outcome = CliResult;

inline std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Parses a JSON file (nlohmann-json); a test fails with the parser's message on bad JSON.
inline nlohmann::json load_json(const std::string& path) {
  try {
    return nlohmann::json::parse(read_file(path));
  } catch (const std::exception& e) {
    ADD_FAILURE() << path << ": " << e.what();
    return nlohmann::json();
  }
}

// Validates netcosim.run/1 JSON files (a .jsonl file: one document per line) against
// docs/netcosim.run-1.schema.json with every object closed (tests/schema/validate_json.py
// --strict, Debian's python3-jsonschema): types, nesting, required keys and no undocumented key.
inline ::testing::AssertionResult valid_run_json(const std::vector<std::string>& paths) {
  std::vector<std::string> argv{
      "/usr/bin/python3", std::string(NETCOSIM_SOURCE_DIR) + "/tests/schema/validate_json.py",
      "--strict", std::string(NETCOSIM_SOURCE_DIR) + "/docs/netcosim.run-1.schema.json"};
  argv.insert(argv.end(), paths.begin(), paths.end());
  const Outcome o = run_argv(argv);
  if (o.status == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "netcosim.run/1 schema validation failed (status " << o.status << "):\n"
         << o.output;
}
inline ::testing::AssertionResult valid_run_json(const std::string& path) {
  return valid_run_json(std::vector<std::string>{path});
}

// Writes a results JSON produced in-process to a temporary file and validates it.
inline ::testing::AssertionResult valid_run_json_text(const std::string& text,
                                                      const std::string& name) {
  const std::string path = ::testing::TempDir() + "netcosim-schema-" + name + ".json";
  std::ofstream(path, std::ios::binary) << text;
  return valid_run_json(path);
}

// A configuration on the p=2 a=4 h=2 ("h2", the defaults) or p=4 a=8 h=4 ("h4") Dragonfly with
// the given overrides.
inline Config dragonfly(const std::string& size, std::initializer_list<std::string> sets) {
  Config c;
  if (size == "h4") {
    c.set_override("topology.p=4");
    c.set_override("topology.a=8");
    c.set_override("topology.h=4");
  }
  for (const auto& s : sets) c.set_override(s);
  return c;
}

// A run's JSON without the keys that may differ between equal runs (timing, memory, threads).
inline std::string strip_timing(const std::string& json) {
  std::string out, line;
  std::istringstream is(json);
  while (std::getline(is, line))
    if (line.find("wall_seconds") == std::string::npos &&
        line.find("cycles_per_second") == std::string::npos &&
        line.find("peak_rss_mb") == std::string::npos &&
        line.find("\"threads\"") == std::string::npos)
      out += line + "\n";
  return out;
}

}  // namespace netcosim::test
