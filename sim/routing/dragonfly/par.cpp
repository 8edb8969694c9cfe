#include "sim/routing/dragonfly/par.h"

namespace netcosim {

double ParRouting::occupancy(const PortView& q, uint32_t port, uint32_t vc) const {
  // As a fraction of the buffer: PAR's second decision compares a global output (deep buffers)
  // with a local one (shallow buffers); phits would favour misrouting (docs/model.md).
  const PortView& r = q;
  if (r.port_kind(port) == PortKind::Injection) return 0;
  const double cap = r.downstream_capacity(port);
  if (!per_port_) return r.downstream_occupancy(port, vc) / cap;
  const uint32_t vcs = r.vcs(r.port_kind(port));
  double sum = 0;
  for (uint32_t v = 0; v < vcs; ++v) sum += r.downstream_occupancy(port, v);
  return sum / (cap * vcs);
}

// VC by position in l0-l1-g2-l3-l4-g5-l6. `second_global_pending`: the packet is in the
// intermediate group (after its first global hop, before its second).
uint8_t ParRouting::par_vc(uint32_t port, const Packet& pkt, bool second_global_pending) const {
  const bool local_done = (pkt.flags & Packet::kLocalInGroup) != 0;
  if (topo_.port_kind(port) == PortKind::Global) return pkt.hops_global == 0 ? 0 : 1;
  if (topo_.port_kind(port) == PortKind::Injection) return 0;
  if (pkt.hops_global == 0) return local_done ? 1 : 0;
  if (second_global_pending) return local_done ? 3 : 2;
  return 4;
}

RouteResult ParRouting::route(const PortView& q, const Packet& pkt, Rng& /*rng*/) const {
  const uint32_t R = q.router, G = topo_.group_of_router(R);
  const uint32_t dst_router = topo_.router_of_node(pkt.dst), Gd = topo_.group_of_router(dst_router);
  RouteResult r;
  uint8_t phase = pkt.phase;
  if (pkt.intermediate != kNone && phase == 0 && R == pkt.intermediate) {
    phase = 1;
    r.set_phase = 1;
  }
  const bool valiant = pkt.intermediate != kNone;
  if ((!valiant || phase == 1) && R == dst_router) {
    r.port = static_cast<uint8_t>(topo_.port_of_node(pkt.dst));
    return r;
  }
  const auto set_local_flag = [&](RouteResult& res) {
    if (topo_.port_kind(res.port) == PortKind::Global)
      res.clear_flags |= Packet::kLocalInGroup;
    else if (topo_.port_kind(res.port) == PortKind::Local)
      res.set_flags |= Packet::kLocalInGroup;
  };
  // In the intermediate group: after one global hop, on a Valiant path.
  const bool in_intermediate_group = valiant && pkt.hops_global == 1;
  const uint32_t target = valiant && phase == 0 ? pkt.intermediate : dst_router;
  const uint32_t min_port = topo_.min_output(R, target);
  r.port = static_cast<uint8_t>(min_port);
  r.vc = par_vc(min_port, pkt, in_intermediate_group);
  r.nonminimal = valiant && phase == 0 && r.port != topo_.min_output(R, dst_router);

  // Decision points: at injection, and after a minimal local hop in the source group.
  const PortKind in_kind = q.port_kind(q.in_port);
  const bool decide = !valiant && Gd != G &&
                      (in_kind == PortKind::Injection ||
                       (in_kind == PortKind::Local && pkt.hops_local == 1 && pkt.hops_global == 0));
  if (decide && topo_.groups() > 2) {
    // Valiant candidate outside the source and destination groups, from the packet's identity
    // and the decision point (the router), the same in every cycle the packet waits there.
    const uint32_t per_group = topo_.a();
    const uint64_t h = mix64((uint64_t{pkt.src} << 32 | pkt.seq) ^ mix64(R + 1));
    uint32_t g = static_cast<uint32_t>(h % (topo_.groups() - 2));
    const uint32_t Gs = topo_.group_of_node(pkt.src);
    const uint32_t lo = Gs < Gd ? Gs : Gd, hi = Gs < Gd ? Gd : Gs;
    if (g >= lo) ++g;
    if (g >= hi) ++g;
    const uint32_t cand = g * per_group + static_cast<uint32_t>((h >> 32) % per_group);
    const uint32_t val_port = topo_.min_output(R, cand);
    const uint8_t val_vc = par_vc(val_port, pkt, false);
    const double qmin = occupancy(q, min_port, r.vc), qval = occupancy(q, val_port, val_vc);
    const double t = q.port_kind(min_port) == PortKind::Injection
                         ? 0
                         : double(t_) / q.downstream_capacity(min_port);
    if (!(qmin <= f_ * qval + t)) {
      r.port = static_cast<uint8_t>(val_port);
      r.vc = val_vc;
      r.nonminimal = val_port != min_port;
      r.set_intermediate = cand;
    }
  }
  set_local_flag(r);
  return r;
}

}  // namespace netcosim
