// routing.filter_alpha (thesis 000 Eq. 4.1: f_t = alpha*f_{t-1} + (1 - alpha)*count_t;
// docs/model.md 4.3): alpha reaches the routers as round(256*alpha) / 256, and the fixed-point
// filter follows the closed form of the recurrence within its truncation error.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/blocks/contention_counters.h"
#include "sim/routing/routing.h"
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

}  // namespace
