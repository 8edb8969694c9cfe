// Mixed and transient traffic (TrafficParams::pattern_for; seed 001 Fig. 6-9, docs/model.md
// "Mixed and transient traffic") and the Bernoulli source (thesis 000 Sec. 1.6.1): which pattern
// a packet uses and every draw taken from the node's stream, in order.
#include <gtest/gtest.h>

#include "sim/topology/dragonfly.h"
#include "sim/traffic/source.h"

namespace netcosim {
namespace {

struct Patterns {
  Dragonfly d{2, 4, 2, Arrangement::Palmtree};
  std::unique_ptr<TrafficPattern> un = make_traffic("uniform", d, 0);
  std::unique_ptr<TrafficPattern> adv = make_traffic("adv", d, 1);
};

TEST(TrafficParams, OnePatternTakesNoDraw) {
  const Patterns p;
  TrafficParams tp;
  tp.pattern = p.un.get();
  Rng rng(1, 1, 0), twin(1, 1, 0);
  EXPECT_EQ(&tp.pattern_for(0, rng), p.un.get());
  EXPECT_EQ(rng.next(), twin.next());
}

// A transient: pattern before switch_cycle, pattern2 from it on; no draw either way.
TEST(TrafficParams, TransientSwitchesAtTheSwitchCycleWithoutADraw) {
  const Patterns p;
  TrafficParams tp;
  tp.pattern = p.un.get();
  tp.pattern2 = p.adv.get();
  tp.switch_cycle = 100;
  Rng rng(2, 1, 0), twin(2, 1, 0);
  EXPECT_EQ(&tp.pattern_for(0, rng), p.un.get());
  EXPECT_EQ(&tp.pattern_for(99, rng), p.un.get());
  EXPECT_EQ(&tp.pattern_for(100, rng), p.adv.get());
  EXPECT_EQ(&tp.pattern_for(5000, rng), p.adv.get());
  EXPECT_EQ(rng.next(), twin.next());
}

// A mix: one uniform draw per packet, pattern2 when it is below `mix`.
TEST(TrafficParams, MixTakesOneUniformDrawPerPacket) {
  const Patterns p;
  TrafficParams tp;
  tp.pattern = p.un.get();
  tp.pattern2 = p.adv.get();
  tp.mix = 0.25;
  Rng rng(3, 1, 0), twin(3, 1, 0);
  int second = 0;
  for (int i = 0; i < 1000; ++i) {
    const TrafficPattern* expect = twin.uniform() < 0.25 ? p.adv.get() : p.un.get();
    const TrafficPattern* got = &tp.pattern_for(static_cast<Cycle>(i), rng);
    EXPECT_EQ(got, expect) << "packet " << i;
    second += got == p.adv.get();
  }
  EXPECT_GT(second, 0);
  EXPECT_LT(second, 1000);
}

// The first attempt is at cycle gap - 1; each generation draws the destination, then the next gap.
TEST(BernoulliSource, GapsAndDestinationsComeFromTheNodesStreamInOrder) {
  const Patterns p;
  TrafficParams tp;
  tp.pattern = p.adv.get();
  tp.packet_prob = 0.05;
  const Rng stream(4, 1, 9);
  BernoulliSource src(9, stream, tp);
  Rng twin = stream;
  uint64_t next = twin.geometric_gap(0.05) - 1;
  for (int i = 0; i < 200; ++i) {
    ASSERT_EQ(src.next(), next) << "packet " << i;
    const uint32_t dst = src.generate().dst;
    EXPECT_EQ(dst, 2 * 8 + twin.below(8)) << "packet " << i;  // node 9 is in group 1: ADV+1 -> 2
    next += twin.geometric_gap(0.05);
  }
}

TEST(BernoulliSource, ZeroLoadNeverGenerates) {
  const Patterns p;
  TrafficParams tp;
  tp.pattern = p.un.get();
  const BernoulliSource src(0, Rng(5, 1, 0), tp);
  EXPECT_EQ(src.next(), kNone);
}

}  // namespace
}  // namespace netcosim
