// The permutation and hot-spot patterns of sim/traffic/traffic.h (paper 004 Table 1 and Sec. 5.4;
// Dally & Towles Sec. 3.2; docs/model.md "Patterns"): every destination of small instances,
// derived by hand from the definitions, and the draws the random ones take from the node's stream.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/topology/dragonfly.h"
#include "sim/topology/fattree.h"
#include "sim/topology/mesh.h"
#include "sim/traffic/traffic.h"

namespace netcosim {
namespace {

// The destination of every source 0..N-1 (the permutations draw nothing: the stream is checked).
std::vector<uint32_t> table(const TrafficPattern& p, uint32_t nodes) {
  Rng rng(5, 1, 0), untouched(5, 1, 0);
  std::vector<uint32_t> out;
  for (uint32_t n = 0; n < nodes; ++n) out.push_back(p.destination(n, rng));
  EXPECT_EQ(rng.next(), untouched.next()) << p.name() << " drew from the stream";
  return out;
}

using V = std::vector<uint32_t>;

// 16 nodes, 4 address bits (a 4x4 mesh with one node per switch: n = x + 4y).
TEST(PermutationTraffic, ShuffleRotatesTheAddressLeftByOneBit) {
  const Mesh m({4, 4}, 1, false);
  const auto p = make_traffic("shuffle", m, 0);
  EXPECT_STREQ(p->name(), "shuffle");
  // n = b3 b2 b1 b0 -> b2 b1 b0 b3: 1 (0001) -> 2, 8 (1000) -> 1, 13 (1101) -> 11 (1011).
  EXPECT_EQ(table(*p, 16), (V{0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15}));
}

TEST(PermutationTraffic, BitReversalOnFourAndThreeBits) {
  const Mesh m({4, 4}, 1, false);
  const auto p = make_traffic("bitrev", m, 0);
  EXPECT_STREQ(p->name(), "bitrev");
  // 1 (0001) -> 8 (1000), 3 (0011) -> 12 (1100), 5 (0101) -> 10 (1010), 6 (0110) -> 6,
  // 11 (1011) -> 13 (1101).
  EXPECT_EQ(table(*p, 16), (V{0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15}));
  const FatTree t(2, 3);  // 8 nodes, 3 bits: 1 (001) -> 4 (100), 3 (011) -> 6 (110)
  EXPECT_EQ(table(*make_traffic("bitrev", t, 0), 8), (V{0, 4, 2, 6, 1, 5, 3, 7}));
}

TEST(PermutationTraffic, BitComplementUnderBothNames) {
  const Mesh m({2, 4}, 1, true);
  const V expected{7, 6, 5, 4, 3, 2, 1, 0};
  const auto a = make_traffic("bitcomp", m, 0), b = make_traffic("bit_complement", m, 0);
  EXPECT_STREQ(a->name(), "bitcomp");
  EXPECT_STREQ(b->name(), "bit_complement");
  EXPECT_EQ(table(*a, 8), expected);
  EXPECT_EQ(table(*b, 8), expected);
}

// On a square grid switch (x, y) sends to (y, x), the node's port kept.
TEST(PermutationTraffic, TransposeOnSquareGrids) {
  const Mesh m({4, 4}, 1, false);
  const auto p = make_traffic("transpose", m, 0);
  EXPECT_STREQ(p->name(), "transpose");
  // n = x + 4y -> y + 4x: 1 (1,0) -> 4, 6 (2,1) -> 9, 11 (3,2) -> 14, the diagonal fixed.
  EXPECT_EQ(table(*p, 16), (V{0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15}));
  // 3x3 (not a power of 2): n = x + 3y; 1 (1,0) -> 3, 5 (2,1) -> 7, 2 (2,0) -> 6.
  const Mesh m3({3, 3}, 1, true);
  EXPECT_EQ(table(*make_traffic("transpose", m3, 0), 9), (V{0, 3, 6, 1, 4, 7, 2, 5, 8}));
  // 2x2 with 2 nodes per switch: n = i + 2(x + 2y); 2 (i=0, (1,0)) -> (0,1): 4; 3 -> 5.
  const Mesh m2({2, 2}, 2, false);
  EXPECT_EQ(table(*make_traffic("transpose", m2, 0), 8), (V{0, 1, 4, 5, 2, 3, 6, 7}));
}

// Elsewhere the address halves are swapped: n = 4h + l -> 4l + h on 16 nodes.
TEST(PermutationTraffic, TransposeSwapsAddressHalvesOnOtherTopologies) {
  const FatTree t(4, 2);  // 16 nodes
  // 1 (00 01) -> 4 (01 00), 6 (01 10) -> 9 (10 01), 7 (01 11) -> 13 (11 01).
  EXPECT_EQ(table(*make_traffic("transpose", t, 0), 16),
            (V{0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15}));
  const FatTree odd(2, 3);  // 8 nodes: 3 address bits cannot be halved
  EXPECT_THROW(make_traffic("transpose", odd, 0), std::invalid_argument);
  const Mesh cube({2, 2, 2}, 1, false);
  try {
    make_traffic("transpose", cube, 0);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "traffic.pattern=transpose needs a square 2D grid, which " +
                                         cube.describe() + " is not");
  }
}

// Tornado on a grid: each coordinate + ceil(k/2) - 1 mod k.
TEST(PermutationTraffic, TornadoOnGrids) {
  // 5x4 mesh: x + 2 mod 5, y + 1 mod 4; n = x + 5y.
  const Mesh m({5, 4}, 1, false);
  const auto p = make_traffic("tornado", m, 0);
  EXPECT_STREQ(p->name(), "tornado");
  const V t = table(*p, 20);
  EXPECT_EQ(t[0], 7u);    // (0,0) -> (2,1)
  EXPECT_EQ(t[4], 6u);    // (4,0) -> (1,1)
  EXPECT_EQ(t[13], 15u);  // (3,2) -> (0,3)
  EXPECT_EQ(t[19], 1u);   // (4,3) -> (1,0)
  for (uint32_t n = 0; n < 20; ++n) EXPECT_EQ(t[n], (n % 5 + 2) % 5 + 5 * ((n / 5 + 1) % 4)) << n;
  // 8x8 torus: +3 in both dimensions; 3x2 torus with 2 nodes per switch: x + 1 mod 3, y + 0.
  const Mesh t8({8, 8}, 1, true);
  Rng rng(1, 1, 0);
  EXPECT_EQ(make_traffic("tornado", t8, 0)->destination(0, rng), 27u);  // (0,0) -> (3,3)
  const Mesh c2({3, 2}, 2, true);
  // n = i + 2(x + 3y): 1 (i=1, (0,0)) -> (1,0): 3; 11 (i=1, (2,1)) -> (0,1): 7.
  EXPECT_EQ(table(*make_traffic("tornado", c2, 0), 12), (V{2, 3, 4, 5, 0, 1, 8, 9, 10, 11, 6, 7}));
  // 3D 2x2x3: only z moves (+1 mod 3); n = x + 2y + 4z.
  const Mesh c3({2, 2, 3}, 1, false);
  const V t3 = table(*make_traffic("tornado", c3, 0), 12);
  EXPECT_EQ(t3[1], 5u);
  EXPECT_EQ(t3[11], 3u);
}

// Without a grid the nodes are one ring: n + ceil(N/2) - 1 mod N.
TEST(PermutationTraffic, TornadoOnTheRingOfNodes) {
  const FatTree t(4, 2);  // 16 nodes: + 7
  const V tt = table(*make_traffic("tornado", t, 0), 16);
  EXPECT_EQ(tt[0], 7u);
  EXPECT_EQ(tt[9], 0u);
  EXPECT_EQ(tt[15], 6u);
  const Dragonfly d(2, 4, 2, Arrangement::Palmtree);  // 72 nodes: + 35
  const V td = table(*make_traffic("tornado", d, 0), 72);
  EXPECT_EQ(td[0], 35u);
  EXPECT_EQ(td[40], 3u);
  const FatTree two(2, 1);  // 2 nodes: + 0, every node sends to itself
  EXPECT_EQ(table(*make_traffic("tornado", two, 0), 2), (V{0, 1}));
}

// Hot spot: one uniform() draw, below fraction -> node 0, else below(N - 1) skipping the source.
TEST(HotspotTraffic, DrawsReplayedFromTheStream) {
  const Mesh m({4, 4}, 1, false);
  PatternArgs args;
  args.hotspot_fraction = 0.3;
  const auto p = make_traffic("hotspot", m, args);
  EXPECT_STREQ(p->name(), "hotspot");
  for (const uint32_t src : {0u, 5u, 15u}) {
    Rng rng(11, 1, src), ref(11, 1, src);
    int hot = 0;
    for (int k = 0; k < 2000; ++k) {
      uint32_t expected;
      if (ref.uniform() < 0.3) {
        expected = 0;
        ++hot;
      } else {
        const uint32_t d = ref.below(15);
        expected = d >= src ? d + 1 : d;
      }
      ASSERT_EQ(p->destination(src, rng), expected) << src << " draw " << k;
    }
    EXPECT_GT(hot, 0);
  }
  // The short form of make_traffic gives the default fraction, traffic.hotspot_fraction's 0.1.
  const auto d = make_traffic("hotspot", m, 0);
  EXPECT_EQ(static_cast<const HotspotTraffic&>(*d).fraction(), 0.1);
}

TEST(HotspotTraffic, FractionOneSendsEverythingToNodeZeroAndZeroNothing) {
  const Mesh m({4, 4}, 1, false);
  PatternArgs one, zero;
  one.hotspot_fraction = 1.0;
  zero.hotspot_fraction = 0.0;
  const auto all = make_traffic("hotspot", m, one), none = make_traffic("hotspot", m, zero);
  Rng a(2, 1, 9), b(2, 1, 9);
  std::set<uint32_t> seen;
  for (int k = 0; k < 3000; ++k) {
    EXPECT_EQ(all->destination(9, a), 0u);
    seen.insert(none->destination(9, b));
  }
  std::set<uint32_t> others;
  for (uint32_t n = 0; n < 16; ++n)
    if (n != 9) others.insert(n);
  EXPECT_EQ(seen, others);  // fraction 0: uniform over the other nodes (0 included)
}

// Hot region on 64 nodes: one uniform() draw, below 1/4 -> below(8) (nodes 0..7), else
// below(63) skipping the source.
TEST(HotRegionTraffic, DrawsReplayedFromTheStream) {
  const Mesh m({8, 8}, 1, false);
  const auto p = make_traffic("hotregion", m, 0);
  EXPECT_STREQ(p->name(), "hotregion");
  for (const uint32_t src : {3u, 20u, 63u}) {
    Rng rng(13, 1, src), ref(13, 1, src);
    std::set<uint32_t> seen;
    for (int k = 0; k < 4000; ++k) {
      uint32_t expected;
      if (ref.uniform() < 0.25) {
        expected = ref.below(8);
      } else {
        const uint32_t d = ref.below(63);
        expected = d >= src ? d + 1 : d;
      }
      const uint32_t got = p->destination(src, rng);
      ASSERT_EQ(got, expected) << src << " draw " << k;
      seen.insert(got);
    }
    // Every node is reached; the source only when it is in the region (3: yes; 20, 63: no).
    EXPECT_EQ(seen.size(), src < 8 ? 64u : 63u) << src;
    EXPECT_EQ(seen.count(src), src < 8 ? 1u : 0u) << src;
  }
}

// The registry's checks (validate_config prefixes the key and value).
TEST(PatternChecks, RulesOfEachPattern) {
  auto check = [](const char* name, int64_t nodes, std::vector<uint32_t> dims = {}) {
    PatternShape s;
    s.nodes = nodes;
    s.grid.dims = std::move(dims);
    const TrafficPatternEntry* e = traffic_pattern_entry(name);
    EXPECT_NE(e, nullptr) << name;
    return e == nullptr || e->check == nullptr ? std::string("(no check)") : e->check(s);
  };
  for (const char* p : {"shuffle", "bitrev", "bitcomp", "bit_complement"}) {
    EXPECT_EQ(check(p, 64), "") << p;
    EXPECT_EQ(check(p, 72), "needs a power-of-2 node count (the topology has 72 nodes)") << p;
  }
  EXPECT_EQ(check("transpose", 64), "");
  EXPECT_EQ(check("transpose", 16, {4, 4}), "");
  EXPECT_EQ(check("transpose", 9, {3, 3}), "");
  EXPECT_EQ(check("transpose", 12, {3, 4}),
            "needs a square 2D grid, topology.dims=AxA (topology.dims=3x4)");
  EXPECT_EQ(check("transpose", 8, {2, 2, 2}),
            "needs a square 2D grid, topology.dims=AxA (topology.dims=2x2x2)");
  EXPECT_EQ(check("transpose", 32),
            "needs a node count that is a power of 4, an even number of address bits (the "
            "topology has 32 nodes)");
  EXPECT_EQ(check("hotregion", 8), "");
  EXPECT_EQ(check("hotregion", 4),
            "needs at least 8 nodes, its hot region being the first nodes/8 (the topology has 4 "
            "nodes)");
  EXPECT_EQ(check("hotspot", 2), "");
  EXPECT_EQ(check("tornado", 3), "(no check)");
  EXPECT_EQ(traffic_pattern_entry("neighbor"), nullptr);
}

}  // namespace
}  // namespace netcosim
