// Per-packet hop maxima per routing (docs/model.md section 4, "Hops"): no packet ever takes more
// local or global hops than its routing's rules allow, and the traffic that makes the longest
// path possible does produce it (so the maxima are not merely loose).
//
// The maxima, from the rules:
//  - MIN: l-g-l, 2 local / 1 global (thesis 000 Sec. 1.4.1).
//  - VAL, UGAL, PB: two minimal l-g-l subpaths through the intermediate router, 4 / 2.
//  - PAR: a minimal local hop in the source group, then a Valiant path from there:
//    l0-l1-g2-l3-l4-g5-l6, 5 / 2 (docs/model.md 4.2).
//  - OLM: in the source group a minimal local hop, then an NRG (or RRG) nonminimal local hop to the
//    router whose global link misroutes (2 local); in the intermediate group one opportunistic
//    nonminimal local hop and the minimal one to the global link towards the destination group
//    (2); in the destination group one opportunistic and one minimal local hop (2): 6 / 2
//    (docs/model.md 4.3; local misrouting is once per group, global misrouting only in the source
//    group and only once).
// Where they are reached: uniform traffic gives MIN's l-g-l and VAL's random intermediates; the
// adaptive routings need congestion (ADV+1, or load 1.0) to misroute, and OLM's six local hops
// need every one of its three local misrouting opportunities to fire (uniform and ADV+1 at 1.0).
// The contention trigger uses threshold p = 2, the thesis's upper limit th <= p (docs/model.md
// 4.3): the default 6 exceeds what the two injection heads of an h2 router can raise.
// The credit trigger's global-link restriction (FOGSim's default, 150 % of the router's global
// mean + 5 packets) only gates the global misroute from a global minimal output; it adds no hop.
// Compared per VC (the default) the maxima are reached. Compared per port
// (routing.global_restriction_sensing=port) on h2, a router has two global ports:
// x > 1.5 (x + y) / 2 + 40 phits means the minimal port's mean downstream occupancy x over its
// VCs must exceed 3 y + 160 phits, more than the 128 phits a port's mean reaches when only its
// VC 0 is full (two 256-phit global VCs here). So the global misroute at the second source-group
// router, which the first two of OLM's six local hops need, does not fire in these windows
// (local maximum 4); the maxima are then checked for never being exceeded.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"
#include "sim/topology/dragonfly.h"
#include "test_util.h"

using namespace netcosim;

namespace {

struct Routing {
  const char* name;
  std::vector<std::string> sets;
  uint64_t local_max, global_max;
  bool reached = true;  // the traffic of the test produces the longest path
};

class HopMaxima : public ::testing::TestWithParam<Routing> {};

TEST_P(HopMaxima, NeverExceededAndReached) {
  const Routing& rt = GetParam();
  uint64_t local = 0, global = 0;
  for (const char* pattern : {"uniform", "adv"})
    for (const char* load : {"0.3", "1.0"}) {
      Config c = test::dragonfly("h2", {"sim.warmup=1000", "sim.measure=5000"});
      for (const auto& s : rt.sets) c.set_override(s);
      c.set_override(std::string("traffic.pattern=") + pattern);
      c.set_override(std::string("traffic.load=") + load);
      const RunResults r = run_native(*build_network(c));
      const std::string what = std::string(rt.name) + " " + pattern + " " + load;
      EXPECT_LE(r.hops_class_max[df::kLocal], rt.local_max) << what;
      EXPECT_LE(r.hops_class_max[df::kGlobal], rt.global_max) << what;
      // The averages lie within the maxima, and a minimal path needs at least one hop.
      EXPECT_LE(r.hops_class_avg[df::kLocal], double(r.hops_class_max[df::kLocal])) << what;
      EXPECT_LE(r.hops_class_avg[df::kGlobal], double(r.hops_class_max[df::kGlobal])) << what;
      EXPECT_GE(r.hops_class_max[df::kGlobal], 1u)
          << what;  // 9 groups: most packets leave their group
      local = std::max(local, r.hops_class_max[df::kLocal]);
      global = std::max(global, r.hops_class_max[df::kGlobal]);
    }
  if (!rt.reached) return;
  EXPECT_EQ(local, rt.local_max) << rt.name;
  EXPECT_EQ(global, rt.global_max) << rt.name;
}

INSTANTIATE_TEST_SUITE_P(
    Routings, HopMaxima,
    ::testing::Values(
        Routing{"min", {}, 2, 1},
        Routing{
            "val", {"routing.algorithm=val", "router.vcs_local=4", "router.vcs_global=2"}, 4, 2},
        Routing{
            "ugal", {"routing.algorithm=ugal", "router.vcs_local=4", "router.vcs_global=2"}, 4, 2},
        Routing{"pb", {"routing.algorithm=pb", "router.vcs_local=4", "router.vcs_global=2"}, 4, 2},
        Routing{
            "par", {"routing.algorithm=par", "router.vcs_local=5", "router.vcs_global=2"}, 5, 2},
        Routing{"olm_credit",
                {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2"},
                6,
                2},
        Routing{"olm_credit_port_restriction",
                {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
                 "routing.global_restriction_sensing=port"},
                6,
                2,
                false},
        Routing{"olm_contention_nrg",
                {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
                 "routing.trigger=contention", "routing.global_policy=nrg", "routing.threshold=2"},
                6,
                2}),
    [](const testing::TestParamInfo<Routing>& i) { return std::string(i.param.name); });

// MIN's maxima are reached by every uniform run, not only in aggregate: with 9 groups of 4
// routers, most packets leave their group, and a destination group whose global link lands on
// neither the source nor the destination router (l-g-l) is the common case.
TEST(HopMaxima, MinUniformEveryRunHasLglPaths) {
  const RunResults r =
      run_native(*build_network(test::dragonfly("h2", {"sim.warmup=500", "sim.measure=2000"})));
  EXPECT_EQ(r.hops_class_max[df::kLocal], 2u);
  EXPECT_EQ(r.hops_class_max[df::kGlobal], 1u);
  EXPECT_EQ(r.misrouted_fraction, 0.0);
}

// The maxima are per packet, not per average: they merge with max across threads (one sink per
// thread), so the threaded run reports the same values.
TEST(HopMaxima, SameOnTwoThreads) {
  const Config c = test::dragonfly(
      "h2", {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
             "traffic.pattern=adv", "traffic.load=1.0", "sim.warmup=1000", "sim.measure=3000"});
  const RunResults one = run_native(*build_network(c), nullptr, 1);
  const RunResults two = run_native(*build_network(c), nullptr, 2);
  EXPECT_EQ(one.hops_class_max[df::kLocal], two.hops_class_max[df::kLocal]);
  EXPECT_EQ(one.hops_class_max[df::kGlobal], two.hops_class_max[df::kGlobal]);
  EXPECT_EQ(one.hops_class_max[df::kGlobal], 2u);  // ADV+1 at 1.0: OLM misroutes globally
}

}  // namespace
