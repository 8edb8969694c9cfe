// The Simple Bandwidth Table block model (sim/blocks/sbt_scheduler.h) on hand traces: Algorithm 2
// of thesis 003 (Sec. 4.3.2), the reset when every SL weight is <= 0, the work-conserving
// exception, the weight an idle SL keeps, and the per-switch table of Table 4.2.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sim/blocks/sbt_scheduler.h"

namespace netcosim::model {
namespace {

std::string run(SbtScheduler& s, uint32_t active, int n) {
  std::string out;
  for (int k = 0; k < n; ++k) {
    const uint32_t g = s.select(active, nullptr);
    if (g == SbtScheduler::kNoGrant) return out + "-";
    out += static_cast<char>('0' + g);
    s.accept(g);
  }
  return out;
}

// Weights 2 and 3, both SLs busy: the walk starts at the last selected VL, so each SL uses its
// whole weight in one burst; when both are at 0 the weights are restored, and VL1, the last
// selected, goes on: 00 111 | 111 00 | 00 111 ...
TEST(SbtScheduler, ResetWhenEveryWeightIsDryAndBurstsFromTheLastVl) {
  SbtTable t({2, 3}, 1);
  SbtScheduler s(&t, 0, {0, 1});
  EXPECT_EQ(run(s, 0b11, 5), "00111");
  EXPECT_EQ(t.remaining(0, 0), 2u);  // restored by the charge that emptied the table
  EXPECT_EQ(t.remaining(1, 0), 3u);
  EXPECT_EQ(run(s, 0b11, 10), "1110000111");
  EXPECT_EQ(s.last_vl(), 1u);
}

// Work-conserving exception: SL0 alone is active; after its 2 packets its weight is 0 but it is
// served anyway, uncharged; SL1 keeps its 3 (no reset while an SL has weight left). When SL1
// becomes active it is served (charged) first, then the table resets.
TEST(SbtScheduler, WorkConservingExceptionServesADrySlWithoutCharging) {
  SbtTable t({2, 3}, 1);
  SbtScheduler s(&t, 0, {0, 1});
  EXPECT_EQ(run(s, 0b01, 6), "000000");
  EXPECT_EQ(t.remaining(0, 0), 0u);
  EXPECT_EQ(t.remaining(1, 0), 3u);
  EXPECT_EQ(run(s, 0b11, 3), "111");
  EXPECT_EQ(t.remaining(0, 0), 2u);  // reset after SL1's third packet
  EXPECT_EQ(t.remaining(1, 0), 3u);
}

// An SL that becomes inactive keeps its remaining weight (Sec. 4.3.2).
TEST(SbtScheduler, IdleSlKeepsItsRemainingWeight) {
  SbtTable t({4, 4}, 1);
  SbtScheduler s(&t, 0, {0, 1});
  EXPECT_EQ(run(s, 0b01, 1), "0");
  EXPECT_EQ(run(s, 0b10, 2), "11");
  EXPECT_EQ(t.remaining(0, 0), 3u);
  EXPECT_EQ(run(s, 0b11, 5), "11000");  // VL1 from the last selected VL, then SL0's 3
  EXPECT_EQ(t.remaining(0, 0), 4u);     // both dry: restored
}

// Algorithm 2: when every active SL is dry, the VL served is the last dry one its walk met
// (starting at the last selected VL). SL2 (inactive) keeps weight, so no reset.
TEST(SbtScheduler, ExceptionReturnsTheLastDryVlOfTheWalk) {
  SbtTable t({1, 1, 5}, 1);
  SbtScheduler s(&t, 0, {0, 1, 2});
  EXPECT_EQ(run(s, 0b011, 2), "01");  // both charged: 0 left each
  // Walk from VL1: VL1 dry, VL0 dry -> VL0 (the last met); then from VL0: VL0, VL1 -> VL1.
  EXPECT_EQ(run(s, 0b011, 4), "0101");
  EXPECT_EQ(t.remaining(2, 0), 5u);
}

// Several lanes of one SL share its weight (the SL is what is charged).
TEST(SbtScheduler, LanesOfOneSlShareItsWeight) {
  SbtTable t({3, 1}, 1);
  SbtScheduler s(&t, 0, {0, 0, 1});
  EXPECT_EQ(run(s, 0b111, 4), "0002");
}

// Table 4.2: one table per switch, a remaining-weight column per output port; each port's column
// is charged and restored on its own.
TEST(SbtScheduler, PerSwitchTableKeepsOneColumnPerPort) {
  SbtTable t({1, 2}, 2);
  SbtScheduler p0(&t, 0, {0, 1}), p1(&t, 1, {0, 1});
  EXPECT_EQ(run(p0, 0b11, 2), "01");
  EXPECT_EQ(t.remaining(0, 0), 0u);
  EXPECT_EQ(t.remaining(1, 0), 1u);
  EXPECT_EQ(t.remaining(0, 1), 1u);
  EXPECT_EQ(t.remaining(1, 1), 2u);
  EXPECT_EQ(run(p1, 0b10, 2), "11");
  EXPECT_EQ(t.remaining(1, 1), 0u);
  EXPECT_EQ(run(p0, 0b11, 1), "1");  // port 0's column empties and is restored
  EXPECT_EQ(t.remaining(0, 0), 1u);
  EXPECT_EQ(t.remaining(1, 0), 2u);
  EXPECT_EQ(t.remaining(0, 1), 1u);  // port 1's column untouched
  EXPECT_EQ(t.remaining(1, 1), 0u);
}

}  // namespace
}  // namespace netcosim::model
