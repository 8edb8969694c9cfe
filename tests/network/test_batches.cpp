// Seed 004 Sec. 3's batch method (sim.mode=batch; docs/model.md §5 "Batches") on a case whose
// deliveries per cycle are known by hand.
//
// The network: a 2x2 mesh, one node per switch, 1-phit packets, bit-complement traffic (node
// (x,y) -> (1-x,1-y)) at load 1 under DOR: each node generates a packet in every cycle and the four
// flows use eight different links (one x and one y link each), so once the pipeline is full each
// node receives exactly one packet per cycle: 4 deliveries per cycle, every node injecting 1 phit
// per cycle.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sim/engine/native/native_engine.h"
#include "sim/engine/results.h"
#include "sim/network/build.h"
#include "sim/network/network.h"

using namespace netcosim;

namespace {

Config mesh_2x2(const std::vector<std::string>& extra) {
  Config c;
  for (const char* s : {"topology.type=mesh", "topology.dims=2x2", "topology.nodes_per_switch=1",
                        "routing.algorithm=dor", "packet.size=1", "traffic.pattern=bitcomp",
                        "traffic.load=1", "sim.warmup=200", "sim.mode=batch"})
    c.set_override(s);
  for (const auto& s : extra) c.set_override(s);
  return c;
}

RunResults run(const Config& c, uint32_t threads = 1) {
  return run_native(*build_network(c), nullptr, threads);
}

// The window run over the same cycles delivers 4 packets per cycle: the steady state the batch
// boundaries below are computed from.
TEST(Batches, MeshDeliversFourPacketsPerCycle) {
  Config c = mesh_2x2({"sim.measure=1000"});
  c.set_override("sim.mode=window");
  const RunResults r = run(c);
  EXPECT_EQ(r.packets_measured, 4000u);
  EXPECT_DOUBLE_EQ(r.accepted_load, 1.0);
  EXPECT_DOUBLE_EQ(r.fairness.min_load, 1.0);
}

// 9 packets a batch at 4 per cycle: the 9th delivery is in the batch's 3rd cycle, which delivers
// the 10th to 12th too. Batches [200, 202], [203, 205], [206, 208], 12 packets each.
TEST(Batches, BoundariesFallInTheCycleOfTheLastDelivery) {
  const RunResults r = run(mesh_2x2({"sim.batches=3", "sim.batch_packets=9"}));
  ASSERT_TRUE(r.batch_mode);
  EXPECT_EQ(r.batch_packets, 9u);
  ASSERT_EQ(r.batches.size(), 3u);
  for (uint32_t i = 0; i < 3; ++i) {
    const RunResults::Batch& b = r.batches[i];
    EXPECT_EQ(b.start, 200u + 3 * i);
    EXPECT_EQ(b.end, 202u + 3 * i);
    EXPECT_EQ(b.packets, 12u);
    EXPECT_FALSE(b.cut);
    EXPECT_DOUBLE_EQ(b.accepted_load, 1.0);  // 12 phits / (4 nodes x 3 cycles)
    for (uint32_t n = 0; n < 4; ++n) EXPECT_DOUBLE_EQ(b.node_injected[n], 1.0);
    EXPECT_DOUBLE_EQ(b.fairness.max_min_ratio, 1.0);
  }
  EXPECT_DOUBLE_EQ(r.batch_mean.accepted_load, 1.0);
  EXPECT_DOUBLE_EQ(r.batch_stddev.accepted_load, 0.0);
  // The run ends the longest window (max_lookahead) plus a packet (1 phit) after the last batch's
  // last cycle; its run-wide figures cover [200, that end).
  const Cycle L = build_network(mesh_2x2({}))->max_lookahead();
  EXPECT_EQ(r.cycles_warmup + r.cycles_measured, 208u + L + 1);
  EXPECT_EQ(r.packets_measured, 4u * r.cycles_measured);
  EXPECT_DOUBLE_EQ(r.accepted_load, 1.0);
  EXPECT_DOUBLE_EQ(r.fairness.min_load, 1.0);
}

// A count that is a multiple of 4 ends a batch exactly: 8 packets, 2 cycles.
TEST(Batches, ExactCountEndsExactly) {
  const RunResults r = run(mesh_2x2({"sim.batches=2", "sim.batch_packets=8"}));
  ASSERT_EQ(r.batches.size(), 2u);
  EXPECT_EQ(r.batches[0].end, 201u);
  EXPECT_EQ(r.batches[1].start, 202u);
  EXPECT_EQ(r.batches[1].end, 203u);
  EXPECT_EQ(r.batches[1].packets, 8u);
}

// The default count is 10 N^2 = 160 packets for N = 4 nodes: 40 cycles a batch.
TEST(Batches, DefaultCountIsTenNSquared) {
  const RunResults r = run(mesh_2x2({"sim.batches=5"}));
  EXPECT_EQ(r.batch_packets, 160u);
  ASSERT_EQ(r.batches.size(), 5u);
  EXPECT_EQ(r.batches[4].start, 360u);
  EXPECT_EQ(r.batches[4].end, 399u);
}

// A batch that cannot reach its count within sim.batch_max_cycles is cut there: 5 cycles, 20
// packets.
TEST(Batches, CapCutsABatch) {
  const RunResults r =
      run(mesh_2x2({"sim.batches=2", "sim.batch_packets=1000", "sim.batch_max_cycles=5"}));
  ASSERT_EQ(r.batches.size(), 2u);
  EXPECT_TRUE(r.batches[0].cut);
  EXPECT_EQ(r.batches[0].end, 204u);
  EXPECT_EQ(r.batches[0].packets, 20u);
  EXPECT_EQ(r.batches[1].start, 205u);
  EXPECT_EQ(r.batches[1].end, 209u);
  EXPECT_TRUE(r.batches[1].cut);
}

// The boundaries are found after each window; a window of one cycle (a plain cycle-by-cycle loop)
// and two threads give the same batches as the default window.
TEST(Batches, WindowLengthAndThreadsDoNotMoveTheBoundaries) {
  const Config c = mesh_2x2({"sim.batches=4", "sim.batch_packets=5", "traffic.load=0.7"});
  const RunResults a = run(c);
  auto net = build_network(c);
  net->set_lookahead(1);
  const RunResults b = run_native(*net, nullptr, 1);
  const RunResults t2 = run(c, 2);
  for (const RunResults* x : {&b, &t2}) {
    ASSERT_EQ(x->batches.size(), a.batches.size());
    for (size_t i = 0; i < a.batches.size(); ++i) {
      EXPECT_EQ(x->batches[i].start, a.batches[i].start);
      EXPECT_EQ(x->batches[i].end, a.batches[i].end);
      EXPECT_EQ(x->batches[i].packets, a.batches[i].packets);
    }
    EXPECT_EQ(x->cycles_measured, a.cycles_measured);
    EXPECT_EQ(x->packets_measured, a.packets_measured);
  }
}

}  // namespace
