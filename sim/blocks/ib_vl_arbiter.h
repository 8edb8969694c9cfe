// The InfiniBand VL arbiter of one output port: two tables and LimitOfHighPriority.
//
// Source: thesis 003 Sec. 5.3.1 and 6.2 (Fig. 6.1). A high-priority and a low-priority table of up
// to 64 entries (VL, weight 0..255); a weight counts 64-byte units, and an entry lets its VL send
// while some of its weight is left, so a weight rounded up to a whole packet lets the whole packet
// go (the last packet may use more than what is left). The table is walked sequentially to the
// next entry whose VL is active (stored packets and credits for at least one). A byte counter
// accumulates what the high-priority table sends; when it reaches LimitOfHighPriority x 4096
// bytes, a low-priority entry is served (its whole weight), and the counter restarts. 255 = no
// limit; 0 = one high-priority packet, then a low-priority entry: the tables alternate. With no
// active high-priority VL the low-priority table sends (work-conserving) until a high-priority
// packet is there. docs/model.md "QoS output schedulers" lists the choices the thesis leaves open.
//
// Port list (rtl/ib_vl_arbiter.sv, docs/cosim.md), V <= 16 lanes, sizes and weights in 64-B units:
//   in : active[V], size[V] (head packet, >= 1 unit), accept; the RTL also has the tables'
//        configuration port (write_entry)
//   out: the granted VL (combinational); registered: the current entry of each table and its
//        remaining weight, the high-priority counter, whether the current low-priority entry was
//        granted by the limit.
// Decision (first that applies):
//   1. the current low-priority entry has weight left and its VL is active, and it was granted by
//      the limit, or the limit is reached now, or no high-priority entry is eligible -> continue it
//      (if the limit is reached now, this is the low-priority turn: the counter restarts)
//   2. the limit is reached and a low-priority entry is eligible -> the next one (counter restarts)
//   3. the current high-priority entry has weight left and its VL is active -> continue it
//   4. a high-priority entry is eligible -> the next one
//   5. a low-priority entry is eligible -> the next one (work-conserving)
// An entry is eligible when its weight is not 0 and its VL is active; "the next one" is the first
// eligible entry after the table's current entry, wrapping (the current entry last). The limit is
// reached when the counter is >= max(1, Limit x 64) units (Limit 0: after any high-priority
// packet); the counter saturates there.
//
// The walk in one step, as the RTL's parallel search (docs/model.md §8.3): each table keeps per VL
// a 64-bit mask of its entries with that VL and a weight (rebuilt by write_entry); the eligible
// entries are the OR of the active VLs' masks, and the next one is the lowest set bit above the
// current entry, else the lowest set bit (wrapping, the current entry last). Only the tables a rule
// needs are searched.
#pragma once

#include <cassert>
#include <cstdint>
#include <vector>

namespace netcosim::model {

struct IbVlArbEntry {
  uint8_t vl = 0;
  uint8_t weight = 0;  // 64-B units; 0: the entry is skipped
};

class IbVlArbiter {
 public:
  static constexpr unsigned kMaxVls = 16, kMaxEntries = 64;
  static constexpr unsigned kNoLimit = 255;
  static constexpr uint32_t kUnitsPer4096 = 4096 / 64;
  static constexpr uint32_t kNoGrant = ~uint32_t{0};

  enum class Table : uint8_t { None, High, Low };
  struct Decision {
    Table table = Table::None;
    bool new_entry = false;
    unsigned entry = 0;
    unsigned vl = 0;
    bool lp_turn = false;  // a low-priority grant that takes the limit's turn (counter restarts)
    bool valid() const { return table != Table::None; }
  };

  IbVlArbiter() = default;
  IbVlArbiter(std::vector<IbVlArbEntry> high, std::vector<IbVlArbEntry> low, unsigned limit)
      : high_(std::move(high)), low_(std::move(low)), limit_(limit) {
    assert(high_.size() <= kMaxEntries && low_.size() <= kMaxEntries && limit <= 255);
    for (unsigned e = 0; e < high_.size(); ++e) mark(hp_vl_entries_, e, high_[e], true);
    for (unsigned e = 0; e < low_.size(); ++e) mark(lp_vl_entries_, e, low_[e], true);
    reset();
  }

  void reset() {
    hp_cur_ = high_.empty() ? 0 : static_cast<unsigned>(high_.size()) - 1;
    lp_cur_ = low_.empty() ? 0 : static_cast<unsigned>(low_.size()) - 1;
    hp_rem_ = lp_rem_ = 0;
    lp_by_limit_ = false;
    counter_ = 0;
  }

  // One table entry written in operation (the RTL's configuration port): the registers keep their
  // values, so a continued entry goes on with its weight left and the entry's new VL.
  void write_entry(Table t, unsigned e, IbVlArbEntry x) {
    auto& tbl = t == Table::High ? high_ : low_;
    auto& masks = t == Table::High ? hp_vl_entries_ : lp_vl_entries_;
    assert(e < tbl.size());
    mark(masks, e, tbl[e], false);
    tbl[e] = x;
    mark(masks, e, x, true);
  }

  unsigned limit() const { return limit_; }
  // The limit in 64-B units (0 for no limit).
  uint32_t threshold() const {
    if (limit_ == kNoLimit) return 0;
    return limit_ == 0 ? 1 : limit_ * kUnitsPer4096;
  }
  uint32_t counter() const { return counter_; }  // high-priority units since the low turn
  unsigned hp_entry() const { return hp_cur_; }
  unsigned lp_entry() const { return lp_cur_; }
  uint32_t hp_remaining() const { return hp_rem_; }
  uint32_t lp_remaining() const { return lp_rem_; }
  bool lp_by_limit() const { return lp_by_limit_; }  // the low entry holds the limit's turn
  const std::vector<IbVlArbEntry>& high() const { return high_; }
  const std::vector<IbVlArbEntry>& low() const { return low_; }

  Decision evaluate(uint32_t active) const {
    Decision d;
    auto act = [&](unsigned vl) { return vl < kMaxVls && ((active >> vl) & 1u) != 0; };
    const bool reached = limit_ != kNoLimit && counter_ >= threshold();
    const bool lp_cont = lp_rem_ > 0 && act(low_[lp_cur_].vl);
    if (lp_cont && (lp_by_limit_ || reached)) {  // rule 1, without the high table
      d.table = Table::Low;
      d.entry = lp_cur_;
      d.vl = low_[lp_cur_].vl;
      d.lp_turn = !lp_by_limit_ && reached;
      return d;
    }
    uint64_t hp_eligible = 0;  // searched only when a rule needs it
    if (lp_cont) {
      hp_eligible = eligible(hp_vl_entries_, active);
      if (hp_eligible == 0) {  // rule 1: no high-priority entry is eligible
        d.table = Table::Low;
        d.entry = lp_cur_;
        d.vl = low_[lp_cur_].vl;
        return d;
      }
    }
    // rule 1 did not apply, so the low table's walk is needed only by rules 2 and 5
    if (reached) {
      const int lp_next = next(eligible(lp_vl_entries_, active), lp_cur_);
      if (lp_next >= 0) return entry(Table::Low, lp_next, true);
    }
    if (hp_rem_ > 0 && act(high_[hp_cur_].vl)) {
      d.table = Table::High;
      d.entry = hp_cur_;
      d.vl = high_[hp_cur_].vl;
      return d;
    }
    if (!lp_cont) hp_eligible = eligible(hp_vl_entries_, active);
    if (hp_eligible != 0) return entry(Table::High, next(hp_eligible, hp_cur_), false);
    if (!reached) {  // when reached, rule 2 found no eligible low-priority entry
      const int lp_next = next(eligible(lp_vl_entries_, active), lp_cur_);
      if (lp_next >= 0) return entry(Table::Low, lp_next, false);
    }
    return d;
  }

  // Clocked, on accept: `size` is the granted head packet's size in 64-B units.
  void commit(const Decision& d, uint32_t size) {
    if (!d.valid()) return;
    auto left = [&](uint32_t rem) { return rem > size ? rem - size : 0u; };
    if (d.table == Table::High) {
      hp_rem_ = left(d.new_entry ? high_[d.entry].weight : hp_rem_);
      hp_cur_ = d.entry;
      if (limit_ != kNoLimit) {
        const uint32_t t = threshold();
        counter_ = counter_ + size >= t ? t : counter_ + size;
      }
      return;
    }
    lp_rem_ = left(d.new_entry ? low_[d.entry].weight : lp_rem_);
    lp_cur_ = d.entry;
    if (d.lp_turn) {
      counter_ = 0;
      lp_by_limit_ = true;
    } else if (d.new_entry) {
      lp_by_limit_ = false;
    }
    if (lp_rem_ == 0) lp_by_limit_ = false;
  }

  // The output scheduler interface (sim/blocks/output_scheduler.h); see DTableArbiter::select.
  uint32_t select(uint32_t active, const uint32_t* size) const {
    latched_ = evaluate(active);
    latched_size_ = latched_.valid() ? size[latched_.vl] : 0;
    return latched_.valid() ? latched_.vl : kNoGrant;
  }
  void accept(uint32_t vl) {
    assert(latched_.valid() && latched_.vl == vl);
    (void)vl;
    commit(latched_, latched_size_);
    latched_ = Decision{};
  }

 private:
  Decision entry(Table t, int e, bool lp_turn) const {
    Decision d;
    d.table = t;
    d.new_entry = true;
    d.entry = static_cast<unsigned>(e);
    d.vl = (t == Table::High ? high_ : low_)[d.entry].vl;
    d.lp_turn = lp_turn;
    return d;
  }
  // Entry e's bit in the mask of its VL: set when it can be eligible (a weight, a VL < kMaxVls).
  static void mark(uint64_t (&masks)[kMaxVls], unsigned e, IbVlArbEntry x, bool set) {
    if (x.weight == 0 || x.vl >= kMaxVls) return;
    const uint64_t bit = uint64_t{1} << e;
    masks[x.vl] = set ? masks[x.vl] | bit : masks[x.vl] & ~bit;
  }
  // The table's eligible entries: those of its active VLs (active bits from kMaxVls on are not
  // VLs).
  static uint64_t eligible(const uint64_t (&masks)[kMaxVls], uint32_t active) {
    uint64_t m = 0;
    for (uint32_t a = active & ((1u << kMaxVls) - 1); a != 0; a &= a - 1)
      m |= masks[__builtin_ctz(a)];
    return m;
  }
  // The first of the eligible `entries` after `cur`, wrapping (cur last); -1 if none.
  static int next(uint64_t entries, unsigned cur) {
    if (entries == 0) return -1;
    const uint64_t after = cur + 1 >= kMaxEntries ? 0 : entries & (~uint64_t{0} << (cur + 1));
    return __builtin_ctzll(after != 0 ? after : entries);
  }

  std::vector<IbVlArbEntry> high_, low_;
  uint64_t hp_vl_entries_[kMaxVls] = {}, lp_vl_entries_[kMaxVls] = {};  // bit e: entry e (mark)
  unsigned limit_ = 1;
  unsigned hp_cur_ = 0, lp_cur_ = 0;
  uint32_t hp_rem_ = 0, lp_rem_ = 0, counter_ = 0;
  bool lp_by_limit_ = false;
  mutable Decision latched_;
  mutable uint32_t latched_size_ = 0;
};

}  // namespace netcosim::model
