// Congestion information a routing decision reads from beyond its own router's ports: state that
// other routers of the group publish with the local links' latency. SensorSet (sensor_set.h)
// implements it (ECtN's combined counters, seed 001 Sec. III-C; PiggyBack's saturation bits,
// thesis 000 Sec. 1.4.2 Eq. 1.3); a routing algorithm sees it only through PortView::sensors().
#pragma once

#include <cstdint>

#include "sim/link/packet.h"

namespace netcosim {

class GroupSensors {
 public:
  virtual ~GroupSensors() = default;
  // ECtN: the combined counter of destination group `g` as visible in cycle `now`: this router's
  // partial counter plus the partial counters the other routers of the group last broadcast.
  virtual uint32_t ectn_combined(uint32_t g, Cycle now) const = 0;
  // PiggyBack: the saturation bits of the global links of router `index_in_group` of this group,
  // as visible in cycle `now` (own: current; others: local-latency cycles old); the replies' set,
  // sensed on the reply VCs' first global VC (the one set when there is no second).
  virtual uint64_t peer_saturation(uint32_t index_in_group, Cycle now) const = 0;
  virtual uint64_t peer_reply_saturation(uint32_t index_in_group, Cycle now) const = 0;
};

}  // namespace netcosim
