// Source-adaptive routing on the Dragonfly (thesis 000 Sec. 1.4.2; Jiang et al.):
// - UGAL-L (Eq. 1.1-1.2): at the source router, route minimally iff Q_MIN <= F * Q_VAL + T, where
//   Q is the occupancy of the first hop's output (downstream buffer, from credits) of the minimal
//   path and of a Valiant path through a random intermediate router;
// - PiggyBack, PB (Eq. 1.3): each router marks its global links saturated when S = Q > F * mean +
//   T; the bits reach the other routers of the group after the local links' latency; a packet is
//   routed nonminimally if the group's minimal global link towards its destination is saturated
//   or if the UGAL comparison fails for its first hop.
// The decision is taken at the source router and re-evaluated in every cycle the packet waits
// there; once it leaves, the path is fixed: minimal, or Valiant through the intermediate router
// with VAL's VCs (l0-g1-l2-l3-g4-l5, 4/2). The Valiant candidate is a hash of the packet's
// identity (the same every cycle), or of its identity and the cycle with routing.recompute_valiant
// (thesis Ch. 5: a head that is not granted tries another intermediate router).
#pragma once

#include "sim/routing/routing.h"

namespace netcosim {

class SourceAdaptiveRouting final : public RoutingAlgorithm {
 public:
  enum class Kind { Ugal, PiggyBack };
  SourceAdaptiveRouting(const Dragonfly& topo, Kind kind, double f, uint32_t t_phits, bool per_port,
                        bool recompute)
      : RoutingAlgorithm(topo),
        kind_(kind),
        f_(f),
        t_(t_phits),
        per_port_(per_port),
        recompute_(recompute) {}
  const char* name() const override { return kind_ == Kind::Ugal ? "ugal" : "pb"; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override;
  bool adaptive() const override { return true; }
  SensorNeeds sensor_needs() const override {
    SensorNeeds n;
    n.saturation = kind_ == Kind::PiggyBack;
    n.sat_f = f_;
    n.sat_t_phits = t_;
    n.sat_per_port = per_port_;
    return n;
  }
  uint32_t min_local_vcs() const override { return 4; }
  uint32_t min_global_vcs() const override { return 2; }
  // VAL's order: the path is VAL's once it leaves the source router.
  VcOrder vc_order() const override { return VcOrder::from_reference("l0-g0-l1-l2-g1-l3"); }

 private:
  double occupancy(const PortView& q, uint32_t port, uint32_t vc) const;
  Kind kind_;
  double f_;
  uint32_t t_;
  bool per_port_;
  bool recompute_;
};

}  // namespace netcosim
