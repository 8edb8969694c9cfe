// In-transit adaptive routing: OLM, Opportunistic Local Misrouting (thesis 000 Sec. 1.4.2 and
// Fig. 1.15; seed 001 Sec. IV-A; García et al.). Decisions are re-evaluated every cycle a head
// waits; a nonminimal choice is only taken when its output can take the packet now, so a waiting
// packet always waits on its minimal (escape) route. OLM composes a misrouting trigger
// (olm_triggers.h: when to leave the minimal path, which candidates are valid) and a global
// misrouting policy (olm_policies.h: the candidates of a global misrouting).
//
// - Group-level misrouting at injection (the ECtN trigger, seed 001 Sec. III-D): when the trigger
//   sees the destination group congested, a global link of the current router whose group it
//   does not see congested, among those that can take the packet now.
// - Global misrouting, only in the source group and only towards another group: at injection, or
//   after a minimal local hop, when the trigger finds the minimal output congested: a candidate
//   of the global policy that the trigger accepts (thesis 000 Sec. 1.4.3).
// - Local misrouting: one opportunistic nonminimal local hop per group, in the intermediate and
//   destination groups (and for traffic that stays in its group).
// - VCs (3 local / 2 global, reference l0-l0-g1 - l0-l2-g3 - l4): from an injection port VC 0; a
//   nonminimal local hop and a local-to-global hop keep the input VC; every other hop (global to
//   local or global, minimal local to local) takes the input VC + 1.
#pragma once

#include <memory>
#include <vector>

#include "sim/routing/dragonfly/dragonfly_routing.h"
#include "sim/routing/dragonfly/olm_policies.h"
#include "sim/routing/dragonfly/olm_triggers.h"

namespace netcosim {

// `Trigger` is one of the trigger types of olm_triggers.h, held by value: its calls are direct
// (and inlined) in the decision that runs for every waiting head in every cycle; OLM is built for
// each trigger by its registry entry (olm_trigger_registry()).
template <class Trigger>
class OlmRouting final : public DragonflyRouting {
 public:
  OlmRouting(const Dragonfly& topo, Trigger trigger,
             std::unique_ptr<const GlobalMisroutePolicy> policy)
      : DragonflyRouting(topo), trigger_(std::move(trigger)), policy_(std::move(policy)) {}
  const char* name() const override { return "olm"; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override;
  // FlexVC's escape (DragonflyRouting::escape) gives up the intermediate group: from there the
  // packet's plan is minimal (the escape's rest), local misrouting still allowed.
  RouteResult escape(const PortView& q, const Packet& pkt) const override {
    RouteResult r = DragonflyRouting::escape(q, pkt);
    r.set_phase = 0;
    if (pkt.route.intermediate != kNone) r.set_flags |= Packet::kReachedIntermediate;
    return r;
  }
  bool adaptive() const override { return true; }
  SensorNeeds sensor_needs() const override { return trigger_.sensor_needs(); }
  // Local VC v before global VC v, global VC v before local VC v + 1 (FOGSim's rule: +1 after a
  // global hop or a minimal local hop, the same number on a local-to-global hop), and the one
  // nonminimal local hop per group keeps its input VC number.
  // Under FlexVC the reference sequence with the escape rule (order_of).
  VcOrder vc_order() const override {
    return order_of("l0-g0-l1-g1-l2", /*nonminimal_local_keeps_vc=*/true);
  }

 private:
  struct Hop;  // the decision's context (olm.cpp)
  Hop hop(const PortView& q, const Packet& pkt, bool to_intermediate) const;
  static bool may_misroute_globally(const Hop& h);
  bool may_misroute_locally(const Hop& h) const;
  uint8_t vc_of(const PortView& q, uint32_t out_port, bool nonminimal_local) const;
  // The output (port, VCs) a candidate hop through `port` would take and whether it can take the
  // packet now: the baseline's one VC (vc_of), or under FlexVC the VCs of the hop whose planned
  // rest goes through intermediate group `group` (kNone: minimally) to the destination, one of
  // which must have room (flex_route).
  struct Candidate {
    uint16_t vcs;
    bool opportunistic;
    uint8_t vc;  // the VC the trigger senses (baseline: the hop's VC; FlexVC: the JSQ VC of a
                 // credit or hybrid trigger, the lowest allowed for the port triggers)
  };
  Candidate candidate(const PortView& q, const Packet& pkt, uint32_t port, bool nonminimal_local,
                      uint32_t group) const;
  bool can_take(const PortView& q, uint32_t port, const Candidate& c) const;
  // FlexVC (thesis 000 Sec. 5.2.3; docs/model.md §4.5): the hop through `port` at router `R`
  // followed by its plan: to `group` (when not kNone and not this hop's end) and then minimally.
  DragonflyFlexVc::Hop flex_route(const PortView& q, const Packet& pkt, uint32_t port,
                                  uint32_t group) const;
  bool group_misroute(const PortView& q, const Hop& h, Rng& rng, RouteResult& r) const;
  void global_misroute(const PortView& q, const Hop& h, Rng& rng, RouteResult& r) const;
  void local_misroute(const PortView& q, const Hop& h, Rng& rng, RouteResult& r) const;

  Trigger trigger_;
  std::unique_ptr<const GlobalMisroutePolicy> policy_;
};

// The trigger registry: one entry per entry of the catalogue's routing.trigger family, in its
// order (sim/config/strategy_catalog.h); each builds OLM with its trigger and the given policy.
using OlmFactory = std::unique_ptr<RoutingAlgorithm> (*)(
    const Config&, const Dragonfly&, std::unique_ptr<const GlobalMisroutePolicy>);
struct TriggerRegistryEntry {
  const char* name;
  OlmFactory make_olm;
};
const std::vector<TriggerRegistryEntry>& trigger_registry();

}  // namespace netcosim
