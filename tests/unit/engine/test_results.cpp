// Result collection (sim/engine/results.h): the figures of a hand-filled statistics sink and the
// fairness of hand-chosen per-node loads, exact (thesis 000 Sec. 1.5.1 for the fairness metrics).
#include <gtest/gtest.h>

#include <cmath>

#include "sim/engine/results.h"

using namespace netcosim;

TEST(Fairness, OfTwoNodesAtHalfAndQuarterLoad) {
  const Fairness f = fairness_of({0.5, 0.25});
  EXPECT_EQ(f.min_load, 0.25);
  EXPECT_EQ(f.max_load, 0.5);
  EXPECT_EQ(f.max_min_ratio, 2.0);
  // mean 0.375, mean of squares 0.15625: standard deviation sqrt(0.015625) = 0.125.
  EXPECT_DOUBLE_EQ(f.cov, 0.125 / 0.375);
  // Jain: 0.75^2 / (2 * 0.3125) = 0.9.
  EXPECT_DOUBLE_EQ(f.jain, 0.9);
  EXPECT_DOUBLE_EQ(f.min_avg_ratio, 0.25 / 0.375);
}

// Per router: the mean load of its nodes; a router without nodes is left out. Routers 0 (nodes
// 0, 1: 0.5, 0.3), 1 (none), 2 (node 2: 0.1), 3 (nodes 3, 4: 0.2, 0.2).
TEST(Fairness, PerRouterIsTheMeanOfItsNodesLoads) {
  const std::vector<double> loads = router_loads({0.5, 0.3, 0.1, 0.2, 0.2}, {0, 0, 2, 3, 3}, 4);
  ASSERT_EQ(loads.size(), 3u);
  EXPECT_DOUBLE_EQ(loads[0], 0.4);
  EXPECT_DOUBLE_EQ(loads[1], 0.1);
  EXPECT_DOUBLE_EQ(loads[2], 0.2);
  const Fairness f = fairness_of(loads);
  EXPECT_DOUBLE_EQ(f.min_load, 0.1);
  EXPECT_DOUBLE_EQ(f.max_min_ratio, 4.0);
  // mean 0.7/3, variance (0.16 + 0.01 + 0.04)/3 - (0.7/3)^2 = 0.07 - 0.0544... = 0.0155...
  const double mean = 0.7 / 3, sd = std::sqrt(0.21 / 3 - mean * mean);
  EXPECT_DOUBLE_EQ(f.cov, sd / mean);
  EXPECT_DOUBLE_EQ(f.min_avg_ratio, 0.1 / mean);
  EXPECT_DOUBLE_EQ(f.jain, 0.49 / (3 * 0.21));
}

TEST(Fairness, AnIdleNodeMakesTheMaxMinRatioUndefined) {
  const Fairness f = fairness_of({0.0, 0.5});
  EXPECT_TRUE(std::isnan(f.max_min_ratio));
  EXPECT_EQ(f.jain, 0.5);  // 0.25 / (2 * 0.25)
  EXPECT_EQ(f.min_avg_ratio, 0.0);
}

TEST(CollectResults, AveragesOverTheMeasuredPacketsAndLoadOverNodesAndCycles) {
  RunPlan plan;
  plan.warmup = 100;
  plan.measure = 200;
  StatsSink s;
  s.init(plan.warmup, plan.end(), 8);
  s.window_packets = 4;
  s.window_phits = 32;
  s.latency_sum = 250;
  s.hops_sum = 10;
  s.misrouted = 1;
  s.generated = 9;
  s.delivered = 7;
  const RunResults r = collect_results(s, plan, 2, 300);
  EXPECT_EQ(r.nodes, 2u);
  EXPECT_EQ(r.accepted_load, 32.0 / (2 * 200));
  EXPECT_EQ(r.latency_avg, 62.5);
  EXPECT_EQ(r.hops_avg, 2.5);
  EXPECT_EQ(r.misrouted_fraction, 0.25);
  EXPECT_EQ(r.packets_in_flight, 2u);
  EXPECT_EQ(r.cycles_total, 300u);
  EXPECT_FALSE(r.conservation_ok);
}

TEST(CollectResults, NoMeasuredPacketGivesUndefinedAverages) {
  RunPlan plan;
  plan.measure = 10;
  StatsSink s;
  s.init(0, 10, 8);
  const RunResults r = collect_results(s, plan, 1, 10);
  EXPECT_TRUE(std::isnan(r.latency_avg));
  EXPECT_EQ(r.latency_p50, 0u);
  EXPECT_TRUE(r.conservation_ok);  // nothing generated, nothing delivered
}
