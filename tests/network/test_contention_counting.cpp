// What a contention counter counts (thesis 000 Sec. 4.2.1.1; seed 001 Sec. III-B; docs/model.md
// "Contention counters"), cycle by cycle on one router of the p=2 a=4 h=2 Dragonfly.
//
// Node 0 sends three packets A, B, C to node 1 (same router; output = node 1's ejection port) with
// one injection VC, a one-packet output FIFO and speedup 1 (a crossbar transfer takes 8 cycles):
//   A arrives at 1, granted at 1, its tail leaves the input buffer at 9 (it lands in the output
//     FIFO at 4 and leaves it at 12);
//   B arrives at 9, waits for the FIFO, granted at 12, its tail leaves at 20 (FIFO 15..23);
//   C arrives at 17, while B's tail is still in the same VC's buffer; granted at 23, tail at 31.
// Head rule: a VC counts one packet at a time: 1 from cycle 1 to 30 (B replaces A at 9, C
// replaces B at 20), 0 from 31. Queued rule: C counts from its arrival, 2 during 17..19.
// The counter is read after each cycle's clock edge (the value routing sees in the next cycle).
#include <gtest/gtest.h>

#include <vector>

#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/router/cioq/router.h"

using namespace netcosim;

namespace {

// Node 0 sends three packets to node `dst`; the counter of router `watch`'s output `out` (the
// minimal output of the packets there) after each cycle. `extra`: more overrides.
std::vector<uint32_t> counts_after_each_cycle(const char* rule, Cycle cycles,
                                              std::vector<const char*> extra = {"router.speedup=1"},
                                              uint32_t dst = 1, uint32_t watch = 0) {
  Config c;
  for (const char* kv :
       {"traffic.load=0", "sim.warmup=0", "sim.measure=100", "routing.algorithm=olm",
        "routing.trigger=contention", "routing.threshold=255", "router.vcs_local=3",
        "router.vcs_global=2", "router.vcs_injection=1", "router.buffer_output=8"})
    c.set_override(kv);
  for (const char* kv : extra) c.set_override(kv);
  c.set_override(std::string("routing.contention_count=") + rule);
  const auto net = build_network(c);
  for (int k = 0; k < 3; ++k) net->preload_packet(0, dst);
  StatsSink sink;
  net->init_sink(sink);
  const auto& r = static_cast<const Router&>(net->router(watch));
  const Topology& topo = net->topology();
  const uint32_t dst_router = topo.node_router(dst);
  uint32_t out = topo.node_port(dst);
  if (watch != dst_router)  // a direct link to the destination's router (same group)
    for (uint32_t p = 0; p < topo.router_radix(); ++p)
      if (topo.port_class_of(watch, p) != kInjectionClass &&
          topo.peer(watch, p).router == dst_router)
        out = p;
  std::vector<uint32_t> after;
  for (Cycle t = 0; t < cycles; ++t) {
    for (uint32_t q = 0; q < net->routers(); ++q) net->router(q).collect_remote();
    for (uint32_t q = 0; q < net->routers(); ++q)
      if (net->router(q).active(t)) net->router(q).step(t, sink);
    after.push_back(r.contention().count(out));
  }
  EXPECT_EQ(sink.delivered, 3u);
  return after;
}

TEST(ContentionCounting, HeadRuleCountsAVcOncePerPacketAtItsHead) {
  const std::vector<uint32_t> after = counts_after_each_cycle("head", 40);
  for (Cycle t = 0; t < 40; ++t) {
    const uint32_t expect = (t >= 1 && t <= 30) ? 1 : 0;
    EXPECT_EQ(after[t], expect) << "after cycle " << t;
  }
}

TEST(ContentionCounting, QueuedRuleCountsEveryPacketInTheInputBuffer) {
  const std::vector<uint32_t> after = counts_after_each_cycle("queued", 40);
  for (Cycle t = 0; t < 40; ++t) {
    const uint32_t expect = (t >= 17 && t <= 19) ? 2 : (t >= 1 && t <= 30) ? 1 : 0;
    EXPECT_EQ(after[t], expect) << "after cycle " << t;
  }
}

}  // namespace

// head_until_tail with speedup 2 (a transfer takes X = 4 cycles; the node's link delivers a packet
// in 8): A arrives at 1 and is granted at once: the transfer ends at 5 but its tail is in at 9
// (FOGSim's transfer lasts until then); B arrives at 9, waits for the one-packet output FIFO (A
// leaves it at 4 + 8 = 12), is granted at 12, its transfer ends at 16, its tail was in at 17;
// C arrives at 17 (counted on arrival: B's count ends in that cycle), waits for the FIFO (B left it
// at 15 + 8 = 23), granted at 23, transfer ends at 27 (its tail was in at 25). So 1 from cycle 1
// to 26 and 0 from 27. The head rule leaves gaps while a tail is still arriving: A counts 1..4,
// B 9..15, C 17..26.
TEST(ContentionCounting, HeadUntilTailKeepsACutThroughPacketCountedUntilItsTailIsIn) {
  const std::vector<uint32_t> until = counts_after_each_cycle("head_until_tail", 40, {});
  const std::vector<uint32_t> head = counts_after_each_cycle("head", 40, {});
  for (Cycle t = 0; t < 40; ++t) {
    EXPECT_EQ(until[t], (t >= 1 && t <= 26) ? 1u : 0u) << "after cycle " << t;
    const bool counted = (t >= 1 && t <= 4) || (t >= 9 && t <= 15) || (t >= 17 && t <= 26);
    EXPECT_EQ(head[t], counted ? 1u : 0u) << "after cycle " << t;
  }
}

// queued_at_send on the router that receives over a local link (latency 10), speedup 1: node 0
// (router 0) sends to node 4 (router 2 of group 0, one local hop). On router 0, A arrives at 1,
// is granted at once, reaches the one-packet output FIFO at 4 and starts on the link at 4; B
// (arrived at 9) waits for the FIFO (A leaves it at 12), starts at 15; C (arrived at 17) starts at
// 26. On router 2 they arrive at 14, 25 and 36 and are granted at once (ejection), their tails
// leaving 8 cycles later, at 22, 33 and 44. Queued: 1 during 14..21, 25..32 and 36..43. Queued at
// send: each packet counts from the cycle after its send: A from 5, B from 16, C from 27, until its
// tail leaves, so 2 during 16..21 and 27..32.
TEST(ContentionCounting, QueuedAtSendCountsAPacketFromTheCycleAfterItsSend) {
  const std::vector<uint32_t> queued =
      counts_after_each_cycle("queued", 50, {"router.speedup=1"}, 4, 2);
  const std::vector<uint32_t> at_send =
      counts_after_each_cycle("queued_at_send", 50, {"router.speedup=1"}, 4, 2);
  const auto in = [](Cycle t, Cycle a, Cycle b) { return t >= a && t <= b ? 1u : 0u; };
  for (Cycle t = 0; t < 50; ++t) {
    EXPECT_EQ(queued[t], in(t, 14, 21) + in(t, 25, 32) + in(t, 36, 43)) << "after cycle " << t;
    EXPECT_EQ(at_send[t], in(t, 5, 21) + in(t, 16, 32) + in(t, 27, 43)) << "after cycle " << t;
  }
}
