// The SAT rings of the topologies (Topology::sat_ring; docs/model.md "SAT injection throttling"):
// every node once; on meshes and tori consecutive switches are neighbours (a Hamiltonian cycle of
// the switches, closing back to the first), none for an odd switch count; the fat tree's and the
// Dragonfly's in node order.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "sim/topology/dragonfly.h"
#include "sim/topology/fattree.h"
#include "sim/topology/mesh.h"

using namespace netcosim;

namespace {

bool neighbours(const Topology& t, uint32_t a, uint32_t b) {
  for (uint32_t p = 0; p < t.router_radix(); ++p)
    if (t.port_class_of(a, p) != kInjectionClass && t.peer(a, p).router == b) return true;
  return false;
}

TEST(SatRing, MeshesAndToriWithAnEvenSwitchCountHaveAHamiltonianCycle) {
  const std::vector<std::vector<uint32_t>> shapes = {{2, 2},    {2, 3},    {3, 2},    {3, 4},
                                                     {8, 8},    {5, 6},    {2, 2, 2}, {3, 3, 2},
                                                     {3, 2, 3}, {4, 3, 3}, {2, 5, 3}};
  for (const bool torus : {false, true})
    for (const auto& dims : shapes)
      for (const uint32_t c : {1u, 2u}) {
        const Mesh m(dims, c, torus);
        const SatRing r = m.sat_ring();
        ASSERT_EQ(r.nodes.size(), m.nodes()) << m.describe();
        EXPECT_FALSE(r.node_links);
        EXPECT_EQ(std::set<uint32_t>(r.nodes.begin(), r.nodes.end()).size(), m.nodes());
        for (size_t i = 0; i < r.nodes.size(); ++i) {
          const uint32_t a = m.node_router(r.nodes[i]);
          const uint32_t b = m.node_router(r.nodes[(i + 1) % r.nodes.size()]);
          if (a != b) {
            EXPECT_TRUE(neighbours(m, a, b)) << m.describe() << " hop " << i;
          }
        }
        // The nodes of a switch are consecutive: the ring enters each switch once.
        uint32_t changes = 0;
        for (size_t i = 0; i < r.nodes.size(); ++i)
          changes += m.node_router(r.nodes[i]) != m.node_router(r.nodes[(i + 1) % r.nodes.size()]);
        EXPECT_EQ(changes, m.routers()) << m.describe();
      }
}

TEST(SatRing, OddSwitchCountsHaveNone) {
  for (const auto& dims : std::vector<std::vector<uint32_t>>{{3, 3}, {5, 3}, {3, 3, 3}}) {
    const SatRing mesh = Mesh(dims, 1, false).sat_ring();
    EXPECT_TRUE(mesh.nodes.empty());
    EXPECT_NE(mesh.why.find("bipartite"), std::string::npos) << mesh.why;
    const SatRing torus = Mesh(dims, 1, true).sat_ring();
    EXPECT_TRUE(torus.nodes.empty());
    EXPECT_NE(torus.why.find("even switch count"), std::string::npos) << torus.why;
  }
}

TEST(SatRing, FatTreeAndDragonflyInNodeOrder) {
  const FatTree f(4, 3);
  const SatRing rf = f.sat_ring();
  EXPECT_TRUE(rf.node_links);
  ASSERT_EQ(rf.nodes.size(), 64u);
  for (uint32_t n = 0; n < 64; ++n) EXPECT_EQ(rf.nodes[n], n);
  const Dragonfly d(2, 4, 2, Arrangement::Palmtree);
  const SatRing rd = d.sat_ring();
  EXPECT_FALSE(rd.node_links);
  ASSERT_EQ(rd.nodes.size(), d.nodes());
  for (uint32_t n = 0; n < d.nodes(); ++n) EXPECT_EQ(rd.nodes[n], n);
}

}  // namespace
