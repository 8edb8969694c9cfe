// The switches' table schedulers (sim/router/vl/table_schedulers.h; docs/model.md §10.5): the
// DTable and SBT blocks over SLs, the SL of each VL from its head, a round robin among an SL's
// VLs, a packet as the DTable's whole message; DRR over SLs (exact shares, Shreedhar and Varghese's
// deficit bound); the IB VL arbiter over VLs.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "sim/router/vl/table_schedulers.h"

namespace {

using netcosim::DrrSlBlock;
using netcosim::DrrSlScheduler;
using netcosim::DTableSlBlock;
using netcosim::DTableSlScheduler;
using netcosim::IbVlArbScheduler;
using netcosim::SbtSlBlock;
using netcosim::SbtSlScheduler;
namespace model = netcosim::model;

std::shared_ptr<const model::DTableTable> table(
    std::initializer_list<std::pair<unsigned, uint32_t>> entries) {
  auto t = std::make_shared<model::DTableTable>(static_cast<unsigned>(entries.size()));
  unsigned i = 0;
  for (const auto& [sl, w] : entries) t->write(i++, sl, w);
  return t;
}

TEST(DTableSlScheduler, APacketIsAWholeMessageFig52Trace) {
  // Fig. 5.2: SL0's packets of 2 credits, its entry of weight 3, SL1 empty. Round N sends one
  // packet (acc 3 -> 1, kept as the deficit), round N+1 two (acc 1 + 3 = 4 -> 2 -> 0); every
  // packet is a new decision (the raw arbiter would lock the grant for a second packet).
  DTableSlScheduler s(2, DTableSlBlock(table({{0, 3}, {1, 5}}), model::DTableParams{2, 16, 16, 8}));
  const uint32_t phits[16] = {2};
  const uint8_t sl[16] = {0};
  std::vector<uint32_t> acc;
  for (int k = 0; k < 3; ++k) {
    const uint32_t vl = s.select(0b1, phits, sl);
    ASSERT_EQ(vl, 0u);
    s.accept(vl);
    EXPECT_EQ(s.block().arbiter().pending(), 0u);
    acc.push_back(s.block().arbiter().acc());
  }
  EXPECT_EQ(acc, (std::vector<uint32_t>{1, 2, 0}));
  EXPECT_EQ(s.block().arbiter().ptr(), 1u);  // the walk of round N+1 passed SL1's empty entry
}

TEST(DTableSlScheduler, AnSlOnTwoVlsServesThemInTurnAndHeadsGiveTheSl) {
  // SL0 on VLs 0 and 1, SL1 on VL 2 (weights of 2 packets each of 1 credit): SL0's turns
  // alternate between its VLs (thesis 003 Sec. 4.3.3's round robin among an SL's SCs).
  DTableSlScheduler s(2, DTableSlBlock(table({{0, 2}, {1, 2}}), model::DTableParams{2, 16, 16, 8}));
  const uint32_t phits[16] = {1, 1, 1};
  const uint8_t sl[16] = {0, 0, 1};
  std::vector<uint32_t> out;
  for (int k = 0; k < 8; ++k) {
    const uint32_t vl = s.select(0b111, phits, sl);
    s.accept(vl);
    out.push_back(vl);
  }
  EXPECT_EQ(out, (std::vector<uint32_t>{0, 1, 2, 2, 0, 1, 2, 2}));
  // A VL carries the SL of its head: VL 0's head of SL1 is served on SL1's entry only.
  DTableSlScheduler t(2, DTableSlBlock(table({{1, 4}}), model::DTableParams{2, 16, 16, 8}));
  const uint8_t sl1[16] = {1};
  EXPECT_EQ(t.select(0b1, phits, sl1), 0u);
  const uint8_t sl0[16] = {0};
  EXPECT_EQ(t.select(0b1, phits, sl0), DTableSlScheduler::kVls) << "SL0 has no entry";
}

TEST(SbtSlScheduler, WeightsInPacketsWithTheResetOfAlgorithm2) {
  // Weights 2 and 1, both SLs always active: the walk starts at the last SL served (Algorithm 2
  // line 8), the table is restored at the charge that empties it.
  SbtSlScheduler s(2, SbtSlBlock({2, 1}));
  const uint32_t phits[16] = {1, 1};
  const uint8_t sl[16] = {0, 1};
  std::vector<uint32_t> out;
  for (int k = 0; k < 6; ++k) {
    const uint32_t vl = s.select(0b11, phits, sl);
    EXPECT_EQ(s.select(0b11, phits, sl), vl) << "select() alone changes nothing";
    s.accept(vl);
    out.push_back(vl);
  }
  EXPECT_EQ(out, (std::vector<uint32_t>{0, 0, 1, 1, 0, 0}));
}

// DRR with two SLs always backlogged, SL s on VL s with packets of size[s] credits and quantum
// quantum[s]: the grants in order, and after each visit the credits sent so far.
struct DrrRun {
  std::vector<uint32_t> order;                  // the SL of each packet
  std::vector<std::vector<uint32_t>> at_visit;  // [sl][m]: credits sent when visit m + 1 ends
  uint64_t sent[2] = {};
};
DrrRun run_drr(const std::vector<uint32_t>& quantum, const uint32_t (&size)[16], int packets) {
  DrrSlScheduler s(2, DrrSlBlock(netcosim::VlSwitchConfig::drr_params_for(2), quantum));
  const uint8_t sl[16] = {0, 1};
  DrrRun r;
  r.at_visit.resize(2);
  uint32_t last = 2;
  for (int k = 0; k < packets; ++k) {
    const uint32_t vl = s.select(0b11, size, sl);
    EXPECT_EQ(s.select(0b11, size, sl), vl) << "select() alone changes nothing";
    EXPECT_LT(vl, 2u);
    if (vl >= 2u) break;
    if (last < 2 && vl != last) r.at_visit[last].push_back(static_cast<uint32_t>(r.sent[last]));
    s.accept(vl);
    r.sent[vl] += size[vl];
    r.order.push_back(vl);
    last = vl;
  }
  return r;
}

TEST(DrrSlScheduler, QuantaOneToThreeWithEqualPacketsGiveAQuarterAndThreeQuartersExactly) {
  // Packets of 8 credits, quanta 8 and 24: each round (a visit of SL0, then of SL1) sends one
  // packet of SL0 and three of SL1, the deficits back at 0; the first visit is SL0's.
  const uint32_t size[16] = {8, 8};
  const DrrRun r = run_drr({8, 24}, size, 4 * 25);
  std::vector<uint32_t> round = {0, 1, 1, 1}, want;
  for (int k = 0; k < 25; ++k) want.insert(want.end(), round.begin(), round.end());
  EXPECT_EQ(r.order, want);
  EXPECT_EQ(r.sent[0], 25u * 8);  // 1/4 of the 800 credits
  EXPECT_EQ(r.sent[1], 75u * 8);  // 3/4
}

TEST(DrrSlScheduler, UnequalPacketsStayWithinTheDeficitBoundAndShareExactlyOverAPeriod) {
  // Shreedhar and Varghese's Lemma: at the end of a backlogged flow's m-th visit its deficit is
  // below its packet size, so m Q - L < sent <= m Q. SL0: quantum 8, packets of 5 (its deficit
  // returns to 0 after 5 visits, 8 packets); SL1: quantum 24, packets of 7 (7 visits, 24
  // packets). Over 35 rounds SL0 sends 35 x 8 = 280 credits and SL1 35 x 24 = 840: 1/4 : 3/4.
  const uint32_t size[16] = {5, 7};
  const uint32_t q[2] = {8, 24};
  const DrrRun r = run_drr({8, 24}, size, 35 * 8 / 5 + 35 * 24 / 7 + 1);
  for (uint32_t s = 0; s < 2; ++s) {
    ASSERT_GE(r.at_visit[s].size(), 35u) << "SL " << s;
    for (size_t m = 0; m < r.at_visit[s].size(); ++m) {
      const uint64_t full = (m + 1) * uint64_t{q[s]};
      EXPECT_LE(r.at_visit[s][m], full) << "SL " << s << " visit " << m + 1;
      EXPECT_GT(r.at_visit[s][m] + size[s], full) << "SL " << s << " visit " << m + 1;
    }
    EXPECT_EQ(r.at_visit[s][34], 35u * q[s]) << "SL " << s << ": the deficit is 0 after 35";
  }
  // The first visits: SL0 8 -> one packet (deficit 3), SL1 24 -> three (deficit 3), SL0 11 ->
  // two (1), SL1 27 -> three (6), SL0 9 -> one (4), SL1 30 -> four (2).
  const std::vector<uint32_t> first(r.order.begin(), r.order.begin() + 14);
  EXPECT_EQ(first, (std::vector<uint32_t>{0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1}));
}

TEST(DrrSlScheduler, AnSlLeftEmptyLosesItsDeficitAndOneWithPacketsKeepsIt) {
  // Quantum 8, packets of 5: after SL0's first packet its deficit is 3. Left while it still has a
  // packet (both active) it keeps 3; left while inactive (only SL1 active) it drops to 0.
  const uint8_t sl[16] = {0, 1};
  const uint32_t size[16] = {5, 5};
  for (const uint32_t next_active : {0b11u, 0b10u}) {
    DrrSlScheduler s(2, DrrSlBlock(netcosim::VlSwitchConfig::drr_params_for(2), {8, 8}));
    ASSERT_EQ(s.select(0b11, size, sl), 0u);
    s.accept(0);
    EXPECT_EQ(s.block().arbiter().deficit(0), 3u);
    ASSERT_EQ(s.select(next_active, size, sl), 1u);
    s.accept(1);
    EXPECT_EQ(s.block().arbiter().deficit(0), next_active == 0b11u ? 3u : 0u);
    EXPECT_EQ(s.block().arbiter().deficit(1), 3u);
  }
  // No active SL: no grant.
  DrrSlScheduler e(2, DrrSlBlock(netcosim::VlSwitchConfig::drr_params_for(2), {8, 8}));
  EXPECT_EQ(e.select(0, size, sl), DrrSlScheduler::kVls);
}

TEST(IbVlArbScheduler, HighTableEntriesInTurnAndNoGrantAsKVls) {
  IbVlArbScheduler s(model::IbVlArbiter({{0, 1}, {1, 1}}, {}, model::IbVlArbiter::kNoLimit));
  const uint32_t phits[16] = {1, 1};
  std::vector<uint32_t> out;
  for (int k = 0; k < 4; ++k) {
    const uint32_t vl = s.select(0b11, phits);
    s.accept(vl);
    out.push_back(vl);
  }
  EXPECT_EQ(out, (std::vector<uint32_t>{0, 1, 0, 1}));
  EXPECT_EQ(s.select(0b100, phits), IbVlArbScheduler::kVls) << "VL2 has no entry";
}

// The weights count 64-byte units of a packet (thesis 003 Sec. 6.2), whatever the flit: with
// Ch. 6's 16-byte flits (Sec. 6.5.2) a 64-byte packet is 4 flits and one unit. High VL0 and VL1
// at 8 units each, low VL2 at 6, LimitOfHighPriority 1 (64 units): over 70 packets of 4 flits,
// 64 high-priority packets (32 + 32) and one low-priority turn of 6, as with 64-byte flits.
// Read as 4 units each, the same heads would send 2 packets per high entry and reach the limit
// after 16 high-priority packets, giving VL2 2 of every 18 packets.
TEST(IbVlArbScheduler, WeightsCount64ByteUnitsOfMultiFlitPackets) {
  auto count = [](uint32_t flits_per_unit, int grants) {
    IbVlArbScheduler s(model::IbVlArbiter({{0, 8}, {1, 8}}, {{2, 6}}, 1), flits_per_unit);
    const uint32_t phits[16] = {4, 4, 4};
    std::vector<int> n(3, 0);
    for (int k = 0; k < grants; ++k) {
      const uint32_t vl = s.select(0b111, phits);
      EXPECT_LT(vl, 3u);
      if (vl >= 3u) break;
      s.accept(vl);
      ++n[vl];
    }
    return n;
  };
  EXPECT_EQ(count(4, 70), (std::vector<int>{32, 32, 6}));
  EXPECT_EQ(count(1, 18), (std::vector<int>{8, 8, 2}));
}

}  // namespace
