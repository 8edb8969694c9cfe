// Co-simulation bench: rtl/age_arbiter.sv against netcosim::model::AgeArbiter.
//
// Source of the mechanism: thesis 000 Sec. 3.3.4 and paper 004 Sec. 2.2 (the oldest packet wins;
// ties round-robin, docs/model.md "Arbiters"). Bench top and timing: bench_top.h and
// docs/cosim.md.
#include <array>

#include "arbiter_bench.h"
#include "burst_generator.h"
#include "request_stimulus.h"
#include "sim/blocks/age_arbiter.h"
#include "systemc/blocks/age_arbiter.h"

#include "Vage_arbiter_n3w4.h"
#ifndef NETCOSIM_MUTANT
#include "Vage_arbiter_n15w32.h"
#include "Vage_arbiter_n31w16.h"
#include "Vage_arbiter_n31w32.h"
#include "Vage_arbiter_n3w32.h"
#include "Vage_arbiter_n4w32.h"
#include "Vage_arbiter_n7w32.h"
#include "Vage_arbiter_n7w8.h"
#endif

namespace netcosim::cosim {
namespace {

constexpr int kAgeMaxRequesters = 64;

struct AgeStimulus {
  bool rst = false, update = false;
  uint64_t req = 0;
  std::array<uint32_t, kAgeMaxRequesters> age{};
};

// Constrained-random requests in bursts (the round-robin bench's shapes, request_stimulus.h:
// independent bits, one requester, all, a contiguous group, idle; update low for whole bursts),
// each burst with an age shape: every age equal (the arbiter is round-robin), a few distinct small
// values (many ties among the oldest), uniform over [0, 2^W), near the maximum (2^W-1 and 2^W-2),
// or one requester much older than the rest; ages change every cycle with probability 1/2 per
// requester (a router's heads age and are replaced). Bursts and resets: burst_generator.h.
class AgeShape {
 public:
  using Stimulus = AgeStimulus;
  static constexpr uint32_t kMaxBurst = RequestShape::kMaxBurst;
  static constexpr bool kResets = true;
  static constexpr bool kDrawsPowerOnReset = false;
  AgeShape(int n, int w)
      : n_(n), max_(w == 32 ? ~uint32_t{0} : (uint32_t{1} << w) - 1), requests_(n, false) {}
  void fill(AgeStimulus& s, uint64_t cycle, Rng& rng) {
    RequestStimulus r;
    requests_.fill(r, cycle, rng);
    s.update = r.update;
    s.req = r.req;
    for (int i = 0; i < n_; ++i) {
      if (rng.chance(0.5)) age_[static_cast<size_t>(i)] = draw_age(i, rng);
    }
    s.age = age_;
  }
  void new_burst(Rng& rng) {
    requests_.new_burst(rng);
    age_shape_ = static_cast<int>(rng.below(5));
    common_ = static_cast<uint32_t>(rng.next() & max_);
    old_ = static_cast<int>(rng.below(static_cast<uint32_t>(n_)));
    for (int i = 0; i < n_; ++i) age_[static_cast<size_t>(i)] = draw_age(i, rng);
  }

 private:
  uint32_t draw_age(int i, Rng& rng) const {
    switch (age_shape_) {
      case 0:  // all equal
        return common_;
      case 1:  // a few distinct values
        return rng.below(4);
      case 2:  // uniform over the width
        return static_cast<uint32_t>(rng.next() & max_);
      case 3:  // at or next to the maximum
        return max_ - rng.below(2);
      default:  // one old requester, the others young
        return i == old_ ? max_ - rng.below(4) : rng.below(8);
    }
  }
  int n_;
  uint32_t max_;
  RequestShape requests_;
  int age_shape_ = 0, old_ = 0;
  uint32_t common_ = 0;
  std::array<uint32_t, kAgeMaxRequesters> age_{};
};

template <int N, int W, class Vtop>
class AgeBench
    : public RequestArbiterBench<AgeBench<N, W, Vtop>, BurstGenerator<AgeShape>, Vtop, N> {
 public:
  using Base = RequestArbiterBench<AgeBench<N, W, Vtop>, BurstGenerator<AgeShape>, Vtop, N>;
  using Base::dut, Base::stimulus, Base::time_replay, Base::grant_cov_;
  friend typename Base::Top;
  static constexpr int PW = index_width(N);
  sc_core::sc_signal<Port<N>> gnt_model{"gnt_model"};
  sc_core::sc_signal<Port<N * W>> age{"age"};
  sc_core::sc_signal<Port<PW>> ptr_model{"ptr_model"};
  RtlOutput<Port<N>> gnt{"gnt"};
  RtlOutput<Port<PW>> ptr{"ptr"};
  sc::AgeArbiter<N, W> model{"model"};

  AgeBench(sc_core::sc_module_name n, const Options& o, RunResult& r)
      : Base(n, o, r, "age_arbiter_N" + std::to_string(N) + "W" + std::to_string(W)), shadow_(N) {
    this->bind_requests(dut);
    dut.age(age);
    dut.gnt(gnt.dut);
    dut.ptr(ptr.dut);
    this->bind_requests(model);
    model.age(age);
    model.gnt(gnt_model);
    model.ptr(ptr_model);
  }

  void compare(Checker& c) override {
    const uint64_t g = field(gnt_model.read(), 0, N), p = field(ptr_model.read(), 0, PW);
    c.check("gnt", -1, g, field(gnt.rtl.read(), 0, N));
    c.check("ptr", -1, p, field(ptr.rtl.read(), 0, PW));
    const int granted = this->count_grant(g);
    // What round-robin alone would grant from the same pointer: the age made the difference when
    // it differs from the grant.
    shadow_.reset();
    if (p != 0) shadow_.update(static_cast<unsigned>(p) - 1);
    const int rr = shadow_.arbitrate(stimulus().req);
    uint32_t oldest = 0;
    int at_oldest = 0;
    bool at_max = false;
    for (int i = 0; i < N; ++i) {
      if (((stimulus().req >> i) & 1u) == 0) continue;
      const uint32_t a = stimulus().age[static_cast<size_t>(i)];
      at_max = at_max || a == max_age_;
      if (at_oldest == 0 || a > oldest) {
        oldest = a;
        at_oldest = 1;
      } else if (a == oldest) {
        ++at_oldest;
      }
    }
    cov_ties_ += at_oldest >= 2;
    cov_age_decided_ += granted >= 0 && granted != rr;
    cov_max_age_ += at_max;
    cov_wrapped_ += granted >= 0 && static_cast<uint64_t>(granted) < p;
    cov_moves_ += p != last_ptr_;
    last_ptr_ = p;
  }
  Coverage coverage() const override {
    return {{"grant_cycles", grant_cov_.grants, true},
            {"grants_held_update_low", grant_cov_.held, true},
            {"contended_cycles", grant_cov_.contended, true},
            {"oldest_tie_cycles", cov_ties_, true},
            {"grants_decided_by_age", cov_age_decided_, true},
            {"max_age_request_cycles", cov_max_age_, true},
            {"grants_below_pointer", cov_wrapped_, true},
            {"pointer_moves", cov_moves_, true},
            {"reset_cycles", grant_cov_.resets, true},
            {"min_grants_taken_per_requester", min_of(grant_cov_.taken), true}};
  }
  std::vector<FaultTapBase*> fault_taps() override { return {&gnt.tap, &ptr.tap}; }
  std::string inputs_text() const override {
    std::ostringstream s;
    s << this->requests_text() << " age=";
    for (int i = 0; i < N; ++i) s << (i == 0 ? "" : ",") << stimulus().age[static_cast<size_t>(i)];
    return s.str();
  }
  double time_model(uint64_t cycles) override {
    model::AgeArbiter m(N, W);
    return time_replay(cycles, [&m](const AgeStimulus& s) {
      for (int i = 0; i < N; ++i)
        m.set_age(static_cast<unsigned>(i), s.age[static_cast<size_t>(i)]);
      return Base::model_cycle(m, s, [&m] { return m.pointer(); });
    });
  }

 private:
  BurstGenerator<AgeShape> make_generator(uint64_t seed, uint64_t mid_reset) const {
    return {seed, mid_reset, AgeShape(N, W)};
  }
  void write(const AgeStimulus& s) {
    this->write_requests(s);
    std::vector<std::pair<int, uint64_t>> ages;
    for (int i = 0; i < N; ++i) ages.push_back({i * W, s.age[static_cast<size_t>(i)]});
    age.write(packed<Port<N * W>>(N * W, ages, W));
  }
  static constexpr uint32_t max_age_ = W == 32 ? ~uint32_t{0} : (uint32_t{1} << W) - 1;
  model::RoundRobinArbiter shadow_;  // round-robin alone, for the coverage of age decisions
  uint64_t cov_ties_ = 0, cov_age_decided_ = 0, cov_max_age_ = 0, cov_wrapped_ = 0;
  uint64_t cov_moves_ = 0, last_ptr_ = 0;
};

template <int N, int W, class Vtop>
ParamSetEntry entry(const char* name) {
  return bench_entry<AgeBench<N, W, Vtop>>(name,
                                           "N=" + std::to_string(N) + ",W=" + std::to_string(W));
}

}  // namespace
}  // namespace netcosim::cosim

int sc_main(int argc, char** argv) {
  using namespace netcosim::cosim;
  // N=3,W=4: a VC arbiter with narrow ages (many ties); N=31,W=16: the output arbiter of the h8
  // router with 16-bit ages (docs/cosim.md, "Block: age_arbiter").
  BenchInfo info{"age_arbiter", {"gnt", "ptr"}, {}, ""};
#ifdef NETCOSIM_MUTANT
  // A deliberately broken RTL copy (testbench/CMakeLists.txt), Verilated for n3w4 only.
  info.mutant = NETCOSIM_MUTANT;
  info.sets = {entry<3, 4, Vage_arbiter_n3w4>("n3w4")};
#else
  info.sets = {
      entry<3, 4, Vage_arbiter_n3w4>("n3w4"),
      entry<7, 8, Vage_arbiter_n7w8>("n7w8"),
      entry<31, 16, Vage_arbiter_n31w16>("n31w16"),
      // The Dragonfly routers' VC arbiters and the h2, h4 and h8 routers' output arbiters inside
      // a network, with the router's 32-bit ages (rtl/catalog.h).
      entry<3, 32, Vage_arbiter_n3w32>("n3w32"),
      entry<4, 32, Vage_arbiter_n4w32>("n4w32"),
      entry<7, 32, Vage_arbiter_n7w32>("n7w32"),
      entry<15, 32, Vage_arbiter_n15w32>("n15w32"),
      entry<31, 32, Vage_arbiter_n31w32>("n31w32"),
  };
#endif
  return bench_main(argc, argv, info);
}
