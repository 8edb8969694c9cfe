// Exact timing of the reference router on the p=2 a=4 h=2 Dragonfly (docs/model.md "Router
// timing" and "Zero-load latency"): single packets, back-to-back packets, credit round trips.
#include <gtest/gtest.h>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"
#include "sim/topology/dragonfly.h"

using namespace netcosim;

namespace {

Config quiet_config() {
  Config c;
  c.set_override("traffic.load=0");
  c.set_override("sim.warmup=0");
  c.set_override("sim.measure=2000");
  return c;
}

RunResults run_packets(const Config& c, const std::vector<std::pair<uint32_t, uint32_t>>& pkts) {
  const auto net = build_network(c);
  for (const auto& [s, d] : pkts) net->preload_packet(s, d);
  return run_native(*net);
}

// T0 = 1 (injection) + routers*(router.latency + xbar) + local*L_l + global*L_g + packet_size.
uint64_t formula(const Config& c, uint32_t local, uint32_t global) {
  return 1 +
         (local + global + 1) * (c.get_int("router.latency") + c.get_int("router.xbar_latency")) +
         local * c.get_int("link.latency_local") + global * c.get_int("link.latency_global") +
         c.get_int("packet.size");
}

// A destination node whose minimal path from node 0 has the given hop counts.
uint32_t node_with_path(const Dragonfly& d, uint32_t local, uint32_t global) {
  for (uint32_t n = 0; n < d.nodes(); ++n) {
    uint32_t l = 0, g = 0;
    d.min_hops(0, d.router_of_node(n), l, g);
    if (l == local && g == global && n != 0) return n;
  }
  ADD_FAILURE() << "no such node";
  return 0;
}

TEST(RouterTiming, SinglePacketLatencyByPath) {
  const Config c = quiet_config();
  Dragonfly d(2, 4, 2, Arrangement::Palmtree);
  const struct {
    uint32_t l, g;
    uint64_t expect;
  } cases[] = {{0, 0, 12}, {1, 0, 25}, {0, 1, 115}, {1, 1, 128}, {2, 1, 141}};
  for (const auto& k : cases) {
    ASSERT_EQ(formula(c, k.l, k.g), k.expect);
    const uint32_t dst = node_with_path(d, k.l, k.g);
    const RunResults r = run_packets(c, {{0, dst}});
    EXPECT_EQ(r.packets_delivered, 1u);
    EXPECT_EQ(r.latency_max, k.expect) << "path l=" << k.l << " g=" << k.g;
    EXPECT_DOUBLE_EQ(r.injection_latency_avg, 1.0);
    EXPECT_DOUBLE_EQ(r.network_latency_avg, double(k.expect - 1));
    EXPECT_DOUBLE_EQ(r.hops_avg, double(k.l + k.g));
  }
}

TEST(RouterTiming, PipelineOptionsEnterTheFormula) {
  Config c = quiet_config();
  c.set_override("router.latency=2");
  c.set_override("router.xbar_latency=1");
  c.set_override("link.latency_local=7");
  c.set_override("packet.size=4");
  Dragonfly d(2, 4, 2, Arrangement::Palmtree);
  const uint32_t dst = node_with_path(d, 2, 1);
  const RunResults r = run_packets(c, {{0, dst}});
  // 1 + 4*(2+1) + 2*7 + 100 + 4
  EXPECT_EQ(r.latency_max, 131u);
  EXPECT_EQ(r.latency_max, formula(c, 2, 1));
}

// Two packets from one node: the node's link starts one packet every packet_size cycles, and so
// does every link on the path, so the second arrives exactly packet_size cycles later.
TEST(RouterTiming, BackToBackPacketsArePacketSizeApart) {
  const Config c = quiet_config();
  const RunResults r = run_packets(c, {{0, 2}, {0, 2}});
  EXPECT_EQ(r.packets_delivered, 2u);
  EXPECT_EQ(r.latency_max, 25u + 8u);
  EXPECT_DOUBLE_EQ(r.latency_avg, 25.0 + 4.0);
}

// With one-packet local buffers the local link is limited by the credit round trip: a credit
// leaves when the packet's tail leaves the downstream buffer (grant + ceil(S/speedup)) and takes
// the link latency back, so packets cross every L + xbar + ceil(S/speedup) + L = 27 cycles.
TEST(RouterTiming, CreditRoundTripLimitsOnePacketBuffers) {
  Config c = quiet_config();
  c.set_override("router.buffer_local=8");
  std::vector<std::pair<uint32_t, uint32_t>> pkts(5, {0, 2});
  const RunResults r = run_packets(c, pkts);
  EXPECT_EQ(r.packets_delivered, 5u);
  EXPECT_EQ(r.latency_max, 25u + 4u * 27u);
  // Latencies 25, 52, 79, 106, 133.
  EXPECT_DOUBLE_EQ(r.latency_avg, (25 + 52 + 79 + 106 + 133) / 5.0);
  EXPECT_EQ(r.latency_p50, 79u);
}

// With speedup 1 a crossbar transfer takes packet_size cycles, so the credit leaves later.
TEST(RouterTiming, SpeedupSetsTheTransferTime) {
  Config c = quiet_config();
  c.set_override("router.buffer_local=8");
  c.set_override("router.speedup=1");
  std::vector<std::pair<uint32_t, uint32_t>> pkts(2, {0, 2});
  const RunResults r = run_packets(c, pkts);
  EXPECT_EQ(r.latency_max, 25u + (10u + 3u + 8u + 10u));
}

// router.xbar_until_tail (FOGSim's transfer length, docs/model.md 2.1): a packet granted in the
// cycle its head arrives (cut through) holds its input and its credit until its tail has arrived,
// S = 8 cycles after the head, not X = ceil(S / speedup) = 4 after the grant. In the credit-bound
// stream of CreditRoundTripLimitsOnePacketBuffers each packet is cut through at the destination
// router, so its credit leaves S - X = 4 cycles later: L + xbar + S + L = 31 cycles apart. The
// first packet's latency is unchanged (the output FIFO's copy lands xbar cycles after the grant).
TEST(RouterTiming, XbarUntilTailHoldsACutThroughTransferUntilItsTail) {
  Config c = quiet_config();
  c.set_override("router.buffer_local=8");
  c.set_override("router.xbar_until_tail=true");
  std::vector<std::pair<uint32_t, uint32_t>> pkts(5, {0, 2});
  const RunResults r = run_packets(c, pkts);
  EXPECT_EQ(r.packets_delivered, 5u);
  EXPECT_EQ(r.latency_max, 25u + 4u * 31u);
  // Latencies 25, 56, 87, 118, 149.
  EXPECT_DOUBLE_EQ(r.latency_avg, (25 + 56 + 87 + 118 + 149) / 5.0);
  // With speedup 1 a transfer already lasts S cycles: the key changes nothing.
  c.set_override("router.speedup=1");
  const RunResults r1 = run_packets(c, {{0, 2}, {0, 2}});
  EXPECT_EQ(r1.latency_max, 25u + (10u + 3u + 8u + 10u));
}

}  // namespace
