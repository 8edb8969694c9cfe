// VC selectors (sim/blocks/vc_selector.h): FlexVC's selection functions (seed 002 Sec. III-A),
// JSQ with ties to the highest VC (FOGSim's LOWEST_OCCUPANCY), highest, lowest and random, and
// the NIC's injection JSQ with ties to the lowest VC; each among the allowed VCs with credits for
// a whole packet (Virtual Cut-Through). With one allowed VC (the distance-based VC of a hop,
// thesis 000 Sec. 1.3) each gives that VC or none.
#include <gtest/gtest.h>

#include "sim/blocks/credit_counter.h"
#include "sim/blocks/vc_selector.h"

namespace netcosim {
namespace {

Rng rng(1, 2, 3);  // unused by the deterministic functions

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
  EXPECT_EQ(LowestVc::select(c, 1u << 0, 8, rng), 0);
  EXPECT_EQ(LowestVc::select(c, 1u << 1, 8, rng), kNoVc);  // 4 < 8
  EXPECT_EQ(LowestVc::select(c, 1u << 2, 8, rng), 2);      // exactly 8
  EXPECT_EQ(LowestVc::select(c, 1u << 3, 8, rng), 3);
}

// Several allowed VCs: the lowest of them with credits for the packet.
TEST(VcSelection, LowestTakesTheLowestAllowedVcWithCredits) {
  const model::CreditCounter c = counter_with(0, 60, 56, 0);  // credits 64, 4, 8, 64
  EXPECT_EQ(LowestVc::select(c, 0b1111u, 8, rng), 0);
  EXPECT_EQ(LowestVc::select(c, 0b1110u, 8, rng), 2);  // VC 1 has 4 < 8
  EXPECT_EQ(LowestVc::select(c, 0b1010u, 8, rng), 3);
  EXPECT_EQ(LowestVc::select(c, 0b0010u, 8, rng), kNoVc);
  EXPECT_EQ(LowestVc::select(c, 0u, 8, rng), kNoVc);
  EXPECT_EQ(vc_bit(0), 1u);
  EXPECT_EQ(vc_bit(15), 0x8000u);
}

TEST(VcSelection, InjectionJsqTakesTheMostCreditsTiesToTheLowestVc) {
  EXPECT_EQ(JsqLowVc::select(counter_with(8, 0, 16, 0), all_vcs(4), 8, rng), 1);  // 56,64,48,64
  EXPECT_EQ(JsqLowVc::select(counter_with(0, 0, 0, 0), all_vcs(4), 8, rng), 0);   // all 64
  EXPECT_EQ(JsqLowVc::select(counter_with(8, 8, 0, 8), all_vcs(4), 8, rng), 2);
  EXPECT_EQ(JsqLowVc::select(counter_with(8, 8, 0, 8), 0b1011u, 8, rng), 0);  // VC 2 not allowed
}

// FOGSim's LOWEST_OCCUPANCY scans from the highest allowed VC down and keeps a strictly lower
// occupancy: equal credits go to the highest VC.
TEST(VcSelection, JsqTakesTheMostCreditsTiesToTheHighestVc) {
  EXPECT_EQ(JsqVc::select(counter_with(8, 0, 16, 0), all_vcs(4), 8, rng), 3);  // 64 at 1 and 3
  EXPECT_EQ(JsqVc::select(counter_with(0, 0, 0, 0), all_vcs(4), 8, rng), 3);   // all 64
  EXPECT_EQ(JsqVc::select(counter_with(0, 0, 0, 0), 0b0011u, 8, rng), 1);
  EXPECT_EQ(JsqVc::select(counter_with(8, 8, 0, 8), all_vcs(4), 8, rng), 2);  // the one 64
  EXPECT_EQ(JsqVc::select(counter_with(8, 16, 0, 8), 0b1011u, 8, rng), 3);    // 56,48,-,56: tie
  EXPECT_EQ(JsqVc::select(counter_with(60, 57, 64, 64), all_vcs(4), 8, rng), kNoVc);
}

TEST(VcSelection, HighestTakesTheHighestAllowedVcWithCredits) {
  const model::CreditCounter c = counter_with(0, 60, 56, 64);  // credits 64, 4, 8, 0
  EXPECT_EQ(HighestVc::select(c, 0b1111u, 8, rng), 2);         // VC 3 has 0
  EXPECT_EQ(HighestVc::select(c, 0b0011u, 8, rng), 0);         // VC 1 has 4 < 8
  EXPECT_EQ(HighestVc::select(c, 0b1010u, 8, rng), kNoVc);
  EXPECT_EQ(HighestVc::select(c, 0u, 8, rng), kNoVc);
}

// Random: uniform among the allowed VCs with credits for the packet; one candidate takes no draw.
TEST(VcSelection, RandomDrawsAmongTheVcsWithCreditsOnlyWhenThereAreSeveral) {
  const model::CreditCounter c = counter_with(0, 60, 0, 0);  // credits 64, 4, 64, 64
  Rng r(7, 1, 1), copy(7, 1, 1);
  EXPECT_EQ(RandomVc::select(c, 0b0010u, 8, r), kNoVc);
  EXPECT_EQ(RandomVc::select(c, 0b0110u, 8, r), 2);  // one candidate
  EXPECT_EQ(r.next(), copy.next());                  // no draw taken
  uint32_t seen[4] = {0, 0, 0, 0};
  for (int k = 0; k < 3000; ++k) ++seen[RandomVc::select(c, 0b1111u, 8, r)];
  EXPECT_EQ(seen[1], 0u);
  for (unsigned v : {0u, 2u, 3u}) {  // 1000 expected each; 5 sigma = 5 * sqrt(3000 * 2/9) = 129
    EXPECT_GT(seen[v], 1000u - 129u) << v;
    EXPECT_LT(seen[v], 1000u + 129u) << v;
  }
  // The draw is the k-th candidate in increasing order, k = below(candidates).
  Rng a(11, 0, 0), b(11, 0, 0);
  const uint32_t k = b.below(3);
  EXPECT_EQ(RandomVc::select(c, 0b1101u, 8, a), k == 0 ? 0 : (k == 1 ? 2 : 3));
}

TEST(VcSelection, JsqNeedsCreditsForAWholePacket) {
  EXPECT_EQ(JsqLowVc::select(counter_with(60, 57, 64, 64), all_vcs(4), 8, rng),
            kNoVc);                                                                  // 4, 7, 0, 0
  EXPECT_EQ(JsqLowVc::select(counter_with(60, 56, 64, 64), all_vcs(4), 8, rng), 1);  // 8: enough
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
