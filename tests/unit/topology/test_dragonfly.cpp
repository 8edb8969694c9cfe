// Topology invariants (thesis 000 Sec. 1.2.1, Table 1.1; docs/model.md §1).
#include <gtest/gtest.h>

#include <set>
#include <tuple>

#include "sim/topology/dragonfly.h"

using netcosim::Arrangement;
using netcosim::Dragonfly;
using netcosim::PortClass;

namespace {

struct Size {
  uint32_t p, a, h;
};

class DragonflyInvariants : public ::testing::TestWithParam<std::tuple<Size, Arrangement>> {};

TEST_P(DragonflyInvariants, SizesAndRadix) {
  const auto [sz, arr] = GetParam();
  Dragonfly d(sz.p, sz.a, sz.h, arr);
  EXPECT_EQ(d.radix(), sz.p + sz.a - 1 + sz.h);
  EXPECT_EQ(d.groups(), sz.a * sz.h + 1);
  EXPECT_EQ(d.nodes(), sz.a * sz.p * (sz.a * sz.h + 1));
}

// Every pair of groups is joined by exactly one global link, and links are symmetric.
TEST_P(DragonflyInvariants, OneGlobalLinkPerGroupPair) {
  const auto [sz, arr] = GetParam();
  Dragonfly d(sz.p, sz.a, sz.h, arr);
  const uint32_t g = d.groups();
  std::vector<uint32_t> count(static_cast<size_t>(g) * g, 0);
  for (uint32_t r = 0; r < d.routers(); ++r) {
    for (uint32_t port = d.first_global_port(); port < d.radix(); ++port) {
      const auto peer = d.peer(r, port);
      const uint32_t G = d.group_of_router(r), Gp = d.group_of_router(peer.router);
      ASSERT_NE(G, Gp);
      ++count[static_cast<size_t>(G) * g + Gp];
      ASSERT_EQ(d.port_class(peer.port), netcosim::df::kGlobal);
      const auto back = d.peer(peer.router, peer.port);
      ASSERT_EQ(back.router, r);
      ASSERT_EQ(back.port, port);
    }
  }
  for (uint32_t G = 0; G < g; ++G)
    for (uint32_t Gp = 0; Gp < g; ++Gp)
      ASSERT_EQ(count[static_cast<size_t>(G) * g + Gp], G == Gp ? 0u : 1u);
}

// Complete local graph: local port of A towards A' lands on A' at the port towards A.
TEST_P(DragonflyInvariants, CompleteLocalGraph) {
  const auto [sz, arr] = GetParam();
  Dragonfly d(sz.p, sz.a, sz.h, arr);
  for (uint32_t r = 0; r < d.routers(); r += 7) {
    std::set<uint32_t> seen;
    for (uint32_t port = d.first_local_port(); port < d.first_global_port(); ++port) {
      const auto peer = d.peer(r, port);
      EXPECT_EQ(d.group_of_router(peer.router), d.group_of_router(r));
      EXPECT_NE(peer.router, r);
      seen.insert(peer.router);
      EXPECT_EQ(d.peer(peer.router, peer.port).router, r);
    }
    EXPECT_EQ(seen.size(), sz.a - 1);
  }
}

// MIN paths: at most 3 router hops, in l-g-l order, ending at the destination router.
TEST_P(DragonflyInvariants, MinimalPathsAreLGL) {
  const auto [sz, arr] = GetParam();
  Dragonfly d(sz.p, sz.a, sz.h, arr);
  const uint32_t R = d.routers();
  const uint32_t step = R > 200 ? 13 : 1;
  for (uint32_t s = 0; s < R; s += step) {
    for (uint32_t t = 0; t < R; ++t) {
      std::string kinds;
      uint32_t r = s;
      while (r != t) {
        const uint32_t port = d.min_output(r, t);
        kinds += d.port_class(port) == netcosim::df::kGlobal ? 'g' : 'l';
        r = d.peer(r, port).router;
        ASSERT_LE(kinds.size(), 3u);
      }
      const bool same_group = d.group_of_router(s) == d.group_of_router(t);
      if (same_group) {
        EXPECT_EQ(kinds, s == t ? "" : "l");
      } else {
        EXPECT_TRUE(kinds == "g" || kinds == "lg" || kinds == "gl" || kinds == "lgl") << kinds;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    H2H4H8, DragonflyInvariants,
    ::testing::Combine(::testing::Values(Size{2, 4, 2}, Size{4, 8, 4}, Size{8, 16, 8}),
                       ::testing::Values(Arrangement::Palmtree, Arrangement::Consecutive)));

// Palm tree: router A of group G, global port k, reaches group (G - (A*h + k + 1)) mod (a*h+1).
TEST(Dragonfly, PalmtreeFormula) {
  for (const Size sz : {Size{2, 4, 2}, Size{4, 8, 4}, Size{8, 16, 8}}) {
    Dragonfly d(sz.p, sz.a, sz.h, Arrangement::Palmtree);
    const int g = static_cast<int>(d.groups());
    for (uint32_t r = 0; r < d.routers(); ++r) {
      const int G = static_cast<int>(d.group_of_router(r)),
                A = static_cast<int>(d.index_in_group(r));
      for (uint32_t k = 0; k < sz.h; ++k) {
        const int expect =
            ((G - (A * static_cast<int>(sz.h) + static_cast<int>(k) + 1)) % g + g) % g;
        const auto peer = d.peer(r, d.first_global_port() + k);
        ASSERT_EQ(static_cast<int>(d.group_of_router(peer.router)), expect);
      }
    }
    // Router 0 reaches the h previous groups, router a-1 the h following ones (thesis Sec. 3.2).
    for (uint32_t k = 0; k < sz.h; ++k) {
      EXPECT_EQ(d.global_target_group(0, 0, k), (d.groups() - 1 - k) % d.groups());
      EXPECT_EQ(d.global_target_group(0, sz.a - 1, k), sz.h - k);
    }
  }
}

// Consecutive: group G's global link j = A*h+k reaches group j if j < G, else j + 1.
TEST(Dragonfly, ConsecutiveFormula) {
  Dragonfly d(2, 4, 2, Arrangement::Consecutive);
  EXPECT_EQ(d.global_target_group(0, 0, 0), 1u);
  EXPECT_EQ(d.global_target_group(0, 3, 1), 8u);
  EXPECT_EQ(d.global_target_group(5, 2, 0), 4u);  // j = 4 < 5
  EXPECT_EQ(d.global_target_group(5, 2, 1), 6u);  // j = 5 -> 6
}

// Numbering (FOGSim's): node = p_idx + A*p + G*a*p; ports 0..p-1 injection, then local, global.
TEST(Dragonfly, Numbering) {
  Dragonfly d(2, 4, 2, Arrangement::Palmtree);
  EXPECT_EQ(d.router_of_node(13), 6u);
  EXPECT_EQ(d.port_of_node(13), 1u);
  EXPECT_EQ(d.group_of_node(13), 1u);
  EXPECT_EQ(d.port_class(1), netcosim::kInjectionClass);
  EXPECT_EQ(d.port_class(2), netcosim::df::kLocal);
  EXPECT_EQ(d.port_class(4), netcosim::df::kLocal);
  EXPECT_EQ(d.port_class(5), netcosim::df::kGlobal);
  EXPECT_EQ(d.local_port(1, 0), 2u);
  EXPECT_EQ(d.local_port(1, 2), 3u);
  EXPECT_EQ(d.local_port(1, 3), 4u);
  EXPECT_EQ(d.local_neighbor(1, 3), 2u);
}

// Average minimal hops under uniform traffic on h2, counted by hand from the structure: from a
// router, 3 routers in its group are 1 hop; of the 32 routers in other groups, those reached
// through its own global links need fewer hops.
TEST(Dragonfly, MinHopsExamples) {
  Dragonfly d(2, 4, 2, Arrangement::Palmtree);
  uint32_t l = 0, g = 0;
  d.min_hops(0, 0, l, g);
  EXPECT_EQ(l + g, 0u);
  d.min_hops(0, 3, l, g);
  EXPECT_EQ(l, 1u);
  EXPECT_EQ(g, 0u);
  // Router 0 (group 0, A=0) port k=0 reaches group 8: router of group 8 on the other end.
  const auto peer = d.peer(0, d.first_global_port());
  d.min_hops(0, peer.router, l, g);
  EXPECT_EQ(l, 0u);
  EXPECT_EQ(g, 1u);
}

// topology.arrangement = consecutive (docs/model.md 1): group G's global link j = A*h + k reaches
// group j if j < G, else j + 1; its far end is the link of the target group Gt whose index solves
// the same formula towards G: j' = G if G < Gt, else G - 1, on router j' / h, port j' mod h.
TEST(ConsecutiveArrangement, GlobalPeerIsTheInverseLink) {
  for (const auto& [p, a, h] : {std::tuple{2u, 4u, 2u}, std::tuple{4u, 8u, 4u}}) {
    const Dragonfly d(p, a, h, Arrangement::Consecutive);
    for (uint32_t r = 0; r < d.routers(); ++r)
      for (uint32_t k = 0; k < h; ++k) {
        const uint32_t G = r / a, A = r % a, j = A * h + k;
        const uint32_t Gt = j < G ? j : j + 1;
        const uint32_t jt = G < Gt ? G : G - 1;
        const auto peer = d.peer(r, d.first_global_port() + k);
        ASSERT_EQ(peer.router, Gt * a + jt / h) << "router " << r << " port " << k;
        ASSERT_EQ(peer.port, d.first_global_port() + jt % h) << "router " << r << " port " << k;
      }
  }
}

// The shapes validate_config accepts (Dragonfly::check): a radix p+a-1+h of at most 64 ports.
TEST(DragonflyCheck, AcceptsRadix64AndRefusesRadix65NamingTheKeys) {
  EXPECT_EQ(Dragonfly::check(2, 4, 2), "");
  EXPECT_EQ(Dragonfly::check(32, 32, 1), "");  // radix 64
  EXPECT_EQ(Dragonfly::check(32, 32, 2),
            "topology.p=32, topology.a=32, topology.h=2: router radix p+a-1+h = 65 exceeds the "
            "supported maximum of 64 ports");
}

// a*h+1 groups of a*p nodes: h2 (p=2 a=4 h=2) has 9 groups and 72 nodes, h8 (p=8 a=16 h=8) has
// 129 groups and 16,512 nodes (thesis 000 Table 1.1).
TEST(DragonflyCheck, GroupAndNodeCountsBeforeBuilding) {
  EXPECT_EQ(Dragonfly::group_count(4, 2), 9);
  EXPECT_EQ(Dragonfly::node_count(2, 4, 2), 72);
  EXPECT_EQ(Dragonfly::group_count(16, 8), 129);
  EXPECT_EQ(Dragonfly::node_count(8, 16, 8), 16512);
  const Dragonfly d(8, 16, 8, Arrangement::Palmtree);
  EXPECT_EQ(d.groups(), 129u);
  EXPECT_EQ(d.nodes(), 16512u);
}

}  // namespace
