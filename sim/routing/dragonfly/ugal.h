// Source-adaptive routing on the Dragonfly (thesis 000 Sec. 1.4.2; Jiang et al.): UGAL-L, and the
// base it shares with PiggyBack (piggyback.h).
// - UGAL-L (Eq. 1.1-1.2): at the source router, route minimally iff Q_MIN <= F * Q_VAL + T, where
//   Q is the occupancy of the first hop's output (downstream buffer, from credits) of the minimal
//   path and of a Valiant path through a random intermediate router; or, with
//   routing.ugal_compare=queue_hops, iff Q_MIN * H_MIN <= Q_VAL * H_VAL + T.
// The decision is taken at the source router and re-evaluated in every cycle the packet waits
// there; once it leaves, the path is fixed: minimal, or Valiant through the candidate with VAL's
// VCs (l0-g1-l2-l3-g4-l5, 4/2; VAL-group's l0-g0-l1-g1-l2, 3/2, when the candidate is a group).
// The candidate (routing.valiant: a router anywhere, a router outside the source group, a router
// of the groups the source router's global links reach, or a group) is a hash of the packet's
// identity (the same every cycle), or of its identity and the cycle with routing.recompute_valiant
// (thesis Ch. 5: a head that is not granted tries another intermediate).
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
  double f = 2;                                       // routing.ugal_f
  uint32_t t_phits = 0;                               // routing.ugal_t * packet.size
  bool per_port = false;                              // routing.sensing=port
  bool recompute = false;                             // routing.recompute_valiant
  bool hops = false;                                  // routing.ugal_compare=queue_hops
  ValiantMode candidate = ValiantMode::Any;           // routing.valiant
  GroupDraw group_draw = GroupDraw::OtherThanSource;  // routing.valiant_group_draw
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
  // VAL's order (VAL-group's for a group candidate): the path is VAL's once it leaves the source
  // router.
  VcOrder vc_order() const override {
    return order_of(p_.candidate == ValiantMode::Group ? "l0-g0-l1-g1-l2" : "l0-g0-l1-l2-g1-l3");
  }

 protected:
  // The first hops of the minimal path and of the Valiant candidate at the source router.
  struct SourceChoice {
    uint32_t dst_router = 0;
    // The candidate: a router, or a group with ValiantMode::Group; kNone: no Valiant candidate.
    uint32_t min_port = 0, val_port = 0, candidate = kNone;
    uint8_t min_vc = 0, val_vc = 0;     // the sensed VCs (under FlexVC the least occupied allowed)
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
  // In transit: the fixed path, VAL's phases through the intermediate set at the source (or
  // VAL-group's path through the group).
  RouteResult in_transit(const PortView& q, const Packet& pkt) const {
    if (p_.candidate == ValiantMode::Group)
      return valiant_group_hop(topo_, flex_, q, pkt, pkt.route.intermediate, RouteResult{});
    return valiant_hop(topo_, flex_, q, pkt, RouteResult{});
  }
  // The candidate for hash `h` of a packet at router R towards dst_router, kNone for none (the
  // minimal path): a router anywhere; a router outside the source group (none for traffic within
  // it); a router of the h groups R's global links reach (CRG, none for traffic within the source
  // group); or an intermediate group drawn as routing.valiant_group_draw says (none for traffic
  // within a group under FOGSim's draw, and when the draw is the destination group, whose path is
  // the minimal one).
  uint32_t candidate_of(uint64_t h, uint32_t R, uint32_t dst_router) const {
    const uint32_t G = topo_.group_of_router(R), Gd = topo_.group_of_router(dst_router);
    switch (p_.candidate) {
      case ValiantMode::Any: {
        const uint32_t c = static_cast<uint32_t>(h % topo_.routers());
        return c == R || c == dst_router ? kNone : c;
      }
      case ValiantMode::OutsideSourceGroup: {
        if (Gd == G) return kNone;
        const uint32_t a = topo_.a();
        const uint32_t k = static_cast<uint32_t>(h % (topo_.routers() - a));
        const uint32_t c = k < G * a ? k : k + a;
        return c == dst_router ? kNone : c;
      }
      case ValiantMode::CurrentRouter: {  // CRG: a router of a group R's global links reach
        if (Gd == G) return kNone;
        const uint32_t c = current_router_intermediate(
            topo_, R, static_cast<uint32_t>(h % (topo_.h() * topo_.a())));
        return c == dst_router ? kNone : c;
      }
      case ValiantMode::Group:
      default: {
        if (p_.group_draw == GroupDraw::CurrentRouter) {  // CRG: a group R's links reach
          if (Gd == G) return kNone;
          const uint32_t gi = topo_.global_target_group(G, topo_.index_in_group(R),
                                                        static_cast<uint32_t>(h % topo_.h()));
          return gi == Gd ? kNone : gi;
        }
        if (p_.group_draw == GroupDraw::OtherThanSource) {
          if (Gd == G) return kNone;
          const uint32_t gi = group_other_than(static_cast<uint32_t>(h % (topo_.groups() - 1)), G);
          return gi == Gd ? kNone : gi;
        }
        if (Gd == G) return group_other_than(static_cast<uint32_t>(h % (topo_.groups() - 1)), G);
        return group_other_than(static_cast<uint32_t>(h % (topo_.groups() - 2)), G, Gd);
      }
    }
  }
  // Router-to-router hops of the Valiant path from R through candidate c to dst_router.
  uint32_t valiant_hops(uint32_t R, uint32_t c, uint32_t dst_router) const {
    uint32_t l = 0, g = 0, hops = 0;
    uint32_t via = c;  // the router the first half ends at
    if (p_.candidate == ValiantMode::Group)
      via = landing_router(topo_, topo_.group_of_router(R), c);
    topo_.min_hops(R, via, l, g);
    hops = l + g;
    topo_.min_hops(via, dst_router, l, g);
    return hops + l + g;
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
  const uint32_t cand = candidate_of(mix64(key), R, dst_router);
  c.min_port = topo_.min_output(R, dst_router);
  c.min_vc = phase_vc(topo_, c.min_port, pkt);  // phase 0, nothing done yet: the first hop's VC
  if (flex_.on()) {  // FlexVC: the sensed VC is the one JSQ would take (least_occupied_vc)
    c.min_vcs = flex_.minimal(R, c.min_port, dst_router, pkt.cls);
    c.min_vc = least_occupied_vc(q, c.min_port, c.min_vcs);
  } else {
    c.min_vcs = vc_bit(c.min_vc);
  }
  if (cand == kNone) return c;
  c.candidate = cand;
  // The first hop's VC is 0 on both paths (nothing done yet), for VAL's and VAL-group's VCs.
  c.val_port = p_.candidate == ValiantMode::Group ? port_towards_group(topo_, R, cand)
                                                  : topo_.min_output(R, cand);
  c.val_vc = phase_vc(topo_, c.val_port, pkt);
  if (flex_.on()) {
    TypePath rest;
    if (p_.candidate == ValiantMode::Group) {
      rest = group_path(topo_, flex_, R, cand, dst_router).tail();
    } else {
      rest = flex_.min_path(R, cand).tail();
      rest.append(flex_.min_path(cand, dst_router));
    }
    const DragonflyFlexVc::Hop h =
        flex_.hop(R, c.val_port, rest, dst_router, -1, pkt.cls);  // at the source
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
    uint32_t l = 0, g = 0;
    topo_.min_hops(R, dst_router, l, g);
    c.ugal_minimal =
        ugal_hops_prefers_minimal(qmin, l + g, qval, valiant_hops(R, cand, dst_router), p_.t_phits);
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
  // Minimal: recorded as a Valiant path through the destination router (VAL-group: through the
  // destination's group).
  r.port = static_cast<uint8_t>(c.min_port);
  r.vcs = c.min_vcs;
  r.set_intermediate =
      p_.candidate == ValiantMode::Group ? topo_.group_of_router(c.dst_router) : c.dst_router;
  return r;
}

class UgalRouting final : public SourceAdaptiveRouting {
 public:
  using SourceAdaptiveRouting::SourceAdaptiveRouting;
  const char* name() const override { return "ugal"; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override;
};

}  // namespace netcosim
