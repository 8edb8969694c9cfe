// SaturationSensor (sim/congestion/saturation_sensor.h): PiggyBack's saturation bits, thesis 000
// Sec. 1.4.2 Eq. 1.3 (global link k is saturated when its occupancy q_k > F * mean(q) + T; per-VC
// sensing reads VC 0, thesis Sec. 5.2.4), read by the other routers of the group with the local
// latency. Occupancies are set by hand through the credit counters (capacity - credits).
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "sim/blocks/credit_counter.h"
#include "sim/congestion/saturation_sensor.h"

namespace netcosim {
namespace {

SensorNeeds sat_needs(double f, uint32_t t, bool per_port) {
  SensorNeeds n;
  n.saturation = true;
  n.sat_f = f;
  n.sat_t_phits = t;
  n.sat_per_port = per_port;
  return n;
}

// Ports 0-1 are not global; global links are ports 2-5, 2 VCs of 256 phits each.
std::vector<model::CreditCounter> credits_with(const uint32_t (&vc0)[4], const uint32_t (&vc1)[4]) {
  std::vector<model::CreditCounter> c(6, model::CreditCounter(2, 256));
  for (uint32_t k = 0; k < 4; ++k) {
    if (vc0[k] != 0) c[2 + k].consume(0, vc0[k]);
    if (vc1[k] != 0) c[2 + k].consume(1, vc1[k]);
  }
  return c;
}

TEST(SaturationSensor, PerVcBitWithF2T0) {
  SaturationSensor s(sat_needs(2.0, 0, false), 2, 4, 2);
  s.set_peers({&s}, 10);
  // VC 0 occupancies 0, 0, 0, 100: mean 25, limit 50; link 3 only. VC 1 is not read.
  s.update(1, model::CreditArray(credits_with({0, 0, 0, 100}, {200, 0, 0, 0}).data()));
  EXPECT_EQ(s.mask(), 0b1000u);
  // 10, 10, 10, 30: mean 15, limit 30; 30 > 30 is false (strict).
  s.update(2, model::CreditArray(credits_with({10, 10, 10, 30}, {0, 0, 0, 0}).data()));
  EXPECT_EQ(s.mask(), 0u);
  // 10, 10, 10, 31: limit 30.5, 31 > 30.5.
  s.update(3, model::CreditArray(credits_with({10, 10, 10, 31}, {0, 0, 0, 0}).data()));
  EXPECT_EQ(s.mask(), 0b1000u);
}

TEST(SaturationSensor, ThresholdTAddsPhits) {
  SaturationSensor s(sat_needs(2.0, 60, false), 2, 4, 2);
  s.set_peers({&s}, 10);
  s.update(1, model::CreditArray(
                  credits_with({0, 0, 0, 100}, {0, 0, 0, 0}).data()));  // limit 50 + 60 = 110
  EXPECT_EQ(s.mask(), 0u);
  s.update(2, model::CreditArray(
                  credits_with({0, 0, 0, 120}, {0, 0, 0, 0}).data()));  // limit 60 + 60 = 120
  EXPECT_EQ(s.mask(), 0u);
  s.update(3, model::CreditArray(
                  credits_with({0, 0, 0, 124}, {0, 0, 0, 0}).data()));  // limit 62 + 60 = 122
  EXPECT_EQ(s.mask(), 0b1000u);
}

TEST(SaturationSensor, PerPortComparesThePortMeanWithFTimesTheMeanOfPortMeans) {
  SaturationSensor s(sat_needs(2.0, 0, true), 2, 4, 2);
  s.set_peers({&s}, 10);
  // Port means (200+0)/2 = 100, 0, 0, (0+100)/2 = 50: their mean 37.5, limit 75: link 0 only.
  s.update(1, model::CreditArray(credits_with({0, 0, 0, 100}, {200, 0, 0, 0}).data()));
  EXPECT_EQ(s.mask(), 0b0001u);
  // Port means 50, 0, 0, 51 (mean 25.25, limit 50.5): link 3 only; 50 is not above 50.5.
  s.update(2, model::CreditArray(credits_with({50, 0, 0, 51}, {50, 0, 0, 51}).data()));
  EXPECT_EQ(s.mask(), 0b1000u);
}

// The case behind port means (docs/model.md §4.1): with F = 1 and every global port holding the
// same phits, no port is above the mean (the port's sum against the per-VC mean flagged them all).
TEST(SaturationSensor, PerPortWithF1FlagsNoPortWhenAllHoldTheSame) {
  SaturationSensor s(sat_needs(1.0, 0, true), 2, 4, 2);
  s.set_peers({&s}, 10);
  s.update(1, model::CreditArray(
                  credits_with({40, 40, 40, 40}, {40, 40, 40, 40}).data()));  // 80 phits per port
  EXPECT_EQ(s.mask(), 0u);
  s.update(2, model::CreditArray(
                  credits_with({40, 40, 40, 41}, {40, 40, 40, 40}).data()));  // 40.5 > 40.125
  EXPECT_EQ(s.mask(), 0b1000u);
}

TEST(SaturationSensor, PeersSeeTheBitsExactlyLatencyCyclesLate) {
  SaturationSensor a(sat_needs(2.0, 0, false), 2, 4, 2), b(sat_needs(2.0, 0, false), 2, 4, 2);
  a.set_peers({&a, &b}, 10);
  b.set_peers({&a, &b}, 10);
  a.update(5, model::CreditArray(
                  credits_with({0, 0, 0, 100}, {0, 0, 0, 0}).data()));  // changes in cycle 5
  EXPECT_EQ(a.peer(0, 5), 0b1000u);                                     // own: current
  EXPECT_EQ(b.peer(0, 9), 0u);                                          // before the latency
  EXPECT_EQ(b.peer(0, 14), 0u);                                         // a's bits at cycle 4
  EXPECT_EQ(b.peer(0, 15), 0b1000u);                                    // a's bits at cycle 5
  a.update(20, model::CreditArray(
                   credits_with({0, 0, 0, 0}, {0, 0, 0, 0}).data()));  // cleared in cycle 20
  EXPECT_EQ(b.peer(0, 29), 0b1000u);
  EXPECT_EQ(b.peer(0, 30), 0u);
  EXPECT_EQ(a.at(19), 0b1000u);  // the history answers for cycles before the latest change
}

// Request-reply traffic (seed 002 Sec. IV-A, docs/model.md §4.7): with sat_reply_vc = 2 (the
// baseline's 8/4, global VCs 2-3 the reply half) a second set from VC 2, each set against its own
// VC's mean. Links 2-5 with 4 VCs: VC 0 holds 80, 0, 0, 0 (mean 20, limit 40: link 0), VC 2 holds
// 0, 0, 0, 100 (mean 25, limit 50: link 3); VC 1 and 3 are read by neither. Peers see both sets
// latency cycles late. Without sat_reply_vc the second set is the first.
TEST(SaturationSensor, ReplySetFromTheReplyHalfsFirstGlobalVc) {
  SensorNeeds n = sat_needs(2.0, 0, false);
  n.sat_reply_vc = 2;
  SaturationSensor a(n, 2, 4, 4), b(n, 2, 4, 4);
  a.set_peers({&a, &b}, 10);
  b.set_peers({&a, &b}, 10);
  std::vector<model::CreditCounter> c(6, model::CreditCounter(4, 256));
  c[2].consume(0, 80);
  c[5].consume(2, 100);
  c[3].consume(1, 200);
  c[4].consume(3, 200);
  a.update(5, model::CreditArray(c.data()));
  EXPECT_EQ(a.mask(), 0b0001u);
  EXPECT_EQ(a.reply_mask(), 0b1000u);
  EXPECT_EQ(a.peer_reply(0, 5), 0b1000u);
  EXPECT_EQ(b.peer_reply(0, 14), 0u);
  EXPECT_EQ(b.peer(0, 15), 0b0001u);
  EXPECT_EQ(b.peer_reply(0, 15), 0b1000u);
  SaturationSensor one(sat_needs(2.0, 0, false), 2, 4, 4);
  one.set_peers({&one}, 10);
  one.update(5, model::CreditArray(c.data()));
  EXPECT_EQ(one.mask(), 0b0001u);
  EXPECT_EQ(one.reply_mask(), 0b0001u);
  EXPECT_EQ(one.peer_reply(0, 5), 0b0001u);
  // Per port, one set (both halves summed): F = 1, port means 20, 50, 50, 25 (mean 36.25): links
  // 1 and 2 in both sets.
  SensorNeeds p = sat_needs(1.0, 0, true);
  p.sat_reply_vc = 2;
  SaturationSensor pp(p, 2, 4, 4);
  pp.set_peers({&pp}, 10);
  pp.update(5, model::CreditArray(c.data()));
  EXPECT_EQ(pp.mask(), 0b0110u);
  EXPECT_EQ(pp.reply_mask(), 0b0110u);
}

// minCred (routing.mincred=vc|port with routing.piggyback_bits=auto; thesis 000 Sec. 5.2.4,
// docs/model.md §4.6): the bits sum the router's minimal-only counts ([port * stride + vc],
// stride 4 here) in place of capacity - credits. Links 2-5, 2 VCs of 256 phits.
TEST(SaturationSensor, MinCredBitsReadTheMinimalOnlyCounts) {
  SensorNeeds n = sat_needs(2.0, 0, false);
  n.sat_min_only = true;
  SaturationSensor comb(sat_needs(2.0, 0, false), 2, 4, 2), mc(n, 2, 4, 2);
  comb.set_peers({&comb}, 10);
  mc.set_peers({&mc}, 10);
  EXPECT_FALSE(comb.min_only());
  EXPECT_TRUE(mc.min_only());
  std::vector<uint32_t> counts(6 * 4, 0);
  mc.set_min_counts(counts.data(), 4);
  // VC 0 holds 8, 8, 8 minimal phits and link 3 100 phits of Valiant packets only. Combined:
  // 8, 8, 8, 100 (mean 31, limit 62): link 3. Minimal only: 8, 8, 8, 0 (mean 6, limit 12): none.
  auto c = credits_with({8, 8, 8, 100}, {0, 0, 0, 0});
  for (uint32_t k = 0; k < 3; ++k) counts[(2 + k) * 4 + 0] = 8;
  comb.update(1, model::CreditArray(c.data()));
  mc.update(1, model::CreditArray(c.data()));
  EXPECT_EQ(comb.mask(), 0b1000u);
  EXPECT_EQ(mc.mask(), 0u);
  // Link 0 holds 40 minimal phits, links 1-3 100 Valiant phits each. Combined: 40, 100, 100, 100
  // (mean 85, limit 170): none. Minimal only: 40, 0, 0, 0 (mean 10, limit 20): link 0.
  c = credits_with({40, 100, 100, 100}, {0, 0, 0, 0});
  std::fill(counts.begin(), counts.end(), 0);
  counts[2 * 4 + 0] = 40;
  counts[2 * 4 + 1] = 200;  // VC 1 is not read per VC
  comb.update(2, model::CreditArray(c.data()));
  mc.update(2, model::CreditArray(c.data()));
  EXPECT_EQ(comb.mask(), 0u);
  EXPECT_EQ(mc.mask(), 0b0001u);
  EXPECT_EQ(mc.at(1), 0u);  // the history keeps the change like the combined bits'
}

// Per port under minCred: each link's mean of its VCs' minimal-only counts against F times the
// mean of those; the reply set (sat_reply_vc, per VC) reads its VC's minimal-only counts.
TEST(SaturationSensor, MinCredPerPortAndReplySet) {
  SensorNeeds n = sat_needs(2.0, 0, true);
  n.sat_min_only = true;
  SaturationSensor pp(n, 2, 4, 2);
  pp.set_peers({&pp}, 10);
  std::vector<uint32_t> counts(6 * 4, 0);
  pp.set_min_counts(counts.data(), 4);
  // Minimal only: VC 1 of link 3 48 phits: port means 0, 0, 0, 24 (mean 6, limit 12): link 3.
  // Combined it would be 100, 100, 100, 24 with links 0-2's VC 0 full of Valiant phits: none.
  counts[5 * 4 + 1] = 48;
  pp.update(1, model::CreditArray(credits_with({200, 200, 200, 0}, {0, 0, 0, 48}).data()));
  EXPECT_EQ(pp.mask(), 0b1000u);
  // The reply set, 4 VCs, replies from VC 2: minimal only VC 0 16, 0, 0, 0 (link 0) and VC 2
  // 0, 0, 0, 16 (link 3); the credits (every VC at 100 phits) are not read.
  SensorNeeds r = sat_needs(2.0, 0, false);
  r.sat_min_only = true;
  r.sat_reply_vc = 2;
  SaturationSensor rr(r, 2, 4, 4);
  rr.set_peers({&rr}, 10);
  std::vector<uint32_t> rc(6 * 4, 0);
  rr.set_min_counts(rc.data(), 4);
  rc[2 * 4 + 0] = 16;
  rc[5 * 4 + 2] = 16;
  std::vector<model::CreditCounter> full(6, model::CreditCounter(4, 256));
  for (auto& f : full)
    for (unsigned v = 0; v < 4; ++v) f.consume(v, 100);
  rr.update(1, model::CreditArray(full.data()));
  EXPECT_EQ(rr.mask(), 0b0001u);
  EXPECT_EQ(rr.reply_mask(), 0b1000u);
}

}  // namespace
}  // namespace netcosim
