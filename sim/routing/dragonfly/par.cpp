#include "sim/routing/dragonfly/par.h"

#include "sim/routing/dragonfly/paths.h"
#include "sim/routing/dragonfly/ugal.h"

namespace netcosim {

double ParRouting::occupancy(const PortView& q, uint32_t port, uint32_t vc) const {
  // As a fraction of the buffer: PAR's second decision compares a global output (deep buffers)
  // with a local one (shallow buffers); phits would favour misrouting (docs/model.md).
  if (q.port_class(port) == kInjectionClass) return 0;
  const double cap = q.downstream_capacity(port);
  const double occ = sensed_occupancy(q, port, vc, per_port_);
  return per_port_ ? occ / (cap * q.vcs(q.port_class(port))) : occ / cap;
}

// VC by position in l0-l1-g2-l3-l4-g5-l6. `second_global_pending`: the packet is in the
// intermediate group (after its first global hop, before its second).
uint8_t ParRouting::par_vc(uint32_t port, const Packet& pkt, bool second_global_pending) const {
  const bool local_done = (pkt.route.flags & Packet::kLocalInGroup) != 0;
  if (topo_.port_class(port) == df::kGlobal) return pkt.hops(df::kGlobal) == 0 ? 0 : 1;
  if (topo_.port_class(port) == kInjectionClass) return 0;
  if (pkt.hops(df::kGlobal) == 0) return local_done ? 1 : 0;
  if (second_global_pending) return local_done ? 3 : 2;
  return 4;
}

void ParRouting::decide(const PortView& q, const Packet& pkt, uint32_t Gd, RouteResult& r) const {
  const uint32_t R = q.router, min_port = r.port;
  // Valiant candidate outside the source and destination groups, from the packet's identity
  // and the decision point (the router), the same in every cycle the packet waits there.
  const uint32_t per_group = topo_.a();
  const uint64_t h = mix64((uint64_t{pkt.src} << 32 | pkt.seq) ^ mix64(R + 1));
  const uint32_t g = group_other_than(static_cast<uint32_t>(h % (topo_.groups() - 2)),
                                      topo_.group_of_node(pkt.src), Gd);
  const uint32_t cand = g * per_group + static_cast<uint32_t>((h >> 32) % per_group);
  const uint32_t val_port = topo_.min_output(R, cand);
  const uint8_t val_vc = par_vc(val_port, pkt, false);
  const double qmin = occupancy(q, min_port, r.lowest_vc()), qval = occupancy(q, val_port, val_vc);
  const double t =
      q.port_class(min_port) == kInjectionClass ? 0 : double(t_) / q.downstream_capacity(min_port);
  if (!ugal_prefers_minimal(qmin, qval, f_, t)) {
    r.port = static_cast<uint8_t>(val_port);
    r.vcs = vc_bit(val_vc);
    r.nonminimal = val_port != min_port;
    r.set_intermediate = cand;
    r.nonminimal_decision = true;  // the Valiant decision (misrouting metrics)
  }
}

RouteResult ParRouting::route(const PortView& q, const Packet& pkt, Rng& /*rng*/) const {
  const uint32_t R = q.router, G = topo_.group_of_router(R);
  const uint32_t dst_router = topo_.router_of_node(pkt.dst), Gd = topo_.group_of_router(dst_router);
  RouteResult r;
  uint8_t phase = pkt.route.phase;
  if (pkt.route.intermediate != kNone && phase == 0 && R == pkt.route.intermediate) {
    phase = 1;
    r.set_phase = 1;
  }
  const bool valiant = pkt.route.intermediate != kNone;
  if ((!valiant || phase == 1) && R == dst_router) {
    r.port = static_cast<uint8_t>(topo_.port_of_node(pkt.dst));
    return r;
  }
  // In the intermediate group: after one global hop, on a Valiant path.
  const bool in_intermediate_group = valiant && pkt.hops(df::kGlobal) == 1;
  const uint32_t target = valiant && phase == 0 ? pkt.route.intermediate : dst_router;
  const uint32_t min_port = topo_.min_output(R, target);
  r.port = static_cast<uint8_t>(min_port);
  r.vcs = vc_bit(par_vc(min_port, pkt, in_intermediate_group));
  r.nonminimal = valiant && phase == 0 && r.port != topo_.min_output(R, dst_router);

  // Decision points: at injection, and after a minimal local hop in the source group.
  const PortClass in_kind = q.port_class(q.in_port);
  const bool decide_here =
      !valiant && Gd != G &&
      (in_kind == kInjectionClass ||
       (in_kind == df::kLocal && pkt.hops(df::kLocal) == 1 && pkt.hops(df::kGlobal) == 0));
  if (decide_here && topo_.groups() > 2) decide(q, pkt, Gd, r);
  // The local hop flag of the VC positions: set by a local hop, cleared by a global one.
  if (topo_.port_class(r.port) == df::kGlobal)
    r.clear_flags |= Packet::kLocalInGroup;
  else if (topo_.port_class(r.port) == df::kLocal)
    r.set_flags |= Packet::kLocalInGroup;
  return r;
}

}  // namespace netcosim
