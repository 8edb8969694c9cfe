#include "sim/cli/single_run.h"

#include <cstdio>

#include "sim/cli/progress.h"
#include "sim/network/memory_estimate.h"

namespace netcosim::cli {

RunResults run_request(const RunRequest& req, Config& cfg) {
  if (!req.config_file.empty()) cfg.load_file(req.config_file);
  for (const auto& s : req.sets) cfg.set_override(s);
  validate_config(cfg);
  if (req.threads > 1) check_memory_fits(cfg, req.threads);  // one sink per thread
  if (req.timeseries && cfg.get_int("sim.timeseries_bin") == 0)
    throw ConfigError(
        "--timeseries-csv/--timeseries-png need a time series: set "
        "sim.timeseries_bin to a bin length in cycles (sim.timeseries_bin=0)");
  const std::string warning = contention_threshold_warning(cfg);
  if (!warning.empty()) std::fprintf(stderr, "netcosim: warning: %s\n", warning.c_str());
  CycleProgress progress(req.progress);
  if (req.engine == "systemc") return run_systemc(cfg, req.sc, progress.callback());
  const std::unique_ptr<Network> net = build_network(cfg);
  return run_native(*net, progress.callback(), req.threads);
}

}  // namespace netcosim::cli
