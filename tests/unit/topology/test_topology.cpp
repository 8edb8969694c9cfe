// The Topology interface as the network builder and the engines use it, checked on the Dragonfly
// (its first implementation) from the definitions of thesis 000 Sec. 1.2.1 alone.
#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "sim/topology/dragonfly.h"

namespace netcosim {
namespace {

struct Shape {
  uint32_t p, a, h;
  Arrangement arr;
};

class TopologyContract : public ::testing::TestWithParam<Shape> {};

// Every inter-router port has a peer whose peer is the port itself, and the peer port is of the
// same class (a local link joins two local ports, a global link two global ports).
TEST_P(TopologyContract, PeerIsAnInvolutionThatKeepsThePortClass) {
  const Shape s = GetParam();
  const Dragonfly d(s.p, s.a, s.h, s.arr);
  const Topology& t = d;
  for (uint32_t r = 0; r < t.routers(); ++r)
    for (uint32_t port = 0; port < t.router_radix(); ++port) {
      const PortClass k = t.port_class_of(r, port);
      if (k == kInjectionClass) continue;
      const Topology::PortRef q = t.peer(r, port);
      ASSERT_LT(q.router, t.routers());
      ASSERT_NE(q.router, r);
      EXPECT_EQ(t.port_class_of(q.router, q.port), k);
      const Topology::PortRef back = t.peer(q.router, q.port);
      EXPECT_EQ(back.router, r);
      EXPECT_EQ(back.port, port);
    }
}

// Partitions are contiguous, cover every router once, and exactly the Global ports cross them.
TEST_P(TopologyContract, OnlyGlobalLinksCrossPartitions) {
  const Shape s = GetParam();
  const Dragonfly d(s.p, s.a, s.h, s.arr);
  const Topology& t = d;
  ASSERT_EQ(t.partitions(), s.a * s.h + 1);
  uint32_t covered = 0;
  for (uint32_t i = 0; i < t.partitions(); ++i) {
    EXPECT_EQ(t.partition_first(i), covered);
    EXPECT_EQ(t.partition_size(i), s.a);
    for (uint32_t r = t.partition_first(i); r < t.partition_first(i) + t.partition_size(i); ++r)
      EXPECT_EQ(t.partition_of_router(r), i);
    covered += t.partition_size(i);
  }
  EXPECT_EQ(covered, t.routers());
  for (uint32_t r = 0; r < t.routers(); ++r)
    for (uint32_t port = 0; port < t.router_radix(); ++port) {
      const PortClass k = t.port_class_of(r, port);
      if (k == kInjectionClass) continue;
      const bool crosses =
          t.partition_of_router(t.peer(r, port).router) != t.partition_of_router(r);
      EXPECT_EQ(crosses, k == df::kGlobal) << "router " << r << " port " << port;
    }
}

// Each node sits on exactly one terminal port and each terminal port holds exactly one node.
TEST_P(TopologyContract, NodesMapOneToOneOnTerminalPorts) {
  const Shape s = GetParam();
  const Dragonfly d(s.p, s.a, s.h, s.arr);
  const Topology& t = d;
  EXPECT_EQ(t.nodes(), s.p * t.routers());
  std::set<std::pair<uint32_t, uint32_t>> seen;
  for (uint32_t n = 0; n < t.nodes(); ++n) {
    const uint32_t r = t.node_router(n), port = t.node_port(n);
    EXPECT_EQ(t.port_class_of(r, port), kInjectionClass);
    EXPECT_EQ(t.node_at(r, port), n);
    EXPECT_EQ(t.partition_of_node(n), t.partition_of_router(r));
    EXPECT_TRUE(seen.insert({r, port}).second);
  }
  uint32_t terminal = 0;
  for (uint32_t port = 0; port < t.router_radix(); ++port)
    terminal += t.port_class_of(0, port) == kInjectionClass;
  EXPECT_EQ(terminal, s.p);
}

INSTANTIATE_TEST_SUITE_P(Dragonflies, TopologyContract,
                         ::testing::Values(Shape{1, 2, 1, Arrangement::Palmtree},
                                           Shape{2, 4, 2, Arrangement::Palmtree},
                                           Shape{2, 4, 2, Arrangement::Consecutive},
                                           Shape{4, 8, 4, Arrangement::Palmtree}));

}  // namespace
}  // namespace netcosim
