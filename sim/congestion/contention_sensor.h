// Contention counters as a router's sensor (seed 001 Sec. III-A, thesis 000 Sec. 4.2.1.1): the
// counters of sim/blocks/contention_counters.h, their exponential filter (seed 001 Sec. III-B,
// thesis 000 Eq. 4.1) and the decrement-on-tail bookkeeping. A counter counts the heads whose
// *minimal* output it is: +1 when a packet's header reaches the head of an input buffer, -1 when
// that packet's tail has left the input buffer (whatever output it took). Events of cycle t are
// visible from cycle t+1. The router calls the hooks with plain values; this file knows no router.
#pragma once

#include <cstdint>

#include "sim/blocks/contention_counters.h"
#include "sim/congestion/sensor_needs.h"
#include "sim/link/packet.h"

namespace netcosim {

class ContentionSensor final {
 public:
  ContentionSensor() = default;
  // Built only when the routing asks for it (SensorNeeds::contention); 8-bit counters.
  ContentionSensor(const SensorNeeds& needs, unsigned outputs)
      : enabled_(needs.contention),
        filtered_(needs.contention && needs.filtered),
        alpha_256_(needs.filter_alpha_256),
        counters_(outputs, 8) {}

  bool enabled() const { return enabled_; }
  const model::ContentionCounters& counters() const { return counters_; }

  // A packet's header reached the head of an input buffer; `min_out` is its minimal output.
  void head_arrived(uint32_t min_out) { counters_.increment(min_out); }
  // The head of input port `in_port` was granted; its tail leaves the buffer at `tail_at`, and
  // then its minimal output `min_out` is decremented. One pending tail per input port (the port
  // is busy until then).
  void head_granted(uint32_t in_port, uint32_t min_out, Cycle tail_at) {
    min_out_[in_port] = static_cast<uint8_t>(min_out);
    tail_at_[in_port] = tail_at;
    tails_ |= uint64_t{1} << in_port;
  }
  // Applies the decrements of the tails that have left by `now`; returns their input ports.
  uint64_t tails_left(Cycle now) {
    uint64_t left = 0;
    for (uint64_t m = tails_; m != 0; m &= m - 1) {
      const uint32_t i = static_cast<uint32_t>(__builtin_ctzll(m));
      if (tail_at_[i] <= now) {
        counters_.decrement(min_out_[i]);
        left |= uint64_t{1} << i;
      }
    }
    tails_ &= ~left;
    return left;
  }
  bool tails_pending() const { return tails_ != 0; }
  // Clock edge at the end of the router's cycle: this cycle's events, then the filter.
  void end_cycle() {
    counters_.update();
    if (filtered_) counters_.filter(alpha_256_);
  }
  // True while a later cycle may change the counters without a new event.
  bool pending() const { return tails_ != 0 || counters_.filter_live(); }

 private:
  // What every router step reads first, then the arrays.
  bool enabled_ = false;
  bool filtered_ = false;
  uint32_t alpha_256_ = 0;
  uint64_t tails_ = 0;  // input ports whose granted packet's tail has not left yet
  Cycle tail_at_[64] = {};
  uint8_t min_out_[64] = {};
  model::ContentionCounters counters_;
};

}  // namespace netcosim
