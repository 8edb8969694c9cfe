// router.buffer_output (docs/model.md 2.1): the output FIFO's space is reserved at the grant and
// freed when the packet's tail has left on the link (link start + packet_size), and the packet
// reaches the FIFO xbar_latency cycles after its grant. So with a FIFO of one packet the next
// grant to that output can only come xbar_latency + packet_size = 3 + 8 = 11 cycles after the
// previous one: a single flow runs at one packet per 11 cycles instead of one per 8 (the link).
// With two packets of space the FIFO covers the 11 cycles and the link (8) limits again. A single
// packet never waits for FIFO space: the zero-load latency does not depend on the FIFO size.
#include <gtest/gtest.h>

#include <vector>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"

using namespace netcosim;

namespace {

// Node 0 sends `n` packets, all generated in cycle 0, to node 2 (router 1: one local hop).
RunResults flow(uint32_t buffer_output, uint32_t n) {
  Config c;
  c.set_override("traffic.load=0");
  c.set_override("sim.warmup=0");
  c.set_override("sim.measure=2000");
  c.set_override("router.buffer_output=" + std::to_string(buffer_output));
  const auto net = build_network(c);
  for (uint32_t i = 0; i < n; ++i) net->preload_packet(0, 2);
  return run_native(*net);
}

TEST(OutputBuffer, ZeroLoadLatencyDoesNotDependOnTheFifoSize) {
  for (uint32_t size : {8u, 16u, 32u, 256u}) {
    const RunResults r = flow(size, 1);
    EXPECT_EQ(r.latency_max, 25u) << size;  // 1 + 2*3 + 10 + 8 (docs/model.md 2.2)
  }
}

TEST(OutputBuffer, OnePacketFifoLimitsASingleFlowTo11CyclesPerPacket) {
  // Packet i (0-based) is delivered 25 + 11*i cycles after cycle 0.
  const RunResults r = flow(8, 5);
  EXPECT_EQ(r.packets_delivered, 5u);
  EXPECT_EQ(r.latency_max, 25u + 4u * 11u);
  EXPECT_DOUBLE_EQ(r.latency_avg, 25.0 + 11.0 * (0 + 1 + 2 + 3 + 4) / 5.0);
}

TEST(OutputBuffer, TwoPacketFifoLeavesTheLinkAsTheLimit) {
  // 8 cycles per packet, as with the default 32-phit FIFO.
  for (uint32_t size : {16u, 32u}) {
    const RunResults r = flow(size, 5);
    EXPECT_EQ(r.latency_max, 25u + 4u * 8u) << size;
    EXPECT_DOUBLE_EQ(r.latency_avg, 25.0 + 8.0 * 2.0) << size;
  }
}

}  // namespace
