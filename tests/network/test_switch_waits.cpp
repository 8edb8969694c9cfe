// Head-wait counters of the IB and OPA switches (docs/model.md "Head waits", "The switches'
// stages"; netcosim run --waits): the switches built for counting (make_ib_switches_waits,
// make_opa_switches_waits) on the 4-ary 1-tree (one switch, nodes 0-3 on ports 0-3, all in OPA
// MPort 0) and the 4-ary 2-tree, with preloaded packets, every count derived by hand from the
// switch timing of docs/model.md §10.3 and §11.2: router.latency RT = 4, router.xbar_latency
// X = 2, packets of L = 8 flits (qos.sl_mtu=512), one SL and VL, the IB crossbar at 2 flits per
// cycle (a transfer 4 cycles), the OPA MPort crossbar at 3 (3 cycles) and the central crossbar at 4
// (2 cycles) with router.central_latency 2. A packet preloaded at a node is on the injection link
// from cycle 0 and its header reaches the switch at 1 (ready at 1 + RT = 5); a node's next packet
// follows L = 8 cycles later (tests/network/test_ib_switch.cpp, PacketsOfOneSourceFollowAtTheir
// Length). Buffers of 256 flits: no room or credit wait occurs.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/router/ib/ib_factory.h"

using namespace netcosim;

namespace {

Config tree(const char* arch, uint32_t levels, std::vector<std::string> sets = {}) {
  Config c;
  for (const char* kv :
       {"topology.type=fattree", "topology.k=4", "routing.algorithm=updown",
        "traffic.source=service_levels", "qos.sls=1", "router.port_buffer=256",
        "router.buffer_output=256", "sim.warmup=0", "sim.measure=2000", "traffic.load=0",
        "router.latency=4", "router.xbar_latency=2", "qos.sl_mtu=512"})
    c.set_override(kv);
  c.set_override(std::string("router.architecture=") + arch);
  c.set_override("topology.n=" + std::to_string(levels));
  for (const std::string& kv : sets) c.set_override(kv);
  return c;
}

const ArchitectureEntry kIbWaits{"ib", "", &make_ib_switches_waits};
const ArchitectureEntry kOpaWaits{"opa", "", &make_opa_switches_waits};

RunResults run_counted(const Config& c, const std::vector<std::pair<uint32_t, uint32_t>>& pkts,
                       Cycle start = 0, Cycle end = 2000) {
  const bool opa = c.get_str("router.architecture") == "opa";
  const auto net = build_network(c, nullptr, 0, opa ? &kOpaWaits : &kIbWaits);
  for (uint32_t r = 0; r < net->routers(); ++r)
    EXPECT_TRUE(net->router(r).enable_head_waits(start, end));
  for (const auto& [s, d] : pkts) net->preload_packet(s, d);
  return run_native(*net);
}

// Switch r's count at stage st for reason w, over SLs and VLs (r = -1: every switch).
uint64_t count(const RunResults& res, int r, SwitchStage st, SwitchWait w) {
  uint64_t n = 0;
  for (const RunResults::SwitchWaitRow& row : res.switch_waits)
    if ((r < 0 || row.router == uint32_t(r)) && row.stage == static_cast<uint8_t>(st) &&
        row.reason == static_cast<uint8_t>(w))
      n += row.count;
  return n;
}

uint64_t stage_total(const RunResults& res, int r, SwitchStage st) {
  uint64_t n = 0;
  for (uint32_t k = 0; k < kSwitchWaitReasons; ++k)
    n += count(res, r, st, static_cast<SwitchWait>(k));
  return n;
}

using S = SwitchStage;
using W = SwitchWait;

// Node 0 sends A and A2 (A2 on the injection link from 8, at the switch at 9, ready at 13), node
// 1 sends B, all to node 3 (output 3). IB: cycle 5, A and B request output 3, one is granted
// (granted 1, lost 1; whichever, the counts are the same), the output's crossbar side is busy
// until 5 + 4 = 9: the loser waits output_busy in 6, 7, 8 (3) and is granted at 9 (granted 2),
// busy until 13; A2 is ready at 13, its input free since 9 (or 13) and the output free at 13:
// granted at 13 (granted 3). Output buffer: the first header arrives at 5 + X = 7, the link is
// free: granted (1), busy until 7 + 8 = 15; the second arrives at 9 + 2 = 11: link_busy 11-14 (4),
// granted at 15, the link busy until 23; A2 arrives at 15, heads the VL from 16 (the second
// leaves in 15): link_busy 16-22 (7), granted at 23. Output: granted 3, link_busy 11. The
// packets' latencies (15, 23, 31: tails at 15, 23, 31) confirm the link's schedule.
TEST(SwitchWaits, IbTwoInputsToOneOutputCountedCycleByCycle) {
  const RunResults r = run_counted(tree("ib", 1), {{0, 3}, {0, 3}, {1, 3}});
  ASSERT_EQ(r.packets_measured, 3u);
  EXPECT_EQ(r.latency_max, 31u);
  EXPECT_DOUBLE_EQ(r.latency_avg, 23.0);
  EXPECT_EQ(count(r, 0, S::Input, W::Granted), 3u);
  EXPECT_EQ(count(r, 0, S::Input, W::Lost), 1u);
  EXPECT_EQ(count(r, 0, S::Input, W::OutputBusy), 3u);
  EXPECT_EQ(stage_total(r, 0, S::Input), 7u);  // nothing else: no input_busy, room or credits
  EXPECT_EQ(count(r, 0, S::Output, W::Granted), 3u);
  EXPECT_EQ(count(r, 0, S::Output, W::LinkBusy), 11u);
  EXPECT_EQ(stage_total(r, 0, S::Output), 14u);
  EXPECT_EQ(stage_total(r, 0, S::Central), 0u);
  // Per SL: 4 waiting head-cycles at the input and 11 at the output for 3 packets.
  ASSERT_EQ(r.switch_waits_sl.size(), 1u);
  EXPECT_EQ(r.switch_waits_sl[0][0], 4u);
  EXPECT_EQ(r.switch_waits_sl[0][2], 11u);
}

// The same on the OPA switch, all in MPort 0 (the MPort crossbar, 3 cycles per transfer): cycle
// 5 granted 1 and lost 1, the output's MPort write side busy until 8: output_busy 6, 7 (2),
// granted at 8 (busy until 11); A2 ready at 13: granted. Output buffer: the first header at 7,
// granted, the link busy until 15; the second at 8 + 2 = 10: link_busy 10-14 (5), granted at 15;
// A2 at 15, head from 16: link_busy 16-22 (7), granted at 23. No central stage.
TEST(SwitchWaits, OpaTwoInputsToOneOutputWithinAnMPort) {
  const RunResults r = run_counted(tree("opa", 1), {{0, 3}, {0, 3}, {1, 3}});
  ASSERT_EQ(r.packets_measured, 3u);
  EXPECT_EQ(r.latency_max, 31u);
  EXPECT_EQ(count(r, 0, S::Input, W::Granted), 3u);
  EXPECT_EQ(count(r, 0, S::Input, W::Lost), 1u);
  EXPECT_EQ(count(r, 0, S::Input, W::OutputBusy), 2u);
  EXPECT_EQ(stage_total(r, 0, S::Input), 6u);
  EXPECT_EQ(count(r, 0, S::Output, W::Granted), 3u);
  EXPECT_EQ(count(r, 0, S::Output, W::LinkBusy), 12u);
  EXPECT_EQ(stage_total(r, 0, S::Output), 15u);
  EXPECT_EQ(stage_total(r, 0, S::Central), 0u);
}

// Across MPorts on the 4-ary 2-tree: nodes 0 and 1 (ports 0 and 1 of leaf switch 0, one input
// pair, so one central buffer) each send a packet to node 15, up through an up port in MPort 1.
// At switch 0: cycle 5, both request the pair's central buffer, one is granted (busy until 8),
// the other lost; central_busy 6, 7 (2), granted at 8. Central stage: the first header is in the
// central buffer at 5 + X = 7 and granted at once (the central crossbar moves 8 flits in 2
// cycles: read side and the output's central write side busy until 9); the second at 8 + 2 = 10,
// both free: granted. Central: granted 2. Output buffer of the up port: the first header at 7 + 2
// = 9, granted (link busy until 17); the second at 10 + 2 = 12: link_busy 12-16 (5), granted at
// 17.
TEST(SwitchWaits, OpaAcrossMPortsCountsTheCentralStage) {
  const RunResults r = run_counted(tree("opa", 2), {{0, 15}, {1, 15}});
  ASSERT_EQ(r.packets_measured, 2u);
  EXPECT_EQ(count(r, 0, S::Input, W::Granted), 2u);
  EXPECT_EQ(count(r, 0, S::Input, W::Lost), 1u);
  EXPECT_EQ(count(r, 0, S::Input, W::CentralBusy), 2u);
  EXPECT_EQ(stage_total(r, 0, S::Input), 5u);
  EXPECT_EQ(count(r, 0, S::Central, W::Granted), 2u);
  EXPECT_EQ(stage_total(r, 0, S::Central), 2u);
  EXPECT_EQ(count(r, 0, S::Output, W::Granted), 2u);
  EXPECT_EQ(count(r, 0, S::Output, W::LinkBusy), 5u);
  EXPECT_EQ(stage_total(r, 0, S::Output), 7u);
}

// Only the window is counted: the IB case counted in [6, 14) sees the loser's output_busy in 6-8
// (3), its grant at 9 and A2's at 13 (2), the output's link_busy in 11-13 (3) and its grant at 7
// (1).
TEST(SwitchWaits, OnlyTheWindowIsCounted) {
  const RunResults r = run_counted(tree("ib", 1), {{0, 3}, {0, 3}, {1, 3}}, 6, 14);
  EXPECT_EQ(count(r, 0, S::Input, W::OutputBusy), 3u);
  EXPECT_EQ(count(r, 0, S::Input, W::Granted), 2u);
  EXPECT_EQ(stage_total(r, 0, S::Input), 5u);
  EXPECT_EQ(count(r, 0, S::Output, W::LinkBusy), 3u);
  EXPECT_EQ(count(r, 0, S::Output, W::Granted), 1u);
  EXPECT_EQ(stage_total(r, 0, S::Output), 4u);
}

// Counting changes nothing: the latencies equal those of the switches without counters.
TEST(SwitchWaits, CountingLeavesTheRunUnchanged) {
  for (const char* arch : {"ib", "opa"}) {
    const Config c = tree(arch, 2, {"traffic.load=0.6", "sim.measure=600", "sim.warmup=200"});
    const auto plain = build_network(c);
    const RunResults a = run_native(*plain);
    const RunResults b = run_counted(c, {}, 200, 800);
    EXPECT_EQ(a.packets_measured, b.packets_measured) << arch;
    EXPECT_EQ(a.latency_avg, b.latency_avg) << arch;
    EXPECT_EQ(a.latency_max, b.latency_max) << arch;
    EXPECT_GT(count(b, -1, S::Input, W::Granted), 0u) << arch;
  }
}

}  // namespace
