// Co-simulation bench: rtl/lrs_arbiter.sv against netcosim::model::LrsArbiter.
//
// Source of the mechanism: FOGSim's least-recently-served arbiter (thesis 000 Sec. 1.6.3: serve
// the first requester of the priority list, move it to the end). Bench top and timing:
// bench_top.h and docs/cosim.md.
#include "bench_top.h"
#include "burst_generator.h"
#include "request_stimulus.h"
#include "sim/blocks/lrs_arbiter.h"
#include "systemc/blocks/lrs_arbiter.h"

#include "Vlrs_arbiter_n3.h"
#ifndef NETCOSIM_MUTANT
#include "Vlrs_arbiter_n15.h"
#include "Vlrs_arbiter_n31.h"
#include "Vlrs_arbiter_n4.h"
#include "Vlrs_arbiter_n7.h"
#endif

namespace netcosim::cosim {
namespace {

template <int N, class Vtop>
class LrsBench : public BenchTop<LrsBench<N, Vtop>, RequestBurstGenerator, Vtop> {
 public:
  using Top = BenchTop<LrsBench<N, Vtop>, RequestBurstGenerator, Vtop>;
  using Top::clk, Top::dut, Top::options, Top::stimulus, Top::time_replay;
  friend Top;
  static constexpr int M = sc::lrs_pair_bits(N);
  sc_core::sc_signal<bool> rst{"rst"}, update{"update"};
  sc_core::sc_signal<Port<N>> req{"req"}, gnt_model{"gnt_model"};
  sc_core::sc_signal<Port<M>> prio_model{"prio_model"};
  RtlOutput<Port<N>> gnt{"gnt"};
  RtlOutput<Port<M>> prio{"prio"};
  sc::LrsArbiter<N> model{"model"};

  LrsBench(sc_core::sc_module_name n, const Options& o, RunResult& r)
      : Top(n, o, r, "lrs_arbiter_N" + std::to_string(N)) {
    dut.clk(clk);
    dut.rst(rst);
    dut.req(req);
    dut.update(update);
    dut.gnt(gnt.dut);
    dut.prio(prio.dut);
    model.clk(clk);
    model.rst(rst);
    model.req(req);
    model.update(update);
    model.gnt(gnt_model);
    model.prio(prio_model);
  }

  void compare(Checker& c) override {
    const uint64_t g = field(gnt_model.read(), 0, N);
    c.check("gnt", -1, g, field(gnt.rtl.read(), 0, N));
    const auto pm = prio_model.read();
    const auto pr = prio.rtl.read();
    bool changed = false;
    for (int k = 0; k < M; ++k) {
      const uint64_t b = field(pm, k, 1);
      c.check("prio", k, b, field(pr, k, 1));
      changed = changed || b != last_prio_[static_cast<size_t>(k)];
      last_prio_[static_cast<size_t>(k)] = b;
    }
    const int granted = g == 0 ? -1 : __builtin_ctzll(g);
    cov_grants_ += g != 0;
    cov_held_ += g != 0 && !stimulus().update && !stimulus().rst;
    cov_all_ += stimulus().req == (N == 64 ? ~uint64_t{0} : (uint64_t{1} << N) - 1);
    cov_contended_ += __builtin_popcountll(stimulus().req) >= 2;
    cov_not_lowest_ += granted > __builtin_ctzll(stimulus().req | (uint64_t{1} << 63));
    cov_order_changes_ += changed;
    cov_resets_ += stimulus().rst;
    if (granted >= 0 && stimulus().update && !stimulus().rst)
      ++cov_taken_[static_cast<size_t>(granted)];
  }
  Coverage coverage() const override {
    return {{"grant_cycles", cov_grants_, true},
            {"grants_held_update_low", cov_held_, true},
            {"all_ones_request_cycles", cov_all_, true},
            {"contended_cycles", cov_contended_, true},
            {"grants_not_lowest_requester", cov_not_lowest_, true},
            {"order_changes", cov_order_changes_, true},
            {"reset_cycles", cov_resets_, true},
            {"min_grants_taken_per_requester", min_of(cov_taken_), true}};
  }
  std::vector<FaultTapBase*> fault_taps() override { return {&gnt.tap, &prio.tap}; }
  std::string inputs_text() const override {
    std::ostringstream s;
    s << "rst=" << stimulus().rst << " update=" << stimulus().update << " req=0x" << std::hex
      << stimulus().req;
    return s.str();
  }
  double time_model(uint64_t cycles) override {
    model::LrsArbiter m(N);
    return time_replay(cycles, [&](const RequestStimulus& s) {
      uint64_t out = 0;
      const int g = m.arbitrate(s.req);
      out += static_cast<uint64_t>(g) + m.rank(0);
      if (s.rst) {
        m.reset();
      } else if (s.update && g >= 0) {
        m.update(static_cast<unsigned>(g));
      }
      return out;
    });
  }

 private:
  RequestBurstGenerator make_generator(uint64_t seed, uint64_t mid_reset) const {
    return {seed, mid_reset, RequestShape(N, true)};
  }
  void write(const RequestStimulus& s) {
    rst.write(s.rst);
    update.write(s.update);
    req.write(packed<Port<N>>(N, {{0, s.req}}, N));
  }
  uint64_t cov_grants_ = 0, cov_held_ = 0, cov_all_ = 0, cov_contended_ = 0, cov_resets_ = 0;
  uint64_t cov_not_lowest_ = 0, cov_order_changes_ = 0;
  std::vector<uint64_t> cov_taken_ = std::vector<uint64_t>(N, 0);  // grants taken, per requester
  std::vector<uint64_t> last_prio_ = std::vector<uint64_t>(M, 1);  // the reset order
};

template <int N, class Vtop>
ParamSetEntry entry(const char* name) {
  return bench_entry<LrsBench<N, Vtop>>(name, "N=" + std::to_string(N));
}

}  // namespace
}  // namespace netcosim::cosim

int sc_main(int argc, char** argv) {
  using namespace netcosim::cosim;
  // The sizes of the round-robin arbiter's sets: N=3 the VC arbiter, N=31 the output arbiter of
  // the h8 router (FOGSim's LRS serves both stages).
  BenchInfo info{"lrs_arbiter", {"gnt", "prio"}, {}, ""};
#ifdef NETCOSIM_MUTANT
  // A deliberately broken RTL copy (testbench/CMakeLists.txt), Verilated for n3 only.
  info.mutant = NETCOSIM_MUTANT;
  info.sets = {entry<3, Vlrs_arbiter_n3>("n3")};
#else
  info.sets = {
      entry<3, Vlrs_arbiter_n3>("n3"),
      entry<7, Vlrs_arbiter_n7>("n7"),
      entry<31, Vlrs_arbiter_n31>("n31"),
      // The h2 router's VC arbiter under VAL or UGAL 4/2 inside a network (rtl/catalog.h).
      entry<4, Vlrs_arbiter_n4>("n4"),
      // The h4 router's output arbiter (15 ports) inside a network.
      entry<15, Vlrs_arbiter_n15>("n15"),
  };
#endif
  return bench_main(argc, argv, info);
}
