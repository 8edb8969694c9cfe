// Co-simulation bench: rtl/sbt_scheduler.sv against netcosim::model::SbtScheduler.
//
// Source of the mechanism: thesis 003 Sec. 2.3.1 (Algorithm 1) and Sec. 4.3.2 (Algorithm 2,
// Table 4.2); docs/model.md §8.1. Bench top and timing: bench_top.h and docs/cosim.md. The block
// has no configuration port (its weights are parameters) nor sizes (SBT counts packets), so its
// stimulus is the lanes' activity and the accept only (SbtShape below).
#include "bench_top.h"
#include "burst_generator.h"
#include "sim/blocks/sbt_scheduler.h"
#include "systemc/blocks/sbt_scheduler.h"

#include "Vsbt_scheduler_s3_ch2a.h"
#ifndef NETCOSIM_MUTANT
#include "Vsbt_scheduler_s4w4.h"
#include "Vsbt_scheduler_s5_ch4.h"
#endif

#include <array>

namespace netcosim::cosim {
namespace {

struct SbtStimulus {
  bool rst = false, accept = false;
  uint32_t active = 0;
};

// Constrained-random activity in the burst generator's bursts (burst_generator.h) of 1 to 256
// cycles: activity sticky (each lane flips with 5 % per cycle from a random start), random every
// cycle at a density from one lane to 95 %, all lanes, one lane, all lanes but one (that SL keeps
// its weight while the others drain it and are then served by the exception: the table cannot
// reset), or idle; accept with probability 1, 0.9, 0.5 or 0 (back-pressure: the state must hold).
class SbtShape {
 public:
  using Stimulus = SbtStimulus;
  static constexpr uint32_t kMaxBurst = 256;
  static constexpr bool kResets = true;
  static constexpr bool kDrawsPowerOnReset = false;
  explicit SbtShape(int lanes) : lanes_(lanes) {}

  void fill(SbtStimulus& s, uint64_t /*cycle*/, Rng& rng) {
    const uint32_t all = (1u << lanes_) - 1;
    switch (mode_) {
      case 0:  // sticky
        for (int l = 0; l < lanes_; ++l)
          if (rng.chance(0.05)) sticky_ ^= 1u << l;
        s.active = sticky_;
        break;
      case 1:  // random every cycle
        for (int l = 0; l < lanes_; ++l)
          if (rng.chance(density_)) s.active |= 1u << l;
        break;
      case 2:
        s.active = all;
        break;
      case 3:
        s.active = 1u << one_;
        break;
      case 4:
        s.active = all & ~(1u << one_);
        break;
      default:
        break;
    }
    s.accept = rng.chance(p_accept_);
  }
  void new_burst(Rng& rng) {
    static constexpr double kDensity[] = {0.05, 0.2, 0.5, 0.8, 0.95};
    static constexpr double kAccept[] = {1.0, 1.0, 0.9, 0.5, 0.0};
    mode_ = static_cast<int>(rng.below(6));
    density_ = kDensity[rng.below(5)];
    if (density_ == 0.05) density_ = 1.0 / lanes_;  // about one lane per cycle
    p_accept_ = kAccept[rng.below(5)];
    one_ = static_cast<int>(rng.below(static_cast<uint32_t>(lanes_)));
    sticky_ = 0;
    for (int l = 0; l < lanes_; ++l)
      if (rng.chance(0.5)) sticky_ |= 1u << l;
  }

 private:
  int lanes_;
  int mode_ = 0, one_ = 0;
  double density_ = 0.5, p_accept_ = 1.0;
  uint32_t sticky_ = 0;
};

using SbtGenerator = BurstGenerator<SbtShape>;

// A parameter set: S SLs, WW-bit weights, the weights W0..W(S-1) (rtl/catalog.h).
template <int S_, int WW_, uint32_t... Ws>
struct SbtSet {
  static constexpr int S = S_, WW = WW_;
  static constexpr std::array<uint32_t, S_> kWeights{Ws...};
  static_assert(sizeof...(Ws) == S_, "one weight per SL");
  static_assert(S_ >= 2 && S_ <= 8, "S: 2..8 (the RTL's W0..W7)");
  static_assert(((Ws < (1u << WW_)) && ...), "each weight below 2^WW");
  static std::vector<uint32_t> weights() { return {Ws...}; }
  static std::string params() {
    std::string p = "S=" + std::to_string(S) + ",WW=" + std::to_string(WW);
    for (int s = 0; s < S; ++s) p += ",W" + std::to_string(s) + "=" + std::to_string(kWeights[s]);
    return p;
  }
};

template <class Set, class Vtop>
class SbtBench : public BenchTop<SbtBench<Set, Vtop>, SbtGenerator, Vtop> {
 public:
  using Top = BenchTop<SbtBench<Set, Vtop>, SbtGenerator, Vtop>;
  using Top::clk, Top::dut, Top::stimulus, Top::time_replay;
  friend Top;
  static constexpr int S = Set::S, WW = Set::WW, SLW = index_width(S);
  sc_core::sc_signal<bool> rst{"rst"}, accept{"accept"};
  sc_core::sc_signal<Port<S>> active{"active"};
  sc_core::sc_signal<bool> gnt_valid_model{"gnt_valid_model"}, charged_model{"charged_model"};
  sc_core::sc_signal<Port<SLW>> gnt_vl_model{"gnt_vl_model"}, last_vl_model{"last_vl_model"};
  sc_core::sc_signal<Port<S * WW>> remaining_model{"remaining_model"};
  RtlOutput<bool> gnt_valid{"gnt_valid"};
  RtlOutput<Port<SLW>> gnt_vl{"gnt_vl"};
  RtlOutput<bool> charged{"charged"};
  RtlOutput<Port<SLW>> last_vl{"last_vl"};
  RtlOutput<Port<S * WW>> remaining{"remaining"};
  sc::SbtScheduler<S, WW> model{"model", Set::weights()};

  SbtBench(sc_core::sc_module_name n, const Options& o, RunResult& r)
      : Top(n, o, r, "sbt_scheduler_S" + std::to_string(S)) {
    dut.clk(clk);
    dut.rst(rst);
    dut.active(active);
    dut.accept(accept);
    dut.gnt_valid(gnt_valid.dut);
    dut.gnt_vl(gnt_vl.dut);
    dut.charged(charged.dut);
    dut.last_vl(last_vl.dut);
    dut.remaining(remaining.dut);
    model.clk(clk);
    model.rst(rst);
    model.active(active);
    model.accept(accept);
    model.gnt_valid(gnt_valid_model);
    model.gnt_vl(gnt_vl_model);
    model.charged(charged_model);
    model.last_vl(last_vl_model);
    model.remaining(remaining_model);
  }

  void compare(Checker& c) override {
    c.check("gnt_valid", -1, gnt_valid_model.read(), gnt_valid.rtl.read());
    c.check("gnt_vl", -1, field(gnt_vl_model.read(), 0, SLW), field(gnt_vl.rtl.read(), 0, SLW));
    c.check("charged", -1, charged_model.read(), charged.rtl.read());
    c.check("last_vl", -1, field(last_vl_model.read(), 0, SLW), field(last_vl.rtl.read(), 0, SLW));
    const auto rm = remaining_model.read(), rr = remaining.rtl.read();
    for (int s = 0; s < S; ++s)
      c.check("remaining", s, field(rm, s * WW, WW), field(rr, s * WW, WW));
    coverage_of_cycle();
  }
  Coverage coverage() const override {
    return {{"charged_grants", cov_charged_, true},
            {"burst_continues_at_last_vl", cov_continue_, true},
            {"active_dry_sl_passed", cov_passed_, true},
            {"table_resets", cov_table_resets_, true},
            {"work_conserving_grants", cov_exception_, true},
            {"exception_among_several_active", cov_exc_multi_, true},
            {"idle_sl_keeps_weight", cov_idle_keeps_, true},
            {"idle_cycles", cov_idle_, true},
            {"grants_held_accept_low", cov_held_, true},
            {"reset_cycles", cov_resets_, true},
            {"min_charged_grants_per_sl", min_of(cov_per_sl_), true},
            {"min_exception_grants_per_sl", min_of(cov_exc_per_sl_), true}};
  }
  std::vector<FaultTapBase*> fault_taps() override {
    return {&gnt_valid.tap, &gnt_vl.tap, &charged.tap, &last_vl.tap, &remaining.tap};
  }
  std::string inputs_text() const override {
    std::ostringstream s;
    s << "rst=" << stimulus().rst << " accept=" << stimulus().accept << " active=0x" << std::hex
      << stimulus().active;
    return s.str();
  }
  double time_model(uint64_t cycles) override {
    model::SbtTable t(Set::weights(), 1);
    model::SbtScheduler m(&t, 0, sc::SbtScheduler<S, WW>::identity());
    return time_replay(cycles, [&](const SbtStimulus& s) {
      uint64_t out = 0;
      if (s.rst) {
        m.reset();
        return out;
      }
      const auto d = m.evaluate(s.active);
      out += d.vl + m.last_vl();
      if (s.accept) m.commit(d);
      return out;
    });
  }

 private:
  SbtGenerator make_generator(uint64_t seed, uint64_t mid_reset) const {
    return {seed, mid_reset, SbtShape(S)};
  }
  void coverage_of_cycle() {
    cov_resets_ += stimulus().rst;
    if (stimulus().rst) return;
    const model::SbtScheduler& a = model.scheduler();
    const model::SbtTable& t = model.table();
    const uint32_t act = stimulus().active;
    if (act == 0) {
      ++cov_idle_;
      return;
    }
    const auto d = a.evaluate(act);
    if (!stimulus().accept) {
      ++cov_held_;
      return;
    }
    const unsigned last = a.last_vl();
    if (!d.charged) {
      ++cov_exception_;
      ++cov_exc_per_sl_[d.vl];
      // Several dry SLs active: the backward walk chooses the last of them.
      cov_exc_multi_ += (act & (act - 1)) != 0;
      return;
    }
    ++cov_charged_;
    ++cov_per_sl_[d.vl];
    cov_continue_ += d.vl == last;
    // The lane left has weight but is not active: it keeps it (Sec. 4.3.2).
    cov_idle_keeps_ += d.vl != last && ((act >> last) & 1u) == 0 && t.remaining(last, 0) > 0;
    // An active SL without weight between last_vl and the grant: the walk passed it.
    for (int k = 0; k < S; ++k) {
      const unsigned v = (last + k) % S;
      if (v == d.vl) break;
      if (((act >> v) & 1u) != 0) {
        ++cov_passed_;
        break;
      }
    }
    // The charge that empties the table (every SL's remaining weight 0: restored).
    bool last_unit = t.remaining(d.vl, 0) == 1;
    for (int s = 0; s < S && last_unit; ++s)
      if (s != static_cast<int>(d.vl) && t.remaining(s, 0) != 0) last_unit = false;
    cov_table_resets_ += last_unit;
  }
  void write(const SbtStimulus& s) {
    rst.write(s.rst);
    active.write(packed<Port<S>>(S, {{0, s.active}}, S));
    accept.write(s.accept);
  }
  uint64_t cov_charged_ = 0, cov_continue_ = 0, cov_passed_ = 0, cov_table_resets_ = 0;
  uint64_t cov_exception_ = 0, cov_exc_multi_ = 0, cov_idle_keeps_ = 0, cov_idle_ = 0;
  uint64_t cov_held_ = 0, cov_resets_ = 0;
  std::vector<uint64_t> cov_per_sl_ = std::vector<uint64_t>(S, 0);
  std::vector<uint64_t> cov_exc_per_sl_ = std::vector<uint64_t>(S, 0);
};

template <class Set, class Vtop>
ParamSetEntry entry(const char* name) {
  return bench_entry<SbtBench<Set, Vtop>>(name, Set::params());
}

// Thesis 003 Table 2.2, configuration A (SLs 0-2 at 60/30/10); Table 4.9's SBT weights of Ch. 4's
// five SLs (VO, VI, CL, BE, BK: 10/30/50/5/5, VI's 30 from the text); an SL at weight 1 and one
// at 2^WW - 1, at the lanes and weight width of dtable_arbiter s4n8 and drr_arbiter v4.
using SetCh2A = SbtSet<3, 7, 60, 30, 10>;
using SetCh4 = SbtSet<5, 7, 10, 30, 50, 5, 5>;
using SetW4 = SbtSet<4, 4, 1, 15, 2, 5>;

}  // namespace
}  // namespace netcosim::cosim

int sc_main(int argc, char** argv) {
  using namespace netcosim::cosim;
  BenchInfo info{
      "sbt_scheduler", {"gnt_valid", "gnt_vl", "charged", "last_vl", "remaining"}, {}, ""};
#ifdef NETCOSIM_MUTANT
  info.mutant = NETCOSIM_MUTANT;
  info.sets = {entry<SetCh2A, Vsbt_scheduler_s3_ch2a>("s3_ch2a")};
#else
  info.sets = {
      entry<SetCh2A, Vsbt_scheduler_s3_ch2a>("s3_ch2a"),
      entry<SetCh4, Vsbt_scheduler_s5_ch4>("s5_ch4"),
      entry<SetW4, Vsbt_scheduler_s4w4>("s4w4"),
  };
#endif
  return bench_main(argc, argv, info);
}
