// Router architectures from a registry (docs/architecture.md "Router architectures"): one entry
// per value of router.architecture, with a one-line description and the factory that builds the
// routers of a network. The builder (sim/network/build.cpp) builds them through the entry and then
// wires links, NICs and sensors through the RouterModel interface, so a new architecture (the
// Omni-Path hierarchical switch, the InfiniBand switch) is a RouterModel and one entry here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/config/config.h"
#include "sim/router/router_model.h"
#include "sim/routing/routing.h"
#include "sim/topology/topology.h"

namespace netcosim {

struct ArchitectureEntry {
  const char* name;  // the value of router.architecture
  const char* description;
  // The routers of the network, router r at index r; `wheel` is the size of their arrival wheels
  // (cycles a producer may write ahead of its consumer).
  std::vector<std::unique_ptr<RouterModel>> (*make)(const Config& cfg, const Topology& topo,
                                                    const RoutingAlgorithm& routing,
                                                    uint32_t wheel);
};

// The entries, in the order of router.architecture's allowed values in the schema (a unit test
// keeps the two equal: the configuration sits below the routers in the layers).
const std::vector<ArchitectureEntry>& architecture_registry();
// The entry named by router.architecture (the schema has checked the name).
const ArchitectureEntry& architecture_of(const Config& cfg);

}  // namespace netcosim
