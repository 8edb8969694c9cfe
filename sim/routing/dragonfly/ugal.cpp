#include "sim/routing/dragonfly/ugal.h"

#include "sim/routing/dragonfly/paths.h"

namespace netcosim {

SourceAdaptiveRouting::SourceChoice SourceAdaptiveRouting::compare(const PortView& q,
                                                                   const Packet& pkt,
                                                                   uint32_t dst_router) const {
  const uint32_t R = q.router;
  SourceChoice c;
  c.dst_router = dst_router;
  // The Valiant candidate: a hash of the packet's identity (and of the cycle when recomputing).
  uint64_t key = (uint64_t{pkt.src} << 32) | pkt.seq;
  if (p_.recompute) key ^= mix64(q.now + 0x9e37ULL);
  const uint32_t cand = static_cast<uint32_t>(mix64(key) % topo_.routers());
  c.min_port = topo_.min_output(R, dst_router);
  c.min_vc = phase_vc(topo_, c.min_port, pkt);  // phase 0, nothing done yet: the first hop's VC
  if (cand == R || cand == dst_router) return c;
  c.candidate = cand;
  c.val_port = topo_.min_output(R, cand);
  c.val_vc = phase_vc(topo_, c.val_port, pkt);
  const double qmin = sensed_occupancy(q, c.min_port, c.min_vc, p_.per_port);
  const double qval = sensed_occupancy(q, c.val_port, c.val_vc, p_.per_port);
  c.ugal_minimal = ugal_prefers_minimal(qmin, qval, p_.f, p_.t_phits);
  return c;
}

RouteResult SourceAdaptiveRouting::take(const SourceChoice& c, bool minimal) const {
  RouteResult r;
  if (!minimal) {
    r.port = static_cast<uint8_t>(c.val_port);
    r.vc = c.val_vc;
    r.nonminimal = c.val_port != c.min_port;
    r.set_intermediate = c.candidate;
    return r;
  }
  // Minimal: recorded as a Valiant path through the destination router.
  r.port = static_cast<uint8_t>(c.min_port);
  r.vc = c.min_vc;
  r.set_intermediate = c.dst_router;
  return r;
}

RouteResult UgalRouting::route(const PortView& q, const Packet& pkt, Rng& /*rng*/) const {
  return route_source_adaptive(q, pkt, [](const SourceChoice&) { return false; });
}

}  // namespace netcosim
