// Traffic sources: what a NIC generates (sim/nic/nic.h owns one per node). A source tells the
// cycle of its next generation attempt and, when the NIC makes the attempt, the destination of the
// packet. The Bernoulli synthetic source (thesis 000 Sec. 1.6.1) is the one today; trace replay
// (VEF3) and request-reply sources implement the same interface.
#pragma once

#include <cstdint>

#include "sim/link/packet.h"
#include "sim/traffic/traffic.h"
#include "sim/util/rng.h"

namespace netcosim {

// Generation parameters shared by all Bernoulli sources of a run.
struct TrafficParams {
  double packet_prob = 0;  // load / packet_size, per node and cycle
  const TrafficPattern* pattern = nullptr;
  // A second pattern: a fraction `mix` of the packets (drawn per packet from the node's stream;
  // seed 001 Fig. 6), or every packet generated from `switch_cycle` on (transients; seed 001
  // Fig. 7-9, thesis Fig. 4.8-4.10).
  const TrafficPattern* pattern2 = nullptr;
  double mix = 0;
  Cycle switch_cycle = kNone;
  const TrafficPattern& pattern_for(Cycle gen, Rng& rng) const {
    if (pattern2 == nullptr) return *pattern;
    if (gen >= switch_cycle) return *pattern2;
    if (mix > 0 && rng.uniform() < mix) return *pattern2;
    return *pattern;
  }
};

class TrafficSource {
 public:
  virtual ~TrafficSource() = default;
  // The cycle of the next generation attempt (kNone: no more).
  virtual Cycle next() const = 0;
  // The attempt at next(): the packet's destination node; next() moves on.
  virtual uint32_t generate() = 0;
};

// Bernoulli trials in every cycle with probability load / packet_size (geometric gaps), the
// destination from the pattern; every draw from the node's own stream.
class BernoulliSource final : public TrafficSource {
 public:
  BernoulliSource(uint32_t node, const Rng& rng, const TrafficParams& params)
      : node_(node), rng_(rng), params_(&params) {
    if (params.packet_prob > 0) {
      // Trials in cycles 0, 1, 2, ...: the first success is in cycle gap - 1.
      const uint64_t first = rng_.geometric_gap(params.packet_prob) - 1;
      next_ = first >= kNone ? kNone : static_cast<Cycle>(first);
    }
  }
  Cycle next() const override { return next_; }
  uint32_t generate() override {
    const uint32_t dst = params_->pattern_for(next_, rng_).destination(node_, rng_);
    const uint64_t next = next_ + rng_.geometric_gap(params_->packet_prob);
    next_ = next >= kNone ? kNone : static_cast<Cycle>(next);
    return dst;
  }

 private:
  uint32_t node_;
  Rng rng_;  // the node's stream: generation gaps and destinations
  const TrafficParams* params_;
  Cycle next_ = kNone;
};

}  // namespace netcosim
