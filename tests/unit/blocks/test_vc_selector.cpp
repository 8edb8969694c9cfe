// VC selectors (sim/blocks/vc_selector.h): the lowest allowed VC with credits (with one allowed
// VC, the distance-based VC of a hop, thesis 000 Sec. 1.3) and JSQ at injection (the VC with the
// most credits, ties to the lowest; FOGSim's injection), each needing credits for a whole packet
// (Virtual Cut-Through).
#include <gtest/gtest.h>

#include "sim/blocks/credit_counter.h"
#include "sim/blocks/vc_selector.h"

namespace netcosim {
namespace {

// 4 VCs of 64 phits with credits 64 - used.
model::CreditCounter counter_with(uint32_t u0, uint32_t u1, uint32_t u2, uint32_t u3) {
  model::CreditCounter c(4, 64);
  const uint32_t used[4] = {u0, u1, u2, u3};
  for (unsigned v = 0; v < 4; ++v)
    if (used[v] != 0) c.consume(v, used[v]);
  return c;
}

TEST(VcSelection, AllVcsMask) {
  EXPECT_EQ(all_vcs(1), 0b1u);
  EXPECT_EQ(all_vcs(3), 0b111u);
  EXPECT_EQ(all_vcs(32), ~0u);
}

TEST(VcSelection, LowestTakesTheHopsOneVcWhenItHasCreditsForAPacket) {
  const model::CreditCounter c = counter_with(0, 60, 56, 0);  // credits 64, 4, 8, 64
  EXPECT_EQ(LowestVc::select(c, 1u << 0, 8), 0);
  EXPECT_EQ(LowestVc::select(c, 1u << 1, 8), kNoVc);  // 4 < 8
  EXPECT_EQ(LowestVc::select(c, 1u << 2, 8), 2);      // exactly 8
  EXPECT_EQ(LowestVc::select(c, 1u << 3, 8), 3);
}

// Several allowed VCs: the lowest of them with credits for the packet.
TEST(VcSelection, LowestTakesTheLowestAllowedVcWithCredits) {
  const model::CreditCounter c = counter_with(0, 60, 56, 0);  // credits 64, 4, 8, 64
  EXPECT_EQ(LowestVc::select(c, 0b1111u, 8), 0);
  EXPECT_EQ(LowestVc::select(c, 0b1110u, 8), 2);  // VC 1 has 4 < 8
  EXPECT_EQ(LowestVc::select(c, 0b1010u, 8), 3);
  EXPECT_EQ(LowestVc::select(c, 0b0010u, 8), kNoVc);
  EXPECT_EQ(LowestVc::select(c, 0u, 8), kNoVc);
  EXPECT_EQ(vc_bit(0), 1u);
  EXPECT_EQ(vc_bit(15), 0x8000u);
}

TEST(VcSelection, JsqTakesTheMostCreditsTiesToTheLowestVc) {
  EXPECT_EQ(JsqVc::select(counter_with(8, 0, 16, 0), all_vcs(4), 8), 1);  // 56, 64, 48, 64
  EXPECT_EQ(JsqVc::select(counter_with(0, 0, 0, 0), all_vcs(4), 8), 0);   // all 64
  EXPECT_EQ(JsqVc::select(counter_with(8, 8, 0, 8), all_vcs(4), 8), 2);
  EXPECT_EQ(JsqVc::select(counter_with(8, 8, 0, 8), 0b1011u, 8), 0);  // VC 2 not allowed
}

TEST(VcSelection, JsqNeedsCreditsForAWholePacket) {
  EXPECT_EQ(JsqVc::select(counter_with(60, 57, 64, 64), all_vcs(4), 8), kNoVc);  // 4, 7, 0, 0
  EXPECT_EQ(JsqVc::select(counter_with(60, 56, 64, 64), all_vcs(4), 8), 1);      // 8 is enough
}

// traffic.injection_vc=dest: vc = floor(dst * V / N). With V = 3 and N = 72 nodes, destinations
// 0..23 use VC 0, 24..47 VC 1, 48..71 VC 2; with N = 10, V = 3: 0..3 -> 0, 4..6 -> 1, 7..9 -> 2
// (dst*3/10: 3*3=9 -> 0, 4*3=12 -> 1, 6*3=18 -> 1, 7*3=21 -> 2).
TEST(VcSelection, DestVcIsDestTimesVcsOverNodesRoundedDown) {
  for (uint32_t d = 0; d < 72; ++d) EXPECT_EQ(DestVc::vc_of(d, 3, 72), d / 24) << d;
  const uint32_t expect10[10] = {0, 0, 0, 0, 1, 1, 1, 2, 2, 2};
  for (uint32_t d = 0; d < 10; ++d) EXPECT_EQ(DestVc::vc_of(d, 3, 10), expect10[d]) << d;
  EXPECT_EQ(DestVc::vc_of(100000000, 64, 100000001), 63u);  // dst*V > 2^32: 64-bit product
  EXPECT_EQ(DestVc::vc_of(5, 1, 72), 0u);
}

}  // namespace
}  // namespace netcosim
