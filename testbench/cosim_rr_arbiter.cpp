// Co-simulation bench: rtl/rr_arbiter.sv against netcosim::model::RoundRobinArbiter.
//
// Source of the mechanism: thesis 000 Sec. 1.1 and Sec. 1.6.3 (round-robin, priority rotates only
// on a grant). Bench top and timing: bench_top.h and docs/cosim.md.
#include "bench_top.h"
#include "request_stimulus.h"
#include "sim/blocks/rr_arbiter.h"
#include "systemc/blocks/rr_arbiter.h"

#include "Vrr_arbiter_n3.h"
#ifndef NETCOSIM_MUTANT
#include "Vrr_arbiter_n2.h"
#include "Vrr_arbiter_n31.h"
#include "Vrr_arbiter_n4.h"
#include "Vrr_arbiter_n5.h"
#include "Vrr_arbiter_n7.h"
#endif

namespace netcosim::cosim {
namespace {

template <int N, class Vtop>
class RrBench : public BenchTop<RrBench<N, Vtop>, RequestBurstGenerator, Vtop> {
 public:
  using Top = BenchTop<RrBench<N, Vtop>, RequestBurstGenerator, Vtop>;
  using Top::clk, Top::dut, Top::options, Top::stimulus, Top::time_replay;
  friend Top;
  static constexpr int PW = index_width(N);
  sc_core::sc_signal<bool> rst{"rst"}, update{"update"};
  sc_core::sc_signal<Port<N>> req{"req"}, gnt_model{"gnt_model"};
  sc_core::sc_signal<Port<PW>> ptr_model{"ptr_model"};
  RtlOutput<Port<N>> gnt{"gnt"};
  RtlOutput<Port<PW>> ptr{"ptr"};
  sc::RrArbiter<N> model{"model"};

  RrBench(sc_core::sc_module_name n, const Options& o, RunResult& r)
      : Top(n, o, r, "rr_arbiter_N" + std::to_string(N)) {
    dut.clk(clk);
    dut.rst(rst);
    dut.req(req);
    dut.update(update);
    dut.gnt(gnt.dut);
    dut.ptr(ptr.dut);
    model.clk(clk);
    model.rst(rst);
    model.req(req);
    model.update(update);
    model.gnt(gnt_model);
    model.ptr(ptr_model);
  }
  void compare(Checker& c) override {
    const uint64_t g = field(gnt_model.read(), 0, N), p = field(ptr_model.read(), 0, PW);
    c.check("gnt", -1, g, field(gnt.rtl.read(), 0, N));
    c.check("ptr", -1, p, field(ptr.rtl.read(), 0, PW));
    int granted = -1;
    for (int i = 0; i < N; ++i) {
      if ((g >> i) & 1u) granted = i;
    }
    cov_grants_ += g != 0;
    cov_held_ += g != 0 && !stimulus().update && !stimulus().rst;
    cov_all_ += stimulus().req == (N == 64 ? ~uint64_t{0} : (uint64_t{1} << N) - 1);
    cov_contended_ += __builtin_popcountll(stimulus().req) >= 2;
    cov_wrapped_ += granted >= 0 && static_cast<uint64_t>(granted) < p;
    cov_moves_ += p != last_ptr_;
    cov_resets_ += stimulus().rst;
    if (granted >= 0 && stimulus().update && !stimulus().rst)
      ++cov_taken_[static_cast<size_t>(granted)];
    last_ptr_ = p;
  }
  Coverage coverage() const override {
    return {{"grant_cycles", cov_grants_, true},
            {"grants_held_update_low", cov_held_, true},
            {"all_ones_request_cycles", cov_all_, true},
            {"contended_cycles", cov_contended_, true},
            {"grants_below_pointer", cov_wrapped_, true},
            {"pointer_moves", cov_moves_, true},
            {"reset_cycles", cov_resets_, true},
            {"min_grants_taken_per_requester", min_of(cov_taken_), true}};
  }
  std::vector<FaultTapBase*> fault_taps() override { return {&gnt.tap, &ptr.tap}; }
  std::string inputs_text() const override {
    std::ostringstream s;
    s << "rst=" << stimulus().rst << " update=" << stimulus().update << " req=0x" << std::hex
      << stimulus().req;
    return s.str();
  }
  double time_model(uint64_t cycles) override {
    model::RoundRobinArbiter m(N);
    return time_replay(cycles, [&](const RequestStimulus& s) {
      uint64_t out = 0;
      const int g = m.arbitrate(s.req);
      out += static_cast<uint64_t>(g) + m.pointer();
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
    return {seed, mid_reset, RequestShape(N, false)};
  }
  void write(const RequestStimulus& s) {
    rst.write(s.rst);
    update.write(s.update);
    req.write(packed<Port<N>>(N, {{0, s.req}}, N));
  }
  uint64_t cov_grants_ = 0, cov_held_ = 0, cov_all_ = 0, cov_moves_ = 0, cov_resets_ = 0;
  uint64_t cov_contended_ = 0, cov_wrapped_ = 0;
  std::vector<uint64_t> cov_taken_ = std::vector<uint64_t>(N, 0);  // grants taken, per requester
  uint64_t last_ptr_ = 0;
};

template <int N, class Vtop>
ParamSetEntry entry(const char* name) {
  return bench_entry<RrBench<N, Vtop>>(name, "N=" + std::to_string(N));
}

}  // namespace
}  // namespace netcosim::cosim

int sc_main(int argc, char** argv) {
  using namespace netcosim::cosim;
  // N=3: VC arbiter of the h8 router (3 VCs); N=31: output arbiter of the h8 router (31 ports).
  BenchInfo info{"rr_arbiter", {"gnt", "ptr"}, {}, ""};
#ifdef NETCOSIM_MUTANT
  // A deliberately broken RTL copy (testbench/CMakeLists.txt), Verilated for n3 only.
  info.mutant = NETCOSIM_MUTANT;
  info.sets = {entry<3, Vrr_arbiter_n3>("n3")};
#else
  info.sets = {
      entry<3, Vrr_arbiter_n3>("n3"), entry<4, Vrr_arbiter_n4>("n4"),
      entry<7, Vrr_arbiter_n7>("n7"), entry<31, Vrr_arbiter_n31>("n31"),
      entry<5, Vrr_arbiter_n5>("n5"), entry<2, Vrr_arbiter_n2>("n2"),
  };
#endif
  return bench_main(argc, argv, info);
}
