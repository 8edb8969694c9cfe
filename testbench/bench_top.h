// The bench top of the co-simulation benches (docs/principles.md §9; docs/cosim.md, "A bench"):
// what every bench shares. bench_top.cpp (compiled once, netcosim_bench_top) holds the options, the
// clock/reset and cycle loop, the run report with the lines ctest matches and the output files;
// BenchTop below is the sc_module every bench derives from. A bench keeps only its block's
// stimulus shape (burst_generator.h), its port wiring, its comparison and its coverage counters.
//
// Each bench places a Verilated RTL block and the sc_module of its C++ model (systemc/blocks/) side
// by side in one SystemC kernel, bound to the same input signals, and compares them with the
// SystemC layer's checker (systemc/check/). One clock period per compared cycle:
//   posedge            both the RTL registers and the model's clocked update() commit
//   posedge + 2 ns     the stimulus thread writes the inputs of the cycle (kStimulusDelay)
//   posedge + 7 ns     every output of both is read and compared (kSampleDelay): a separate time
//                      step, so all delta cycles of the edge and of the stimulus have settled
// (docs/principles.md §10: outputs are read at a fixed point of the cycle, never in the delta cycle
// of the stimulus).
#pragma once

#include <verilated.h>
#include <verilated_vcd_sc.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <systemc>

#include "sim/util/rng.h"
#include "systemc/blocks/ports.h"
#include "systemc/check/checker.h"
#include "systemc/check/vcd_window.h"

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
// The port types and the comparator are the SystemC layer's (systemc/blocks/ports.h,
// systemc/check/).
using sc::BitPacker;
using sc::Checker;
using sc::clog2;
using sc::FaultTap;
using sc::FaultTapBase;
using sc::field;
using sc::index_width;
using sc::packed;
using sc::Port;
using sc::RtlOutput;
using sc::VcdWindow;

// ---------------------------------------------------------------------------------------------
// The stimulus draws from the simulator's random stream (sim/util/rng.h, docs/principles.md §4):
// one stream per bench run, seeded from --seed (kind kRngKindTestbench separates it from the
// simulator's node and router streams).
constexpr uint64_t kRngKindTestbench = 0x7e57be4c4ULL;
class Rng : public netcosim::Rng {
 public:
  explicit Rng(uint64_t seed) : netcosim::Rng(seed, kRngKindTestbench, 0) {}
  bool chance(double p) { return uniform() < p; }
};

// Exit status of a bench (docs/cosim.md).
constexpr int kExitOk = 0;
constexpr int kExitInternal = 1;         // an unexpected exception (a bug of the bench)
constexpr int kExitUsage = 2;            // bad option or an output that cannot be written
constexpr int kExitMismatch = 3;         // the RTL and the model differ
constexpr int kExitCoverageMissing = 4;  // --require-coverage and a counter stayed at 0

// ---------------------------------------------------------------------------------------------
struct Options {
  std::string params;
  uint64_t cycles = 100000;
  uint64_t seed = 1;
  std::string vcd_dir;
  uint64_t vcd_chunk = 1000;  // VCD window: chunks of this many cycles, the last two kept
  int64_t inject_fault = -1;  // cycle of the fault, -1 none
  std::string inject_port;    // output port whose RTL value is corrupted (default: the first)
  std::string json;
  uint64_t timing_cycles = 50000;  // capped at --cycles unless given explicitly
  bool legal_only = false;         // no protocol violations in the stimulus; RTL assertions enabled
  bool require_coverage = false;   // exit 4 when a required coverage counter is 0
  bool list_params = false;
};

// ---------------------------------------------------------------------------------------------
// Stimulus coverage: named counters of the situations met during the compared cycles. A
// required counter must be above 0 for --require-coverage (counters of situations that the
// stimulus avoids on purpose, such as protocol violations under --legal-only, are not required).
struct CoverageCounter {
  std::string name;  // snake_case: also the JSON key
  uint64_t value;
  bool required;
};
using Coverage = std::vector<CoverageCounter>;

inline uint64_t min_of(const std::vector<uint64_t>& v) {
  return v.empty() ? 0 : *std::min_element(v.begin(), v.end());
}

// What a bench supplies for the common cycle loop.
class BenchHooks {
 public:
  virtual ~BenchHooks() = default;
  // Cosim phase: generate the stimulus of `cycle` (random, or rst forced high) and write it.
  virtual void drive(uint64_t cycle, bool force_reset) = 0;
  // Compares every output (model against the `<port>_rtl` signals) and counts coverage.
  virtual void compare(Checker& c) = 0;
  virtual std::string inputs_text() const = 0;
  // Timing phase: write pre-generated stimulus entry k (model wrapper disabled, no compare).
  virtual void prepare_timing(uint64_t entries) = 0;
  virtual void drive_timing(uint64_t k) = 0;
  virtual void set_model_enabled(bool on) = 0;
  // Plain C++ loop of the model over the same pre-generated stimulus; returns seconds.
  virtual double time_model(uint64_t cycles) = 0;
  // Counts of the interesting situations met during the compared cycles.
  virtual Coverage coverage() const = 0;
  // The taps of the RTL outputs, in the order of the bench's output port list.
  virtual std::vector<FaultTapBase*> fault_taps() = 0;
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
  Coverage coverage;
  std::string error;  // an output that could not be written during the run (exit 2)
};

constexpr uint64_t kTimingBuffer = 4096;  // pre-generated stimulus entries, replayed cyclically

// The cycle loop (bench_top.cpp): power-on reset, compared cycles, then the RTL timing phase; the
// body of the bench top's SC_THREAD. An output that cannot be written ends the run as a usage error
// (RunResult::error), never as an exception out of the SystemC kernel.
void run_guarded(BenchHooks& h, const Options& o, const sc_core::sc_clock& clk, VcdWindow* vcd,
                 RunResult& r, const std::function<void()>& start_vcd);

// Seed of the timing phase's stimulus: the run's seed with these bits flipped, so that the
// replayed buffer is not the compared stimulus again.
constexpr uint64_t kTimingSeedMix = 0x5EEDu;

// ---------------------------------------------------------------------------------------------
// The bench top of one parameter set (CRTP: Bench is the block's bench, Gen its burst generator,
// Vtop the Verilated model of the set). It owns the clock, the Verilated block `dut`, the VCD
// window (file names <vcd_name>_c<chunk>.vcd), the SystemC process that runs the cycle loop, the
// stimulus of the compared cycles (stimulus()), the timing phase's replayed buffer
// (timing_buffer()) and the model's timing loop over it (time_replay()). Bench supplies:
//   Gen make_generator(uint64_t seed, uint64_t mid_reset) const   its BurstGenerator
//   void write(const Stimulus&)        the stimulus onto the input signals
//   compare(), coverage(), fault_taps(), inputs_text(), time_model()   (BenchHooks)
//   a member `model` (the C++ model's sc_module, with `enabled`)
template <class Bench, class Gen, class Vtop>
class BenchTop : public sc_core::sc_module, public BenchHooks {
 public:
  using Stimulus = typename Gen::Stimulus;
  sc_core::sc_clock clk{"clk", kClockPeriod};
  Vtop dut{"dut"};

  SC_HAS_PROCESS(BenchTop);
  BenchTop(sc_core::sc_module_name n, const Options& o, RunResult& r, const std::string& vcd_name)
      : sc_core::sc_module(n), o_(o), r_(r) {
    if (!o.vcd_dir.empty()) vcd_ = std::make_unique<VcdWindow>(o.vcd_dir, vcd_name, o.vcd_chunk);
    SC_THREAD(run);
  }

  void drive(uint64_t cycle, bool force_reset) override {
    cur_ = force_reset ? gen_->power_on(cycle) : gen_->next(cycle);
    bench().write(cur_);
  }
  void prepare_timing(uint64_t entries) override {
    // A reset starts the replayed sequence (from any state, cyclically).
    Gen g = bench().make_generator(o_.seed ^ kTimingSeedMix, entries / 2);
    buf_.clear();
    for (uint64_t k = 0; k < entries; ++k) buf_.push_back(g.next(k, k == 0));
  }
  void drive_timing(uint64_t k) override { bench().write(buf_[k % buf_.size()]); }
  void set_model_enabled(bool on) override { bench().model.enabled = on; }

 protected:
  const Stimulus& stimulus() const { return cur_; }
  const std::vector<Stimulus>& timing_buffer() const { return buf_; }
  const Options& options() const { return o_; }
  // The plain C++ loop of BenchHooks::time_model: `step(s)` runs one cycle of the bench's model
  // object on the replayed stimulus s and returns a value of its outputs, summed into a sink the
  // compiler cannot drop; returns the seconds of `cycles` steps.
  template <class Step>
  double time_replay(uint64_t cycles, Step&& step) {
    uint64_t sink = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (uint64_t k = 0; k < cycles; ++k) sink += step(buf_[k % buf_.size()]);
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    sink_ = sink;
    return t;
  }

 private:
  Bench& bench() { return static_cast<Bench&>(*this); }
  void run() {
    gen_.emplace(bench().make_generator(o_.seed, o_.cycles / 2));
    run_guarded(*this, o_, clk, vcd_.get(), r_, [this] { vcd_->start(dut); });
  }
  const Options& o_;
  RunResult& r_;
  std::optional<Gen> gen_;
  Stimulus cur_{};
  std::vector<Stimulus> buf_;
  std::unique_ptr<VcdWindow> vcd_;
  volatile uint64_t sink_ = 0;
};

// ---------------------------------------------------------------------------------------------
// One parameterisation of a block: its name (--params), its "K=V,..." string and a factory that
// elaborates the bench top for it (called once: SystemC elaborates once per process).
struct ParamSetEntry {
  std::string name;
  std::string params;
  std::function<std::unique_ptr<sc_core::sc_module>(const Options&, RunResult&)> make;
};

// The set's entry for Bench (a BenchTop), elaborated as the module "bench".
template <class Bench>
ParamSetEntry bench_entry(const char* name, std::string params) {
  return {name, std::move(params), [](const Options& o, RunResult& r) {
            return std::unique_ptr<sc_core::sc_module>(new Bench("bench", o, r));
          }};
}

// What a bench executable is: its block, its output ports (in compare order) and its sets.
struct BenchInfo {
  const char* block;
  std::vector<std::string> outputs;
  std::vector<ParamSetEntry> sets;
  // Non-empty for a deliberately broken RTL copy (testbench/CMakeLists.txt, NETCOSIM_MUTANT): the
  // mutant's description; it then holds only some of the block's parameter sets.
  std::string mutant;
};

// sc_main of every bench (bench_top.cpp). Exit status: kExitOk, kExitUsage, kExitMismatch,
// kExitCoverageMissing, kExitInternal (docs/cosim.md).
int bench_main(int argc, char** argv, const BenchInfo& info);

}  // namespace netcosim::cosim
