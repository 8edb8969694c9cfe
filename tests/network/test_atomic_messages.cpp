// Atomic messages on the IB and OPA switches (qos.atomic_messages; thesis 003 Sec. 2.2, extract
// §2.2; docs/model.md §9.2, §10.3, §11.2): a message of M packets is stored whole before it moves
// on, starts on a link only with credits downstream for all of it, and its packets follow back to
// back. Hand-traced cases on one switch and on two, the zero-load latency of a message against the
// formula of docs/model.md §10.3 / §11.2, and saturated runs that drain under the VC-order checker.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/traffic/source.h"

using namespace netcosim;

namespace {

// One message of `packets` packets of class `cls` to `dst` at cycle 0, then nothing.
class OneMessage final : public TrafficSource {
 public:
  OneMessage(uint32_t dst, uint8_t cls, uint32_t packets) : dst_(dst), cls_(cls), n_(packets) {}
  Cycle next() const override { return next_; }
  TrafficDescriptor generate() override {
    next_ = kNone;
    return TrafficDescriptor{dst_, n_, cls_};
  }

 private:
  uint32_t dst_;
  uint8_t cls_;
  uint32_t n_;
  Cycle next_ = 0;
};

Config net_config(const std::string& topology, const std::string& arch,
                  std::vector<std::string> sets) {
  Config c;
  if (topology == "tree1" || topology == "tree1x8" || topology == "tree2") {
    for (const char* kv : {"topology.type=fattree", "routing.algorithm=updown"}) c.set_override(kv);
    c.set_override(topology == "tree1x8" ? "topology.k=8" : "topology.k=4");
    c.set_override(std::string("topology.n=") + (topology == "tree2" ? "2" : "1"));
  } else {
    for (const char* kv : {"topology.type=torus", "topology.dims=4x4", "routing.algorithm=dor"})
      c.set_override(kv);
  }
  for (const char* kv :
       {"traffic.source=service_levels", "router.port_buffer=256", "router.buffer_output=256",
        "sim.warmup=0", "sim.measure=2000", "traffic.load=0", "qos.atomic_messages=true",
        "traffic.application_queue=true", "router.latency=4", "router.xbar_latency=2"})
    c.set_override(kv);
  c.set_override("router.architecture=" + arch);
  for (const std::string& kv : sets) c.set_override(kv);
  return c;
}

// docs/model.md §10.3: packet j (0-based) of a message of M packets of L flits alone in the
// network, through h IB switches and h - 1 links of latency l: each switch stores the whole
// message ((M - 1) L after its first header), routes it (RT), moves its M packets through the
// crossbar at x = ceil(L / speedup) cycles each and sends it once its last header is in the
// output buffer (X after its crossbar slot).
uint64_t ib_message_formula(uint32_t h, uint32_t rt, uint32_t x_lat, uint32_t link, uint32_t L,
                            uint32_t M, uint32_t speedup, uint32_t j) {
  const uint64_t x = (L + speedup - 1) / speedup;
  return 1 + uint64_t{h} * (rt + x_lat + (M - 1) * (L + x)) + uint64_t{h - 1} * link +
         uint64_t{j + 1} * L;
}

TEST(AtomicMessages, OneSwitchSendsEachMessageBackToBackAfterItIsStoredWhole) {
  // Nodes 0 and 1 each send one message of 3 packets of 4 flits (SL0 and SL1) to node 3 at cycle
  // 0 (RT 4, X 2, speedup 2: x = 2). Packet j's header reaches its input buffer at 1 + 4j, so both
  // messages are stored whole at 9 and request output 3 at 13. The winner's packets cross at
  // 13, 15, 17 and are in the output buffer at 15, 17, 19: it starts at 19 and its tails reach
  // node 3 at 23, 27, 31. The loser is granted when the crossbar's output side is free, at 19;
  // it is whole in the output buffer at 25 but the link is the winner's until 31: its tails
  // arrive at 35, 39, 43. Per SL: averages 27 and 39; over the run 33 and at most 43. Packet by
  // packet (atomic off) the two SLs' packets would share the link in turns.
  for (const char* arch : {"ib", "opa"}) {
    // OPA: ports 0, 1 and 3 are in MPort 0; its crossbar moves 3 flits per cycle (x = 2 for 4
    // flits), so the same trace holds.
    const auto net = build_network(
        net_config("tree1", arch, {"qos.sls=2", "qos.sl_mtu=256,256", "qos.message_size=768,768"}));
    net->set_source(0, std::make_unique<OneMessage>(3, 0, 3));
    net->set_source(1, std::make_unique<OneMessage>(3, 1, 3));
    const RunResults r = run_native(*net);
    ASSERT_EQ(r.packets_measured, 6u) << arch;
    ASSERT_EQ(r.per_sl.size(), 2u);
    const double a = r.per_sl[0].latency_avg, b = r.per_sl[1].latency_avg;
    EXPECT_DOUBLE_EQ(std::min(a, b), 27.0) << arch;
    EXPECT_DOUBLE_EQ(std::max(a, b), 39.0) << arch;
    EXPECT_EQ(r.latency_max, 43u) << arch;
    EXPECT_DOUBLE_EQ(r.latency_avg, 33.0) << arch;
  }
}

TEST(AtomicMessages, AMessageStartsOnlyWithCreditsForAllOfItsPackets) {
  // Node 0 sends two messages of 3 packets of 4 flits (12 flits) to node 1 on the 4x4 torus: two
  // switches A and B, one x link of latency 6 (credits 6 back), RT 4, X 2, speedup 2. Each VL of
  // a port buffer holds 16 flits (2 VLs, 32 flits, none shared) and SL0 takes VL0 on every link.
  // Message 1: headers at A at 1, 5, 9; granted at 13 (input credits of 12 flits to the NIC at
  // 19); whole in A's output buffer at 19 and B's VL0 has 16 credits: sent at 19, 23, 27;
  // headers at B at 25, 29, 33; granted at 37, its credits back at A at 37 + 6 + 6 = 49; tails at
  // node 1 at 47, 51, 55 (the formula, h = 2). Message 2: the NIC has 4 credits left until 19,
  // then sends at 19, 23, 27; headers at A at 20, 24, 28; granted at 32, whole in the output
  // buffer at 38; B's VL0 has 4 credits (a packet, not the message) until 49, when it starts:
  // headers at B at 55, 59, 63, granted at 67, sent at 73; tails at 77, 81, 85.
  for (const char* arch : {"ib", "opa"}) {
    std::vector<std::string> sets = {
        "qos.sls=1",        "qos.sl_mtu=256",   "qos.message_size=768", "router.port_buffer=32",
        "router.vl_min=16", "link.latency_x=6", "link.latency_y=6"};
    // IB: SL0 on VL0 for routing VC 0 and VL1 for the dateline's VC 1, VL0 at the hosts.
    // OPA: SC0 on VL0 and SC1 on VL1 the same way.
    if (std::string(arch) == "ib") {
      sets.push_back("qos.sl2vl=0 1");
      sets.push_back("qos.sl2vl_injection=0");
    } else {
      sets.push_back("qos.sl2sc=0 1");
      sets.push_back("qos.sc2vl=0,1");
      sets.push_back("qos.sc2vl_injection=0,0");
    }
    const auto net = build_network(net_config("torus", arch, sets));
    for (int k = 0; k < 6; ++k) net->preload_packet(0, 1);
    const RunResults r = run_native(*net);
    ASSERT_EQ(r.packets_measured, 6u) << arch;
    EXPECT_EQ(ib_message_formula(2, 4, 2, 6, 4, 3, 2, 0), 47u);
    EXPECT_EQ(r.latency_max, 85u) << arch;
    EXPECT_DOUBLE_EQ(r.latency_avg, (47.0 + 51 + 55 + 77 + 81 + 85) / 6) << arch;
  }
}

TEST(AtomicMessages, ZeroLoadLatencyOfAMessageIsTheFormula) {
  // IB, node 0 to node 15 of the 4-ary 2-tree (3 switches, 2 links of 3 cycles), 3 packets of
  // 8 flits: packet j at the formula of docs/model.md §10.3 (105, 113, 121).
  {
    const auto net = build_network(net_config(
        "tree2", "ib",
        {"qos.sls=1", "qos.sl_mtu=512", "qos.message_size=1536", "link.latency_tree=3"}));
    for (int k = 0; k < 3; ++k) net->preload_packet(0, 15);
    const RunResults r = run_native(*net);
    ASSERT_EQ(r.packets_measured, 3u);
    EXPECT_EQ(r.latency_max, ib_message_formula(3, 4, 2, 3, 8, 3, 2, 2));
    EXPECT_EQ(r.latency_max, 121u);
    EXPECT_DOUBLE_EQ(r.latency_avg, double(ib_message_formula(3, 4, 2, 3, 8, 3, 2, 1)));
  }
  // OPA, one 8-port switch, node 0 (MPort 0) to node 5 (MPort 1), X2 = 2: docs/model.md §11.2,
  // 1 + RT + X + X2 + (M - 1)(L + ceil(L/3) + ceil(L/4)) + (j + 1) L = 35 + 8 (j + 1).
  {
    const auto net = build_network(net_config(
        "tree1x8", "opa",
        {"qos.sls=1", "qos.sl_mtu=512", "qos.message_size=1536", "router.central_latency=2"}));
    for (int k = 0; k < 3; ++k) net->preload_packet(0, 5);
    const RunResults r = run_native(*net);
    ASSERT_EQ(r.packets_measured, 3u);
    EXPECT_EQ(r.latency_max, 1u + 4 + 2 + 2 + 2 * (8 + 3 + 2) + 3 * 8);
    EXPECT_DOUBLE_EQ(r.latency_avg, 1.0 + 4 + 2 + 2 + 2 * (8 + 3 + 2) + 2 * 8);
  }
}

TEST(AtomicMessages, SaturatedRunsWithMessagesOfSeveralPacketsDrainOnBothSwitches) {
  for (const char* arch : {"ib", "opa"}) {
    for (const char* topology : {"tree2", "torus"}) {
      const bool torus = std::string(topology) == "torus";
      std::vector<std::string> sets = {
          "sim.check=true",
          "sim.drain=true",
          "traffic.load=1",
          "sim.measure=2000",
          "qos.sls=2",
          "qos.sl_mtu=256,512",
          "qos.message_size=768,1024",
          "qos.pattern=uniform,bursts4",
          "routing.algorithm=" + std::string(torus ? "dor" : "updown_random")};
      if (std::string(arch) == "ib") {
        sets.push_back(torus ? "qos.sl2vl=0 1,2 3" : "qos.sl2vl=0,1");
      } else {
        sets.push_back(torus ? "qos.sl2sc=0 1,2 3" : "qos.sl2sc=0,1");
      }
      const auto net = build_network(net_config(topology, arch, sets));
      ASSERT_TRUE(net->vc_checked());
      const RunResults r = run_native(*net);
      EXPECT_TRUE(r.drained) << arch << " " << topology;
      EXPECT_TRUE(r.conservation_ok) << arch << " " << topology;
      EXPECT_EQ(r.packets_generated, r.packets_delivered) << arch << " " << topology;
      EXPECT_GT(r.packets_delivered, 1000u) << arch << " " << topology;
    }
  }
}

}  // namespace
