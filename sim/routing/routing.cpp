#include "sim/routing/routing.h"

#include "sim/routing/dragonfly/registry.h"
#include "sim/routing/fattree/updown.h"
#include "sim/routing/mesh/dor.h"
#include "sim/routing/request_reply.h"

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
  auto r = registry_entry(routing_registry(), cfg, "routing.algorithm").make(cfg, topo);
  // Request-reply under the baseline: the request and reply halves of the VCs (request_reply.h);
  // under FlexVC the routing holds the concatenated sequence itself. router.request_reply_vcs=
  // shared: no split, both classes route on every VC (violates Theorem 2; docs/model.md §4.7).
  if (cfg.get_str("traffic.source") == "request_reply" &&
      cfg.get_str("router.vc_management") == "baseline" &&
      cfg.get_str("router.request_reply_vcs") == "separate")
    return with_request_reply_vcs(cfg, topo, std::move(r));
  return r;
}

}  // namespace netcosim
