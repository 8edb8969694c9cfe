// The InfiniBand VL arbiter block model (sim/blocks/ib_vl_arbiter.h) on hand traces: thesis 003
// Fig. 6.1 (Sec. 6.2), LimitOfHighPriority 0, 1 and 255, the work-conserving low-priority table,
// weights rounded up to a whole packet.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sim/blocks/ib_vl_arbiter.h"

namespace netcosim::model {
namespace {

// Runs `n` grants with every lane of `active` busy and packets of `units` 64-B units; returns the
// granted lanes as a string of digits.
std::string run(IbVlArbiter& a, uint32_t active, int n, uint32_t units = 1) {
  std::string s;
  uint32_t size[16];
  for (auto& x : size) x = units;
  for (int k = 0; k < n; ++k) {
    const uint32_t g = a.select(active, size);
    if (g == IbVlArbiter::kNoGrant) return s + "-";
    s += static_cast<char>('0' + g);
    a.accept(g);
  }
  return s;
}

// Fig. 6.1: LimitOfHighPriority = 1 (4096 B = 64 units of 64 B), byte counter at 3968 B (62
// units); high-priority VL0 holds 3 packets of 64 B and its entry allows 3 (192 B), low-priority
// VL2 holds 2. VL0 sends 2 packets (3968 -> 4096), is interrupted, VL2 sends both (its entry's
// weight), the counter restarts, VL0 sends its last packet.
TEST(IbVlArbiter, Fig61TraceLimitInterruptsTheHighPriorityEntry) {
  // The counter reaches 62 units by a first entry of VL1 (62 packets) before the figure's state.
  IbVlArbiter a({{1, 62}, {0, 3}}, {{2, 2}}, 1);
  EXPECT_EQ(a.threshold(), 64u);
  EXPECT_EQ(run(a, 0b0010, 62), std::string(62, '1'));
  EXPECT_EQ(a.counter(), 62u);  // 3968 bytes
  uint32_t size[16] = {1, 1, 1, 1};
  std::string s;
  int vl0 = 3, vl2 = 2;
  std::vector<uint32_t> counters;
  while (vl0 + vl2 > 0) {
    const uint32_t active = (vl0 > 0 ? 0b0001u : 0u) | (vl2 > 0 ? 0b0100u : 0u);
    const uint32_t g = a.select(active, size);
    ASSERT_NE(g, IbVlArbiter::kNoGrant);
    a.accept(g);
    (g == 0 ? vl0 : vl2) -= 1;
    s += static_cast<char>('0' + g);
    counters.push_back(a.counter());
  }
  EXPECT_EQ(s, "00220");
  EXPECT_EQ(counters, (std::vector<uint32_t>{63, 64, 0, 0, 1}));  // 4032 B, 4096 B, restart
}

// Limit 0: one high-priority packet, then a low-priority entry (its whole weight): the tables
// alternate. The high-priority table goes first.
TEST(IbVlArbiter, LimitZeroAlternatesTheTables) {
  IbVlArbiter a({{0, 3}}, {{1, 1}}, 0);
  EXPECT_EQ(a.threshold(), 1u);
  EXPECT_EQ(run(a, 0b11, 10), "0101010101");
  IbVlArbiter b({{0, 3}}, {{1, 2}}, 0);
  EXPECT_EQ(run(b, 0b11, 9), "011011011");
}

// Limit 1: 4096 bytes (64 units) of high priority, then one low-priority entry.
TEST(IbVlArbiter, LimitOneServesLowPriorityEvery4096Bytes) {
  IbVlArbiter a({{0, 255}}, {{1, 2}}, 1);
  const std::string period = std::string(64, '0') + "11";
  EXPECT_EQ(run(a, 0b11, 3 * 66), period + period + period);
  // Packets of 4 units: 16 packets make 4096 bytes.
  IbVlArbiter b({{0, 255}}, {{1, 1}}, 1);
  const std::string p4 = std::string(16, '0') + "1";
  EXPECT_EQ(run(b, 0b11, 2 * 17, 4), p4 + p4);
}

// Limit 255: no limit; the low-priority table sends only while no high-priority lane is active,
// and a high-priority packet is next as soon as one is.
TEST(IbVlArbiter, Limit255NeverInterruptsHighPriority) {
  IbVlArbiter a({{0, 2}, {2, 1}}, {{1, 5}}, 255);
  EXPECT_EQ(a.threshold(), 0u);
  EXPECT_EQ(run(a, 0b111, 300).find('1'), std::string::npos);
  EXPECT_EQ(a.counter(), 0u);
  EXPECT_EQ(run(a, 0b010, 3), "111");  // work-conserving: no high-priority lane active
  EXPECT_EQ(run(a, 0b011, 2), "00");   // VL0 back: the low-priority entry is preempted
  EXPECT_EQ(run(a, 0b010, 3), "111");  // the rest of the entry (5), then a new one
}

// Work-conserving below the limit: the low-priority table sends while the high-priority lanes are
// idle; a high-priority arrival takes the next packet (the limit is not reached).
TEST(IbVlArbiter, LowPriorityFillsTheLinkUntilHighPriorityArrives) {
  IbVlArbiter a({{0, 10}}, {{1, 10}}, 1);
  EXPECT_EQ(run(a, 0b10, 4), "1111");
  EXPECT_EQ(a.counter(), 0u);
  EXPECT_EQ(run(a, 0b11, 3), "000");
  EXPECT_EQ(a.counter(), 3u);
}

// A weight counts 64-B units, and an entry sends while some weight is left: weight 1 lets one
// packet of 4 units go (rounded up to a whole packet), then the walk moves on. Weight 0 entries
// are skipped.
TEST(IbVlArbiter, WeightsRoundUpToAWholePacketAndZeroWeightsAreSkipped) {
  IbVlArbiter a({{0, 1}, {1, 0}, {2, 5}}, {}, 255);
  EXPECT_EQ(run(a, 0b111, 6, 4), "022022");
  EXPECT_EQ(run(a, 0b010, 1), "-");  // VL1 has only a weight-0 entry
}

// A table entry written in operation (write_entry, the RTL's configuration port in
// rtl/ib_vl_arbiter.sv; docs/model.md §8.3): the registers keep their values, so the current entry
// goes on with the weight it has left and the entry's new VL; the next walk reads the new weight,
// and a weight written to 0 is skipped.
TEST(IbVlArbiter, WriteEntryInOperationKeepsTheWeightLeft) {
  IbVlArbiter a({{0, 3}, {1, 2}}, {}, 255);
  EXPECT_EQ(run(a, 0b11, 1), "0");  // entry 0, 2 of its 3 units left
  EXPECT_EQ(a.hp_remaining(), 2u);
  a.write_entry(IbVlArbiter::Table::High, 0, {1, 9});
  EXPECT_EQ(run(a, 0b11, 2), "11");  // entry 0 goes on with its 2 units, now on VL1
  EXPECT_EQ(a.hp_entry(), 0u);
  EXPECT_EQ(a.hp_remaining(), 0u);
  EXPECT_EQ(run(a, 0b11, 2), "11");  // entry 1
  EXPECT_EQ(a.hp_entry(), 1u);
  a.write_entry(IbVlArbiter::Table::High, 0, {1, 0});
  EXPECT_EQ(run(a, 0b11, 1), "1");  // entry 0 (weight 0) skipped: entry 1 again
  EXPECT_EQ(a.hp_entry(), 1u);
  EXPECT_EQ(a.hp_remaining(), 1u);
}

}  // namespace
}  // namespace netcosim::model
