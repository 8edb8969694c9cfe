// Co-simulation bench: rtl/lrs_arbiter.sv against netcosim::model::LrsArbiter.
//
// Source of the mechanism: FOGSim's least-recently-served arbiter (thesis 000 Sec. 1.6.3: serve
// the first requester of the priority list, move it to the end). Bench top and timing:
// bench_top.h and docs/cosim.md.
#include "arbiter_bench.h"
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
class LrsBench : public RequestArbiterBench<LrsBench<N, Vtop>, RequestBurstGenerator, Vtop, N> {
 public:
  using Base = RequestArbiterBench<LrsBench<N, Vtop>, RequestBurstGenerator, Vtop, N>;
  using Base::dut, Base::stimulus, Base::time_replay, Base::grant_cov_;
  friend typename Base::Top;
  static constexpr int M = sc::lrs_pair_bits(N);
  sc_core::sc_signal<Port<N>> gnt_model{"gnt_model"};
  sc_core::sc_signal<Port<M>> prio_model{"prio_model"};
  RtlOutput<Port<N>> gnt{"gnt"};
  RtlOutput<Port<M>> prio{"prio"};
  sc::LrsArbiter<N> model{"model"};

  LrsBench(sc_core::sc_module_name n, const Options& o, RunResult& r)
      : Base(n, o, r, "lrs_arbiter_N" + std::to_string(N)) {
    this->bind_requests(dut);
    dut.gnt(gnt.dut);
    dut.prio(prio.dut);
    this->bind_requests(model);
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
    const int granted = this->count_grant(g);
    cov_not_lowest_ += granted > __builtin_ctzll(stimulus().req | (uint64_t{1} << 63));
    cov_order_changes_ += changed;
  }
  Coverage coverage() const override {
    return {{"grant_cycles", grant_cov_.grants, true},
            {"grants_held_update_low", grant_cov_.held, true},
            {"all_ones_request_cycles", grant_cov_.all, true},
            {"contended_cycles", grant_cov_.contended, true},
            {"grants_not_lowest_requester", cov_not_lowest_, true},
            {"order_changes", cov_order_changes_, true},
            {"reset_cycles", grant_cov_.resets, true},
            {"min_grants_taken_per_requester", min_of(grant_cov_.taken), true}};
  }
  std::vector<FaultTapBase*> fault_taps() override { return {&gnt.tap, &prio.tap}; }
  std::string inputs_text() const override { return this->requests_text(); }
  double time_model(uint64_t cycles) override {
    model::LrsArbiter m(N);
    return time_replay(cycles, [&m](const RequestStimulus& s) {
      return Base::model_cycle(m, s, [&m] { return m.rank(0); });
    });
  }

 private:
  RequestBurstGenerator make_generator(uint64_t seed, uint64_t mid_reset) const {
    return {seed, mid_reset, RequestShape(N, true)};
  }
  void write(const RequestStimulus& s) { this->write_requests(s); }
  uint64_t cov_not_lowest_ = 0, cov_order_changes_ = 0;
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
