#include "sim/routing/dragonfly/olm.h"

#include <cassert>

namespace netcosim {

uint8_t OlmRouting::vc_of(const PortView& q, uint32_t out_port, bool nonminimal_local) const {
  const PortKind in = q.port_kind(q.in_port), out = topo_.port_kind(out_port);
  if (out == PortKind::Injection || in == PortKind::Injection) return 0;
  if (out == PortKind::Local && nonminimal_local) return static_cast<uint8_t>(q.in_vc);
  if (in == PortKind::Local && out == PortKind::Global) return static_cast<uint8_t>(q.in_vc);
  return static_cast<uint8_t>(q.in_vc + 1);
}

uint32_t OlmRouting::port_towards_group(uint32_t router, uint32_t target) const {
  const uint32_t G = topo_.group_of_router(router), A = topo_.index_in_group(router);
  const uint32_t j = topo_.global_link_index(G, target);
  const uint32_t Ag = j / topo_.h();
  return Ag == A ? topo_.first_global_port() + j % topo_.h() : topo_.local_port(A, Ag);
}

namespace {
double occupancy(const PortView& r, uint32_t port, uint32_t vc) {
  if (r.port_kind(port) == PortKind::Injection) return 0;  // ejection: the node always accepts
  return double(r.downstream_occupancy(port, vc)) / double(r.downstream_capacity(port));
}
}  // namespace

// FOGSim's credit rule (misrouteCondition, CGA): the minimal output's occupancy is at least
// routing.credit_min_occupancy % of its buffer (th_min, 0 by default) and it cannot take the packet
// now (no credits for a whole packet in its VC, or its output FIFO full: the link is busy).
bool OlmRouting::credit_congested(const PortView& q, uint32_t port, uint32_t vc) const {
  if (q.output_can_take(port, vc)) return false;
  return credit_min_fraction_ == 0 || occupancy(q, port, vc) >= credit_min_fraction_;
}

bool OlmRouting::min_congested(const PortView& q, uint32_t port, uint32_t vc) const {
  switch (trigger_) {
    case MisrouteTrigger::Contention:
    case MisrouteTrigger::Ectn:
      return q.contention().over(port, threshold_);
    case MisrouteTrigger::Filtered:
      return q.contention().filtered_over(port, threshold_);
    case MisrouteTrigger::Hybrid:
      return q.contention().over(port, threshold_) || credit_congested(q, port, vc);
    case MisrouteTrigger::Credit:
      break;
  }
  return credit_congested(q, port, vc);
}

bool OlmRouting::candidate_ok(const PortView& q, uint32_t port, uint32_t vc, uint32_t min_port,
                              uint32_t min_vc) const {
  if (!q.output_can_take(port, vc)) return false;
  // Base, and ECtN after injection (seed 001 Sec. IV-A: "for subsequent hops, the original
  // counters from Base are used"): candidates whose counter is below the threshold.
  if (trigger_ == MisrouteTrigger::Contention || trigger_ == MisrouteTrigger::Ectn)
    return !q.contention().over(port, threshold_);
  if (trigger_ == MisrouteTrigger::Filtered) return !q.contention().filtered_over(port, threshold_);
  if (trigger_ == MisrouteTrigger::Hybrid && q.contention().over(min_port, threshold_))
    return !q.contention().over(port, threshold_);  // the contention condition fired
  // Credit condition: occupancy below credit_threshold % of the minimal output's.
  return occupancy(q, port, vc) < credit_fraction_ * occupancy(q, min_port, min_vc);
}

RouteResult OlmRouting::route(const PortView& q, const Packet& pkt, Rng& rng) const {
  const uint32_t R = q.router, G = topo_.group_of_router(R), A = topo_.index_in_group(R);
  const uint32_t dst_router = topo_.router_of_node(pkt.dst), Gd = topo_.group_of_router(dst_router);
  const uint32_t Gs = topo_.group_of_node(pkt.src);
  RouteResult r;
  bool to_intermediate =
      pkt.intermediate != kNone && (pkt.flags & Packet::kReachedIntermediate) == 0;
  if (to_intermediate && G == pkt.intermediate) {
    to_intermediate = false;
    r.set_flags |= Packet::kReachedIntermediate;
  }
  if (!to_intermediate && R == dst_router) {
    r.port = static_cast<uint8_t>(topo_.port_of_node(pkt.dst));
    return r;
  }
  const uint32_t min_port =
      to_intermediate ? port_towards_group(R, pkt.intermediate) : topo_.min_output(R, dst_router);
  const uint32_t min_vc = vc_of(q, min_port, false);
  r.port = static_cast<uint8_t>(min_port);
  r.vc = min_vc;
  const auto finish = [&](RouteResult& res) -> RouteResult {
    if (topo_.port_kind(res.port) == PortKind::Global)
      res.clear_flags |= Packet::kLocalMisroutedInGroup;  // a new group starts
    return res;
  };

  // Global misrouting: in the source group, towards another group, at injection or after a
  // minimal local hop, before any other misrouting.
  const PortKind in_kind = q.port_kind(q.in_port);
  const bool at_injection = in_kind == PortKind::Injection;
  const bool after_min_local = in_kind == PortKind::Local && pkt.hops_local == 1 &&
                               pkt.hops_global == 0 && (pkt.flags & Packet::kMisrouted) == 0;
  // ECtN: misrouting at injection from the group's combined counters (CRG-like candidates).
  if (trigger_ == MisrouteTrigger::Ectn && at_injection && pkt.intermediate == kNone && Gd != G &&
      q.ectn_combined(Gd) >= ectn_threshold_) {
    uint32_t cand[64], n = 0;
    for (uint32_t k = 0; k < topo_.h(); ++k) {
      const uint32_t X = topo_.global_target_group(G, A, k), port = topo_.first_global_port() + k;
      if (X == Gd || q.ectn_combined(X) >= ectn_threshold_) continue;
      if (q.output_can_take(port, vc_of(q, port, false))) cand[n++] = k;
    }
    if (n > 0) {
      const uint32_t k = cand[n == 1 ? 0 : rng.below(n)];
      r.port = static_cast<uint8_t>(topo_.first_global_port() + k);
      r.vc = vc_of(q, r.port, false);
      r.nonminimal = true;
      r.set_intermediate = topo_.global_target_group(G, A, k);
      return finish(r);
    }
  }
  if (pkt.intermediate == kNone && G == Gs && Gd != G && (at_injection || after_min_local) &&
      min_congested(q, min_port, min_vc)) {
    GlobalPolicy policy = policy_;
    if (policy == GlobalPolicy::Mm) policy = at_injection ? GlobalPolicy::Crg : GlobalPolicy::Nrg;
    uint32_t cand_port[64], cand_group[64];
    uint32_t n = 0;
    auto consider = [&](uint32_t port, uint32_t group) {
      if (group == Gd || group == G) return;
      const bool local = topo_.port_kind(port) == PortKind::Local;
      if (candidate_ok(q, port, vc_of(q, port, local), min_port, min_vc)) {
        cand_port[n] = port;
        cand_group[n] = group;
        ++n;
      }
    };
    if (policy == GlobalPolicy::Crg) {
      for (uint32_t k = 0; k < topo_.h(); ++k)
        consider(topo_.first_global_port() + k, topo_.global_target_group(G, A, k));
    } else if (policy == GlobalPolicy::Nrg) {
      for (uint32_t A2 = 0; A2 < topo_.a(); ++A2) {
        if (A2 == A) continue;
        const uint32_t k = rng.below(topo_.h());
        consider(topo_.local_port(A, A2), topo_.global_target_group(G, A2, k));
      }
    } else {  // RRG: one random group other than the source and destination groups
      if (topo_.groups() > 2) {
        uint32_t g = rng.below(topo_.groups() - 2);
        const uint32_t lo = G < Gd ? G : Gd, hi = G < Gd ? Gd : G;
        if (g >= lo) ++g;
        if (g >= hi) ++g;
        consider(port_towards_group(R, g), g);
      }
    }
    if (n > 0) {
      const uint32_t c = n == 1 ? 0 : rng.below(n);
      const bool local = topo_.port_kind(cand_port[c]) == PortKind::Local;
      r.port = static_cast<uint8_t>(cand_port[c]);
      r.vc = vc_of(q, cand_port[c], local);
      r.nonminimal = true;
      r.set_intermediate = cand_group[c];
      if (local) r.set_flags |= Packet::kLocalMisroutedInGroup;
      return finish(r);
    }
    return finish(r);
  }

  // Opportunistic local misrouting: one nonminimal local hop per group, outside the source group
  // (or for traffic that stays in its group).
  if (topo_.port_kind(min_port) == PortKind::Local &&
      (pkt.flags & Packet::kLocalMisroutedInGroup) == 0 && (G != Gs || Gd == G) &&
      min_congested(q, min_port, min_vc)) {
    const uint32_t target_A = topo_.local_neighbor(A, min_port);
    uint32_t cand[64];
    uint32_t n = 0;
    for (uint32_t A2 = 0; A2 < topo_.a(); ++A2) {
      if (A2 == A || A2 == target_A) continue;
      const uint32_t port = topo_.local_port(A, A2);
      if (candidate_ok(q, port, vc_of(q, port, true), min_port, min_vc)) cand[n++] = port;
    }
    if (n > 0) {
      const uint32_t port = cand[n == 1 ? 0 : rng.below(n)];
      r.port = static_cast<uint8_t>(port);
      r.vc = vc_of(q, port, true);
      r.nonminimal = true;
      r.set_flags |= Packet::kLocalMisroutedInGroup;
    }
  }
  return finish(r);
}

}  // namespace netcosim
