#include "sim/routing/dragonfly/valiant.h"

#include "sim/routing/dragonfly/paths.h"

namespace netcosim {

RouteResult valiant_hop(const Dragonfly& topo, uint32_t router, Packet view, RouteResult r) {
  const uint32_t dst_router = topo.router_of_node(view.dst);
  if (view.phase == 0 && router == view.intermediate) {
    view.phase = 1;
    view.flags &= static_cast<uint8_t>(~Packet::kGlobalDoneInPhase);
    r.set_phase = 1;
  }
  if (view.phase == 1 && router == dst_router) {
    r.port = static_cast<uint8_t>(topo.port_of_node(view.dst));
    return r;
  }
  const uint32_t target = view.phase == 0 ? view.intermediate : dst_router;
  r.port = static_cast<uint8_t>(topo.min_output(router, target));
  r.vc = phase_vc(topo, r.port, view);
  r.nonminimal =
      view.phase == 0 && (router == dst_router || r.port != topo.min_output(router, dst_router));
  return r;
}

RouteResult ValiantRouting::route(const PortView& q, const Packet& pkt, Rng& rng) const {
  RouteResult r;
  Packet view = pkt;  // the packet as it will be once this hop's state changes are applied
  if (view.phase == 0 && view.intermediate == kNone) {
    // At the source router (the packet arrived on an injection port): draw the intermediate.
    view.intermediate = rng.below(topo_.routers());
    r.set_intermediate = view.intermediate;
  }
  return valiant_hop(topo_, q.router, view, r);
}

}  // namespace netcosim
