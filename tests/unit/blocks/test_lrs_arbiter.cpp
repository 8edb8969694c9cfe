// Unit tests of the least-recently-served arbiter model (sim/blocks/lrs_arbiter.h), hand traces.
// Source of the behaviour: FOGSim's LRS (thesis 000 Sec. 1.6.3): serve the first requester of the
// priority list, move the served one to the end of the list.
#include <gtest/gtest.h>

#include "sim/blocks/lrs_arbiter.h"
#include "sim/blocks/rr_arbiter.h"

namespace netcosim::model {
namespace {

// The order as a string, highest priority first ("0123").
std::string order(const LrsArbiter& a) {
  std::string s(a.size(), '?');
  for (unsigned i = 0; i < a.size(); ++i) s[a.rank(i)] = static_cast<char>('0' + i);
  return s;
}

TEST(LrsArbiter, ResetOrderIsTheIndexOrder) {
  LrsArbiter a(4);
  EXPECT_EQ(a.size(), 4u);
  EXPECT_EQ(order(a), "0123");
  EXPECT_EQ(a.arbitrate(0b1111), 0);
  EXPECT_EQ(a.arbitrate(0b1100), 2);
  EXPECT_EQ(a.arbitrate(0), -1);
  EXPECT_EQ(a.arbitrate(0b110000), -1);  // bits 4 and 5 are not inputs
}

TEST(LrsArbiter, GrantedRequesterMovesToTheEndOnlyOnUpdate) {
  LrsArbiter a(4);
  EXPECT_EQ(a.arbitrate(0b0100), 2);
  EXPECT_EQ(order(a), "0123");  // arbitrate() is combinational
  a.update(2);
  EXPECT_EQ(order(a), "0132");
  a.update(0);
  EXPECT_EQ(order(a), "1320");
  a.update(0);  // already last: unchanged
  EXPECT_EQ(order(a), "1320");
  a.update(3);
  EXPECT_EQ(order(a), "1203");
  EXPECT_TRUE(a.ahead(1, 2));
  EXPECT_TRUE(a.ahead(2, 0));
  EXPECT_FALSE(a.ahead(3, 0));
}

// The case that separates LRS from round-robin: after serving 2 alone, requests {1, 3}. The
// round-robin pointer is at 3 and grants 3; LRS keeps 1 ahead of 3 (order 0,1,3,2) and grants 1.
TEST(LrsArbiter, KeepsTheOrderOfRequestersThatWereNotServed) {
  LrsArbiter lrs(4);
  RoundRobinArbiter rr(4);
  lrs.update(static_cast<unsigned>(lrs.arbitrate(0b0100)));
  rr.update(static_cast<unsigned>(rr.arbitrate(0b0100)));
  EXPECT_EQ(lrs.arbitrate(0b1010), 1);
  EXPECT_EQ(rr.arbitrate(0b1010), 3);
}

// A trace of 8 cycles on 4 inputs, (requests, accepted?) -> grant, order after the cycle.
TEST(LrsArbiter, HandTrace) {
  LrsArbiter a(4);
  struct Step {
    uint64_t req;
    bool accept;
    int grant;
    const char* after;
  };
  const Step steps[] = {
      {0b1111, true, 0, "1230"},   // everyone: 0 first
      {0b1001, true, 3, "1203"},   // 3 is ahead of 0 now
      {0b1001, false, 0, "1203"},  // 0 is ahead of 3; not accepted: order held
      {0b1001, true, 0, "1230"},   //
      {0b0110, true, 1, "2301"},   //
      {0b0111, true, 2, "3012"},   // 2 before 0 and 1
      {0b1111, true, 3, "0123"},   // back to the reset order
      {0b0000, true, -1, "0123"},  // no request, no grant
  };
  for (const Step& s : steps) {
    const int g = a.arbitrate(s.req);
    EXPECT_EQ(g, s.grant) << "req " << s.req;
    if (s.accept && g >= 0) a.update(static_cast<unsigned>(g));
    EXPECT_EQ(order(a), s.after) << "req " << s.req;
  }
}

TEST(LrsArbiter, AllRequestingIsServedInTurnLikeRoundRobin) {
  LrsArbiter a(3);
  const int expected[] = {0, 1, 2, 0, 1, 2};
  for (int e : expected) {
    const int g = a.arbitrate(0b111);
    EXPECT_EQ(g, e);
    a.update(static_cast<unsigned>(g));
  }
}

TEST(LrsArbiter, ResetRestoresTheIndexOrder) {
  LrsArbiter a(7);
  a.update(0);
  a.update(4);
  EXPECT_EQ(order(a), "1235604");
  a.reset();
  EXPECT_EQ(order(a), "0123456");
}

TEST(LrsArbiter, SixtyFourInputs) {
  LrsArbiter a(64);
  EXPECT_EQ(a.arbitrate(~uint64_t{0}), 0);
  a.update(0);
  EXPECT_EQ(a.arbitrate(uint64_t{1} | (uint64_t{1} << 63)), 63);
  EXPECT_EQ(a.rank(0), 63u);
}

}  // namespace
}  // namespace netcosim::model
