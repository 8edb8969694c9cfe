// Service levels on a whole network (docs/model.md "Service levels"): the per-SL figures add up
// exactly to the run's, each SL is offered its share, drained runs conserve every packet, and the
// unbounded application queue refuses nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"

using namespace netcosim;

namespace {

// A 4-ary 2-tree (16 nodes) on the CIOQ router with thesis 003 Table 2.2 Config A's shares.
Config tree(std::vector<std::string> sets = {}) {
  Config c;
  for (const char* kv :
       {"topology.type=fattree", "topology.k=4", "topology.n=2", "routing.algorithm=updown",
        "traffic.source=service_levels", "qos.sls=3", "qos.sl_names=SL0,SL1,SL2",
        "qos.inject_share=0.5,0.4,0.1", "sim.warmup=2000", "sim.measure=20000", "traffic.load=0.3"})
    c.set_override(kv);
  for (const std::string& kv : sets) c.set_override(kv);
  return c;
}

TEST(ServiceLevels, PerSlFiguresAddUpToTheRunsExactly) {
  const auto net = build_network(
      tree({"qos.message_size=1024,512,2048", "qos.pattern=uniform,cbr_uniform,bursts4"}));
  const RunResults r = run_native(*net);
  ASSERT_EQ(r.per_sl.size(), 3u);
  uint64_t packets = 0;
  double accepted = 0, applied = 0, normalized = 0, latency = 0;
  for (const SlResults& x : r.per_sl) {
    packets += x.packets_measured;
    accepted += x.accepted_load;
    applied += x.applied_load;
    normalized += x.normalized_throughput;
    latency += x.latency_avg * double(x.packets_measured);
    EXPECT_DOUBLE_EQ(x.latency_avg_ns, x.latency_avg * 64 / 12.5);
    EXPECT_GT(x.packets_measured, 0u);
  }
  EXPECT_EQ(packets, r.packets_measured);
  EXPECT_NEAR(accepted, r.accepted_load, 1e-12);
  EXPECT_NEAR(applied, r.applied_load, 1e-12);
  EXPECT_NEAR(normalized, 1.0, 1e-12);
  EXPECT_NEAR(latency / double(r.packets_measured), r.latency_avg, 1e-9 * r.latency_avg);
  EXPECT_EQ(r.per_sl[1].name, "SL1");
  EXPECT_DOUBLE_EQ(r.per_sl[0].offered_load, 0.15);
}

TEST(ServiceLevels, BelowSaturationEachSlGetsItsShare) {
  // 16 nodes x 20000 cycles; Bernoulli messages of 2 packets (16 flits): SL0 offers 0.15 flits
  // per node and cycle, about 3000 messages; the accepted load is within 4 sigma of the offered
  // load (the applied load follows the offered one; accepted differs by the packets in flight at
  // the window's ends, a few messages per node at this load).
  const auto net = build_network(tree({"qos.message_size=1024,1024,1024"}));
  const RunResults r = run_native(*net);
  for (const SlResults& x : r.per_sl) {
    const double messages = x.offered_load * 16 * 20000 / 16;
    const double sigma = std::sqrt(messages) * 16 / (16 * 20000);
    EXPECT_NEAR(x.applied_load, x.offered_load, 4 * sigma) << x.name;
    EXPECT_NEAR(x.accepted_load, x.applied_load, 4 * sigma + 0.002) << x.name;
  }
  EXPECT_EQ(r.packets_refused, 0u);
}

TEST(ServiceLevels, DrainedRunsConserveEveryPacket) {
  const auto net =
      build_network(tree({"sim.drain=true", "traffic.load=0.9", "qos.pattern=cbr,next,bursts4",
                          "traffic.application_queue=true"}));
  const RunResults r = run_native(*net);
  EXPECT_TRUE(r.drained);
  EXPECT_TRUE(r.conservation_ok);
  EXPECT_EQ(r.packets_generated, r.packets_delivered);
}

TEST(ServiceLevels, TheUnboundedApplicationQueueRefusesNothingAboveSaturation) {
  // Full load on a tree that saturates below it: a bounded queue of 4 packets refuses generation
  // attempts; the unbounded one (thesis 003 Sec. 2.2) keeps them, so every attempt is applied and
  // the end-to-end latency grows with the queue.
  const RunResults bounded =
      run_native(*build_network(tree({"traffic.load=1", "traffic.source_queue=4"})));
  const RunResults unbounded = run_native(*build_network(
      tree({"traffic.load=1", "traffic.source_queue=4", "traffic.application_queue=true"})));
  EXPECT_GT(bounded.packets_refused, 0u);
  EXPECT_EQ(unbounded.packets_refused, 0u);
  EXPECT_GT(unbounded.packets_in_flight, bounded.packets_in_flight);
  EXPECT_GT(unbounded.latency_avg, bounded.latency_avg);
  EXPECT_LT(unbounded.accepted_load, 0.95);
  // Every attempt applied: about 40000 Bernoulli messages of 8 flits over 16 nodes x 20000
  // cycles, sigma = sqrt(40000) x 8 / 320000 = 0.005; within 5 sigma of the offered load.
  EXPECT_NEAR(unbounded.applied_load, 1.0, 0.025);
}

}  // namespace
