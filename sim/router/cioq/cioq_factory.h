// Building the CIOQ routers of a network (the factory of router.architecture=cioq in
// sim/router/architecture.cpp): the RouterConfig from the configuration, and the routers of a
// credit model type (sim/blocks/credit_model.h). A template, so that an architecture entry written
// elsewhere (a test's) builds CIOQ routers of another credit model the same way.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "sim/config/config.h"
#include "sim/router/cioq/router.h"
#include "sim/router/cioq/router_config.h"
#include "sim/router/router_model.h"
#include "sim/routing/routing.h"
#include "sim/topology/topology.h"

namespace netcosim {

// The CIOQ router's parameters (thesis 000 Table 1.2 values are the defaults), per port class,
// with router 0's port classes.
RouterConfig cioq_config(const Config& cfg, const Topology& topo);

// The routers of router.architecture=cioq: static per-VC buffers or DAMQs (router.buffer_model).
std::vector<std::unique_ptr<RouterModel>> make_cioq(const Config& cfg, const Topology& topo,
                                                    const RoutingAlgorithm& routing,
                                                    uint32_t wheel);

template <class Credits>
std::vector<std::unique_ptr<RouterModel>> make_cioq_routers(const Config& cfg, const Topology& topo,
                                                            const RoutingAlgorithm& routing,
                                                            uint32_t wheel) {
  RouterConfig rc = cioq_config(cfg, topo);
  const uint64_t seed = static_cast<uint64_t>(cfg.get_int("sim.seed"));
  std::vector<std::unique_ptr<RouterModel>> routers;
  routers.reserve(topo.routers());
  // Each router gets its own ports' classes: a topology may give port i another class on some
  // routers (a fat tree's level-0 switches have injection ports where the others have tree
  // ports; docs/architecture.md "Port classes").
  for (uint32_t r = 0; r < topo.routers(); ++r) {
    for (uint32_t port = 0; port < topo.router_radix(); ++port)
      rc.classes[port] = topo.port_class_of(r, port);
    routers.push_back(std::make_unique<CioqRouter<Credits>>(r, rc, routing, topo, seed, wheel));
  }
  return routers;
}

}  // namespace netcosim
