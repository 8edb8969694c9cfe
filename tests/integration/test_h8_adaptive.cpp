// Adaptive routing on the seeds' network: configs/dragonfly-h8.ini (p=8 a=16 h=8, 16,512 nodes,
// 32/256-phit buffers, 10/100-cycle links; seed 001 Table I, thesis 000 Table 1.2) under ADV+1,
// with 3,000 warm-up and 10,000 measured cycles.
// - offered 0.6: OLM (credit trigger), Base (th = 6), Hybrid (th = 7, credit threshold 35%; seed
//   001 Table I) and ECtN reach about Valiant's limit of 0.5 (thesis Fig. 4.6b, seed 001 Fig. 5b:
//   "identical to OLM, reaching the Valiant limit of 0.5"); PiggyBack accepts at least 0.40 in its
//   variant with per-port sensing and the Valiant intermediate recomputed while the head waits
//   (thesis Sec. 5.2.4 and Ch. 5), above VAL's 0.38 as in thesis Fig. 4.6b; the baseline PB
//   (per-VC sensing, fixed intermediate) saturates at about 0.22 (docs/validation.md says why);
// - offered 0.3: every mechanism sends more than 90% of the packets nonminimally (only 1 of the
//   a*p = 128 nodes' worth of traffic fits the minimal global link).
// Each case is its own test so that `ctest -j` spreads them over the cores (15-50 s each).
#include <gtest/gtest.h>

#include <cmath>
#include <ostream>
#include <string>
#include <vector>

#include "sim/core/network.h"

using namespace netcosim;

namespace {

struct Mechanism {
  const char* name;
  std::vector<std::string> sets;
  bool below_saturation_at_03 = true;  // false: the baseline PB saturates at about 0.22
  double min_accepted_at_06 = 0.45;
};
void PrintTo(const Mechanism& m, std::ostream* os) {
  *os << m.name;
}

const Mechanism kOlmCredit{"OlmCredit",
                           {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
                            "routing.trigger=credit"}};
const Mechanism kBase{"Base",
                      {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
                       "routing.trigger=contention", "routing.threshold=6"}};
const Mechanism kHybrid{
    "Hybrid",
    {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2", "routing.trigger=hybrid",
     "routing.threshold=7", "routing.credit_threshold=35"}};
const Mechanism kEctn{
    "Ectn",
    {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2", "routing.trigger=ectn"}};
const Mechanism kPb{
    "PiggyBack", {"routing.algorithm=pb", "router.vcs_local=4", "router.vcs_global=2"}, false};
const Mechanism kPbPortRecompute{
    "PiggyBackPortRecompute",
    {"routing.algorithm=pb", "router.vcs_local=4", "router.vcs_global=2", "routing.sensing=port",
     "routing.recompute_valiant=true"},
    true,
    0.40};

// configs/dragonfly-h8.ini with the mechanism's settings.
Config h8_config(const Mechanism& m) {
  Config c;
  c.load_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/dragonfly-h8.ini");
  for (const auto& s : m.sets) c.set_override(s);
  return c;
}

RunResults run_h8(const Mechanism& m, const char* load) {
  Config c = h8_config(m);
  c.set_override("traffic.pattern=adv");
  c.set_override(std::string("traffic.load=") + load);
  c.set_override("sim.warmup=3000");
  c.set_override("sim.measure=10000");
  return Network(c).run(nullptr, 1);
}

std::string name_of(const ::testing::TestParamInfo<Mechanism>& info) {
  return info.param.name;
}

class H8Adversarial : public ::testing::TestWithParam<Mechanism> {};

TEST_P(H8Adversarial, MisroutesMostPacketsAtLoad03) {
  const RunResults r = run_h8(GetParam(), "0.3");
  EXPECT_GT(r.misrouted_fraction, 0.90);
  if (GetParam().below_saturation_at_03) {
    EXPECT_NEAR(r.accepted_load, 0.3, 0.01);  // below saturation: all of the offered load
  }
}

INSTANTIATE_TEST_SUITE_P(Issue5, H8Adversarial,
                         ::testing::Values(kOlmCredit, kBase, kHybrid, kEctn, kPb,
                                           kPbPortRecompute),
                         name_of);

// The baseline PiggyBack is left out of the throughput check: it accepts about 0.22 here.
class H8AdversarialThroughput : public ::testing::TestWithParam<Mechanism> {};

TEST_P(H8AdversarialThroughput, AcceptsAtLoad06) {
  const RunResults r = run_h8(GetParam(), "0.6");
  EXPECT_GE(r.accepted_load, GetParam().min_accepted_at_06);
  EXPECT_LE(r.accepted_load, 0.6);
  EXPECT_LE(r.hops_global_avg, 2.0 + 1e-9);  // one nonminimal global hop at most
}

INSTANTIATE_TEST_SUITE_P(Issue5, H8AdversarialThroughput,
                         ::testing::Values(kOlmCredit, kBase, kHybrid, kEctn, kPbPortRecompute),
                         name_of);

// Transient, uniform -> ADV+1 at cycle 3,000, load 0.2 (seed 001 Fig. 7a, thesis Fig. 4.8): the
// contention counters (Base, Hybrid, Filtered) settle within one 10-cycle bin, PiggyBack (credit
// based) tens of cycles later. Settling: the first bin from which the latency of the packets
// generated in each bin stays within 10% of its final level (the mean over cycles 3,500-4,000).
// The papers' OLM (credit) and ECtN timings are not reproduced (docs/validation.md), so they are
// not asserted here.
Cycle settling(const Mechanism& m) {
  Config c = h8_config(m);
  for (const char* s :
       {"traffic.load=0.2", "traffic.pattern2=adv", "traffic.switch_cycle=3000", "sim.warmup=3000",
        "sim.measure=1000", "sim.timeseries_bin=10", "sim.drain=true"})
    c.set_override(s);
  const RunResults r = Network(c).run(nullptr, 1);
  double sum = 0;
  int n = 0;
  for (size_t i = 0; i < r.ts_start.size(); ++i)
    if (r.ts_start[i] >= 3500 && r.ts_start[i] < 4000) sum += r.ts_latency[i], ++n;
  EXPECT_EQ(n, 50);
  const double final_level = sum / n;
  Cycle settle = 3000;  // the switch: no bin after it out of the band means settling 0
  for (size_t i = 0; i < r.ts_start.size(); ++i) {
    if (r.ts_start[i] < 3000 || r.ts_start[i] >= 4000) continue;
    if (std::abs(r.ts_latency[i] - final_level) > 0.1 * final_level) settle = r.ts_start[i] + 10;
  }
  return settle - 3000;
}

TEST(H8Transient, ContentionCountersSettleBeforePiggyBack) {
  const Mechanism filtered{"Filtered",
                           {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
                            "routing.trigger=filtered"}};
  const Cycle pb = settling(kPb);
  EXPECT_GE(pb, 30u);
  for (const Mechanism& m : {kBase, kHybrid, filtered}) {
    const Cycle t = settling(m);
    EXPECT_LE(t, 10u) << m.name;
    EXPECT_LT(t, pb) << m.name;
  }
}

}  // namespace
