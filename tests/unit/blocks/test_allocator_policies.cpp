// The separable allocator with each arbitration policy (sim/blocks/separable_allocator.h,
// sim/router/cioq/arbitration.h): exact grant orders of hand-computed cases. Sources: thesis 000
// Sec. 1.6.3 (RR, LRS, age, separately at the input and output stages; transit priority at the
// outputs), Sec. 3.1.2 (transit over injection), seed 004 Sec. 2.2 (oldest first).
#include <gtest/gtest.h>

#include <vector>

#include "sim/blocks/separable_allocator.h"
#include "sim/router/cioq/arbitration.h"

namespace netcosim::model {
namespace {

// One cycle in which the inputs of `req` (one VC each, VC 0) request output 0, with their ages;
// returns the granted input (-1: none).
template <class A>
int cycle(A& a, const std::vector<unsigned>& req, const std::vector<uint32_t>& ages = {}) {
  a.clear_requests();
  for (size_t k = 0; k < req.size(); ++k) {
    a.request(req[k], 0, 0);
    if (!ages.empty()) a.request_age(req[k], 0, ages[k]);
  }
  a.evaluate();
  a.update();
  return a.granted_inputs() == 0 ? -1 : __builtin_ctzll(a.granted_inputs());
}

// LRS's order after a grant of 2 (0,1,3,2) serves 1 before 3; RR's pointer (3) serves 3.
TEST(AllocatorPolicies, LrsOutputKeepsTheUngrantedInPlace) {
  SeparableAllocatorT<RoundRobinArbiter, LrsArbiter> lrs(4, 1, 1, 1);
  SeparableAllocator rr(4, 1, 1, 1);
  EXPECT_EQ(cycle(lrs, {2}), 2);
  EXPECT_EQ(cycle(rr, {2}), 2);
  EXPECT_EQ(cycle(lrs, {1, 3}), 1);
  EXPECT_EQ(cycle(rr, {1, 3}), 3);
  // Then LRS's order is 0,3,2,1: {1,2,3} grants 3, then 2, then 1.
  EXPECT_EQ(cycle(lrs, {1, 2, 3}), 3);
  EXPECT_EQ(cycle(lrs, {1, 2, 3}), 2);
  EXPECT_EQ(cycle(lrs, {1, 2, 3}), 1);
}

// Transit priority (input 0 the injection port, 1 and 2 transit): while a transit input
// requests, the injection input waits; RR inside the transit class (1,2,1,2), LRS the same here.
TEST(AllocatorPolicies, TransitPriorityServesInjectionOnlyWithoutTransit) {
  SeparableAllocatorT<RoundRobinArbiter, TransitRrArbiter> t(3, 1, 1, 1, 0b110);
  SeparableAllocatorT<RoundRobinArbiter, TransitLrsArbiter> tl(3, 1, 1, 1, 0b110);
  SeparableAllocator rr(3, 1, 1, 1);
  std::vector<int> got_t, got_tl, got_rr;
  for (int k = 0; k < 4; ++k) {
    got_t.push_back(cycle(t, {0, 1, 2}));
    got_tl.push_back(cycle(tl, {0, 1, 2}));
    got_rr.push_back(cycle(rr, {0, 1, 2}));
  }
  EXPECT_EQ(got_t, (std::vector<int>{1, 2, 1, 2}));
  EXPECT_EQ(got_tl, (std::vector<int>{1, 2, 1, 2}));
  EXPECT_EQ(got_rr, (std::vector<int>{0, 1, 2, 0}));
  EXPECT_EQ(cycle(t, {0}), 0);
  EXPECT_EQ(cycle(t, {0, 2}), 2);
}

// Age at the output: the oldest input wins whatever the pointer; equal ages go round-robin.
TEST(AllocatorPolicies, AgeOutputOldestFirstTiesRoundRobin) {
  SeparableAllocatorT<RoundRobinArbiter, AgeArbiter> a(3, 1, 1, 1);
  EXPECT_EQ(cycle(a, {0, 1, 2}, {5, 9, 9}), 1);  // 1 and 2 tie, pointer 0: 1
  EXPECT_EQ(cycle(a, {0, 1, 2}, {5, 9, 9}), 2);  // pointer 2 after granting 1
  EXPECT_EQ(cycle(a, {0, 1, 2}, {5, 9, 9}), 1);  // pointer 0 after granting 2
  EXPECT_EQ(cycle(a, {0, 1, 2}, {50, 9, 9}), 0);
  EXPECT_EQ(cycle(a, {1, 2}, {3, 4}), 2);
}

// Age at the input: the oldest VC of an input is its request, whatever the input pointer; its
// age is what the output arbiter compares.
TEST(AllocatorPolicies, AgeInputPicksTheOldestVcAndTheOutputComparesIt) {
  SeparableAllocatorT<AgeArbiter, AgeArbiter> a(2, 3, 3, 1);
  a.clear_requests();
  a.request(0, 0, 0);
  a.request_age(0, 0, 3);
  a.request(0, 1, 1);
  a.request_age(0, 1, 7);
  a.request(0, 2, 2);
  a.request_age(0, 2, 1);
  a.request(1, 0, 1);
  a.request_age(1, 0, 6);
  a.evaluate();
  // Input 0 picks VC1 (age 7) -> output 1, where input 1 (age 6) loses; input 1 has no other VC.
  EXPECT_EQ(a.granted_inputs(), 0b01u);
  EXPECT_EQ(a.grant_vc(0), 1u);
  EXPECT_EQ(a.grant_out(0), 1u);
  // With round-robin input arbiters input 0 picks VC0 (pointer 0) -> output 0; input 1 gets 1.
  SeparableAllocatorT<RoundRobinArbiter, AgeArbiter> b(2, 3, 3, 1);
  b.clear_requests();
  b.request(0, 0, 0);
  b.request_age(0, 0, 3);
  b.request(0, 1, 1);
  b.request_age(0, 1, 7);
  b.request(1, 0, 1);
  b.request_age(1, 0, 6);
  b.evaluate();
  EXPECT_EQ(b.granted_inputs(), 0b11u);
  EXPECT_EQ(b.grant_vc(0), 0u);
  EXPECT_EQ(b.grant_out(1), 1u);
}

// The policy allocator of each key pair grants as its arbiter types do: the transit case above
// through make_policy_allocator and the router's one call per cycle.
TEST(AllocatorPolicies, PolicyAllocatorOfTheKeys) {
  for (ArbPolicy in : {ArbPolicy::Rr, ArbPolicy::Lrs, ArbPolicy::TransitRr, ArbPolicy::TransitLrs,
                       ArbPolicy::Age}) {
    auto t = make_policy_allocator(in, ArbPolicy::TransitRr, 3, 1, 1, 0b110);
    auto r = make_policy_allocator(in, ArbPolicy::Rr, 3, 1, 1, 0b110);
    std::vector<int> got_t, got_r;
    for (int k = 0; k < 4; ++k) {
      for (auto* a : {t.get(), r.get()}) {
        a->clear_requests();
        for (unsigned i = 0; i < 3; ++i) {
          a->request(i, 0, 0);
          if (a->has_ages()) a->request_age(i, 0, 1);
        }
        a->evaluate_and_update();
      }
      got_t.push_back(__builtin_ctzll(t->granted_inputs()));
      got_r.push_back(__builtin_ctzll(r->granted_inputs()));
    }
    EXPECT_EQ(got_t, (std::vector<int>{1, 2, 1, 2})) << arb_policy_name(in);
    EXPECT_EQ(got_r, (std::vector<int>{0, 1, 2, 0})) << arb_policy_name(in);
    EXPECT_EQ(t->has_ages(), in == ArbPolicy::Age);
  }
  EXPECT_EQ(parse_arb_policy("transit_lrs"), ArbPolicy::TransitLrs);
  EXPECT_STREQ(arb_policy_name(ArbPolicy::Age), "age");
}

// router.input_arbiter_update=request (FOGSim's cosArbiter): an input arbiter moves past the VC
// it picks when the VC requests, granted or not. Injection input 0 (VC 0 to output 0, VC 1 to
// output 1) and transit input 1 (to output 0) with transit priority, one iteration: input 0's
// VC 0 loses output 0 in cycle 1; in cycle 2 input 0 picks VC 1 (output 1, granted) under
// `request`, VC 0 again (lost again) under `grant`.
TEST(AllocatorPolicies, InputArbiterMovedOnRequestTriesTheNextVc) {
  for (bool on_request : {false, true}) {
    AllocatorOptions opt;
    opt.input_update_on_request = on_request;
    auto a = make_policy_allocator(ArbPolicy::Rr, ArbPolicy::TransitRr, 2, 2, 1, 0b10, opt);
    std::vector<uint64_t> granted;
    std::vector<unsigned> vc0;
    for (int k = 0; k < 3; ++k) {
      a->clear_requests();
      a->request(0, 0, 0);
      a->request(0, 1, 1);
      a->request(1, 0, 0);
      a->evaluate_and_update();
      granted.push_back(a->granted_inputs());
      vc0.push_back(a->granted(0) ? a->grant_vc(0) : 9u);
    }
    if (on_request) {
      EXPECT_EQ(granted, (std::vector<uint64_t>{0b10, 0b11, 0b10}));
      EXPECT_EQ(vc0, (std::vector<unsigned>{9, 1, 9}));
    } else {
      EXPECT_EQ(granted, (std::vector<uint64_t>{0b10, 0b10, 0b10}));
      EXPECT_EQ(vc0, (std::vector<unsigned>{9, 9, 9}));
    }
  }
}

// router.transit_rr_pointer=per_class through make_policy_allocator: after transit input 2's
// grant the injection turn stays with input 1 (per class); the shared pointer wraps to input 0.
TEST(AllocatorPolicies, PerClassTransitPointerThroughThePolicyAllocator) {
  AllocatorOptions opt;
  opt.transit_rr_per_class = true;
  auto pc = make_policy_allocator(ArbPolicy::Rr, ArbPolicy::TransitRr, 3, 1, 1, 0b100, opt);
  auto sh = make_policy_allocator(ArbPolicy::Rr, ArbPolicy::TransitRr, 3, 1, 1, 0b100);
  // Inputs 0, 1 injection, 2 transit, all to output 0: requests {0,1}, {1,2}, {0,1}.
  const uint64_t reqs[] = {0b011, 0b110, 0b011};
  std::vector<int> got_pc, got_sh;
  for (uint64_t r : reqs) {
    for (auto* a : {pc.get(), sh.get()}) {
      a->clear_requests();
      for (unsigned i = 0; i < 3; ++i)
        if ((r >> i) & 1u) a->request(i, 0, 0);
      a->evaluate_and_update();
    }
    got_pc.push_back(__builtin_ctzll(pc->granted_inputs()));
    got_sh.push_back(__builtin_ctzll(sh->granted_inputs()));
  }
  EXPECT_EQ(got_pc, (std::vector<int>{0, 2, 1}));
  EXPECT_EQ(got_sh, (std::vector<int>{0, 2, 0}));
}

}  // namespace
}  // namespace netcosim::model
