// Every routing algorithm on the smallest Dragonfly, past saturation, drained on 2 threads: every
// generated packet is delivered exactly once. Small enough for the sanitizer build, which thereby
// covers the router, the engine's threads and every routing mechanism.
#include <gtest/gtest.h>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"

using namespace netcosim;

namespace {

struct Case {
  const char* name;
  std::vector<std::string> sets;
};

class Conservation : public ::testing::TestWithParam<Case> {};

TEST_P(Conservation, DrainedExactlyOnce) {
  for (const char* pattern : {"uniform", "adv"}) {
    Config c;
    for (const char* s : {"traffic.load=0.9", "sim.warmup=500", "sim.measure=1500",
                          "sim.drain=true", "sim.watchdog=3000"})
      c.set_override(s);
    c.set_override(std::string("traffic.pattern=") + pattern);
    for (const auto& s : GetParam().sets) c.set_override(s);
    const RunResults r = run_native(*build_network(c), nullptr, 2);
    EXPECT_TRUE(r.conservation_ok) << GetParam().name << " " << pattern;
    EXPECT_EQ(r.packets_in_flight, 0u);
    EXPECT_GT(r.packets_delivered, 500u);
  }
}

const std::vector<std::string> kOlm = {"routing.algorithm=olm", "router.vcs_local=3",
                                       "router.vcs_global=2"};
std::vector<std::string> olm(const char* trig) {
  auto v = kOlm;
  v.push_back(std::string("routing.trigger=") + trig);
  return v;
}

INSTANTIATE_TEST_SUITE_P(
    AllRoutings, Conservation,
    ::testing::Values(
        Case{"min", {}},
        Case{"val", {"routing.algorithm=val", "router.vcs_local=4", "router.vcs_global=2"}},
        Case{"ugal", {"routing.algorithm=ugal", "router.vcs_local=4", "router.vcs_global=2"}},
        Case{"pb",
             {"routing.algorithm=pb", "router.vcs_local=4", "router.vcs_global=2",
              "routing.recompute_valiant=true"}},
        Case{"par", {"routing.algorithm=par", "router.vcs_local=5", "router.vcs_global=2"}},
        Case{"olm_credit", olm("credit")}, Case{"olm_contention", olm("contention")},
        Case{"olm_filtered", olm("filtered")}, Case{"olm_hybrid", olm("hybrid")},
        Case{"olm_ectn", olm("ectn")}),
    [](const testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

}  // namespace
