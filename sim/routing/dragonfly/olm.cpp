#include "sim/routing/dragonfly/olm.h"

#include "sim/routing/dragonfly/paths.h"

namespace netcosim {

template <class Trigger>
struct OlmRouting<Trigger>::Hop {
  const Packet& pkt;
  uint32_t R, G, A;         // the current router, its group and index in the group
  uint32_t dst_router, Gd;  // the destination router and group
  uint32_t Gs;              // the source group
  PortClass in_kind;
  uint32_t min_port;
  uint8_t min_vc;    // the minimal output's VC the trigger senses
  uint16_t min_vcs;  // the minimal hop's VCs (one under the baseline)
  bool min_opp;      // FlexVC: the minimal hop is opportunistic
};

template <class Trigger>
DragonflyFlexVc::Hop OlmRouting<Trigger>::flex_route(const PortView& q, const Packet& pkt,
                                                     uint32_t port, uint32_t group) const {
  const uint32_t dst_router = topo_.router_of_node(pkt.dst);
  const uint32_t next = topo_.peer(q.router, port).router;
  const TypePath rest = group != kNone && topo_.group_of_router(next) != group
                            ? group_path(topo_, flex_, next, group, dst_router)
                            : flex_.min_path(next, dst_router);
  return flex_.hop(q.router, port, rest, dst_router, flex_.position(q), pkt.cls);
}

template <class Trigger>
inline typename OlmRouting<Trigger>::Candidate OlmRouting<Trigger>::candidate(
    const PortView& q, const Packet& pkt, uint32_t port, bool nonminimal_local,
    uint32_t group) const {
  if (!flex_.on()) {
    const uint8_t vc = vc_of(q, port, nonminimal_local);
    return {vc_bit(vc), false, vc};
  }
  const DragonflyFlexVc::Hop f = flex_route(q, pkt, port, group);
  // A trigger that senses one VC (credit, hybrid) senses the one of the set JSQ would take, as
  // UGAL and PiggyBack under FlexVC (FOGSim's olm::enroute senses the VC its VC manager's
  // nextChannel picks; thesis 000 Sec. 5.3.4, Fig. 5.14; docs/model.md §4.6). The port triggers
  // ignore it.
  if constexpr (Trigger::kSensesVc)
    return {f.vcs, f.opportunistic, least_occupied_vc(q, port, f.vcs)};
  return {f.vcs, f.opportunistic, static_cast<uint8_t>(f.vcs != 0 ? __builtin_ctz(f.vcs) : 0)};
}

template <class Trigger>
inline bool OlmRouting<Trigger>::can_take(const PortView& q, uint32_t port,
                                          const Candidate& c) const {
  if (!flex_.on()) return q.output_can_take(port, c.vc);
  for (uint32_t m = c.vcs; m != 0; m &= m - 1)
    if (q.output_can_take(port, static_cast<uint32_t>(__builtin_ctz(m)))) return true;
  return false;
}

template <class Trigger>
uint8_t OlmRouting<Trigger>::vc_of(const PortView& q, uint32_t out_port,
                                   bool nonminimal_local) const {
  const PortClass in = q.port_class(q.in_port), out = topo_.port_class(out_port);
  if (out == kInjectionClass || in == kInjectionClass) return 0;
  if (out == df::kLocal && nonminimal_local) return static_cast<uint8_t>(q.in_vc);
  if (in == df::kLocal && out == df::kGlobal) return static_cast<uint8_t>(q.in_vc);
  return static_cast<uint8_t>(q.in_vc + 1);
}

// At injection, when the trigger sees the destination group congested (ECtN): a global link of
// this router towards a group it does not see congested. Returns true if `r` misroutes.
template <class Trigger>
bool OlmRouting<Trigger>::group_misroute(const PortView& q, const Hop& h, Rng& rng,
                                         RouteResult& r) const {
  if (h.in_kind != kInjectionClass || h.pkt.route.intermediate != kNone || h.Gd == h.G ||
      !trigger_.group_congested(q, h.Gd))
    return false;
  uint32_t cand[GlobalMisroutePolicy::kMaxCandidates], n = 0;
  for (uint32_t k = 0; k < topo_.h(); ++k) {
    const uint32_t X = topo_.global_target_group(h.G, h.A, k), port = topo_.first_global_port() + k;
    if (X == h.Gd || trigger_.group_congested(q, X)) continue;
    if (can_take(q, port, candidate(q, h.pkt, port, false, X))) cand[n++] = k;
  }
  if (n == 0) return false;
  const uint32_t k = cand[n == 1 ? 0 : rng.below(n)];
  r.port = static_cast<uint8_t>(topo_.first_global_port() + k);
  r.set_intermediate = topo_.global_target_group(h.G, h.A, k);
  const Candidate c = candidate(q, h.pkt, r.port, false, r.set_intermediate);
  r.vcs = c.vcs;
  r.opportunistic = c.opportunistic;
  r.nonminimal = true;
  r.nonminimal_decision = true;  // a misrouting decision (misrouting metrics)
  return true;
}

// The global policy's candidates that lead to neither this nor the destination group, can take
// the packet now and that the trigger accepts; one of them at random, or stay minimal. With
// routing.credit_candidates=one_random, one candidate of the policy is drawn first and only it is
// tested (FOGSim 5's olm::nominateCandidates; drawing one that leads to this or the destination
// group ends the attempt as FOGSim's drawing the minimal port does).
template <class Trigger>
void OlmRouting<Trigger>::global_misroute(const PortView& q, const Hop& h, Rng& rng,
                                          RouteResult& r) const {
  GlobalCandidate all[GlobalMisroutePolicy::kMaxCandidates];
  uint8_t ok[GlobalMisroutePolicy::kMaxCandidates];  // indices into `all`
  const GlobalMisrouteAt at{h.R, h.G, h.A, h.Gd, h.in_kind == kInjectionClass};
  uint32_t total = policy_->candidates(topo_, at, rng, all), first = 0;
  if (trigger_.one_random_candidate() && total > 1) {
    first = rng.below(total);
    total = first + 1;
  }
  uint32_t n = 0;
  for (uint32_t i = first; i < total; ++i) {
    if (all[i].group == h.Gd || all[i].group == h.G) continue;
    const uint32_t port = all[i].port;
    const Candidate c =
        candidate(q, h.pkt, port, topo_.port_class(port) == df::kLocal, all[i].group);
    if (can_take(q, port, c) && trigger_.candidate_ok(q, port, c.vc, h.min_port, h.min_vc))
      ok[n++] = static_cast<uint8_t>(i);
  }
  if (n == 0) return;
  const GlobalCandidate& c = all[ok[n == 1 ? 0 : rng.below(n)]];
  const bool local = topo_.port_class(c.port) == df::kLocal;
  r.port = static_cast<uint8_t>(c.port);
  const Candidate chosen = candidate(q, h.pkt, c.port, local, c.group);
  r.vcs = chosen.vcs;
  r.opportunistic = chosen.opportunistic;
  r.nonminimal = true;
  r.nonminimal_decision = true;  // a misrouting decision (misrouting metrics)
  r.set_intermediate = c.group;
  if (local) r.set_flags |= Packet::kLocalMisroutedInGroup;
}

// One opportunistic nonminimal local hop: a random other neighbour of the group that can take
// the packet now and that the trigger accepts. With routing.credit_candidates=one_random, one of
// the a-1 neighbours is drawn first, the minimal one included (FOGSim 5's olm::nominateCandidates
// draws among all local ports), and only it is tested.
template <class Trigger>
void OlmRouting<Trigger>::local_misroute(const PortView& q, const Hop& h, Rng& rng,
                                         RouteResult& r) const {
  const uint32_t target_A = topo_.local_neighbor(h.A, h.min_port);
  uint32_t from = 0, to = topo_.a();
  if (trigger_.one_random_candidate() && topo_.a() > 2) {
    from = rng.below(topo_.a() - 1);
    if (from >= h.A) ++from;  // the a-1 neighbours, skipping this router
    to = from + 1;
  }
  uint32_t cand[GlobalMisroutePolicy::kMaxCandidates], n = 0;
  for (uint32_t A2 = from; A2 < to; ++A2) {
    if (A2 == h.A || A2 == target_A) continue;
    const uint32_t port = topo_.local_port(h.A, A2);
    const Candidate c = candidate(q, h.pkt, port, true, kNone);
    if (can_take(q, port, c) && trigger_.candidate_ok(q, port, c.vc, h.min_port, h.min_vc))
      cand[n++] = port;
  }
  if (n == 0) return;
  const uint32_t port = cand[n == 1 ? 0 : rng.below(n)];
  r.port = static_cast<uint8_t>(port);
  const Candidate c = candidate(q, h.pkt, port, true, kNone);
  r.vcs = c.vcs;
  r.opportunistic = c.opportunistic;
  r.nonminimal = true;
  r.nonminimal_decision = true;  // a misrouting decision (misrouting metrics)
  r.set_flags |= Packet::kLocalMisroutedInGroup;
}

template <class Trigger>
inline typename OlmRouting<Trigger>::Hop OlmRouting<Trigger>::hop(const PortView& q,
                                                                  const Packet& pkt,
                                                                  bool to_intermediate) const {
  const uint32_t R = q.router, dst_router = topo_.router_of_node(pkt.dst);
  const uint32_t min_port = to_intermediate ? port_towards_group(topo_, R, pkt.route.intermediate)
                                            : topo_.min_output(R, dst_router);
  const Candidate m =
      candidate(q, pkt, min_port, false, to_intermediate ? pkt.route.intermediate : kNone);
  return Hop{pkt,
             R,
             topo_.group_of_router(R),
             topo_.index_in_group(R),
             dst_router,
             topo_.group_of_router(dst_router),
             topo_.group_of_node(pkt.src),
             q.port_class(q.in_port),
             min_port,
             m.vc,
             m.vcs,
             m.opportunistic};
}

// Global misrouting: in the source group, towards another group, at injection or after a minimal
// local hop, before any other misrouting.
template <class Trigger>
inline bool OlmRouting<Trigger>::may_misroute_globally(const Hop& h) {
  const Packet& p = h.pkt;
  const bool after_min_local = h.in_kind == df::kLocal && p.hops(df::kLocal) == 1 &&
                               p.hops(df::kGlobal) == 0 && (p.marks & Packet::kMisrouted) == 0;
  return p.route.intermediate == kNone && h.G == h.Gs && h.Gd != h.G &&
         (h.in_kind == kInjectionClass || after_min_local);
}

// Opportunistic local misrouting: once per group, outside the source group (or for traffic that
// stays in its group), when the minimal hop is local.
template <class Trigger>
inline bool OlmRouting<Trigger>::may_misroute_locally(const Hop& h) const {
  return topo_.port_class(h.min_port) == df::kLocal &&
         (h.pkt.route.flags & Packet::kLocalMisroutedInGroup) == 0 && (h.G != h.Gs || h.Gd == h.G);
}

template <class Trigger>
RouteResult OlmRouting<Trigger>::route(const PortView& q, const Packet& pkt, Rng& rng) const {
  RouteResult r;
  bool to_intermediate =
      pkt.route.intermediate != kNone && (pkt.route.flags & Packet::kReachedIntermediate) == 0;
  if (to_intermediate && topo_.group_of_router(q.router) == pkt.route.intermediate) {
    to_intermediate = false;
    r.set_flags |= Packet::kReachedIntermediate;
  }
  if (!to_intermediate && q.router == topo_.router_of_node(pkt.dst)) {
    r.port = static_cast<uint8_t>(topo_.port_of_node(pkt.dst));
    return r;
  }
  const Hop h = hop(q, pkt, to_intermediate);
  r.port = static_cast<uint8_t>(h.min_port);
  r.vcs = h.min_vcs;
  r.opportunistic = h.min_opp;
  if (group_misroute(q, h, rng, r)) {
  } else if (may_misroute_globally(h) && trigger_.congested(q, h.min_port, h.min_vc)) {
    global_misroute(q, h, rng, r);
  } else if (may_misroute_locally(h) && trigger_.congested(q, h.min_port, h.min_vc)) {
    local_misroute(q, h, rng, r);
  }
  if (topo_.port_class(r.port) == df::kGlobal)
    r.clear_flags |= Packet::kLocalMisroutedInGroup;  // a new group starts
  return r;
}

template class OlmRouting<CreditTrigger>;
template class OlmRouting<ContentionTrigger>;
template class OlmRouting<FilteredTrigger>;
template class OlmRouting<HybridTrigger>;
template class OlmRouting<EctnTrigger>;

namespace {
ContentionTrigger base(const Config& c) {
  return ContentionTrigger(static_cast<uint32_t>(c.get_int("routing.threshold")));
}
CreditTrigger credit(const Config& c) {
  CreditOptions o;
  o.busy = c.get_str("routing.credit_busy") == "fifo_full" ? CreditOptions::Busy::FifoFull
                                                           : CreditOptions::Busy::FifoWriting;
  o.restriction_coef = static_cast<uint32_t>(c.get_int("routing.global_restriction_coef"));
  o.restriction_th = static_cast<uint32_t>(c.get_int("routing.global_restriction_th"));
  o.restriction_sensing = c.get_str("routing.global_restriction_sensing") == "port"
                              ? CreditOptions::Sensing::Port
                              : CreditOptions::Sensing::Vc;
  o.one_random = c.get_str("routing.credit_candidates") == "one_random";
  o.at_most = c.get_str("routing.credit_compare") == "at_most";
  return CreditTrigger(c.get_float("routing.credit_threshold"),
                       c.get_float("routing.credit_min_occupancy"), o);
}
template <class Trigger>
std::unique_ptr<RoutingAlgorithm> olm(const Dragonfly& topo, Trigger t,
                                      std::unique_ptr<const GlobalMisroutePolicy> p) {
  return std::make_unique<OlmRouting<Trigger>>(topo, std::move(t), std::move(p));
}
}  // namespace

const std::vector<TriggerRegistryEntry>& trigger_registry() {
  using Policy = std::unique_ptr<const GlobalMisroutePolicy>;
  static const std::vector<TriggerRegistryEntry> registry = {
      {"credit", [](const Config& c, const Dragonfly& t,
                    Policy p) { return olm(t, credit(c), std::move(p)); }},
      {"contention",
       [](const Config& c, const Dragonfly& t, Policy p) { return olm(t, base(c), std::move(p)); }},
      {"filtered",
       [](const Config& c, const Dragonfly& t, Policy p) {
         return olm(t,
                    FilteredTrigger(static_cast<uint32_t>(c.get_int("routing.threshold")),
                                    c.get_float("routing.filter_alpha")),
                    std::move(p));
       }},
      {"hybrid", [](const Config& c, const Dragonfly& t,
                    Policy p) { return olm(t, HybridTrigger(base(c), credit(c)), std::move(p)); }},
      {"ectn",
       [](const Config& c, const Dragonfly& t, Policy p) {
         return olm(
             t, EctnTrigger(base(c), static_cast<uint32_t>(c.get_int("routing.ectn_threshold"))),
             std::move(p));
       }},
  };
  return registry;
}

}  // namespace netcosim
