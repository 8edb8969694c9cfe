// Whole networks under the fairness patterns and per-node rates (paper 004 Table 1, Sec. 5.3,
// 5.4; thesis 000 Sec. 3.2 for ADVc; docs/model.md "Patterns", §5): every pattern drains with
// every packet delivered exactly once on a mesh, a torus and a fat tree under the VC-order checker
// (the permutations' fixed points send to themselves); ADVc on the Dragonfly under MIN takes
// exactly one global hop per packet; full-rate nodes generate from their own streams at 1
// phit/(node*cycle); the per-router fairness leaves routers without nodes out.
#include <gtest/gtest.h>

#include "sim/engine/native/native_engine.h"
#include "sim/engine/results.h"
#include "sim/network/build.h"
#include "sim/network/network.h"

using namespace netcosim;

namespace {

RunResults run(const std::vector<std::string>& sets, uint32_t threads = 1) {
  Config c;
  for (const auto& s : sets) c.set_override(s);
  return run_native(*build_network(c), nullptr, threads);
}

struct Net {
  const char* name;
  std::vector<std::string> sets;
};

class PatternDrain : public ::testing::TestWithParam<Net> {};

TEST_P(PatternDrain, EveryPatternDrainsExactlyOnceUnderTheChecker) {
  for (const char* pattern :
       {"shuffle", "bitrev", "transpose", "tornado", "bitcomp", "hotspot", "hotregion"}) {
    std::vector<std::string> sets = {"traffic.load=0.6",
                                     "sim.warmup=300",
                                     "sim.measure=1000",
                                     "sim.drain=true",
                                     "sim.watchdog=3000",
                                     "sim.check=true",
                                     std::string("traffic.pattern=") + pattern};
    for (const auto& s : GetParam().sets) sets.push_back(s);
    for (uint32_t threads : {1u, 2u}) {
      const RunResults r = run(sets, threads);
      EXPECT_TRUE(r.drained) << GetParam().name << " " << pattern;
      EXPECT_TRUE(r.conservation_ok) << GetParam().name << " " << pattern;
      EXPECT_EQ(r.packets_in_flight, 0u) << GetParam().name << " " << pattern;
      EXPECT_GT(r.packets_delivered, 300u) << GetParam().name << " " << pattern;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    MeshTorusFatTree, PatternDrain,
    ::testing::Values(Net{"mesh_dor",
                          {"topology.type=mesh", "topology.dims=4x4", "routing.algorithm=dor",
                           "router.vcs_x=1", "router.vcs_y=1"}},
                      Net{"mesh_adaptive",
                          {"topology.type=mesh", "topology.dims=4x4",
                           "routing.algorithm=mesh_adaptive", "router.vcs_x=3"}},
                      Net{"torus_dateline",
                          {"topology.type=torus", "topology.dims=4x4", "routing.algorithm=dor"}},
                      Net{"torus_bubble",
                          {"topology.type=torus", "topology.dims=4x4", "routing.algorithm=dor",
                           "routing.torus_deadlock=bubble", "router.vcs_x=1", "router.vcs_y=1"}},
                      Net{"fattree_updown",
                          {"topology.type=fattree", "topology.k=4", "topology.n=2",
                           "routing.algorithm=updown"}},
                      Net{"fattree_adaptive",
                          {"topology.type=fattree", "topology.k=4", "topology.n=2",
                           "routing.algorithm=updown_adaptive"}}),
    [](const testing::TestParamInfo<Net>& i) { return std::string(i.param.name); });

// ADVc on the h2 Dragonfly (palm tree): the destination groups G+1, G+2 are both reached by a
// global link of router a-1 = 3 of the source group, so MIN takes exactly one global hop per
// packet: local (unless the source is on router 3), global, local (unless the destination is on
// the landing router).
TEST(AdvcOnTheDragonfly, MinTakesExactlyOneGlobalHopAndDrains) {
  const RunResults r = run({"traffic.pattern=advc", "traffic.load=0.03", "sim.warmup=500",
                            "sim.measure=3000", "sim.drain=true", "sim.check=true"});
  EXPECT_TRUE(r.conservation_ok);
  ASSERT_GT(r.packets_measured, 100u);
  EXPECT_EQ(r.hops_class_avg[2], 1.0);  // global
  EXPECT_EQ(r.hops_class_max[2], 1u);
  EXPECT_EQ(r.hops_class_max[1], 2u);  // local
  EXPECT_EQ(r.global_misrouted_fraction, 0.0);
}

// ADVc drains under the nonminimal routings with the VC-order checker (thesis 000 Ch. 3 runs it
// under oblivious, source-adaptive and in-transit adaptive routing).
TEST(AdvcOnTheDragonfly, NonminimalRoutingsDrainUnderTheChecker) {
  const std::vector<std::vector<std::string>> routings = {
      {"routing.algorithm=val", "router.vcs_local=4", "router.vcs_global=2"},
      {"routing.algorithm=pb", "router.vcs_local=4", "router.vcs_global=2"},
      {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2"},
  };
  for (const auto& routing : routings) {
    std::vector<std::string> sets = {"traffic.pattern=advc", "traffic.load=0.4", "sim.warmup=500",
                                     "sim.measure=2000",     "sim.drain=true",   "sim.check=true"};
    sets.insert(sets.end(), routing.begin(), routing.end());
    const RunResults r = run(sets, 2);
    EXPECT_TRUE(r.conservation_ok) << routing[0];
    EXPECT_GT(r.packets_measured, 1000u) << routing[0];
    EXPECT_GT(r.nonminimal_fraction, 0.0) << routing[0];
  }
}

// Paper 004 Fig. 1 and 3a: under transpose with XY routing the nodes (x, 0), x = 1..7, of row 0
// all send west along row 0 to column 0. At switch (x, 0) the round-robin output arbiter of the
// west port alternates between the node's injection port and the transit input from the east, so
// node x gets 2^-x of the link (1 phit/cycle) and node 7, with no transit behind it, the same as
// node 6: 1/2, 1/4, ..., 1/64, 1/64. Within 10% (node 7 sends about 39 packets of 8 phits in the
// window: one packet is 2.6%).
TEST(TransposeOnTheMesh, RowZeroShowsTheParkingLotOfRoundRobin) {
  const RunResults r = run({"topology.type=mesh", "topology.dims=8x8", "routing.algorithm=dor",
                            "traffic.pattern=transpose", "traffic.load=1.0", "sim.warmup=5000",
                            "sim.measure=20000"});
  for (uint32_t x = 1; x < 8; ++x) {
    const double expected = 1.0 / double(1u << std::min(x, 6u));
    EXPECT_NEAR(r.node_injected[x], expected, 0.1 * expected) << "node " << x;
  }
  EXPECT_EQ(r.fairness.min_load, std::min(r.node_injected[6], r.node_injected[7]));
}

// A full-rate node's source is rebuilt from its own stream at 1 phit/(node*cycle): at
// traffic.load=1 listing nodes changes nothing.
TEST(FullRateNodes, AtLoadOneTheRunIsTheSame) {
  const std::vector<std::string> base = {"topology.type=mesh",    "topology.dims=4x4",
                                         "routing.algorithm=dor", "traffic.load=1.0",
                                         "sim.warmup=200",        "sim.measure=800"};
  std::vector<std::string> listed = base;
  listed.push_back("traffic.fullrate_nodes=5,0,15");
  const RunResults a = run(base), b = run(listed);
  EXPECT_EQ(a.packets_generated, b.packets_generated);
  EXPECT_EQ(a.packets_delivered, b.packets_delivered);
  EXPECT_EQ(a.latency_avg, b.latency_avg);
  EXPECT_EQ(a.node_injected, b.node_injected);
  EXPECT_EQ(b.node_offered[5], 1.0);
  EXPECT_EQ(b.node_offered[6], 1.0);  // traffic.load
}

// Paper 004 Workload 1 on the 8x8 mesh at a low load: nodes 20 and 51 offer 1 phit/cycle and
// inject far more than any other node; the others offer traffic.load.
TEST(FullRateNodes, Workload1NodesInjectAboveEveryOtherNode) {
  const RunResults r =
      run({"topology.type=mesh", "topology.dims=8x8", "routing.algorithm=dor", "traffic.load=0.1",
           "traffic.fullrate_nodes=20,51", "sim.warmup=1000", "sim.measure=4000"});
  double others = 0;
  for (uint32_t n = 0; n < 64; ++n) {
    if (n == 20 || n == 51) continue;
    EXPECT_EQ(r.node_offered[n], 0.1);
    others = std::max(others, r.node_injected[n]);
  }
  EXPECT_EQ(r.node_offered[20], 1.0);
  EXPECT_EQ(r.node_offered[51], 1.0);
  EXPECT_LT(others, 0.3);
  EXPECT_GT(r.node_injected[20], 0.5);
  EXPECT_GT(r.node_injected[51], 0.5);
  EXPECT_EQ(r.fairness.max_load, std::max(r.node_injected[20], r.node_injected[51]));
}

// Per router: with one node per switch the routers' loads are the nodes'; on a fat tree the
// level-1 switches hold no node and are left out (counted, they would make the minimum 0).
TEST(FairnessPerRouter, OneNodePerSwitchAndRoutersWithoutNodes) {
  const RunResults m = run({"topology.type=mesh", "topology.dims=4x4", "routing.algorithm=dor",
                            "traffic.load=0.5", "sim.warmup=200", "sim.measure=1000"});
  EXPECT_EQ(m.fairness_per_router.min_load, m.fairness.min_load);
  EXPECT_EQ(m.fairness_per_router.max_min_ratio, m.fairness.max_min_ratio);
  EXPECT_EQ(m.fairness_per_router.cov, m.fairness.cov);
  const RunResults t =
      run({"topology.type=fattree", "topology.k=4", "topology.n=2", "routing.algorithm=updown",
           "traffic.load=0.5", "sim.warmup=200", "sim.measure=1000"});
  EXPECT_GT(t.fairness_per_router.min_load, 0.3);
  const Fairness f = fairness_of(router_loads(t.node_injected, t.node_router, 8));
  EXPECT_EQ(t.fairness_per_router.min_load, f.min_load);
  EXPECT_EQ(t.fairness_per_router.cov, f.cov);
  // Router r (level 0) holds nodes 4r..4r+3: its load is their mean.
  double r2 = 0;
  for (uint32_t n = 8; n < 12; ++n) r2 += t.node_injected[n] / 4;
  EXPECT_DOUBLE_EQ(router_loads(t.node_injected, t.node_router, 8)[2], r2);
}

}  // namespace
