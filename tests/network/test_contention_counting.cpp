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

std::vector<uint32_t> counts_after_each_cycle(const char* rule, Cycle cycles) {
  Config c;
  for (const char* kv : {"traffic.load=0", "sim.warmup=0", "sim.measure=100",
                         "routing.algorithm=olm", "routing.trigger=contention",
                         "routing.threshold=255", "router.vcs_local=3", "router.vcs_global=2",
                         "router.vcs_injection=1", "router.buffer_output=8", "router.speedup=1"})
    c.set_override(kv);
  c.set_override(std::string("routing.contention_count=") + rule);
  const auto net = build_network(c);
  for (int k = 0; k < 3; ++k) net->preload_packet(0, 1);
  StatsSink sink;
  net->init_sink(sink);
  const auto& r0 = static_cast<const Router&>(net->router(0));
  const uint32_t eject = net->topology().node_port(1);
  std::vector<uint32_t> after;
  for (Cycle t = 0; t < cycles; ++t) {
    for (uint32_t r = 0; r < net->routers(); ++r) net->router(r).collect_remote();
    for (uint32_t r = 0; r < net->routers(); ++r)
      if (net->router(r).active(t)) net->router(r).step(t, sink);
    after.push_back(r0.contention().count(eject));
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
