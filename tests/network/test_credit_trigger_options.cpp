// The credit trigger's options (docs/model.md §4.3 "credit") on whole h2 networks (p=2 a=4 h=2,
// OLM with 3/2 VCs): each moves the misrouting in the direction its rule implies.
//   credit_busy: fifo_writing's condition is a superset of fifo_full's at every decision (no
//     credits or FIFO full, OR FIFO being written), so under ADV+1 more packets are misrouted;
//   the global-link restriction only cancels decisions, and a larger threshold cancels more:
//     global misrouting falls from off to the default (150 %, 5 packets), and no further than a
//     threshold no port reaches (100000 %, 10^6 packets), where a global minimal output never
//     misroutes;
//   credit_candidates=one_random accepts a subset of all's candidates at every attempt, so under
//     uniform load 0.8 (many attempts with one valid candidate among several) fewer are misrouted.
#include <gtest/gtest.h>

#include <initializer_list>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"

using namespace netcosim;

namespace {

RunResults run_olm(std::initializer_list<const char*> sets) {
  Config c;
  for (const char* kv : {"topology.p=2", "topology.a=4", "topology.h=2", "routing.algorithm=olm",
                         "routing.trigger=credit", "router.vcs_local=3", "router.vcs_global=2",
                         "sim.warmup=2000", "sim.measure=6000"})
    c.set_override(kv);
  for (const char* kv : sets) c.set_override(kv);
  return run_native(*build_network(c));
}

TEST(CreditTriggerOptions, FifoWritingMisroutesMoreThanFifoFullUnderAdv1) {
  const RunResults full =
      run_olm({"traffic.pattern=adv", "traffic.load=0.3", "routing.global_restriction_coef=0",
               "routing.credit_busy=fifo_full"});
  const RunResults writing =
      run_olm({"traffic.pattern=adv", "traffic.load=0.3", "routing.global_restriction_coef=0",
               "routing.credit_busy=fifo_writing"});
  ASSERT_GT(full.packets_measured, 5000u);
  EXPECT_GT(writing.misrouted_fraction, full.misrouted_fraction);
  // Both below saturation without the restriction: the offered 0.3 is accepted (within 2 %).
  EXPECT_NEAR(full.accepted_load, 0.3, 0.006);
  EXPECT_NEAR(writing.accepted_load, 0.3, 0.006);
}

TEST(CreditTriggerOptions, GlobalRestrictionCancelsMoreGlobalMisroutingAsItsThresholdGrows) {
  const RunResults off =
      run_olm({"traffic.pattern=adv", "traffic.load=0.3", "routing.global_restriction_coef=0"});
  const RunResults dflt = run_olm({"traffic.pattern=adv", "traffic.load=0.3"});
  const RunResults never =
      run_olm({"traffic.pattern=adv", "traffic.load=0.3", "routing.global_restriction_coef=100000",
               "routing.global_restriction_th=1000000"});
  ASSERT_GT(off.packets_measured, 5000u);
  EXPECT_LT(dflt.global_misrouted_fraction, off.global_misrouted_fraction);
  // On h2 the default already cancels (nearly) every decision at a global minimal output: with
  // the other global port empty it needs a port mean over both VCs > 0.75 x itself + 40 phits,
  // i.e. > 160 of 256 phits per VC, which a full VC 0 with an empty VC 1 (128) does not reach.
  EXPECT_LE(never.global_misrouted_fraction, dflt.global_misrouted_fraction);
  // Global misrouting remains where the minimal output is local (a router without the link to
  // the destination group): the restriction does not apply there.
  EXPECT_GT(never.global_misrouted_fraction, 0.0);
}

TEST(CreditTriggerOptions, OneRandomCandidateMisroutesLessThanAllUnderUniformLoad) {
  const RunResults all = run_olm({"traffic.load=0.8", "routing.credit_candidates=all"});
  const RunResults one = run_olm({"traffic.load=0.8", "routing.credit_candidates=one_random"});
  ASSERT_GT(all.packets_measured, 10000u);
  EXPECT_LT(one.misrouted_fraction, all.misrouted_fraction);
  EXPECT_LT(one.local_misrouted_fraction, all.local_misrouted_fraction);
}

}  // namespace
