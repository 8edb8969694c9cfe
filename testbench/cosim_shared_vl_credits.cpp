// Co-simulation bench: rtl/shared_vl_credits.sv against netcosim::model::SharedVlCredits.
//
// Source of the mechanism: thesis 003 Sec. 5.3.1 (extract §2.2 "Dynamic VL buffer management"):
// one buffer per switch port shared by the VLs, each VL with a guaranteed minimum and a maximum.
// Bench top and timing: bench_top.h and docs/cosim.md.
#include <deque>

#include "bench_top.h"
#include "burst_generator.h"
#include "sim/blocks/shared_vl_credits.h"
#include "systemc/blocks/shared_vl_credits.h"

#include "Vshared_vl_credits_v3t24.h"
#ifndef NETCOSIM_MUTANT
#include "Vshared_vl_credits_v14t1792.h"
#include "Vshared_vl_credits_v3t256.h"
#include "Vshared_vl_credits_v3t256m16.h"
#include "Vshared_vl_credits_v4t256.h"
#include "Vshared_vl_credits_v4t7168.h"
#include "Vshared_vl_credits_v7t1792.h"
#include "Vshared_vl_credits_v8t1024.h"
#endif

namespace netcosim::cosim {
namespace {

struct SvStimulus {
  bool rst = false, cv = false, gv = false;
  uint32_t cvl = 0, camt = 0, gvl = 0, gamt = 0;
};

// A sender and the buffer it feeds, legal only (the switch never sends beyond the credits nor
// frees more than a VL holds): per burst a send probability (0, 0.1, 0.5, 1), a give-back
// probability (0, 0.1, 0.5, 1: the buffer fills, holds or drains), a packet size (the largest
// packet VL_MIN, 1 flit, all of the VL's credits, or random up to them), VLs drawn from all or
// from one (one VL runs up to its maximum while the others keep their minimum). The freed amount
// is a random part of what the VL holds, or all of it. The fields of an invalid consume/give-back
// carry random values. Resets (one mid-run) empty the buffer.
template <int VLS, int W, int TOTAL, int VL_MIN, int VL_MAX>
class SvShape {
 public:
  using Stimulus = SvStimulus;
  static constexpr uint32_t kMaxBurst = 512;
  static constexpr bool kResets = true;
  static constexpr bool kDrawsPowerOnReset = false;
  static constexpr int VW = index_width(VLS);
  static constexpr model::SharedVlBuffer kBuffer{VLS, TOTAL, VL_MIN, VL_MAX};
  SvShape() : shadow_(kBuffer) {}
  void fill(SvStimulus& s, uint64_t, Rng& rng) {
    s.cvl = rng.below(1u << VW);
    s.gvl = rng.below(1u << VW);
    s.camt = rng.below(1u << W);
    s.gamt = rng.below(1u << W);
    if (rng.chance(p_give_)) {
      const uint32_t vl = pick(rng);
      const uint32_t held = shadow_.used(vl);
      if (held > 0) {
        s.gv = true;
        s.gvl = vl;
        s.gamt = rng.chance(0.3) ? held : 1 + rng.below(held);
      }
    }
    if (rng.chance(p_send_)) {
      const uint32_t vl = pick(rng);
      const uint32_t cr = shadow_.credits(vl);
      uint32_t amt = 0;
      switch (size_mode_) {
        case 0:
          amt = VL_MIN;
          break;
        case 1:
          amt = 1;
          break;
        case 2:
          amt = cr;
          break;
        default:
          amt = rng.below(cr + 1);
      }
      if (amt <= cr && amt > 0) {
        s.cv = true;
        s.cvl = vl;
        s.camt = amt;
      }
    }
    if (s.rst) {
      shadow_ = model::SharedVlCredits(kBuffer);
    } else {
      if (s.cv) shadow_.consume(s.cvl, s.camt);
      if (s.gv) shadow_.give_back(s.gvl, s.gamt);
    }
  }
  void new_burst(Rng& rng) {
    static constexpr double kP[] = {0.0, 0.1, 0.5, 1.0};
    p_send_ = kP[rng.below(4)];
    p_give_ = kP[rng.below(4)];
    size_mode_ = static_cast<int>(rng.below(4));
    one_vl_ = rng.chance(0.25) ? static_cast<int>(rng.below(VLS)) : -1;
  }

 private:
  uint32_t pick(Rng& rng) const {
    return one_vl_ >= 0 ? static_cast<uint32_t>(one_vl_) : static_cast<uint32_t>(rng.below(VLS));
  }
  model::SharedVlCredits shadow_;  // the buffer as the sender sees it
  double p_send_ = 0.5, p_give_ = 0.5;
  int size_mode_ = 0;
  int one_vl_ = -1;
};

template <int VLS, int W, int TOTAL, int VL_MIN, int VL_MAX, class Vtop>
class SvBench : public BenchTop<SvBench<VLS, W, TOTAL, VL_MIN, VL_MAX, Vtop>,
                                BurstGenerator<SvShape<VLS, W, TOTAL, VL_MIN, VL_MAX>>, Vtop> {
 public:
  using Shape = SvShape<VLS, W, TOTAL, VL_MIN, VL_MAX>;
  using Top = BenchTop<SvBench<VLS, W, TOTAL, VL_MIN, VL_MAX, Vtop>, BurstGenerator<Shape>, Vtop>;
  using Top::clk, Top::dut, Top::options, Top::stimulus, Top::time_replay;
  friend Top;
  static constexpr int VW = index_width(VLS);
  sc_core::sc_signal<bool> rst{"rst"}, consume_valid{"consume_valid"}, give_valid{"give_valid"};
  sc_core::sc_signal<Port<VW>> consume_vl{"consume_vl"}, give_vl{"give_vl"};
  sc_core::sc_signal<Port<W>> consume_amt{"consume_amt"}, give_amt{"give_amt"};
  sc_core::sc_signal<Port<VLS * W>> credits_model{"credits_model"};
  sc_core::sc_signal<Port<W>> free_shared_model{"free_shared_model"};
  RtlOutput<Port<VLS * W>> credits{"credits"};
  RtlOutput<Port<W>> free_shared{"free_shared"};
  sc::SharedVlCredits<VLS, W, TOTAL, VL_MIN, VL_MAX> model{"model"};

  SvBench(sc_core::sc_module_name n, const Options& o, RunResult& r)
      : Top(n, o, r,
            "shared_vl_credits_VLS" + std::to_string(VLS) + "_W" + std::to_string(W) + "_TOTAL" +
                std::to_string(TOTAL)) {
    dut.clk(clk);
    dut.rst(rst);
    dut.consume_valid(consume_valid);
    dut.consume_vl(consume_vl);
    dut.consume_amt(consume_amt);
    dut.give_valid(give_valid);
    dut.give_vl(give_vl);
    dut.give_amt(give_amt);
    dut.credits(credits.dut);
    dut.free_shared(free_shared.dut);
    model.clk(clk);
    model.rst(rst);
    model.consume_valid(consume_valid);
    model.consume_vl(consume_vl);
    model.consume_amt(consume_amt);
    model.give_valid(give_valid);
    model.give_vl(give_vl);
    model.give_amt(give_amt);
    model.credits(credits_model);
    model.free_shared(free_shared_model);
  }

  void compare(Checker& c) override {
    const auto cr_m = credits_model.read(), cr_r = credits.rtl.read();
    for (int v = 0; v < VLS; ++v)
      c.check("credits", v, field(cr_m, v * W, W), field(cr_r, v * W, W));
    const uint64_t fs = field(free_shared_model.read(), 0, W);
    c.check("free_shared", -1, fs, field(free_shared.rtl.read(), 0, W));
    const SvStimulus& s = stimulus();
    cov_same_ += s.cv && s.gv && s.cvl == s.gvl && !s.rst;
    cov_shared_empty_ += fs == 0;
    bool zero = false, own_only = false, all_free = true, at_max = false;
    for (int v = 0; v < VLS; ++v) {
      const uint64_t cr = field(cr_m, v * W, W);
      zero = zero || cr == 0;
      own_only = own_only || (fs == 0 && cr > 0);  // a VL below its minimum, the shared part used
      at_max = at_max || (fs > 0 && cr == 0);      // a VL at its maximum, shared flits left
      all_free = all_free && cr == std::min<uint64_t>(VL_MAX, VL_MIN + TOTAL - VLS * VL_MIN);
    }
    cov_zero_ += zero;
    cov_own_only_ += own_only;
    cov_all_free_ += all_free;
    cov_at_max_ += at_max;
    cov_resets_ += s.rst;
    if (!s.rst && s.cv) ++cov_consumes_[s.cvl];
    if (!s.rst && s.gv) ++cov_gives_[s.gvl];
  }
  Coverage coverage() const override {
    return {{"same_vl_consume_and_give_back", cov_same_, true},
            {"cycles_with_shared_part_used_up", cov_shared_empty_, true},
            {"cycles_with_a_vl_at_0_credits", cov_zero_, true},
            {"cycles_with_a_vl_on_its_minimum_only", cov_own_only_, true},
            {"cycles_with_all_free", cov_all_free_, true},
            // Reachable only when the maximum binds (VL_MAX < VL_MIN + the shared part);
            // otherwise a VL at its maximum has used up the shared part.
            {"cycles_with_a_vl_at_its_maximum", cov_at_max_, VL_MAX < TOTAL - (VLS - 1) * VL_MIN},
            {"reset_cycles", cov_resets_, true},
            {"min_consumes_per_vl", min_of(cov_consumes_), true},
            {"min_give_backs_per_vl", min_of(cov_gives_), true}};
  }
  std::vector<FaultTapBase*> fault_taps() override { return {&credits.tap, &free_shared.tap}; }
  std::string inputs_text() const override {
    std::ostringstream s;
    s << "rst=" << stimulus().rst << " consume_valid=" << stimulus().cv
      << " consume_vl=" << stimulus().cvl << " consume_amt=" << stimulus().camt
      << " give_valid=" << stimulus().gv << " give_vl=" << stimulus().gvl
      << " give_amt=" << stimulus().gamt;
    return s.str();
  }
  double time_model(uint64_t cycles) override {
    model::SharedVlCredits m(Shape::kBuffer);
    return time_replay(cycles, [&](const SvStimulus& s) {
      uint64_t out = 0;
      for (int v = 0; v < VLS; ++v) out += m.credits(v);
      out += m.free_shared();
      if (s.rst) {
        m = model::SharedVlCredits(Shape::kBuffer);
      } else {
        if (s.cv) m.consume(s.cvl, s.camt);
        if (s.gv) m.give_back(s.gvl, s.gamt);
      }
      return out;
    });
  }

 private:
  BurstGenerator<Shape> make_generator(uint64_t seed, uint64_t mid_reset) const {
    return {seed, mid_reset, Shape()};
  }
  void write(const SvStimulus& s) {
    rst.write(s.rst);
    consume_valid.write(s.cv);
    give_valid.write(s.gv);
    consume_vl.write(packed<Port<VW>>(VW, {{0, s.cvl}}, VW));
    give_vl.write(packed<Port<VW>>(VW, {{0, s.gvl}}, VW));
    consume_amt.write(packed<Port<W>>(W, {{0, s.camt}}, W));
    give_amt.write(packed<Port<W>>(W, {{0, s.gamt}}, W));
  }
  uint64_t cov_same_ = 0, cov_shared_empty_ = 0, cov_zero_ = 0, cov_own_only_ = 0;
  uint64_t cov_all_free_ = 0, cov_resets_ = 0, cov_at_max_ = 0;
  std::vector<uint64_t> cov_consumes_ = std::vector<uint64_t>(VLS, 0);  // per VL
  std::vector<uint64_t> cov_gives_ = std::vector<uint64_t>(VLS, 0);
};

template <int VLS, int W, int TOTAL, int VL_MIN, int VL_MAX, class Vtop>
ParamSetEntry entry(const char* name) {
  static_assert(TOTAL < (1 << W), "TOTAL must fit in W bits");
  static_assert(VLS * VL_MIN <= TOTAL && VL_MIN <= VL_MAX && VL_MAX <= TOTAL, "a legal buffer");
  return bench_entry<SvBench<VLS, W, TOTAL, VL_MIN, VL_MAX, Vtop>>(
      name, "VLS=" + std::to_string(VLS) + ",W=" + std::to_string(W) +
                ",TOTAL=" + std::to_string(TOTAL) + ",VL_MIN=" + std::to_string(VL_MIN) +
                ",VL_MAX=" + std::to_string(VL_MAX));
}

}  // namespace
}  // namespace netcosim::cosim

int sc_main(int argc, char** argv) {
  using namespace netcosim::cosim;
  // The parameter sets and the switch ports they are: rtl/catalog.h.
  BenchInfo info{"shared_vl_credits", {"credits", "free_shared"}, {}, ""};
#ifdef NETCOSIM_MUTANT
  // A deliberately broken RTL copy (testbench/CMakeLists.txt), Verilated for v3t24 only.
  info.mutant = NETCOSIM_MUTANT;
  info.sets = {entry<3, 5, 24, 2, 12, Vshared_vl_credits_v3t24>("v3t24")};
#else
  info.sets = {
      entry<3, 5, 24, 2, 12, Vshared_vl_credits_v3t24>("v3t24"),
      entry<3, 9, 256, 8, 256, Vshared_vl_credits_v3t256>("v3t256"),
      entry<4, 9, 256, 8, 256, Vshared_vl_credits_v4t256>("v4t256"),
      entry<7, 11, 1792, 32, 1792, Vshared_vl_credits_v7t1792>("v7t1792"),
      entry<14, 11, 1792, 32, 1792, Vshared_vl_credits_v14t1792>("v14t1792"),
      entry<8, 11, 1024, 16, 1024, Vshared_vl_credits_v8t1024>("v8t1024"),
      entry<4, 13, 7168, 4, 7168, Vshared_vl_credits_v4t7168>("v4t7168"),
      entry<3, 9, 256, 16, 256, Vshared_vl_credits_v3t256m16>("v3t256m16"),
  };
#endif
  return bench_main(argc, argv, info);
}
