// Filtered contention counters (thesis 000 Eq. 4.1) in 8-bit fixed point: exact values.
#include <gtest/gtest.h>

#include "sim/blocks/contention_counters.h"

using netcosim::model::ContentionCounters;

TEST(ContentionFilter, ExponentialAverageInFixedPoint) {
  ContentionCounters cc(4, 8);
  for (int i = 0; i < 8; ++i) cc.increment(2);
  cc.update();
  ASSERT_EQ(cc.count(2), 8u);
  // alpha = 0.5 (128/256): f = (128 f + 128 * 8 * 256) >> 8.
  const uint32_t expect_rise[] = {1024, 1536, 1792, 1920};
  for (uint32_t e : expect_rise) {
    cc.filter(128);
    EXPECT_EQ(cc.filtered_256(2), e);
  }
  EXPECT_TRUE(cc.filtered_over(2, 7));   // 7.5 >= 7
  EXPECT_FALSE(cc.filtered_over(2, 8));  // 7.5 < 8
  EXPECT_EQ(cc.filtered_256(0), 0u);
  for (int i = 0; i < 8; ++i) cc.decrement(2);
  cc.update();
  // Decay with a zero count: halves (truncated) until 0, then the filter is no longer live.
  uint32_t f = 1920;
  while (f != 0) {
    cc.filter(128);
    f = (128 * f) >> 8;
    EXPECT_EQ(cc.filtered_256(2), f);
  }
  EXPECT_FALSE(cc.filter_live());
}

TEST(ContentionFilter, AlphaZeroFollowsTheCount) {
  ContentionCounters cc(2, 4);
  cc.increment(1);
  cc.increment(1);
  cc.increment(1);
  cc.update();
  cc.filter(0);
  EXPECT_EQ(cc.filtered_256(1), 3u * 256u);
  EXPECT_TRUE(cc.filtered_over(1, 3));
}
