// Memory a run needs, estimated from its configuration before anything is built, and the check
// that refuses a run which does not fit the machine (README "Configuration files",
// docs/model.md §5.1).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/config/config.h"

namespace netcosim {

struct MemoryTerm {
  std::string
      what;  // the keys that drive it and the product, e.g. "router.buffer_global=256 / ..."
  double bytes = 0;
};

struct MemoryEstimate {
  std::vector<MemoryTerm> terms;  // largest first
  double total_bytes = 0;
};

// The structures whose size grows with the configuration: input buffers and output FIFOs of
// every router (one packet descriptor per packet slot), arrival wheels, link rings, source
// queues, time-series bins and latency histograms (one per thread plus the merged and the
// preloaded sinks). Fixed-size parts (a few kB per router) are included as a per-router term.
MemoryEstimate estimate_memory(const Config& c, uint32_t threads);

// Physical memory available to a new run: MemAvailable of /proc/meminfo, else sysconf's
// available pages. 0 if neither can be read (then no check is made). `source` names it.
uint64_t available_memory_bytes(std::string* source = nullptr);

// A run fits if its estimate is at most 90% of the available memory. Throws ConfigError naming
// the estimate, the available memory and the largest terms with their keys.
void check_memory_fits(const Config& c, uint32_t threads, uint64_t available_bytes,
                       const std::string& source);
// The same against available_memory_bytes().
void check_memory_fits(const Config& c, uint32_t threads);

// "31.2 GB", "512 kB" (powers of 1024, as free(1)).
std::string format_bytes(double bytes);

}  // namespace netcosim
