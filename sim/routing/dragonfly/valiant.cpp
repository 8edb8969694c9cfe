#include "sim/routing/dragonfly/valiant.h"

#include "sim/routing/dragonfly/paths.h"

namespace netcosim {

RouteResult ValiantRouting::route(const PortView& q, const Packet& pkt, Rng& rng) const {
  if (mode_ == ValiantMode::Group) return route_group(q, pkt, rng);
  RouteResult r;
  Packet view = pkt;  // the packet as it will be once this hop's state changes are applied
  if (view.route.phase == 0 && view.route.intermediate == kNone) {
    // At the source router (the packet arrived on an injection port): draw the intermediate.
    if (mode_ == ValiantMode::Any) {
      view.route.intermediate = rng.below(topo_.routers());
    } else {  // outside the source group; traffic within it goes minimally (to its destination)
      const uint32_t G = topo_.group_of_router(q.router), a = topo_.a();
      const uint32_t dst_router = topo_.router_of_node(pkt.dst);
      if (topo_.group_of_router(dst_router) == G) {
        view.route.intermediate = dst_router;
      } else {
        const uint32_t k = rng.below(topo_.routers() - a);  // the routers of the other groups
        view.route.intermediate = k < G * a ? k : k + a;
      }
    }
    r.set_intermediate = view.route.intermediate;
    r.nonminimal_decision = true;  // VAL's decision: every packet (misrouting metrics)
  }
  return valiant_hop(topo_, flex_, q, view, r);
}

// VAL-group: minimally to the intermediate group (phase 0, before the first global hop), then
// minimally to the destination. The VC of every hop is the number of global hops done so far
// (l0-g0-l1-g1-l2).
RouteResult ValiantRouting::route_group(const PortView& q, const Packet& pkt, Rng& rng) const {
  RouteResult r;
  const uint32_t dst_router = topo_.router_of_node(pkt.dst);
  if (pkt.hops(df::kGlobal) == 0) {
    uint32_t group = pkt.route.intermediate;
    if (group == kNone) {  // at the source router: draw a group other than source and destination
      const uint32_t src_g = topo_.group_of_router(q.router);
      const uint32_t dst_g = topo_.group_of_router(dst_router);
      if (src_g != dst_g) {
        group = group_other_than(rng.below(topo_.groups() - 2), src_g, dst_g);
      } else {
        const uint32_t k = rng.below(topo_.groups() - 1);
        group = k < src_g ? k : k + 1;
      }
      r.set_intermediate = group;
    }
    const uint32_t dst_group = topo_.group_of_router(dst_router);
    if (group != dst_group) {
      r.port = static_cast<uint8_t>(port_towards_group(topo_, q.router, group));
      r.nonminimal = q.router == dst_router || r.port != topo_.min_output(q.router, dst_router);
      if (flex_.on()) {
        const DragonflyFlexVc::Hop h =
            flex_.hop(q.router, r.port, group_path(q.router, group, dst_router).tail(), dst_router,
                      flex_.position(q));
        r.vcs = h.vcs;
        r.opportunistic = h.opportunistic;
      }
      return r;
    }
    // FlexVC's escape (below) names the destination group: minimally from here.
  }
  if (q.router == dst_router) {
    r.port = static_cast<uint8_t>(topo_.port_of_node(pkt.dst));
    return r;
  }
  r.port = static_cast<uint8_t>(topo_.min_output(q.router, dst_router));
  r.vcs = flex_.on() ? flex_.minimal(q.router, r.port, dst_router)
                     : vc_bit(static_cast<uint8_t>(pkt.hops(df::kGlobal)));
  return r;
}

// VAL-group's path from `router` (before its global hop) through `group` to `dst_router`: the
// hops to the group and the minimal path from the router its global link lands on.
TypePath ValiantRouting::group_path(uint32_t router, uint32_t group, uint32_t dst_router) const {
  TypePath p;
  for (uint32_t r = router;;) {
    const uint32_t port = port_towards_group(topo_, r, group);
    p.push_back(static_cast<flexvc::LinkType>(topo_.port_class(port)));
    r = topo_.peer(r, port).router;
    if (topo_.port_class(port) == df::kGlobal) {
      p.append(flex_.min_path(r, dst_router));
      return p;
    }
  }
}

RouteResult ValiantRouting::escape(const PortView& q, const Packet& pkt) const {
  RouteResult r = DragonflyRouting::escape(q, pkt);
  if (mode_ == ValiantMode::Group)
    r.set_intermediate = topo_.group_of_router(topo_.router_of_node(pkt.dst));
  return r;
}

}  // namespace netcosim
