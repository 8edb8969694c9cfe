// What a routing algorithm asks its routers to sense (docs/architecture.md: the routing factory
// declares the sensors it needs; the router and the network build and maintain only those). One
// plain record instead of capability flags on the routing interface.
#pragma once

#include <cstdint>

namespace netcosim {

struct SensorNeeds {
  // Contention counters (seed 001 Sec. III-A): per output, the heads whose minimal output it is.
  bool contention = false;
  // Also the exponentially filtered counters of the Filtered trigger (seed 001 Sec. III-B), with
  // alpha in 1/256 units (alpha 0: the filtered counter follows the count).
  bool filtered = false;
  uint32_t filter_alpha_256 = 0;
  // ECtN (seed 001 Sec. III-C): partial counters by destination group, broadcast in the group.
  bool ectn = false;
  // PiggyBack saturation bits of the global links (thesis 000 Sec. 1.4.2, Eq. 1.3): a link is
  // saturated when its occupancy exceeds sat_f times the mean plus sat_t_phits; per VC 0 or, with
  // sat_per_port, summed over the port's VCs.
  bool saturation = false;
  double sat_f = 2.0;
  uint32_t sat_t_phits = 0;
  bool sat_per_port = false;
  // minCred (routing.mincred=vc|port with routing.piggyback_bits=auto; thesis 000 Sec. 5.2.4):
  // the bits sum the router's minimally routed packets' counts of the sensed VCs in place of
  // their occupancy (docs/model.md §4.6).
  bool sat_min_only = false;
  // With request-reply traffic and per-VC sensing, a second set of bits from this global VC, the
  // first global VC of the replies' VCs, which PiggyBack reads for replies (seed 002 Sec. IV-A:
  // "the first VC used in each subpath is considered ... PB per-VC distributes the saturation
  // information of both VCs"); 0: one set (without request-reply, or per port).
  uint32_t sat_reply_vc = 0;

  // True when any sensor is asked for (a router without sensors skips every hook).
  bool any() const { return contention || ectn || saturation; }
};

}  // namespace netcosim
