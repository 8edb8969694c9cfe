#include "sim/cli/single_run.h"

#include <cstdio>

#include "sim/cli/engines.h"
#include "sim/cli/progress.h"
#include "sim/engine/run_control.h"
#include "sim/network/memory_estimate.h"

namespace netcosim::cli {

void load_request_config(const RunRequest& req, Config& cfg) {
  if (!req.config_file.empty()) cfg.load_file(req.config_file);
  for (const auto& s : req.sets) cfg.set_override(s);
  // Validated and its memory checked once, here (one sink per thread): the network is built by
  // build_validated_network, which does not repeat the checks build_network makes for
  // programmatic users (sim/network/build.h).
  validate_config(cfg);
  sc::check_rtl_request(req.rtl, cfg, req.engine, req.sc.quantum);
  // --waits: counted by the CIOQ router's allocation over the window [warm-up, warm-up + measure),
  // which batch mode does not fix in advance.
  if (req.waits && cfg.get_str("router.architecture") != "cioq")
    throw ConfigError("--waits: router.architecture=" + cfg.get_str("router.architecture") +
                      " has no head-wait counters (allowed: router.architecture=cioq)");
  if (req.waits && cfg.get_str("sim.mode") != "window")
    throw ConfigError("--waits: sim.mode=" + cfg.get_str("sim.mode") +
                      " has no fixed measurement window to count in (allowed: sim.mode=window)");
}

RunResults run_request(const RunRequest& req, Config& cfg) {
  load_request_config(req, cfg);
  check_memory_fits(cfg, req.threads);
  if (req.timeseries && cfg.get_int("sim.timeseries_bin") == 0)
    throw ConfigError(
        "--timeseries-csv/--timeseries-png need a time series: set "
        "sim.timeseries_bin to a bin length in cycles (sim.timeseries_bin=0)");
  const std::string warning = contention_threshold_warning(cfg);
  if (!warning.empty()) std::fprintf(stderr, "netcosim: warning: %s\n", warning.c_str());
  // The engine from the engine registry (engines.h; run_cmd.cpp has refused other names), entered
  // as every engine is: the network built with its local lead, then run.
  const EngineEntry* engine = engine_entry(req.engine);
  if (engine == nullptr)
    throw ConfigError("--engine " + req.engine + ": allowed values are " + engine_names());
  EngineOptions opt{req.threads, req.sc};
  if (req.rtl.any()) {  // the block sockets: strict mode, the routers as threads
    opt.sc.quantum = 1;
    opt.sc.router_threads = true;
    opt.sc.router_nics = sc::rtl_reads_nic_state(req.rtl);
  }
  const Cycle lead = engine->local_lead(cfg, opt);
  const std::unique_ptr<Network> net = build_validated_network(cfg, nullptr, lead);
  if (req.rtl.any()) sc::attach_rtl_sockets(*net, req.rtl, cfg);
  if (req.waits) {
    const RunPlan plan = RunPlan::from_config(cfg);
    for (uint32_t r = 0; r < net->routers(); ++r)
      net->router(r).enable_head_waits(plan.warmup, plan.end());
  }
  CycleProgress progress(req.progress);
  return engine->run(*net, opt, progress.callback());
}

}  // namespace netcosim::cli
