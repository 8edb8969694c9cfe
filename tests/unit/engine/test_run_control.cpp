// RunControl (sim/engine/run_control.h): the end-of-run, drain, watchdog and window decisions
// shared by the native and SystemC engines, on hand-fed inputs (docs/model.md "Engines").
#include <gtest/gtest.h>

#include "sim/engine/run_control.h"

using namespace netcosim;

namespace {
// Warm-up 100, measurement 200 (end of measurement: cycle 300), watchdog 50.
RunPlan plan(bool drain) {
  RunPlan p;
  p.warmup = 100;
  p.measure = 200;
  p.drain = drain;
  p.watchdog = 50;
  return p;
}
}  // namespace

TEST(RunPlan, ReadsTheSimKeys) {
  Config c;
  c.set_override("sim.warmup=123");
  c.set_override("sim.measure=456");
  c.set_override("sim.drain=true");
  c.set_override("sim.watchdog=789");
  const RunPlan p = RunPlan::from_config(c);
  EXPECT_EQ(p.warmup, 123u);
  EXPECT_EQ(p.measure, 456u);
  EXPECT_TRUE(p.drain);
  EXPECT_EQ(p.watchdog, 789u);
  EXPECT_EQ(p.end(), 579u);
}

TEST(RunControl, WindowsNeverCrossTheEndOfMeasurement) {
  const RunControl rc(plan(false));
  EXPECT_EQ(rc.window_end(0, 64), 64u);
  EXPECT_EQ(rc.window_end(256, 64), 300u);  // cut at the end of measurement
  EXPECT_EQ(rc.window_end(299, 1), 300u);
  EXPECT_EQ(rc.window_end(300, 64), 364u);  // draining: full windows
}

TEST(RunControl, LimitIsTheEndOfMeasurementWithoutDrainAndNoneWithDrain) {
  EXPECT_EQ(RunControl(plan(false)).limit(), 300u);
  EXPECT_EQ(RunControl(plan(true)).limit(), kNone);
}

TEST(RunControl, WithoutDrainTheRunEndsAtTheEndOfMeasurementWithPacketsInFlight) {
  const RunControl rc(plan(false));
  EXPECT_FALSE(rc.finished(299, 10, 5));
  EXPECT_TRUE(rc.finished(300, 10, 5));
  EXPECT_TRUE(rc.finished(364, 10, 5));
}

TEST(RunControl, WithDrainTheRunEndsWhenEveryGeneratedPacketWasDelivered) {
  const RunControl rc(plan(true));
  EXPECT_FALSE(rc.finished(299, 10, 10));  // measurement not over
  EXPECT_FALSE(rc.finished(300, 10, 9));
  EXPECT_TRUE(rc.finished(300, 10, 10));
  EXPECT_TRUE(rc.finished(1000, 0, 0));
}

TEST(RunControl, StalledAfterWatchdogCyclesWithoutMovementAndPacketsInFlight) {
  const RunControl rc(plan(false));
  // Last movement in cycle 100; cycles 101..149 idle are 49 cycles, 101..150 are 50.
  EXPECT_FALSE(rc.stalled(150, 100, 3));
  EXPECT_TRUE(rc.stalled(151, 100, 3));
  EXPECT_FALSE(rc.stalled(151, 100, 0));  // nothing in flight: idle, not stalled
}

TEST(RunControl, DecideAsksWhetherTheNetworkIsSettledOnlyWhenStalled) {
  const RunControl rc(plan(true));
  int asked = 0;
  const auto settled = [&] {
    ++asked;
    return true;
  };
  const auto not_settled = [&] {
    ++asked;
    return false;
  };
  EXPECT_EQ(rc.decide(140, 10, 7, 100, settled), RunControl::Verdict::Continue);  // 39 idle
  EXPECT_EQ(asked, 0);
  EXPECT_EQ(rc.decide(151, 10, 7, 100, not_settled), RunControl::Verdict::Continue);
  EXPECT_EQ(asked, 1);
  EXPECT_EQ(rc.decide(151, 10, 7, 100, settled), RunControl::Verdict::Deadlock);
  EXPECT_EQ(asked, 2);
  // The end of a drained run comes first, even after a long idle stretch.
  EXPECT_EQ(rc.decide(900, 10, 10, 100, settled), RunControl::Verdict::Finished);
  EXPECT_EQ(asked, 2);
}

TEST(RunControl, FillReportCountsTheIdleCyclesBeforeT) {
  const RunControl rc(plan(false));
  DeadlockReport rep;
  rc.fill_report(rep, 151, 100, 7);
  EXPECT_EQ(rep.idle_cycles, 50u);
  EXPECT_EQ(rep.watchdog, 50u);
  EXPECT_EQ(rep.packets_in_flight, 7u);
}

TEST(RunControl, TotalCyclesIsTheEndOfMeasurementOrTheCycleAfterTheLastEjection) {
  EXPECT_EQ(RunControl(plan(false)).total_cycles(500), 300u);
  EXPECT_EQ(RunControl(plan(true)).total_cycles(450), 451u);
  EXPECT_EQ(RunControl(plan(true)).total_cycles(120), 300u);  // drained before the end
}

TEST(RunControl, NoDeadlockIsReportedBeforeTheWatchdogFires) {
  RunControl rc(plan(false));
  EXPECT_FALSE(rc.deadlock().has_value());
  EXPECT_NO_THROW(rc.rethrow_deadlock());
}
