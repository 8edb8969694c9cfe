// Co-simulation bench: rtl/ib_vl_arbiter.sv against netcosim::model::IbVlArbiter.
//
// Source of the mechanism: thesis 003 Sec. 5.3.1 and 6.2 (Fig. 6.1, Table 6.1); docs/model.md
// "QoS output schedulers". Bench top and timing: bench_top.h and docs/cosim.md; stimulus:
// qos_stimulus.h (the two tables as one address space of 2N entries, the low-priority table
// above the high one), and half of the programming periods load the source's tables instead
// (IbVlShape below).
#include "arbiter_bench.h"
#include "burst_generator.h"
#include "qos_stimulus.h"
#include "sim/blocks/ib_vl_arbiter.h"
#include "systemc/blocks/ib_vl_arbiter.h"

#include "Vib_vl_arbiter_v4n4l1.h"
#ifndef NETCOSIM_MUTANT
#include "Vib_vl_arbiter_v16n64l0.h"
#include "Vib_vl_arbiter_v4n64l1.h"
#include "Vib_vl_arbiter_v8n8l255.h"
#endif

namespace netcosim::cosim {
namespace {

using Table = model::IbVlArbiter::Table;

// The source's tables as (VL, weight) per address: high entries 0..N-1, low N..2N-1.
//   Fig. 6.1 (Sec. 6.2; N < 64): high VL1 weight 62 (brings the counter to 3,968 B) and VL0
//   weight 3 (192 B), low VL2 weight 2, as in tests/unit/blocks/test_ib_vl_arbiter.cpp;
//   Table 6.1 configuration A (Sec. 6.5; N = 64): 64 high entries, SL i on VL i, SL0 on every
//   other entry (32 of weight 8-9, 264 in all), SL1 on 1 mod 4 (16 of 9-10, 158), SL2 on 3 mod 4
//   (16 of 6-7, 106), the larger weights on each SL's last entries; one low entry VL3 weight 6
//   (configs/qos/table6_1_a_high.csv and _low.csv).
std::vector<model::IbVlArbEntry> source_tables(int n) {
  std::vector<model::IbVlArbEntry> t(2 * static_cast<size_t>(n));
  if (n < 64) {
    t[0] = {1, 62};
    t[1] = {0, 3};
    t[n] = {2, 2};
    return t;
  }
  int seen[3] = {0, 0, 0};
  for (int e = 0; e < 64; ++e) {
    const int sl = e % 2 == 0 ? 0 : (e % 4 == 1 ? 1 : 2);
    const int k = seen[sl]++;
    const int w = sl == 0 ? (k < 24 ? 8 : 9) : sl == 1 ? (k < 2 ? 9 : 10) : (k < 6 ? 6 : 7);
    t[e] = {static_cast<uint8_t>(sl), static_cast<uint8_t>(w)};
  }
  t[64] = {3, 6};
  return t;
}

// The table schedulers' stimulus (QosShape) with a second kind of programming period: after a
// reset, with probability 1/2, the 2N addresses are written with the source's tables and no
// single writes follow until the next reset, so that the arbiter runs the thesis's tables under
// the random traffic.
class IbVlShape {
 public:
  using Stimulus = QosStimulus;
  static constexpr uint32_t kMaxBurst = QosShape::kMaxBurst;
  static constexpr bool kResets = true;
  static constexpr bool kDrawsPowerOnReset = true;
  IbVlShape(int lanes, int entries, int weight_bits, int size_bits)
      : base_(lanes, 2 * entries, weight_bits, size_bits, true), preset_(source_tables(entries)) {}

  void fill(QosStimulus& s, uint64_t cycle, Rng& rng) {
    base_.fill(s, cycle, rng);
    if (s.rst) {
      use_preset_ = rng.chance(0.5);
      at_ = 0;
      return;
    }
    if (!use_preset_) return;
    s.cfg_we = at_ < preset_.size();
    if (s.cfg_we) {
      s.cfg_addr = static_cast<uint32_t>(at_);
      s.cfg_sl = preset_[at_].vl;
      s.cfg_weight = preset_[at_].weight;
      ++at_;
    }
  }
  void new_burst(Rng& rng) { base_.new_burst(rng); }

 private:
  QosShape base_;
  std::vector<model::IbVlArbEntry> preset_;
  bool use_preset_ = false;
  size_t at_ = 0;
};
using IbVlGenerator = BurstGenerator<IbVlShape>;

template <int V, int N, int WW, int SW, int LIMIT, class Vtop>
class IbVlBench
    : public TableSchedBench<IbVlBench<V, N, WW, SW, LIMIT, Vtop>, IbVlGenerator, Vtop, V, SW> {
 public:
  using Base = TableSchedBench<IbVlBench<V, N, WW, SW, LIMIT, Vtop>, IbVlGenerator, Vtop, V, SW>;
  using Base::dut, Base::stimulus, Base::time_replay, Base::sched_cov_;
  friend typename Base::Top;
  using Model = sc::IbVlArbiter<V, N, WW, SW, LIMIT>;
  static constexpr int VW = Model::VW, NW = Model::NW, CNTW = Model::CNTW;
  static constexpr bool kLimit = LIMIT != 255;
  sc_core::sc_signal<Port<NW + 1>> cfg_addr{"cfg_addr"};
  sc_core::sc_signal<Port<VW>> cfg_vl{"cfg_vl"};
  sc_core::sc_signal<Port<WW>> cfg_weight{"cfg_weight"};
  sc_core::sc_signal<bool> gnt_valid_model{"gnt_valid_model"}, gnt_low_model{"gnt_low_model"},
      lp_by_limit_model{"lp_by_limit_model"};
  sc_core::sc_signal<Port<VW>> gnt_vl_model{"gnt_vl_model"};
  sc_core::sc_signal<Port<NW>> hp_ptr_model{"hp_ptr_model"}, lp_ptr_model{"lp_ptr_model"};
  sc_core::sc_signal<Port<WW>> hp_rem_model{"hp_rem_model"}, lp_rem_model{"lp_rem_model"};
  sc_core::sc_signal<Port<CNTW>> counter_model{"counter_model"};
  RtlOutput<bool> gnt_valid{"gnt_valid"};
  RtlOutput<Port<VW>> gnt_vl{"gnt_vl"};
  RtlOutput<bool> gnt_low{"gnt_low"};
  RtlOutput<Port<NW>> hp_ptr{"hp_ptr"};
  RtlOutput<Port<NW>> lp_ptr{"lp_ptr"};
  RtlOutput<Port<WW>> hp_rem{"hp_rem"};
  RtlOutput<Port<WW>> lp_rem{"lp_rem"};
  RtlOutput<Port<CNTW>> counter{"counter"};
  RtlOutput<bool> lp_by_limit{"lp_by_limit"};
  Model model{"model"};

  IbVlBench(sc_core::sc_module_name n, const Options& o, RunResult& r)
      : Base(n, o, r,
             "ib_vl_arbiter_V" + std::to_string(V) + "_N" + std::to_string(N) + "_L" +
                 std::to_string(LIMIT)) {
    const auto bind_inputs = [this](auto& m) {
      this->bind_lanes(m);
      m.cfg_addr(cfg_addr);
      m.cfg_vl(cfg_vl);
      m.cfg_weight(cfg_weight);
    };
    bind_inputs(dut);
    dut.gnt_valid(gnt_valid.dut);
    dut.gnt_vl(gnt_vl.dut);
    dut.gnt_low(gnt_low.dut);
    dut.hp_ptr(hp_ptr.dut);
    dut.lp_ptr(lp_ptr.dut);
    dut.hp_rem(hp_rem.dut);
    dut.lp_rem(lp_rem.dut);
    dut.counter(counter.dut);
    dut.lp_by_limit(lp_by_limit.dut);
    bind_inputs(model);
    model.gnt_valid(gnt_valid_model);
    model.gnt_vl(gnt_vl_model);
    model.gnt_low(gnt_low_model);
    model.hp_ptr(hp_ptr_model);
    model.lp_ptr(lp_ptr_model);
    model.hp_rem(hp_rem_model);
    model.lp_rem(lp_rem_model);
    model.counter(counter_model);
    model.lp_by_limit(lp_by_limit_model);
  }

  void compare(Checker& c) override {
    c.check("gnt_valid", -1, gnt_valid_model.read(), gnt_valid.rtl.read());
    c.check("gnt_vl", -1, field(gnt_vl_model.read(), 0, VW), field(gnt_vl.rtl.read(), 0, VW));
    c.check("gnt_low", -1, gnt_low_model.read(), gnt_low.rtl.read());
    c.check("hp_ptr", -1, field(hp_ptr_model.read(), 0, NW), field(hp_ptr.rtl.read(), 0, NW));
    c.check("lp_ptr", -1, field(lp_ptr_model.read(), 0, NW), field(lp_ptr.rtl.read(), 0, NW));
    c.check("hp_rem", -1, field(hp_rem_model.read(), 0, WW), field(hp_rem.rtl.read(), 0, WW));
    c.check("lp_rem", -1, field(lp_rem_model.read(), 0, WW), field(lp_rem.rtl.read(), 0, WW));
    c.check("counter", -1, field(counter_model.read(), 0, CNTW),
            field(counter.rtl.read(), 0, CNTW));
    c.check("lp_by_limit", -1, lp_by_limit_model.read(), lp_by_limit.rtl.read());
    coverage_of_cycle();
  }
  Coverage coverage() const override {
    return {{"high_new_entry_grants", cov_hi_new_, true},
            {"high_continued_grants", cov_hi_cont_, true},
            {"low_new_entry_grants", cov_lo_new_, true},
            {"low_continued_grants", cov_lo_cont_, true},
            {"limit_turns", cov_turns_, kLimit},
            {"high_entries_interrupted_by_limit", cov_interrupted_, kLimit},
            {"low_turns_continued_over_high", cov_turn_cont_, kLimit},
            {"limit_reached_no_low_eligible", cov_reached_no_low_, kLimit},
            {"table_alternations", cov_alternations_, true},
            {"low_grants_work_conserving", cov_work_conserving_, true},
            {"idle_entries_skipped", cov_idle_skips_, true},
            {"zero_weight_entries_skipped", cov_zero_skips_, true},
            {"packets_over_weight_left", cov_over_, true},
            {"pointer_wraps", cov_wraps_, true},
            {"no_grant_with_active", sched_cov_.no_grant, true},
            {"grants_held_accept_low", sched_cov_.held, true},
            {"table_writes", sched_cov_.writes, true},
            {"reset_cycles", sched_cov_.resets, true},
            {"min_grants_per_vl", min_of(cov_per_vl_), true}};
  }
  std::vector<FaultTapBase*> fault_taps() override {
    return {&gnt_valid.tap, &gnt_vl.tap, &gnt_low.tap, &hp_ptr.tap,     &lp_ptr.tap,
            &hp_rem.tap,    &lp_rem.tap, &counter.tap, &lp_by_limit.tap};
  }
  std::string inputs_text() const override {
    return qos_inputs_text(stimulus(), V,
                           std::string(stimulus().cfg_addr >= N ? "low" : "high") + " entry " +
                               std::to_string(stimulus().cfg_addr % N) + ": VL " +
                               std::to_string(stimulus().cfg_sl) + ", weight " +
                               std::to_string(stimulus().cfg_weight));
  }
  double time_model(uint64_t cycles) override {
    model::IbVlArbiter m = Model::make();
    return time_replay(cycles, [&](const QosStimulus& s) {
      uint64_t out = 0;
      if (s.rst) {
        for (unsigned e = 0; e < N; ++e) {
          m.write_entry(Table::High, e, {});
          m.write_entry(Table::Low, e, {});
        }
        m.reset();
        return out;
      }
      const auto d = m.evaluate(static_cast<uint32_t>(s.active));
      out += d.vl + m.hp_remaining() + m.lp_remaining() + m.counter();
      if (s.accept && d.valid()) m.commit(d, s.size[d.vl]);
      if (s.cfg_we)
        m.write_entry(s.cfg_addr >= N ? Table::Low : Table::High, s.cfg_addr % N,
                      {static_cast<uint8_t>(s.cfg_sl), static_cast<uint8_t>(s.cfg_weight)});
      return out;
    });
  }

 private:
  IbVlGenerator make_generator(uint64_t seed, uint64_t mid_reset) const {
    return {seed, mid_reset, IbVlShape(V, N, WW, SW)};
  }
  // What the next edge will do, from the model's state and this cycle's inputs.
  void coverage_of_cycle() {
    if (!this->count_cycle()) {
      last_low_ = -1;
      return;
    }
    const model::IbVlArbiter& a = model.arbiter();
    const uint32_t act = static_cast<uint32_t>(stimulus().active);
    const auto d = a.evaluate(act);
    if (!this->count_grant(d.valid())) return;
    ++cov_per_vl_[d.vl];
    const bool low = d.table == Table::Low;
    const auto& t = low ? a.low() : a.high();
    const unsigned cur = low ? a.lp_entry() : a.hp_entry();
    const uint32_t rem =
        d.new_entry ? t[d.entry].weight : (low ? a.lp_remaining() : a.hp_remaining());
    const bool reached = kLimit && a.counter() >= a.threshold();
    auto active_vl = [&](unsigned vl) { return ((act >> vl) & 1u) != 0; };
    bool hi_eligible = false;
    for (const auto& e : a.high()) hi_eligible |= e.weight != 0 && active_vl(e.vl);
    cov_over_ += stimulus().size[d.vl] > rem;
    cov_alternations_ += last_low_ >= 0 && last_low_ != static_cast<int>(low);
    last_low_ = low;
    if (low) {
      ++(d.new_entry ? cov_lo_new_ : cov_lo_cont_);
      cov_turns_ += d.lp_turn;
      cov_interrupted_ +=
          d.lp_turn && a.hp_remaining() != 0 && active_vl(a.high()[a.hp_entry()].vl);
      cov_turn_cont_ += !d.new_entry && a.lp_by_limit() && hi_eligible;
      cov_work_conserving_ += !d.lp_turn && !a.lp_by_limit() && !hi_eligible;
    } else {
      ++(d.new_entry ? cov_hi_new_ : cov_hi_cont_);
      cov_reached_no_low_ += reached;
    }
    if (!d.new_entry) return;
    cov_wraps_ += d.entry <= cur;
    // The entries the walk passed between the current one and the granted one.
    bool idle = false, zero = false;
    for (unsigned k = 1; k < N; ++k) {
      const unsigned e = (cur + k) % N;
      if (e == d.entry) break;
      (t[e].weight == 0 ? zero : idle) = true;
    }
    cov_idle_skips_ += idle;
    cov_zero_skips_ += zero;
  }
  void write(const QosStimulus& s) {
    this->write_lanes(s);
    cfg_addr.write(packed<Port<NW + 1>>(NW + 1, {{0, s.cfg_addr}}, NW + 1));
    cfg_vl.write(packed<Port<VW>>(VW, {{0, s.cfg_sl}}, VW));
    cfg_weight.write(packed<Port<WW>>(WW, {{0, s.cfg_weight}}, WW));
  }
  int last_low_ = -1;  // the table of the last accepted grant since the reset (-1: none)
  uint64_t cov_hi_new_ = 0, cov_hi_cont_ = 0, cov_lo_new_ = 0, cov_lo_cont_ = 0, cov_turns_ = 0;
  uint64_t cov_interrupted_ = 0, cov_turn_cont_ = 0, cov_reached_no_low_ = 0;
  uint64_t cov_alternations_ = 0, cov_work_conserving_ = 0, cov_idle_skips_ = 0;
  uint64_t cov_zero_skips_ = 0, cov_over_ = 0, cov_wraps_ = 0;
  std::vector<uint64_t> cov_per_vl_ = std::vector<uint64_t>(V, 0);
};

template <int V, int N, int WW, int SW, int LIMIT, class Vtop>
ParamSetEntry entry(const char* name) {
  return bench_entry<IbVlBench<V, N, WW, SW, LIMIT, Vtop>>(
      name, "V=" + std::to_string(V) + ",N=" + std::to_string(N) + ",WW=" + std::to_string(WW) +
                ",SW=" + std::to_string(SW) + ",LIMIT=" + std::to_string(LIMIT));
}

}  // namespace
}  // namespace netcosim::cosim

int sc_main(int argc, char** argv) {
  using namespace netcosim::cosim;
  // v4n4l1: Fig. 6.1's 4 VLs and LimitOfHighPriority 1 (its tables in half of the programming
  // periods); v4n64l1: Table 6.1's configuration A (64 entries per table, Limit 1); v16n64l0: the
  // full-size arbiter (16 VLs, 64 + 64 entries), Limit 0 (the tables alternate); v8n8l255: no
  // limit. 7-bit sizes: packets up to 127 units of 64 B (an IB packet of a 4,096-B MTU is 65).
  BenchInfo info{"ib_vl_arbiter",
                 {"gnt_valid", "gnt_vl", "gnt_low", "hp_ptr", "lp_ptr", "hp_rem", "lp_rem",
                  "counter", "lp_by_limit"},
                 {},
                 ""};
#ifdef NETCOSIM_MUTANT
  // A deliberately broken RTL copy (testbench/CMakeLists.txt), Verilated for v4n4l1 only.
  info.mutant = NETCOSIM_MUTANT;
  info.sets = {entry<4, 4, 8, 7, 1, Vib_vl_arbiter_v4n4l1>("v4n4l1")};
#else
  info.sets = {
      entry<4, 4, 8, 7, 1, Vib_vl_arbiter_v4n4l1>("v4n4l1"),
      entry<4, 64, 8, 7, 1, Vib_vl_arbiter_v4n64l1>("v4n64l1"),
      entry<16, 64, 8, 7, 0, Vib_vl_arbiter_v16n64l0>("v16n64l0"),
      entry<8, 8, 8, 7, 255, Vib_vl_arbiter_v8n8l255>("v8n8l255"),
  };
#endif
  return bench_main(argc, argv, info);
}
