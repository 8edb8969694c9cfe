// The Deficit Table (DTable) output scheduler of one output port: the block model of
// rtl/dtable_arbiter.sv.
//
// Source: thesis 003 Sec. 4.3.3 (Algorithm 3), Sec. 5.4 (Fig. 5.2), Sec. 5.4.1 (IB mapping,
// Fig. 5.3), Sec. 5.4.2 (OPA: one table per device), Sec. 5.4.3 (per-SL MTUs; a message is
// scheduled whole). docs/model.md "QoS output schedulers" lists the choices the thesis leaves open.
//
// State: a scheduling table of N entries (SL, weight in 64-B flow-control credits), a deficit
// counter per SL ("the weight the scheduler owes the SL", initially 0), the accumulated weight of
// the port (entry weight + the SL's deficit when the entry is selected, minus what has been sent),
// the SL being served, the table pointer (where the next walk starts) and pending, the packets of
// the current message still to send (Algorithm 3's pending_pkts: a new decision is made only after
// a whole message).
//
// Port list (RTL, S SLs, N entries, WW-bit weights, AW-bit deficits/accumulator, SW-bit sizes):
//   in : cfg_we, cfg_addr, cfg_sl, cfg_weight   write one table entry (takes effect next cycle)
//        active[S]   the SL has a whole message at its head and downstream credits for all of it
//        size[S]     the size of that head message in credits (= packets: one 64-B credit per
//                    packet, Sec. 5.4.3 / Table 5.4); at least 1 for an active SL
//        accept      the granted SL's packet starts this cycle (ignored without a grant)
//   out: gnt_valid, gnt_sl                       combinational, from the state and the inputs
//        ptr, cur_valid, cur_sl, acc, deficit[S], pending, overflow   (registered)
// Decision (combinational; all three cases are Algorithm 3's):
//   pending != 0                         -> the current SL (the rest of its message)
//   cur_valid && active[cur] && acc >= size[cur]   -> the current SL again (acc -= size)
//   otherwise the first entry e at or after ptr (wrapping) that is eligible:
//     weight[e] != 0 && active[sl] && deficit'[sl] + weight[e] >= size[sl]
//   where deficit'[cur] = acc (the carried weight of the SL being left) and deficit'[s] =
//   deficit[s] otherwise; that SL is granted with acc = deficit'[sl] + weight[e] - size[sl].
// Update (on accept with a grant): leaving the current SL stores deficit[cur] = acc if it is
// still active (case 2 of Sec. 4.3.3: acc smaller than its head message) or 0 if it is inactive
// (case 1: acc discarded); pending = size - 1; the pointer moves past the selected entry.
// Widths: every register holds its value modulo 2^width (the RTL's registers); `overflow` is set
// (sticky until reset) when deficit'[sl] + weight[e] exceeds 2^AW - 1, the 8-bit accumulator
// entry of the IB mapping (Sec. 5.4.1: "the accumulated weight could easily overflow").
#pragma once

#include <cassert>
#include <cstdint>
#include <vector>

namespace netcosim::model {

struct DTableEntry {
  uint8_t sl = 0;
  uint32_t weight = 0;  // 64-B credits; 0 = an empty entry, never selected
};

// The scheduling table: one per device in OPA (Sec. 5.4.2), shared by the device's output ports;
// the port's 64 high-priority entries in IB (Sec. 5.4.1).
class DTableTable {
 public:
  DTableTable() = default;
  explicit DTableTable(unsigned entries) : e_(entries) {}
  unsigned size() const { return static_cast<unsigned>(e_.size()); }
  const DTableEntry& operator[](unsigned i) const { return e_[i]; }
  void write(unsigned addr, unsigned sl, uint32_t weight) {
    assert(addr < e_.size());
    e_[addr].sl = static_cast<uint8_t>(sl);
    e_[addr].weight = weight;
  }
  void clear() {
    for (auto& e : e_) e = DTableEntry{};
  }

 private:
  std::vector<DTableEntry> e_;
};

struct DTableParams {
  unsigned sls = 8;           // S
  unsigned weight_bits = 16;  // WW (8 in the IB mapping)
  unsigned acc_bits = 16;     // AW: deficit counters and accumulator (8 in the IB mapping)
  unsigned size_bits = 8;     // SW: message sizes and pending
};

class DTableArbiter {
 public:
  static constexpr unsigned kMaxSls = 32;
  static constexpr uint32_t kNoGrant = ~uint32_t{0};

  enum class Kind : uint8_t { None, Locked, Continue, NewEntry };
  // The combinational outputs of one cycle and the register values an accept would load.
  struct Decision {
    Kind kind = Kind::None;
    unsigned sl = 0;     // gnt_sl (0 without a grant)
    unsigned entry = 0;  // NewEntry: the selected table entry
    uint32_t acc = 0;    // acc after the accept
    uint32_t pending = 0;
    bool leave = false;  // NewEntry with a current SL: deficit[cur] <- leave_deficit
    uint32_t leave_deficit = 0;
    bool overflow = false;  // this selection's deficit + weight exceeds 2^AW - 1
    bool valid() const { return kind != Kind::None; }
  };

  DTableArbiter() = default;
  DTableArbiter(const DTableParams& p, const DTableTable* table) : p_(p), table_(table) {
    assert(p.sls >= 1 && p.sls <= kMaxSls && p.acc_bits <= 32 && p.size_bits <= 32);
    acc_mask_ = mask(p.acc_bits);
    size_mask_ = mask(p.size_bits);
    weight_mask_ = mask(p.weight_bits);
    reset();
  }
  void attach(const DTableTable* table) { table_ = table; }
  const DTableParams& params() const { return p_; }
  const DTableTable& table() const { return *table_; }

  // Registered outputs.
  unsigned ptr() const { return ptr_; }
  bool cur_valid() const { return cur_valid_; }
  unsigned cur_sl() const { return cur_sl_; }
  uint32_t acc() const { return acc_; }
  uint32_t deficit(unsigned sl) const { return deficit_[sl]; }
  uint32_t pending() const { return pending_; }
  bool overflow() const { return overflow_; }

  void reset() {
    ptr_ = 0;
    cur_valid_ = false;
    cur_sl_ = 0;
    acc_ = 0;
    pending_ = 0;
    overflow_ = false;
    for (auto& d : deficit_) d = 0;
  }

  // Combinational: active is a bit mask of SLs, size[s] the head message size of SL s.
  Decision evaluate(uint32_t active, const uint32_t* size) const {
    Decision d;
    auto act = [&](unsigned s) { return s < p_.sls && ((active >> s) & 1u) != 0; };
    auto sz = [&](unsigned s) { return size[s] & size_mask_; };
    if (pending_ != 0) {
      d.kind = Kind::Locked;
      d.sl = cur_sl_;
      d.acc = acc_;
      d.pending = (pending_ - 1) & size_mask_;
      return d;
    }
    if (cur_valid_ && act(cur_sl_) && acc_ >= sz(cur_sl_)) {
      d.kind = Kind::Continue;
      d.sl = cur_sl_;
      d.acc = (acc_ - sz(cur_sl_)) & acc_mask_;
      d.pending = (sz(cur_sl_) - 1) & size_mask_;
      return d;
    }
    const unsigned n = table_->size();
    for (unsigned k = 0; k < n; ++k) {
      const unsigned e = ptr_ + k < n ? ptr_ + k : ptr_ + k - n;
      const DTableEntry& en = (*table_)[e];
      const uint32_t w = en.weight & weight_mask_;
      if (w == 0 || !act(en.sl)) continue;
      const uint64_t sum = uint64_t{deficit_eff(en.sl)} + w;
      if (sum < sz(en.sl)) continue;
      d.kind = Kind::NewEntry;
      d.sl = en.sl;
      d.entry = e;
      d.acc = static_cast<uint32_t>((sum - sz(en.sl)) & acc_mask_);
      d.pending = (sz(en.sl) - 1) & size_mask_;
      d.overflow = sum > acc_mask_;
      if (cur_valid_) {
        d.leave = true;
        d.leave_deficit = act(cur_sl_) ? acc_ : 0;
      }
      return d;
    }
    return d;
  }

  // Clocked: the registers load what `d` (this cycle's evaluate) computed; called on accept.
  void commit(const Decision& d) {
    switch (d.kind) {
      case Kind::None:
        return;
      case Kind::Locked:
      case Kind::Continue:
        break;
      case Kind::NewEntry:
        if (d.leave) deficit_[cur_sl_] = d.leave_deficit;
        cur_valid_ = true;
        cur_sl_ = d.sl;
        ptr_ = d.entry + 1 == table_->size() ? 0 : d.entry + 1;
        overflow_ = overflow_ || d.overflow;
        break;
    }
    acc_ = d.acc;
    pending_ = d.pending;
  }

  // The output scheduler interface (sim/blocks/output_scheduler.h), SL = VL: select() is
  // evaluate() (its decision is kept, as the RTL's combinational outputs are, for the accept of
  // the same cycle); accept(vl) commits it. kNoGrant when no entry is eligible.
  uint32_t select(uint32_t active, const uint32_t* size) const {
    latched_ = evaluate(active, size);
    return latched_.valid() ? latched_.sl : kNoGrant;
  }
  void accept(uint32_t vl) {
    assert(latched_.valid() && latched_.sl == vl);
    (void)vl;
    commit(latched_);
    latched_ = Decision{};
  }

 private:
  static uint32_t mask(unsigned bits) {
    return bits >= 32 ? ~uint32_t{0} : (uint32_t{1} << bits) - 1;
  }
  // The deficit the walk uses: the SL being left carries its accumulated weight.
  uint32_t deficit_eff(unsigned s) const { return cur_valid_ && s == cur_sl_ ? acc_ : deficit_[s]; }

  DTableParams p_;
  const DTableTable* table_ = nullptr;
  uint32_t acc_mask_ = 0, size_mask_ = 0, weight_mask_ = 0;
  unsigned ptr_ = 0;
  bool cur_valid_ = false;
  unsigned cur_sl_ = 0;
  uint32_t acc_ = 0, pending_ = 0;
  bool overflow_ = false;
  uint32_t deficit_[kMaxSls] = {};
  mutable Decision latched_;
};

// The DTable output schedulers of a switch's ports implemented elsewhere (the Verilated block's
// socket, systemc/rtl/dtable_arbiter_socket.h; docs/cosim.md "Verilated blocks inside a
// network"), which the switch then owns (RouterModel::set_dtable_block). For every decision of
// output `port` the switch passes the active SLs, their head messages' sizes, its C++ arbiter's
// choice (`model`, kNoGrant for none) and that arbiter (`arb`: its registers before the decision);
// select() returns the SL that is granted (the RTL's in strict mode, `model` in shadow mode).
// accept() follows when the granted SL's message starts (sl: the one select() returned), before
// the port's next select().
class DTableBlock {
 public:
  virtual ~DTableBlock() = default;
  virtual uint32_t select(uint32_t port, uint32_t active, const uint32_t* size, uint32_t model,
                          const DTableArbiter& arb) = 0;
  virtual void accept(uint32_t port, uint32_t sl) = 0;
  // The schedulers an implementation decides for and the parameter set it implements, in
  // rtl/dtable_arbiter.sv's terms: `ports` outputs (its ports 0 .. ports - 1), S SL lanes (a power
  // of two, at least the switch's SLs), N table entries, WW, AW, SW the widths of the weights, the
  // deficit counters and accumulator, and the message sizes (DTableParams). The router module's
  // DTable sockets (systemc/router/router_module.h) refuse a block of another shape, and one that
  // states none (false). Never called in the cycle loop.
  struct Shape {
    uint32_t ports = 0;
    unsigned S = 0, N = 0, WW = 0, AW = 0, SW = 0;
  };
  virtual bool shape(Shape& /*s*/) const { return false; }
  // Its port 0 decides for the switch's output `first` (its port k for first + k): the router
  // module's single-output sockets (set_*(output, block)) tell it, so that an implementation's
  // reports name the switch's outputs. Never called in the cycle loop.
  virtual void set_first_output(uint32_t /*first*/) {}
  // The shape of one scheduler of a switch with `entries` table entries and arbiters `p`: S is
  // p.sls rounded up to a power of two, at least 2 (the RTL's SL field indexes S lanes; the
  // others are never active).
  static Shape scheduler_shape(unsigned entries, const DTableParams& p) {
    Shape s;
    s.ports = 1;
    s.S = 2;
    while (s.S < p.sls) s.S *= 2;
    s.N = entries;
    s.WW = p.weight_bits;
    s.AW = p.acc_bits;
    s.SW = p.size_bits;
    return s;
  }
};

// OPA (Sec. 5.4.2): one scheduling table per device and, per output port, a deficit counter per
// SL and an accumulated-weight counter: 32 SLs x 48 ports = 1,536 deficit counters and 48
// accumulators for the canonical 48-port switch. The ports share the table (a write is seen by
// every port from the next decision on).
class DTableDevice {
 public:
  DTableDevice(unsigned ports, unsigned entries, const DTableParams& p) : table_(entries) {
    ports_.reserve(ports);
    for (unsigned i = 0; i < ports; ++i) ports_.emplace_back(p, &table_);
  }
  DTableDevice(const DTableDevice&) = delete;
  DTableDevice& operator=(const DTableDevice&) = delete;
  DTableTable& table() { return table_; }
  DTableArbiter& port(unsigned i) { return ports_[i]; }
  unsigned ports() const { return static_cast<unsigned>(ports_.size()); }
  unsigned deficit_counters() const {
    return ports() * (ports_.empty() ? 0 : ports_[0].params().sls);
  }
  unsigned accumulators() const { return ports(); }

 private:
  DTableTable table_;
  std::vector<DTableArbiter> ports_;
};

// IB (Sec. 5.4.1, Fig. 5.3): the DTable of one output port held in the port's VL arbitration
// tables of 64 high-priority and 64 low-priority 8-bit-weight entries: the high-priority entries
// are the DTable entries (SL, weight), the first 16 low-priority entries hold the deficit counters
// (one per SL) and the last one the accumulated weight; the other 47 are unused. The arbiter has
// S = 16, AW = WW = 8 (so an accumulator that exceeds 255 sets `overflow`).
struct IbArbEntry {
  uint8_t vl = 0;
  uint8_t weight = 0;
};
struct IbArbTables {
  IbArbEntry high[64];
  IbArbEntry low[64];
};
constexpr unsigned kIbSls = 16, kIbTableEntries = 64, kIbAccumulatorEntry = 63;
inline DTableParams ib_dtable_params(unsigned size_bits = 8) {
  return DTableParams{kIbSls, 8, 8, size_bits};
}
// The image of the port's two tables for `arb` (an arbiter built with ib_dtable_params()) over its
// table of at most 64 entries: what the subnet manager would read back from the port.
inline IbArbTables ib_tables(const DTableArbiter& arb) {
  IbArbTables t;
  const DTableTable& tab = arb.table();
  assert(tab.size() <= kIbTableEntries && arb.params().sls <= kIbSls);
  for (unsigned i = 0; i < tab.size(); ++i) {
    t.high[i].vl = tab[i].sl;  // SL2VL is the identity in the thesis's IB model (Table 5.3)
    t.high[i].weight = static_cast<uint8_t>(tab[i].weight);
  }
  for (unsigned s = 0; s < arb.params().sls; ++s)
    t.low[s].weight = static_cast<uint8_t>(arb.deficit(s));
  t.low[kIbAccumulatorEntry].weight = static_cast<uint8_t>(arb.acc());
  return t;
}

}  // namespace netcosim::model
