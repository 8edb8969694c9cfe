// Unit tests of the age arbiter model (sim/blocks/age_arbiter.h), hand traces. Source of the
// behaviour: thesis 000 Sec. 3.3.4 and paper 004 Sec. 2.2 (the oldest packet wins); ties among
// the oldest are round-robin (docs/model.md "Arbiters").
#include <gtest/gtest.h>

#include "sim/blocks/age_arbiter.h"

namespace netcosim::model {
namespace {

void set_ages(AgeArbiter& a, std::initializer_list<uint32_t> ages) {
  unsigned i = 0;
  for (uint32_t x : ages) a.set_age(i++, x);
}

TEST(AgeArbiter, OldestRequesterWinsWhateverThePointer) {
  AgeArbiter a(4, 8);
  EXPECT_EQ(a.size(), 4u);
  EXPECT_EQ(a.max_age(), 255u);
  set_ages(a, {10, 200, 30, 199});
  EXPECT_EQ(a.arbitrate(0b1111), 1);
  EXPECT_EQ(a.arbitrate(0b1101), 3);  // 1 not requesting: 199 is the oldest
  EXPECT_EQ(a.arbitrate(0b0101), 2);
  EXPECT_EQ(a.arbitrate(0), -1);
  a.update(3);  // pointer 0
  a.update(2);  // pointer 3
  EXPECT_EQ(a.pointer(), 3u);
  EXPECT_EQ(a.arbitrate(0b1111), 1);  // age first: the pointer does not matter
}

// Ties among the oldest: round-robin from the pointer; younger requesters are never served while
// an older one requests.
TEST(AgeArbiter, TiesAreServedRoundRobinHandTrace) {
  AgeArbiter a(5, 4);
  set_ages(a, {7, 9, 9, 3, 9});
  const struct {
    uint64_t req;
    bool accept;
    int grant;
    unsigned ptr_after;
  } steps[] = {
      {0b11111, true, 1, 2},   // oldest {1,2,4} (age 9), from 0: 1
      {0b11111, true, 2, 3},   // from 2: 2
      {0b11111, true, 4, 0},   // from 3: 4, pointer wraps
      {0b11111, false, 1, 0},  // from 0: 1, not accepted: pointer held
      {0b11111, true, 1, 2},   //
      {0b01001, true, 0, 1},   // {0 (7), 3 (3)}: 0 is older
      {0b01000, true, 3, 4},   // alone
  };
  for (const auto& s : steps) {
    const int g = a.arbitrate(s.req);
    EXPECT_EQ(g, s.grant) << "req " << s.req;
    if (s.accept && g >= 0) a.update(static_cast<unsigned>(g));
    EXPECT_EQ(a.pointer(), s.ptr_after) << "req " << s.req;
  }
}

TEST(AgeArbiter, EqualAgesIsRoundRobin) {
  AgeArbiter a(3, 1);
  set_ages(a, {1, 1, 1});
  const int expected[] = {0, 1, 2, 0};
  for (int e : expected) {
    const int g = a.arbitrate(0b111);
    EXPECT_EQ(g, e);
    a.update(static_cast<unsigned>(g));
  }
}

TEST(AgeArbiter, AgesAreTruncatedToTheirWidth) {
  AgeArbiter a(2, 4);
  a.set_age(0, 0x1f);  // 31 -> 15 on a 4-bit port
  a.set_age(1, 14);
  EXPECT_EQ(a.age(0), 15u);
  EXPECT_EQ(a.arbitrate(0b11), 0);
  a.set_age(0, 0x10);  // -> 0
  EXPECT_EQ(a.arbitrate(0b11), 1);
}

TEST(AgeArbiter, OldestMaskAndZeroAges) {
  AgeArbiter a(4, 8);
  EXPECT_EQ(a.oldest(0b1111), 0b1111u);  // all ages 0: all tie
  a.set_age(2, 5);
  EXPECT_EQ(a.oldest(0b1111), 0b0100u);
  EXPECT_EQ(a.oldest(0b1011), 0b1011u);
  EXPECT_EQ(a.oldest(0b110000), 0u);  // bits 4 and 5 are not inputs
}

TEST(AgeArbiter, ResetReturnsThePointerToZero) {
  AgeArbiter a(4, 8);
  a.update(1);
  EXPECT_EQ(a.pointer(), 2u);
  a.reset();
  EXPECT_EQ(a.pointer(), 0u);
}

TEST(AgeArbiter, SixtyFourInputsThirtyTwoBitAges) {
  AgeArbiter a(64, 32);
  a.set_age(63, 0xffffffffu);
  a.set_age(0, 0xfffffffeu);
  EXPECT_EQ(a.arbitrate(~uint64_t{0}), 63);
  EXPECT_EQ(a.arbitrate(0x1), 0);
}

}  // namespace
}  // namespace netcosim::model
