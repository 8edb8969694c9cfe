#include "sim/routing/dragonfly/valiant.h"

#include "sim/routing/dragonfly/paths.h"

namespace netcosim {

RouteResult ValiantRouting::route(const PortView& q, const Packet& pkt, Rng& rng) const {
  RouteResult r;
  Packet view = pkt;  // the packet as it will be once this hop's state changes are applied
  if (view.phase == 0 && view.intermediate == kNone) {
    // At the source router (the packet arrived on an injection port): draw the intermediate.
    view.intermediate = rng.below(topo_.routers());
    r.set_intermediate = view.intermediate;
    r.set_flags |= Packet::kNonminimal;  // VAL's decision: every packet (misrouting metrics)
  }
  return valiant_hop(topo_, q.router, view, r);
}

}  // namespace netcosim
