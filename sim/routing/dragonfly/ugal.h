// Source-adaptive routing on the Dragonfly (thesis 000 Sec. 1.4.2; Jiang et al.): UGAL-L, and the
// base it shares with PiggyBack (piggyback.h).
// - UGAL-L (Eq. 1.1-1.2): at the source router, route minimally iff Q_MIN <= F * Q_VAL + T, where
//   Q is the occupancy of the first hop's output (downstream buffer, from credits) of the minimal
//   path and of a Valiant path through a random intermediate router; or, with
//   routing.ugal_compare=queue_hops, iff Q_MIN * H_MIN <= Q_VAL * H_VAL + T.
// The decision is taken at the source router and re-evaluated in every cycle the packet waits
// there; once it leaves, the path is fixed: minimal, or Valiant through the intermediate router
// with VAL's VCs (l0-g1-l2-l3-g4-l5, 4/2). The Valiant candidate is a hash of the packet's
// identity (the same every cycle), or of its identity and the cycle with routing.recompute_valiant
// (thesis Ch. 5: a head that is not granted tries another intermediate router).
#pragma once

#include "sim/routing/dragonfly/dragonfly_routing.h"
#include "sim/routing/dragonfly/paths.h"

namespace netcosim {

// UGAL's comparison (thesis 000 Sec. 1.4.2, Eq. 1.2): route minimally iff Q_MIN <= F*Q_VAL + T.
// UGAL and PiggyBack compare occupancies in phits, PAR as fractions of the buffer.
inline bool ugal_prefers_minimal(double q_min, double q_val, double f, double t) {
  return q_min <= f * q_val + t;
}

// The comparison weighted by path length (routing.ugal_compare=queue_hops; UGAL as Singh
// proposed it, thesis 000 Sec. 1.4.2): route minimally iff Q_MIN*H_MIN <= Q_VAL*H_VAL + T, with H
// the router-to-router hops of the minimal path and of the Valiant path through the candidate.
inline bool ugal_hops_prefers_minimal(double q_min, uint32_t h_min, double q_val, uint32_t h_val,
                                      double t) {
  return q_min * h_min <= q_val * h_val + t;
}

struct UgalParams {
  double f = 2;            // routing.ugal_f
  uint32_t t_phits = 0;    // routing.ugal_t * packet.size
  bool per_port = false;   // routing.sensing=port
  bool recompute = false;  // routing.recompute_valiant
  bool hops = false;       // routing.ugal_compare=queue_hops
  // routing.mincred (thesis 000 Sec. 5.2.4): the comparison reads minimally routed packets'
  // occupancy only, of the VC or (mincred_per_port) of the port.
  bool mincred = false, mincred_per_port = false;
};

// What UGAL-L and PiggyBack share: the source router's comparison and the fixed path after it.
class SourceAdaptiveRouting : public DragonflyRouting {
 public:
  SourceAdaptiveRouting(const Dragonfly& topo, const UgalParams& p)
      : DragonflyRouting(topo), p_(p) {}
  bool adaptive() const override { return true; }
  // VAL's order: the path is VAL's once it leaves the source router.
  VcOrder vc_order() const override { return order_of("l0-g0-l1-l2-g1-l3"); }

 protected:
  // The first hops of the minimal path and of the Valiant candidate at the source router.
  struct SourceChoice {
    uint32_t dst_router = 0;
    uint32_t min_port = 0, val_port = 0, candidate = kNone;  // kNone: no Valiant candidate
    uint8_t min_vc = 0, val_vc = 0;     // the sensed VCs (under FlexVC the highest allowed)
    uint16_t min_vcs = 1, val_vcs = 1;  // the hops' allowed VCs
    bool val_opportunistic = false;     // FlexVC: the Valiant hop is opportunistic
    bool ugal_minimal = true;           // Eq. 1.2 (true without a candidate)
  };
  // The packet is at its source router and not yet routed there.
  static bool at_source(const PortView& q, const Packet& pkt) {
    return q.port_class(q.in_port) == kInjectionClass && pkt.route.intermediate == kNone;
  }
  // Route at the source, `minimal_vetoed(choice)` telling whether a minimal choice is overruled.
  template <class Veto>
  RouteResult route_source_adaptive(const PortView& q, const Packet& pkt,
                                    Veto minimal_vetoed) const {
    if (!at_source(q, pkt)) return in_transit(q, pkt);
    const uint32_t dst_router = topo_.router_of_node(pkt.dst);
    if (q.router == dst_router) return eject(pkt);
    const SourceChoice c = compare(q, pkt, dst_router);
    return take(c, c.ugal_minimal && !(c.candidate != kNone && minimal_vetoed(c)));
  }
  SourceChoice compare(const PortView& q, const Packet& pkt, uint32_t dst_router) const;
  RouteResult take(const SourceChoice& c, bool minimal) const;
  // In transit: the fixed path, VAL's phases through the intermediate set at the source.
  RouteResult in_transit(const PortView& q, const Packet& pkt) const {
    return valiant_hop(topo_, flex_, q, pkt, RouteResult{});
  }
  RouteResult eject(const Packet& pkt) const {
    RouteResult r;
    r.port = static_cast<uint8_t>(topo_.port_of_node(pkt.dst));
    return r;
  }
  const UgalParams& params() const { return p_; }

 private:
  UgalParams p_;
};

// Inline: PiggyBack and UGAL re-evaluate a waiting head at its source router every cycle.
inline SourceAdaptiveRouting::SourceChoice SourceAdaptiveRouting::compare(
    const PortView& q, const Packet& pkt, uint32_t dst_router) const {
  const uint32_t R = q.router;
  SourceChoice c;
  c.dst_router = dst_router;
  // The Valiant candidate: a hash of the packet's identity (and of the cycle when recomputing).
  uint64_t key = (uint64_t{pkt.src} << 32) | pkt.seq;
  if (p_.recompute) key ^= mix64(q.now + 0x9e37ULL);
  const uint32_t cand = static_cast<uint32_t>(mix64(key) % topo_.routers());
  c.min_port = topo_.min_output(R, dst_router);
  c.min_vc = phase_vc(topo_, c.min_port, pkt);  // phase 0, nothing done yet: the first hop's VC
  if (flex_.on()) {  // FlexVC: the sensed VC is the one JSQ would take (least_occupied_vc)
    c.min_vcs = flex_.minimal(R, c.min_port, dst_router);
    c.min_vc = least_occupied_vc(q, c.min_port, c.min_vcs);
  } else {
    c.min_vcs = vc_bit(c.min_vc);
  }
  if (cand == R || cand == dst_router) return c;
  c.candidate = cand;
  c.val_port = topo_.min_output(R, cand);
  c.val_vc = phase_vc(topo_, c.val_port, pkt);
  if (flex_.on()) {
    TypePath rest = flex_.min_path(R, cand).tail();
    rest.append(flex_.min_path(cand, dst_router));
    const DragonflyFlexVc::Hop h = flex_.hop(R, c.val_port, rest, dst_router, -1);  // at the source
    c.val_vcs = h.vcs;
    c.val_opportunistic = h.opportunistic;
    c.val_vc = least_occupied_vc(q, c.val_port, c.val_vcs);
  } else {
    c.val_vcs = vc_bit(c.val_vc);
  }
  const auto sensed = [&](uint32_t port, uint32_t vc) -> double {
    return p_.mincred ? sensed_min_occupancy(q, port, vc, p_.mincred_per_port)
                      : sensed_occupancy(q, port, vc, p_.per_port);
  };
  const double qmin = sensed(c.min_port, c.min_vc);
  const double qval = sensed(c.val_port, c.val_vc);
  if (p_.hops) {
    uint32_t l = 0, g = 0, h_min = 0, h_val = 0;
    topo_.min_hops(R, dst_router, l, g);
    h_min = l + g;
    topo_.min_hops(R, cand, l, g);
    h_val = l + g;
    topo_.min_hops(cand, dst_router, l, g);
    h_val += l + g;
    c.ugal_minimal = ugal_hops_prefers_minimal(qmin, h_min, qval, h_val, p_.t_phits);
  } else {
    c.ugal_minimal = ugal_prefers_minimal(qmin, qval, p_.f, p_.t_phits);
  }
  return c;
}

inline RouteResult SourceAdaptiveRouting::take(const SourceChoice& c, bool minimal) const {
  RouteResult r;
  if (!minimal) {
    r.port = static_cast<uint8_t>(c.val_port);
    r.vcs = c.val_vcs;
    r.opportunistic = c.val_opportunistic;
    r.nonminimal = c.val_port != c.min_port;
    r.set_intermediate = c.candidate;
    r.nonminimal_decision = true;  // the Valiant decision (misrouting metrics)
    return r;
  }
  // Minimal: recorded as a Valiant path through the destination router.
  r.port = static_cast<uint8_t>(c.min_port);
  r.vcs = c.min_vcs;
  r.set_intermediate = c.dst_router;
  return r;
}

class UgalRouting final : public SourceAdaptiveRouting {
 public:
  using SourceAdaptiveRouting::SourceAdaptiveRouting;
  const char* name() const override { return "ugal"; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override;
};

}  // namespace netcosim
