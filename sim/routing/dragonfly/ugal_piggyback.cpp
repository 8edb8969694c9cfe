#include "sim/routing/dragonfly/ugal_piggyback.h"

namespace netcosim {

double SourceAdaptiveRouting::occupancy(const PortView& q, uint32_t port, uint32_t vc) const {
  const PortView& r = q;
  if (r.port_kind(port) == PortKind::Injection) return 0;  // ejection: never congested
  if (!per_port_) return r.downstream_occupancy(port, vc);
  // Per port: the occupancy summed over the port's VCs (thesis Sec. 5.2.4).
  const uint32_t vcs = r.vcs(r.port_kind(port));
  double sum = 0;
  for (uint32_t v = 0; v < vcs; ++v) sum += r.downstream_occupancy(port, v);
  return sum;
}

RouteResult SourceAdaptiveRouting::route(const PortView& q, const Packet& pkt, Rng& /*rng*/) const {
  const uint32_t R = q.router;
  const uint32_t dst_router = topo_.router_of_node(pkt.dst);
  RouteResult r;
  const bool at_source = q.port_kind(q.in_port) == PortKind::Injection;
  if (at_source && pkt.intermediate == kNone) {
    if (R == dst_router) {
      r.port = static_cast<uint8_t>(topo_.port_of_node(pkt.dst));
      return r;
    }
    // The Valiant candidate: a hash of the packet's identity (and of the cycle when recomputing).
    uint64_t key = (uint64_t{pkt.src} << 32) | pkt.seq;
    if (recompute_) key ^= mix64(q.now + 0x9e37ULL);
    const uint32_t cand = static_cast<uint32_t>(mix64(key) % topo_.routers());
    const uint32_t min_port = topo_.min_output(R, dst_router);
    Packet probe = pkt;  // phase 0, nothing done yet: the VCs of the first hop
    const uint8_t min_vc = vc_for(min_port, probe);
    bool minimal = true;
    if (cand != R && cand != dst_router) {
      const uint32_t val_port = topo_.min_output(R, cand);
      const uint8_t val_vc = vc_for(val_port, probe);
      const double qmin = occupancy(q, min_port, min_vc), qval = occupancy(q, val_port, val_vc);
      minimal = qmin <= f_ * qval + t_;
      if (minimal && kind_ == Kind::PiggyBack &&
          topo_.group_of_router(dst_router) != topo_.group_of_router(R)) {
        // The saturation bit of the group's minimal global link towards the destination group.
        const uint32_t G = topo_.group_of_router(R), Gd = topo_.group_of_router(dst_router);
        const uint32_t j = topo_.global_link_index(G, Gd);
        const uint64_t mask = q.peer_saturation(j / topo_.h());
        if ((mask >> (j % topo_.h())) & 1u) minimal = false;
      }
      if (!minimal) {
        r.port = static_cast<uint8_t>(val_port);
        r.vc = val_vc;
        r.nonminimal = val_port != min_port;
        r.set_intermediate = cand;
        return r;
      }
    }
    // Minimal: recorded as a Valiant path through the destination router.
    r.port = static_cast<uint8_t>(min_port);
    r.vc = min_vc;
    r.set_intermediate = dst_router;
    return r;
  }
  // In transit: the fixed path (VAL's phases; the intermediate is set at the source).
  uint8_t phase = pkt.phase;
  Packet view = pkt;
  if (phase == 0 && R == pkt.intermediate) {
    phase = 1;
    view.phase = 1;
    view.flags &= static_cast<uint8_t>(~Packet::kGlobalDoneInPhase);
    r.set_phase = 1;
  }
  if (phase == 1 && R == dst_router) {
    r.port = static_cast<uint8_t>(topo_.port_of_node(pkt.dst));
    return r;
  }
  const uint32_t target = phase == 0 ? pkt.intermediate : dst_router;
  r.port = static_cast<uint8_t>(topo_.min_output(R, target));
  r.vc = vc_for(r.port, view);
  r.nonminimal = phase == 0 && (R == dst_router || r.port != topo_.min_output(R, dst_router));
  return r;
}

}  // namespace netcosim
