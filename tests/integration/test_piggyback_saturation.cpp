// PiggyBack's saturation bit (thesis 000 Eq. 1.3, docs/model.md 4.1), per VC: a global link is
// saturated when Q > F * mean + T, the mean taken over VC 0 of the router's h global links. The
// link's own Q is part of the mean, so F * mean >= (F / h) * Q: with F >= h the bit can never be
// set and PB takes exactly UGAL-L's decisions. On h2 (h = 2) with the default F = 2 the two
// routings therefore give identical runs; with F = 1 < h the bit can fire and they differ.
#include <gtest/gtest.h>

#include <string>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"
#include "sim/topology/dragonfly.h"
#include "test_util.h"

using namespace netcosim;

namespace {

RunResults run(const char* alg, const char* f) {
  Config c =
      test::dragonfly("h2", {"router.vcs_local=4", "router.vcs_global=2", "traffic.pattern=adv",
                             "traffic.load=0.6", "sim.warmup=1000", "sim.measure=4000"});
  c.set_override(std::string("routing.algorithm=") + alg);
  c.set_override(std::string("routing.ugal_f=") + f);
  return run_native(*build_network(c));
}

TEST(PiggyBackSaturationBit, NeverSetWhenFIsAtLeastH) {
  const RunResults ugal = run("ugal", "2"), pb = run("pb", "2");
  EXPECT_EQ(pb.accepted_load, ugal.accepted_load);
  EXPECT_EQ(pb.latency_avg, ugal.latency_avg);
  EXPECT_EQ(pb.misrouted_fraction, ugal.misrouted_fraction);
  EXPECT_EQ(pb.hops_class_avg[df::kLocal], ugal.hops_class_avg[df::kLocal]);
}

TEST(PiggyBackSaturationBit, FiresWhenFIsBelowH) {
  const RunResults ugal = run("ugal", "1"), pb = run("pb", "1");
  // The bits add nonminimal decisions to UGAL's: PB misroutes more.
  EXPECT_GT(pb.misrouted_fraction, ugal.misrouted_fraction);
}

}  // namespace
