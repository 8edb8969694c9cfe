// PAR, Progressive Adaptive Routing (Jiang et al.; thesis 000 Sec. 1.4.2): UGAL's comparison at
// injection and again after a minimal local hop in the source group, where a packet that went
// minimally may still switch to a Valiant path. Safe in-transit VCs, reference path
// l0-l1-g2-l3-l4-g5-l6 (5 local / 2 global): a hop uses the VC of its position — local hops of the
// source group 0 and 1, of the intermediate group 2 and 3, of the destination group 4; global hops
// 0 then 1.
// Decision: the Valiant intermediate router is drawn outside the source and destination groups,
// so that every nonminimal path has exactly the two global hops of the reference path (an
// intermediate in the source or destination group would need three local hops in one group).
#pragma once

#include "sim/routing/dragonfly/dragonfly_routing.h"

namespace netcosim {

class ParRouting final : public DragonflyRouting {
 public:
  ParRouting(const Dragonfly& topo, double f, uint32_t t_phits, bool per_port)
      : DragonflyRouting(topo), f_(f), t_(t_phits), per_port_(per_port) {}
  const char* name() const override { return "par"; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override;
  bool adaptive() const override { return true; }
  VcOrder vc_order() const override { return df_vc_order("l0-l1-g0-l2-l3-g1-l4"); }

 private:
  // Occupancy of an output as a fraction of its buffer.
  double occupancy(const PortView& q, uint32_t port, uint32_t vc) const;
  uint8_t par_vc(uint32_t port, const Packet& pkt, bool valiant_pending_global) const;
  // At a decision point: switch `r` (the minimal hop) to a Valiant path if UGAL's comparison
  // fails.
  void decide(const PortView& q, const Packet& pkt, uint32_t dst_group, RouteResult& r) const;
  double f_;
  uint32_t t_;
  bool per_port_;
};

}  // namespace netcosim
