// VAL-group's two draws of the intermediate group (routing.valiant_group_draw, docs/model.md §4)
// on whole h2 networks (p=2 a=4 h=2: 9 groups of 8 nodes), uniform traffic at load 0.1, against
// hop counts derived by hand. Of a node's 71 destinations 7 are in its group and 64 in others.
//   other_than_source_and_destination: every packet crosses an intermediate group (traffic
//   within a group too): exactly 2 global hops per packet.
//   other_than_source (FOGSim's): traffic within a group is minimal (0 global hops); across groups
//   the group is uniform over the 8 groups other than the source's, the destination's with
//   probability 1/8 (then 1 global hop), so the mean is (64/71)(1/8 + 2 * 7/8) = 120/71 = 1.690,
//   and the global links' load bound rises from 1/2 to 71/120 = 0.592 (every directed global
//   link carries the same share under uniform traffic).
#include <gtest/gtest.h>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/topology/dragonfly.h"

using namespace netcosim;

namespace {

RunResults run_val_group(const char* draw) {
  Config c;
  for (const char* kv : {"topology.p=2", "topology.a=4", "topology.h=2", "sim.warmup=1000",
                         "sim.measure=20000", "traffic.load=0.1", "routing.algorithm=val",
                         "routing.valiant=group", "router.vcs_local=3", "router.vcs_global=2"})
    c.set_override(kv);
  c.set_override(std::string("routing.valiant_group_draw=") + draw);
  return run_native(*build_network(c));
}

TEST(ValiantGroupDraw, OlderDrawSendsEveryPacketOverTwoGlobalLinks) {
  const RunResults r = run_val_group("other_than_source_and_destination");
  ASSERT_GT(r.packets_measured, 15000u);
  EXPECT_EQ(r.hops_class_avg[df::kGlobal], 2.0);
  EXPECT_EQ(r.hops_class_max[df::kGlobal], 2u);
  EXPECT_EQ(r.global_misrouted_fraction, 1.0);
}

// About 18,000 packets (72 nodes x 20,000 cycles x 0.1 / 8): the per-packet count takes 0, 1, 2
// with probabilities 7/71, 8/71, 56/71 (standard deviation 0.64), so the mean's standard error is
// 0.005 and 0.02 is four of them (the fraction's, 0.41 / 134 = 0.003: six).
TEST(ValiantGroupDraw, FogsimDrawAllowsTheDestinationGroupAndKeepsGroupTrafficMinimal) {
  const RunResults r = run_val_group("other_than_source");
  ASSERT_GT(r.packets_measured, 15000u);
  EXPECT_NEAR(r.hops_class_avg[df::kGlobal], 120.0 / 71.0, 0.02);
  EXPECT_EQ(r.hops_class_max[df::kGlobal], 2u);
  // Packets with two global hops: (64/71)(7/8) = 56/71 = 0.789.
  EXPECT_NEAR(r.global_misrouted_fraction, 56.0 / 71.0, 0.02);
}

}  // namespace
