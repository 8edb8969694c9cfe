// Co-simulation bench: rtl/drr_arbiter.sv against netcosim::model::DrrArbiter.
//
// Source of the mechanism: Deficit Round Robin, the reference of thesis 003's area comparison
// (Sec. 5.4); docs/model.md §8.4. Bench top and timing: bench_top.h and docs/cosim.md;
// stimulus: qos_stimulus.h (the configuration writes are the lanes' quanta).
#include "arbiter_bench.h"
#include "burst_generator.h"
#include "qos_stimulus.h"
#include "sim/blocks/drr_arbiter.h"
#include "systemc/blocks/drr_arbiter.h"

#include "Vdrr_arbiter_v4.h"
#ifndef NETCOSIM_MUTANT
#include "Vdrr_arbiter_v16.h"
#include "Vdrr_arbiter_v4q16s16.h"
#include "Vdrr_arbiter_v8.h"
#include "Vdrr_arbiter_v8q16s16.h"
#endif

namespace netcosim::cosim {
namespace {

template <int V, int QW, int SW, class Vtop>
class DrrBench : public TableSchedBench<DrrBench<V, QW, SW, Vtop>, QosGenerator, Vtop, V, SW> {
 public:
  using Base = TableSchedBench<DrrBench<V, QW, SW, Vtop>, QosGenerator, Vtop, V, SW>;
  using Base::dut, Base::stimulus, Base::time_replay, Base::sched_cov_;
  friend typename Base::Top;
  static constexpr int VW = index_width(V), AW = (QW > SW ? QW : SW) + 1;
  sc_core::sc_signal<Port<VW>> cfg_addr{"cfg_addr"};
  sc_core::sc_signal<Port<QW>> cfg_quantum{"cfg_quantum"};
  sc_core::sc_signal<bool> gnt_valid_model{"gnt_valid_model"}, in_service_model{"in_service_model"};
  sc_core::sc_signal<Port<VW>> gnt_vl_model{"gnt_vl_model"}, cur_model{"cur_model"};
  sc_core::sc_signal<Port<V * AW>> deficit_model{"deficit_model"};
  RtlOutput<bool> gnt_valid{"gnt_valid"};
  RtlOutput<Port<VW>> gnt_vl{"gnt_vl"};
  RtlOutput<Port<VW>> cur{"cur"};
  RtlOutput<bool> in_service{"in_service"};
  RtlOutput<Port<V * AW>> deficit{"deficit"};
  sc::DrrArbiter<V, QW, SW> model{"model"};

  DrrBench(sc_core::sc_module_name n, const Options& o, RunResult& r)
      : Base(n, o, r, "drr_arbiter_V" + std::to_string(V)) {
    const auto bind_inputs = [this](auto& m) {
      this->bind_lanes(m);
      m.cfg_addr(cfg_addr);
      m.cfg_quantum(cfg_quantum);
    };
    bind_inputs(dut);
    dut.gnt_valid(gnt_valid.dut);
    dut.gnt_vl(gnt_vl.dut);
    dut.cur(cur.dut);
    dut.in_service(in_service.dut);
    dut.deficit(deficit.dut);
    bind_inputs(model);
    model.gnt_valid(gnt_valid_model);
    model.gnt_vl(gnt_vl_model);
    model.cur(cur_model);
    model.in_service(in_service_model);
    model.deficit(deficit_model);
  }

  void compare(Checker& c) override {
    c.check("gnt_valid", -1, gnt_valid_model.read(), gnt_valid.rtl.read());
    c.check("gnt_vl", -1, field(gnt_vl_model.read(), 0, VW), field(gnt_vl.rtl.read(), 0, VW));
    c.check("cur", -1, field(cur_model.read(), 0, VW), field(cur.rtl.read(), 0, VW));
    c.check("in_service", -1, in_service_model.read(), in_service.rtl.read());
    const auto dm = deficit_model.read(), dr = deficit.rtl.read();
    for (int v = 0; v < V; ++v) c.check("deficit", v, field(dm, v * AW, AW), field(dr, v * AW, AW));
    coverage_of_cycle();
  }
  Coverage coverage() const override {
    return {{"visits", cov_visits_, true},
            {"continued_grants", cov_cont_, true},
            {"same_lane_revisited", cov_revisit_, true},
            {"empty_lane_loses_deficit", cov_lost_, true},
            {"lanes_passed_for_quantum", cov_passed_, true},
            {"no_grant_with_active", sched_cov_.no_grant, true},
            {"grants_held_accept_low", sched_cov_.held, true},
            {"quantum_writes", sched_cov_.writes, true},
            {"reset_cycles", sched_cov_.resets, true},
            {"min_grants_per_lane", min_of(cov_per_lane_), true}};
  }
  std::vector<FaultTapBase*> fault_taps() override {
    return {&gnt_valid.tap, &gnt_vl.tap, &cur.tap, &in_service.tap, &deficit.tap};
  }
  std::string inputs_text() const override {
    return qos_inputs_text(stimulus(), V,
                           "lane " + std::to_string(stimulus().cfg_addr) + ": quantum " +
                               std::to_string(stimulus().cfg_weight));
  }
  double time_model(uint64_t cycles) override {
    model::DrrArbiter m(sc::DrrArbiter<V, QW, SW>::params());
    return time_replay(cycles, [&](const QosStimulus& s) {
      uint64_t out = 0;
      if (s.rst) {
        m.reset();
        return out;
      }
      const auto d = m.evaluate(static_cast<uint32_t>(s.active), s.size.data());
      out += d.vl + m.cur();
      if (s.accept && d.valid) m.commit(d);
      if (s.cfg_we) m.write_quantum(s.cfg_addr, s.cfg_weight);
      return out;
    });
  }

 private:
  QosGenerator make_generator(uint64_t seed, uint64_t mid_reset) const {
    return {seed, mid_reset, QosShape(V, V, QW, SW, false)};
  }
  void coverage_of_cycle() {
    if (!this->count_cycle()) return;
    const model::DrrArbiter& a = model.arbiter();
    const uint32_t act = static_cast<uint32_t>(stimulus().active);
    const auto d = a.evaluate(act, stimulus().size.data());
    if (!this->count_grant(d.valid)) return;
    ++cov_per_lane_[d.vl];
    if (!d.visit) {
      ++cov_cont_;
      return;
    }
    ++cov_visits_;
    cov_revisit_ += a.in_service() && d.vl == a.cur();
    cov_lost_ += d.clear_cur && a.deficit(a.cur()) != 0;
    // A lane between cur and the visited one that was active but could not cover its head.
    for (int k = 1; k <= V; ++k) {
      const unsigned v = (a.cur() + k) % V;
      if (v == d.vl) break;
      if (((act >> v) & 1u) != 0 && a.quantum(v) != 0) {
        ++cov_passed_;
        break;
      }
    }
  }
  void write(const QosStimulus& s) {
    this->write_lanes(s);
    cfg_addr.write(packed<Port<VW>>(VW, {{0, s.cfg_addr}}, VW));
    cfg_quantum.write(packed<Port<QW>>(QW, {{0, s.cfg_weight}}, QW));
  }
  uint64_t cov_visits_ = 0, cov_cont_ = 0, cov_revisit_ = 0, cov_lost_ = 0, cov_passed_ = 0;
  std::vector<uint64_t> cov_per_lane_ = std::vector<uint64_t>(V, 0);
};

template <int V, int QW, int SW, class Vtop>
ParamSetEntry entry(const char* name) {
  static_assert(V >= 2 && V <= 32 && (V & (V - 1)) == 0, "V: a power of two, 2..32");
  // Wider fields draw within the stimulus's ranges (qos_stimulus.h: quanta below 2^10, sizes
  // below 2^8).
  static_assert(QW <= 16 && SW <= 16, "widths within the stimulus's ranges");
  return bench_entry<DrrBench<V, QW, SW, Vtop>>(
      name, "V=" + std::to_string(V) + ",QW=" + std::to_string(QW) + ",SW=" + std::to_string(SW));
}

}  // namespace
}  // namespace netcosim::cosim

int sc_main(int argc, char** argv) {
  using namespace netcosim::cosim;
  // v8 and v16: the lanes and widths of dtable_arbiter's s8n16 and s16n64 (the area comparison);
  // v4q16s16 and v8q16s16: the switches' DRR inside a network (rtl/catalog.h).
  BenchInfo info{"drr_arbiter", {"gnt_valid", "gnt_vl", "cur", "in_service", "deficit"}, {}, ""};
#ifdef NETCOSIM_MUTANT
  info.mutant = NETCOSIM_MUTANT;
  info.sets = {entry<4, 4, 3, Vdrr_arbiter_v4>("v4")};
#else
  info.sets = {
      entry<4, 4, 3, Vdrr_arbiter_v4>("v4"),
      entry<8, 8, 6, Vdrr_arbiter_v8>("v8"),
      entry<16, 8, 6, Vdrr_arbiter_v16>("v16"),
      entry<4, 16, 16, Vdrr_arbiter_v4q16s16>("v4q16s16"),
      entry<8, 16, 16, Vdrr_arbiter_v8q16s16>("v8q16s16"),
  };
#endif
  return bench_main(argc, argv, info);
}
