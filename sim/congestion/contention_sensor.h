// Contention counters as a router's sensor (seed 001 Sec. III-A, thesis 000 Sec. 4.2.1.1): the
// counters of sim/blocks/contention_counters.h, their exponential filter (seed 001 Sec. III-B,
// thesis 000 Eq. 4.1) and the decrement-on-tail bookkeeping. A counter counts the heads whose
// *minimal* output it is: +1 when a packet's header reaches the head of an input buffer, -1 when
// that packet's tail has left the input buffer (whatever output it took). Events of cycle t are
// visible from cycle t+1. The router calls the hooks with plain values; this file knows no router.
#pragma once

#include <cassert>
#include <cstdint>
#include <vector>

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
  bool tails_pending() const { return tails_ != 0 || late_count_ != 0; }
  // The cycle the pending tail of `in_port` leaves (the last one registered; at or before now
  // when none is pending).
  Cycle tail_at(uint32_t in_port) const { return tail_at_[in_port]; }

  // head_until_tail (RouterConfig::count_until_tail): a packet stays counted until its tail has
  // arrived, which may be after its input port has started another transfer. Before that grant
  // the router moves the port's pending tail here with the VC it left and `tag` (the ECtN group);
  // it is decremented when due (late_tails_left). At most ceil(S / X) - 1 per port (a transfer
  // lasts X cycles, a tail arrives at most S cycles after its head); `capacity` is sized for that.
  void reserve_late(uint32_t capacity) { late_.resize(capacity); }
  // Moves the pending tail of `in_port` (if any) to the late list; false when none is pending.
  bool defer_tail(uint32_t in_port, uint8_t vc, uint32_t tag) {
    const uint64_t bit = uint64_t{1} << in_port;
    if ((tails_ & bit) == 0) return false;
    assert(late_count_ < late_.size() && "more late tails than the ports can have");
    late_[late_count_++] =
        LateTail{tail_at_[in_port], static_cast<uint8_t>(in_port), vc, min_out_[in_port], tag};
    tails_ &= ~bit;
    return true;
  }
  // Applies the decrements of the late tails due by `now` and calls f(in_port, vc, tag) for each.
  template <class F>
  void late_tails_left(Cycle now, F&& f) {
    for (uint32_t k = 0; k < late_count_;) {
      const LateTail t = late_[k];
      if (t.at > now) {
        ++k;
        continue;
      }
      counters_.decrement(t.min_out);
      late_[k] = late_[--late_count_];
      f(t.in_port, t.vc, t.tag);
    }
  }
  uint32_t late_tails() const { return late_count_; }
  // Clock edge at the end of the router's cycle: this cycle's events, then the filter.
  void end_cycle() {
    if (edge_ != nullptr) [[unlikely]]
      edge_->edge(counters_);  // the RTL's edge (systemc/rtl/), which calls update()
    else
      counters_.update();
    if (filtered_) counters_.filter(alpha_256_);
  }
  // The edge's other implementation (ContentionCountersEdge; before the first cycle).
  void set_edge(model::ContentionCountersEdge* edge) { edge_ = edge; }
  // True while a later cycle may change the counters without a new event.
  bool pending() const { return tails_pending() || counters_.filter_live(); }

 private:
  // What every router step reads first, then the arrays.
  bool enabled_ = false;
  bool filtered_ = false;
  uint32_t alpha_256_ = 0;
  uint64_t tails_ = 0;  // input ports whose granted packet's tail has not left yet
  Cycle tail_at_[64] = {};
  uint8_t min_out_[64] = {};
  struct LateTail {
    Cycle at;
    uint8_t in_port, vc, min_out;
    uint32_t tag;
  };
  uint32_t late_count_ = 0;
  std::vector<LateTail> late_;  // sized once (reserve_late); the first late_count_ are pending
  model::ContentionCounters counters_;
  model::ContentionCountersEdge* edge_ = nullptr;
};

}  // namespace netcosim
