// Per-service-level traffic (thesis 003 Sec. 2.5, 4.4, 5.3; Tables 2.2, 4.7, 5.2; extract §5):
// each node generates, for every service level (SL) s, messages of SL s at the rate
// traffic.load x share_s / message_flits_s per cycle, each message a run of packets of class s
// (Packet::cls) that the NIC queues one after the other. The patterns are the thesis's:
// random uniform (RU), (src + 1) mod N, CBR point-to-point connections fixed at the start, CBR
// with uniform destinations, and Bursts4 (4 messages generated at once to one destination);
// and paper 004's hot spot (Table 1) per SL, for an oversubscribed ejection link.
// The decisions the thesis leaves open (Bernoulli arrivals for RU, a random phase per CBR
// connection) are in docs/model.md "Service levels".
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "sim/link/packet.h"
#include "sim/traffic/source.h"
#include "sim/util/rng.h"

namespace netcosim {

enum class SlPattern : uint8_t {
  Uniform,     // Bernoulli arrivals, a uniform destination per message (RU)
  Next,        // Bernoulli arrivals to (src + 1) mod N (thesis 003 Sec. 2.5: no contention)
  Cbr,         // constant rate to one destination fixed at the start (point-to-point; the
               // connections of an SL form a random cyclic permutation of the nodes)
  CbrUniform,  // constant rate, a uniform destination per message (Table 4.7)
  Bursts4,     // Bernoulli bursts of 4 messages generated at once to one uniform destination
  Hotspot,     // Bernoulli arrivals; node 0 with probability traffic.hotspot_fraction, else
               // uniform (paper 004 Table 1 "Hot-spot"; docs/model.md §9.2)
};
inline const char* sl_pattern_name(SlPattern p) {
  switch (p) {
    case SlPattern::Uniform:
      return "uniform";
    case SlPattern::Next:
      return "next";
    case SlPattern::Cbr:
      return "cbr";
    case SlPattern::CbrUniform:
      return "cbr_uniform";
    case SlPattern::Bursts4:
      return "bursts4";
    case SlPattern::Hotspot:
      return "hotspot";
  }
  return "";
}
// The allowed values of qos.pattern, '|'-separated.
inline const char* sl_pattern_names() {
  return "uniform|next|cbr|cbr_uniform|bursts4|hotspot";
}
inline bool sl_pattern_of(const std::string& name, SlPattern& out) {
  for (SlPattern p : {SlPattern::Uniform, SlPattern::Next, SlPattern::Cbr, SlPattern::CbrUniform,
                      SlPattern::Bursts4, SlPattern::Hotspot})
    if (name == sl_pattern_name(p)) {
      out = p;
      return true;
    }
  return false;
}

constexpr uint32_t kMaxTrafficSls = 16;

// The run's per-SL generation parameters (built once by the network builder from the [qos]
// section; TrafficParams::sl points here).
struct SlTraffic {
  uint32_t sls = 0;
  uint32_t nodes = 0;
  struct Level {
    double messages_per_cycle = 0;  // traffic.load x share / message flits, per node
    uint32_t packets = 1;           // packets per message
    SlPattern pattern = SlPattern::Uniform;
  };
  Level level[kMaxTrafficSls];
  double hotspot_fraction = 0.1;  // Hotspot: traffic.hotspot_fraction
  // Cbr: the destination of each node's connection, per SL (cbr_connections).
  std::vector<uint32_t> cbr_dst[kMaxTrafficSls];
};

// The point-to-point connections of a CBR SL, fixed at the start: a random cyclic permutation of
// the nodes (Sattolo's algorithm), so that every node sends one connection and receives one and
// none sends to itself (docs/model.md §9.2); drawn from its own stream `rng`.
inline std::vector<uint32_t> cbr_connections(uint32_t nodes, Rng rng) {
  std::vector<uint32_t> p(nodes);
  for (uint32_t i = 0; i < nodes; ++i) p[i] = i;
  for (uint32_t i = nodes - 1; i > 0; --i) std::swap(p[i], p[rng.below(i)]);
  return p;
}

// The superposition of the SLs' arrival processes of one node; every draw from the node's stream,
// in SL order at the start and then in the order of the attempts (ties to the lower SL).
class SlSource final : public TrafficSource {
 public:
  SlSource(uint32_t node, const Rng& rng, const SlTraffic& t) : node_(node), rng_(rng), t_(&t) {
    for (uint32_t s = 0; s < t.sls; ++s) {
      const SlTraffic::Level& l = t.level[s];
      State& st = state_[s];
      st.next = kNone;
      if (l.messages_per_cycle <= 0) continue;
      if (cbr(l.pattern)) {
        // A constant rate: one message every `period` cycles, from a phase drawn in [0, period).
        st.period = 1.0 / l.messages_per_cycle;
        st.t = rng_.uniform() * st.period;
        st.next = at(st.t);
        if (l.pattern == SlPattern::Cbr) st.dst = t.cbr_dst[s][node];
      } else {
        // Bernoulli trials in cycles 0, 1, 2, ...: the first success is in cycle gap - 1.
        st.prob = l.pattern == SlPattern::Bursts4 ? l.messages_per_cycle / 4 : l.messages_per_cycle;
        st.next = gap_from(0, rng_.geometric_gap(st.prob) - 1);
      }
    }
    find_next();
  }
  Cycle next() const override { return next_; }
  TrafficDescriptor generate() override {
    const uint32_t s = next_sl_;
    const SlTraffic::Level& l = t_->level[s];
    State& st = state_[s];
    TrafficDescriptor d{0, l.packets, static_cast<uint8_t>(s)};
    switch (l.pattern) {
      case SlPattern::Uniform:
      case SlPattern::CbrUniform:
        d.dst = uniform_destination();
        break;
      case SlPattern::Next:
        d.dst = node_ + 1 == t_->nodes ? 0 : node_ + 1;
        break;
      case SlPattern::Cbr:
        d.dst = st.dst;
        break;
      case SlPattern::Bursts4:
        d.dst = uniform_destination();
        d.packets = 4 * l.packets;
        break;
      case SlPattern::Hotspot:
        // As HotspotTraffic (sim/traffic/traffic.h): one draw decides, then the uniform part;
        // node 0's hot messages go to node 0 itself, so every node sends the same fraction there.
        d.dst = rng_.uniform() < t_->hotspot_fraction ? 0 : uniform_destination();
        break;
    }
    if (cbr(l.pattern)) {
      st.t += st.period;
      st.next = at(st.t);
    } else {
      st.next = gap_from(st.next, rng_.geometric_gap(st.prob));
    }
    find_next();
    return d;
  }

 private:
  struct State {
    Cycle next = kNone;
    double prob = 0, period = 0, t = 0;  // Bernoulli probability; CBR period and next time
    uint32_t dst = 0;                    // the CBR connection's destination
  };
  static bool cbr(SlPattern p) { return p == SlPattern::Cbr || p == SlPattern::CbrUniform; }
  static Cycle at(double t) { return t >= double(kNone) ? kNone : static_cast<Cycle>(t); }
  static Cycle gap_from(uint64_t from, uint64_t gap) {
    const uint64_t n = from + gap;
    return n >= kNone ? kNone : static_cast<Cycle>(n);
  }
  uint32_t uniform_destination() {
    const uint32_t d = rng_.below(t_->nodes - 1);
    return d >= node_ ? d + 1 : d;
  }
  void find_next() {
    next_ = kNone;
    for (uint32_t s = 0; s < t_->sls; ++s)
      if (state_[s].next < next_) {
        next_ = state_[s].next;
        next_sl_ = s;
      }
  }

  uint32_t node_;
  Rng rng_;
  const SlTraffic* t_;
  State state_[kMaxTrafficSls];
  Cycle next_ = kNone;
  uint32_t next_sl_ = 0;
};

}  // namespace netcosim
