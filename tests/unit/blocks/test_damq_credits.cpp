// The DAMQ credit model (sim/blocks/damq_credits.h; thesis 000 Sec. 5.3.1): per-VC private parts,
// a pool shared by the port's VCs, and the credits every VC publishes, on hand traces. The port
// of thesis Fig. 5.6's local ports: 2 VCs x 64 phits = 128 phits.
#include <gtest/gtest.h>

#include "sim/blocks/credit_counter.h"
#include "sim/blocks/damq_credits.h"

using netcosim::model::DamqCredits;
using netcosim::model::PortBuffer;
using netcosim::model::StaticCredits;

namespace {

TEST(DamqCredits, PrivateAndSharedPartsFromThePercentage) {
  // 25% of 128 phits private: 16 per VC (the thesis's "16 reserved phits per local port ... 25%
  // of the overall space"), 96 shared.
  const PortBuffer b{2, 64, 25};
  EXPECT_EQ(DamqCredits::private_phits(b), 16u);
  EXPECT_EQ(DamqCredits::vc_limit_phits(b), 16u + 96u);
  EXPECT_EQ(DamqCredits::port_packets(b, 8), 16u);
  const DamqCredits c(b);
  EXPECT_EQ(c.capacity(), 112u);
  EXPECT_EQ(c.credits(0), 112u);
  EXPECT_EQ(c.credits(1), 112u);
  EXPECT_EQ(c.occupancy(0), 0u);
  // 0%: everything shared; 100%: the static buffer.
  EXPECT_EQ(DamqCredits::private_phits(PortBuffer{2, 64, 0}), 0u);
  EXPECT_EQ(DamqCredits::vc_limit_phits(PortBuffer{2, 64, 0}), 128u);
  EXPECT_EQ(DamqCredits::vc_limit_phits(PortBuffer{2, 64, 100}), 64u);
  // 75% of 3 x 256: 192 private per VC, 192 shared.
  EXPECT_EQ(DamqCredits::private_phits(PortBuffer{3, 256, 75}), 192u);
  EXPECT_EQ(DamqCredits::vc_limit_phits(PortBuffer{3, 256, 75}), 384u);
}

TEST(DamqCredits, AVcUsesItsPrivatePartFirstThenThePool) {
  DamqCredits c(PortBuffer{2, 64, 25});  // private 16 per VC, pool 96
  c.consume(0, 8);                       // VC 0: 8 private
  EXPECT_EQ(c.credits(0), 8u + 96u);
  EXPECT_EQ(c.credits(1), 16u + 96u);
  EXPECT_EQ(c.shared_free(), 96u);
  c.consume(0, 16);  // VC 0: 16 private + 8 shared
  EXPECT_EQ(c.shared_free(), 88u);
  EXPECT_EQ(c.credits(0), 88u);
  EXPECT_EQ(c.credits(1), 16u + 88u);
  EXPECT_EQ(c.used(0), 24u);
  for (int k = 0; k < 11; ++k) c.consume(0, 8);  // VC 0 takes the whole pool: 24 + 88 = 112
  EXPECT_EQ(c.used(0), 112u);
  EXPECT_EQ(c.shared_free(), 0u);
  EXPECT_EQ(c.credits(0), 0u);
  EXPECT_FALSE(c.can_send(0, 8));
  EXPECT_EQ(c.credits(1), 16u);  // VC 1 keeps its private part
  EXPECT_EQ(c.occupancy(1), 112u - 16u);
  c.consume(1, 8);
  c.consume(1, 8);
  EXPECT_EQ(c.credits(1), 0u);
  // Returns: VC 0's phits above its private part go back to the pool first.
  c.give_back(0, 8);
  EXPECT_EQ(c.shared_free(), 8u);
  EXPECT_EQ(c.credits(0), 8u);
  EXPECT_EQ(c.credits(1), 8u);
  c.give_back(1, 8);  // VC 1 was within its private part: the pool does not change
  EXPECT_EQ(c.shared_free(), 8u);
  EXPECT_EQ(c.credits(1), 16u);
  for (int k = 0; k < 13; ++k) c.give_back(0, 8);
  c.give_back(1, 8);
  EXPECT_EQ(c.shared_free(), 96u);
  EXPECT_EQ(c.credits(0), 112u);
  EXPECT_EQ(c.credits(1), 112u);
}

TEST(DamqCredits, WithoutAPrivatePartOneVcCanStarveTheOthers) {
  DamqCredits c(PortBuffer{2, 32, 0});  // the thesis's deadlocking case: all 64 phits shared
  for (int k = 0; k < 8; ++k) c.consume(0, 8);
  EXPECT_EQ(c.credits(0), 0u);
  EXPECT_EQ(c.credits(1), 0u);  // VC 1 cannot advance: the cyclic dependency of Sec. 5.3.1
}

// With 100% private the model is the static buffer, credit for credit.
TEST(DamqCredits, FullyPrivateIsTheStaticBuffer) {
  DamqCredits d(PortBuffer{3, 32, 100});
  StaticCredits s(PortBuffer{3, 32});
  // (+1 consume / -1 give back, VC): VC 2 filled to its 32 phits, returns interleaved.
  const int ops[][2] = {{+1, 0}, {+1, 2}, {+1, 2}, {+1, 2}, {+1, 2}, {-1, 2}, {+1, 1},
                        {-1, 0}, {+1, 2}, {-1, 2}, {-1, 2}, {+1, 1}, {-1, 1}};
  for (const auto& op : ops) {
    const unsigned v = static_cast<unsigned>(op[1]);
    if (op[0] > 0) {
      ASSERT_TRUE(s.can_send(v, 8));
      ASSERT_TRUE(d.can_send(v, 8));
      s.consume(v, 8);
      d.consume(v, 8);
    } else {
      s.give_back(v, 8);
      d.give_back(v, 8);
    }
    for (unsigned u = 0; u < 3; ++u) {
      EXPECT_EQ(d.credits(u), s.credits(u));
      EXPECT_EQ(d.occupancy(u), s.occupancy(u));
    }
  }
  EXPECT_EQ(d.capacity(), s.capacity());
}

}  // namespace
