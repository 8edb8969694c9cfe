// The InfiniBand VL arbiter block model (sim/blocks/ib_vl_arbiter.h) on hand traces: thesis 003
// Fig. 6.1 (Sec. 6.2), LimitOfHighPriority 0, 1 and 255, the work-conserving low-priority table,
// weights rounded up to a whole packet; and against a reference that walks the tables entry by
// entry on random tables, traffic and accepts.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <sstream>
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

// The reference: the arbiter written from its definition (thesis 003 Sec. 5.3.1, 6.2; the five
// rules and the registers of sim/blocks/ib_vl_arbiter.h's header, docs/model.md §8.3), each table
// walked one entry at a time from the entry after its current one, as the thesis's sequential
// table walk. Tables: 0 the high-priority one, 1 the low-priority one.
class ReferenceArbiter {
 public:
  using Decision = IbVlArbiter::Decision;
  using Table = IbVlArbiter::Table;
  ReferenceArbiter(std::vector<IbVlArbEntry> high, std::vector<IbVlArbEntry> low, unsigned limit)
      : table_{std::move(high), std::move(low)}, limit_(limit) {
    for (int t = 0; t < 2; ++t)
      cur_[t] = table_[t].empty() ? 0 : static_cast<unsigned>(table_[t].size()) - 1;
  }
  void write_entry(int t, unsigned e, IbVlArbEntry x) { table_[t][e] = x; }

  Decision decide(uint32_t active) const {
    const bool reached = limit_ != 255 && counter_ >= (limit_ == 0 ? 1 : limit_ * 64);
    const bool low_goes_on = rem_[1] > 0 && lane_active(active, table_[1][cur_[1]].vl);
    const int high_next = walk(0, active), low_next = walk(1, active);
    // 1. the current low-priority entry goes on: it holds the limit's turn, or the limit is
    //    reached now (it takes the turn), or the high table has no eligible entry
    if (low_goes_on && (by_limit_ || reached || high_next < 0))
      return grant(Table::Low, cur_[1], false, !by_limit_ && reached);
    // 2. the limit's turn: the next low-priority entry
    if (reached && low_next >= 0) return grant(Table::Low, low_next, true, true);
    // 3. the current high-priority entry goes on
    if (rem_[0] > 0 && lane_active(active, table_[0][cur_[0]].vl))
      return grant(Table::High, cur_[0], false, false);
    // 4. the next high-priority entry; 5. the next low-priority entry (work-conserving)
    if (high_next >= 0) return grant(Table::High, high_next, true, false);
    if (low_next >= 0) return grant(Table::Low, low_next, true, false);
    return Decision{};
  }

  // The registers at the clock edge of an accepted grant of a packet of `size` units.
  void accept(const Decision& d, uint32_t size) {
    const int t = d.table == Table::High ? 0 : 1;
    const uint32_t weight = d.new_entry ? table_[t][d.entry].weight : rem_[t];
    rem_[t] = weight > size ? weight - size : 0;  // the last packet may use more than is left
    cur_[t] = d.entry;
    if (t == 0) {
      if (limit_ != 255) {
        const uint32_t threshold = limit_ == 0 ? 1 : limit_ * 64;
        counter_ = std::min(counter_ + size, threshold);
      }
    } else {
      if (d.lp_turn) counter_ = 0;
      if (d.lp_turn)
        by_limit_ = true;
      else if (d.new_entry)
        by_limit_ = false;
      if (rem_[1] == 0) by_limit_ = false;
    }
  }

  unsigned entry(int t) const { return cur_[t]; }
  uint32_t remaining(int t) const { return rem_[t]; }
  uint32_t counter() const { return counter_; }
  bool by_limit() const { return by_limit_; }

 private:
  static bool lane_active(uint32_t active, unsigned vl) {
    return vl < IbVlArbiter::kMaxVls && ((active >> vl) & 1u) != 0;
  }
  // The first entry after the current one (wrapping, the current one last) with a weight and an
  // active VL; -1 if none.
  int walk(int t, uint32_t active) const {
    const auto& tb = table_[t];
    unsigned e = cur_[t];
    for (size_t step = 0; step < tb.size(); ++step) {
      e = e + 1 == tb.size() ? 0 : e + 1;
      if (tb[e].weight != 0 && lane_active(active, tb[e].vl)) return static_cast<int>(e);
    }
    return -1;
  }
  Decision grant(Table t, int e, bool new_entry, bool lp_turn) const {
    Decision d;
    d.table = t;
    d.new_entry = new_entry;
    d.entry = static_cast<unsigned>(e);
    d.vl = table_[t == Table::High ? 0 : 1][d.entry].vl;
    d.lp_turn = lp_turn;
    return d;
  }

  std::array<std::vector<IbVlArbEntry>, 2> table_;
  unsigned limit_;
  unsigned cur_[2] = {0, 0};
  uint32_t rem_[2] = {0, 0};
  uint32_t counter_ = 0;
  bool by_limit_ = false;
};

std::string describe(const IbVlArbiter::Decision& d) {
  std::ostringstream s;
  s << "table " << static_cast<int>(d.table) << " new " << d.new_entry << " entry " << d.entry
    << " vl " << d.vl << " lp_turn " << d.lp_turn;
  return s.str();
}

// The arbiter's decisions and registers equal the reference's at every step, over random tables
// (1-64 entries, or empty; weights 0-255, a quarter of them 0; VLs 0-15 and a few beyond),
// LimitOfHighPriority 0, 1, 255 or random, random active vectors (bits above the 16 VLs too),
// head sizes 0-127 units, accepts (80 %) and single entries written in operation: 10^5 decisions
// per seed, 100 tables of 1,000 decisions. Every rule (and no grant) is taken under every seed.
TEST(IbVlArbiter, SameDecisionsAndRegistersAsTheSequentialWalkOnRandomTables) {
  using Table = IbVlArbiter::Table;
  constexpr int kTables = 100, kDecisions = 1000;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    std::mt19937_64 rng(seed);
    auto uniform = [&](uint32_t lo, uint32_t hi) {
      return std::uniform_int_distribution<uint32_t>(lo, hi)(rng);
    };
    auto chance = [&](double p) { return std::bernoulli_distribution(p)(rng); };
    auto random_entry = [&]() {
      IbVlArbEntry x;
      x.vl = static_cast<uint8_t>(chance(0.03) ? uniform(16, 255) : uniform(0, 15));
      x.weight = static_cast<uint8_t>(chance(0.25) ? 0 : uniform(1, 255));
      return x;
    };
    // Counts: low-priority entry continued (taking the limit's turn, holding it, or with no
    // eligible high-priority entry), new low-priority entry on the limit's turn, high-priority
    // entry continued, new high-priority entry, new low-priority entry (work-conserving), none.
    std::array<long, 8> rules{};
    for (int tab = 0; tab < kTables; ++tab) {
      std::vector<IbVlArbEntry> high(chance(0.03) ? 0 : uniform(1, 64));
      std::vector<IbVlArbEntry> low(chance(0.03) ? 0 : uniform(1, 64));
      for (auto& x : high) x = random_entry();
      for (auto& x : low) x = random_entry();
      const uint32_t limit_draw = uniform(0, 3);
      const unsigned limit = limit_draw == 0   ? 0
                             : limit_draw == 1 ? 1
                             : limit_draw == 2 ? 255
                                               : uniform(0, 255);
      IbVlArbiter a(high, low, limit);
      ReferenceArbiter ref(high, low, limit);
      const double density = std::array<double, 4>{0.05, 0.2, 0.5, 0.9}[uniform(0, 3)];
      const bool persistent = chance(0.5);  // lanes change state rarely, or at every decision
      uint32_t active = 0;
      for (int k = 0; k < kDecisions; ++k) {
        for (unsigned v = 0; v < IbVlArbiter::kMaxVls; ++v)
          if (!persistent || chance(0.1)) active = (active & ~(1u << v)) | (chance(density) << v);
        const uint32_t input = chance(0.1) ? active | (uniform(1, 0xffff) << 16) : active;
        uint32_t size[IbVlArbiter::kMaxVls];
        for (auto& z : size) z = chance(0.02) ? 0 : uniform(1, 127);
        const auto d = a.evaluate(input);
        const auto r = ref.decide(input);
        auto where = [&] {
          return "seed " + std::to_string(seed) + " table " + std::to_string(tab) + " decision " +
                 std::to_string(k);
        };
        ASSERT_TRUE(d.table == r.table && d.new_entry == r.new_entry && d.entry == r.entry &&
                    d.vl == r.vl && d.lp_turn == r.lp_turn)
            << where() << ": " << describe(d) << " against " << describe(r);
        const uint32_t g = a.select(input, size);
        ASSERT_EQ(g, d.valid() ? d.vl : IbVlArbiter::kNoGrant) << where();
        const bool lo = d.table == Table::Low;
        rules[!d.valid()                             ? 7
              : lo && !d.new_entry && d.lp_turn      ? 0
              : lo && !d.new_entry && ref.by_limit() ? 1
              : lo && !d.new_entry                   ? 2
              : lo && d.lp_turn                      ? 3
              : !lo && !d.new_entry                  ? 4
              : !lo                                  ? 5
                                                     : 6]++;
        if (d.valid() && chance(0.8)) {
          a.accept(g);
          ref.accept(r, size[r.vl]);
        }
        if (chance(0.01)) {
          const bool to_low = chance(0.5);
          const auto& t = to_low ? low : high;
          if (!t.empty()) {
            const unsigned e = uniform(0, static_cast<uint32_t>(t.size()) - 1);
            const IbVlArbEntry x = random_entry();
            a.write_entry(to_low ? Table::Low : Table::High, e, x);
            ref.write_entry(to_low ? 1 : 0, e, x);
          }
        }
        ASSERT_EQ(a.hp_entry(), ref.entry(0)) << where();
        ASSERT_EQ(a.lp_entry(), ref.entry(1)) << where();
        ASSERT_EQ(a.hp_remaining(), ref.remaining(0)) << where();
        ASSERT_EQ(a.lp_remaining(), ref.remaining(1)) << where();
        ASSERT_EQ(a.counter(), ref.counter()) << where();
        ASSERT_EQ(a.lp_by_limit(), ref.by_limit()) << where();
      }
    }
    for (size_t rule = 0; rule < rules.size(); ++rule)
      EXPECT_GT(rules[rule], 0) << "seed " << seed << " rule " << rule;
  }
}

}  // namespace
}  // namespace netcosim::model
