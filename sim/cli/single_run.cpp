#include "sim/cli/single_run.h"

#include <cstdio>

#include "sim/cli/engines.h"
#include "sim/cli/progress.h"
#include "sim/engine/run_control.h"
#include "sim/network/memory_estimate.h"
#include "sim/router/ib/ib_factory.h"

namespace netcosim::cli {

void load_request_config(const RunRequest& req, Config& cfg) {
  if (!req.config_file.empty()) cfg.load_file(req.config_file);
  for (const auto& s : req.sets) cfg.set_override(s);
  // Validated and its memory checked once, here (one sink per thread): the network is built by
  // build_validated_network, which does not repeat the checks build_network makes for
  // programmatic users (sim/network/build.h).
  validate_config(cfg);
  sc::check_rtl_request(req.rtl, cfg, req.engine, req.sc.quantum);
  // --waits: counted by the CIOQ router's allocation or the IB / OPA switches' stages over the
  // window [warm-up, warm-up + measure), which batch mode does not fix in advance.
  const std::string arch = cfg.get_str("router.architecture");
  if (req.waits && arch != "cioq" && arch != "ib" && arch != "opa")
    throw ConfigError("--waits: router.architecture=" + arch +
                      " has no head-wait counters (allowed: router.architecture=cioq, ib or opa)");
  // The switches count the stages of one packet at a time (docs/model.md "The switches'
  // stages"): not a message's (qos.atomic_messages), a retry's delay (router.alloc_retry) or the
  // shared MPort crossbar's turn (router.mport_xbar=shared).
  if (req.waits && (arch == "ib" || arch == "opa")) {
    if (cfg.get_bool("qos.atomic_messages"))
      throw ConfigError(
          "--waits: qos.atomic_messages=true: the switches' head-wait counters count single "
          "packets (allowed: qos.atomic_messages=false)");
    if (cfg.get_int("router.alloc_retry") != 0)
      throw ConfigError(
          "--waits: router.alloc_retry=" + std::to_string(cfg.get_int("router.alloc_retry")) +
          ": the switches' head-wait counters do not count a retry's delay "
          "(allowed: router.alloc_retry=0)");
    if (arch == "opa" && cfg.get_str("router.mport_xbar") != "per_input")
      throw ConfigError(
          "--waits: router.mport_xbar=" + cfg.get_str("router.mport_xbar") +
          ": the OPA switch's head-wait counters do not count the shared MPort crossbar's turns "
          "(allowed: router.mport_xbar=per_input)");
  }
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
  // --waits on the IB / OPA switches: the switches with counters (VlSwitch<Sched, kOpa, true>)
  // in place of those without, so that a run without the flag runs the switches of before.
  static const ArchitectureEntry ib_waits{"ib", "the IB switch with head-wait counters",
                                          &make_ib_switches_waits};
  static const ArchitectureEntry opa_waits{"opa", "the OPA switch with head-wait counters",
                                           &make_opa_switches_waits};
  const std::string arch = cfg.get_str("router.architecture");
  const ArchitectureEntry* entry = !req.waits      ? nullptr
                                   : arch == "ib"  ? &ib_waits
                                   : arch == "opa" ? &opa_waits
                                                   : nullptr;
  const std::unique_ptr<Network> net = build_validated_network(cfg, nullptr, lead, entry);
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
