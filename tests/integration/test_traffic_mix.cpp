// Mixed and transient traffic (seed 001 Fig. 6-9; thesis Fig. 4.7-4.10) and the time series.
#include <gtest/gtest.h>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"

using namespace netcosim;

namespace {

RunResults run(std::initializer_list<std::string> sets) {
  Config c;
  for (const auto& s : sets) c.set_override(s);
  return run_native(*build_network(c));
}

// At low load latency is (nearly) the zero-load latency of each packet's path, so a per-packet mix
// of two patterns has the mixed average latency (linearity of expectation).
TEST(TrafficMix, LowLoadLatencyIsTheMixture) {
  const auto base = {std::string("traffic.load=0.02"), std::string("sim.warmup=2000"),
                     std::string("sim.measure=40000")};
  Config u, a, m;
  for (Config* c : {&u, &a, &m})
    for (const auto& s : base) c->set_override(s);
  a.set_override("traffic.pattern=adv");
  m.set_override("traffic.pattern2=adv");
  m.set_override("traffic.mix=0.25");
  const double lu = run_native(*build_network(u)).latency_avg,
               la = run_native(*build_network(a)).latency_avg;
  const double lm = run_native(*build_network(m)).latency_avg;
  const double expect = 0.75 * lu + 0.25 * la;
  EXPECT_NEAR(lm, expect, 0.02 * expect) << "uniform " << lu << " adv " << la;
  EXPECT_GT(la, lu);  // ADV+1 always crosses a global link
}

// A transient uniform -> ADV+1 with OLM/contention: no misrouting before the switch, mostly
// misrouted after it; the time series covers the whole run in bins.
TEST(TrafficMix, TransientTimeSeries) {
  const RunResults r =
      run({"topology.p=4", "topology.a=8", "topology.h=4", "routing.algorithm=olm",
           "router.vcs_local=3", "router.vcs_global=2", "routing.trigger=contention",
           "traffic.load=0.2", "traffic.pattern2=adv", "traffic.switch_cycle=4000",
           "sim.warmup=2000", "sim.measure=4000", "sim.timeseries_bin=100", "sim.drain=true"});
  ASSERT_EQ(r.ts_bin, 100u);
  ASSERT_EQ(r.ts_start.size(), 60u);
  EXPECT_EQ(r.ts_start[40], 4000u);
  double before = 0, after = 0, lat_before = 0, lat_after = 0;
  for (size_t i = 20; i < 40; ++i) before += r.ts_misrouted[i], lat_before += r.ts_latency[i];
  for (size_t i = 42; i < 60; ++i) after += r.ts_misrouted[i], lat_after += r.ts_latency[i];
  EXPECT_LT(before / 20, 0.02);
  EXPECT_GT(after / 18, 0.6);
  EXPECT_GT(lat_after / 18, lat_before / 20);
  // Accepted load per bin tracks the offered 0.2 in steady state (before the switch).
  for (size_t i = 25; i < 40; ++i) EXPECT_NEAR(r.ts_accepted[i], 0.2, 0.05) << i;
  uint64_t n = 0;
  for (auto p : r.ts_packets) n += p;
  EXPECT_EQ(n, r.packets_delivered);  // drained: every packet generated in [0, 6000) counted
}

TEST(TrafficMix, ConfigurationErrors) {
  Config c;
  c.set_override("traffic.mix=0.5");
  EXPECT_THROW(validate_config(c), ConfigError);  // no pattern2
  Config d;
  d.set_override("traffic.pattern2=adv");
  EXPECT_THROW(validate_config(d), ConfigError);  // neither mix nor switch
  d.set_override("traffic.mix=0.5");
  EXPECT_NO_THROW(validate_config(d));
  d.set_override("traffic.switch_cycle=100");
  EXPECT_THROW(validate_config(d), ConfigError);  // both
  Config e;
  e.set_override("traffic.adv_offset=2");  // pattern is uniform
  EXPECT_THROW(validate_config(e), ConfigError);
}

}  // namespace
