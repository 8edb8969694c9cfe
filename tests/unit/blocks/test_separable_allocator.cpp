// Unit tests of the input-first separable allocator model (sim/blocks/separable_allocator.h),
// hand-computed cases. Source of the behaviour: thesis 000 Sec. 1.1 and Sec. 1.6.3 (one arbiter
// per input over its VCs, one per output over the inputs, round-robin rotating only on a grant;
// iterations as FOGSim's ArbiterIterations).
#include <gtest/gtest.h>

#include "sim/blocks/separable_allocator.h"

namespace netcosim::model {
namespace {

// Input 0: VC0 -> output 0. Input 1: VC0 -> output 0, VC1 -> output 1. All pointers 0.
// Iteration 1: both inputs pick VC0 (output 0); output 0 grants input 0. Input 1 is unmatched.
// Iteration 2: input 1's VC0 targets a matched output, so it picks VC1 -> output 1: granted.
void request_case(SeparableAllocator& a) {
  a.clear_requests();
  a.request(0, 0, 0);
  a.request(1, 0, 0);
  a.request(1, 1, 1);
}

TEST(SeparableAllocator, SecondIterationFindsTheGrantTheFirstMissed) {
  SeparableAllocator one(2, 2, 2, 1);
  request_case(one);
  one.evaluate();
  EXPECT_EQ(one.granted_inputs(), 0b01u);
  EXPECT_EQ(one.grant_vc(0), 0u);
  EXPECT_EQ(one.grant_out(0), 0u);
  EXPECT_FALSE(one.granted(1));

  SeparableAllocator two(2, 2, 2, 2);
  request_case(two);
  two.evaluate();
  EXPECT_EQ(two.granted_inputs(), 0b11u);
  EXPECT_EQ(two.grant_vc(0), 0u);
  EXPECT_EQ(two.grant_out(0), 0u);
  EXPECT_EQ(two.grant_vc(1), 1u);
  EXPECT_EQ(two.grant_out(1), 1u);
}

TEST(SeparableAllocator, PointersAdvanceOnlyForGrants) {
  SeparableAllocator a(2, 2, 2, 1);
  request_case(a);
  a.evaluate();
  a.update();
  EXPECT_EQ(a.input_pointer(0), 1u);   // granted VC0: pointer 1
  EXPECT_EQ(a.output_pointer(0), 1u);  // granted input 0: pointer 1
  EXPECT_EQ(a.input_pointer(1), 0u);   // input 1 lost: unchanged
  EXPECT_EQ(a.output_pointer(1), 0u);  // output 1 granted nothing: unchanged

  SeparableAllocator b(2, 2, 2, 2);
  request_case(b);
  b.evaluate();
  b.update();
  EXPECT_EQ(b.input_pointer(0), 1u);
  EXPECT_EQ(b.input_pointer(1), 0u);  // granted VC1: (1 + 1) mod 2
  EXPECT_EQ(b.output_pointer(0), 1u);
  EXPECT_EQ(b.output_pointer(1), 0u);  // granted input 1: (1 + 1) mod 2
}

TEST(SeparableAllocator, NoUpdateNoPointerMove) {
  SeparableAllocator a(2, 2, 2, 2);
  request_case(a);
  a.evaluate();
  EXPECT_EQ(a.granted_inputs(), 0b11u);
  // Back-pressure: the grants are not accepted, update() is not called.
  a.evaluate();
  EXPECT_EQ(a.granted_inputs(), 0b11u);
  EXPECT_EQ(a.input_pointer(0), 0u);
  EXPECT_EQ(a.output_pointer(0), 0u);
}

TEST(SeparableAllocator, OutputArbiterRotatesAmongInputs) {
  // Three inputs, one VC each, all to output 2 of 3: granted 0, 1, 2, 0 with updates.
  SeparableAllocator a(3, 1, 3, 1);
  const unsigned expected[] = {0, 1, 2, 0};
  for (unsigned e : expected) {
    a.clear_requests();
    for (unsigned i = 0; i < 3; ++i) a.request(i, 0, 2);
    a.evaluate();
    EXPECT_EQ(a.granted_inputs(), uint64_t{1} << e);
    EXPECT_EQ(a.grant_out(e), 2u);
    a.update();
    EXPECT_EQ(a.output_pointer(2), (e + 1) % 3);
  }
}

TEST(SeparableAllocator, InputArbiterRotatesAmongVcs) {
  // One input, three VCs to three different outputs: the VC pointer serves 0, 1, 2, 0.
  SeparableAllocator a(1, 3, 3, 1);
  const unsigned expected[] = {0, 1, 2, 0};
  for (unsigned e : expected) {
    a.clear_requests();
    for (unsigned v = 0; v < 3; ++v) a.request(0, v, v);
    a.evaluate();
    ASSERT_TRUE(a.granted(0));
    EXPECT_EQ(a.grant_vc(0), e);
    EXPECT_EQ(a.grant_out(0), e);
    a.update();
  }
}

TEST(SeparableAllocator, OutputPointerWrapsAndLosersKeepTheirPointers) {
  // Inputs 0, 1 and 2; output pointers moved first: output 0 -> 2 (granted 1 before).
  SeparableAllocator a(3, 2, 2, 2);
  a.clear_requests();
  a.request(1, 0, 0);
  a.evaluate();
  a.update();  // in_arb[1] -> 1, out_arb[0] -> 2
  EXPECT_EQ(a.output_pointer(0), 2u);
  EXPECT_EQ(a.input_pointer(1), 1u);
  // Now input 0: VC0 -> 0; input 1: VC0 -> 0, VC1 -> 0; input 2: VC1 -> 1.
  a.clear_requests();
  a.request(0, 0, 0);
  a.request(1, 0, 0);
  a.request(1, 1, 0);
  a.request(2, 1, 1);
  a.evaluate();
  // Iteration 1: in0 -> VC0, in1 -> VC1 (pointer 1), in2 -> VC1. Output 0 sees {0, 1} with
  // pointer 2: wraps to input 0. Output 1 grants input 2. Input 1 then has no free output.
  EXPECT_EQ(a.granted_inputs(), 0b101u);
  EXPECT_EQ(a.grant_vc(0), 0u);
  EXPECT_EQ(a.grant_out(2), 1u);
  EXPECT_EQ(a.grant_vc(2), 1u);
  a.update();
  EXPECT_EQ(a.output_pointer(0), 1u);
  EXPECT_EQ(a.output_pointer(1), 0u);  // (2 + 1) mod 3
  EXPECT_EQ(a.input_pointer(0), 1u);
  EXPECT_EQ(a.input_pointer(1), 1u);  // input 1 was not granted: unchanged
  EXPECT_EQ(a.input_pointer(2), 0u);  // (1 + 1) mod 2
}

TEST(SeparableAllocator, NoRequestsNoGrantsAndResetClearsPointers) {
  SeparableAllocator a(4, 2, 4, 2);
  a.clear_requests();
  a.evaluate();
  EXPECT_EQ(a.granted_inputs(), 0u);
  a.request(3, 1, 2);
  a.evaluate();
  a.update();
  EXPECT_EQ(a.input_pointer(3), 0u);   // (1 + 1) mod 2
  EXPECT_EQ(a.output_pointer(2), 0u);  // (3 + 1) mod 4
  a.request(2, 0, 1);
  a.evaluate();
  a.update();
  EXPECT_EQ(a.input_pointer(2), 1u);
  EXPECT_EQ(a.output_pointer(1), 3u);
  a.reset();
  EXPECT_EQ(a.input_pointer(2), 0u);
  EXPECT_EQ(a.output_pointer(1), 0u);
  a.evaluate();
  EXPECT_EQ(a.granted_inputs(), 0u);  // reset also clears the requests
}

}  // namespace
}  // namespace netcosim::model
