// Result collection (sim/engine/results.h): the figures of a hand-filled statistics sink and the
// fairness of hand-chosen per-node loads, exact (thesis 000 Sec. 1.5.1 for the fairness metrics).
#include <gtest/gtest.h>

#include <cmath>

#include "sim/engine/results.h"

using namespace netcosim;

TEST(Fairness, OfTwoNodesAtHalfAndQuarterLoad) {
  const Fairness f = fairness_of({0.5, 0.25});
  EXPECT_EQ(f.min_node_load, 0.25);
  EXPECT_EQ(f.max_node_load, 0.5);
  EXPECT_EQ(f.max_min_ratio, 2.0);
  // mean 0.375, mean of squares 0.15625: standard deviation sqrt(0.015625) = 0.125.
  EXPECT_DOUBLE_EQ(f.cov, 0.125 / 0.375);
  // Jain: 0.75^2 / (2 * 0.3125) = 0.9.
  EXPECT_DOUBLE_EQ(f.jain, 0.9);
}

TEST(Fairness, AnIdleNodeMakesTheMaxMinRatioUndefined) {
  const Fairness f = fairness_of({0.0, 0.5});
  EXPECT_TRUE(std::isnan(f.max_min_ratio));
  EXPECT_EQ(f.jain, 0.5);  // 0.25 / (2 * 0.25)
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
