// PiggyBack, PB (thesis 000 Sec. 1.4.2, Eq. 1.3; seed 001 Sec. IV-A): UGAL-L's decision at the
// source router (ugal.h), and nonminimal also when the group's minimal global link towards the
// destination group is saturated. Each router marks its global links saturated when S = Q >
// F * mean + T; the bits reach the other routers of the group after the local links' latency
// (sim/congestion, read through PortView::peer_saturation).
#pragma once

#include "sim/routing/dragonfly/ugal.h"

namespace netcosim {

class PiggyBackRouting final : public SourceAdaptiveRouting {
 public:
  using SourceAdaptiveRouting::SourceAdaptiveRouting;
  const char* name() const override { return "pb"; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override;
  SensorNeeds sensor_needs() const override {
    SensorNeeds n;
    n.saturation = true;
    n.sat_f = params().f;
    n.sat_t_phits = params().t_phits;
    n.sat_per_port = params().per_port;
    return n;
  }

 private:
  // The saturation bit of the group's minimal global link towards the destination group (false
  // when the destination is in the router's own group).
  bool minimal_link_saturated(const PortView& q, uint32_t dst_router) const;
};

}  // namespace netcosim
