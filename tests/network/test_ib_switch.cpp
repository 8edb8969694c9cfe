// The InfiniBand switch (sim/router/ib/ib_switch.h; docs/model.md §10): the zero-load latency of
// a packet through one switch and through several equals the formula of docs/model.md §10.3
// exactly; packets of one source follow each other at their own length; saturated runs of every
// routing the switch supports drain with every packet delivered under the VC-order checker; the
// output scheduler shares a congested link equally between the SLs.
#include <gtest/gtest.h>

#include <algorithm>
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

Config ib(const std::string& topology, std::vector<std::string> sets) {
  Config c;
  if (topology == "tree1" || topology == "tree2") {
    for (const char* kv : {"topology.type=fattree", "topology.k=4", "routing.algorithm=updown"})
      c.set_override(kv);
    c.set_override(std::string("topology.n=") + (topology == "tree1" ? "1" : "2"));
  } else {
    for (const char* kv : {"topology.type=torus", "topology.dims=4x4", "routing.algorithm=dor"})
      c.set_override(kv);
    c.set_override("qos.sl2vl=0 1");
  }
  for (const char* kv : {"router.architecture=ib", "traffic.source=service_levels", "qos.sls=1",
                         "router.port_buffer=256", "router.buffer_output=256", "sim.warmup=0",
                         "sim.measure=2000", "traffic.load=0"})
    c.set_override(kv);
  for (const std::string& kv : sets) c.set_override(kv);
  return c;
}

// docs/model.md §10.3: 1 (injection link) + h x (RT + X) + (h - 1) x link latency + L.
uint64_t formula(uint32_t switches, uint32_t rt, uint32_t x, uint32_t link, uint32_t L) {
  return 1 + uint64_t{switches} * (rt + x) + uint64_t{switches - 1} * link + L;
}

struct Timing {
  uint32_t rt, x, link, flits;
};

TEST(IbSwitch, ZeroLoadLatencyThroughOneSwitchIsTheFormula) {
  for (const Timing t : {Timing{0, 0, 10, 1}, Timing{4, 2, 10, 4}, Timing{32, 3, 10, 16}}) {
    const auto net = build_network(ib("tree1", {"router.latency=" + std::to_string(t.rt),
                                                "router.xbar_latency=" + std::to_string(t.x),
                                                "qos.sl_mtu=" + std::to_string(64 * t.flits)}));
    net->preload_packet(0, 3);
    const RunResults r = run_native(*net);
    ASSERT_EQ(r.packets_measured, 1u);
    EXPECT_EQ(r.latency_max, formula(1, t.rt, t.x, 0, t.flits))
        << "RT " << t.rt << " X " << t.x << " L " << t.flits;
    EXPECT_DOUBLE_EQ(r.latency_avg, double(r.latency_max));
  }
}

TEST(IbSwitch, ZeroLoadLatencyAcrossSwitchesIsTheFormula) {
  // Node 0 to node 15 of the 4-ary 2-tree: up to a level-1 switch and down, 3 switches and 2
  // links; node 0 to node 1: one switch.
  for (const Timing t : {Timing{4, 2, 10, 4}, Timing{7, 1, 3, 8}}) {
    for (const auto& [dst, switches] : {std::pair<uint32_t, uint32_t>{15, 3}, {1, 1}}) {
      const auto net = build_network(ib("tree2", {"router.latency=" + std::to_string(t.rt),
                                                  "router.xbar_latency=" + std::to_string(t.x),
                                                  "link.latency_tree=" + std::to_string(t.link),
                                                  "qos.sl_mtu=" + std::to_string(64 * t.flits)}));
      net->preload_packet(0, dst);
      const RunResults r = run_native(*net);
      ASSERT_EQ(r.packets_measured, 1u);
      EXPECT_EQ(r.latency_max, formula(switches, t.rt, t.x, t.link, t.flits)) << "to " << dst;
    }
  }
}

TEST(IbSwitch, ZeroLoadLatencyOnATorusIsTheFormula) {
  // (0,0) to (2,1) on the 4x4 torus: 2 x hops then 1 y hop, 4 switches, 3 links.
  const auto net =
      build_network(ib("torus", {"router.latency=5", "router.xbar_latency=1", "link.latency_x=6",
                                 "link.latency_y=6", "qos.sl_mtu=128"}));
  net->preload_packet(0, 2 + 4 * 1);
  const RunResults r = run_native(*net);
  ASSERT_EQ(r.packets_measured, 1u);
  EXPECT_EQ(r.latency_max, formula(4, 5, 1, 6, 2));
}

TEST(IbSwitch, PacketsOfOneSourceFollowAtTheirLength) {
  // Three packets of 8 flits queued at node 0 for node 3: the injection link carries one every 8
  // cycles, nothing else waits, so the latencies are T, T + 8, T + 16.
  const auto net =
      build_network(ib("tree1", {"router.latency=4", "router.xbar_latency=2", "qos.sl_mtu=512"}));
  for (int k = 0; k < 3; ++k) net->preload_packet(0, 3);
  const RunResults r = run_native(*net);
  ASSERT_EQ(r.packets_measured, 3u);
  const uint64_t T = formula(1, 4, 2, 0, 8);
  EXPECT_EQ(r.latency_max, T + 16);
  EXPECT_DOUBLE_EQ(r.latency_avg, double(T + 8));
}

TEST(IbSwitch, PerFlitCreditsReachTheSenderAsEachCyclesFlitsCross) {
  // router.credit_return (docs/model.md §10.2). Two packets of L = 16 flits queued at node 0 for
  // node 3 (one switch); node 0's input buffer holds L + 4 flits, so the NIC may send the second
  // packet when L - 4 = 12 flits of the first have returned their credits (Virtual Cut-Through:
  // credits for the whole packet). The first is granted at g = 1 + RT (RT = 20) and crosses at r
  // flits per cycle (IB: router.speedup 1 or 2; OPA: the MPort crossbar's 3) in ceil(L / r)
  // cycles; the injection link returns credits with no latency. Packet: all 16 credits at g +
  // ceil(L / r); flit: the 12th at g + ceil(12 / r) (IB 1: 16 against 12 cycles; IB 2: 8 against
  // 6; OPA: 6 against 4). The second is sent then (its link is free from L) and waits nowhere
  // else (the output link is free again long before its header reaches the output buffer): its
  // latency is the send cycle + 1 + RT + X + L.
  const uint32_t L = 16, k = 4, RT = 20, X = 2;
  struct Case {
    const char* arch;
    uint32_t speedup, rate;  // speedup 0: not set (OPA's crossbar rates are constants)
  };
  for (const Case c : {Case{"ib", 1, 1}, Case{"ib", 2, 2}, Case{"opa", 0, 3}}) {
    for (const char* mode : {"packet", "flit"}) {
      std::vector<std::string> sets = {std::string("router.architecture=") + c.arch,
                                       "router.latency=20",
                                       "router.xbar_latency=2",
                                       "qos.sl_mtu=1024",
                                       "router.port_buffer=" + std::to_string(L + k),
                                       std::string("router.credit_return=") + mode};
      if (c.speedup != 0) sets.push_back("router.speedup=" + std::to_string(c.speedup));
      const auto net = build_network(ib("tree1", sets));
      net->preload_packet(0, 3);
      net->preload_packet(0, 3);
      const RunResults r = run_native(*net);
      ASSERT_EQ(r.packets_measured, 2u);
      const uint64_t first = formula(1, RT, X, 0, L), g = 1 + RT;
      const uint64_t back =
          std::string(mode) == "flit" ? (L - k + c.rate - 1) / c.rate : (L + c.rate - 1) / c.rate;
      const uint64_t sent = std::max<uint64_t>(L, g + back);
      EXPECT_EQ(r.latency_max, sent + 1 + RT + X + L) << c.arch << " r " << c.rate << " " << mode;
      EXPECT_DOUBLE_EQ(r.latency_avg, (first + sent + 1 + RT + X + L) / 2.0)
          << c.arch << " r " << c.rate << " " << mode;
    }
  }
}

TEST(IbSwitch, AHeadThatLosesTheAllocationWaitsAllocRetryCycles) {
  // Nodes 0 and 1 send a packet of L = 8 flits each to node 3 in the same cycle: both heads
  // request output 3 in the same cycle g, one wins, the loser may request again at g + R
  // (router.alloc_retry; thesis 003 Fig. 2.2) and not before the crossbar's output side is free
  // (g + 4 at 2 flits per cycle on the IB switch, g + 3 at 3 on the OPA MPort crossbar, both
  // inputs and the output in MPort 0); its packet then waits for the link until the first has
  // left, g + X + L. So the later packet's latency is T + max(R, L), T the zero-load latency.
  for (const char* arch : {"ib", "opa"}) {
    for (const uint32_t R : {0u, 3u, 5u, 20u}) {
      const auto net =
          build_network(ib("tree1", {std::string("router.architecture=") + arch, "router.latency=4",
                                     "router.xbar_latency=2", "qos.sl_mtu=512",
                                     "router.alloc_retry=" + std::to_string(R)}));
      net->preload_packet(0, 3);
      net->preload_packet(1, 3);
      const RunResults r = run_native(*net);
      ASSERT_EQ(r.packets_measured, 2u);
      const uint64_t T = formula(1, 4, 2, 0, 8), wait = R > 8 ? R : 8;
      EXPECT_EQ(r.latency_max, T + wait) << arch << " R " << R;
      EXPECT_DOUBLE_EQ(r.latency_avg, T + wait / 2.0) << arch << " R " << R;
    }
  }
}

struct Drain {
  const char* topology;
  const char* routing;
};

TEST(IbSwitch, SaturatedRunsDrainUnderTheVcOrderChecker) {
  for (const Drain d : {Drain{"tree2", "updown"}, Drain{"tree2", "updown_source"},
                        Drain{"tree2", "updown_random"}, Drain{"torus", "dor"}}) {
    Config c =
        ib(d.topology, {"sim.check=true", "sim.drain=true", "traffic.load=1", "sim.measure=4000",
                        "qos.sls=2", "qos.sl_mtu=256,512", "qos.pattern=uniform,bursts4"});
    c.set_override(std::string("routing.algorithm=") + d.routing);
    c.set_override(std::string(d.topology) == "torus" ? "qos.sl2vl=0 1,2 3" : "qos.sl2vl=0,1");
    const auto net = build_network(c);
    ASSERT_TRUE(net->vc_checked());
    const RunResults r = run_native(*net);
    EXPECT_TRUE(r.drained) << d.topology << " " << d.routing;
    EXPECT_TRUE(r.conservation_ok) << d.topology << " " << d.routing;
    EXPECT_GT(r.packets_delivered, 1000u);
  }
}

// A 4x4 torus with trunks of 2 links (topology.trunk; docs/model.md "Meshes and tori"), 4 nodes
// per switch: DOR on the destination's link of each trunk drains under the checker.
TEST(IbSwitch, TrunkedTorusDrainsUnderTheVcOrderChecker) {
  Config c = ib("torus", {"sim.check=true", "sim.drain=true", "traffic.load=1", "sim.measure=4000",
                          "qos.sls=2", "qos.sl_mtu=256,512", "qos.pattern=uniform,bursts4",
                          "qos.sl2vl=0 1,2 3", "topology.trunk=2", "topology.nodes_per_switch=4"});
  const auto net = build_network(c);
  ASSERT_TRUE(net->vc_checked());
  const RunResults r = run_native(*net);
  EXPECT_TRUE(r.drained);
  EXPECT_TRUE(r.conservation_ok);
  EXPECT_GT(r.packets_delivered, 1000u);
}

// routing.trunk_select=adaptive (docs/model.md §10.6): the same torus drains under the checker
// with the link of each packet chosen when it is routed (the OPA switch: test_opa_switch.cpp).
TEST(IbSwitch, TrunkedTorusWithAPerPacketLinkDrainsUnderTheVcOrderChecker) {
  Config c = ib("torus", {"sim.check=true", "sim.drain=true", "traffic.load=1", "sim.measure=4000",
                          "qos.sls=2", "qos.sl_mtu=256,512", "qos.pattern=uniform,bursts4",
                          "qos.sl2vl=0 1,2 3", "topology.trunk=2", "topology.nodes_per_switch=4",
                          "routing.trunk_select=adaptive"});
  const auto net = build_network(c);
  ASSERT_TRUE(net->vc_checked());
  const RunResults r = run_native(*net);
  EXPECT_TRUE(r.drained);
  EXPECT_TRUE(r.conservation_ok);
  EXPECT_GT(r.packets_delivered, 1000u);
}

// The per-packet link, hand-traced on the 4x4 torus of 4 nodes per switch and trunks of 2 (ports
// 4-5 x+): RT 5, X 1, links of 6 cycles, packets of L = 16 flits. A: node 0 -> node 4 (switch 1),
// B: node 12 (switch 3) -> node 6 (switch 1), both sent at 0; B goes + (the tie at D/2) through
// switch 0. Both destinations take link 0 (index 4 and 6, even). A leaves switch 0 on port 4 at
// 1 + RT + X = 7 and holds the link until 23; B reaches switch 0 at 7 + 6 = 13 and is routed at
// 18, when A's 16 flits are still in port 4's output buffer and downstream (on VL 0; B, past the
// dateline, is on VL 1).
//   destination: B takes port 4 and leaves at 23 instead of 19: T_B + 4 (L - RT - X - link);
//   adaptive: port 4's VL 1 queue ties with port 5's (0), its queue of all VLs (32) does not:
//   B takes port 5 and arrives at its zero-load latency T_B; A (alone at routing) T_A.
TEST(IbSwitch, APerPacketTrunkLinkAvoidsTheBusyLink) {
  for (const bool adaptive : {false, true}) {
    std::vector<std::string> sets = {"topology.trunk=2", "topology.nodes_per_switch=4",
                                     "router.latency=5", "router.xbar_latency=1",
                                     "link.latency_x=6", "link.latency_y=6",
                                     "qos.sl_mtu=1024"};
    if (adaptive) sets.push_back("routing.trunk_select=adaptive");
    const auto net = build_network(ib("torus", sets));
    net->preload_packet(0, 4);
    net->preload_packet(12, 6);
    const RunResults r = run_native(*net);
    ASSERT_EQ(r.packets_measured, 2u);
    const uint64_t TA = formula(2, 5, 1, 6, 16), TB = formula(3, 5, 1, 6, 16);
    const uint64_t B = adaptive ? TB : TB + 16 - 5 - 1 - 6;
    EXPECT_EQ(r.latency_max, B) << (adaptive ? "adaptive" : "destination");
    EXPECT_DOUBLE_EQ(r.latency_avg, (TA + B) / 2.0) << (adaptive ? "adaptive" : "destination");
  }
}

TEST(IbSwitch, TheRoundRobinSchedulerSharesACongestedLinkEquallyBetweenSls) {
  // Nodes 0 and 1 send SL0 and node 2 sends SL1 to node 3, each one flit per cycle: node 3's
  // ejection link is the bottleneck. SL0 has two VLs (0 and 1), SL1 one (2). Round robin with
  // equal weights per SL gives each SL half the link (thesis 003 Sec. 4.3.1); per VL it would
  // give SL0 two thirds.
  const auto net = build_network(ib("tree1", {"qos.sls=2", "qos.sl2vl=0 1,2", "qos.sl_mtu=256,256",
                                              "sim.warmup=2000", "sim.measure=20000"}));
  net->set_source(0, std::make_unique<ToOne>(3, 0, 4));
  net->set_source(1, std::make_unique<ToOne>(3, 0, 4));
  net->set_source(2, std::make_unique<ToOne>(3, 1, 4));
  const RunResults r = run_native(*net);
  ASSERT_EQ(r.per_sl.size(), 2u);
  // The link is busy all the time: 1 flit per cycle over 4 nodes.
  EXPECT_NEAR(r.accepted_load, 0.25, 0.0005);
  // Alternating turns of equal packets: the shares differ by at most one packet in the window.
  EXPECT_NEAR(r.per_sl[0].normalized_throughput, 0.5, 4.0 / 20000);
  EXPECT_NEAR(r.per_sl[1].normalized_throughput, 0.5, 4.0 / 20000);
}

TEST(IbSwitch, TheWatchdogReportsADeadlockOfItsVls) {
  // An 8x2 torus, one node per switch: every node sends one flit per cycle to the node three
  // switches further along its x ring, so every x channel of a ring waits for the next one.
  Config c =
      ib("torus", {"sim.warmup=0", "sim.measure=50000", "sim.watchdog=300", "router.port_buffer=16",
                   "router.buffer_output=16", "qos.sl_mtu=512", "topology.dims=8x2"});
  const std::unique_ptr<Topology> topo = topology_entry("torus")->make(c);
  const auto net = build_network(c, std::make_unique<DorWithoutDateline>(make_routing(c, *topo)));
  for (uint32_t n = 0; n < 16; ++n)
    net->set_source(n, std::make_unique<ToOne>((n + 3) % 8 + 8 * (n / 8), 0, 8));
  try {
    run_native(*net);
    FAIL() << "expected a deadlock";
  } catch (const SimulationFailure& e) {
    const DeadlockReport* rep = e.deadlock();
    ASSERT_NE(rep, nullptr) << e.what();
    ASSERT_FALSE(rep->cycles.empty()) << e.what();
    const Topology& t = net->topology();
    for (const auto& cyc : rep->cycles)
      for (size_t k = 0; k < cyc.size(); ++k) {
        const BlockedBuffer& b = cyc[k];
        const BlockedBuffer& nb = cyc[(k + 1) % cyc.size()];
        EXPECT_EQ(t.peer(b.router, b.out_port).router, nb.router);
        EXPECT_LT(b.out_credits, 8u);  // less than one packet of 8 flits downstream
        EXPECT_EQ(b.capacity_phits, 16u);
      }
    // The switch names the blocked packets (describe_blocked).
    EXPECT_NE(std::string(e.what()).find("switch "), std::string::npos) << e.what();
  }
}

}  // namespace
