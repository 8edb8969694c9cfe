// Traffic sources: what a NIC generates (sim/nic/nic.h owns one per node). A source tells the
// cycle of its next generation attempt and, when the NIC makes the attempt, a descriptor of the
// message: its destination, its size in packets and its class. The NIC is the node's endpoint in
// both directions (docs/architecture.md "The NIC is the node's endpoint"): it also offers every
// packet ejected at its node to the source (on_receive), the hook request-reply sources and trace
// replay (VEF3) use. The Bernoulli synthetic source (thesis 000 Sec. 1.6.1) is the one today;
// sources are chosen by name in the source registry (sim/traffic/source_registry.h).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/link/packet.h"
#include "sim/traffic/traffic.h"
#include "sim/util/rng.h"

namespace netcosim {

struct SlTraffic;  // sim/traffic/sl_source.h

// The stream kind of a node's traffic source: node n draws from Rng(sim.seed, kNodeTrafficStream,
// n) (docs/principles.md §4; the network builder gives each NIC its source on this stream).
constexpr uint64_t kNodeTrafficStream = 1;

// Generation parameters shared by all Bernoulli sources of a run.
struct TrafficParams {
  double packet_prob = 0;  // load / packet_size, per node and cycle
  // Nodes that generate at a rate of their own, fullrate_prob per cycle (traffic.fullrate_nodes:
  // 1 phit/(node*cycle), paper 004 Sec. 5.3 Workload 1); the others at packet_prob.
  std::vector<uint32_t> fullrate_nodes;
  double fullrate_prob = 0;
  // The generation probability per cycle of node `node` (read once, when its source is built).
  double packet_prob_of(uint32_t node) const {
    return std::find(fullrate_nodes.begin(), fullrate_nodes.end(), node) != fullrate_nodes.end()
               ? fullrate_prob
               : packet_prob;
  }
  const TrafficPattern* pattern = nullptr;
  // A second pattern: a fraction `mix` of the packets (drawn per packet from the node's stream;
  // seed 001 Fig. 6), or every packet generated from `switch_cycle` on (transients; seed 001
  // Fig. 7-9, thesis Fig. 4.8-4.10).
  const TrafficPattern* pattern2 = nullptr;
  double mix = 0;
  Cycle switch_cycle = kNone;
  // The per-service-level parameters ([qos] section; the service_levels source), or nullptr.
  const SlTraffic* sl = nullptr;
  // Bursty-UN (traffic.pattern=bursty_uniform, thesis 000 Sec. 1.6.1.3): the mean burst length B
  // in packets (traffic.burst_length); 0: no bursts, the Bernoulli process.
  double burst_length = 0;
  // traffic.burst_wait (FOGSim's waiting burst generator, docs/model.md §3): the Bursty-UN chain
  // does not advance while the burst's packet cannot be written into its injection VC.
  bool burst_wait = false;
  const TrafficPattern& pattern_for(Cycle gen, Rng& rng) const {
    if (pattern2 == nullptr) return *pattern;
    if (gen >= switch_cycle) return *pattern2;
    if (mix > 0 && rng.uniform() < mix) return *pattern2;
    return *pattern;
  }
};

// What a generation attempt produces: a message of `packets` packets to node `dst`, of class `cls`
// (the NIC enqueues the packets one after the other, each with its own sequence number).
struct TrafficDescriptor {
  uint32_t dst;
  uint32_t packets = 1;
  uint8_t cls = 0;
};

class TrafficSource {
 public:
  // wants_receive: on_receive does something. The NIC reads the flag once at construction
  // (Nic::wants_receive) and skips the virtual call per ejected packet when it is false.
  explicit TrafficSource(bool wants_receive = false) : wants_receive_(wants_receive) {}
  virtual ~TrafficSource() = default;
  // The cycle of the next generation attempt (kNone: no more).
  virtual Cycle next() const = 0;
  // The attempt at next(): the message's descriptor; next() moves on.
  virtual TrafficDescriptor generate() = 0;
  // A packet ejected at this source's node in cycle `now` (its head; Nic::on_receive). next() may
  // move earlier (a reply): the NIC re-reads it, and a new attempt must be at a cycle after `now`.
  virtual void on_receive(const Packet& /*pkt*/, Cycle /*now*/) {}
  // The waiting burst generator (traffic.burst_wait; BurstySource, docs/model.md §3), called by
  // the NIC only when it is on: the destination whose injection VC the attempt at next() needs
  // room in, and the attempt moved to cycle `at` because that VC has none (no draw).
  virtual uint32_t wait_destination() const { return 0; }
  virtual void wait_until(Cycle /*at*/) {}
  bool wants_receive() const { return wants_receive_; }

 private:
  bool wants_receive_;
};

// traffic.fullrate_nodes: "none", or distinct node indices below `nodes` separated by commas
// (decimal, no sign or leading zeros, no spaces). False when malformed.
inline bool parse_node_list(const std::string& text, int64_t nodes, std::vector<uint32_t>& out) {
  out.clear();
  if (text == "none") return true;
  size_t i = 0;
  while (true) {
    size_t j = i;
    while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
    if (j == i || j - i > 10 || (text[i] == '0' && j - i > 1)) return false;
    const int64_t n = std::stoll(text.substr(i, j - i));
    if (n >= nodes || std::find(out.begin(), out.end(), n) != out.end()) return false;
    out.push_back(static_cast<uint32_t>(n));
    if (j == text.size()) return true;
    if (text[j] != ',') return false;
    i = j + 1;
  }
}

// Bernoulli trials in every cycle with probability load / packet_size (geometric gaps; the node's
// own probability, TrafficParams::packet_prob_of), the destination from the pattern; every draw
// from the node's own stream.
class BernoulliSource final : public TrafficSource {
 public:
  BernoulliSource(uint32_t node, const Rng& rng, const TrafficParams& params)
      : node_(node), rng_(rng), params_(&params), prob_(params.packet_prob_of(node)) {
    if (prob_ > 0) {
      // Trials in cycles 0, 1, 2, ...: the first success is in cycle gap - 1.
      const uint64_t first = rng_.geometric_gap(prob_) - 1;
      next_ = first >= kNone ? kNone : static_cast<Cycle>(first);
    }
  }
  Cycle next() const override { return next_; }
  TrafficDescriptor generate() override {
    const uint32_t dst = params_->pattern_for(next_, rng_).destination(node_, rng_);
    const uint64_t next = next_ + rng_.geometric_gap(prob_);
    next_ = next >= kNone ? kNone : static_cast<Cycle>(next);
    return TrafficDescriptor{dst};  // one packet of class 0
  }

 private:
  uint32_t node_;
  Rng rng_;  // the node's stream: generation gaps and destinations
  const TrafficParams* params_;
  double prob_;  // trials' success probability per cycle
  Cycle next_ = kNone;
};

}  // namespace netcosim
