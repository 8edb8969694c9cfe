// Building the InfiniBand and Omni-Path switches of a network (the factories of
// router.architecture=ib|opa in
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
// The Omni-Path switches (router.architecture=opa; docs/model.md §11): the same datapath with the
// MPort and central stages (VlSwitch<Sched, true>, sim/router/ib/ib_switch.h).
std::vector<std::unique_ptr<RouterModel>> make_opa_switches(const Config& cfg, const Topology& topo,
                                                            const RoutingAlgorithm& routing,
                                                            uint32_t wheel);

}  // namespace netcosim
