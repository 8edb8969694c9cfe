// The base of the Dragonfly's routing algorithms (MIN, VAL, UGAL-L, PiggyBack, PAR, OLM): the
// concrete topology they are written for, and the minimal output the congestion sensors count
// (thesis 000 Sec. 1.4.1). The generic RoutingAlgorithm (sim/routing/routing.h) holds no
// topology; this folder is, with sim/topology/, the one place that names the Dragonfly.
#pragma once

#include <cstdint>
#include <string>

#include "sim/routing/dragonfly/flexvc_vcs.h"
#include "sim/routing/routing.h"
#include "sim/topology/dragonfly.h"

namespace netcosim {

class DragonflyRouting : public RoutingAlgorithm {
 public:
  explicit DragonflyRouting(const Dragonfly& topo) : topo_(topo) {}
  // FlexVC (router.vc_management=flexvc; flexvc_vcs.h): the hops allow every VC up to the highest
  // their path allows instead of one distance-based VC. Set once, before the first route.
  // With request-reply traffic the last reply_local/reply_global VCs are the reply part.
  void use_flexvc(uint32_t local_vcs, uint32_t global_vcs, uint32_t reply_local = 0,
                  uint32_t reply_global = 0) {
    flex_ = DragonflyFlexVc(topo_, local_vcs, global_vcs, reply_local, reply_global);
  }
  const DragonflyFlexVc& flexvc() const { return flex_; }
  // FlexVC's escape (seed 002 Sec. III-B): the minimal path to the destination, as phase 1 of a
  // Valiant path (the phase that goes to the destination), its hops safe.
  RouteResult escape(const PortView& q, const Packet& pkt) const override {
    RouteResult r;
    r.set_phase = 1;
    const uint32_t dst_router = topo_.router_of_node(pkt.dst);
    if (q.router == dst_router) {
      r.port = static_cast<uint8_t>(topo_.port_of_node(pkt.dst));
      return r;
    }
    r.port = static_cast<uint8_t>(topo_.min_output(q.router, dst_router));
    r.vcs = flex_.minimal(q.router, r.port, dst_router, pkt.cls);
    return r;
  }
  // The l-g-l minimal output at `router` (the ejection port at the destination router).
  uint32_t minimal_output(uint32_t router, const Packet& pkt) const final {
    const uint32_t dst_router = topo_.router_of_node(pkt.dst);
    return router == dst_router ? topo_.port_of_node(pkt.dst)
                                : topo_.min_output(router, dst_router);
  }

 protected:
  // The routing's VC order for the checker: its baseline reference, or under FlexVC the reference
  // sequence with the escape rule (sim/routing/vc_order.h).
  VcOrder order_of(const char* baseline_reference, bool nonminimal_local_keeps_vc = false) const;

  const Dragonfly& topo_;
  DragonflyFlexVc flex_;
};

// A Dragonfly routing's VC order (sim/routing/vc_order.h): its reference path of l<vc> and g<vc>
// tokens; OLM's one nonminimal local hop per group keeps its input VC.
inline VcOrder df_vc_order(const char* reference, bool nonminimal_local_keeps_vc = false) {
  return VcOrder::from_reference(reference, df::port_class_names(),
                                 nonminimal_local_keeps_vc ? df::kLocal : kInjectionClass);
}

inline VcOrder DragonflyRouting::order_of(const char* baseline_reference,
                                          bool nonminimal_local_keeps_vc) const {
  VcOrder o = df_vc_order(baseline_reference, nonminimal_local_keeps_vc);
  if (flex_.on()) {
    o.flexvc = &flex_;
    o.reference = flex_.reference();
    if (flex_.request_reply()) {  // thesis 000 Sec. 5.2.2, Theorem 2
      o.request_reply = true;
      o.replies_use_request_vcs = true;
      o.reply_first[df::kLocal] = static_cast<uint8_t>(flex_.reply_first(flexvc::kL));
      o.reply_first[df::kGlobal] = static_cast<uint8_t>(flex_.reply_first(flexvc::kG));
    }
  }
  return o;
}

// The Dragonfly a routing algorithm of this folder is built on: `topo` itself when it is one,
// else a ConfigError naming routing.algorithm=`algorithm`, the topology and what is allowed. The
// registry's Dragonfly entries (registry.cpp) get the concrete type here and nowhere else.
const Dragonfly& dragonfly_of(const Topology& topo, const std::string& algorithm);

}  // namespace netcosim
