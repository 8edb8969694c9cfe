// Co-simulation bench: rtl/dtable_arbiter.sv against netcosim::model::DTableArbiter.
//
// Source of the mechanism: thesis 003 Sec. 4.3.3 (Algorithm 3), Sec. 5.4 (Figs. 5.2, 5.3);
// docs/model.md §8.2. Bench top and timing: bench_top.h and docs/cosim.md; stimulus:
// qos_stimulus.h.
#include "arbiter_bench.h"
#include "burst_generator.h"
#include "qos_stimulus.h"
#include "sim/blocks/dtable_arbiter.h"
#include "systemc/blocks/dtable_arbiter.h"

#include "Vdtable_arbiter_s4n8.h"
#ifndef NETCOSIM_MUTANT
#include "Vdtable_arbiter_s16n64.h"
#include "Vdtable_arbiter_s8n128_opa.h"
#include "Vdtable_arbiter_s8n16.h"
#include "Vdtable_arbiter_s8n64_ib.h"
#include "Vdtable_arbiter_s8n64_opa.h"
#endif

namespace netcosim::cosim {
namespace {

template <int S, int N, int WW, int AW, int SW, class Vtop>
class DTableBench
    : public TableSchedBench<DTableBench<S, N, WW, AW, SW, Vtop>, QosGenerator, Vtop, S, SW> {
 public:
  using Base = TableSchedBench<DTableBench<S, N, WW, AW, SW, Vtop>, QosGenerator, Vtop, S, SW>;
  using Base::dut, Base::stimulus, Base::time_replay, Base::sched_cov_;
  friend typename Base::Top;
  static constexpr int SLW = index_width(S), NW = index_width(N);
  // deficit' + weight can exceed 2^AW - 1 only when the widths allow it.
  static constexpr bool kCanOverflow = ((uint64_t{1} << SW) - 2) + ((uint64_t{1} << WW) - 1) >
                                       (uint64_t{1} << AW) - 1;
  sc_core::sc_signal<Port<NW>> cfg_addr{"cfg_addr"};
  sc_core::sc_signal<Port<SLW>> cfg_sl{"cfg_sl"};
  sc_core::sc_signal<Port<WW>> cfg_weight{"cfg_weight"};
  sc_core::sc_signal<bool> gnt_valid_model{"gnt_valid_model"}, cur_valid_model{"cur_valid_model"},
      overflow_model{"overflow_model"};
  sc_core::sc_signal<Port<SLW>> gnt_sl_model{"gnt_sl_model"}, cur_sl_model{"cur_sl_model"};
  sc_core::sc_signal<Port<NW>> ptr_model{"ptr_model"};
  sc_core::sc_signal<Port<AW>> acc_model{"acc_model"};
  sc_core::sc_signal<Port<S * AW>> deficit_model{"deficit_model"};
  sc_core::sc_signal<Port<SW>> pending_model{"pending_model"};
  RtlOutput<bool> gnt_valid{"gnt_valid"};
  RtlOutput<Port<SLW>> gnt_sl{"gnt_sl"};
  RtlOutput<Port<NW>> ptr{"ptr"};
  RtlOutput<bool> cur_valid{"cur_valid"};
  RtlOutput<Port<SLW>> cur_sl{"cur_sl"};
  RtlOutput<Port<AW>> acc{"acc"};
  RtlOutput<Port<S * AW>> deficit{"deficit"};
  RtlOutput<Port<SW>> pending{"pending"};
  RtlOutput<bool> overflow{"overflow"};
  sc::DTableArbiter<S, N, WW, AW, SW> model{"model"};

  DTableBench(sc_core::sc_module_name n, const Options& o, RunResult& r)
      : Base(n, o, r, "dtable_arbiter_S" + std::to_string(S) + "_N" + std::to_string(N)) {
    const auto bind_inputs = [this](auto& m) {
      this->bind_lanes(m);
      m.cfg_addr(cfg_addr);
      m.cfg_sl(cfg_sl);
      m.cfg_weight(cfg_weight);
    };
    bind_inputs(dut);
    dut.gnt_valid(gnt_valid.dut);
    dut.gnt_sl(gnt_sl.dut);
    dut.ptr(ptr.dut);
    dut.cur_valid(cur_valid.dut);
    dut.cur_sl(cur_sl.dut);
    dut.acc(acc.dut);
    dut.deficit(deficit.dut);
    dut.pending(pending.dut);
    dut.overflow(overflow.dut);
    bind_inputs(model);
    model.gnt_valid(gnt_valid_model);
    model.gnt_sl(gnt_sl_model);
    model.ptr(ptr_model);
    model.cur_valid(cur_valid_model);
    model.cur_sl(cur_sl_model);
    model.acc(acc_model);
    model.deficit(deficit_model);
    model.pending(pending_model);
    model.overflow(overflow_model);
  }

  void compare(Checker& c) override {
    c.check("gnt_valid", -1, gnt_valid_model.read(), gnt_valid.rtl.read());
    c.check("gnt_sl", -1, field(gnt_sl_model.read(), 0, SLW), field(gnt_sl.rtl.read(), 0, SLW));
    c.check("ptr", -1, field(ptr_model.read(), 0, NW), field(ptr.rtl.read(), 0, NW));
    c.check("cur_valid", -1, cur_valid_model.read(), cur_valid.rtl.read());
    c.check("cur_sl", -1, field(cur_sl_model.read(), 0, SLW), field(cur_sl.rtl.read(), 0, SLW));
    c.check("acc", -1, field(acc_model.read(), 0, AW), field(acc.rtl.read(), 0, AW));
    const auto dm = deficit_model.read(), dr = deficit.rtl.read();
    for (int s = 0; s < S; ++s) c.check("deficit", s, field(dm, s * AW, AW), field(dr, s * AW, AW));
    c.check("pending", -1, field(pending_model.read(), 0, SW), field(pending.rtl.read(), 0, SW));
    c.check("overflow", -1, overflow_model.read(), overflow.rtl.read());
    coverage_of_cycle();
  }
  Coverage coverage() const override {
    return {{"new_entry_grants", cov_new_, true},
            {"continued_grants", cov_cont_, true},
            {"locked_grants", cov_locked_, true},
            {"same_sl_reselected", cov_reselect_, true},
            {"deficit_carried", cov_carried_, true},
            {"deficit_discarded", cov_discarded_, true},
            {"entries_passed_for_weight", cov_passed_, true},
            {"no_grant_with_active", sched_cov_.no_grant, true},
            {"grants_held_accept_low", sched_cov_.held, true},
            {"pointer_wraps", cov_wraps_, true},
            {"overflows", cov_overflows_, kCanOverflow},
            {"table_writes", sched_cov_.writes, true},
            {"reset_cycles", sched_cov_.resets, true},
            {"min_grants_per_sl", min_of(cov_per_sl_), true}};
  }
  std::vector<FaultTapBase*> fault_taps() override {
    return {&gnt_valid.tap, &gnt_sl.tap,  &ptr.tap,     &cur_valid.tap, &cur_sl.tap,
            &acc.tap,       &deficit.tap, &pending.tap, &overflow.tap};
  }
  std::string inputs_text() const override {
    return qos_inputs_text(stimulus(), S,
                           "entry " + std::to_string(stimulus().cfg_addr) + ": SL " +
                               std::to_string(stimulus().cfg_sl) + ", weight " +
                               std::to_string(stimulus().cfg_weight));
  }
  double time_model(uint64_t cycles) override {
    model::DTableTable t(N);
    model::DTableArbiter m(sc::DTableArbiter<S, N, WW, AW, SW>::params(), &t);
    return time_replay(cycles, [&](const QosStimulus& s) {
      uint64_t out = 0;
      if (s.rst) {
        t.clear();
        m.reset();
        return out;
      }
      const auto d = m.evaluate(static_cast<uint32_t>(s.active), s.size.data());
      out += d.sl + m.acc() + m.pending();
      if (s.accept && d.valid()) m.commit(d);
      if (s.cfg_we) t.write(s.cfg_addr, s.cfg_sl, s.cfg_weight);
      return out;
    });
  }

 private:
  QosGenerator make_generator(uint64_t seed, uint64_t mid_reset) const {
    return {seed, mid_reset, QosShape(S, N, WW, SW, true)};
  }
  // What the next edge will do, from the model's state and this cycle's inputs.
  void coverage_of_cycle() {
    if (!this->count_cycle()) return;
    const model::DTableArbiter& a = model.arbiter();
    const uint32_t act = static_cast<uint32_t>(stimulus().active);
    const auto d = a.evaluate(act, stimulus().size.data());
    if (!this->count_grant(d.valid())) return;
    ++cov_per_sl_[d.sl];
    switch (d.kind) {
      case model::DTableArbiter::Kind::Locked:
        ++cov_locked_;
        break;
      case model::DTableArbiter::Kind::Continue:
        ++cov_cont_;
        break;
      default: {
        ++cov_new_;
        cov_reselect_ += a.cur_valid() && d.sl == a.cur_sl();
        cov_carried_ += d.leave && d.leave_deficit != 0;
        cov_discarded_ += d.leave && a.acc() != 0 && ((act >> a.cur_sl()) & 1u) == 0;
        cov_wraps_ += d.entry < a.ptr();
        cov_overflows_ += d.overflow;
        // An entry before the selected one whose SL was active but could not cover its message.
        const auto& t = a.table();
        for (unsigned k = 0; k < N; ++k) {
          const unsigned e = (a.ptr() + k) % N;
          if (e == d.entry) break;
          const unsigned sl = t[e].sl;
          if (t[e].weight != 0 && ((act >> sl) & 1u) != 0) {
            ++cov_passed_;
            break;
          }
        }
        break;
      }
    }
  }
  void write(const QosStimulus& s) {
    this->write_lanes(s);
    cfg_addr.write(packed<Port<NW>>(NW, {{0, s.cfg_addr}}, NW));
    cfg_sl.write(packed<Port<SLW>>(SLW, {{0, s.cfg_sl}}, SLW));
    cfg_weight.write(packed<Port<WW>>(WW, {{0, s.cfg_weight}}, WW));
  }
  uint64_t cov_new_ = 0, cov_cont_ = 0, cov_locked_ = 0, cov_reselect_ = 0, cov_carried_ = 0;
  uint64_t cov_discarded_ = 0, cov_passed_ = 0, cov_wraps_ = 0, cov_overflows_ = 0;
  std::vector<uint64_t> cov_per_sl_ = std::vector<uint64_t>(S, 0);
};

template <int S, int N, int WW, int AW, int SW, class Vtop>
ParamSetEntry entry(const char* name) {
  static_assert(S >= 2 && S <= 32 && (S & (S - 1)) == 0, "S: a power of two, 2..32");
  static_assert(N >= 2 && N <= 128 && (N & (N - 1)) == 0, "N: a power of two, 2..128");
  static_assert(WW <= 24 && AW <= 32 && SW <= 16, "widths within the stimulus's ranges");
  return bench_entry<DTableBench<S, N, WW, AW, SW, Vtop>>(
      name, "S=" + std::to_string(S) + ",N=" + std::to_string(N) + ",WW=" + std::to_string(WW) +
                ",AW=" + std::to_string(AW) + ",SW=" + std::to_string(SW));
}

}  // namespace
}  // namespace netcosim::cosim

int sc_main(int argc, char** argv) {
  using namespace netcosim::cosim;
  // s4n8: small widths (the accumulator overflows often); s8n16: 8 SLs, 16 entries, 8-bit weights
  // (the area comparison with drr_arbiter v8); s16n64: the IB mapping (16 SLs, the 64
  // high-priority entries, 8-bit weights and accumulator, thesis 003 Sec. 5.4.1).
  BenchInfo info{"dtable_arbiter",
                 {"gnt_valid", "gnt_sl", "ptr", "cur_valid", "cur_sl", "acc", "deficit", "pending",
                  "overflow"},
                 {},
                 ""};
#ifdef NETCOSIM_MUTANT
  // A deliberately broken RTL copy (testbench/CMakeLists.txt), Verilated for s4n8 only.
  info.mutant = NETCOSIM_MUTANT;
  info.sets = {entry<4, 8, 4, 4, 3, Vdtable_arbiter_s4n8>("s4n8")};
#else
  info.sets = {
      entry<4, 8, 4, 4, 3, Vdtable_arbiter_s4n8>("s4n8"),
      entry<8, 16, 8, 9, 6, Vdtable_arbiter_s8n16>("s8n16"),
      entry<16, 64, 8, 8, 6, Vdtable_arbiter_s16n64>("s16n64"),
      // The switches' sets inside a network (systemc/rtl/dtable_arbiter_socket.h): Table 4.9's
      // and Table 5.4's OPA tables (sim/router/vl/vl_switch_config.cpp's OPA widths), Table 5.4's
      // IB-mapped table (8-bit entries), 5 and 7 SLs in 8 lanes.
      entry<8, 128, 24, 32, 16, Vdtable_arbiter_s8n128_opa>("s8n128_opa"),
      entry<8, 64, 24, 32, 16, Vdtable_arbiter_s8n64_opa>("s8n64_opa"),
      entry<8, 64, 8, 8, 16, Vdtable_arbiter_s8n64_ib>("s8n64_ib"),
  };
#endif
  return bench_main(argc, argv, info);
}
