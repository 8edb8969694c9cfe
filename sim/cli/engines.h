// The engine registry (docs/architecture.md "The traffic and engine registries"): one entry per
// engine, {name, description, threads, local lead, run}. `netcosim run --engine`'s allowed values
// and run_request's dispatch (single_run.cpp) both read it. Every engine is entered the same way:
// the front end builds the network with the entry's local lead (how far the engine runs a link's
// producer ahead of its consumer; the rings are sized for it), then hands it to the entry's run.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "sim/config/config.h"
#include "sim/network/network.h"
#include "sim/stats/run_results.h"
#include "systemc/engine/sc_engine.h"

namespace netcosim::cli {

// The engine options of `netcosim run` (--threads, --sc-quantum).
struct EngineOptions {
  uint32_t threads = 1;
  ScEngineOptions sc;
};

using Progress = std::function<void(Cycle, Cycle)>;

struct EngineEntry {
  const char* name;
  const char* description;
  bool multithreaded;  // accepts --threads above 1
  // The local_lead the network must be built with (build_network); throws ConfigError for
  // options the engine refuses, before anything is built.
  Cycle (*local_lead)(const Config& cfg, const EngineOptions& opt);
  // Runs the network once (built with local_lead).
  RunResults (*run)(Network& net, const EngineOptions& opt, const Progress& progress);
};

const std::vector<EngineEntry>& engine_registry();
// The entry named `name`, or nullptr.
const EngineEntry* engine_entry(const std::string& name);
// The registry's names joined by `sep` ("native, systemc").
std::string engine_names(const char* sep = ", ");

}  // namespace netcosim::cli
