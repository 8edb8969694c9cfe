// The Dragonfly's entries of the routing registry (sim/routing/routing.h), in the catalogue's
// order (sim/config/strategy_catalog.cpp). Each factory takes the Topology and gets the Dragonfly
// through dragonfly_of (dragonfly_routing.h): a ConfigError when the topology is another one.
#pragma once

#include <vector>

#include "sim/routing/routing.h"

namespace netcosim {

const std::vector<RoutingRegistryEntry>& dragonfly_routing_registry();

}  // namespace netcosim
