#include "sim/routing/routing.h"

#include "sim/routing/dragonfly/registry.h"

namespace netcosim {

// Today one topology has routing algorithms: the registry is the Dragonfly's list. A second
// topology's algorithms (sim/routing/<topology>/) are appended here, in catalogue order.
const std::vector<RoutingRegistryEntry>& routing_registry() {
  return dragonfly_routing_registry();
}

std::unique_ptr<RoutingAlgorithm> make_routing(const Config& cfg, const Topology& topo) {
  return registry_entry(routing_registry(), cfg, "routing.algorithm").make(cfg, topo);
}

}  // namespace netcosim
