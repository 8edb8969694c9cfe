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

// The same switches with head-wait counters (VlSwitch<Sched, kOpa, true>; netcosim run --waits,
// docs/model.md "Head waits"): the front end builds these in place of the above when the flag is
// given, so that a run without it runs the switches without counters.
std::vector<std::unique_ptr<RouterModel>> make_ib_switches_waits(const Config& cfg,
                                                                 const Topology& topo,
                                                                 const RoutingAlgorithm& routing,
                                                                 uint32_t wheel);
std::vector<std::unique_ptr<RouterModel>> make_opa_switches_waits(const Config& cfg,
                                                                  const Topology& topo,
                                                                  const RoutingAlgorithm& routing,
                                                                  uint32_t wheel);

}  // namespace netcosim
