// In-transit adaptive routing: OLM, Opportunistic Local Misrouting (thesis 000 Sec. 1.4.2 and
// Fig. 1.15; seed 001 Sec. IV-A; García et al.). Decisions are re-evaluated every cycle a head
// waits; a nonminimal choice is only taken when its output can take the packet now, so a waiting
// packet always waits on its minimal (escape) route.
//
// - Global misrouting, only in the source group and only towards another group: at injection, or
//   after a minimal local hop. The nonminimal path goes to an intermediate group, chosen by the
//   global misrouting policy (Sec. 1.4.3): CRG (a global link of the current router), NRG (a
//   global link of another router of the group: local hop, then a forced global hop), RRG (a
//   random group), MM (CRG at injection, NRG in transit; the thesis default for in-transit).
// - Local misrouting: one opportunistic nonminimal local hop per group, in the intermediate and
//   destination groups (and for traffic that stays in its group).
// - VCs (3 local / 2 global, reference l0-l0-g1 - l0-l2-g3 - l4): from an injection port VC 0; a
//   nonminimal local hop and a local-to-global hop keep the input VC; every other hop (global to
//   local or global, minimal local to local) takes the input VC + 1.
// - Triggers (routing.trigger): `credit` (seed 001 Sec. IV-A, FOGSim: misroute only when the
//   minimal output cannot take the packet now; a candidate is valid when its downstream occupancy
//   is below routing.credit_threshold % of the minimal output's), and
//   `contention` (Base contention counters, seed 001 Sec. III-A: misroute when the minimal
//   output's counter is >= routing.threshold; candidates are the outputs whose counter is below),
//   `filtered` (thesis Eq. 4.1: the same on exponentially averaged counters, routing.filter_alpha),
//   `hybrid` (thesis Sec. 4.2.1: contention OR the credit condition; candidates by the rule of
//   whichever condition fired), `ectn` (seed 001 Sec. III-C: at injection, misroute when the
//   combined counter of the destination group is >= routing.ectn_threshold, to a global link of
//   the current router whose group's combined counter is below it; otherwise, and in transit,
//   Base's local counters).
#pragma once

#include "sim/routing/routing.h"

namespace netcosim {

enum class GlobalPolicy { Rrg, Crg, Nrg, Mm };
enum class MisrouteTrigger { Credit, Contention, Filtered, Hybrid, Ectn };

class OlmRouting final : public RoutingAlgorithm {
 public:
  OlmRouting(const Dragonfly& topo, GlobalPolicy policy, MisrouteTrigger trigger,
             uint32_t contention_threshold, double credit_threshold_percent,
             double credit_min_occupancy_percent, double filter_alpha, uint32_t ectn_threshold)
      : RoutingAlgorithm(topo),
        policy_(policy),
        trigger_(trigger),
        threshold_(contention_threshold),
        credit_fraction_(credit_threshold_percent / 100.0),
        credit_min_fraction_(credit_min_occupancy_percent / 100.0),
        alpha_256_(static_cast<uint32_t>(filter_alpha * 256.0 + 0.5)),
        ectn_threshold_(ectn_threshold) {}
  const char* name() const override { return "olm"; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override;
  bool adaptive() const override { return true; }
  SensorNeeds sensor_needs() const override {
    SensorNeeds n;
    n.contention = trigger_ != MisrouteTrigger::Credit;
    n.filtered = trigger_ == MisrouteTrigger::Filtered;
    n.filter_alpha_256 = alpha_256_;
    n.ectn = trigger_ == MisrouteTrigger::Ectn;
    return n;
  }
  uint32_t min_local_vcs() const override { return 3; }
  uint32_t min_global_vcs() const override { return 2; }
  // Local VC v before global VC v, global VC v before local VC v + 1 (FOGSim's rule: +1 after a
  // global hop or a minimal local hop, the same number on a local-to-global hop), and the one
  // nonminimal local hop per group keeps its input VC number.
  VcOrder vc_order() const override {
    return VcOrder::from_reference("l0-g0-l1-g1-l2", /*nonminimal_local_keeps_vc=*/true);
  }

 private:
  uint8_t vc_of(const PortView& q, uint32_t out_port, bool nonminimal_local) const;
  // First hop at `router` towards group `target` (!= its own group).
  uint32_t port_towards_group(uint32_t router, uint32_t target) const;
  bool min_congested(const PortView& q, uint32_t port, uint32_t vc) const;
  bool credit_congested(const PortView& q, uint32_t port, uint32_t vc) const;
  bool candidate_ok(const PortView& q, uint32_t port, uint32_t vc, uint32_t min_port,
                    uint32_t min_vc) const;

  GlobalPolicy policy_;
  MisrouteTrigger trigger_;
  uint32_t threshold_;
  double credit_fraction_;
  double credit_min_fraction_;
  uint32_t alpha_256_;
  uint32_t ectn_threshold_;
};

}  // namespace netcosim
