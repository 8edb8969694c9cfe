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
      } else if (mode_ == ValiantMode::CurrentRouter) {  // CRG: a router of a group R's links reach
        view.route.intermediate =
            current_router_intermediate(topo_, q.router, rng.below(topo_.h() * a));
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

// VAL-group: minimally to the intermediate group (before the first global hop), then minimally
// to the destination (valiant_group_hop, paths.h). The group is drawn at the source router, from
// the router's stream, as draw_ says; traffic within a group draws nothing under
// OtherThanSource (the minimal path).
RouteResult ValiantRouting::route_group(const PortView& q, const Packet& pkt, Rng& rng) const {
  RouteResult r;
  uint32_t group = pkt.route.intermediate;
  if (group == kNone && pkt.hops(df::kGlobal) == 0) {  // at the source router
    const uint32_t src_g = topo_.group_of_router(q.router);
    const uint32_t dst_g = topo_.group_of_node(pkt.dst);
    if (draw_ == GroupDraw::OtherThanSource) {
      group = src_g == dst_g ? src_g : group_other_than(rng.below(topo_.groups() - 1), src_g);
    } else if (draw_ == GroupDraw::CurrentRouter) {
      group = src_g == dst_g ? src_g
                             : topo_.global_target_group(src_g, topo_.index_in_group(q.router),
                                                         rng.below(topo_.h()));
    } else if (src_g != dst_g) {
      group = group_other_than(rng.below(topo_.groups() - 2), src_g, dst_g);
    } else {
      group = group_other_than(rng.below(topo_.groups() - 1), src_g);
    }
    r.set_intermediate = group;
    r.nonminimal_decision = group != src_g;  // VAL's decision (misrouting metrics)
  }
  return valiant_group_hop(topo_, flex_, q, pkt, group, r);
}

RouteResult ValiantRouting::escape(const PortView& q, const Packet& pkt) const {
  RouteResult r = DragonflyRouting::escape(q, pkt);
  if (mode_ == ValiantMode::Group) r.set_intermediate = topo_.group_of_node(pkt.dst);
  return r;
}

}  // namespace netcosim
