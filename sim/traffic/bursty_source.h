// The Bursty-UN source (thesis 000 Sec. 1.6.1.3), apart from source.h so that the NIC's code,
// which includes source.h, sees one final source type (BernoulliSource) and the compiler can call
// its generate() without an indirect call in the common case.
#pragma once

#include <cstdint>

#include "sim/traffic/source.h"

namespace netcosim {

// Bursty-UN (thesis 000 Sec. 1.6.1.3, Fig. 1.20; seed 002 Sec. IV-B): a two-state Markov chain
// per node. In the ON state the node generates one packet per cycle, all of a burst to one
// destination, drawn from the pattern when the burst starts; it leaves ON with probability
// p_on2off = 1/B per cycle (Eq. 1.6), so a burst has B packets on average, and from OFF (or in the
// same cycle it left ON) it starts a new burst with probability p_off2on = P_ON / (B + P_ON (1 -
// B)) (Eq. 1.7), where P_ON = load / packet_size (Eq. 1.4), the stationary probability of ON: the
// mean load is traffic.load. Drawn as geometric runs (the chain is memoryless): a burst's length is
// geometric with p_on2off, the gap from a burst's last packet to the next burst's first is
// geometric with p_off2on (at least one cycle). The chain starts in its stationary state. With
// B = 1 the process is the Bernoulli process.
class BurstySource final : public TrafficSource {
 public:
  BurstySource(uint32_t node, const Rng& rng, const TrafficParams& params)
      : node_(node), rng_(rng), params_(&params), wait_(params.burst_wait) {
    const double on = params.packet_prob_of(node), b = params.burst_length;
    if (on <= 0) return;
    on2off_ = 1.0 / b;
    off2on_ = on / (b + on * (1.0 - b));
    if (rng_.uniform() < on)
      start_burst(0);
    else
      start_burst_after(0);
  }
  Cycle next() const override { return next_; }
  TrafficDescriptor generate() override {
    if (leaving_) [[unlikely]] {  // traffic.burst_wait: the transition out of the burst, no packet
      leaving_ = false;
      const TrafficDescriptor end{dst_, 0};  // the ending burst's destination
      start_burst_after(next_ - 1);
      return end;
    }
    const TrafficDescriptor d{dst_};
    if (--left_ != 0) {
      next_ = next_ + 1 >= kNone ? kNone : next_ + 1;
    } else if (wait_) {
      leaving_ = true;
      next_ = next_ + 1 >= kNone ? kNone : next_ + 1;
    } else {
      start_burst_after(next_);
    }
    return d;
  }
  // traffic.burst_wait (FOGSim's generator, public code release 4, burstGenerator::generateFlit;
  // docs/model.md §3): the chain makes a transition only in a cycle in which the burst's injection
  // VC has room for a packet. Each attempt at next() is one: a packet of the burst (the chain
  // stays ON) or, the cycle after the burst's last packet, the transition out of it (generate()
  // returns no packet and draws the gap from the cycle before, so that without waits the chain is
  // the one above, draw for draw). The NIC asks for room in the VC of wait_destination(); when
  // there is none, the attempt moves to `at` with no draw: the chain waits.
  uint32_t wait_destination() const override { return dst_; }
  void wait_until(Cycle at) override { next_ = at; }

 private:
  void start_burst(uint64_t at) {
    if (at >= kNone) {
      next_ = kNone;
      return;
    }
    next_ = static_cast<Cycle>(at);
    dst_ = params_->pattern->destination(node_, rng_);
    left_ = rng_.geometric_gap(on2off_);
  }
  // The burst that follows a burst whose last packet was at `last` (or the OFF state at 0).
  void start_burst_after(uint64_t last) { start_burst(last + rng_.geometric_gap(off2on_)); }

  uint32_t node_;
  Rng rng_;
  const TrafficParams* params_;
  double on2off_ = 1, off2on_ = 0;
  Cycle next_ = kNone;
  uint32_t dst_ = 0;
  uint64_t left_ = 0;     // packets left in the current burst
  bool wait_;             // traffic.burst_wait
  bool leaving_ = false;  // next_ is the transition out of the burst (traffic.burst_wait)
};

}  // namespace netcosim
