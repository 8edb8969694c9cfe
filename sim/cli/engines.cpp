#include "sim/cli/engines.h"

#include "sim/util/registry.h"

#include "sim/engine/native/native_engine.h"
#include "sim/engine/run_control.h"

namespace netcosim::cli {

const std::vector<EngineEntry>& engine_registry() {
  static const std::vector<EngineEntry> registry = {
      {"native", "cycle loop over the active routers, in windows of the lookahead, on --threads",
       true, [](const Config&, const EngineOptions&) -> Cycle { return 0; },
       [](Network& net, const EngineOptions& opt, const Progress& progress) {
         return run_native(net, progress, opt.threads);
       }},
      {"systemc", "the routers and NICs as sc_modules on the SystemC kernel (one thread)", false,
       [](const Config& cfg, const EngineOptions& opt) {
         return systemc_local_lead(cfg, opt.sc);  // validates --sc-quantum
       },
       [](Network& net, const EngineOptions& opt, const Progress& progress) {
         // Progress every 64 windows: a window is short, and the callback takes a lock.
         RunControl control(RunPlan::from_config(net.config()), progress, 64);
         return run_systemc(net, control, opt.sc);
       }},
  };
  return registry;
}

const EngineEntry* engine_entry(const std::string& name) {
  return find_entry(engine_registry(), name);
}

std::string engine_names(const char* sep) {
  return entry_names(engine_registry(), sep);
}

}  // namespace netcosim::cli
