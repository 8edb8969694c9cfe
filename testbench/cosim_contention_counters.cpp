// Co-simulation bench: rtl/contention_counters.sv against netcosim::model::ContentionCounters.
//
// Source of the mechanism: seed 001 Sec. III and thesis 000 Sec. 4.2.1.1 (one counter per output
// port, incremented when a header reaches the head of an input buffer, decremented when the tail
// leaves it, compared with a threshold). Bench top and timing: bench_top.h and
// docs/cosim.md.
#include <array>

#include "bench_top.h"
#include "burst_generator.h"
#include "sim/blocks/contention_counters.h"
#include "systemc/blocks/contention_counters.h"

#include "Vcontention_counters_q7w4n4.h"
#ifndef NETCOSIM_MUTANT
#include "Vcontention_counters_q15w6n16.h"
#include "Vcontention_counters_q15w8n30.h"
#include "Vcontention_counters_q31w8n62.h"
#include "Vcontention_counters_q7w8n14.h"
#endif

namespace netcosim::cosim {
namespace {

// One cycle of inputs. Invalid slots carry random port values (the RTL must ignore them).
template <int N>
struct CntStimulus {
  bool rst = false;
  uint32_t threshold = 0;
  std::array<bool, N> inc_valid{}, dec_valid{};
  std::array<uint8_t, N> inc_port{}, dec_port{};
};

// Constrained-random events in bursts of 1 to 512 cycles, each burst with its own shape:
//   density    per-slot probability of an increment and of a decrement: 0, about one event per
//              cycle (sparse), 10 %, 50 %, every slot (dense);
//   targets    uniform over the 2^QW port codes (codes >= Q name no counter), one hot output, two
//              hot outputs, or "router-like" (decrements only to outputs whose count is above 0,
//              from a shadow copy of the model);
//   kind       mixed, fill (increments only, to a hot output: saturates at 2^W-1 and keeps
//              incrementing there), drain (decrements only: counts fall to 0 and keep being
//              decremented there);
//   threshold  per burst 0, 1, 2^W-1, the paper's 6 (clipped to 2^W-1) or random; within a burst
//              it changes in 5 % of the cycles.
// Bursts and resets: burst_generator.h.
template <int Q, int W, int N>
class CntShape {
 public:
  using Stimulus = CntStimulus<N>;
  static constexpr uint32_t kMaxBurst = 512;
  static constexpr bool kResets = true;
  static constexpr bool kDrawsPowerOnReset = false;
  static constexpr int QW = index_width(Q);
  static constexpr uint32_t kMax = (1u << W) - 1;
  CntShape() : shadow_(Q, W) {}
  void fill(CntStimulus<N>& s, uint64_t /*cycle*/, Rng& rng) {
    if (rng.chance(0.05)) threshold_ = pick_threshold(rng);
    s.threshold = threshold_;
    for (int k = 0; k < N; ++k) {
      s.inc_port[k] = static_cast<uint8_t>(rng.below(1u << QW));
      s.dec_port[k] = static_cast<uint8_t>(rng.below(1u << QW));
      if (rng.chance(p_inc_)) {
        s.inc_valid[k] = true;
        s.inc_port[k] = target(rng);
      }
      if (rng.chance(p_dec_)) {
        if (mode_ == kRouterLike) {
          // A decrement only for an output with a count above 0 (a packet that incremented it
          // before); give up the slot if none is found quickly.
          for (int tries = 0; tries < 4; ++tries) {
            const uint32_t q = rng.below(Q);
            if (shadow_.count(q) > 0) {
              s.dec_valid[k] = true;
              s.dec_port[k] = static_cast<uint8_t>(q);
              break;
            }
          }
        } else {
          s.dec_valid[k] = true;
          s.dec_port[k] = target(rng);
        }
      }
    }
    if (s.rst) {
      shadow_.reset();
    } else {
      shadow_.cycle(s.inc_valid.data(), s.inc_port.data(), s.dec_valid.data(), s.dec_port.data(),
                    N);
    }
  }

 private:
  enum Mode { kUniform, kHot1, kHot2, kRouterLike };
  uint8_t target(Rng& rng) {
    switch (mode_) {
      case kHot1:
        return hot_[0];
      case kHot2:
        return hot_[rng.below(2)];
      case kRouterLike:
        return static_cast<uint8_t>(rng.below(Q));
      default:
        return static_cast<uint8_t>(rng.below(1u << QW));  // includes codes >= Q
    }
  }
  uint32_t pick_threshold(Rng& rng) {
    switch (rng.below(5)) {
      case 0:
        return 0;
      case 1:
        return 1;
      case 2:
        return kMax;
      case 3:
        return 6 < kMax ? 6 : kMax;
      default:
        return rng.below(kMax + 1);
    }
  }
  double pick_density(Rng& rng) {
    switch (rng.below(5)) {
      case 0:
        return 0.0;
      case 1:
        return 1.0 / N;  // sparse: about one event per cycle
      case 2:
        return 0.1;
      case 3:
        return 0.5;
      default:
        return 1.0;  // dense: every slot
    }
  }

 public:
  void new_burst(Rng& rng) {
    mode_ = static_cast<Mode>(rng.below(4));
    hot_[0] = static_cast<uint8_t>(rng.below(Q));
    hot_[1] = static_cast<uint8_t>(rng.below(Q));
    threshold_ = pick_threshold(rng);
    switch (rng.below(4)) {
      case 0:  // fill: saturate at 2^W-1
        mode_ = rng.chance(0.5) ? kHot1 : kHot2;
        p_inc_ = rng.chance(0.5) ? 1.0 : 0.5;
        p_dec_ = rng.chance(0.5) ? 0.0 : 0.05;
        break;
      case 1:  // drain: to 0
        p_inc_ = 0.0;
        p_dec_ = pick_density(rng);
        if (p_dec_ < 0.1) p_dec_ = 0.5;
        break;
      default:  // mixed
        p_inc_ = pick_density(rng);
        p_dec_ = pick_density(rng);
        break;
    }
  }

 private:
  model::ContentionCounters shadow_;  // the counts, for router-like decrements
  Mode mode_ = kUniform;
  uint8_t hot_[2] = {0, 0};
  double p_inc_ = 0.5, p_dec_ = 0.5;
  uint32_t threshold_ = 0;
};

template <int Q, int W, int N, class Vtop>
class CntBench : public BenchTop<CntBench<Q, W, N, Vtop>, BurstGenerator<CntShape<Q, W, N>>, Vtop> {
 public:
  using Top = BenchTop<CntBench<Q, W, N, Vtop>, BurstGenerator<CntShape<Q, W, N>>, Vtop>;
  using Top::clk, Top::dut, Top::options, Top::stimulus, Top::time_replay;
  friend Top;
  static constexpr int QW = index_width(Q);
  static constexpr uint32_t kMax = (1u << W) - 1;
  sc_core::sc_signal<bool> rst{"rst"};
  sc_core::sc_signal<Port<N>> inc_valid{"inc_valid"}, dec_valid{"dec_valid"};
  sc_core::sc_signal<Port<N * QW>> inc_port{"inc_port"}, dec_port{"dec_port"};
  sc_core::sc_signal<Port<W>> threshold{"threshold"};
  sc_core::sc_signal<Port<Q * W>> count_model{"count_model"};
  sc_core::sc_signal<Port<Q>> over_model{"over_model"};
  RtlOutput<Port<Q * W>> count{"count"};
  RtlOutput<Port<Q>> over{"over"};
  sc::ContentionCounters<Q, W, N> model{"model"};

  CntBench(sc_core::sc_module_name n, const Options& o, RunResult& r)
      : Top(n, o, r,
            "contention_counters_Q" + std::to_string(Q) + "_W" + std::to_string(W) + "_N" +
                std::to_string(N)) {
    dut.clk(clk);
    dut.rst(rst);
    dut.inc_valid(inc_valid);
    dut.inc_port(inc_port);
    dut.dec_valid(dec_valid);
    dut.dec_port(dec_port);
    dut.threshold(threshold);
    dut.count(count.dut);
    dut.over(over.dut);
    model.clk(clk);
    model.rst(rst);
    model.inc_valid(inc_valid);
    model.inc_port(inc_port);
    model.dec_valid(dec_valid);
    model.dec_port(dec_port);
    model.threshold(threshold);
    model.count(count_model);
    model.over(over_model);
  }

  void compare(Checker& c) override {
    const auto ov_m = over_model.read(), ov_r = over.rtl.read();
    const auto cn_m = count_model.read(), cn_r = count.rtl.read();
    for (int q = 0; q < Q; ++q) c.check("over", q, field(ov_m, q, 1), field(ov_r, q, 1));
    for (int q = 0; q < Q; ++q) c.check("count", q, field(cn_m, q * W, W), field(cn_r, q * W, W));
    // Coverage: what the next edge will do, from the registered counts and this cycle's events.
    cov_resets_ += stimulus().rst;
    cov_threshold_changes_ += stimulus().threshold != last_threshold_;
    last_threshold_ = stimulus().threshold;
    const uint64_t ov = field(ov_m, 0, Q);
    cov_over_mixed_ += ov != 0 && ov != (Q == 64 ? ~uint64_t{0} : (uint64_t{1} << Q) - 1);
    if (stimulus().rst) return;
    int inc[1 << QW] = {}, dec[1 << QW] = {};
    int events = 0;
    for (int k = 0; k < N; ++k) {
      if (stimulus().inc_valid[k]) ++inc[stimulus().inc_port[k]], ++events;
      if (stimulus().dec_valid[k]) ++dec[stimulus().dec_port[k]], ++events;
    }
    for (int k = Q; k < (1 << QW); ++k) cov_out_of_range_ += inc[k] + dec[k];
    for (int q = 0; q < Q; ++q) {
      cov_inc_[static_cast<size_t>(q)] += static_cast<uint64_t>(inc[q]);
      cov_dec_[static_cast<size_t>(q)] += static_cast<uint64_t>(dec[q]);
    }
    bool multi = false, both = false, sat_hi = false, sat_lo = false, at_max = false;
    for (int q = 0; q < Q; ++q) {
      const int64_t cnt = static_cast<int64_t>(field(cn_m, q * W, W));
      const int64_t sum = cnt + inc[q] - dec[q];
      multi = multi || inc[q] >= 2;
      both = both || (inc[q] > 0 && dec[q] > 0);
      sat_hi = sat_hi || sum > static_cast<int64_t>(kMax);
      sat_lo = sat_lo || sum < 0;
      at_max = at_max || cnt == static_cast<int64_t>(kMax);
    }
    cov_multi_ += multi;
    cov_both_ += both;
    cov_sat_hi_ += sat_hi;
    cov_sat_lo_ += sat_lo;
    cov_at_max_ += at_max;
    cov_idle_ += events == 0;
    cov_dense_ += events >= N;
  }
  Coverage coverage() const override {
    return {{"cycles_2plus_increments_one_output", cov_multi_, true},
            {"cycles_increment_and_decrement_one_output", cov_both_, true},
            {"cycles_clamped_at_max", cov_sat_hi_, true},
            {"cycles_clamped_at_0", cov_sat_lo_, true},
            {"cycles_with_a_count_at_max", cov_at_max_, true},
            {"idle_cycles", cov_idle_, true},
            {"cycles_with_n_or_more_events", cov_dense_, true},
            {"cycles_over_mixed", cov_over_mixed_, true},
            {"threshold_changes", cov_threshold_changes_, true},
            {"events_to_port_codes_ge_q", cov_out_of_range_, (1 << QW) > Q},
            {"reset_cycles", cov_resets_, true},
            {"min_increments_per_output", min_of(cov_inc_), true},
            {"min_decrements_per_output", min_of(cov_dec_), true}};
  }
  std::vector<FaultTapBase*> fault_taps() override { return {&count.tap, &over.tap}; }
  std::string inputs_text() const override {
    std::ostringstream s;
    s << "rst=" << stimulus().rst << " threshold=" << stimulus().threshold << " inc(slot:port)=";
    bool any = false;
    for (int k = 0; k < N; ++k) {
      if (stimulus().inc_valid[k]) s << (any ? "," : "") << k << ":" << int{stimulus().inc_port[k]};
      any = any || stimulus().inc_valid[k];
    }
    s << (any ? "" : "-") << " dec(slot:port)=";
    any = false;
    for (int k = 0; k < N; ++k) {
      if (stimulus().dec_valid[k]) s << (any ? "," : "") << k << ":" << int{stimulus().dec_port[k]};
      any = any || stimulus().dec_valid[k];
    }
    s << (any ? "" : "-");
    return s.str();
  }
  double time_model(uint64_t cycles) override {
    model::ContentionCounters m(Q, W);
    return time_replay(cycles, [&](const CntStimulus<N>& s) {
      uint64_t out = 0;
      for (int q = 0; q < Q; ++q) out += m.count(q) + m.over(q, s.threshold);
      if (s.rst) {
        m.reset();
      } else {
        m.cycle(s.inc_valid.data(), s.inc_port.data(), s.dec_valid.data(), s.dec_port.data(), N);
      }
      return out;
    });
  }

 private:
  BurstGenerator<CntShape<Q, W, N>> make_generator(uint64_t seed, uint64_t mid_reset) const {
    return {seed, mid_reset, CntShape<Q, W, N>()};
  }
  void write(const CntStimulus<N>& s) {
    BitPacker iv(N), dv(N), ip(N * QW), dp(N * QW);
    for (int k = 0; k < N; ++k) {
      iv.put(k, 1, s.inc_valid[k]);
      dv.put(k, 1, s.dec_valid[k]);
      ip.put(k * QW, QW, s.inc_port[k]);
      dp.put(k * QW, QW, s.dec_port[k]);
    }
    Port<N> a{};
    iv.store(a);
    inc_valid.write(a);
    dv.store(a);
    dec_valid.write(a);
    Port<N * QW> b{};
    ip.store(b);
    inc_port.write(b);
    dp.store(b);
    dec_port.write(b);
    rst.write(s.rst);
    threshold.write(packed<Port<W>>(W, {{0, s.threshold}}, W));
  }
  uint32_t last_threshold_ = 0;
  uint64_t cov_multi_ = 0, cov_both_ = 0, cov_sat_hi_ = 0, cov_sat_lo_ = 0, cov_at_max_ = 0;
  uint64_t cov_idle_ = 0, cov_dense_ = 0, cov_over_mixed_ = 0, cov_threshold_changes_ = 0;
  uint64_t cov_out_of_range_ = 0, cov_resets_ = 0;
  std::vector<uint64_t> cov_inc_ = std::vector<uint64_t>(Q, 0);  // increments per output
  std::vector<uint64_t> cov_dec_ = std::vector<uint64_t>(Q, 0);  // decrements per output
};

template <int Q, int W, int N, class Vtop>
ParamSetEntry entry(const char* name) {
  static_assert(Q >= 1 && Q <= 64 && index_width(Q) <= 8, "Q: 1..64 outputs");
  static_assert(W >= 1 && W <= 16, "W: 1..16 bits (the model's limit)");
  return bench_entry<CntBench<Q, W, N, Vtop>>(
      name, "Q=" + std::to_string(Q) + ",W=" + std::to_string(W) + ",N=" + std::to_string(N));
}

}  // namespace
}  // namespace netcosim::cosim

int sc_main(int argc, char** argv) {
  using namespace netcosim::cosim;
  // q31w8n62: the h8 Dragonfly router (31 ports; 8-bit counters as in
  // sim/congestion/contention_sensor.h; an input port produces at most 2 increments and 1 decrement
  // per cycle, so 62 event slots).
  BenchInfo info{"contention_counters", {"count", "over"}, {}, ""};
#ifdef NETCOSIM_MUTANT
  // A deliberately broken RTL copy (testbench/CMakeLists.txt), Verilated for q7w4n4 only.
  info.mutant = NETCOSIM_MUTANT;
  info.sets = {entry<7, 4, 4, Vcontention_counters_q7w4n4>("q7w4n4")};
#else
  info.sets = {
      entry<7, 4, 4, Vcontention_counters_q7w4n4>("q7w4n4"),
      entry<7, 8, 14, Vcontention_counters_q7w8n14>("q7w8n14"),
      entry<15, 6, 16, Vcontention_counters_q15w6n16>("q15w6n16"),
      entry<15, 8, 30, Vcontention_counters_q15w8n30>("q15w8n30"),
      entry<31, 8, 62, Vcontention_counters_q31w8n62>("q31w8n62"),
  };
#endif
  return bench_main(argc, argv, info);
}
