// The Omni-Path hierarchical switch (router.architecture=opa; sim/router/ib/ib_switch.h with
// kOpa; docs/model.md §11): the zero-load latency of a packet to an output of its input's MPort
// and to an output of another MPort equals the formula of docs/model.md §11.2 exactly; the MPort
// crossbar moves 3 flits per cycle into a central buffer and the central crossbar 4 out of one
// (thesis 003 Sec. 2.2), each pinned by a hand-traced wait; saturated
// runs of every routing the switch supports drain with every packet delivered under the VC-order
// checker; the central buffers must guarantee every VL a packet; the watchdog reports a deadlock
// of its VLs, with the packets held in its central buffers.
#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/deadlock_report.h"
#include "sim/network/network.h"
#include "sim/topology/topology_catalog.h"
#include "sim/traffic/source.h"
#include "tests/network/switch_test_util.h"

using namespace netcosim;
using switchtest::DorWithoutDateline;
using switchtest::ToOne;

namespace {

Config opa(std::vector<std::string> sets) {
  Config c;
  for (const char* kv :
       {"topology.type=fattree", "topology.k=8", "topology.n=1", "routing.algorithm=updown",
        "router.architecture=opa", "traffic.source=service_levels", "qos.sls=1",
        "router.port_buffer=256", "router.buffer_output=256", "router.central_buffer=512",
        "sim.warmup=0", "sim.measure=2000", "traffic.load=0"})
    c.set_override(kv);
  for (const std::string& kv : sets) c.set_override(kv);
  return c;
}

struct Timing {
  uint32_t rt, x, x2, flits;
};

TEST(OpaSwitch, ZeroLoadLatencyInsideAndAcrossMPortsIsTheFormula) {
  // One 8-ary 1-tree switch, radix 8 = 2 MPorts: node 0 (port 0) to node 3 (port 3) stays in
  // MPort 0; node 0 to node 5 (port 5, MPort 1) crosses the central crossbar.
  for (const Timing t : {Timing{0, 0, 0, 1}, Timing{16, 2, 2, 16}, Timing{132, 18, 18, 2}}) {
    for (const uint32_t dst : {3u, 5u}) {
      const auto net = build_network(opa({"router.latency=" + std::to_string(t.rt),
                                          "router.xbar_latency=" + std::to_string(t.x),
                                          "router.central_latency=" + std::to_string(t.x2),
                                          "qos.sl_mtu=" + std::to_string(64 * t.flits)}));
      net->preload_packet(0, dst);
      const RunResults r = run_native(*net);
      ASSERT_EQ(r.packets_measured, 1u);
      // docs/model.md §11.2: 1 + RT + X (+ X2 across MPorts) + L.
      const uint64_t expected = 1 + t.rt + t.x + (dst == 5 ? t.x2 : 0) + t.flits;
      EXPECT_EQ(r.latency_max, expected) << "to node " << dst << ", RT " << t.rt << " X " << t.x
                                         << " X2 " << t.x2 << " L " << t.flits;
      // ... and the network's zero-load formula, from the two nodes' ports (sim/network/build.h).
      EXPECT_EQ(zero_load_latency(*net, 0, dst, t.flits), expected) << "to node " << dst;
    }
  }
}

TEST(OpaSwitch, ZeroLoadLatencyThroughATreeAddsEachSwitchsStages) {
  // 4-ary 2-tree (radix 8: 2 MPorts): node 0 to node 15 climbs from a level-0 switch's down port
  // (MPort 0) to an up port (MPort 1), crosses a level-1 switch from a down port to a down port
  // (MPort 0 to MPort 0 or 1, by the destination's digit: port 3, MPort 0), and descends into the
  // last switch through an up port (MPort 1) to a down port (MPort 0): across, inside, across.
  const auto net = build_network(
      opa({"topology.k=4", "topology.n=2", "router.latency=5", "router.xbar_latency=2",
           "router.central_latency=3", "link.latency_tree=7", "qos.sl_mtu=256"}));
  net->preload_packet(0, 15);
  const RunResults r = run_native(*net);
  ASSERT_EQ(r.packets_measured, 1u);
  EXPECT_EQ(r.latency_max, 1 + 3 * (5 + 2) + 2 * 3 + 2 * 7 + 4u);
  // The up ports (and so the MPorts crossed) are the routing's choice: the formula refuses.
  EXPECT_THROW(zero_load_latency(*net, 0, 15, 4), std::invalid_argument);
}

TEST(OpaSwitch, TheMPortCrossbarMovesThreeFlitsPerCycleIntoACentralBuffer) {
  // Thesis 003 Sec. 2.2: the MPort crossbar's link to the central crossbar moves 3 flits per
  // cycle (docs/model.md §11). One 8-port switch (MPorts 0 and 1): nodes 0 and 1 (ports 0 and 1,
  // both writing MPort 0's first central buffer) send a packet of L flits to nodes 4 and 5
  // (MPort 1) in the same cycle. Both heads request the central buffer's write side at cycle
  // g = 1 + RT; one wins and holds it for ceil(L / 3) cycles, the other is granted then; by then
  // the first has been read out of the central buffer (ceil(L / 4) cycles at 4 flits per cycle)
  // and the later packet meets no other wait (its own output, its own link). So its latency is
  // the across-MPort zero-load latency T = 1 + RT + X + X2 + L plus ceil(L / 3): for L = 24, 16,
  // 7 that is + 8, 6, 3 (at 2 flits per cycle + 12, 8, 4; at 4 or 5 the central read's + 6, 4, 2).
  for (const uint32_t L : {24u, 16u, 7u}) {
    const auto net =
        build_network(opa({"router.latency=4", "router.xbar_latency=2", "router.central_latency=3",
                           "qos.sl_mtu=" + std::to_string(64 * L)}));
    net->preload_packet(0, 4);
    net->preload_packet(1, 5);
    const RunResults r = run_native(*net);
    ASSERT_EQ(r.packets_measured, 2u);
    const uint64_t T = 1 + 4 + 2 + 3 + L, wait = (L + 2) / 3;
    EXPECT_EQ(r.latency_max, T + wait) << "L " << L;
    EXPECT_DOUBLE_EQ(r.latency_avg, T + wait / 2.0) << "L " << L;
  }
}

TEST(OpaSwitch, ASharedMPortCrossbarMovesThreeFlitsPerCycleInTotal) {
  // router.mport_xbar=shared (docs/model.md §11; thesis 003 Sec. 4.2.2: "MPorts xbar can deliver
  // 3 flits/cycle regardless of the destination buffer" read as the crossbar's total). One 8-port
  // switch, RT 4, X 2, X2 3: node 0 (port 0, MPort 0's first central buffer) sends L flits to
  // node 4 (MPort 1) and, in the same cycle, node 2 (port 2, the second central buffer) to node 6
  // (MPort 1) or to node 3 (its own MPort's output). The two transfers share no input, central
  // buffer, output or link, so with per_input both are granted at g = 1 + RT. With shared the
  // crossbar takes input 0 at g (round robin from input 0), whose L flits at 3 per cycle end at
  // g + L / 3, and input 2 in the cycle that contains that end: g + ceil((L - 2) / 3), + 8, 5, 2
  // for L = 24, 16, 7 (a whole cycle per 3 flits would give + 8, 6, 3), whichever output it takes.
  for (const uint32_t L : {24u, 16u, 7u})
    for (const uint32_t dst2 : {6u, 3u})
      for (const char* mode : {"per_input", "shared"}) {
        const auto net = build_network(opa(
            {"router.latency=4", "router.xbar_latency=2", "router.central_latency=3",
             "qos.sl_mtu=" + std::to_string(64 * L), std::string("router.mport_xbar=") + mode}));
        net->preload_packet(0, 4);
        net->preload_packet(2, dst2);
        const RunResults r = run_native(*net);
        ASSERT_EQ(r.packets_measured, 2u);
        const uint64_t across = 1 + 4 + 2 + 3 + L, second = dst2 == 6 ? across : 1 + 4 + 2 + L;
        const uint64_t wait = std::string(mode) == "shared" ? L / 3 : 0;  // ceil((L - 2) / 3)
        EXPECT_EQ(r.latency_max, std::max(across, second + wait)) << "L " << L << " " << mode;
        EXPECT_DOUBLE_EQ(r.latency_avg, (across + second + wait) / 2.0)
            << "L " << L << " to " << dst2 << " " << mode;
      }
}

TEST(OpaSwitch, ACentralSharedMPortCrossbarBudgetsOnlyTheCentralBoundPackets) {
  // router.mport_xbar=shared_central (docs/model.md §11; thesis 003 Sec. 2.2.1: "3 flits/cycle can
  // be delivered from input buffers to Central Crossbar buffers" read as the total of the MPort's
  // central-bound packets). The test above's switch and packets: node 0 (port 0) sends L flits to
  // node 4 (MPort 1) and, in the same cycle, node 2 (port 2) to node 6 (MPort 1) or to node 3 (its
  // own MPort's output). Both central-bound: input 0 is granted at g = 1 + RT (round robin from
  // input 0), input 2 when the budget's L flits at 3 per cycle are through, g + ceil((L - 2) / 3),
  // as under shared. Node 2 to node 3 stays in its MPort, outside the budget: both are granted at
  // g, as under per_input (under shared that second packet waits the same ceil((L - 2) / 3)).
  for (const uint32_t L : {24u, 16u, 7u})
    for (const uint32_t dst2 : {6u, 3u}) {
      const auto net = build_network(
          opa({"router.latency=4", "router.xbar_latency=2", "router.central_latency=3",
               "qos.sl_mtu=" + std::to_string(64 * L), "router.mport_xbar=shared_central"}));
      net->preload_packet(0, 4);
      net->preload_packet(2, dst2);
      const RunResults r = run_native(*net);
      ASSERT_EQ(r.packets_measured, 2u);
      const uint64_t across = 1 + 4 + 2 + 3 + L, second = dst2 == 6 ? across : 1 + 4 + 2 + L;
      const uint64_t wait = dst2 == 6 ? L / 3 : 0;  // ceil((L - 2) / 3): 8, 5, 2
      EXPECT_EQ(r.latency_max, std::max(across, second + wait)) << "L " << L << " to " << dst2;
      EXPECT_DOUBLE_EQ(r.latency_avg, (across + second + wait) / 2.0)
          << "L " << L << " to " << dst2;
    }
}

TEST(OpaSwitch, WithCentralLinkAnyALosingInputTakesTheOtherCentralBufferNextCycle) {
  // router.central_link=any (thesis 003 Sec. 2.2.1, 4.2.2: "a central buffer has to arbitrate
  // between the 4 input buffers which are connected to its MPort"; docs/model.md §11). The test
  // above's two packets: nodes 0 and 1 (ports 0 and 1, whose own central buffer is MPort 0's
  // first) send L flits to nodes 4 and 5 in the same cycle. Both heads request their own central
  // buffer at g = 1 + RT (it is free); one wins and holds its write side for ceil(L / 3) cycles.
  // With `any` the other requests MPort 0's second central buffer at g + 1 and is granted then,
  // meeting no other wait (its own output, link and central read side): latency T + 1, where
  // `pair` (the default) waits for the first central buffer, T + ceil(L / 3).
  for (const uint32_t L : {24u, 16u, 7u}) {
    for (const char* mode : {"pair", "any"}) {
      const auto net = build_network(opa(
          {"router.latency=4", "router.xbar_latency=2", "router.central_latency=3",
           "qos.sl_mtu=" + std::to_string(64 * L), std::string("router.central_link=") + mode}));
      net->preload_packet(0, 4);
      net->preload_packet(1, 5);
      const RunResults r = run_native(*net);
      ASSERT_EQ(r.packets_measured, 2u);
      const uint64_t T = 1 + 4 + 2 + 3 + L;
      const uint64_t wait = std::string(mode) == "any" ? 1 : (L + 2) / 3;
      EXPECT_EQ(r.latency_max, T + wait) << mode << ", L " << L;
      EXPECT_DOUBLE_EQ(r.latency_avg, T + wait / 2.0) << mode << ", L " << L;
    }
  }
}

TEST(OpaSwitch, TheCentralCrossbarMovesFourFlitsPerCycleOutOfACentralBuffer) {
  // Thesis 003 Sec. 2.2: the central crossbar delivers 4 flits per cycle from a central buffer to
  // an output buffer (docs/model.md §11). One 8-port switch, packets of L = 24 flits, one VL,
  // output buffers of one packet (router.buffer_output=24), RT 4, X 2, X2 3:
  //   - D, node 6 -> node 4 (MPort 1 to MPort 1): granted at 5, in output buffer 4 at 7, on the
  //     link from 7; it fills that buffer until its tail has left, at 7 + 24 = 31 (latency 31);
  //   - A, node 0 -> node 4: in MPort 0's first central buffer at 5 + 2 = 7, waits there for
  //     output buffer 4's room, granted by the central stage at 31, in the output buffer at 34,
  //     tail delivered at 34 + 24 = 58;
  //   - B, node 0 -> node 5, injected behind A (its header at the switch at 25, granted at 29): in
  //     the same central buffer and VL behind A from 31; the central buffer's read side is A's
  //     for ceil(24 / 4) = 6 cycles, so B is granted at 37, in output buffer 5 at 40, delivered
  //     at 64 (at 3 flits per cycle 66, at 5 63, at 2 67).
  const auto net =
      build_network(opa({"router.latency=4", "router.xbar_latency=2", "router.central_latency=3",
                         "qos.sl_mtu=1536", "router.buffer_output=24"}));
  net->preload_packet(6, 4);
  net->preload_packet(0, 4);
  net->preload_packet(0, 5);
  const RunResults r = run_native(*net);
  ASSERT_EQ(r.packets_measured, 3u);
  EXPECT_EQ(r.latency_max, 64u);
  EXPECT_DOUBLE_EQ(r.latency_avg, (31 + 58 + 64) / 3.0);
}

TEST(OpaSwitch, SaturatedRunsDrainUnderTheVcOrderChecker) {
  for (const char* routing : {"updown", "updown_source", "updown_random", "dor"}) {
    const bool torus = std::string(routing) == "dor";
    Config c =
        opa({"sim.check=true", "sim.drain=true", "traffic.load=1", "sim.measure=4000", "qos.sls=2",
             "qos.sl_mtu=256,512", "qos.pattern=uniform,bursts4", "topology.k=4", "topology.n=2"});
    if (torus) {
      c = opa({"sim.check=true", "sim.drain=true", "traffic.load=1", "sim.measure=4000",
               "qos.sls=2", "qos.sl_mtu=256,512", "qos.pattern=uniform,bursts4"});
      Config t;
      for (const auto& kv : c.resolved())
        if (kv.first.rfind("topology.", 0) != 0 && c.is_explicit(kv.first))
          t.set(kv.first, kv.second);
      t.set("topology.type", "torus");
      t.set("topology.dims", "4x4");
      t.set("topology.nodes_per_switch", "2");  // radix 6: an MPort of 4 and one of 2 ports
      t.set("routing.algorithm", "dor");
      t.set("qos.sl2sc", "0 1,2 3");
      c = t;
    } else {
      c.set_override(std::string("routing.algorithm=") + routing);
    }
    const auto net = build_network(c);
    ASSERT_TRUE(net->vc_checked());
    const RunResults r = run_native(*net);
    EXPECT_TRUE(r.drained) << routing;
    EXPECT_TRUE(r.conservation_ok) << routing;
    EXPECT_GT(r.packets_delivered, 1000u) << routing;
  }
}

// A 4x4 torus with trunks of 2 links (topology.trunk; docs/model.md "Meshes and tori"), 4 nodes
// per switch (radix 12: MPort 0 the injection ports, MPort 1 the x trunks, MPort 2 the y trunks),
// saturated with two SLs (uniform and Bursts4) and `extra` set: drains under the checker with
// every packet delivered.
void expect_trunked_torus_drains(const char* extra) {
  Config c;
  for (const char* kv :
       {"topology.type=torus", "topology.dims=4x4", "topology.nodes_per_switch=4",
        "topology.trunk=2", "routing.algorithm=dor", "router.architecture=opa",
        "traffic.source=service_levels", "router.port_buffer=256", "router.buffer_output=256",
        "router.central_buffer=512", "sim.check=true", "sim.drain=true", "traffic.load=1",
        "sim.warmup=0", "sim.measure=4000", "qos.sls=2", "qos.sl_mtu=256,512",
        "qos.pattern=uniform,bursts4", "qos.sl2sc=0 1,2 3"})
    c.set_override(kv);
  if (extra != nullptr) c.set_override(extra);
  const auto net = build_network(c);
  ASSERT_TRUE(net->vc_checked());
  const RunResults r = run_native(*net);
  EXPECT_TRUE(r.drained);
  EXPECT_TRUE(r.conservation_ok);
  EXPECT_GT(r.packets_delivered, 1000u);
}

// DOR on the destination's link of each trunk.
TEST(OpaSwitch, TrunkedTorusDrainsUnderTheVcOrderChecker) {
  expect_trunked_torus_drains(nullptr);
}

// Either central buffer of an MPort open to each of its inputs (router.central_link=any,
// docs/model.md §11): packets of one input VL may take both central buffers.
TEST(OpaSwitch, TrunkedTorusWithCentralLinkAnyDrainsUnderTheVcOrderChecker) {
  expect_trunked_torus_drains("router.central_link=any");
}

// Each packet's link of a trunk chosen by the switch when it routes it
// (routing.trunk_select=adaptive, docs/model.md §10.6).
TEST(OpaSwitch, TrunkedTorusWithAPerPacketLinkDrainsUnderTheVcOrderChecker) {
  expect_trunked_torus_drains("routing.trunk_select=adaptive");
}

// A source of one packet, to node `dst`, generated at cycle `at`.
class OnceAt final : public TrafficSource {
 public:
  OnceAt(uint32_t dst, Cycle at) : dst_(dst), next_(at) {}
  Cycle next() const override { return next_; }
  TrafficDescriptor generate() override {
    next_ = kNone;
    return TrafficDescriptor{dst_, 1, 0};
  }

 private:
  uint32_t dst_;
  Cycle next_;
};

// The per-packet link counts the packets in the central buffers bound for it (docs/model.md
// §10.6), hand-traced on the 4x4 torus of 4 nodes per switch and trunks of 2 (radix 12: MPort 0
// the nodes, ports 4-5 x+), RT 5, X 8, X2 2, links of 6 cycles, packets of L = 16 flits. A: node
// 0 -> node 4 (switch 1), generated at 0: routed and granted into MPort 0's first central buffer
// at 1 + RT = 6, there until the central stage takes it at 6 + X = 14, on port 4's link
// 16..32. B: node 2 -> node 6 (switch 1), generated at d = 6: routed at 12 (its own central buffer,
// MPort 0's second), when A's 16 flits are in the central buffer and port 4's output buffer and
// credits are empty. Both destinations take link 0 (port 4).
//   destination: B takes port 4, reaches its output buffer at 12 + X + X2 = 22 and waits for A's
//   tail until 32: T + 10 (L - d);
//   adaptive: A's phits in the central buffer count on port 4, B takes port 5 and arrives at the
//   zero-load latency T = 1 + 2 (RT + X + X2) + 6 + L (both switches across MPorts, §11.2; at
//   switch 1 B writes the central buffer of A's input 6 cycles after A, after its ceil(16 / 3)).
//   Without the central count the choice ties at 0 and takes port 4: T + 10, as `destination`.
TEST(OpaSwitch, APerPacketTrunkLinkCountsThePacketsInTheCentralBuffers) {
  const uint64_t T = 1 + 2 * (5 + 8 + 2) + 6 + 16;
  for (const bool adaptive : {false, true}) {
    Config c;
    for (const char* kv : {"topology.type=torus",
                           "topology.dims=4x4",
                           "topology.nodes_per_switch=4",
                           "topology.trunk=2",
                           "routing.algorithm=dor",
                           "router.architecture=opa",
                           "traffic.source=service_levels",
                           "qos.sls=1",
                           "qos.sl2sc=0 1",
                           "qos.sl_mtu=1024",
                           "router.port_buffer=256",
                           "router.buffer_output=256",
                           "router.central_buffer=512",
                           "router.latency=5",
                           "router.xbar_latency=8",
                           "router.central_latency=2",
                           "link.latency_x=6",
                           "link.latency_y=6",
                           "sim.warmup=0",
                           "sim.measure=2000",
                           "traffic.load=0"})
      c.set_override(kv);
    if (adaptive) c.set_override("routing.trunk_select=adaptive");
    const auto net = build_network(c);
    net->preload_packet(0, 4);
    net->set_source(2, std::make_unique<OnceAt>(6, 6));
    const RunResults r = run_native(*net);
    ASSERT_EQ(r.packets_measured, 2u);
    const uint64_t B = adaptive ? T : T + 10;
    EXPECT_EQ(r.latency_max, B) << (adaptive ? "adaptive" : "destination");
    EXPECT_DOUBLE_EQ(r.latency_avg, (T + B) / 2.0) << (adaptive ? "adaptive" : "destination");
  }
}

TEST(OpaSwitch, TheWatchdogReportsADeadlockOfItsVlsAndCentralBuffers) {
  // A 2x8 torus, one node per switch (radix 5: ports 0-3 are MPort 0, port 4, the y- port, is
  // MPort 1; docs/model.md §7.2, §11): every node sends to the node three switches further along
  // its y ring, so a packet in transit enters on port 4 and leaves on port 3 (y+) through a central
  // buffer, and every y channel of a ring waits for the next one.
  Config c;
  for (const char* kv : {"topology.type=torus", "topology.dims=2x8", "routing.algorithm=dor",
                         "router.architecture=opa", "traffic.source=service_levels", "qos.sls=1",
                         "qos.sl2sc=0 1", "qos.sl_mtu=512", "router.port_buffer=16",
                         "router.buffer_output=16", "router.central_buffer=32", "sim.warmup=0",
                         "sim.measure=50000", "sim.watchdog=300", "traffic.load=0"})
    c.set_override(kv);
  const std::unique_ptr<Topology> topo = topology_entry("torus")->make(c);
  const auto net = build_network(c, std::make_unique<DorWithoutDateline>(make_routing(c, *topo)));
  for (uint32_t n = 0; n < 16; ++n) net->set_source(n, std::make_unique<ToOne>((n + 6) % 16, 0, 8));
  try {
    run_native(*net);
    FAIL() << "expected a deadlock";
  } catch (const SimulationFailure& e) {
    const DeadlockReport* rep = e.deadlock();
    ASSERT_NE(rep, nullptr) << e.what();
    // One cycle per y ring (x = 0 and x = 1), through its 8 switches' y- input ports (4), each
    // head waiting for its y+ output (3).
    ASSERT_EQ(rep->cycles.size(), 2u) << e.what();
    const Topology& t = net->topology();
    for (const auto& cyc : rep->cycles) {
      EXPECT_EQ(cyc.size(), 8u);
      for (size_t k = 0; k < cyc.size(); ++k) {
        const BlockedBuffer& b = cyc[k];
        const BlockedBuffer& nb = cyc[(k + 1) % cyc.size()];
        EXPECT_EQ(t.peer(b.router, b.out_port).router, nb.router);
        EXPECT_EQ(b.port, 4u);
        EXPECT_EQ(b.out_port, 3u);
        EXPECT_LT(b.out_credits, 8u);  // less than one packet of 8 flits downstream
        EXPECT_EQ(b.capacity_phits, 16u);
      }
    }
    // The switch names the blocked packets, those of its central buffers included
    // (describe_blocked): in each switch the report lists, a packet from port 4 (MPort 1, whose
    // central buffers are 2 and 3) waits in central buffer 2 for the full output buffer of port 3.
    const std::string what = e.what();
    for (uint32_t r = 0; r < 8; ++r)
      EXPECT_NE(what.find("switch " + std::to_string(r) +
                          " central buffer 2 VL 0: 1 packet(s); head for output 3 (output buffer "
                          "room 0/8 needed)"),
                std::string::npos)
          << r << "\n"
          << what;
  }
}

}  // namespace
