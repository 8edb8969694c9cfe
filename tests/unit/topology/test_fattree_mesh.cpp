// The fat tree (k-ary n-tree) and the meshes and tori against the Topology contract: counts,
// peers (an involution that keeps the port class: both ends of a link have its class), nodes on
// terminal ports, partitions and the links that cross them, and min_hops against a breadth-first
// search over the links (docs/model.md "Fat tree", "Meshes and tori").
#include <gtest/gtest.h>

#include <deque>
#include <memory>
#include <set>
#include <utility>
#include <vector>

#include "sim/link/packet.h"
#include "sim/topology/fattree.h"
#include "sim/topology/mesh.h"

namespace netcosim {
namespace {

// Router-to-router distances from `src` over the connected ports (BFS).
std::vector<uint32_t> bfs(const Topology& t, uint32_t src) {
  std::vector<uint32_t> dist(t.routers(), kNone);
  std::deque<uint32_t> q{src};
  dist[src] = 0;
  while (!q.empty()) {
    const uint32_t r = q.front();
    q.pop_front();
    for (uint32_t port = 0; port < t.router_radix(); ++port) {
      if (t.port_class_of(r, port) == kInjectionClass) continue;
      const uint32_t next = t.peer(r, port).router;
      if (next == Topology::kNoRouter || dist[next] != kNone) continue;
      dist[next] = dist[r] + 1;
      q.push_back(next);
    }
  }
  return dist;
}

void expect_contract(const Topology& t, uint32_t unconnected_ports) {
  uint32_t unconnected = 0;
  for (uint32_t r = 0; r < t.routers(); ++r)
    for (uint32_t port = 0; port < t.router_radix(); ++port) {
      const PortClass k = t.port_class_of(r, port);
      if (k == kInjectionClass) continue;
      const Topology::PortRef q = t.peer(r, port);
      if (q.router == Topology::kNoRouter) {
        ++unconnected;
        continue;
      }
      ASSERT_LT(q.router, t.routers());
      ASSERT_LT(q.port, t.router_radix());
      EXPECT_NE(q.router, r);
      EXPECT_EQ(t.port_class_of(q.router, q.port), k) << "router " << r << " port " << port;
      const Topology::PortRef back = t.peer(q.router, q.port);
      EXPECT_EQ(back.router, r);
      EXPECT_EQ(back.port, port);
    }
  EXPECT_EQ(unconnected, unconnected_ports);
  std::set<std::pair<uint32_t, uint32_t>> seen;
  for (uint32_t n = 0; n < t.nodes(); ++n) {
    const uint32_t r = t.node_router(n), port = t.node_port(n);
    EXPECT_EQ(t.port_class_of(r, port), kInjectionClass);
    EXPECT_EQ(t.node_at(r, port), n);
    EXPECT_TRUE(seen.insert({r, port}).second);
  }
  uint32_t terminal = 0;
  for (uint32_t r = 0; r < t.routers(); ++r)
    for (uint32_t port = 0; port < t.router_radix(); ++port)
      terminal += t.port_class_of(r, port) == kInjectionClass;
  EXPECT_EQ(terminal, t.nodes());
  // Partitions: contiguous, covering, their nodes listed in order.
  uint32_t covered = 0, nodes = 0;
  for (uint32_t i = 0; i < t.partitions(); ++i) {
    EXPECT_EQ(t.partition_first(i), covered);
    for (uint32_t r = covered; r < covered + t.partition_size(i); ++r)
      EXPECT_EQ(t.partition_of_router(r), i);
    for (uint32_t j = 0; j < t.partition_node_count(i); ++j)
      EXPECT_EQ(t.partition_of_node(t.partition_node(i, j)), i);
    covered += t.partition_size(i);
    nodes += t.partition_node_count(i);
  }
  EXPECT_EQ(covered, t.routers());
  EXPECT_EQ(nodes, t.nodes());
}

// min_hops between the routers of nodes: the BFS distance, all hops of the classes it names.
void expect_min_hops_match_bfs(const Topology& t) {
  std::set<uint32_t> node_routers;
  for (uint32_t n = 0; n < t.nodes(); ++n) node_routers.insert(t.node_router(n));
  for (uint32_t a : node_routers) {
    const std::vector<uint32_t> dist = bfs(t, a);
    for (uint32_t b : node_routers) {
      uint32_t hops[kMaxPortClasses];
      t.min_hops(a, b, hops);
      EXPECT_EQ(hops[kInjectionClass], 0u);
      uint32_t sum = 0;
      for (uint32_t c = 1; c < kMaxPortClasses; ++c) sum += hops[c];
      EXPECT_EQ(sum, dist[b]) << a << " -> " << b;
    }
  }
}

TEST(FatTree, CountsNumberingAndContract) {
  for (const auto& [k, n] :
       std::vector<std::pair<uint32_t, uint32_t>>{{2, 1}, {2, 3}, {4, 2}, {4, 3}, {3, 4}}) {
    SCOPED_TRACE(std::to_string(k) + "-ary " + std::to_string(n) + "-tree");
    const FatTree t(k, n);
    uint32_t kn1 = 1;
    for (uint32_t i = 1; i < n; ++i) kn1 *= k;
    EXPECT_EQ(t.routers(), n * kn1);
    EXPECT_EQ(t.nodes(), kn1 * k);
    // n = 1 is one switch of k ports (no up ports); otherwise radix 2k.
    EXPECT_EQ(t.router_radix(), n == 1 ? k : 2 * k);
    EXPECT_EQ(t.port_classes(), 2u);
    // The top level's k up ports have no peer (n = 1 has none).
    expect_contract(t, n == 1 ? 0 : kn1 * k);
    expect_min_hops_match_bfs(t);
    // Every switch-to-switch link joins two levels, and so two partitions.
    for (uint32_t r = 0; r < t.routers(); ++r)
      for (uint32_t port = 0; port < t.router_radix(); ++port)
        if (t.port_class_of(r, port) == ft::kTree &&
            t.peer(r, port).router != Topology::kNoRouter) {
          EXPECT_TRUE(t.crosses_partitions(r, port));
        }
    EXPECT_EQ(t.partitions(), n >= 2 ? n * k : 1u);
  }
}

// The single-switch testbed of thesis 003 Ch. 2: the 48-ary 1-tree is one 48-port switch with its
// 48 nodes on ports 0..47 (k up to 64 for n = 1; k <= 32 for n >= 2, radix 2k <= 64).
TEST(FatTree, FortyEightAryOneTreeIsOneSwitchOfFortyEightPorts) {
  const FatTree t(48, 1);
  EXPECT_EQ(t.routers(), 1u);
  EXPECT_EQ(t.nodes(), 48u);
  EXPECT_EQ(t.router_radix(), 48u);
  for (uint32_t p = 0; p < 48; ++p) {
    EXPECT_EQ(t.port_class_of(0, p), kInjectionClass);
    EXPECT_EQ(t.node_at(0, p), p);
  }
  expect_contract(t, 0);
  EXPECT_EQ(FatTree::check(48, 1), "");
  EXPECT_EQ(FatTree::check(64, 1), "");
  EXPECT_NE(FatTree::check(33, 2).find("topology.k=33, topology.n=2: a switch of a k-ary n-tree "
                                       "with n >= 2 has radix 2k, at most 64 ports"),
            std::string::npos);
}

// The numbering of docs/model.md on the 4-ary 3-tree: switch <l, w> is router 16 l + w; up port
// 4 + j of <l, w> reaches <l+1, w with digit l := j> on down port w_l.
TEST(FatTree, ExactPeersOfTheFourAryThreeTree) {
  const FatTree t(4, 3);
  // <0, 6> (digits w1 w0 = 1 2), up port 4+3 -> <1, 1 3> = router 16 + 7, down port 2.
  EXPECT_EQ(t.peer(6, 7).router, 23u);
  EXPECT_EQ(t.peer(6, 7).port, 2u);
  // <1, 1 3>, up port 4+0 -> <2, 0 3> = router 32 + 3, down port 1.
  EXPECT_EQ(t.peer(23, 4).router, 35u);
  EXPECT_EQ(t.peer(23, 4).port, 1u);
  EXPECT_EQ(t.peer(35, 5).router, Topology::kNoRouter);
  // Node 27 (digits 1 2 3) is on <0, 1 2> = router 6, port 3.
  EXPECT_EQ(t.node_router(27), 6u);
  EXPECT_EQ(t.node_port(27), 3u);
  EXPECT_EQ(t.port_class_of(6, 3), kInjectionClass);
  EXPECT_EQ(t.port_class_of(23, 3), ft::kTree);
  EXPECT_TRUE(t.below(35, 3 * 16 + 0 * 4 + 1));  // <2, *>: every node
  EXPECT_TRUE(t.below(23, 1 * 16 + 2 * 4 + 0));  // <1, 1 3>: nodes 1 x x
  EXPECT_FALSE(t.below(23, 2 * 16 + 3 * 4 + 0));
  EXPECT_EQ(t.common_level(27, 24), 0u);
  EXPECT_EQ(t.common_level(27, 16), 1u);
  EXPECT_EQ(t.common_level(27, 63), 2u);
  uint32_t hops[kMaxPortClasses];
  t.min_hops(6, 15, hops);  // leaves 1 2 and 3 3: common ancestor at level 2
  EXPECT_EQ(hops[ft::kTree], 4u);
}

TEST(Mesh, DimsGrammar) {
  std::vector<uint32_t> d;
  ASSERT_TRUE(mesh::parse_dims("8x8", d));
  EXPECT_EQ(d, (std::vector<uint32_t>{8, 8}));
  ASSERT_TRUE(mesh::parse_dims("2x32x4", d));
  EXPECT_EQ(d, (std::vector<uint32_t>{2, 32, 4}));
  for (const char* bad : {"", "8", "8x", "x8", "8x8x8x8", "1x8", "8x33", "08x8", "8X8", "8x8 ",
                          " 8x8", "+8x8", "8x-8", "8x8x", "100x2", "8*8", "8x8x1"})
    EXPECT_FALSE(mesh::parse_dims(bad, d)) << bad;
}

TEST(Mesh, MeshesAndToriKeepTheContract) {
  struct Case {
    std::vector<uint32_t> dims;
    uint32_t c;
    bool torus;
  };
  for (const Case& s : std::vector<Case>{{{4, 4}, 1, false},
                                         {{4, 4}, 1, true},
                                         {{2, 3}, 2, true},
                                         {{3, 2, 4}, 1, false},
                                         {{4, 3, 2}, 3, true},
                                         {{8, 8}, 1, true}}) {
    const Mesh t(s.dims, s.c, s.torus);
    SCOPED_TRACE(t.describe());
    uint32_t routers = 1;
    for (uint32_t d : s.dims) routers *= d;
    EXPECT_EQ(t.routers(), routers);
    EXPECT_EQ(t.nodes(), routers * s.c);
    EXPECT_EQ(t.router_radix(), s.c + 2 * s.dims.size());
    // A mesh's edge: two unconnected ports per line of each dimension.
    uint32_t edge = 0;
    for (uint32_t d : s.dims) edge += 2 * (routers / d);
    expect_contract(t, s.torus ? 0 : edge);
    expect_min_hops_match_bfs(t);
    // Only the last dimension's links cross partitions.
    const PortClass last = static_cast<PortClass>(s.dims.size());
    for (uint32_t r = 0; r < t.routers(); ++r)
      for (uint32_t port = s.c; port < t.router_radix(); ++port)
        if (t.peer(r, port).router != Topology::kNoRouter) {
          EXPECT_EQ(t.crosses_partitions(r, port), t.port_class_of(r, port) == last);
        }
  }
}

// Per-class minimal hops are the per-dimension distances (the torus's shorter way round).
TEST(Mesh, ExactMinHopsByDimension) {
  const Mesh torus({8, 8}, 1, true), mesh({8, 8}, 1, false);
  uint32_t hops[kMaxPortClasses];
  torus.min_hops(0, 7 + 8 * 5, hops);  // (0,0) -> (7,5): 1 x hop, 3 y hops
  EXPECT_EQ(hops[1], 1u);
  EXPECT_EQ(hops[2], 3u);
  EXPECT_EQ(hops[3], 0u);
  mesh.min_hops(0, 7 + 8 * 5, hops);
  EXPECT_EQ(hops[1], 7u);
  EXPECT_EQ(hops[2], 5u);
  // Ports: 0 injection, 1 x+, 2 x-, 3 y+, 4 y-; (7,0) x+ wraps to (0,0) on its x- port.
  EXPECT_EQ(torus.peer(7, 1).router, 0u);
  EXPECT_EQ(torus.peer(7, 1).port, 2u);
  EXPECT_EQ(mesh.peer(7, 1).router, Topology::kNoRouter);
  EXPECT_EQ(mesh.peer(9, 4).router, 1u);
  EXPECT_EQ(mesh.peer(9, 4).port, 3u);
}

// Trunks (topology.trunk; docs/model.md "Meshes and tori"): a 3x3 torus, 2 nodes per switch,
// trunk 2. Ports 0-1 injection, 2-3 x+, 4-5 x-, 6-7 y+, 8-9 y-; link k of a + trunk ends on link
// k of the neighbour's - trunk.
TEST(Mesh, TrunkPortsAndWiringOfASmallTorus) {
  const Mesh t({3, 3}, 2, true, 2);
  EXPECT_EQ(t.router_radix(), 10u);
  EXPECT_EQ(t.nodes(), 18u);
  const PortClass classes[10] = {0, 0, 1, 1, 1, 1, 2, 2, 2, 2};
  for (uint32_t p = 0; p < 10; ++p) EXPECT_EQ(t.port_class_of(4, p), classes[p]) << p;
  // Switch 0 = (0,0), by hand: (port, router, port) of each of its 8 links.
  const uint32_t at0[8][3] = {{2, 1, 4}, {3, 1, 5}, {4, 2, 2}, {5, 2, 3},
                              {6, 3, 8}, {7, 3, 9}, {8, 6, 6}, {9, 6, 7}};
  for (const auto& e : at0) {
    EXPECT_EQ(t.peer(0, e[0]).router, e[1]) << e[0];
    EXPECT_EQ(t.peer(0, e[0]).port, e[2]) << e[0];
  }
  // Switch 4 = (1,1): x+ link 0 to (2,1) = 5, x- link 1 to (0,1) = 3, y+ link 1 to (1,2) = 7,
  // y- link 0 to (1,0) = 1.
  EXPECT_EQ(t.peer(4, 2).router, 5u);
  EXPECT_EQ(t.peer(4, 2).port, 4u);
  EXPECT_EQ(t.peer(4, 5).router, 3u);
  EXPECT_EQ(t.peer(4, 5).port, 3u);
  EXPECT_EQ(t.peer(4, 7).router, 7u);
  EXPECT_EQ(t.peer(4, 7).port, 9u);
  EXPECT_EQ(t.peer(4, 8).router, 1u);
  EXPECT_EQ(t.peer(4, 8).port, 6u);
  // Every link of every switch: the neighbour one step along its direction, on the same link k
  // of the opposite trunk.
  for (uint32_t r = 0; r < 9; ++r)
    for (uint32_t p = 2; p < 10; ++p) {
      const uint32_t dir = (p - 2) / 2, k = (p - 2) % 2, d = dir / 2;
      const bool plus = dir % 2 == 0;
      uint32_t xy[2] = {r % 3, r / 3};
      xy[d] = (xy[d] + (plus ? 1 : 2)) % 3;
      EXPECT_EQ(t.peer(r, p).router, xy[0] + 3 * xy[1]) << r << " " << p;
      EXPECT_EQ(t.peer(r, p).port, 2 + 2 * (2 * d + (plus ? 1 : 0)) + k) << r << " " << p;
      EXPECT_EQ(t.dim_of_port(p), d);
      EXPECT_EQ(t.is_plus(p), plus);
      EXPECT_EQ(t.link_of_port(p), k);
      EXPECT_EQ(t.port(d, plus, k), p);
    }
  expect_contract(t, 0);
  expect_min_hops_match_bfs(t);
  // A 3x2 mesh with trunk 3: each edge direction (4 of x, 6 of y) leaves 3 ports unconnected.
  const Mesh m({3, 2}, 1, false, 3);
  EXPECT_EQ(m.router_radix(), 13u);
  expect_contract(m, 3 * (2 * 2 + 2 * 3));
  expect_min_hops_match_bfs(m);
  EXPECT_EQ(Mesh::check({8, 8}, 8, 10), "");    // thesis 003 Sec. 5.5.2: 8 + 4 x 10 = 48
  EXPECT_EQ(Mesh::check({8, 8, 8}, 4, 4), "");  // 4 + 6 x 4 = 28
  EXPECT_EQ(Mesh::check({8, 8, 8}, 4, 11),
            "topology.trunk=11: router radix nodes_per_switch + 2*dimensions*trunk = 4 + 2*3*11 "
            "= 70 exceeds the supported maximum of 64 ports (the routers' 64-bit port masks)");
}

}  // namespace
}  // namespace netcosim
