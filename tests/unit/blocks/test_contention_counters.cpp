// Unit tests of the per-output contention counters model (sim/blocks/contention_counters.h),
// hand-computed cases. Source of the behaviour: seed 001 Sec. III and thesis 000 Sec. 4.2.1.1 (one
// counter per output port, incremented by headers at the head of input buffers, decremented when
// tails leave them, compared with a threshold); the registered, saturating update is the block's
// RTL contract (rtl/contention_counters.sv).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "sim/blocks/contention_counters.h"

namespace netcosim::model {
namespace {

TEST(ContentionCounters, StartsAtZeroWithWidthLimit) {
  ContentionCounters c(7, 4);
  EXPECT_EQ(c.outputs(), 7u);
  EXPECT_EQ(c.max_count(), 15u);
  for (unsigned q = 0; q < 7; ++q) EXPECT_EQ(c.count(q), 0u);
  EXPECT_FALSE(c.pending());
  EXPECT_EQ(ContentionCounters(31, 8).max_count(), 255u);
  EXPECT_EQ(ContentionCounters(2, 1).max_count(), 1u);
  EXPECT_EQ(ContentionCounters(2, 16).max_count(), 65535u);
}

TEST(ContentionCounters, EventsAreVisibleOnlyAfterUpdate) {
  ContentionCounters c(4, 4);
  c.increment(1);
  EXPECT_TRUE(c.pending());
  EXPECT_EQ(c.count(1), 0u);  // registered: not yet
  EXPECT_FALSE(c.over(1, 1));
  c.update();
  EXPECT_FALSE(c.pending());
  EXPECT_EQ(c.count(1), 1u);
  EXPECT_TRUE(c.over(1, 1));
  c.decrement(1);
  EXPECT_EQ(c.count(1), 1u);
  EXPECT_TRUE(c.over(1, 1));
  c.update();
  EXPECT_EQ(c.count(1), 0u);
  EXPECT_FALSE(c.over(1, 1));
}

TEST(ContentionCounters, SeveralIncrementsToOneOutputInOneCycle) {
  ContentionCounters c(4, 4);
  c.increment(2);
  c.increment(2);
  c.increment(2);
  c.increment(0);
  c.update();
  EXPECT_EQ(c.count(0), 1u);
  EXPECT_EQ(c.count(1), 0u);
  EXPECT_EQ(c.count(2), 3u);
  EXPECT_EQ(c.count(3), 0u);
  c.increment(2);
  c.increment(2);
  c.update();
  EXPECT_EQ(c.count(2), 5u);
  c.update();  // no events: the counts hold
  EXPECT_EQ(c.count(0), 1u);
  EXPECT_EQ(c.count(2), 5u);
}

TEST(ContentionCounters, IncrementAndDecrementInTheSameCycle) {
  ContentionCounters c(3, 4);
  for (int k = 0; k < 3; ++k) c.increment(1);
  c.update();  // output 1: 3
  c.increment(1);
  c.decrement(1);
  c.decrement(1);
  c.update();  // 3 + 1 - 2
  EXPECT_EQ(c.count(1), 2u);
  c.increment(1);
  c.decrement(1);
  c.update();  // 2 + 1 - 1
  EXPECT_EQ(c.count(1), 2u);
  // At 0 the net change is applied before clamping: a decrement and an increment in one cycle
  // leave 0 (not 1, as clamping the decrement first would give), whatever the call order.
  c.decrement(0);
  c.increment(0);
  c.update();
  EXPECT_EQ(c.count(0), 0u);
  // A decrement of one output and an increment of another in one cycle.
  c.increment(2);
  c.decrement(1);
  c.update();
  EXPECT_EQ(c.count(1), 1u);
  EXPECT_EQ(c.count(2), 1u);
}

TEST(ContentionCounters, SaturatesAtTheMaximum) {
  ContentionCounters c(2, 3);  // max 7
  for (int k = 0; k < 10; ++k) c.increment(0);
  c.update();
  EXPECT_EQ(c.count(0), 7u);  // 10 clamped, no wrap to 2
  c.increment(0);
  c.update();
  EXPECT_EQ(c.count(0), 7u);
  c.increment(0);
  c.increment(0);
  c.decrement(0);
  c.update();  // clamp(7 + 2 - 1) = 7, not 6
  EXPECT_EQ(c.count(0), 7u);
  c.decrement(0);
  c.decrement(0);
  c.decrement(0);
  c.update();
  EXPECT_EQ(c.count(0), 4u);
  for (int k = 0; k < 5; ++k) c.increment(1);
  c.decrement(1);
  c.update();  // 0 + 5 - 1
  EXPECT_EQ(c.count(1), 4u);
}

TEST(ContentionCounters, SaturatesAtZero) {
  ContentionCounters c(2, 3);
  c.increment(1);
  c.update();  // 1
  c.decrement(1);
  c.decrement(1);
  c.decrement(1);
  c.update();  // clamp(1 - 3) = 0, no wrap to 6
  EXPECT_EQ(c.count(1), 0u);
  c.decrement(1);
  c.update();
  EXPECT_EQ(c.count(1), 0u);
  for (int k = 0; k < 4; ++k) c.increment(1);
  c.update();  // 4
  c.increment(1);
  c.increment(1);
  for (int k = 0; k < 5; ++k) c.decrement(1);
  c.update();  // 4 + 2 - 5
  EXPECT_EQ(c.count(1), 1u);
  for (int k = 0; k < 3; ++k) c.increment(1);
  for (int k = 0; k < 6; ++k) c.decrement(1);
  c.update();  // clamp(1 + 3 - 6) = 0
  EXPECT_EQ(c.count(1), 0u);
}

TEST(ContentionCounters, OverIsGreaterOrEqualToTheThreshold) {
  ContentionCounters c(3, 4);
  for (int k = 0; k < 6; ++k) c.increment(0);
  for (int k = 0; k < 5; ++k) c.increment(1);
  c.update();                 // 6, 5, 0
  EXPECT_TRUE(c.over(0, 6));  // equal: over
  EXPECT_FALSE(c.over(1, 6));
  EXPECT_FALSE(c.over(2, 6));
  EXPECT_TRUE(c.over(0, 5));
  EXPECT_TRUE(c.over(1, 5));
  EXPECT_FALSE(c.over(0, 7));
  EXPECT_TRUE(c.over(2, 0));  // threshold 0: every counter, even at 0
  for (int k = 0; k < 20; ++k) c.increment(0);
  c.update();  // saturated at 15
  EXPECT_TRUE(c.over(0, 15));
  EXPECT_EQ(c.count(0), 15u);
}

TEST(ContentionCounters, ResetClearsCountsAndPendingEvents) {
  ContentionCounters c(3, 4);
  c.increment(0);
  c.increment(2);
  c.update();
  c.increment(0);
  c.decrement(2);
  c.reset();
  EXPECT_FALSE(c.pending());
  EXPECT_EQ(c.count(0), 0u);
  EXPECT_EQ(c.count(2), 0u);
  c.update();  // the events before the reset are gone
  EXPECT_EQ(c.count(0), 0u);
  EXPECT_EQ(c.count(2), 0u);
  EXPECT_EQ(c.outputs(), 3u);
  EXPECT_EQ(c.max_count(), 15u);
}

// cycle(): the RTL's slot form. A hand-computed cycle, then equality with increment/decrement +
// update() over a long pseudo-random sequence.
TEST(ContentionCounters, CycleSlotsHandComputed) {
  ContentionCounters c(7, 4);
  const bool iv[4] = {true, true, false, true};
  const uint8_t ip[4] = {3, 3, 5, 7};  // slot 2 invalid; port 7 >= 7 names no counter
  const bool dv[4] = {false, true, false, false};
  const uint8_t dp[4] = {3, 6, 3, 3};  // only slot 1 valid: output 6 (at 0, stays 0)
  c.cycle(iv, ip, dv, dp, 4);
  EXPECT_FALSE(c.pending());
  EXPECT_EQ(c.count(3), 2u);
  EXPECT_EQ(c.count(5), 0u);
  EXPECT_EQ(c.count(6), 0u);
  for (unsigned q : {0u, 1u, 2u, 4u}) EXPECT_EQ(c.count(q), 0u);
  const bool iv2[4] = {true, false, false, false};
  const uint8_t ip2[4] = {3, 0, 0, 0};
  const bool dv2[4] = {true, true, true, false};
  const uint8_t dp2[4] = {3, 3, 6, 0};
  c.cycle(iv2, ip2, dv2, dp2, 4);  // output 3: 2 + 1 - 2; output 6: clamp(0 - 1)
  EXPECT_EQ(c.count(3), 1u);
  EXPECT_EQ(c.count(6), 0u);
}

TEST(ContentionCounters, CycleEqualsIncrementDecrementAndUpdate) {
  constexpr unsigned kQ = 31, kN = 62;
  ContentionCounters a(kQ, 5), b(kQ, 5);
  uint64_t s = 12345;
  auto rnd = [&s](uint32_t n) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint32_t>((s >> 33) % n);
  };
  int64_t ref[kQ] = {};  // independent reference: clamp(count + #inc - #dec, 0, 31)
  int at_max = 0, at_zero = 0;
  for (int cyc = 0; cyc < 5000; ++cyc) {
    bool iv[kN], dv[kN];
    uint8_t ip[kN], dp[kN];
    const uint32_t pi = rnd(5), pd = rnd(5);  // densities 0..4 in 4
    for (unsigned k = 0; k < kN; ++k) {
      iv[k] = rnd(4) < pi;
      dv[k] = rnd(4) < pd;
      ip[k] = static_cast<uint8_t>(rnd(2) ? rnd(4) : rnd(32));  // often 0..3; 31 names none
      dp[k] = static_cast<uint8_t>(rnd(2) ? rnd(4) : rnd(32));
    }
    a.cycle(iv, ip, dv, dp, kN);
    for (unsigned k = 0; k < kN; ++k) {
      if (iv[k] && ip[k] < kQ) b.increment(ip[k]);
      if (dv[k] && dp[k] < kQ) b.decrement(dp[k]);
    }
    b.update();
    for (unsigned k = 0; k < kN; ++k) {
      if (iv[k] && ip[k] < kQ) ++ref[ip[k]];
      if (dv[k] && dp[k] < kQ) --ref[dp[k]];
    }
    for (unsigned q = 0; q < kQ; ++q) {
      ref[q] = ref[q] < 0 ? 0 : (ref[q] > 31 ? 31 : ref[q]);
      ASSERT_EQ(a.count(q), b.count(q)) << "cycle " << cyc;
      ASSERT_EQ(a.count(q), static_cast<uint32_t>(ref[q])) << "cycle " << cyc;
    }
    for (unsigned q = 0; q < 4; ++q) {
      at_max += a.count(q) == a.max_count();
      at_zero += a.count(q) == 0;
    }
  }
  // The sequence went through both saturation limits of the busy outputs 0..3.
  EXPECT_GT(at_max, 100);
  EXPECT_GT(at_zero, 100);
}

}  // namespace
}  // namespace netcosim::model
