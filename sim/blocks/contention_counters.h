// Per-output contention counters (seed 001 Sec. III; thesis 000 Sec. 4.2.1.1): the block model of
// rtl/contention_counters.sv (co-simulated by the bench cosim_contention_counters.cpp).
//
// One counter per output port. A counter is incremented when a packet's header reaches the head of
// an input buffer, by the packet's *minimal* output; it is decremented when that packet's tail
// leaves the input buffer, whatever output it took. Routing compares a counter with a threshold.
//
// Port list (RTL, Q outputs, W-bit counters, N event slots):
//   in : inc_valid[N], inc_port[N]   increments of this cycle (several may hit one output)
//        dec_valid[N], dec_port[N]   decrements of this cycle
//        threshold                   (W bits)
//   out: count[Q]                    registered counts
//        over[Q] = count[q] >= threshold (combinational from the registered counts)
// One clock edge: count'[q] = clamp(count[q] + #inc to q - #dec to q, 0, 2^W - 1): counters
// saturate instead of wrapping. Events of cycle t are visible from cycle t+1 (registered).
// cycle() takes one clock's events in exactly that slot form (the co-simulation wrapper uses it).
#pragma once

#include <cassert>
#include <cstdint>

namespace netcosim::model {

class ContentionCounters;

// Another implementation of the counters' clock edge (the Verilated RTL in a network,
// systemc/rtl/): edge() is called instead of update() and must call it; it may then replace the
// counts (set_count) with its own. nullptr in ContentionSensor: update() alone.
class ContentionCountersEdge {
 public:
  virtual ~ContentionCountersEdge() = default;
  virtual void edge(ContentionCounters& counters) = 0;
};

class ContentionCounters {
 public:
  static constexpr unsigned kMaxOutputs = 64;

  ContentionCounters() = default;
  ContentionCounters(unsigned outputs, unsigned width) : outputs_(outputs), width_(width) {
    assert(outputs <= kMaxOutputs && width >= 1 && width <= 16);
  }

  unsigned outputs() const { return outputs_; }
  uint32_t max_count() const { return (uint32_t{1} << width_) - 1; }
  uint32_t count(unsigned out) const { return count_[out]; }
  bool over(unsigned out, uint32_t threshold) const { return count_[out] >= threshold; }

  // Events of the current cycle (inc_valid/inc_port, dec_valid/dec_port).
  void increment(unsigned out) {
    assert(out < outputs_);
    ++delta_[out];
    dirty_ |= uint64_t{1} << out;
  }
  void decrement(unsigned out) {
    assert(out < outputs_);
    --delta_[out];
    dirty_ |= uint64_t{1} << out;
  }
  bool pending() const { return dirty_ != 0; }
  // The events of the current cycle as a net change per output (bit o of pending_mask: output o
  // has events; the clamp of update() applies to count + the net change, as the RTL's).
  uint64_t pending_mask() const { return dirty_; }
  int32_t pending_delta(unsigned out) const { return delta_[out]; }
  unsigned width() const { return width_; }
  // Replaces a count after update() (an edge implemented elsewhere: ContentionCountersEdge).
  void set_count(unsigned out, uint32_t value) {
    assert(out < outputs_ && value <= max_count());
    count_[out] = value;
    if (value != 0)
      nonzero_ |= uint64_t{1} << out;
    else
      nonzero_ &= ~(uint64_t{1} << out);
  }

  // Clock edge: apply this cycle's events, saturating at [0, 2^W - 1].
  void update() {
    uint64_t m = dirty_;
    while (m != 0) {
      const unsigned o = static_cast<unsigned>(__builtin_ctzll(m));
      m &= m - 1;
      int64_t v = static_cast<int64_t>(count_[o]) + delta_[o];
      if (v < 0) v = 0;
      if (v > static_cast<int64_t>(max_count())) v = max_count();
      count_[o] = static_cast<uint32_t>(v);
      delta_[o] = 0;
      if (v != 0)
        nonzero_ |= uint64_t{1} << o;
      else
        nonzero_ &= ~(uint64_t{1} << o);
    }
    dirty_ = 0;
  }
  uint64_t counted_mask() const { return nonzero_; }  // outputs whose count is not 0

  // One clock edge with the RTL's port list (rtl/contention_counters.sv): slot k is an increment
  // of inc_port[k] when inc_valid[k], a decrement of dec_port[k] when dec_valid[k]; then update().
  // A port index >= outputs() names no counter (ignored, as in the RTL). Same arithmetic as
  // increment()/decrement() followed by update(): it is implemented with them.
  void cycle(const bool* inc_valid, const uint8_t* inc_port, const bool* dec_valid,
             const uint8_t* dec_port, unsigned slots) {
    for (unsigned k = 0; k < slots; ++k) {
      if (inc_valid[k] && inc_port[k] < outputs_) increment(inc_port[k]);
      if (dec_valid[k] && dec_port[k] < outputs_) decrement(dec_port[k]);
    }
    update();
  }

  void reset() {
    for (unsigned o = 0; o < kMaxOutputs; ++o) count_[o] = 0, delta_[o] = 0, filtered_[o] = 0;
    dirty_ = 0;
    nonzero_ = 0;
    filtered_live_ = 0;
  }

  // Filtered counters (thesis 000 Eq. 4.1): f_t = alpha * f_{t-1} + (1 - alpha) * count_t, kept in
  // fixed point with 8 fractional bits (f = 256 * value) and alpha = alpha_256 / 256, as a
  // hardware register per output would; the product is truncated. Call once per cycle after
  // update(). live() is false once every filtered value has decayed to 0 and every count is 0.
  void filter(uint32_t alpha_256) {
    uint64_t m = filtered_live_ | counted_mask();
    filtered_live_ = 0;
    while (m != 0) {
      const unsigned o = static_cast<unsigned>(__builtin_ctzll(m));
      m &= m - 1;
      filtered_[o] = static_cast<uint32_t>(
          (uint64_t{alpha_256} * filtered_[o] + uint64_t{256 - alpha_256} * (count_[o] << 8)) >> 8);
      if (filtered_[o] != 0) filtered_live_ |= uint64_t{1} << o;
    }
  }
  uint32_t filtered_256(unsigned out) const { return filtered_[out]; }
  bool filtered_over(unsigned out, uint32_t threshold) const {
    return filtered_[out] >= (threshold << 8);
  }
  bool filter_live() const { return filtered_live_ != 0; }

 private:
  unsigned outputs_ = 0, width_ = 8;
  uint32_t count_[kMaxOutputs] = {};
  int32_t delta_[kMaxOutputs] = {};
  uint64_t dirty_ = 0;
  uint64_t nonzero_ = 0;
  uint32_t filtered_[kMaxOutputs] = {};
  uint64_t filtered_live_ = 0;
};

}  // namespace netcosim::model
