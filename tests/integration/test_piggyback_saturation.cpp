// PiggyBack's saturation bit (thesis 000 Eq. 1.3, docs/model.md 4.1), per VC: a global link is
// saturated when Q > coef/100 * mean + T, the mean taken over VC 0 of the router's h global links.
// The link's own Q is part of the mean, so coef/100 * mean >= (coef / 100h) * Q: with
// coef >= 100h the bit can never be set and PB takes exactly UGAL-L's decisions. On h2 (h = 2)
// with the default coef 200 the two routings therefore give identical runs; with 100 < 100h the
// bit can fire and they differ (the UGAL comparison keeps its own F = 2 in both).
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

// UGAL, or PB with its saturation bits' coefficient `coef` (%).
RunResults run(const char* alg, const char* coef = nullptr) {
  Config c =
      test::dragonfly("h2", {"router.vcs_local=4", "router.vcs_global=2", "traffic.pattern=adv",
                             "traffic.load=0.6", "sim.warmup=1000", "sim.measure=4000"});
  c.set_override(std::string("routing.algorithm=") + alg);
  if (coef != nullptr) c.set_override(std::string("routing.piggyback_coef=") + coef);
  return run_native(*build_network(c));
}

TEST(PiggyBackSaturationBit, NeverSetWhenCoefIsAtLeast100H) {
  const RunResults ugal = run("ugal"), pb = run("pb", "200");
  EXPECT_EQ(pb.accepted_load, ugal.accepted_load);
  EXPECT_EQ(pb.latency_avg, ugal.latency_avg);
  EXPECT_EQ(pb.misrouted_fraction, ugal.misrouted_fraction);
  EXPECT_EQ(pb.hops_class_avg[df::kLocal], ugal.hops_class_avg[df::kLocal]);
}

TEST(PiggyBackSaturationBit, FiresWhenCoefIsBelow100H) {
  const RunResults ugal = run("ugal"), pb = run("pb", "100");
  // The bits add nonminimal decisions to UGAL's: PB misroutes more.
  EXPECT_GT(pb.misrouted_fraction, ugal.misrouted_fraction);
}

}  // namespace
