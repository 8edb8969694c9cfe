// Co-simulation bench: rtl/rr_arbiter.sv against netcosim::model::RoundRobinArbiter.
//
// Source of the mechanism: thesis 000 Sec. 1.1 and Sec. 1.6.3 (round-robin, priority rotates only
// on a grant). Bench top and timing: bench_top.h and docs/cosim.md.
#include "arbiter_bench.h"
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
class RrBench : public RequestArbiterBench<RrBench<N, Vtop>, RequestBurstGenerator, Vtop, N> {
 public:
  using Base = RequestArbiterBench<RrBench<N, Vtop>, RequestBurstGenerator, Vtop, N>;
  using Base::dut, Base::time_replay, Base::grant_cov_;
  friend typename Base::Top;
  static constexpr int PW = index_width(N);
  sc_core::sc_signal<Port<N>> gnt_model{"gnt_model"};
  sc_core::sc_signal<Port<PW>> ptr_model{"ptr_model"};
  RtlOutput<Port<N>> gnt{"gnt"};
  RtlOutput<Port<PW>> ptr{"ptr"};
  sc::RrArbiter<N> model{"model"};

  RrBench(sc_core::sc_module_name n, const Options& o, RunResult& r)
      : Base(n, o, r, "rr_arbiter_N" + std::to_string(N)) {
    this->bind_requests(dut);
    dut.gnt(gnt.dut);
    dut.ptr(ptr.dut);
    this->bind_requests(model);
    model.gnt(gnt_model);
    model.ptr(ptr_model);
  }
  void compare(Checker& c) override {
    const uint64_t g = field(gnt_model.read(), 0, N), p = field(ptr_model.read(), 0, PW);
    c.check("gnt", -1, g, field(gnt.rtl.read(), 0, N));
    c.check("ptr", -1, p, field(ptr.rtl.read(), 0, PW));
    const int granted = this->count_grant(g);
    cov_wrapped_ += granted >= 0 && static_cast<uint64_t>(granted) < p;
    cov_moves_ += p != last_ptr_;
    last_ptr_ = p;
  }
  Coverage coverage() const override {
    return {{"grant_cycles", grant_cov_.grants, true},
            {"grants_held_update_low", grant_cov_.held, true},
            {"all_ones_request_cycles", grant_cov_.all, true},
            {"contended_cycles", grant_cov_.contended, true},
            {"grants_below_pointer", cov_wrapped_, true},
            {"pointer_moves", cov_moves_, true},
            {"reset_cycles", grant_cov_.resets, true},
            {"min_grants_taken_per_requester", min_of(grant_cov_.taken), true}};
  }
  std::vector<FaultTapBase*> fault_taps() override { return {&gnt.tap, &ptr.tap}; }
  std::string inputs_text() const override { return this->requests_text(); }
  double time_model(uint64_t cycles) override {
    model::RoundRobinArbiter m(N);
    return time_replay(cycles, [&m](const RequestStimulus& s) {
      return Base::model_cycle(m, s, [&m] { return m.pointer(); });
    });
  }

 private:
  RequestBurstGenerator make_generator(uint64_t seed, uint64_t mid_reset) const {
    return {seed, mid_reset, RequestShape(N, false)};
  }
  void write(const RequestStimulus& s) { this->write_requests(s); }
  uint64_t cov_wrapped_ = 0, cov_moves_ = 0, last_ptr_ = 0;
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
