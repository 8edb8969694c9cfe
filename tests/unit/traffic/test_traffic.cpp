// The traffic patterns of sim/traffic/traffic.h through the Topology interface (thesis 000
// Sec. 1.6.1 and 3.2; docs/model.md "Patterns"): the exact destination set of every source, and
// the draws each pattern takes from the node's stream (one per packet for UN and ADV+i, two for
// ADVc), which keep the results of a run bit-identical.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

#include "sim/blocks/vc_selector.h"
#include "sim/topology/dragonfly.h"
#include "sim/topology/mesh.h"
#include "sim/traffic/traffic.h"

namespace netcosim {
namespace {

// h=2 a=4 p=2: 9 groups of 4 routers, 8 nodes per group, 72 nodes.
constexpr uint32_t kP = 2, kA = 4, kH = 2, kGroups = kA * kH + 1, kPerGroup = kA * kP;
constexpr int kDraws = 4000;  // per source: every one of <= 16 candidates is hit (miss < 1e-100)

std::set<uint32_t> destinations(const TrafficPattern& pat, uint32_t src) {
  Rng rng(7, 1, src);
  std::set<uint32_t> out;
  for (int i = 0; i < kDraws; ++i) out.insert(pat.destination(src, rng));
  return out;
}

std::set<uint32_t> nodes_of_groups(std::initializer_list<uint32_t> groups) {
  std::set<uint32_t> out;
  for (const uint32_t g : groups)
    for (uint32_t i = 0; i < kPerGroup; ++i) out.insert(g * kPerGroup + i);
  return out;
}

TEST(UniformTraffic, ReachesEveryOtherNodeAndNeverTheSource) {
  const Dragonfly d(kP, kA, kH, Arrangement::Palmtree);
  const auto pat = make_traffic("uniform", d, 0);
  for (const uint32_t src : {0u, 35u, 71u}) {
    Rng rng(3, 1, src);
    std::set<uint32_t> seen;
    for (int i = 0; i < 20 * kDraws; ++i) seen.insert(pat->destination(src, rng));
    EXPECT_EQ(seen.size(), d.nodes() - 1) << "src " << src;
    EXPECT_EQ(seen.count(src), 0u) << "src " << src;
  }
}

// One draw below nodes-1 per packet, shifted past the source.
TEST(UniformTraffic, TakesOneDrawBelowNodesMinusOnePerPacket) {
  const Dragonfly d(kP, kA, kH, Arrangement::Palmtree);
  const auto pat = make_traffic("uniform", d, 0);
  Rng rng(11, 1, 40), twin(11, 1, 40);
  for (int i = 0; i < 1000; ++i) {
    const uint32_t r = twin.below(71);
    EXPECT_EQ(pat->destination(40, rng), r >= 40 ? r + 1 : r);
  }
}

// ADV+1 on h=2 a=4 p=2: every destination of node n is a node of partition (group(n) + 1) mod 9,
// and all 8 of them are reached.
TEST(AdversarialTraffic, AdvPlusOneSendsToEveryNodeOfTheNextPartitionOnly) {
  const Dragonfly d(kP, kA, kH, Arrangement::Palmtree);
  const auto pat = make_traffic("adv", d, 1);
  const Topology& t = d;
  for (uint32_t n = 0; n < t.nodes(); ++n) {
    const uint32_t target = (n / kPerGroup + 1) % kGroups;
    EXPECT_EQ(destinations(*pat, n), nodes_of_groups({target})) << "node " << n;
  }
}

// The offset is taken modulo the partition count: ADV+10 is ADV+1 on 9 groups; ADV+8 is ADV-1.
TEST(AdversarialTraffic, OffsetIsTakenModuloThePartitionCount) {
  const Dragonfly d(kP, kA, kH, Arrangement::Palmtree);
  const auto plus10 = make_traffic("adv", d, 10), plus8 = make_traffic("adv", d, 8);
  EXPECT_EQ(destinations(*plus10, 0), nodes_of_groups({1}));
  EXPECT_EQ(destinations(*plus10, 70), nodes_of_groups({0}));
  EXPECT_EQ(destinations(*plus8, 0), nodes_of_groups({8}));
  EXPECT_EQ(destinations(*plus8, 20), nodes_of_groups({1}));
}

TEST(AdversarialTraffic, TakesOneDrawBelowThePartitionSizePerPacket) {
  const Dragonfly d(kP, kA, kH, Arrangement::Palmtree);
  const auto pat = make_traffic("adv", d, 3);
  Rng rng(5, 1, 17), twin(5, 1, 17);
  for (int i = 0; i < 1000; ++i)
    EXPECT_EQ(pat->destination(17, rng), (2 + 3) * kPerGroup + twin.below(kPerGroup));
}

// ADVc with palmtree: router a-1 = 3 of group G has global links j = 3*2 + k = 6, 7, reaching
// (G - j - 1) mod 9 = G+2 and G+1: the h groups after G (thesis 000 Sec. 3.2).
TEST(AdvcTraffic, PalmtreeSendsToEveryNodeOfTheNextHPartitionsOnly) {
  const Dragonfly d(kP, kA, kH, Arrangement::Palmtree);
  const auto pat = make_traffic("advc", d, 0);
  for (uint32_t n = 0; n < d.nodes(); n += 3) {
    const uint32_t G = n / kPerGroup;
    EXPECT_EQ(destinations(*pat, n), nodes_of_groups({(G + 1) % kGroups, (G + 2) % kGroups}))
        << "node " << n;
  }
}

// ADVc with the consecutive arrangement: links j = 6, 7 of group G reach j if j < G, else j+1:
// groups 7 and 8 for G <= 6, 6 and 8 for G = 7, 6 and 7 for G = 8.
TEST(AdvcTraffic, ConsecutiveSendsToTheGroupsOfTheLastRoutersGlobalLinks) {
  const Dragonfly d(kP, kA, kH, Arrangement::Consecutive);
  const auto pat = make_traffic("advc", d, 0);
  EXPECT_EQ(destinations(*pat, 0), nodes_of_groups({7, 8}));
  EXPECT_EQ(destinations(*pat, 6 * kPerGroup + 5), nodes_of_groups({7, 8}));
  EXPECT_EQ(destinations(*pat, 7 * kPerGroup), nodes_of_groups({6, 8}));
  EXPECT_EQ(destinations(*pat, 8 * kPerGroup + 7), nodes_of_groups({6, 7}));
}

// Two draws per packet: the global port of router a-1 (below h), then the node (below a*p).
TEST(AdvcTraffic, DrawsThePortFirstThenTheNode) {
  const Dragonfly d(kP, kA, kH, Arrangement::Palmtree);
  const auto pat = make_traffic("advc", d, 0);
  const uint32_t src = 9;  // group 1
  Rng rng(9, 1, src), twin(9, 1, src);
  for (int i = 0; i < 1000; ++i) {
    const uint32_t k = twin.below(kH);
    const uint32_t group = d.global_target_group(1, kA - 1, k);
    EXPECT_EQ(pat->destination(src, rng), group * kPerGroup + twin.below(kPerGroup));
  }
}

// ADVc with FOGSim's injection VC (traffic.injection_vc=dest, DestVc) on h8 (p = 8, a = 16,
// h = 8: 129 groups of 128 nodes, 16,512 nodes, 3 injection VCs; docs/validation.md "Why
// FOGSim's injection spreads the routers under round robin"). VC floor(dst * 3 / 16,512) splits
// the nodes into three ranges of exactly 43 groups, and a group sends to its next 8 groups, so
// every node of a group uses one VC unless G+1..G+8 cross a range's end: groups 35-41, 78-84 and
// 121-127 (the last wrapping to group 0), whose 8 target groups split k : 8 - k over two VCs with
// k = 42 - G mod 43 in the lower range (G = 35: 7 : 1, ..., G = 41: 1 : 7).
TEST(AdvcTraffic, DestVcOnH8GivesOneInjectionVcPerGroupExceptAtTheRangeEnds) {
  constexpr uint32_t p = 8, a = 16, h = 8, groups = a * h + 1, per_group = a * p;
  const Dragonfly d(p, a, h, Arrangement::Palmtree);
  ASSERT_EQ(d.nodes(), 16512u);
  const auto pat = make_traffic("advc", d, 0);
  uint32_t one_vc = 0;
  for (uint32_t G = 0; G < groups; ++G) {
    // Target groups of each VC, from the pattern's draws (8 groups of 1/8 each; 4000 draws miss
    // one with probability below 1e-200).
    std::set<uint32_t> by_vc[3];
    for (const uint32_t dst : destinations(*pat, G * per_group + 5))
      by_vc[DestVc::vc_of(dst, 3, d.nodes())].insert(dst / per_group);
    std::set<uint32_t> used;
    for (uint32_t v = 0; v < 3; ++v)
      if (!by_vc[v].empty()) used.insert(v);
    const uint32_t r = G % 43;
    if (r < 35 || r > 41) {
      ++one_vc;
      ASSERT_EQ(used.size(), 1u) << "group " << G;
      EXPECT_EQ(by_vc[*used.begin()].size(), 8u) << "group " << G;
    } else {
      ASSERT_EQ(used.size(), 2u) << "group " << G;
      const uint32_t lo = *used.begin(), hi = *used.rbegin();
      // The lower range holds 42 - r targets, unless the wrap puts group 0 (VC 0) above.
      const bool wraps = G >= 121;
      EXPECT_EQ(by_vc[wraps ? hi : lo].size(), 42 - r) << "group " << G;
      EXPECT_EQ(by_vc[wraps ? lo : hi].size(), 8 - (42 - r)) << "group " << G;
    }
  }
  EXPECT_EQ(one_vc, 108u);
}

// A topology that is not a Dragonfly: 6 routers with one node each (node n on router n, port 0)
// and one Global port (port 1), in partitions of unequal size {0, 1}, {2}, {3, 4, 5}. The Global
// ports of the partitions' last routers reach: router 1 -> router 3, router 2 -> router 0,
// router 5 -> router 2. Only what the patterns read is modelled.
class UnevenTopology final : public Topology {
 public:
  std::string describe() const override { return "uneven"; }
  uint32_t routers() const override { return 6; }
  uint32_t nodes() const override { return 6; }
  uint32_t router_radix() const override { return 2; }
  PortClass port_class_of(uint32_t, uint32_t port) const override {
    return port == 0 ? kInjectionClass : df::kGlobal;
  }
  PortRef peer(uint32_t router, uint32_t) const override {
    return {router == 1 ? 3u : router == 2 ? 0u : router == 5 ? 2u : router, 1};
  }
  uint32_t node_router(uint32_t node) const override { return node; }
  uint32_t node_port(uint32_t) const override { return 0; }
  uint32_t node_at(uint32_t router, uint32_t) const override { return router; }
  uint32_t partitions() const override { return 3; }
  uint32_t partition_first(uint32_t partition) const override {
    return partition == 0 ? 0 : partition == 1 ? 2 : 3;
  }
  uint32_t partition_of_router(uint32_t router) const override {
    return router < 2 ? 0 : router < 3 ? 1 : 2;
  }
  uint32_t partition_node_count(uint32_t partition) const override {
    return partition_size(partition);
  }
  uint32_t partition_node(uint32_t partition, uint32_t index) const override {
    return partition_first(partition) + index;
  }
  const std::vector<std::string>& port_class_names() const override {
    return df::port_class_names();
  }
  void min_hops(uint32_t, uint32_t, uint32_t*) const override {}  // not read here
};

TEST(TrafficOnAnyTopology, PatternsUseOnlyThePartitionsOfTheInterface) {
  const UnevenTopology t;
  const auto un = make_traffic("uniform", t, 0), adv = make_traffic("adv", t, 1),
             advc = make_traffic("advc", t, 0);
  using S = std::set<uint32_t>;
  EXPECT_EQ(destinations(*un, 2), (S{0, 1, 3, 4, 5}));
  EXPECT_EQ(destinations(*adv, 0), (S{2}));
  EXPECT_EQ(destinations(*adv, 1), (S{2}));
  EXPECT_EQ(destinations(*adv, 2), (S{3, 4, 5}));
  EXPECT_EQ(destinations(*adv, 4), (S{0, 1}));
  EXPECT_EQ(destinations(*advc, 0), (S{3, 4, 5}));
  EXPECT_EQ(destinations(*advc, 2), (S{0, 1}));
  EXPECT_EQ(destinations(*advc, 3), (S{2}));
}

// traffic.adv_target=same_router (FOGSim's ADV): node n on router A of group G sends to the p nodes
// of router A of group G + i: on h=2 a=4 p=2 node n's router index is (n / 2) mod 4, so its
// destinations are ((G + i) mod 9) * 8 + 2A + {0, 1}.
TEST(AdversarialTraffic, SameRouterSendsToEveryNodeOfTheRouterWithTheSourcesIndexOnly) {
  const Dragonfly d(kP, kA, kH, Arrangement::Palmtree);
  for (const uint32_t offset : {1u, 2u, 8u}) {
    const auto pat = make_traffic("adv", d, offset, /*same_router=*/true);
    for (uint32_t n = 0; n < d.nodes(); ++n) {
      const uint32_t G = n / kPerGroup, A = (n / kP) % kA;
      const uint32_t first = ((G + offset) % kGroups) * kPerGroup + A * kP;
      EXPECT_EQ(destinations(*pat, n), (std::set<uint32_t>{first, first + 1}))
          << "node " << n << " offset " << offset;
    }
  }
}

// One draw per packet, below p (the node of the router).
TEST(AdversarialTraffic, SameRouterTakesOneDrawBelowPPerPacket) {
  const Dragonfly d(kP, kA, kH, Arrangement::Palmtree);
  const auto pat = make_traffic("adv", d, 1, /*same_router=*/true);
  const uint32_t src = 13;  // group 1, router index 2
  Rng rng(5, 1, src), twin(5, 1, src);
  for (int i = 0; i < 1000; ++i)
    EXPECT_EQ(pat->destination(src, rng), 2 * kPerGroup + 2 * kP + twin.below(kP));
}

// ADVc with same_router: the port draw (below h) picks the group as before, then one draw below p
// picks the node of the router with the source router's index in that group.
TEST(AdvcTraffic, SameRouterDrawsThePortThenANodeOfTheSameIndexRouter) {
  const Dragonfly d(kP, kA, kH, Arrangement::Palmtree);
  const auto pat = make_traffic("advc", d, 0, /*same_router=*/true);
  const uint32_t src = 9;  // group 1, router index 0
  Rng rng(9, 1, src), twin(9, 1, src);
  for (int i = 0; i < 1000; ++i) {
    const uint32_t group = d.global_target_group(1, kA - 1, twin.below(kH));
    EXPECT_EQ(pat->destination(src, rng), group * kPerGroup + 0 * kP + twin.below(kP));
  }
  EXPECT_EQ(destinations(*pat, 15),
            (std::set<uint32_t>{2 * 8 + 6, 2 * 8 + 7, 3 * 8 + 6, 3 * 8 + 7}));
}

// Partitions of unequal size have no "same router": refused with the pattern named.
TEST(AdversarialTraffic, SameRouterIsRefusedOnUnequalPartitions) {
  const UnevenTopology t;
  try {
    make_traffic("adv", t, 1, /*same_router=*/true);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "traffic.pattern=adv with traffic.adv_target=same_router needs partitions of "
                 "equal routers and nodes per router, which uneven does not have");
  }
}

TEST(MakeTraffic, UnknownPatternNamesTheKeyAndTheAllowedValues) {
  const Dragonfly d(kP, kA, kH, Arrangement::Palmtree);
  try {
    make_traffic("neighbor", d, 0);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(
        e.what(),
        "traffic.pattern=neighbor: allowed values are "
        "uniform|adv|advc|bursty_uniform|bitcomp|bit_complement|shuffle|bitrev|transpose|tornado|"
        "hotspot|hotregion");
  }
  EXPECT_STREQ(make_traffic("uniform", d, 0)->name(), "uniform");
  EXPECT_STREQ(make_traffic("adv", d, 1)->name(), "adv");
  EXPECT_STREQ(make_traffic("advc", d, 0)->name(), "advc");
}

}  // namespace
}  // namespace netcosim

namespace netcosim {
namespace {

// bit_complement: node n sends to n XOR (nodes - 1), without drawing; on the 4x4 mesh node
// (x, y) sends to (3-x, 3-y).
TEST(BitComplement, EveryNodeSendsToItsComplement) {
  const Mesh m({4, 4}, 1, false);
  const auto t = make_traffic("bit_complement", m, 0);
  EXPECT_STREQ(t->name(), "bit_complement");
  Rng rng(1, 1, 0), untouched(1, 1, 0);
  EXPECT_EQ(t->destination(0, rng), 15u);
  EXPECT_EQ(t->destination(5, rng), 10u);  // (1,1) -> (2,2)
  EXPECT_EQ(t->destination(12, rng), 3u);  // (0,3) -> (3,0)
  for (uint32_t n = 0; n < 16; ++n) EXPECT_EQ(t->destination(n, rng), 15u - n);
  EXPECT_EQ(rng.below(1000), untouched.below(1000));
}

}  // namespace
}  // namespace netcosim
