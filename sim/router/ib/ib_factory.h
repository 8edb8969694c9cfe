// Building the InfiniBand switches of a network (the factory of router.architecture=ib in
// sim/router/architecture.cpp; docs/model.md §10).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "sim/config/config.h"
#include "sim/router/router_model.h"
#include "sim/routing/routing.h"
#include "sim/topology/topology.h"

namespace netcosim {

std::vector<std::unique_ptr<RouterModel>> make_ib_switches(const Config& cfg, const Topology& topo,
                                                           const RoutingAlgorithm& routing,
                                                           uint32_t wheel);

}  // namespace netcosim
