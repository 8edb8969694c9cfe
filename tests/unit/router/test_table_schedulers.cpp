// The switches' table schedulers (sim/router/vl/table_schedulers.h; docs/model.md §10.5): the
// DTable and SBT blocks over SLs, the SL of each VL from its head, a round robin among an SL's
// VLs, a packet as the DTable's whole message; the IB VL arbiter over VLs.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "sim/router/vl/table_schedulers.h"

namespace {

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
