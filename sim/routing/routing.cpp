#include "sim/routing/routing.h"

#include "sim/routing/dragonfly/registry.h"
#include "sim/routing/fattree/updown.h"
#include "sim/routing/mesh/dor.h"

namespace netcosim {

// The topologies' lists (sim/routing/<topology>/), appended in catalogue order: the Dragonfly's,
// the fat tree's, the meshes' and tori's.
const std::vector<RoutingRegistryEntry>& routing_registry() {
  static const std::vector<RoutingRegistryEntry> registry = [] {
    std::vector<RoutingRegistryEntry> all = dragonfly_routing_registry();
    for (const auto* list : {&fattree_routing_registry(), &mesh_routing_registry()})
      all.insert(all.end(), list->begin(), list->end());
    return all;
  }();
  return registry;
}

RouteResult RoutingAlgorithm::escape(const PortView&, const Packet&) const {
  RouteResult r;
  r.vcs = 0;
  return r;
}

std::unique_ptr<RoutingAlgorithm> make_routing(const Config& cfg, const Topology& topo) {
  return registry_entry(routing_registry(), cfg, "routing.algorithm").make(cfg, topo);
}

}  // namespace netcosim
