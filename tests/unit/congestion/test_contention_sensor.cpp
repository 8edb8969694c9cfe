// ContentionSensor (sim/congestion/contention_sensor.h): seed 001 Sec. III-A (a counter per output
// counts the heads whose minimal output it is; +1 when the header reaches the head of an input
// buffer, -1 when its tail has left), Sec. III-B and thesis 000 Eq. 4.1 (the filtered counter),
// with the registered update of rtl/contention_counters.sv (events of cycle t visible at t+1).
#include <gtest/gtest.h>

#include <vector>

#include "sim/congestion/contention_sensor.h"

namespace netcosim {
namespace {

SensorNeeds contention_needs(bool filtered = false, uint32_t alpha_256 = 0) {
  SensorNeeds n;
  n.contention = true;
  n.filtered = filtered;
  n.filter_alpha_256 = alpha_256;
  return n;
}

TEST(ContentionSensor, BuiltOnlyWhenTheRoutingAsksForIt) {
  EXPECT_FALSE(ContentionSensor(SensorNeeds{}, 8).enabled());
  EXPECT_TRUE(ContentionSensor(contention_needs(), 8).enabled());
}

TEST(ContentionSensor, CountsUpOnArrivedHeadAtTheNextCycle) {
  ContentionSensor s(contention_needs(), 8);
  s.head_arrived(3);
  s.head_arrived(3);
  s.head_arrived(5);
  EXPECT_EQ(s.counters().count(3), 0u);  // registered: visible after the clock edge
  s.end_cycle();
  EXPECT_EQ(s.counters().count(3), 2u);
  EXPECT_EQ(s.counters().count(5), 1u);
  EXPECT_EQ(s.counters().count(4), 0u);
}

TEST(ContentionSensor, CountsDownExactlyWhenTheTailLeaves) {
  ContentionSensor s(contention_needs(), 8);
  s.head_arrived(3);
  s.end_cycle();
  s.head_granted(/*in_port=*/2, /*min_out=*/3, /*tail_at=*/10);
  EXPECT_TRUE(s.pending());
  EXPECT_EQ(s.tails_left(9), 0u);  // the tail is still in the input buffer
  s.end_cycle();
  EXPECT_EQ(s.counters().count(3), 1u);
  EXPECT_EQ(s.tails_left(10), uint64_t{1} << 2);
  EXPECT_EQ(s.counters().count(3), 1u);  // the decrement is visible after the clock edge
  s.end_cycle();
  EXPECT_EQ(s.counters().count(3), 0u);
  EXPECT_FALSE(s.pending());
  EXPECT_EQ(s.tails_left(11), 0u);  // a tail is uncounted once
}

TEST(ContentionSensor, DecrementsTheMinimalOutputOfTheGrantedHeadPerInputPort) {
  ContentionSensor s(contention_needs(), 8);
  s.head_arrived(1);
  s.head_arrived(6);
  s.end_cycle();
  s.head_granted(0, 1, 4);
  s.head_granted(7, 6, 6);
  EXPECT_EQ(s.tails_left(5), uint64_t{1} << 0);
  s.end_cycle();
  EXPECT_EQ(s.counters().count(1), 0u);
  EXPECT_EQ(s.counters().count(6), 1u);
  EXPECT_EQ(s.tails_left(6), uint64_t{1} << 7);
  s.end_cycle();
  EXPECT_EQ(s.counters().count(6), 0u);
}

TEST(ContentionSensor, FilteredCounterFollowsEquation41WithAlphaHalf) {
  // f_t = (alpha * f_{t-1} + (1 - alpha) * 256 * count_t) / 256 with alpha = 128/256, truncated.
  ContentionSensor s(contention_needs(true, 128), 4);
  s.head_arrived(2);
  s.end_cycle();  // count 1: f = (0 + 128 * 256) >> 8 = 128
  EXPECT_EQ(s.counters().filtered_256(2), 128u);
  s.end_cycle();  // f = (128 * 128 + 128 * 256) >> 8 = 192
  EXPECT_EQ(s.counters().filtered_256(2), 192u);
  s.head_granted(0, 2, 2);
  EXPECT_EQ(s.tails_left(2), 1u);
  s.end_cycle();  // count 0: f = (128 * 192) >> 8 = 96
  EXPECT_EQ(s.counters().count(2), 0u);
  EXPECT_EQ(s.counters().filtered_256(2), 96u);
  EXPECT_TRUE(s.pending());  // the filtered value still decays without events
}

TEST(ContentionSensor, UnfilteredSensorKeepsNoFilteredValue) {
  ContentionSensor s(contention_needs(false, 128), 4);
  s.head_arrived(2);
  s.end_cycle();
  EXPECT_EQ(s.counters().filtered_256(2), 0u);
  EXPECT_FALSE(s.pending());
}

// head_until_tail (RouterConfig::count_until_tail): input port 2 was granted A (minimal output 3,
// VC 0) whose tail arrives at 9; the port starts B (minimal output 5, VC 1) at 5, before that:
// A's pending tail moves to the late list and both stay counted until their own tails are in.
TEST(ContentionSensor, LateTailStaysCountedBesideTheNextTransferOfItsPort) {
  ContentionSensor s(contention_needs(), 8);
  s.reserve_late(4);
  s.head_arrived(3);
  s.head_arrived(5);
  s.end_cycle();
  s.head_granted(/*in_port=*/2, /*min_out=*/3, /*tail_at=*/9);
  EXPECT_EQ(s.tails_left(5), 0u);
  EXPECT_TRUE(s.defer_tail(2, /*vc=*/0, /*tag=*/7));
  EXPECT_FALSE(s.defer_tail(2, 0, 7));  // nothing pending on the port any more
  s.head_granted(2, 5, 9);
  EXPECT_EQ(s.late_tails(), 1u);
  s.end_cycle();
  std::vector<uint32_t> seen;
  for (Cycle t = 6; t < 9; ++t) {
    EXPECT_EQ(s.tails_left(t), 0u);
    s.late_tails_left(t, [&](uint32_t, uint32_t, uint32_t) { seen.push_back(0); });
    s.end_cycle();
    EXPECT_EQ(s.counters().count(3), 1u) << t;
    EXPECT_EQ(s.counters().count(5), 1u) << t;
  }
  EXPECT_TRUE(seen.empty());
  EXPECT_EQ(s.tails_left(9), uint64_t{1} << 2);  // B's tail (port 2's current transfer)
  s.late_tails_left(9, [&](uint32_t port, uint32_t vc, uint32_t tag) {
    seen.insert(seen.end(), {port, vc, tag});
  });
  EXPECT_EQ(seen, (std::vector<uint32_t>{2, 0, 7}));  // A's, with the VC it left and its tag
  EXPECT_EQ(s.late_tails(), 0u);
  EXPECT_EQ(s.counters().count(3), 1u);  // the decrements are this cycle's events
  s.end_cycle();
  EXPECT_EQ(s.counters().count(3), 0u);
  EXPECT_EQ(s.counters().count(5), 0u);
  EXPECT_FALSE(s.pending());
}

}  // namespace
}  // namespace netcosim
