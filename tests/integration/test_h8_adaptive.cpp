// Adaptive routing on the seeds' network: configs/dragonfly-h8.ini (p=8 a=16 h=8, 16,512 nodes,
// 32/256-phit buffers, 10/100-cycle links; seed 001 Table I, thesis 000 Table 1.2) under ADV+1,
// with 3,000 warm-up and 10,000 measured cycles.
// - offered 0.6: OLM (credit trigger), Base (th = 6), Hybrid (th = 7, credit threshold 35%; seed
//   001 Table I) and ECtN reach about Valiant's limit of 0.5 (thesis Fig. 4.6b, seed 001 Fig. 5b:
//   "identical to OLM, reaching the Valiant limit of 0.5");
// - offered 0.3: every mechanism, PiggyBack included, sends more than 90% of the packets
//   nonminimally (only 1 of the a*p = 128 nodes' worth of traffic fits the minimal global link).
// Each case is its own test so that `ctest -j` spreads them over the cores (1-3 minutes each).
#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "sim/core/network.h"

using namespace netcosim;

namespace {

struct Mechanism {
  const char* name;
  std::vector<std::string> sets;
  bool below_saturation_at_03 = true;  // PB saturates at about 0.22 here (docs/validation.md)
};
void PrintTo(const Mechanism& m, std::ostream* os) {
  *os << m.name;
}

const Mechanism kMechanisms[] = {
    {"OlmCredit",
     {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
      "routing.trigger=credit"}},
    {"Base",
     {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
      "routing.trigger=contention", "routing.threshold=6"}},
    {"Hybrid",
     {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
      "routing.trigger=hybrid", "routing.threshold=7", "routing.credit_threshold=35"}},
    {"Ectn",
     {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
      "routing.trigger=ectn"}},
    {"PiggyBack", {"routing.algorithm=pb", "router.vcs_local=4", "router.vcs_global=2"}, false},
};

RunResults run_h8(const Mechanism& m, const char* load) {
  Config c;
  c.load_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/dragonfly-h8.ini");
  for (const auto& s : m.sets) c.set_override(s);
  c.set_override("traffic.pattern=adv");
  c.set_override(std::string("traffic.load=") + load);
  c.set_override("sim.warmup=3000");
  c.set_override("sim.measure=10000");
  return Network(c).run(nullptr, 1);
}

class H8Adversarial : public ::testing::TestWithParam<Mechanism> {};

TEST_P(H8Adversarial, MisroutesMostPacketsAtLoad03) {
  const RunResults r = run_h8(GetParam(), "0.3");
  EXPECT_GT(r.misrouted_fraction, 0.90);
  if (GetParam().below_saturation_at_03) {
    EXPECT_NEAR(r.accepted_load, 0.3, 0.01);  // below saturation: all of the offered load
  }
}

INSTANTIATE_TEST_SUITE_P(Issue5, H8Adversarial, ::testing::ValuesIn(kMechanisms),
                         [](const auto& info) { return std::string(info.param.name); });

// PiggyBack is left out of the throughput check: it accepts about 0.22 here (docs/validation.md).
class H8AdversarialThroughput : public ::testing::TestWithParam<Mechanism> {};

TEST_P(H8AdversarialThroughput, AcceptsAtLeast045AtLoad06) {
  const RunResults r = run_h8(GetParam(), "0.6");
  EXPECT_GE(r.accepted_load, 0.45);
  EXPECT_LE(r.accepted_load, 0.6);
  EXPECT_LE(r.hops_global_avg, 2.0 + 1e-9);  // one nonminimal global hop at most
}

INSTANTIATE_TEST_SUITE_P(Issue5, H8AdversarialThroughput,
                         ::testing::Values(kMechanisms[0], kMechanisms[1], kMechanisms[2],
                                           kMechanisms[3]),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
