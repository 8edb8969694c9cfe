// traffic.source_queue (docs/model.md section 3): a packet generated when its node's source queue
// is full is refused (packets_refused) and not counted as generated. The expectations follow from
// the Bernoulli generation process and the saturation throughput of ADV+1 under MIN.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"
#include "test_util.h"

using namespace netcosim;

namespace {

// h2 (N = 72 nodes, a*p = 8 nodes per group, g = 9 groups), packets of S = 8 phits.
Config saturated(int queue) {
  return test::dragonfly(
      "h2", {"traffic.pattern=adv", "traffic.load=1.0", "sim.warmup=0", "sim.measure=20000",
             "traffic.source_queue=" + std::to_string(queue)});
}

// Every node draws a packet in each cycle with probability load/S, whether its queue takes it or
// not (the destination is drawn too, so the node's stream does not depend on the queue): the
// attempts, generated + refused, are the same for every queue size, and their number is
// binomial, N*T trials of probability load/S.
TEST(SourceQueue, AttemptsFollowTheLoadWhateverTheQueue) {
  const double N = 72, T = 20000, q = 1.0 / 8;
  const double mean = N * T * q, sd = std::sqrt(N * T * q * (1 - q));
  uint64_t attempts = 0;
  for (int queue : {1, 4, 64}) {
    const RunResults r = run_native(*build_network(saturated(queue)));
    const uint64_t a = r.packets_generated + r.packets_refused;
    if (attempts == 0) attempts = a;
    EXPECT_EQ(a, attempts) << "queue " << queue;
    EXPECT_NEAR(double(a), mean, 4 * sd) << "queue " << queue;
    EXPECT_GT(r.packets_refused, 0u) << "queue " << queue;
  }
}

// Saturated: under ADV+1 with MIN each group's traffic shares one global link, so a node
// delivers 1/(a*p) = 1/8 phit per cycle of the 1 it offers and its queue is full almost all the
// time. What a bigger queue changes is only how many packets wait in it at the end: every queue
// is full then, so generated(64) - generated(4) = 60 per node plus the difference in the packets
// delivered and in the network, which the saturated global links bound: each of the g links
// carries one phit per cycle in both runs, so deliveries differ by at most what the flow holds past
// the link (F = 768 phits = 96 packets per group on h2, throughput_bounds.h) twice over.
// The refusals differ by the same amount with the opposite sign (the attempts are equal).
TEST(SourceQueue, RefusedDifferenceIsTheQueueCapacityDifference) {
  const RunResults small = run_native(*build_network(saturated(4)));
  const RunResults big = run_native(*build_network(saturated(64)));
  const double N = 72, g = 9, F_packets = 96;
  const double diff = double(small.packets_refused) - double(big.packets_refused);
  EXPECT_NEAR(diff, 60 * N, 2 * g * F_packets);
  EXPECT_EQ(small.packets_refused + small.packets_generated,
            big.packets_refused + big.packets_generated);
  // Refusals are (attempts - admitted); admitted = delivered + in flight, and in flight is at most
  // the queues plus the injection buffers (3 VCs x 256 phits = 96 packets per node) plus the
  // packets inside the network (the routers' buffers, 944 phits = 118 packets per router).
  for (const RunResults* r : {&small, &big}) {
    EXPECT_EQ(r->packets_in_flight, r->packets_generated - r->packets_delivered);
    const double queue = r == &small ? 4 : 64;
    EXPECT_GE(double(r->packets_in_flight), N * queue);  // every queue full at the end
    EXPECT_LE(double(r->packets_in_flight), N * (queue + 96) + 36 * 118);
  }
}

// Below saturation (load 0.1, uniform) a 64-packet queue never fills: the node's link serves one
// packet per 8 cycles and packets arrive with probability 1/80 per cycle (utilisation 0.1), so
// the queue length exceeds a few packets with negligible probability.
TEST(SourceQueue, NoRefusalBelowSaturation) {
  const RunResults r = run_native(*build_network(
      test::dragonfly("h2", {"traffic.load=0.1", "sim.warmup=1000", "sim.measure=5000"})));
  EXPECT_EQ(r.packets_refused, 0u);
  EXPECT_NEAR(r.accepted_load, 0.1, 0.01);
}

// traffic.source_queue=0 is FOGSim's generator (docs/model.md §3): the packet is written into the
// injection buffer at once and an attempt is dropped only when the injection VC has no room for
// it. On h2 under uniform traffic with MIN, below saturation (0.5; MIN saturates at 0.81 here)
// the buffer always has room, so nothing is dropped and the applied load is the offered one up
// to the Bernoulli draw (0.5018 with seed 1; the bound 0.49 is 7 standard deviations of
// the draw, 72 x 10,000 trials of 1/16); before, the node link dropped every attempt made while
// the previous packet was still crossing it and the applied load was 0.35 = 0.5/(1 + 7*0.5/8).
// Past saturation (1.0) the network accepts what it accepts with a source queue: the queue only
// holds the attempts a full injection buffer drops (measured 0.8103 against 0.8073).
Config h2_min_uniform(const char* load, int queue) {
  return test::dragonfly(
      "h2", {std::string("traffic.load=") + load, "sim.warmup=3000", "sim.measure=10000",
             "traffic.source_queue=" + std::to_string(queue)});
}

TEST(SourceQueue, WithoutAQueueTheAppliedLoadIsTheOfferedLoad) {
  const RunResults r = run_native(*build_network(h2_min_uniform("0.5", 0)));
  EXPECT_EQ(r.packets_dropped, 0u);
  EXPECT_GE(r.applied_load, 0.49);
  EXPECT_NEAR(r.accepted_load, r.applied_load, 0.005);
}

TEST(SourceQueue, WithoutAQueueSaturationMatchesTheQueuedRunWithin2Percent) {
  const RunResults none = run_native(*build_network(h2_min_uniform("1.0", 0)));
  const RunResults queued = run_native(*build_network(h2_min_uniform("1.0", 64)));
  EXPECT_GT(none.packets_dropped, 0u);
  EXPECT_NEAR(none.accepted_load, queued.accepted_load, 0.02 * queued.accepted_load);
}

}  // namespace
