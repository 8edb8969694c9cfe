// Unit tests of the transit-over-injection priority arbiter
// (sim/blocks/transit_priority_arbiter.h), hand traces. Source of the behaviour: thesis 000
// Sec. 3.1.2 (an in-transit packet is always selected rather than one in the injection queues),
// FOGSim's priority RR and LRS arbiters (thesis 000 Sec. 1.6.3: RR or LRS inside each class).
#include <gtest/gtest.h>

#include "sim/blocks/transit_priority_arbiter.h"

namespace netcosim::model {
namespace {

// A router output arbiter with 6 inputs: 0 and 1 are injection ports, 2..5 transit ports.
constexpr uint64_t kTransit = 0b111100;

TEST(TransitPriorityArbiter, TransitRequestAlwaysWinsOverInjection) {
  TransitRrArbiter a(6, kTransit);
  EXPECT_EQ(a.size(), 6u);
  EXPECT_EQ(a.transit(), kTransit);
  EXPECT_EQ(a.arbitrate(0b100011), 5);  // injection 0 and 1 (ahead in RR order) lose to 5
  EXPECT_EQ(a.arbitrate(0b000011), 0);  // no transit request: injection served, RR order
  EXPECT_EQ(a.arbitrate(0), -1);
}

// RR inside each class: transit 2,3,5 served in turn while injection 0 waits; when the transits
// stop, the injection inputs are served by the same pointer.
TEST(TransitPriorityArbiter, RoundRobinInsideEachClassHandTrace) {
  TransitRrArbiter a(6, kTransit);
  struct Step {
    uint64_t req;
    int grant;
    unsigned ptr_after;
  };
  const Step steps[] = {
      {0b101101, 2, 3},  // transit {2,3,5}, injection 0
      {0b101101, 3, 4},  //
      {0b101101, 5, 0},  //
      {0b101101, 2, 3},  // injection 0 still waits
      {0b000011, 0, 1},  // transits gone: pointer 3 wraps to 0
      {0b000011, 1, 2},  //
      {0b010011, 4, 5},  // a transit request again wins at once
      {0b000011, 0, 1},  //
  };
  for (const Step& s : steps) {
    const int g = a.arbitrate(s.req);
    EXPECT_EQ(g, s.grant) << "req " << s.req;
    a.update(static_cast<unsigned>(g));
    EXPECT_EQ(a.inner().pointer(), s.ptr_after) << "req " << s.req;
  }
}

// LRS inside each class: the order (reset 0..5) is restricted to the requesting class.
TEST(TransitPriorityArbiter, LeastRecentlyServedInsideEachClassHandTrace) {
  TransitLrsArbiter a(6, kTransit);
  const struct {
    uint64_t req;
    int grant;
  } steps[] = {
      {0b000100, 2},  // order after: 0,1,3,4,5,2
      {0b101011, 3},  // transit {3,5} before injection {0,1}; 3 ahead of 5: 0,1,4,5,2,3
      {0b100111, 5},  // transit {2,5}: 5 is ahead of 2 now: 0,1,4,2,3,5
      {0b010111, 4},  // transit {2,4}: 4 ahead of 2 (a round-robin pointer at 0 gives 2)
      {0b000011, 0},  // injection only: 0 ahead of 1: 1,2,3,5,4,0
      {0b000011, 1},  // 2,3,5,4,0,1
      {0b000011, 0},  // 2,3,5,4,1,0
  };
  for (const auto& s : steps) {
    const int g = a.arbitrate(s.req);
    EXPECT_EQ(g, s.grant) << "req " << s.req;
    a.update(static_cast<unsigned>(g));
  }
  EXPECT_EQ(a.inner().rank(1), 4u);  // order 2,3,5,4,1,0
  EXPECT_EQ(a.inner().rank(0), 5u);
  EXPECT_EQ(a.inner().rank(2), 0u);
}

TEST(TransitPriorityArbiter, NoTransitInputsIsThePlainInnerArbiter) {
  TransitRrArbiter a(4, 0);
  RoundRobinArbiter rr(4);
  const uint64_t reqs[] = {0b1010, 0b0110, 0b1111, 0b0001, 0b1000, 0b1100};
  for (uint64_t r : reqs) {
    const int g = a.arbitrate(r);
    EXPECT_EQ(g, rr.arbitrate(r));
    a.update(static_cast<unsigned>(g));
    rr.update(static_cast<unsigned>(g));
  }
}

TEST(TransitPriorityArbiter, ResetAndSetTransit) {
  TransitRrArbiter a(4, 0b1100);
  a.update(3);
  EXPECT_EQ(a.inner().pointer(), 0u);
  a.update(1);
  a.reset();
  EXPECT_EQ(a.inner().pointer(), 0u);
  a.set_transit(0b0001);
  EXPECT_EQ(a.arbitrate(0b1111), 0);
}

// One pointer per class (FOGSim's priorityRrArbiter, router.transit_rr_pointer=per_class): a
// transit grant leaves the injection order where the last injection grant put it. The same
// requests through TransitRrArbiter's single pointer serve injection 0 again.
TEST(TransitPriorityArbiter, PerClassPointersKeepTheInjectionTurnAcrossTransitGrants) {
  TransitRrPerClassArbiter a(6, kTransit);
  TransitRrArbiter shared(6, kTransit);
  const struct {
    uint64_t req;
    int grant_per_class;
    int grant_shared;
  } steps[] = {
      {0b000011, 0, 0},  // injection 0 and 1: 0 first in both (pointers at 0)
      {0b000110, 2, 2},  // transit 2 beats injection 1; the shared pointer moves to 3
      {0b000011, 1, 0},  // per class: injection's turn is 1's; shared: 3 wraps to 0
      {0b000011, 0, 1},  //
  };
  for (const auto& s : steps) {
    const int g = a.arbitrate(s.req), gs = shared.arbitrate(s.req);
    EXPECT_EQ(g, s.grant_per_class) << "req " << s.req;
    EXPECT_EQ(gs, s.grant_shared) << "req " << s.req;
    a.update(static_cast<unsigned>(g));
    shared.update(static_cast<unsigned>(gs));
  }
  EXPECT_EQ(a.injection_arbiter().pointer(), 1u);  // after injection 0's last grant
  EXPECT_EQ(a.transit_arbiter().pointer(), 3u);    // after transit 2's grant
  a.reset();
  EXPECT_EQ(a.arbitrate(0b000011), 0);
  EXPECT_EQ(a.arbitrate(0b110000), 4);
}

// The h8 router's shape (docs/validation.md "How much the arbiters move the Chapter 4 figures on
// h8", PB under ADV+1): inputs 0..7 are the p = 8 injection ports, 8..30 transit ports. Every
// injection input requests all the time and one transit input requests every other cycle, so
// transit and injection grants alternate. After each transit grant the shared pointer stands past
// the injection ports and wraps to input 0: all 8 injection grants go to input 0, none to 1..7.
// Per-class pointers give each injection input one of the 8 (docs/model.md §2.4).
TEST(TransitPriorityArbiter, SharedPointerServesOnlyTheLowestInjectionInputBetweenTransitGrants) {
  constexpr unsigned kInputs = 31;
  constexpr uint64_t kInjection = 0xff;
  constexpr uint64_t kH8Transit = ((uint64_t{1} << kInputs) - 1) & ~kInjection;
  for (const unsigned transit_input : {8u, 19u, 30u}) {
    TransitRrArbiter shared(kInputs, kH8Transit);
    TransitRrPerClassArbiter per_class(kInputs, kH8Transit);
    unsigned shared_grants[8] = {}, per_class_grants[8] = {};
    for (int cycle = 0; cycle < 16; ++cycle) {
      const uint64_t req = kInjection | (cycle % 2 == 0 ? uint64_t{1} << transit_input : 0);
      const int gs = shared.arbitrate(req), gp = per_class.arbitrate(req);
      ASSERT_GE(gs, 0);
      ASSERT_GE(gp, 0);
      if (cycle % 2 == 0) {  // the transit input always wins when it requests
        EXPECT_EQ(gs, static_cast<int>(transit_input));
        EXPECT_EQ(gp, static_cast<int>(transit_input));
      } else {
        ASSERT_LT(gs, 8);
        ASSERT_LT(gp, 8);
        ++shared_grants[gs];
        ++per_class_grants[gp];
      }
      shared.update(static_cast<unsigned>(gs));
      per_class.update(static_cast<unsigned>(gp));
    }
    for (unsigned i = 0; i < 8; ++i) {
      EXPECT_EQ(shared_grants[i], i == 0 ? 8u : 0u) << "transit input " << transit_input;
      EXPECT_EQ(per_class_grants[i], 1u) << "transit input " << transit_input;
    }
  }
}

}  // namespace
}  // namespace netcosim::model
