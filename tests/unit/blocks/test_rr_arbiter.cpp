// Unit tests of the round-robin arbiter model (sim/blocks/rr_arbiter.h), hand-computed cases.
// Source of the behaviour: thesis 000 Sec. 1.1 and Sec. 1.6.3 (the first port served is the one
// after the last port granted; the priority rotates only on a grant).
#include <gtest/gtest.h>

#include "sim/blocks/rr_arbiter.h"

namespace netcosim::model {
namespace {

TEST(RoundRobinArbiter, FourInputSequencePointerMovesOnlyOnUpdate) {
  RoundRobinArbiter a(4);
  EXPECT_EQ(a.size(), 4u);
  EXPECT_EQ(a.pointer(), 0u);
  EXPECT_EQ(a.arbitrate(0b1010), 1);  // first requester at or after 0
  EXPECT_EQ(a.arbitrate(0b1010), 1);  // arbitrate() is combinational: no state change
  EXPECT_EQ(a.pointer(), 0u);
  a.update(1);
  EXPECT_EQ(a.pointer(), 2u);
  EXPECT_EQ(a.arbitrate(0b1010), 3);
  a.update(3);
  EXPECT_EQ(a.pointer(), 0u);  // (3 + 1) mod 4
  EXPECT_EQ(a.arbitrate(0b1010), 1);
  EXPECT_EQ(a.arbitrate(0b0001), 0);
}

TEST(RoundRobinArbiter, WrapsAroundFromThePointer) {
  RoundRobinArbiter a(4);
  a.update(2);  // pointer 3
  EXPECT_EQ(a.pointer(), 3u);
  EXPECT_EQ(a.arbitrate(0b0011), 0);  // nothing at or above 3: wraps to the lowest
  EXPECT_EQ(a.arbitrate(0b1011), 3);
}

TEST(RoundRobinArbiter, AllRequestingIsServedInTurn) {
  RoundRobinArbiter a(4);
  const int expected[] = {0, 1, 2, 3, 0, 1};
  for (int e : expected) {
    const int g = a.arbitrate(0b1111);
    EXPECT_EQ(g, e);
    a.update(static_cast<unsigned>(g));
  }
}

TEST(RoundRobinArbiter, EmptyRequestAndBitsAboveSizeGiveNoGrant) {
  RoundRobinArbiter a(4);
  EXPECT_EQ(a.arbitrate(0), -1);
  EXPECT_EQ(a.arbitrate(0b110000), -1);  // bits 4 and 5 are not inputs of a 4-input arbiter
  EXPECT_EQ(a.arbitrate(0b110100), 2);
}

TEST(RoundRobinArbiter, ResetReturnsThePointerToZero) {
  RoundRobinArbiter a(7);
  a.update(4);
  EXPECT_EQ(a.pointer(), 5u);
  EXPECT_EQ(a.arbitrate(0b0010001), 0);  // 5 and 6 idle: wraps to 0
  a.reset();
  EXPECT_EQ(a.pointer(), 0u);
}

TEST(RoundRobinArbiter, SixtyFourInputs) {
  RoundRobinArbiter a(64);
  EXPECT_EQ(a.arbitrate(uint64_t{1} << 63), 63);
  a.update(63);
  EXPECT_EQ(a.pointer(), 0u);
  a.update(40);
  EXPECT_EQ(a.arbitrate((uint64_t{1} << 63) | 1u), 63);
}

}  // namespace
}  // namespace netcosim::model
