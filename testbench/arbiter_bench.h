// What the arbiter benches share on top of the bench top (bench_top.h; docs/cosim.md, "A bench"):
//
//   RequestArbiterBench  the request arbiters (cosim_rr_arbiter.cpp, cosim_lrs_arbiter.cpp,
//                        cosim_age_arbiter.cpp): the inputs rst, update and req of N requesters,
//                        their report text, the coverage of the grants and the model's cycle in
//                        the timing loop (thesis 000 Sec. 1.6.3: the arbiter's state moves only
//                        on a grant taken with update high);
//   TableSchedBench      the table schedulers (cosim_drr_arbiter.cpp, cosim_dtable_arbiter.cpp,
//                        cosim_ib_vl_arbiter.cpp; stimulus qos_stimulus.h): the inputs rst,
//                        cfg_we, active, size and accept of L lanes of SW-bit sizes and the
//                        coverage of a cycle up to its grant.
//
// Each bench keeps its block's own ports (the configuration fields, the outputs), its comparison
// and the coverage of its mechanism.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "bench_top.h"
#include "qos_stimulus.h"

namespace netcosim::cosim {

// ---------------------------------------------------------------------------------------------
// The bench top of a request arbiter of N requesters (Gen::Stimulus has rst, update and req).
template <class Bench, class Gen, class Vtop, int N>
class RequestArbiterBench : public BenchTop<Bench, Gen, Vtop> {
 public:
  using Top = BenchTop<Bench, Gen, Vtop>;
  using Stimulus = typename Top::Stimulus;
  sc_core::sc_signal<bool> rst{"rst"}, update{"update"};
  sc_core::sc_signal<Port<N>> req{"req"};

  RequestArbiterBench(sc_core::sc_module_name n, const Options& o, RunResult& r,
                      const std::string& vcd_name)
      : Top(n, o, r, vcd_name) {}

  // One cycle of the arbiter's C++ model `m` on `s` in the timing loop: the grant, then a reset
  // or, with update high, the grant taken; returns the grant plus `state()`, read before the edge.
  template <class Model, class State>
  static uint64_t model_cycle(Model& m, const Stimulus& s, State&& state) {
    const int g = m.arbitrate(s.req);
    const uint64_t out = static_cast<uint64_t>(g) + state();
    if (s.rst) {
      m.reset();
    } else if (s.update && g >= 0) {
      m.update(static_cast<unsigned>(g));
    }
    return out;
  }

 protected:
  // The inputs of the RTL block or of the model's module `m`: clk, rst, req and update.
  template <class M>
  void bind_requests(M& m) {
    m.clk(this->clk);
    m.rst(rst);
    m.req(req);
    m.update(update);
  }
  void write_requests(const Stimulus& s) {
    rst.write(s.rst);
    update.write(s.update);
    req.write(packed<Port<N>>(N, {{0, s.req}}, N));
  }
  // The report's inputs: "rst=R update=U req=0xHEX".
  std::string requests_text() const {
    std::ostringstream s;
    s << "rst=" << this->stimulus().rst << " update=" << this->stimulus().update << " req=0x"
      << std::hex << this->stimulus().req;
    return s.str();
  }
  // The coverage of the cycle's grant `g` (the model's one-hot gnt): counts grant_cycles,
  // grants_held_update_low, all_ones_request_cycles, contended_cycles, reset_cycles and the grants
  // taken per requester; returns the granted requester (-1: none).
  int count_grant(uint64_t g) {
    const Stimulus& s = this->stimulus();
    const int granted = g == 0 ? -1 : __builtin_ctzll(g);
    grant_cov_.grants += g != 0;
    grant_cov_.held += g != 0 && !s.update && !s.rst;
    grant_cov_.all += s.req == (N == 64 ? ~uint64_t{0} : (uint64_t{1} << N) - 1);
    grant_cov_.contended += __builtin_popcountll(s.req) >= 2;
    grant_cov_.resets += s.rst;
    if (granted >= 0 && s.update && !s.rst) ++grant_cov_.taken[static_cast<size_t>(granted)];
    return granted;
  }
  struct GrantCoverage {
    uint64_t grants = 0, held = 0, all = 0, contended = 0, resets = 0;
    std::vector<uint64_t> taken = std::vector<uint64_t>(N, 0);  // grants taken, per requester
  };
  GrantCoverage grant_cov_;
};

// ---------------------------------------------------------------------------------------------
// The bench top of a table scheduler of L lanes with SW-bit sizes (Gen::Stimulus is QosStimulus).
template <class Bench, class Gen, class Vtop, int L, int SW>
class TableSchedBench : public BenchTop<Bench, Gen, Vtop> {
 public:
  using Top = BenchTop<Bench, Gen, Vtop>;
  sc_core::sc_signal<bool> rst{"rst"}, cfg_we{"cfg_we"}, accept{"accept"};
  sc_core::sc_signal<Port<L>> active{"active"};
  sc_core::sc_signal<Port<L * SW>> size{"size"};

  TableSchedBench(sc_core::sc_module_name n, const Options& o, RunResult& r,
                  const std::string& vcd_name)
      : Top(n, o, r, vcd_name) {}

 protected:
  // The inputs of the RTL block or of the model's module `m` but the configuration's address and
  // fields: clk, rst, cfg_we, active, size and accept.
  template <class M>
  void bind_lanes(M& m) {
    m.clk(this->clk);
    m.rst(rst);
    m.cfg_we(cfg_we);
    m.active(active);
    m.size(size);
    m.accept(accept);
  }
  void write_lanes(const QosStimulus& s) {
    rst.write(s.rst);
    cfg_we.write(s.cfg_we);
    active.write(packed<Port<L>>(L, {{0, s.active}}, L));
    BitPacker sp(L * SW);
    for (int l = 0; l < L; ++l) sp.put(l * SW, SW, s.size[l]);
    Port<L * SW> sv{};
    sp.store(sv);
    size.write(sv);
    accept.write(s.accept);
  }
  // The coverage of the cycle up to its grant, in two steps: count_cycle() counts reset_cycles
  // and the configuration writes and is false in reset; count_grant(valid), with `valid` whether
  // the model grants this cycle, counts a cycle with an active lane but no grant and a grant held
  // by accept low, and is true when the grant is taken (the bench then counts its kind).
  bool count_cycle() {
    sched_cov_.resets += this->stimulus().rst;
    if (this->stimulus().rst) return false;
    sched_cov_.writes += this->stimulus().cfg_we;
    return true;
  }
  bool count_grant(bool valid) {
    if (!valid) {
      sched_cov_.no_grant += static_cast<uint32_t>(this->stimulus().active) != 0;
      return false;
    }
    if (!this->stimulus().accept) {
      ++sched_cov_.held;
      return false;
    }
    return true;
  }
  struct SchedCoverage {
    uint64_t resets = 0, writes = 0, no_grant = 0, held = 0;
  };
  SchedCoverage sched_cov_;
};

}  // namespace netcosim::cosim
