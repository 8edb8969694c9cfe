// Whole networks on the fat tree, meshes and tori (docs/model.md §7): every routing drains at
// load 1.0 under uniform traffic and a permutation (bit_complement) with the VC-order checker on
// (sim.check; mesh_adaptive declares no order) and every packet delivered exactly once; the
// zero-load latency of single packets is the formula of docs/model.md §2.2 with each class's link
// latency, exactly.
#include <gtest/gtest.h>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"

using namespace netcosim;

namespace {

struct Case {
  const char* name;
  std::vector<std::string> sets;
};

class TopologyDrain : public ::testing::TestWithParam<Case> {};

TEST_P(TopologyDrain, DrainsAtFullLoadExactlyOnceUnderTheChecker) {
  for (const char* pattern : {"uniform", "bit_complement"})
    for (uint32_t threads : {1u, 2u}) {
      Config c;
      for (const char* s : {"traffic.load=1.0", "sim.warmup=300", "sim.measure=1000",
                            "sim.drain=true", "sim.watchdog=3000", "sim.check=true"})
        c.set_override(s);
      c.set_override(std::string("traffic.pattern=") + pattern);
      for (const auto& s : GetParam().sets) c.set_override(s);
      const RunResults r = run_native(*build_network(c), nullptr, threads);
      EXPECT_TRUE(r.conservation_ok) << GetParam().name << " " << pattern;
      EXPECT_TRUE(r.drained) << GetParam().name << " " << pattern;
      EXPECT_EQ(r.packets_in_flight, 0u);
      EXPECT_GT(r.packets_delivered, 300u);
    }
}

INSTANTIATE_TEST_SUITE_P(
    AllRoutings, TopologyDrain,
    ::testing::Values(
        Case{"updown",
             {"topology.type=fattree", "topology.k=4", "topology.n=2", "routing.algorithm=updown"}},
        Case{"updown_source",
             {"topology.type=fattree", "topology.k=4", "topology.n=2",
              "routing.algorithm=updown_source"}},
        Case{"updown_random",
             {"topology.type=fattree", "topology.k=2", "topology.n=4",
              "routing.algorithm=updown_random"}},
        Case{"updown_adaptive",
             {"topology.type=fattree", "topology.k=4", "topology.n=2",
              "routing.algorithm=updown_adaptive"}},
        Case{"mesh_dor",
             {"topology.type=mesh", "topology.dims=4x4", "routing.algorithm=dor", "router.vcs_x=1",
              "router.vcs_y=1"}},
        Case{"mesh_dor_3d", {"topology.type=mesh", "topology.dims=4x2x2", "routing.algorithm=dor"}},
        Case{"mesh_adaptive",
             {"topology.type=mesh", "topology.dims=4x4", "routing.algorithm=mesh_adaptive",
              "router.vcs_x=3"}},
        Case{"torus_dateline",
             {"topology.type=torus", "topology.dims=4x4", "routing.algorithm=dor"}},
        Case{"torus_dateline_3d",
             {"topology.type=torus", "topology.dims=4x2x4", "routing.algorithm=dor",
              "topology.nodes_per_switch=2"}},
        Case{"torus_bubble",
             {"topology.type=torus", "topology.dims=4x4", "routing.algorithm=dor",
              "routing.torus_deadlock=bubble", "router.vcs_x=1", "router.vcs_y=1"}},
        Case{"torus_bubble_3d",
             {"topology.type=torus", "topology.dims=4x4x2", "routing.algorithm=dor",
              "routing.torus_deadlock=bubble"}},
        // Trunks (topology.trunk): the destination's link and the adaptive choice.
        Case{"torus_trunk2",
             {"topology.type=torus", "topology.dims=4x4", "routing.algorithm=dor",
              "topology.nodes_per_switch=4", "topology.trunk=2"}},
        Case{"torus_trunk2_adaptive",
             {"topology.type=torus", "topology.dims=4x4", "routing.algorithm=dor",
              "topology.nodes_per_switch=4", "topology.trunk=2", "routing.trunk_select=adaptive"}},
        Case{"mesh_adaptive_trunk2",
             {"topology.type=mesh", "topology.dims=4x4", "routing.algorithm=mesh_adaptive",
              "topology.nodes_per_switch=2", "topology.trunk=2"}}),
    [](const testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

// The adaptive bubble router (mesh_adaptive on a torus, docs/model.md §7.2) drains at load 1.0
// under every pattern the shape admits (bit reversal needs a power-of-2 node count, transpose a
// square 2D torus), each packet delivered exactly once: the drain is its deadlock test (the
// escape rings under the bubble, the adaptive VCs free to form cycles). 2 VCs per dimension.
// On rings of 3 and 4 a packet takes at most 1 and 2 hops of a dimension; on 5x5 (tornado: 2
// hops + in each dimension) and 8x8 an escape channel without the bubble deadlocks within these
// 1,300 cycles (5x5 tornado; 8x8 uniform, tornado, hot spot), so those cases test the bubble.
TEST(TorusAdaptiveDrain, DrainsAtFullLoadUnderEveryPatternExactlyOnce) {
  struct Net {
    const char* name;
    std::vector<std::string> sets;
    std::vector<const char*> patterns;
  };
  const std::vector<const char*> all = {"uniform", "transpose", "bitrev", "tornado", "hotspot"};
  const Net nets[] = {
      {"4x4", {"topology.dims=4x4"}, all},
      {"3x3x3", {"topology.dims=3x3x3"}, {"uniform", "tornado", "hotspot"}},
      {"4x4 trunk 2",
       {"topology.dims=4x4", "topology.nodes_per_switch=4", "topology.trunk=2"},
       all},
      {"5x5", {"topology.dims=5x5"}, {"uniform", "tornado", "hotspot"}},
      {"8x8", {"topology.dims=8x8"}, {"uniform", "tornado", "hotspot"}},
  };
  for (const Net& n : nets)
    for (const char* pattern : n.patterns) {
      Config c;
      for (const char* s :
           {"topology.type=torus", "routing.algorithm=mesh_adaptive",
            "routing.torus_deadlock=bubble", "traffic.load=1.0", "sim.warmup=300",
            "sim.measure=1000", "sim.drain=true", "sim.watchdog=3000", "sim.check=true"})
        c.set_override(s);
      c.set_override(std::string("traffic.pattern=") + pattern);
      for (const auto& s : n.sets) c.set_override(s);
      const RunResults r = run_native(*build_network(c));
      EXPECT_TRUE(r.conservation_ok) << n.name << " " << pattern;
      EXPECT_TRUE(r.drained) << n.name << " " << pattern;
      EXPECT_EQ(r.packets_in_flight, 0u) << n.name << " " << pattern;
      EXPECT_GT(r.packets_delivered, 300u) << n.name << " " << pattern;
    }
}

// T0 = 1 + (hops + 1)*(router.latency + xbar_latency) + sum of hops*link.latency_<class> +
// packet_size (docs/model.md §2.2), for single packets on an empty network.
struct ZeroLoad {
  std::vector<std::string> sets;
  uint32_t src, dst;
  uint64_t expect;
};

TEST(TopologyZeroLoad, SinglePacketsTakeTheFormulaExactly) {
  const ZeroLoad cases[] = {
      // 4-ary 3-tree, node 0 -> 63: common ancestor at level 2, 4 tree hops:
      // 1 + 5*3 + 4*10 + 8.
      {{"topology.type=fattree", "routing.algorithm=updown"}, 0, 63, 64},
      // Same level-0 switch: 1 + 3 + 8.
      {{"topology.type=fattree", "routing.algorithm=updown_random"}, 0, 3, 12},
      // Level 1: 2 hops of latency 6: 1 + 3*3 + 12 + 8.
      {{"topology.type=fattree", "routing.algorithm=updown_adaptive", "link.latency_tree=6"},
       5,
       14,
       30},
      // 8x8 mesh, (0,0) -> (7,7): 14 hops: 1 + 15*3 + 7*7 + 7*13 + 8.
      {{"topology.type=mesh", "routing.algorithm=dor", "link.latency_x=7", "link.latency_y=13"},
       0,
       63,
       194},
      // 8x8 torus, (0,0) -> (7,5): 1 x hop (wrap), 3 y hops: 1 + 5*3 + 7 + 3*13 + 8.
      {{"topology.type=torus", "routing.algorithm=dor", "link.latency_x=7", "link.latency_y=13"},
       0,
       47,
       70},
      {{"topology.type=torus", "routing.algorithm=dor", "routing.torus_deadlock=bubble",
        "link.latency_x=7", "link.latency_y=13"},
       0,
       47,
       70},
      // 4x4x4 torus, 2 nodes per switch: node 1 (switch 0) -> node 2*(2 + 4*3 + 16*2) = switch
      // (2,3,2): 2 + 1 + 2 hops: 1 + 6*3 + 5*10 + 8.
      {{"topology.type=torus", "routing.algorithm=dor", "topology.dims=4x4x4",
        "topology.nodes_per_switch=2"},
       1,
       92,
       77},
      {{"topology.type=mesh", "routing.algorithm=mesh_adaptive", "topology.dims=4x4x4"},
       0,
       63,
       1 + 10 * 3 + 90 + 8},
  };
  for (const ZeroLoad& z : cases) {
    Config c;
    for (const char* s : {"traffic.load=0", "sim.warmup=0", "sim.measure=2000"}) c.set_override(s);
    for (const auto& s : z.sets) c.set_override(s);
    const auto net = build_network(c);
    EXPECT_EQ(zero_load_latency(*net, z.src, z.dst), z.expect) << z.sets[0] << " " << z.sets[1];
    net->preload_packet(z.src, z.dst);
    const RunResults r = run_native(*net);
    EXPECT_EQ(r.packets_delivered, 1u);
    EXPECT_EQ(r.latency_max, z.expect) << z.sets[0] << " " << z.sets[1];
  }
}

}  // namespace
