// The base of the Dragonfly's routing algorithms (MIN, VAL, UGAL-L, PiggyBack, PAR, OLM): the
// concrete topology they are written for, and the minimal output the congestion sensors count
// (thesis 000 Sec. 1.4.1). The generic RoutingAlgorithm (sim/routing/routing.h) holds no
// topology; this folder is, with sim/topology/, the one place that names the Dragonfly.
#pragma once

#include <cstdint>
#include <string>

#include "sim/routing/routing.h"
#include "sim/topology/dragonfly.h"

namespace netcosim {

class DragonflyRouting : public RoutingAlgorithm {
 public:
  explicit DragonflyRouting(const Dragonfly& topo) : topo_(topo) {}
  // The l-g-l minimal output at `router` (the ejection port at the destination router).
  uint32_t minimal_output(uint32_t router, const Packet& pkt) const final {
    const uint32_t dst_router = topo_.router_of_node(pkt.dst);
    return router == dst_router ? topo_.port_of_node(pkt.dst)
                                : topo_.min_output(router, dst_router);
  }

 protected:
  const Dragonfly& topo_;
};

// A Dragonfly routing's VC order (sim/routing/vc_order.h): its reference path of l<vc> and g<vc>
// tokens; OLM's one nonminimal local hop per group keeps its input VC.
inline VcOrder df_vc_order(const char* reference, bool nonminimal_local_keeps_vc = false) {
  return VcOrder::from_reference(reference, df::port_class_names(),
                                 nonminimal_local_keeps_vc ? df::kLocal : kInjectionClass);
}

// The Dragonfly a routing algorithm of this folder is built on: `topo` itself when it is one,
// else a ConfigError naming routing.algorithm=`algorithm`, the topology and what is allowed. The
// registry's Dragonfly entries (registry.cpp) get the concrete type here and nowhere else.
const Dragonfly& dragonfly_of(const Topology& topo, const std::string& algorithm);

}  // namespace netcosim
