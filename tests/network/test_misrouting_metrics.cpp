// The misrouting metrics (docs/model.md §5) on whole h2 networks (p=2 a=4 h=2: 36 routers, 9
// groups, 72 nodes), against counts derived by hand:
//   MIN takes no nonminimal decision: every metric is 0;
//   VAL decides at the source router for every packet: nonminimal_fraction 1, all of the accepted
//   load misrouted at injection; its path is minimal exactly when the intermediate router lies on
//   the minimal path, and it takes a nonminimal global hop exactly when the intermediate group is
//   neither the source nor the destination group (each pair of groups has one global link).
#include <gtest/gtest.h>

#include <string>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"

using namespace netcosim;

namespace {

RunResults run_h2(std::initializer_list<const char*> sets) {
  Config c;
  for (const char* kv : {"topology.p=2", "topology.a=4", "topology.h=2", "sim.warmup=2000",
                         "sim.measure=10000", "traffic.load=0.3"})
    c.set_override(kv);
  for (const char* kv : sets) c.set_override(kv);
  return run_native(*build_network(c));
}

TEST(MisroutingMetrics, MinTakesNoNonminimalDecision) {
  const RunResults r = run_h2({});
  ASSERT_GT(r.packets_measured, 10000u);
  EXPECT_EQ(r.nonminimal_fraction, 0.0);
  EXPECT_EQ(r.global_misrouted_fraction, 0.0);
  EXPECT_EQ(r.local_misrouted_fraction, 0.0);
  EXPECT_EQ(r.accepted_misrouted_injection + r.accepted_misrouted_source_group +
                r.accepted_misrouted_intermediate_group + r.accepted_misrouted_destination_group,
            0.0);
}

// Uniform traffic, source s and destination d uniform over the 71 other nodes; the intermediate
// router I uniform over the 36 routers. Routers on the minimal path: 1 for the node on s's router,
// 2 for the 6 others of its group, and for the 64 nodes of other groups 2 + 3/4 + 3/4 = 3.5 (a
// local hop in the source group unless s's router holds the link, probability h/(a h) = 1/4; the
// same in the destination group): E = (1 + 12 + 224) / 71 = 237/71, misrouted = 1 - E/36 = 0.9073.
// A nonminimal global hop: I outside the source and destination groups, 8/9 for the 7 same-group
// destinations, 7/9 for the 64 others: (56/9 + 448/9) / 71 = 0.7887. About 13,500 packets: the
// standard deviations are below 0.004; the checks allow 0.015.
TEST(MisroutingMetrics, ValiantDecidesForEveryPacketAtInjection) {
  const RunResults r =
      run_h2({"routing.algorithm=val", "router.vcs_local=4", "router.vcs_global=2"});
  ASSERT_GT(r.packets_measured, 10000u);
  EXPECT_EQ(r.nonminimal_fraction, 1.0);
  EXPECT_DOUBLE_EQ(r.accepted_misrouted_injection, r.accepted_load);
  EXPECT_EQ(r.accepted_misrouted_source_group, 0.0);
  EXPECT_EQ(r.accepted_misrouted_intermediate_group, 0.0);
  EXPECT_EQ(r.accepted_misrouted_destination_group, 0.0);
  EXPECT_NEAR(r.misrouted_fraction, 1.0 - 237.0 / 71.0 / 36.0, 0.015);
  EXPECT_NEAR(r.global_misrouted_fraction, 504.0 / 9.0 / 71.0, 0.015);
  EXPECT_LE(r.local_misrouted_fraction, r.misrouted_fraction);
}

// OLM under ADV+1: every packet flagged misrouted has taken a nonminimal decision, each
// nonminimal packet counts in at least one place of the split, and every global misroute is
// decided in the source group (at injection or in transit), never later (thesis 000 Sec. 1.4.2).
TEST(MisroutingMetrics, OlmSplitCoversEveryNonminimalPacket) {
  const RunResults r = run_h2({"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
                               "traffic.pattern=adv"});
  ASSERT_GT(r.packets_measured, 5000u);
  EXPECT_LE(r.misrouted_fraction, r.nonminimal_fraction);
  EXPECT_LE(r.global_misrouted_fraction, r.nonminimal_fraction);
  // The 8 nodes of a group share one minimal global link (1 phit/cycle): at most 0.125 of each
  // node's accepted load is not globally misrouted.
  EXPECT_GE(r.global_misrouted_fraction, 1 - 0.125 / r.accepted_load - 0.01);
  const double split = r.accepted_misrouted_injection + r.accepted_misrouted_source_group +
                       r.accepted_misrouted_intermediate_group +
                       r.accepted_misrouted_destination_group;
  EXPECT_GE(split, r.nonminimal_fraction * r.accepted_load * (1 - 1e-12));
  EXPECT_GE(r.accepted_misrouted_injection + r.accepted_misrouted_source_group,
            r.global_misrouted_fraction * r.accepted_load * (1 - 1e-12));
}

}  // namespace
