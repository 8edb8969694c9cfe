// routing.filter_alpha (thesis 000 Eq. 4.1: f_t = alpha*f_{t-1} + (1 - alpha)*count_t;
// docs/model.md 4.3): alpha reaches the routers as round(256*alpha) / 256, and the fixed-point
// filter follows the closed form of the recurrence within its truncation error.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/blocks/contention_counters.h"
#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"
#include "sim/topology/dragonfly.h"

using namespace netcosim;

namespace {

Config filtered(const std::string& alpha) {
  Config c;
  for (const char* s : {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
                        "routing.trigger=filtered"})
    c.set_override(s);
  c.set_override("routing.filter_alpha=" + alpha);
  return c;
}

TEST(FilterAlpha, ConfiguredAlphaReachesTheRouting) {
  const Dragonfly d(2, 4, 2, Arrangement::Palmtree);
  for (const auto& [alpha, a256] :
       {std::pair{"0", 0u}, std::pair{"0.1", 26u}, std::pair{"0.5", 128u}, std::pair{"0.75", 192u},
        std::pair{"0.99", 253u}}) {
    const auto routing = make_routing(filtered(alpha), d);
    const SensorNeeds needs = routing->sensor_needs();
    EXPECT_TRUE(needs.contention && needs.filtered) << alpha;
    EXPECT_EQ(needs.filter_alpha_256, a256) << alpha;  // round(256 * alpha)
  }
}

// A constant count c from f_0 = 0: f_t = c * (1 - alpha^t). Each fixed-point step truncates by
// less than 1/256, and the error of earlier steps decays by alpha per step, so the register lies
// below the closed form by less than sum alpha^k / 256 = 1 / (256 (1 - alpha)), and the
// decay from f back to 0 with count 0 follows f * alpha^t the same way (from above).
TEST(FilterAlpha, FixedPointFollowsTheClosedForm) {
  for (uint32_t a256 : {26u, 128u, 192u, 253u}) {
    const double alpha = a256 / 256.0, tol = 1.0 / (1 - alpha) + 1e-9;  // in 1/256 units
    model::ContentionCounters cc(4, 8);
    for (int i = 0; i < 5; ++i) cc.increment(1);
    cc.update();
    for (int t = 1; t <= 60; ++t) {
      cc.filter(a256);
      const double exact = 256.0 * 5 * (1 - std::pow(alpha, t));
      EXPECT_LE(double(cc.filtered_256(1)), exact + 1e-9) << a256 << " t=" << t;
      EXPECT_GT(double(cc.filtered_256(1)), exact - tol) << a256 << " t=" << t;
    }
    const double f0 = cc.filtered_256(1);
    for (int i = 0; i < 5; ++i) cc.decrement(1);
    cc.update();
    for (int t = 1; t <= 20; ++t) {
      cc.filter(a256);
      const double exact = f0 * std::pow(alpha, t);
      EXPECT_LE(double(cc.filtered_256(1)), exact + 1e-9) << a256 << " decay t=" << t;
      EXPECT_GT(double(cc.filtered_256(1)), exact - tol) << a256 << " decay t=" << t;
    }
  }
}

// With alpha = 0 Eq. 4.1 is the count itself, so the Filtered trigger takes Base's decisions
// (contention trigger, same threshold) in every cycle: identical results. A larger alpha
// averages over past cycles and changes them.
TEST(FilterAlpha, AlphaZeroIsTheContentionTrigger) {
  const auto sets = {std::string("traffic.pattern=adv"), std::string("traffic.load=0.4"),
                     std::string("sim.warmup=1000"), std::string("sim.measure=3000"),
                     std::string("routing.threshold=2")};
  Config base;
  for (const char* s : {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
                        "routing.trigger=contention"})
    base.set_override(s);
  Config zero = filtered("0");
  Config half = filtered("0.9");
  for (Config* c : {&base, &zero, &half})
    for (const auto& s : sets) c->set_override(s);
  const RunResults b = run_native(*build_network(base)), z = run_native(*build_network(zero)),
                   h = run_native(*build_network(half));
  EXPECT_GT(b.misrouted_fraction, 0.1);  // the trigger fires in this scenario
  EXPECT_EQ(z.latency_avg, b.latency_avg);
  EXPECT_EQ(z.misrouted_fraction, b.misrouted_fraction);
  EXPECT_EQ(z.accepted_load, b.accepted_load);
  EXPECT_EQ(z.hops_local_avg, b.hops_local_avg);
  EXPECT_NE(h.misrouted_fraction, b.misrouted_fraction);
}

}  // namespace
