// Shared machinery of the co-simulation benches (DESIGN.md §6 "Co-simulation", issue 3).
//
// Each bench places a Verilated RTL block and an sc_module wrapper of its C++ model side by side
// in one SystemC kernel, bound to the same input signals. One clock period per compared cycle:
//   posedge            both the RTL registers and the model's clocked update() commit
//   posedge + 2 ns     the stimulus thread writes the inputs of the cycle (kStimulusDelay)
//   posedge + 7 ns     every output of both is read and compared (kSampleDelay): a separate time
//                      step, so all delta cycles of the edge and of the stimulus have settled
// (DESIGN.md §7: "sample Verilated outputs at a fixed point of the cycle, never in the same delta
// cycle as the stimulus").
#pragma once

#include <verilated.h>
#include <verilated_vcd_sc.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <systemc>

#include "param_sets.h"

namespace netcosim::cosim {

// SystemC 2.3 prints its copyright banner on stderr when the kernel starts unless
// SC_COPYRIGHT_MESSAGE=DISABLE; set it at static initialisation, before sc_main.
inline const bool kQuietSystemC = (setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 0), true);

inline const sc_core::sc_time kClockPeriod(10, sc_core::SC_NS);
inline const sc_core::sc_time kStimulusDelay(2, sc_core::SC_NS);
inline const sc_core::sc_time kSampleDelay(5, sc_core::SC_NS);  // after the stimulus
constexpr int kPowerOnResetCycles = 2;   // uncounted cycles with rst high before cycle 0
constexpr int kCyclesAfterMismatch = 5;  // simulated after a mismatch so the VCD shows them

// ---------------------------------------------------------------------------------------------
// Port types: Verilator (--pins-bv 2) maps a 1-bit port to bool and a wider one to sc_bv<W>.
template <int W>
using Port = std::conditional_t<W == 1, bool, sc_dt::sc_bv<W>>;

constexpr int clog2(int n) {
  int b = 0;
  while ((1 << b) < n) ++b;
  return b;
}
constexpr int index_width(int n) {
  return n > 1 ? clog2(n) : 1;
}  // as the RTL's localparams

// Packs fixed-width fields into a port value (little-endian: field k at bits [k*w +: w]).
class BitPacker {
 public:
  explicit BitPacker(int bits) : words_((bits + 31) / 32, 0u) {}
  void put(int lsb, int width, uint64_t value) {
    for (int b = 0; b < width; ++b) {
      if ((value >> b) & 1u) words_[(lsb + b) / 32] |= 1u << ((lsb + b) % 32);
    }
  }
  template <int W>
  void store(sc_dt::sc_bv<W>& v) const {
    for (size_t i = 0; i < words_.size(); ++i) v.set_word(static_cast<int>(i), words_[i]);
  }
  void store(bool& v) const { v = (words_[0] & 1u) != 0; }

 private:
  std::vector<uint32_t> words_;
};

template <int W>
uint64_t field(const sc_dt::sc_bv<W>& v, int lsb, int width) {
  uint64_t r = 0;
  for (int b = 0; b < width; ++b) {
    if (v.get_bit(lsb + b)) r |= uint64_t{1} << b;
  }
  return r;
}
inline uint64_t field(bool v, int lsb, int /*width*/) {
  return lsb == 0 && v ? 1u : 0u;
}

template <class T>
T packed(int bits, const std::vector<std::pair<int, uint64_t>>& fields_lsb_value, int width) {
  BitPacker p(bits);
  for (const auto& [lsb, value] : fields_lsb_value) p.put(lsb, width, value);
  T v{};
  p.store(v);
  return v;
}

// ---------------------------------------------------------------------------------------------
// Deterministic random stream (SplitMix64), one per bench run, seeded from --seed (DESIGN.md §2.4).
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull) {}
  uint64_t next() {
    uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  uint32_t below(uint32_t n) { return n == 0 ? 0 : static_cast<uint32_t>(next() % n); }
  bool chance(double p) { return static_cast<double>(next() >> 11) * 0x1.0p-53 < p; }

 private:
  uint64_t s_;
};

// ---------------------------------------------------------------------------------------------
struct Options {
  std::string params;
  uint64_t cycles = 100000;
  uint64_t seed = 1;
  std::string vcd_dir;
  uint64_t vcd_chunk = 1000;  // VCD window: chunks of this many cycles, the last two kept
  int64_t inject_fault = -1;
  std::string json;
  uint64_t timing_cycles = 50000;  // capped at --cycles unless given explicitly
  bool legal_only = false;         // no protocol violations in the stimulus; RTL assertions enabled
  bool list_params = false;
};

// Comparison of one cycle: every output is passed with the model's and the RTL's value.
class Checker {
 public:
  struct Diff {
    std::string name;
    uint64_t expected, actual;
  };
  void begin(bool inject_fault) {
    inject_ = inject_fault;
    diffs_.clear();
  }
  void check(const char* name, int index, uint64_t model, uint64_t rtl) {
    if (inject_) {  // --inject-fault: the first output compared in that cycle is corrupted
      model ^= 1u;
      inject_ = false;
    }
    if (model != rtl) {
      std::string n = name;
      if (index >= 0) n += "[" + std::to_string(index) + "]";
      diffs_.push_back({n, model, rtl});
    }
  }
  bool failed() const { return !diffs_.empty(); }
  const std::vector<Diff>& diffs() const { return diffs_; }

 private:
  bool inject_ = false;
  std::vector<Diff> diffs_;
};

// VCD of the RTL: chunk files of vcd_chunk cycles, the two most recent kept, so that the window
// around a failing cycle (at least one chunk before it, kCyclesAfterMismatch after) is on disk.
class VcdWindow {
 public:
  VcdWindow(std::string dir, std::string base, uint64_t chunk)
      : dir_(std::move(dir)), base_(std::move(base)), chunk_(chunk) {}
  template <class Dut>
  void start(Dut& dut) {
    std::filesystem::create_directories(dir_);
    tfp_ = std::make_unique<VerilatedVcdSc>();
    dut.trace(tfp_.get(), 99);
    open(0);
  }
  void on_cycle(uint64_t cycle) {
    if (!tfp_ || chunk_ == 0 || cycle == 0 || cycle % chunk_ != 0) return;
    tfp_->close();
    const uint64_t k = cycle / chunk_;
    if (k >= 2) std::filesystem::remove(name(k - 2));
    open(k);
  }
  void finish() {
    if (tfp_) tfp_->close();
  }
  std::vector<std::string> files() const {
    std::vector<std::string> r;
    if (current_ >= 1 && chunk_ != 0) r.push_back(name(current_ - 1));
    r.push_back(name(current_));
    return r;
  }

 private:
  std::string name(uint64_t k) const {
    if (chunk_ == 0) return dir_ + "/" + base_ + ".vcd";
    return dir_ + "/" + base_ + "_c" + std::to_string(k * chunk_) + ".vcd";
  }
  void open(uint64_t k) {
    current_ = k;
    tfp_->open(name(k).c_str());
  }
  std::string dir_, base_;
  uint64_t chunk_;
  uint64_t current_ = 0;
  std::unique_ptr<VerilatedVcdSc> tfp_;
};

// What a bench supplies for the common cycle loop.
class BenchHooks {
 public:
  virtual ~BenchHooks() = default;
  // Cosim phase: generate the stimulus of `cycle` (random, or rst forced high) and write it.
  virtual void drive(uint64_t cycle, bool force_reset) = 0;
  virtual void compare(Checker& c) = 0;
  virtual std::string inputs_text() const = 0;
  // Timing phase: write pre-generated stimulus entry k (model wrapper disabled, no compare).
  virtual void prepare_timing(uint64_t entries) = 0;
  virtual void drive_timing(uint64_t k) = 0;
  virtual void set_model_enabled(bool on) = 0;
  // Plain C++ loop of the model over the same pre-generated stimulus; returns seconds.
  virtual double time_model(uint64_t cycles) = 0;
  // Counts of the interesting situations met during the compared cycles (printed after the
  // summary).
  virtual std::string coverage() const = 0;
};

struct RunResult {
  uint64_t cycles_compared = 0;
  uint64_t mismatches = 0;
  int64_t fail_cycle = -1;
  double fail_time_ns = 0;  // simulation time of the failing sample (VCD time stamp)
  std::string fail_inputs;
  std::vector<Checker::Diff> fail_diffs;
  double rtl_seconds = 0, model_seconds = 0;
  uint64_t timing_cycles = 0;
  std::vector<std::string> vcd_files;
  std::string coverage;
};

constexpr uint64_t kTimingBuffer = 4096;  // pre-generated stimulus entries, replayed cyclically

// The body of the bench's SC_THREAD: power-on reset, compared cycles, then the RTL timing phase.
inline void run_cycle_loop(BenchHooks& h, const Options& o, const sc_core::sc_clock& clk,
                           VcdWindow* vcd, RunResult& r) {
  using sc_core::wait;
  Checker checker;
  for (int k = 0; k < kPowerOnResetCycles; ++k) {
    wait(clk.posedge_event());
    wait(kStimulusDelay);
    h.drive(0, true);
  }
  bool failed = false;
  uint64_t end = o.cycles;  // after a mismatch: kCyclesAfterMismatch more cycles when dumping
  for (uint64_t cycle = 0; cycle < end; ++cycle) {
    wait(clk.posedge_event());
    if (vcd) vcd->on_cycle(cycle);
    wait(kStimulusDelay);
    h.drive(cycle, false);
    wait(kSampleDelay);
    if (failed) continue;
    checker.begin(static_cast<int64_t>(cycle) == o.inject_fault);
    h.compare(checker);
    ++r.cycles_compared;
    if (checker.failed()) {
      failed = true;
      r.mismatches = 1;
      r.fail_cycle = static_cast<int64_t>(cycle);
      r.fail_time_ns = sc_core::sc_time_stamp().to_seconds() * 1e9;
      r.fail_inputs = h.inputs_text();
      r.fail_diffs = checker.diffs();
      end = vcd ? cycle + 1 + kCyclesAfterMismatch : cycle + 1;
    }
  }
  r.coverage = h.coverage();
  if (vcd) {
    vcd->finish();
    r.vcd_files = vcd->files();
  }
  if (r.mismatches == 0 && o.timing_cycles > 0) {
    // RTL timing: the Verilated block alone in the kernel (model wrapper idle, no comparison).
    const uint64_t n = o.timing_cycles;
    h.prepare_timing(n < kTimingBuffer ? n : kTimingBuffer);
    h.set_model_enabled(false);
    const auto t0 = std::chrono::steady_clock::now();
    for (uint64_t k = 0; k < n; ++k) {
      wait(clk.posedge_event());
      wait(kStimulusDelay);
      h.drive_timing(k);
    }
    r.rtl_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.timing_cycles = n;
    r.model_seconds = h.time_model(n);
  }
  sc_core::sc_stop();
}

// ---------------------------------------------------------------------------------------------
// One parameterisation of a block: its name (--params), its "K=V,..." string and a factory that
// elaborates the bench top for it (called once: SystemC elaborates once per process).
struct ParamSetEntry {
  std::string name;
  std::string params;
  std::function<std::unique_ptr<sc_core::sc_module>(const Options&, RunResult&)> make;
};

inline void print_usage(const char* prog, const std::vector<ParamSetEntry>& sets) {
  std::fprintf(stderr,
               "usage: %s --params NAME [--cycles N] [--seed S] [--vcd DIR] [--vcd-chunk N]\n"
               "          [--inject-fault CYCLE] [--json FILE] [--timing-cycles N] [--legal-only]"
               " [--list-params]\n  parameter sets:",
               prog);
  for (const auto& s : sets) std::fprintf(stderr, " %s (%s)", s.name.c_str(), s.params.c_str());
  std::fprintf(stderr, "\n");
}

inline bool parse_u64(const std::string& s, uint64_t& v) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) return false;
  try {
    v = std::stoull(s);
  } catch (...) {
    return false;
  }
  return true;
}

// Returns -1 when the options are good, otherwise the exit status (0 for --list-params).
inline int parse_options(int argc, char** argv, const std::vector<ParamSetEntry>& sets,
                         Options& o) {
  bool timing_given = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "error: %s needs a value\n", a.c_str());
        return false;
      }
      out = argv[++i];
      return true;
    };
    auto number = [&](uint64_t& out) {
      std::string v;
      if (!value(v)) return false;
      if (!parse_u64(v, out)) {
        std::fprintf(stderr, "error: %s '%s': expected a non-negative integer\n", a.c_str(),
                     v.c_str());
        return false;
      }
      return true;
    };
    uint64_t n = 0;
    if (a == "--params") {
      if (!value(o.params)) return 2;
    } else if (a == "--cycles") {
      if (!number(o.cycles)) return 2;
    } else if (a == "--seed") {
      if (!number(o.seed)) return 2;
    } else if (a == "--vcd") {
      if (!value(o.vcd_dir)) return 2;
    } else if (a == "--vcd-chunk") {
      if (!number(o.vcd_chunk)) return 2;
    } else if (a == "--inject-fault") {
      if (!number(n)) return 2;
      o.inject_fault = static_cast<int64_t>(n);
    } else if (a == "--json") {
      if (!value(o.json)) return 2;
    } else if (a == "--timing-cycles") {
      if (!number(o.timing_cycles)) return 2;
      timing_given = true;
    } else if (a == "--legal-only") {
      o.legal_only = true;
    } else if (a == "--list-params") {
      o.list_params = true;
    } else {
      std::fprintf(stderr, "error: unknown option '%s'\n", a.c_str());
      print_usage(argv[0], sets);
      return 2;
    }
  }
  if (o.list_params) {
    for (const auto& s : sets) std::printf("%s %s\n", s.name.c_str(), s.params.c_str());
    return 0;
  }
  if (o.params.empty()) {
    std::fprintf(stderr, "error: --params is required\n");
    print_usage(argv[0], sets);
    return 2;
  }
  if (o.cycles == 0) {
    std::fprintf(stderr, "error: --cycles must be at least 1\n");
    return 2;
  }
  if (!timing_given && o.timing_cycles > o.cycles) o.timing_cycles = o.cycles;
  return -1;
}

inline std::string json_escape(const std::string& s) {
  std::string r;
  for (char c : s) {
    if (c == '"' || c == '\\') r += '\\';
    r += c;
  }
  return r;
}

// sc_main body shared by the benches. Exit status: 0 no mismatch, 1 mismatch, 2 bad usage.
inline int bench_main(int argc, char** argv, const char* block,
                      const std::vector<ParamSetEntry>& sets) {
  // The compiled parameterisations must be exactly the shared list (param_sets.h).
  const rtl::RtlBlock* shared = rtl::find_rtl_block(block);
  bool same = shared != nullptr && shared->sets.size() == sets.size();
  for (size_t k = 0; same && k < sets.size(); ++k) {
    same = sets[k].name == shared->sets[k].name && sets[k].params == shared->sets[k].params;
  }
  if (!same) {
    std::fprintf(stderr, "internal error: the parameter sets of %s differ from param_sets.h\n",
                 block);
    return 2;
  }
  Options o;
  const int rc = parse_options(argc, argv, sets, o);
  if (rc >= 0) return rc;
  const ParamSetEntry* set = nullptr;
  for (const auto& s : sets) {
    if (s.name == o.params) set = &s;
  }
  if (set == nullptr) {
    std::fprintf(stderr, "error: unknown parameter set '%s' for %s; allowed:", o.params.c_str(),
                 block);
    for (const auto& s : sets) std::fprintf(stderr, " %s", s.name.c_str());
    std::fprintf(stderr, "\n");
    return 2;
  }
  // SystemC's informational messages (simulation stopped, ...) would clutter the summary.
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  Verilated::assertOn(o.legal_only);  // violations are part of the default stimulus
  if (!o.vcd_dir.empty()) Verilated::traceEverOn(true);  // must precede time 0

  RunResult r;
  auto top = set->make(o, r);
  sc_core::sc_start();

  const double rtl_cps =
      r.rtl_seconds > 0 ? static_cast<double>(r.timing_cycles) / r.rtl_seconds : 0;
  const double model_cps =
      r.model_seconds > 0 ? static_cast<double>(r.timing_cycles) / r.model_seconds : 0;
  if (r.mismatches != 0) {
    std::printf("MISMATCH at cycle %lld (%s %s, seed %llu, sampled at %.0f ns)\n",
                static_cast<long long>(r.fail_cycle), block, set->params.c_str(),
                static_cast<unsigned long long>(o.seed), r.fail_time_ns);
    std::printf("  inputs: %s\n", r.fail_inputs.c_str());
    for (const auto& d : r.fail_diffs) {
      std::printf("  %s: expected (model) %llu, actual (RTL) %llu\n", d.name.c_str(),
                  static_cast<unsigned long long>(d.expected),
                  static_cast<unsigned long long>(d.actual));
    }
    for (const auto& f : r.vcd_files) std::printf("  VCD window: %s\n", f.c_str());
  }
  std::printf(
      "%s %s: %llu cycles compared, %llu mismatches, RTL %.0f cycles/s, model %.0f cycles/s\n",
      block, set->params.c_str(), static_cast<unsigned long long>(r.cycles_compared),
      static_cast<unsigned long long>(r.mismatches), rtl_cps, model_cps);
  std::printf("  stimulus coverage: %s\n", r.coverage.c_str());
  if (!o.json.empty()) {
    char rates[128];
    std::snprintf(rates, sizeof rates, "\"rtl_cycles_per_s\": %.1f, \"model_cycles_per_s\": %.1f",
                  rtl_cps, model_cps);
    std::ofstream js(o.json);
    js << "{\"block\": \"" << json_escape(block) << "\", \"params\": \"" << json_escape(set->params)
       << "\", \"cycles\": " << r.cycles_compared << ", \"mismatches\": " << r.mismatches << ", "
       << rates << "}\n";
    if (!js) {
      std::fprintf(stderr, "error: cannot write %s\n", o.json.c_str());
      return 2;
    }
  }
  return r.mismatches != 0 ? 1 : 0;
}

}  // namespace netcosim::cosim
