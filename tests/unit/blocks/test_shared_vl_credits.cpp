// The InfiniBand port buffer's credit model (sim/blocks/shared_vl_credits.h): a VL first uses its
// guaranteed minimum, then the shared part, never more than its maximum; every VL's published
// credits follow each update.
#include <gtest/gtest.h>

#include "sim/blocks/shared_vl_credits.h"

using netcosim::model::SharedVlBuffer;
using netcosim::model::SharedVlCredits;

namespace {

TEST(SharedVlCredits, MinimumThenSharedPartUpToTheMaximum) {
  // 3 VLs, 100 flits, 10 guaranteed each (70 shared), at most 60 per VL.
  SharedVlCredits c(SharedVlBuffer{3, 100, 10, 60});
  EXPECT_EQ(c.capacity(), 60u);
  for (unsigned v = 0; v < 3; ++v) EXPECT_EQ(c.credits(v), 60u);  // min(60, 10 + 70)
  c.consume(0, 50);  // VL0: 10 of its own + 40 shared; 30 shared left
  EXPECT_EQ(c.free_shared(), 30u);
  EXPECT_EQ(c.credits(0), 10u);  // its maximum: 60 - 50
  EXPECT_EQ(c.credits(1), 40u);  // 10 own + 30 shared
  c.consume(1, 40);              // VL1 takes the rest of the shared part
  EXPECT_EQ(c.free_shared(), 0u);
  EXPECT_EQ(c.credits(0), 0u);   // nothing of its own left, nothing shared
  EXPECT_EQ(c.credits(2), 10u);  // its guaranteed minimum stays
  EXPECT_EQ(c.occupancy(2), 50u);
  c.give_back(0, 25);  // VL0 down to 25: 15 over its minimum, 25 shared free again
  EXPECT_EQ(c.free_shared(), 25u);
  EXPECT_EQ(c.credits(0), 25u);  // min(60 - 25, 0 + 25)
  EXPECT_EQ(c.credits(1), 20u);  // its maximum: 60 - 40
  EXPECT_EQ(c.credits(2), 35u);
}

TEST(SharedVlCredits, AStaticPartitionIsTheSpecialCaseMinEqualsMax) {
  SharedVlCredits c(SharedVlBuffer{2, 64, 32, 32});
  c.consume(0, 32);
  EXPECT_EQ(c.credits(0), 0u);
  EXPECT_EQ(c.credits(1), 32u);
  EXPECT_EQ(SharedVlCredits::vc_limit_phits(SharedVlBuffer{2, 64, 32, 32}), 32u);
}

// The RTL parameters of a buffer (rtl/shared_vl_credits.sv, TOTAL < 2^W): W is the fewest bits
// that hold TOTAL, so a power of two takes one bit more than the count below it.
TEST(SharedVlCredits, RtlParametersHoldTotalInW) {
  using netcosim::model::shared_vl_rtl_params;
  EXPECT_EQ(shared_vl_rtl_params(SharedVlBuffer{3, 255, 8, 255}).w, 8u);
  EXPECT_EQ(shared_vl_rtl_params(SharedVlBuffer{3, 256, 8, 256}).w, 9u);
  EXPECT_EQ(shared_vl_rtl_params(SharedVlBuffer{4, 7168, 4, 7168}).text(),
            "VLS=4,W=13,TOTAL=7168,VL_MIN=4,VL_MAX=7168");
  EXPECT_EQ(shared_vl_rtl_params(SharedVlBuffer{3, 24, 2, 12}).text(),
            "VLS=3,W=5,TOTAL=24,VL_MIN=2,VL_MAX=12");  // the catalog's v3t24
}

}  // namespace
