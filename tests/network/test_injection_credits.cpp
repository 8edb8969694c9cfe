// router.vcs_injection and router.buffer_injection (docs/model.md 2.1, 3): the NIC injects a
// packet only into an injection VC with room for all of it; the room comes back when the packet's
// tail leaves the injection buffer (credit latency 0, sim/network/network.cpp). The round trip of
// that room is: injection delay 1, router.latency before the head may request, the crossbar
// transfer ceil(S/speedup); so with one VC of one packet a node injects one packet per
// 1 + router.latency + ceil(S/speedup) cycles, or per S cycles (its link) if that is longer.
// Two packets of room (two VCs, or one VC of two packets) cover the round trip when it is below
// 2*S.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"

using namespace netcosim;

namespace {

// Node 0 sends 5 packets generated in cycle 0 to node 1 (the same router: no link but the
// node's own, ejection at the same router).
RunResults burst(std::initializer_list<std::string> sets) {
  Config c;
  for (const char* s : {"traffic.load=0", "sim.warmup=0", "sim.measure=2000"}) c.set_override(s);
  for (const auto& s : sets) c.set_override(s);
  const auto net = build_network(c);
  for (int i = 0; i < 5; ++i) net->preload_packet(0, 1);
  return run_native(*net);
}

// Latencies T0 + P*i for i = 0..4.
void expect_period(const RunResults& r, uint64_t t0, uint64_t period, const char* what) {
  EXPECT_EQ(r.packets_delivered, 5u) << what;
  EXPECT_EQ(r.latency_max, t0 + 4 * period) << what;
  EXPECT_DOUBLE_EQ(r.latency_avg, double(t0) + 2.0 * double(period)) << what;
}

TEST(InjectionCredits, DefaultsAreLimitedByTheNodeLink) {
  // T0 = 1 + 1 router * 3 + 8 = 12; one packet per 8 cycles.
  expect_period(burst({}), 12, 8, "defaults");
}

TEST(InjectionCredits, OneOnePacketVcLimitsToTheRoundTrip) {
  // router.latency = 10: T0 = 1 + (10 + 3) + 8 = 22; round trip 1 + 10 + 4 = 15 > 8.
  expect_period(burst({"router.latency=10", "router.vcs_injection=1", "router.buffer_injection=8"}),
                22, 15, "1 VC x 1 packet");
  // speedup 1: transfer 8 cycles, round trip 1 + 0 + 8 = 9 > 8; T0 = 12 still (the packet
  // is in the output FIFO xbar_latency cycles after its grant whatever the transfer time).
  expect_period(burst({"router.speedup=1", "router.vcs_injection=1", "router.buffer_injection=8"}),
                12, 9, "speedup 1");
}

TEST(InjectionCredits, TwoPacketsOfRoomCoverTheRoundTrip) {
  // 15 < 2*8: the node's link limits again.
  expect_period(burst({"router.latency=10", "router.vcs_injection=2", "router.buffer_injection=8"}),
                22, 8, "2 VCs x 1 packet");
  expect_period(
      burst({"router.latency=10", "router.vcs_injection=1", "router.buffer_injection=16"}), 22, 8,
      "1 VC x 2 packets");
}

}  // namespace
