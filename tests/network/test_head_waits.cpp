// Head-wait counters of the CIOQ router (docs/model.md "Head waits"; netcosim run --waits) on the
// p=2 a=4 h=2 Dragonfly with preloaded packets, every count derived by hand from the router
// timing of docs/model.md "Router timing" (the same streams as
// tests/network/test_router_timing.cpp): packet.size S = 8, speedup 2 (a crossbar transfer X = 4
// cycles), router.latency 0, router.xbar_latency 3, link.latency_local 10, the injection link 1
// cycle; node 0 on router 0, node 2 on router 1, one local hop apart.
#include <gtest/gtest.h>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"

using namespace netcosim;

namespace {

Config quiet_config(Cycle warmup, Cycle measure) {
  Config c;
  c.set_override("traffic.load=0");
  c.set_override("sim.warmup=" + std::to_string(warmup));
  c.set_override("sim.measure=" + std::to_string(measure));
  return c;
}

struct Counted {
  RunResults res;
  std::vector<HeadWaits> waits;  // per router, copied after the run
};

Counted run_counted(const Config& c, const std::vector<std::pair<uint32_t, uint32_t>>& pkts) {
  const auto net = build_network(c);
  const Cycle warmup = static_cast<Cycle>(c.get_int("sim.warmup"));
  const Cycle end = warmup + static_cast<Cycle>(c.get_int("sim.measure"));
  for (uint32_t r = 0; r < net->routers(); ++r)
    EXPECT_TRUE(net->router(r).enable_head_waits(warmup, end));
  for (const auto& [s, d] : pkts) net->preload_packet(s, d);
  Counted out;
  out.res = run_native(*net);
  for (uint32_t r = 0; r < net->routers(); ++r) out.waits.push_back(*net->router(r).head_waits());
  return out;
}

// The input-side count of router `r`'s input ports of class `cls` for reason `w`, from the rows of
// the results (the routers' nonzero counters, sim/engine/results.cpp).
uint64_t in_total(const Counted& k, uint32_t r, PortClass cls, HeadWait w) {
  uint64_t n = 0;
  for (const RunResults::HeadWaitRow& row : k.res.head_waits)
    if (row.router == r && !row.output && row.in_class == cls &&
        row.reason == static_cast<uint8_t>(w))
      n += row.count;
  return n;
}

// Every count of the run, input side, summed over routers, ports and VCs per reason.
uint64_t all_in(const Counted& k, HeadWait w) {
  uint64_t n = 0;
  for (const RunResults::HeadWaitRow& row : k.res.head_waits)
    if (!row.output && row.reason == static_cast<uint8_t>(w)) n += row.count;
  return n;
}

constexpr PortClass kInj = 0, kLocal = 1;

// Five packets 0 -> 2 with one-packet local buffers (router.buffer_local=8): the stream of
// RouterTiming.CreditRoundTripLimitsOnePacketBuffers, with one injection VC
// (router.vcs_injection=1), so that the packets queue behind one head. The NIC injects packet k at
// 8k, so it reaches router 0's injection VC at 8k + 1 (ready then, router.latency 0). Packet 0 is
// granted in its arrival cycle 1. A packet granted at router 0 in cycle g reaches router 1 at g + 3
// + 10, is granted there at once (the ejection is free), its transfer ends 4 cycles later, when the
// credit of router 1's one-packet local VC leaves, and the credit is back at router 0 10 cycles
// after: g + 27, the next grant. So the grants at router 0 are 1, 28, 55, 82, 109.
//   packet 1 (head from 9): credits 9..27 (19 cycles), granted 28;
//   packet k = 2..4 becomes the head when packet k - 1 is granted (cycle g), then waits for the
//   input port, busy with that transfer until g + 4: input_busy g+1..g+3 (3 cycles), then credits
//   g+4..g+26 (23 cycles), granted g + 27.
// Router 0, injection input: input_busy 3 x 3 = 9, credits 19 + 3 x 23 = 88, granted 5. Router 1,
// local input: 5 heads granted in their arrival cycles (14, 41, 68, 95, 122). Nothing else.
TEST(HeadWaits, CreditRoundTripStallCountedCycleByCycle) {
  Config c = quiet_config(0, 2000);
  c.set_override("router.buffer_local=8");
  c.set_override("router.vcs_injection=1");
  const Counted k = run_counted(c, std::vector<std::pair<uint32_t, uint32_t>>(5, {0, 2}));
  ASSERT_EQ(k.res.packets_delivered, 5u);
  ASSERT_EQ(k.res.latency_max, 133u);  // the timing the counts are derived from
  ASSERT_TRUE(k.res.head_waits_on);
  EXPECT_EQ(in_total(k, 0, kInj, HeadWait::InputBusy), 9u);
  EXPECT_EQ(in_total(k, 0, kInj, HeadWait::Credits), 88u);
  EXPECT_EQ(in_total(k, 0, kInj, HeadWait::Granted), 5u);
  EXPECT_EQ(in_total(k, 1, kLocal, HeadWait::Granted), 5u);
  EXPECT_EQ(all_in(k, HeadWait::InputBusy), 9u);
  EXPECT_EQ(all_in(k, HeadWait::Credits), 88u);
  EXPECT_EQ(all_in(k, HeadWait::Granted), 10u);
  for (HeadWait w : {HeadWait::OutputRoom, HeadWait::ReplyGate, HeadWait::Lost})
    EXPECT_EQ(all_in(k, w), 0u) << head_wait_name(static_cast<uint32_t>(w));
  // One input VC of router 0 holds them all: the input rows of router 0 are one (port, VC).
  uint32_t port = 99, vc = 99;
  for (const RunResults::HeadWaitRow& row : k.res.head_waits) {
    if (row.router != 0 || row.output) continue;
    if (port == 99) port = row.port, vc = row.vc;
    EXPECT_EQ(row.port, port);
    EXPECT_EQ(row.vc, vc);
  }
  ASSERT_NE(port, 99u);
  EXPECT_EQ(k.waits[0].in_count(port, vc, HeadWait::Credits), 88u);
  // The output side: router 0's local output (the one its heads asked for) has the credit waits
  // and the grants of injection heads; input_busy has no output (the head is not asked for one).
  uint64_t out_credits = 0, out_granted = 0, out_busy = 0;
  for (const RunResults::HeadWaitRow& row : k.res.head_waits) {
    if (row.router != 0 || !row.output) continue;
    EXPECT_EQ(row.port_class, kLocal);
    EXPECT_EQ(row.in_class, kInj);
    out_credits += row.reason == static_cast<uint8_t>(HeadWait::Credits) ? row.count : 0;
    out_granted += row.reason == static_cast<uint8_t>(HeadWait::Granted) ? row.count : 0;
    out_busy += row.reason == static_cast<uint8_t>(HeadWait::InputBusy) ? row.count : 0;
  }
  EXPECT_EQ(out_credits, 88u);
  EXPECT_EQ(out_granted, 5u);
  EXPECT_EQ(out_busy, 0u);
  // The JSON's totals per input port class.
  EXPECT_EQ(k.res.head_waits_total[kInj][static_cast<uint32_t>(HeadWait::Credits)], 88u);
  EXPECT_EQ(k.res.head_waits_total[kLocal][static_cast<uint32_t>(HeadWait::Granted)], 5u);
}

// The same stream counted only in the window [30, 90) (warm-up 30, 60 measured cycles; the run
// stops at 90): packet 1's waits and grant (9..28) are before it; packet 2 input_busy 30, 31
// (2), credits 32..54 (23), granted 55; packet 3 input_busy 56..58 (3), credits 59..81 (23),
// granted 82; packet 4 input_busy 83..85 (3), credits 86..89 (4). Router 1 grants packets 1 and 2
// at 41 and 68 (packet 3 arrives at 95).
TEST(HeadWaits, OnlyTheMeasurementWindowIsCounted) {
  Config c = quiet_config(30, 60);
  c.set_override("router.buffer_local=8");
  c.set_override("router.vcs_injection=1");
  const Counted k = run_counted(c, std::vector<std::pair<uint32_t, uint32_t>>(5, {0, 2}));
  EXPECT_EQ(k.res.head_waits_start, 30u);
  EXPECT_EQ(k.res.head_waits_end, 90u);
  EXPECT_EQ(in_total(k, 0, kInj, HeadWait::InputBusy), 8u);
  EXPECT_EQ(in_total(k, 0, kInj, HeadWait::Credits), 50u);
  EXPECT_EQ(in_total(k, 0, kInj, HeadWait::Granted), 2u);
  EXPECT_EQ(in_total(k, 1, kLocal, HeadWait::Granted), 2u);
  EXPECT_EQ(all_in(k, HeadWait::Granted), 4u);
  EXPECT_EQ(all_in(k, HeadWait::Lost) + all_in(k, HeadWait::OutputRoom), 0u);
}

// Nodes 0 and 1 (both on router 0) each send one packet to node 2; both heads are ready in cycle
// 1 and request router 0's local output to router 1: one is granted, the other loses (lost 1).
// The winner's transfer writes the output FIFO for X = 4 cycles (its write side busy until 5): the
// loser waits for output room in cycles 2, 3, 4 (3) and is granted in cycle 5 (the downstream VC
// holds 4 packets, router.buffer_local 32: credits for both). Router 1 grants each on arrival.
// The same with a policy allocator (age arbiters: allocate<Sel, kPolicy = true>) and with DAMQ
// input buffers (the other credit model's instantiation).
TEST(HeadWaits, TwoHeadsForOneOutputLoseThenWaitForItsWriteSide) {
  for (const char* variant : {"", "age", "damq"}) {
    Config c = quiet_config(0, 500);
    if (std::string(variant) == "age") {
      c.set_override("router.input_arbitration=age");
      c.set_override("router.output_arbitration=age");
    }
    if (std::string(variant) == "damq") c.set_override("router.buffer_model=damq");
    const Counted k = run_counted(c, {{0, 2}, {1, 2}});
    SCOPED_TRACE(variant);
    ASSERT_EQ(k.res.packets_delivered, 2u);
    EXPECT_EQ(in_total(k, 0, kInj, HeadWait::Lost), 1u);
    EXPECT_EQ(in_total(k, 0, kInj, HeadWait::OutputRoom), 3u);
    EXPECT_EQ(in_total(k, 0, kInj, HeadWait::Granted), 2u);
    EXPECT_EQ(in_total(k, 1, kLocal, HeadWait::Granted), 2u);
    EXPECT_EQ(all_in(k, HeadWait::Credits) + all_in(k, HeadWait::InputBusy), 0u);
    // Two injection input ports of router 0, one packet each: the loser's port has lost 1,
    // output room 3 and granted 1; the winner's granted 1.
    uint32_t ports = 0;
    for (uint32_t p = 0; p < k.waits[0].ports; ++p)
      for (uint32_t v = 0; v < k.waits[0].vcs; ++v)
        if (k.waits[0].in_count(p, v, HeadWait::Granted) != 0) {
          ++ports;
          EXPECT_EQ(k.waits[0].in_count(p, v, HeadWait::Granted), 1u);
          const uint64_t lost = k.waits[0].in_count(p, v, HeadWait::Lost);
          EXPECT_EQ(k.waits[0].in_count(p, v, HeadWait::OutputRoom), lost * 3);
        }
    EXPECT_EQ(ports, 2u);
  }
}

// Counting changes nothing simulated: the JSON of a run with the counters equals the one without
// but for the head_waits object (its timing keys removed).
TEST(HeadWaits, CountingLeavesTheRunUnchanged) {
  Config c;
  c.set_override("traffic.load=0.7");
  c.set_override("sim.warmup=200");
  c.set_override("sim.measure=400");
  const auto plain = build_network(c);
  RunResults a = run_native(*plain);
  const auto counted = build_network(c);
  for (uint32_t r = 0; r < counted->routers(); ++r) counted->router(r).enable_head_waits(200, 600);
  RunResults b = run_native(*counted);
  ASSERT_TRUE(b.head_waits_on);
  EXPECT_GT(b.head_waits_total[kInj][static_cast<uint32_t>(HeadWait::Granted)], 0u);
  for (RunResults* r : {&a, &b}) r->wall_seconds = r->cycles_per_second = r->peak_rss_mb = 0;
  b.head_waits_on = false;
  EXPECT_EQ(results_json(a, c), results_json(b, c));
}

}  // namespace
