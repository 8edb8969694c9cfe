// Co-simulation bench: rtl/sep_alloc_if.sv against netcosim::model::SeparableAllocator.
//
// Source of the mechanism: thesis 000 Sec. 1.1 and Sec. 1.6.3 (input-first separable allocator,
// round-robin priorities rotating only on a grant, FOGSim's allocator iterations). Bench structure
// and timing: bench_top.h and docs/cosim.md.
#include <array>

#include "bench_top.h"
#include "burst_generator.h"
#include "sim/blocks/separable_allocator.h"
#include "systemc/blocks/sep_alloc_if.h"

#include "Vsep_alloc_if_p4v2q4i1.h"
#ifndef NETCOSIM_MUTANT
#include "Vsep_alloc_if_p15v3q15i2.h"
#include "Vsep_alloc_if_p31v3q31i2.h"
#include "Vsep_alloc_if_p4v14q5i2.h"
#include "Vsep_alloc_if_p4v14q6i2.h"
#include "Vsep_alloc_if_p4v14q7i2.h"
#include "Vsep_alloc_if_p4v3q6i2.h"
#include "Vsep_alloc_if_p4v3q8i2.h"
#include "Vsep_alloc_if_p4v4q5i2.h"
#include "Vsep_alloc_if_p4v4q6i2.h"
#include "Vsep_alloc_if_p4v7q6i2.h"
#include "Vsep_alloc_if_p4v7q8i2.h"
#include "Vsep_alloc_if_p4v8q6i2.h"
#include "Vsep_alloc_if_p4v8q8i2.h"
#include "Vsep_alloc_if_p7v3q7i2.h"
#include "Vsep_alloc_if_p7v4q7i2.h"
#include "Vsep_alloc_if_p8v3q8i2.h"
#endif

namespace netcosim::cosim {
namespace {

template <int P, int V>
struct SaStimulus {
  bool rst = false, update = false;
  std::array<uint8_t, P * V> valid{}, out{};
};

// Constrained-random requests in bursts (burst_generator.h): densities from one request per cycle
// to all VCs of all inputs requesting; output patterns uniform, one hot spot, two hot spots, a
// permutation, one output per VC; update low (back-pressure) for whole bursts.
template <int P, int V, int Q>
class SaShape {
 public:
  using Stimulus = SaStimulus<P, V>;
  static constexpr uint32_t kMaxBurst = 256;
  static constexpr bool kResets = true;
  static constexpr bool kDrawsPowerOnReset = false;
  void fill(Stimulus& s, uint64_t /*cycle*/, Rng& rng) {
    s.update = rng.chance(p_update_);
    for (int i = 0; i < P; ++i) {
      for (int v = 0; v < V; ++v) {
        const int k = i * V + v;
        s.valid[k] = rng.chance(density_) ? 1 : 0;
        uint32_t o = 0;
        switch (pattern_) {
          case 0:
            o = rng.below(Q);
            break;
          case 1:
            o = hot_;
            break;
          case 2:
            o = rng.chance(0.5) ? hot_ : hot2_;
            break;
          case 3:
            o = (i + shift_) % Q;
            break;
          default:
            o = (k + shift_) % Q;
            break;
        }
        s.out[k] = static_cast<uint8_t>(o);
      }
    }
  }
  void new_burst(Rng& rng) {
    static constexpr double kDensity[] = {0.0, 0.05, 0.2, 0.5, 0.8, 1.0};
    static constexpr double kUpdate[] = {1.0, 1.0, 0.8, 0.3, 0.0};
    pattern_ = static_cast<int>(rng.below(5));
    density_ = kDensity[rng.below(6)];
    if (density_ == 0.0) density_ = 1.0 / (P * V);  // sparse: about one request per cycle
    p_update_ = kUpdate[rng.below(5)];
    hot_ = rng.below(Q);
    hot2_ = rng.below(Q);
    shift_ = rng.below(Q);
  }

 private:
  int pattern_ = 0;
  double density_ = 0.5, p_update_ = 1.0;
  uint32_t hot_ = 0, hot2_ = 0, shift_ = 0;
};

template <int P, int V, int Q, int I, class Vtop>
class SaBench : public BenchTop<SaBench<P, V, Q, I, Vtop>, BurstGenerator<SaShape<P, V, Q>>, Vtop>,
                public sc::SepAllocIfWidths<P, V, Q> {
 public:
  using Top = BenchTop<SaBench<P, V, Q, I, Vtop>, BurstGenerator<SaShape<P, V, Q>>, Vtop>;
  using Top::clk, Top::dut, Top::options, Top::stimulus, Top::time_replay;
  friend Top;
  using W = sc::SepAllocIfWidths<P, V, Q>;
  using Stim = SaStimulus<P, V>;
  sc_core::sc_signal<bool> rst{"rst"}, update{"update"};
  sc_core::sc_signal<Port<P * V>> req_valid{"req_valid"};
  sc_core::sc_signal<Port<P * V * W::QW>> req_out{"req_out"};
  sc_core::sc_signal<Port<P>> gnt_valid_model{"gnt_valid_model"};
  sc_core::sc_signal<Port<P * W::VW>> gnt_vc_model{"gnt_vc_model"};
  sc_core::sc_signal<Port<P * W::QW>> gnt_out_model{"gnt_out_model"};
  sc_core::sc_signal<Port<P * W::VW>> in_ptr_model{"in_ptr_model"};
  sc_core::sc_signal<Port<Q * W::PW>> out_ptr_model{"out_ptr_model"};
  RtlOutput<Port<P>> gnt_valid{"gnt_valid"};
  RtlOutput<Port<P * W::VW>> gnt_vc{"gnt_vc"};
  RtlOutput<Port<P * W::QW>> gnt_out{"gnt_out"};
  RtlOutput<Port<P * W::VW>> in_ptr{"in_ptr"};
  RtlOutput<Port<Q * W::PW>> out_ptr{"out_ptr"};
  sc::SepAllocIf<P, V, Q, I> model{"model"};

  SaBench(sc_core::sc_module_name n, const Options& o, RunResult& r)
      : Top(n, o, r,
            "sep_alloc_if_P" + std::to_string(P) + "_V" + std::to_string(V) + "_Q" +
                std::to_string(Q) + "_ITER" + std::to_string(I)) {
    dut.clk(clk);
    dut.rst(rst);
    dut.update(update);
    dut.req_valid(req_valid);
    dut.req_out(req_out);
    dut.gnt_valid(gnt_valid.dut);
    dut.gnt_vc(gnt_vc.dut);
    dut.gnt_out(gnt_out.dut);
    dut.in_ptr(in_ptr.dut);
    dut.out_ptr(out_ptr.dut);
    model.clk(clk);
    model.rst(rst);
    model.update(update);
    model.req_valid(req_valid);
    model.req_out(req_out);
    model.gnt_valid(gnt_valid_model);
    model.gnt_vc(gnt_vc_model);
    model.gnt_out(gnt_out_model);
    model.in_ptr(in_ptr_model);
    model.out_ptr(out_ptr_model);
  }

  void compare(Checker& c) override {
    const auto gv_m = gnt_valid_model.read(), gv_r = gnt_valid.rtl.read();
    const auto gvc_m = gnt_vc_model.read(), gvc_r = gnt_vc.rtl.read();
    const auto go_m = gnt_out_model.read(), go_r = gnt_out.rtl.read();
    const auto ip_m = in_ptr_model.read(), ip_r = in_ptr.rtl.read();
    const auto op_m = out_ptr_model.read(), op_r = out_ptr.rtl.read();
    for (int i = 0; i < P; ++i) c.check("gnt_valid", i, field(gv_m, i, 1), field(gv_r, i, 1));
    for (int i = 0; i < P; ++i) {
      c.check("gnt_vc", i, field(gvc_m, i * W::VW, W::VW), field(gvc_r, i * W::VW, W::VW));
      c.check("gnt_out", i, field(go_m, i * W::QW, W::QW), field(go_r, i * W::QW, W::QW));
      c.check("in_ptr", i, field(ip_m, i * W::VW, W::VW), field(ip_r, i * W::VW, W::VW));
    }
    for (int o = 0; o < Q; ++o) {
      c.check("out_ptr", o, field(op_m, o * W::PW, W::PW), field(op_r, o * W::PW, W::PW));
    }
    int grants = 0, requesting = 0;
    std::array<int, Q> inputs_per_output{};
    for (int i = 0; i < P; ++i) {
      const bool g = field(gv_m, i, 1) != 0;
      grants += g;
      if (g) {
        ++cov_in_[static_cast<size_t>(i)];
        const uint64_t o = field(go_m, i * W::QW, W::QW);
        if (o < static_cast<uint64_t>(Q)) ++cov_out_[o];
      }
      bool any = false;
      std::array<bool, Q> named{};
      for (int v = 0; v < V; ++v) {
        const int k = i * V + v;
        any = any || stimulus().valid[k] != 0;
        if (stimulus().valid[k] != 0 && stimulus().out[k] < Q) named[stimulus().out[k]] = true;
      }
      for (int o = 0; o < Q; ++o) inputs_per_output[o] += named[o];
      requesting += any;
    }
    bool conflict = false;
    for (int o = 0; o < Q; ++o) conflict = conflict || inputs_per_output[o] >= 2;
    cov_grants_ += static_cast<uint64_t>(grants);
    cov_full_ += grants == P;
    cov_partial_ += grants > 0 && grants < requesting;
    cov_held_ += grants > 0 && !stimulus().update && !stimulus().rst;
    cov_conflict_ += conflict;
    cov_resets_ += stimulus().rst;
  }
  Coverage coverage() const override {
    return {{"grants", cov_grants_, true},
            {"cycles_all_inputs_granted", cov_full_, true},
            {"cycles_requesting_input_not_granted", cov_partial_, true},
            {"output_conflict_cycles", cov_conflict_, true},
            {"grants_held_update_low", cov_held_, true},
            {"reset_cycles", cov_resets_, true},
            {"min_grants_per_input", min_of(cov_in_), true},
            {"min_grants_per_output", min_of(cov_out_), true}};
  }
  std::vector<FaultTapBase*> fault_taps() override {
    return {&gnt_valid.tap, &gnt_vc.tap, &gnt_out.tap, &in_ptr.tap, &out_ptr.tap};
  }
  std::string inputs_text() const override {
    std::ostringstream s;
    s << "rst=" << stimulus().rst << " update=" << stimulus().update
      << " requests (input.vc->output):";
    int n = 0;
    for (int k = 0; k < P * V; ++k) {
      if (stimulus().valid[k] != 0) {
        s << " " << k / V << "." << k % V << "->" << static_cast<int>(stimulus().out[k]);
        ++n;
      }
    }
    if (n == 0) s << " none";
    return s.str();
  }
  double time_model(uint64_t cycles) override {
    model::SeparableAllocator m(P, V, Q, I);
    return time_replay(cycles, [&](const Stim& s) {
      uint64_t out = 0;
      m.clear_requests();
      for (int j = 0; j < P * V; ++j) {
        if (s.valid[j] != 0) m.request(j / V, j % V, s.out[j]);
      }
      m.evaluate();
      out += m.granted_inputs();
      if (s.rst) {
        m.reset();
      } else if (s.update) {
        m.update();
      }
      return out;
    });
  }

 private:
  BurstGenerator<SaShape<P, V, Q>> make_generator(uint64_t seed, uint64_t mid_reset) const {
    return {seed, mid_reset, SaShape<P, V, Q>()};
  }
  void write(const Stim& s) {
    rst.write(s.rst);
    update.write(s.update);
    BitPacker rv(P * V), ro(P * V * W::QW);
    for (int k = 0; k < P * V; ++k) {
      rv.put(k, 1, s.valid[k]);
      ro.put(k * W::QW, W::QW, s.out[k]);
    }
    Port<P * V> a{};
    rv.store(a);
    req_valid.write(a);
    Port<P * V * W::QW> b{};
    ro.store(b);
    req_out.write(b);
  }
  uint64_t cov_grants_ = 0, cov_full_ = 0, cov_partial_ = 0, cov_held_ = 0, cov_resets_ = 0;
  uint64_t cov_conflict_ = 0;
  std::vector<uint64_t> cov_in_ = std::vector<uint64_t>(P, 0);   // grants per input
  std::vector<uint64_t> cov_out_ = std::vector<uint64_t>(Q, 0);  // grants per output
};

template <int P, int V, int Q, int I, class Vtop>
ParamSetEntry entry(const char* name) {
  return bench_entry<SaBench<P, V, Q, I, Vtop>>(
      name, "P=" + std::to_string(P) + ",V=" + std::to_string(V) + ",Q=" + std::to_string(Q) +
                ",ITER=" + std::to_string(I));
}

}  // namespace
}  // namespace netcosim::cosim

int sc_main(int argc, char** argv) {
  using namespace netcosim::cosim;
  // p31v3q31i2: the h8 Dragonfly router (31 ports, 3 VCs, 2 allocator iterations).
  BenchInfo info{"sep_alloc_if", {"gnt_valid", "gnt_vc", "gnt_out", "in_ptr", "out_ptr"}, {}, ""};
#ifdef NETCOSIM_MUTANT
  // A deliberately broken RTL copy (testbench/CMakeLists.txt), Verilated for p4v2q4i1 only.
  info.mutant = NETCOSIM_MUTANT;
  info.sets = {entry<4, 2, 4, 1, Vsep_alloc_if_p4v2q4i1>("p4v2q4i1")};
#else
  info.sets = {
      entry<4, 2, 4, 1, Vsep_alloc_if_p4v2q4i1>("p4v2q4i1"),
      entry<7, 3, 7, 2, Vsep_alloc_if_p7v3q7i2>("p7v3q7i2"),
      entry<7, 4, 7, 2, Vsep_alloc_if_p7v4q7i2>("p7v4q7i2"),
      entry<8, 3, 8, 2, Vsep_alloc_if_p8v3q8i2>("p8v3q8i2"),
      entry<15, 3, 15, 2, Vsep_alloc_if_p15v3q15i2>("p15v3q15i2"),
      entry<31, 3, 31, 2, Vsep_alloc_if_p31v3q31i2>("p31v3q31i2"),
      // The Omni-Path switches' MPort and central allocators (rtl/catalog.h).
      entry<4, 3, 6, 2, Vsep_alloc_if_p4v3q6i2>("p4v3q6i2"),
      entry<4, 3, 8, 2, Vsep_alloc_if_p4v3q8i2>("p4v3q8i2"),
      entry<4, 4, 6, 2, Vsep_alloc_if_p4v4q6i2>("p4v4q6i2"),
      entry<4, 4, 5, 2, Vsep_alloc_if_p4v4q5i2>("p4v4q5i2"),
      entry<4, 8, 6, 2, Vsep_alloc_if_p4v8q6i2>("p4v8q6i2"),
      entry<4, 8, 8, 2, Vsep_alloc_if_p4v8q8i2>("p4v8q8i2"),
      entry<4, 7, 6, 2, Vsep_alloc_if_p4v7q6i2>("p4v7q6i2"),
      entry<4, 7, 8, 2, Vsep_alloc_if_p4v7q8i2>("p4v7q8i2"),
      entry<4, 14, 6, 2, Vsep_alloc_if_p4v14q6i2>("p4v14q6i2"),
      entry<4, 14, 5, 2, Vsep_alloc_if_p4v14q5i2>("p4v14q5i2"),
      entry<4, 14, 7, 2, Vsep_alloc_if_p4v14q7i2>("p4v14q7i2"),
  };
#endif
  return bench_main(argc, argv, info);
}
