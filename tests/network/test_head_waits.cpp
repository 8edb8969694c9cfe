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
#include "sim/routing/routing.h"
#include "sim/stats/report.h"
#include "sim/topology/dragonfly.h"

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

// Router `r`'s output-side count of output port `o` for reason `w`, over the input classes.
uint64_t out_total(const Counted& k, uint32_t r, uint32_t o, HeadWait w) {
  uint64_t n = 0;
  for (PortClass c = 0; c < kMaxPortClasses; ++c) n += k.waits[r].out_count(o, c, w);
  return n;
}

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

// A bounded reply queue (traffic.reply_queue = 2, traffic.reply_size = 2; docs/model.md §4.7
// "Consumption"): requests A and B from nodes 0 and 1 (router 0) to node 2 (router 1), MIN with
// 4/2 VCs (requests on VCs 0-1 / 0, replies on 2-3 / 1). At router 0 the two heads meet as in
// TwoHeadsForOneOutputLoseThenWaitForItsWriteSide: one granted in cycle 1 (A), the other lost 1,
// output room 2..4 (3), granted 5 (B). A starts the link to router 1 at 1 + 3 = 4, reaches
// router 1 at 14 and is granted the ejection at once (no reply held: 0 + 2 <= 2), which reserves
// its reply (held 2). Its head starts the ejection link at 17, so node 2 owes a reply generated
// in 18; its NIC injects the reply's packets in 18 and 26 (one per S = 8 cycles), held 1 then 0,
// and an injection of the same cycle still counts as held (Nic::reply_fits). B, in the output
// FIFO at 5 + 3 = 8, waits for the link until A's packet has left it (4 + 8 = 12: a wait of the
// output FIFO, not counted), and reaches router 1 at 22: its reply (2 packets) does not fit in
// 22..26, reply_gate 5 cycles, granted 27; it is delivered at 27 + 3 + 8 = 38 (A at 25). B's
// head starts the ejection at 30, the reply is owed from 31 and injected at 34 and 42 (the NIC's
// link is busy until 26 + 8). Granted: router 0 A, B (injection) and the 4 reply packets (local
// input); router 1 A, B (local input) and the 4 reply packets (injection input of node 2, at 19,
// 27, 35, 43). The replies leave router 1 on its link to router 0 at 22, 30, 38, 46 and are
// delivered at 43, 51, 59, 67: latencies 25, 33, 28, 36.
TEST(HeadWaits, RequestWaitsForRoomForItsReplyAsReplyGate) {
  Config c = quiet_config(0, 500);
  for (const char* s : {"traffic.source=request_reply", "traffic.reply_size=2",
                        "traffic.reply_queue=2", "router.vcs_local=4", "router.vcs_global=2"})
    c.set_override(s);
  const Counted k = run_counted(c, {{0, 2}, {1, 2}});
  ASSERT_EQ(k.res.packets_delivered, 6u);  // 2 requests, 4 reply packets
  // The timing the counts are derived from: requests (25 + 38) / 2, replies 122 / 4.
  ASSERT_EQ(k.res.latency_max, 38u);
  ASSERT_EQ(k.res.per_class.size(), 2u);
  ASSERT_DOUBLE_EQ(k.res.per_class[0].latency_avg, 31.5);
  ASSERT_DOUBLE_EQ(k.res.per_class[1].latency_avg, 30.5);
  EXPECT_EQ(in_total(k, 1, kLocal, HeadWait::ReplyGate), 5u);
  EXPECT_EQ(all_in(k, HeadWait::ReplyGate), 5u);
  EXPECT_EQ(in_total(k, 0, kInj, HeadWait::Lost), 1u);
  EXPECT_EQ(in_total(k, 0, kInj, HeadWait::OutputRoom), 3u);
  EXPECT_EQ(in_total(k, 0, kInj, HeadWait::Granted), 2u);
  EXPECT_EQ(in_total(k, 0, kLocal, HeadWait::Granted), 4u);
  EXPECT_EQ(in_total(k, 1, kLocal, HeadWait::Granted), 2u);
  EXPECT_EQ(in_total(k, 1, kInj, HeadWait::Granted), 4u);
  EXPECT_EQ(all_in(k, HeadWait::Granted), 12u);
  EXPECT_EQ(all_in(k, HeadWait::Lost), 1u);
  EXPECT_EQ(all_in(k, HeadWait::OutputRoom), 3u);
  EXPECT_EQ(all_in(k, HeadWait::Credits) + all_in(k, HeadWait::InputBusy), 0u);
  // The output side: the gate is counted on router 1's ejection port of node 2 (port 0), from a
  // local input.
  EXPECT_EQ(k.waits[1].out_count(0, kLocal, HeadWait::ReplyGate), 5u);
  EXPECT_EQ(k.res.head_waits_total[kLocal][static_cast<uint32_t>(HeadWait::ReplyGate)], 5u);
  // Per traffic class (request-reply traffic): the requests A and B are the heads of router 0's
  // injection inputs (lost 1, output_room 3, granted 2) and of router 1's local input (granted
  // 2, reply_gate 5); the 4 reply packets are granted at router 1's injection input and at router
  // 0's local input (8).
  ASSERT_TRUE(k.res.head_waits_split);
  const auto by_class = [&](uint32_t tc, HeadWait w) {
    return k.res.head_waits_class_total[tc][static_cast<uint32_t>(w)];
  };
  EXPECT_EQ(by_class(0, HeadWait::Lost), 1u);
  EXPECT_EQ(by_class(0, HeadWait::OutputRoom), 3u);
  EXPECT_EQ(by_class(0, HeadWait::Granted), 4u);
  EXPECT_EQ(by_class(0, HeadWait::ReplyGate), 5u);
  EXPECT_EQ(by_class(1, HeadWait::Granted), 8u);
  for (uint32_t w = 0; w < kHeadWaitReasons; ++w) {
    if (w != static_cast<uint32_t>(HeadWait::Granted)) {
      EXPECT_EQ(by_class(1, HeadWait(w)), 0u) << head_wait_name(w);
    }
  }
  // The rows carry the class: router 1's output-side reply_gate rows are the requests'.
  EXPECT_EQ(k.waits[1].out_count(0, kLocal, 0, HeadWait::ReplyGate), 5u);
  EXPECT_EQ(k.waits[1].out_count(0, kLocal, 1, HeadWait::ReplyGate), 0u);
  uint64_t reply_rows = 0;
  for (const RunResults::HeadWaitRow& row : k.res.head_waits)
    if (!row.output && row.traffic_class == 1) reply_rows += row.count;
  EXPECT_EQ(reply_rows, 8u);
  // The CSV's class column.
  const std::string csv = head_waits_csv(k.res);
  EXPECT_NE(csv.find(",request,reply_gate,5\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",reply,granted,"), std::string::npos) << csv;
}

// A routing of this test's own with FlexVC's contract (seed 002 Def. 2, Sec. III-B; docs/model.md
// §4.6; RouteResult::opportunistic, RoutingAlgorithm::escape) on the h2 Dragonfly's group 0: a
// packet of router 0 for router 1 is routed through router 2 (local port 3, VC 0), an
// opportunistic hop whose escape is the minimal hop (local port 2 to router 1, VC 0); router 2
// sends it on to router 1 on VC 1; router 1 ejects. Oblivious: an escape taken is kept.
class OpportunisticThroughRouter2 final : public RoutingAlgorithm {
 public:
  const char* name() const override { return "opportunistic-through-2"; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng&) const override {
    RouteResult r;
    const uint32_t dst = topo().router_of_node(pkt.dst);
    if (q.router == dst) {
      r.port = static_cast<uint8_t>(topo().port_of_node(pkt.dst));
    } else if (q.router == 0) {
      r.port = static_cast<uint8_t>(topo().min_output(0, 2));
      r.vcs = vc_bit(0);
      r.nonminimal = r.opportunistic = true;
    } else {
      r.port = static_cast<uint8_t>(topo().min_output(q.router, dst));
      r.vcs = vc_bit(1);
    }
    return r;
  }
  RouteResult escape(const PortView& q, const Packet& pkt) const override {
    RouteResult r;
    r.port = static_cast<uint8_t>(topo().min_output(q.router, topo().router_of_node(pkt.dst)));
    r.vcs = vc_bit(0);
    return r;
  }
  uint32_t minimal_output(uint32_t router, const Packet& pkt) const override {
    const uint32_t dst = topo().router_of_node(pkt.dst);
    return router == dst ? topo().port_of_node(pkt.dst) : topo().min_output(router, dst);
  }

 private:
  static const Dragonfly& topo() {
    static const Dragonfly t(2, 4, 2, Arrangement::Palmtree);  // the default h2
    return t;
  }
};

// The FlexVC escape's classification (docs/model.md "Head waits", `credits`): an opportunistic
// head none of whose VCs has room downstream, and whose escape cannot be requested either, is
// counted with the escape's own reason, on the escape's output; an opportunistic hop whose own
// output FIFO cannot take the packet waits output_room there (the escape is asked for only when
// the hop's VCs have no room, CioqRouter::request_heads). Packets P0, P1, P2 from node 0 to node 2
// (router 1) with one-packet local buffers (router.buffer_local=8) enter router 0 at 1, 9 and 17
// (the NIC injects one every S = 8 cycles). P0 takes the opportunistic hop (port 3, router 2's VC
// 0) in cycle 1; that credit is back at 1 + 27 = 28 (router 2 grants P0 at 14, its transfer ends
// at 18, plus the link's 10), after P2 has taken its escape, which it keeps (an oblivious routing).
//   - Output FIFOs of 4 packets (the default router.buffer_output=32): P1 (cycle 9) finds no
//     credit on port 3 and its escape (port 2) is granted at once; router 1 grants P1 at 22, its
//     credit is back at router 0 at 22 + 4 + 10 = 36. P2 (cycle 17): no credit on port 3, the
//     escape has FIFO room but no credit: credits 17..35 (19) on port 2, granted 36. Router 1
//     grants P0 (from router 2, at 14 + 13 = 27) and P2 (36 + 13 = 49) on arrival; P0 waits in
//     the ejection FIFO until P1 has left the node's link (25 + 8 = 33: not a head wait) and is
//     delivered at 41, P1 at 22 + 3 + 8 = 33, P2 at 49 + 3 + 8 = 60, the latency maximum.
//   - One-packet output FIFOs (router.buffer_output=8): port 3's FIFO holds P0 until its tail has
//     left (on the link at 1 + 3 = 4, freed at 12): P1 waits output room 9..11 (3) on port 3, then
//     finds no credit there and its escape is granted at 12 (router 1 grants it at 25, its credit
//     is back at 39). P2 (cycle 17): no credit on port 3, the escape's FIFO holds P1 until 15 + 8
//     = 23: output room 17..22 (6) on port 2, then credits 23..38 (16), granted 39. At router 1 the
//     ejection FIFO holds P1 from 25 until 28 + 8 = 36: P0 (arriving at 27) waits output room
//     27..35 (9), granted 36 and delivered at 47; P1 at 36, P2 (arriving at 52) at 63, the
//     latency maximum.
TEST(HeadWaits, OpportunisticHeadWaitsWithItsEscapesReason) {
  constexpr uint32_t kOpp = 3, kEscape = 2;
  for (const bool small_fifo : {false, true}) {
    SCOPED_TRACE(small_fifo ? "buffer_output=8" : "buffer_output=32");
    Config c = quiet_config(0, 500);
    c.set_override("router.buffer_local=8");
    c.set_override("router.vcs_injection=1");
    if (small_fifo) c.set_override("router.buffer_output=8");
    const auto net = build_network(c, std::make_unique<OpportunisticThroughRouter2>());
    for (uint32_t r = 0; r < net->routers(); ++r)
      ASSERT_TRUE(net->router(r).enable_head_waits(0, 500));
    for (int n = 0; n < 3; ++n) net->preload_packet(0, 2);
    Counted k;
    k.res = run_native(*net);
    for (uint32_t r = 0; r < net->routers(); ++r) k.waits.push_back(*net->router(r).head_waits());
    ASSERT_EQ(k.res.packets_delivered, 3u);
    // The timing the counts are derived from: P0 + P1 + P2 delivered at 41 + 33 + 60 (default),
    // 47 + 36 + 63 (one-packet FIFOs).
    ASSERT_EQ(k.res.latency_max, small_fifo ? 63u : 60u);
    ASSERT_DOUBLE_EQ(k.res.latency_avg, (small_fifo ? 47 + 36 + 63 : 41 + 33 + 60) / 3.0);
    const uint64_t opp_room = small_fifo ? 3 : 0, escape_room = small_fifo ? 6 : 0;
    const uint64_t credits = small_fifo ? 16 : 19, router1_room = small_fifo ? 9 : 0;
    EXPECT_EQ(in_total(k, 0, kInj, HeadWait::OutputRoom), opp_room + escape_room);
    EXPECT_EQ(in_total(k, 0, kInj, HeadWait::Credits), credits);
    EXPECT_EQ(in_total(k, 0, kInj, HeadWait::Granted), 3u);
    EXPECT_EQ(out_total(k, 0, kEscape, HeadWait::OutputRoom), escape_room);
    EXPECT_EQ(out_total(k, 0, kEscape, HeadWait::Credits), credits);
    EXPECT_EQ(out_total(k, 0, kEscape, HeadWait::Granted), 2u);  // P1, P2
    EXPECT_EQ(out_total(k, 0, kOpp, HeadWait::OutputRoom), opp_room);
    EXPECT_EQ(out_total(k, 0, kOpp, HeadWait::Granted), 1u);  // P0
    EXPECT_EQ(out_total(k, 0, kOpp, HeadWait::Credits), 0u);  // counted on the escape's output
    EXPECT_EQ(in_total(k, 2, kLocal, HeadWait::Granted), 1u);
    EXPECT_EQ(in_total(k, 1, kLocal, HeadWait::Granted), 3u);
    EXPECT_EQ(in_total(k, 1, kLocal, HeadWait::OutputRoom), router1_room);
    EXPECT_EQ(all_in(k, HeadWait::OutputRoom), opp_room + escape_room + router1_room);
    EXPECT_EQ(all_in(k, HeadWait::Credits), credits);
    EXPECT_EQ(all_in(k, HeadWait::Granted), 7u);
    EXPECT_EQ(
        all_in(k, HeadWait::InputBusy) + all_in(k, HeadWait::Lost) + all_in(k, HeadWait::ReplyGate),
        0u);
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
