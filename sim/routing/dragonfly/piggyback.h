// PiggyBack, PB (thesis 000 Sec. 1.4.2, Eq. 1.3; seed 001 Sec. IV-A): UGAL-L's decision at the
// source router (ugal.h), and nonminimal also when the group's minimal global link towards the
// destination group is saturated. Each router marks its global links saturated when S = Q >
// coef/100 * mean + T; the bits reach the other routers of the group after the local links'
// latency (sim/congestion, read through PortView::peer_saturation). The two comparisons have
// their own parameters, as in FOGSim (ugal_local_threshold for the UGAL comparison;
// piggybacking_coef and ugal_global_threshold for the bits): UgalParams and PiggyBackParams.
#pragma once

#include "sim/routing/dragonfly/ugal.h"

namespace netcosim {

// The saturation bits' parameters (thesis Eq. 1.3): S = Q > coef/100 * mean + T.
struct PiggyBackParams {
  uint32_t coef_percent = 200;  // routing.piggyback_coef (F = 2: "twice the average")
  uint32_t t_phits = 0;         // routing.piggyback_t * packet.size
  bool per_port = false;        // routing.piggyback_sensing=port
  // routing.mincred=vc|port with routing.piggyback_bits=auto: the bits read the minimally
  // routed packets' counts (thesis 000 Sec. 5.2.4; docs/model.md §4.6).
  bool min_only = false;
};

class PiggyBackRouting final : public SourceAdaptiveRouting {
 public:
  PiggyBackRouting(const Dragonfly& topo, const UgalParams& ugal, const PiggyBackParams& bits)
      : SourceAdaptiveRouting(topo, ugal), bits_(bits) {}
  const char* name() const override { return "pb"; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override;
  SensorNeeds sensor_needs() const override {
    SensorNeeds n;
    n.saturation = true;
    n.sat_f = bits_.coef_percent / 100.0;
    n.sat_t_phits = bits_.t_phits;
    n.sat_per_port = bits_.per_port;
    n.sat_min_only = bits_.min_only;
    // FlexVC with request-reply traffic: the replies' bits from the reply part's first global VC
    // (seed 002 Sec. IV-A, "the first VC used in each subpath"; docs/model.md §4.7). The
    // baseline's halves are the wrapper's (RequestReplyVcs::sensor_needs).
    if (flex_.on() && flex_.request_reply() && !bits_.per_port)
      n.sat_reply_vc = flex_.reply_first(flexvc::kG);
    return n;
  }

 private:
  PiggyBackParams bits_;
};

}  // namespace netcosim
