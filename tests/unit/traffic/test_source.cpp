// Mixed and transient traffic (TrafficParams::pattern_for; seed 001 Fig. 6-9, docs/model.md
// "Mixed and transient traffic") and the Bernoulli source (thesis 000 Sec. 1.6.1): which pattern
// a packet uses and every draw taken from the node's stream, in order.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "sim/topology/dragonfly.h"
#include "sim/traffic/bursty_source.h"
#include "sim/traffic/source.h"

namespace netcosim {
namespace {

struct Patterns {
  Dragonfly d{2, 4, 2, Arrangement::Palmtree};
  std::unique_ptr<TrafficPattern> un = make_traffic("uniform", d, 0);
  std::unique_ptr<TrafficPattern> adv = make_traffic("adv", d, 1);
};

TEST(TrafficParams, OnePatternTakesNoDraw) {
  const Patterns p;
  TrafficParams tp;
  tp.pattern = p.un.get();
  Rng rng(1, 1, 0), twin(1, 1, 0);
  EXPECT_EQ(&tp.pattern_for(0, rng), p.un.get());
  EXPECT_EQ(rng.next(), twin.next());
}

// A transient: pattern before switch_cycle, pattern2 from it on; no draw either way.
TEST(TrafficParams, TransientSwitchesAtTheSwitchCycleWithoutADraw) {
  const Patterns p;
  TrafficParams tp;
  tp.pattern = p.un.get();
  tp.pattern2 = p.adv.get();
  tp.switch_cycle = 100;
  Rng rng(2, 1, 0), twin(2, 1, 0);
  EXPECT_EQ(&tp.pattern_for(0, rng), p.un.get());
  EXPECT_EQ(&tp.pattern_for(99, rng), p.un.get());
  EXPECT_EQ(&tp.pattern_for(100, rng), p.adv.get());
  EXPECT_EQ(&tp.pattern_for(5000, rng), p.adv.get());
  EXPECT_EQ(rng.next(), twin.next());
}

// A mix: one uniform draw per packet, pattern2 when it is below `mix`.
TEST(TrafficParams, MixTakesOneUniformDrawPerPacket) {
  const Patterns p;
  TrafficParams tp;
  tp.pattern = p.un.get();
  tp.pattern2 = p.adv.get();
  tp.mix = 0.25;
  Rng rng(3, 1, 0), twin(3, 1, 0);
  int second = 0;
  for (int i = 0; i < 1000; ++i) {
    const TrafficPattern* expect = twin.uniform() < 0.25 ? p.adv.get() : p.un.get();
    const TrafficPattern* got = &tp.pattern_for(static_cast<Cycle>(i), rng);
    EXPECT_EQ(got, expect) << "packet " << i;
    second += got == p.adv.get();
  }
  EXPECT_GT(second, 0);
  EXPECT_LT(second, 1000);
}

// The first attempt is at cycle gap - 1; each generation draws the destination, then the next gap.
TEST(BernoulliSource, GapsAndDestinationsComeFromTheNodesStreamInOrder) {
  const Patterns p;
  TrafficParams tp;
  tp.pattern = p.adv.get();
  tp.packet_prob = 0.05;
  const Rng stream(4, 1, 9);
  BernoulliSource src(9, stream, tp);
  Rng twin = stream;
  uint64_t next = twin.geometric_gap(0.05) - 1;
  for (int i = 0; i < 200; ++i) {
    ASSERT_EQ(src.next(), next) << "packet " << i;
    const uint32_t dst = src.generate().dst;
    EXPECT_EQ(dst, 2 * 8 + twin.below(8)) << "packet " << i;  // node 9 is in group 1: ADV+1 -> 2
    next += twin.geometric_gap(0.05);
  }
}

TEST(BernoulliSource, ZeroLoadNeverGenerates) {
  const Patterns p;
  TrafficParams tp;
  tp.pattern = p.un.get();
  const BernoulliSource src(0, Rng(5, 1, 0), tp);
  EXPECT_EQ(src.next(), kNone);
}

// Bursty-UN (BurstySource, thesis 000 Sec. 1.6.1.3) on a Dragonfly of 1056 nodes, load 0.4 with
// 8-phit packets (P_ON = 0.05) and bursts of B = 5 packets: every burst is B' consecutive cycles
// to one destination; over 10^6 cycles the packet count is P_ON * 10^6 = 50,000 within 5 standard
// deviations of the ON/OFF chain's count (variance n P_ON (1 - P_ON) (1 + l) / (1 - l) with
// l = (1 - p_on2off)(1 - p_off2on) = 0.8 * (1 - 0.05 / 4.8) = 0.7917: sd 640), and the mean burst
// length is B within 5 sd of the mean of 10,000 geometric lengths (variance (1 - 1/B) B^2 = 20:
// sd 0.045).
TEST(BurstySource, BurstsOfConsecutivePacketsToOneDestinationAtTheMeanLoad) {
  const Dragonfly topo(4, 8, 4, Arrangement::Palmtree);
  ASSERT_EQ(topo.nodes(), 1056u);
  const UniformTraffic uniform(topo);
  TrafficParams params;
  params.packet_prob = 0.4 / 8;
  params.burst_length = 5;
  params.pattern = &uniform;
  BurstySource s(17, Rng(3, 1, 17), params);
  uint64_t packets = 0, bursts = 0;
  Cycle last = kNone;
  uint32_t last_dst = 0;
  while (s.next() < 1000000) {
    const Cycle t = s.next();
    const TrafficDescriptor d = s.generate();
    EXPECT_NE(d.dst, 17u);
    EXPECT_EQ(d.packets, 1u);
    ASSERT_TRUE(last == kNone || t > last);
    // A burst continues in the very next cycle with the same destination; a new one starts with
    // a new draw (the same node again with probability 1/1055, rare enough not to matter).
    if (last == kNone || t != last + 1 || d.dst != last_dst) ++bursts;
    last = t;
    last_dst = d.dst;
    ++packets;
  }
  EXPECT_NEAR(double(packets), 50000.0, 5 * 640.0);
  EXPECT_NEAR(double(packets) / double(bursts), 5.0, 5 * 0.045);
}

// With B = 1 every cycle is a fresh Bernoulli trial at P_ON: the gaps between packets are
// geometric with mean 1 / P_ON = 20 cycles (200,000 packets: sd of the mean gap
// sqrt((1 - P_ON) / P_ON^2 / n) = 0.044).
TEST(BurstySource, BurstsOfOneAreTheBernoulliProcess) {
  const Dragonfly topo(4, 8, 4, Arrangement::Palmtree);
  const UniformTraffic uniform(topo);
  TrafficParams params;
  params.packet_prob = 0.05;
  params.burst_length = 1;
  params.pattern = &uniform;
  BurstySource s(0, Rng(9, 1, 0), params);
  const Cycle first = s.next();
  Cycle last = first;
  uint64_t n = 0;
  while (n < 200000) {
    last = s.next();
    s.generate();
    ++n;
  }
  EXPECT_NEAR(double(last - first) / double(n - 1), 20.0, 5 * 0.044);
}

// traffic.burst_wait (the waiting generator, docs/model.md §3), derived from the chain without the
// key on the same stream: with no wait, every packet has the cycle and destination of the free
// chain's, and after each burst's last packet (a change of destination or a gap) comes one attempt
// of no packet, one cycle after it. Then a wait of w cycles at an attempt moves every later
// attempt by w and changes no destination (no draw while waiting). h4 network, load 0.4, B = 5.
TEST(BurstySource, WaitingChainIsTheFreeChainDrawForDrawShiftedByItsWaits) {
  const Dragonfly topo(4, 8, 4, Arrangement::Palmtree);
  const UniformTraffic uniform(topo);
  TrafficParams params;
  params.packet_prob = 0.4 / 8;
  params.burst_length = 5;
  params.pattern = &uniform;
  TrafficParams waiting = params;
  waiting.burst_wait = true;
  std::vector<std::pair<Cycle, uint32_t>> free_packets;
  BurstySource f(5, Rng(4, 1, 5), params);
  while (free_packets.size() < 2000) {
    const Cycle t = f.next();
    free_packets.push_back({t, f.generate().dst});
  }
  // No wait: the same packets; the end of a burst one cycle after its last packet, exactly
  // before each packet that starts a burst (a gap or a new destination in the free chain).
  BurstySource w(5, Rng(4, 1, 5), waiting);
  size_t k = 0, ends = 0;
  bool ended = false;
  while (k < free_packets.size()) {
    const Cycle t = w.next();
    const uint32_t dst = w.wait_destination();
    const TrafficDescriptor d = w.generate();
    EXPECT_EQ(dst, d.dst);
    if (d.packets == 0) {
      ASSERT_GT(k, 0u);
      EXPECT_FALSE(ended);
      EXPECT_EQ(t, free_packets[k - 1].first + 1);
      EXPECT_EQ(d.dst, free_packets[k - 1].second);
      ended = true;
      ++ends;
      continue;
    }
    EXPECT_EQ(t, free_packets[k].first);
    EXPECT_EQ(d.dst, free_packets[k].second);
    if (k > 0) {
      EXPECT_EQ(ended, free_packets[k].first != free_packets[k - 1].first + 1 ||
                           free_packets[k].second != free_packets[k - 1].second)
          << "packet " << k;
    }
    ended = false;
    ++k;
  }
  EXPECT_GT(ends, 300u);  // about 2000 / 5 bursts
  // Waits: 3 cycles at every 7th attempt (packets and ends alike).
  BurstySource v(5, Rng(4, 1, 5), waiting);
  Cycle shift = 0;
  k = 0;
  for (size_t attempt = 0; k < free_packets.size(); ++attempt) {
    if (attempt % 7 == 0) {
      v.wait_until(v.next() + 3);
      shift += 3;
    }
    const Cycle t = v.next();
    const TrafficDescriptor d = v.generate();
    if (d.packets == 0) continue;
    EXPECT_EQ(t, free_packets[k].first + shift);
    EXPECT_EQ(d.dst, free_packets[k].second);
    ++k;
  }
}

}  // namespace
}  // namespace netcosim
