// topology.arrangement = consecutive (docs/model.md 1): group G's global link j = A*h + k reaches
// group j if j < G, else j + 1. Its far end is therefore the link of the target group Gt whose
// index solves the same formula towards G: j' = G if G < Gt, else G - 1, on router j' / h, port
// j' mod h. Checked here through a run: a packet's zero-load latency follows the path the
// arrangement gives (the peers of every global port: tests/unit/topology/test_dragonfly.cpp).
#include <gtest/gtest.h>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"
#include "sim/topology/dragonfly.h"

using namespace netcosim;

namespace {

// h2 (p=2, a=4, h=2, 9 groups). Node 0 is on router 0 of group 0; node 8 on router 4 = router 0
// of group 1. Consecutive: group 0's link j = 0 (router 0, port 0) reaches group 1, and group 1's
// link towards group 0 is j' = 0 (router 0 of group 1): the path is one global hop,
// T0 = 1 + 2*3 + 100 + 8 = 115. Palm tree: group 0 reaches group 1 = (0 - (j+1)) mod 9 with
// j = 7 (router 3), and group 1 reaches group 0 with j = 0 (router 0 of group 1): a local hop
// first, T0 = 1 + 3*3 + 10 + 100 + 8 = 128.
TEST(ConsecutiveArrangement, ZeroLoadLatencyFollowsTheArrangement) {
  for (const auto& [arr, expect] : {std::pair{"consecutive", 115u}, std::pair{"palmtree", 128u}}) {
    Config c;
    for (const char* s : {"traffic.load=0", "sim.warmup=0", "sim.measure=1000"}) c.set_override(s);
    c.set_override(std::string("topology.arrangement=") + arr);
    const auto net = build_network(c);
    EXPECT_EQ(zero_load_latency(*net, 0, 8), expect) << arr;
    net->preload_packet(0, 8);
    const RunResults r = run_native(*net);
    EXPECT_EQ(r.packets_delivered, 1u) << arr;
    EXPECT_EQ(r.latency_max, expect) << arr;
    EXPECT_EQ(r.hops_class_max[df::kGlobal], 1u) << arr;
    EXPECT_EQ(r.hops_class_max[df::kLocal], expect == 115u ? 0u : 1u) << arr;
  }
}

}  // namespace
