// One simulation of `netcosim run`: the configuration built from the file and the overrides,
// validated, and run on the chosen engine.
#pragma once

#include <string>
#include <vector>

#include "sim/config/config.h"
#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"
#include "systemc/engine/sc_engine.h"
#include "systemc/rtl/rtl_sockets.h"

namespace netcosim::cli {

struct RunRequest {
  std::string config_file;  // empty: the embedded default
  std::vector<std::string> sets;
  std::string engine = "native";
  uint32_t threads = 1;
  ScEngineOptions sc;
  bool timeseries = false;  // --timeseries-csv/png: sim.timeseries_bin must be set
  bool progress = false;    // cycle progress on stderr
  bool waits = false;       // --waits: the routers' head-wait counters (docs/model.md "Head waits")
  sc::RtlRequest rtl;       // --rtl, --rtl-shadow, --rtl-fault, --rtl-vcd
};

// Loads and validates the configuration of `req` into `cfg` and checks its --rtl options against
// it; throws ConfigError (exit 2).
void load_request_config(const RunRequest& req, Config& cfg);

// Fills `cfg` and runs it; throws ConfigError (exit 2) or SimulationFailure (exit 3).
RunResults run_request(const RunRequest& req, Config& cfg);

}  // namespace netcosim::cli
