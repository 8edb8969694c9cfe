// One CIOQ router as a TLM module (cioq_router.h).
#include "systemc/router/cioq_router.h"

#include <string>

namespace netcosim::sc {

Config CioqRouterModule::one_router_config(Config cfg, uint32_t ports) {
  if (cfg.get_str("router.architecture") != "cioq")
    throw ConfigError("router.architecture=" + cfg.get_str("router.architecture") +
                      ": the router module is the CIOQ router (allowed: cioq)");
  cfg.set_override("topology.type=fattree");
  cfg.set_override("topology.n=1");
  cfg.set_override("topology.k=" + std::to_string(ports));
  cfg.set_override("routing.algorithm=updown");
  return cfg;
}

CioqRouterModule::CioqRouterModule(const sc_core::sc_module_name& name, uint32_t ports,
                                   const Config& cfg, const ScEngineOptions& opt)
    : sc_core::sc_module(name),
      net_(std::make_unique<TlmNetwork>("router", one_router_config(cfg, ports), opt)) {}

}  // namespace netcosim::sc
