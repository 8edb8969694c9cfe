// Unit tests of the per-VC credit counter model (sim/blocks/credit_counter.h), hand-computed
// cases. Source of the behaviour: thesis 000 Sec. 1.1 and 1.6.3 (credit-based flow control per
// VC, counted in phits; Virtual Cut-Through sends only when the whole packet fits).
#include <gtest/gtest.h>

#include "sim/blocks/credit_counter.h"

namespace netcosim::model {
namespace {

TEST(CreditCounter, StartsFullAndCanSendWholePacketsOnly) {
  CreditCounter c(2, 32);
  EXPECT_EQ(c.vcs(), 2u);
  EXPECT_EQ(c.capacity(), 32u);
  EXPECT_EQ(c.credits(0), 32u);
  EXPECT_EQ(c.credits(1), 32u);
  EXPECT_TRUE(c.can_send(0, 32));
  EXPECT_FALSE(c.can_send(0, 33));
  c.consume(0, 8);
  c.consume(0, 8);
  c.consume(0, 8);
  EXPECT_EQ(c.credits(0), 8u);
  EXPECT_TRUE(c.can_send(0, 8));
  c.consume(0, 8);
  EXPECT_EQ(c.credits(0), 0u);
  EXPECT_FALSE(c.can_send(0, 8));
  EXPECT_TRUE(c.can_send(0, 0));
  EXPECT_EQ(c.credits(1), 32u);  // the other VC is untouched
  c.give_back(0, 8);
  EXPECT_EQ(c.credits(0), 8u);
}

TEST(CreditCounter, SameCycleConsumeAndReturnOnOneVc) {
  CreditCounter c(2, 32);
  c.consume(1, 20);                                // 12 left
  const auto f = c.cycle(true, 1, 8, true, 1, 4);  // 12 - 8 + 4
  EXPECT_FALSE(f.underflow);
  EXPECT_FALSE(f.overflow);
  EXPECT_EQ(c.credits(1), 8u);
  // Full VC: a consume and a return of the same size in one cycle is exact, no overflow.
  const auto g = c.cycle(true, 0, 8, true, 0, 8);
  EXPECT_FALSE(g.overflow);
  EXPECT_EQ(c.credits(0), 32u);
}

TEST(CreditCounter, ConsumeAndReturnOnDifferentVcs) {
  CreditCounter c(3, 256);
  c.consume(2, 100);  // VC2: 156
  const auto f = c.cycle(true, 0, 8, true, 2, 50);
  EXPECT_FALSE(f.underflow);
  EXPECT_FALSE(f.overflow);
  EXPECT_EQ(c.credits(0), 248u);
  EXPECT_EQ(c.credits(1), 256u);
  EXPECT_EQ(c.credits(2), 206u);
}

TEST(CreditCounter, UnderflowIsFlaggedAndSaturates) {
  CreditCounter c(2, 32);
  c.consume(0, 28);  // 4 left
  const auto f = c.cycle(true, 0, 8, false, 0, 0);
  EXPECT_TRUE(f.underflow);
  EXPECT_FALSE(f.overflow);
  EXPECT_EQ(c.credits(0), 0u);
}

TEST(CreditCounter, UnderflowWithSameCycleReturnIsExact) {
  CreditCounter c(2, 32);
  c.consume(0, 30);                                // 2 left
  const auto f = c.cycle(true, 0, 5, true, 0, 4);  // 2 - 5 + 4 = 1: flagged (2 < 5), then exact
  EXPECT_TRUE(f.underflow);
  EXPECT_FALSE(f.overflow);
  EXPECT_EQ(c.credits(0), 1u);
}

TEST(CreditCounter, OverflowIsFlaggedAndSaturates) {
  CreditCounter c(2, 32);
  c.consume(1, 2);                                  // 30
  const auto f = c.cycle(false, 0, 0, true, 1, 4);  // 34 > 32
  EXPECT_FALSE(f.underflow);
  EXPECT_TRUE(f.overflow);
  EXPECT_EQ(c.credits(1), 32u);
  // A return into a full VC while the other VC consumes: overflow on the returning VC only.
  const auto g = c.cycle(true, 0, 8, true, 1, 1);
  EXPECT_FALSE(g.underflow);
  EXPECT_TRUE(g.overflow);
  EXPECT_EQ(c.credits(0), 24u);
  EXPECT_EQ(c.credits(1), 32u);
}

TEST(CreditCounter, ResetRefillsEveryVc) {
  CreditCounter c(4, 256);
  c.consume(0, 8);
  c.consume(3, 256);
  EXPECT_EQ(c.credits(3), 0u);
  c.reset();
  for (unsigned v = 0; v < 4; ++v) EXPECT_EQ(c.credits(v), 256u);
}

// The sanitizer build (NETCOSIM_SANITIZE, which defines NETCOSIM_CHECKED) keeps assert() on
// (CMakeLists.txt): its unit and network tests run with every assert of the models checked.
#ifdef NETCOSIM_CHECKED
#ifdef NDEBUG
#error "NETCOSIM_CHECKED build with NDEBUG defined: assert() is compiled out (CMakeLists.txt)"
#endif
TEST(CreditCounterDeathTest, ConsumingMoreThanTheCreditsAssertsInTheCheckedBuild) {
  EXPECT_DEATH(
      {
        CreditCounter c(2, 8);
        c.consume(1, 9);
      },
      "f\\.underflow");
}
#endif

}  // namespace
}  // namespace netcosim::model
