// The service levels' traffic source (sim/traffic/sl_source.h; docs/model.md "Service levels"):
// each SL's rate, destinations, message sizes and class, and the order of the superposition.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "sim/traffic/sl_source.h"

using namespace netcosim;

namespace {

SlTraffic three_levels() {
  SlTraffic t;
  t.sls = 3;
  t.nodes = 16;
  t.level[0] = {0.1, 2, SlPattern::Cbr};        // a connection: one message every 10 cycles
  t.level[1] = {0.02, 1, SlPattern::Uniform};   // Bernoulli, uniform destinations
  t.level[2] = {0.008, 3, SlPattern::Bursts4};  // bursts of 4 messages of 3 packets
  t.cbr_dst[0] = cbr_connections(16, Rng(1, 3, 0));
  return t;
}

struct Seen {
  uint64_t messages[3] = {}, packets[3] = {};
  std::vector<uint32_t> cbr_dst;
};

Seen run(SlSource& src, Cycle horizon) {
  Seen s;
  Cycle last = 0;
  for (Cycle t = src.next(); t < horizon; t = src.next()) {
    EXPECT_GE(t, last) << "attempts in time order";
    last = t;
    const TrafficDescriptor d = src.generate();
    EXPECT_LT(d.cls, 3u);
    ++s.messages[d.cls];
    s.packets[d.cls] += d.packets;
    EXPECT_NE(d.dst, 5u) << "never to the source itself";
    EXPECT_LT(d.dst, 16u);
    if (d.cls == 0) s.cbr_dst.push_back(d.dst);
    if (d.cls == 2) {
      EXPECT_EQ(d.packets, 12u) << "4 messages of 3 packets at once";
    }
    if (d.cls == 0) {
      EXPECT_EQ(d.packets, 2u);
    }
  }
  return s;
}

TEST(SlSource, CbrIsExactAndItsConnectionFixed) {
  const SlTraffic t = three_levels();
  SlSource src(5, Rng(1, 1, 5), t);
  const Seen s = run(src, 100000);
  // Messages at phase + 10k, phase in [0, 10): exactly 10000 before cycle 100000.
  EXPECT_EQ(s.messages[0], 10000u);
  EXPECT_EQ(s.packets[0], 20000u);
  for (const uint32_t d : s.cbr_dst) EXPECT_EQ(d, t.cbr_dst[0][5]);
}

TEST(SlSource, CbrConnectionsAreACyclicPermutation) {
  // Every node sends one connection and receives one, none to itself, and following the
  // connections from node 0 visits every node (one cycle: Sattolo's algorithm).
  for (const uint64_t seed : {1u, 2u, 3u}) {
    const std::vector<uint32_t> p = cbr_connections(48, Rng(seed, 3, 0));
    std::vector<int> received(48, 0);
    for (uint32_t n = 0; n < 48; ++n) {
      EXPECT_NE(p[n], n);
      ++received[p[n]];
    }
    for (const int r : received) EXPECT_EQ(r, 1);
    uint32_t n = 0, steps = 0;
    do {
      n = p[n];
      ++steps;
    } while (n != 0 && steps <= 48);
    EXPECT_EQ(steps, 48u);
  }
}

TEST(SlSource, BernoulliRatesWithinFiveSigma) {
  const SlTraffic t = three_levels();
  SlSource src(5, Rng(7, 1, 5), t);
  const double horizon = 200000;
  const Seen s = run(src, static_cast<Cycle>(horizon));
  for (const auto& [sl, p] : {std::pair<int, double>{1, 0.02}, {2, 0.002}}) {
    const double mean = horizon * p, sigma = std::sqrt(horizon * p * (1 - p));
    EXPECT_NEAR(double(s.messages[sl]), mean, 5 * sigma) << "SL " << sl;
  }
}

TEST(SlSource, NextSendsToTheFollowingNodeAndWrapsAround) {
  SlTraffic t;
  t.sls = 1;
  t.nodes = 4;
  t.level[0] = {0.5, 1, SlPattern::Next};
  for (uint32_t n = 0; n < 4; ++n) {
    SlSource src(n, Rng(3, 1, n), t);
    for (int k = 0; k < 20; ++k) EXPECT_EQ(src.generate().dst, (n + 1) % 4);
  }
}

// hotspot (paper 004 Table 1 "Hot-spot: X% uniform, (1-X)% send to node 0", per SL): with
// fraction 1 every message of every node goes to node 0, node 0's to itself; with fraction 0 it
// is uniform over the other nodes; with 1/2 a node other than 0 sends 1/2 + 1/2 x 1/15 of its
// messages to node 0 (the uniform half may draw node 0 too) and never one to itself.
TEST(SlSource, HotspotSendsItsFractionToNodeZeroAndTheRestUniform) {
  SlTraffic t;
  t.sls = 1;
  t.nodes = 16;
  t.level[0] = {0.5, 1, SlPattern::Hotspot};
  t.hotspot_fraction = 1.0;
  for (uint32_t n : {0u, 5u, 15u}) {
    SlSource src(n, Rng(4, 1, n), t);
    for (int k = 0; k < 50; ++k) EXPECT_EQ(src.generate().dst, 0u) << "node " << n;
  }
  t.hotspot_fraction = 0.0;
  {
    SlSource src(0, Rng(4, 1, 0), t);
    std::vector<int> hits(16, 0);
    for (int k = 0; k < 1500; ++k) ++hits[src.generate().dst];
    EXPECT_EQ(hits[0], 0) << "never to the source itself";
    for (uint32_t d = 1; d < 16; ++d) EXPECT_GT(hits[d], 0) << "node " << d;
  }
  t.hotspot_fraction = 0.5;
  SlSource src(5, Rng(4, 1, 5), t);
  const int n = 20000;
  int to0 = 0;
  for (int k = 0; k < n; ++k) {
    const uint32_t d = src.generate().dst;
    EXPECT_NE(d, 5u);
    to0 += d == 0;
  }
  const double p = 0.5 + 0.5 / 15, sigma = std::sqrt(n * p * (1 - p));
  EXPECT_NEAR(double(to0), n * p, 5 * sigma);
}

TEST(SlSource, SameStreamSameAttemptsAndAnIdleLevelNeverFires) {
  SlTraffic t = three_levels();
  t.level[1].messages_per_cycle = 0;
  SlSource a(2, Rng(9, 1, 2), t), b(2, Rng(9, 1, 2), t);
  for (int k = 0; k < 500; ++k) {
    ASSERT_EQ(a.next(), b.next());
    const TrafficDescriptor x = a.generate(), y = b.generate();
    ASSERT_EQ(x.dst, y.dst);
    ASSERT_EQ(x.cls, y.cls);
    ASSERT_NE(x.cls, 1u);
  }
}

}  // namespace
