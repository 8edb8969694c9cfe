// Co-simulation bench: rtl/age_arbiter.sv against netcosim::model::AgeArbiter.
//
// Source of the mechanism: thesis 000 Sec. 3.3.4 and paper 004 Sec. 2.2 (the oldest packet wins;
// ties round-robin, docs/model.md "Arbiters"). Bench structure and timing: cosim_common.h and
// docs/cosim.md.
#include "cosim_common.h"
#include "sim/blocks/age_arbiter.h"
#include "systemc/blocks/age_arbiter.h"

#include "Vage_arbiter_n3w4.h"
#ifndef NETCOSIM_MUTANT
#include "Vage_arbiter_n31w16.h"
#include "Vage_arbiter_n7w8.h"
#endif

namespace netcosim::cosim {
namespace {

struct AgeStimulus {
  bool rst = false, update = false;
  uint64_t req = 0;
  std::vector<uint32_t> age;
};

// Constrained-random requests in bursts (the round-robin bench's shapes: independent bits, one
// requester, all, a contiguous group, idle), each burst with an age shape: every age equal (the
// arbiter is round-robin), a few distinct small values (many ties among the oldest), uniform over
// [0, 2^W), near the maximum (2^W-1 and 2^W-2), or one requester much older than the rest;
// ages change every cycle with probability 1/2 per requester (a router's heads age and are
// replaced). update low (back-pressure) for whole bursts; resets (one mid-run).
class AgeGenerator {
 public:
  AgeGenerator(int n, int w, uint64_t seed, uint64_t mid_reset)
      : n_(n),
        max_(w == 32 ? ~uint32_t{0} : (uint32_t{1} << w) - 1),
        rng_(seed),
        mid_(mid_reset),
        age_(static_cast<size_t>(n), 0) {}
  AgeStimulus next(uint64_t cycle) {
    if (left_ == 0) new_burst();
    --left_;
    AgeStimulus s;
    s.rst = (mid_ != 0 && (cycle == mid_ || cycle == mid_ + 1)) || rng_.chance(1e-4);
    s.update = rng_.chance(p_update_);
    const uint64_t all = (n_ == 64) ? ~uint64_t{0} : (uint64_t{1} << n_) - 1;
    switch (pattern_) {
      case 0:  // independent bits
        for (int i = 0; i < n_; ++i) {
          if (rng_.chance(density_)) s.req |= uint64_t{1} << i;
        }
        break;
      case 1:  // one requester
        s.req = uint64_t{1} << rng_.below(static_cast<uint32_t>(n_));
        break;
      case 2:  // all requesting
        s.req = all;
        break;
      case 3: {  // a contiguous group, wrapping
        const uint32_t start = rng_.below(static_cast<uint32_t>(n_));
        const uint32_t len = 1 + rng_.below(static_cast<uint32_t>(n_));
        for (uint32_t k = 0; k < len; ++k) s.req |= uint64_t{1} << ((start + k) % n_);
        break;
      }
      default:  // idle
        break;
    }
    s.req &= all;
    for (int i = 0; i < n_; ++i) {
      if (rng_.chance(0.5)) age_[static_cast<size_t>(i)] = draw_age(i);
    }
    s.age = age_;
    return s;
  }

 private:
  uint32_t draw_age(int i) {
    switch (age_shape_) {
      case 0:  // all equal
        return common_;
      case 1:  // a few distinct values
        return rng_.below(4);
      case 2:  // uniform over the width
        return static_cast<uint32_t>(rng_.next() & max_);
      case 3:  // at or next to the maximum
        return max_ - rng_.below(2);
      default:  // one old requester, the others young
        return i == old_ ? max_ - rng_.below(4) : rng_.below(8);
    }
  }
  void new_burst() {
    static constexpr double kDensity[] = {0.0, 0.05, 0.2, 0.5, 0.8, 0.95};
    static constexpr double kUpdate[] = {1.0, 1.0, 0.8, 0.3, 0.0};
    left_ = 1 + rng_.below(256);
    pattern_ = static_cast<int>(rng_.below(5));
    density_ = kDensity[rng_.below(6)];
    if (density_ == 0.0) density_ = 1.0 / n_;  // sparse: about one requester per cycle
    p_update_ = kUpdate[rng_.below(5)];
    age_shape_ = static_cast<int>(rng_.below(5));
    common_ = static_cast<uint32_t>(rng_.next() & max_);
    old_ = static_cast<int>(rng_.below(static_cast<uint32_t>(n_)));
    for (int i = 0; i < n_; ++i) age_[static_cast<size_t>(i)] = draw_age(i);
  }
  int n_;
  uint32_t max_;
  Rng rng_;
  uint64_t mid_;
  uint64_t left_ = 0;
  int pattern_ = 0, age_shape_ = 0, old_ = 0;
  uint32_t common_ = 0;
  double density_ = 0.5, p_update_ = 1.0;
  std::vector<uint32_t> age_;
};

template <int N, int W, class Vtop>
class AgeBench : public sc_core::sc_module, public BenchHooks {
 public:
  static constexpr int PW = index_width(N);
  sc_core::sc_clock clk{"clk", kClockPeriod};
  sc_core::sc_signal<bool> rst{"rst"}, update{"update"};
  sc_core::sc_signal<Port<N>> req{"req"}, gnt_model{"gnt_model"};
  sc_core::sc_signal<Port<N * W>> age{"age"};
  sc_core::sc_signal<Port<PW>> ptr_model{"ptr_model"};
  RtlOutput<Port<N>> gnt{"gnt"};
  RtlOutput<Port<PW>> ptr{"ptr"};
  Vtop dut{"dut"};
  sc::AgeArbiter<N, W> model{"model"};

  SC_HAS_PROCESS(AgeBench);
  AgeBench(sc_core::sc_module_name n, const Options& o, RunResult& r)
      : sc_core::sc_module(n), o_(o), r_(r), gen_(N, W, o.seed, o.cycles / 2), shadow_(N) {
    dut.clk(clk);
    dut.rst(rst);
    dut.req(req);
    dut.age(age);
    dut.update(update);
    dut.gnt(gnt.dut);
    dut.ptr(ptr.dut);
    model.clk(clk);
    model.rst(rst);
    model.req(req);
    model.age(age);
    model.update(update);
    model.gnt(gnt_model);
    model.ptr(ptr_model);
    if (!o.vcd_dir.empty()) {
      vcd_ = std::make_unique<VcdWindow>(
          o.vcd_dir, "age_arbiter_N" + std::to_string(N) + "W" + std::to_string(W), o.vcd_chunk);
    }
    SC_THREAD(run);
  }

  void drive(uint64_t cycle, bool force_reset) override {
    if (force_reset) {
      cur_ = AgeStimulus{true, false, 0, std::vector<uint32_t>(N, 0)};
    } else {
      cur_ = gen_.next(cycle);
    }
    write(cur_);
  }
  void compare(Checker& c) override {
    const uint64_t g = field(gnt_model.read(), 0, N), p = field(ptr_model.read(), 0, PW);
    c.check("gnt", -1, g, field(gnt.rtl.read(), 0, N));
    c.check("ptr", -1, p, field(ptr.rtl.read(), 0, PW));
    const int granted = g == 0 ? -1 : __builtin_ctzll(g);
    // What round-robin alone would grant from the same pointer: the age made the difference when
    // it differs from the grant.
    shadow_.reset();
    if (p != 0) shadow_.update(static_cast<unsigned>(p) - 1);
    const int rr = shadow_.arbitrate(cur_.req);
    uint32_t oldest = 0;
    int at_oldest = 0;
    bool at_max = false;
    for (int i = 0; i < N; ++i) {
      if (((cur_.req >> i) & 1u) == 0) continue;
      const uint32_t a = cur_.age[static_cast<size_t>(i)];
      at_max = at_max || a == max_age_;
      if (at_oldest == 0 || a > oldest) {
        oldest = a;
        at_oldest = 1;
      } else if (a == oldest) {
        ++at_oldest;
      }
    }
    cov_grants_ += g != 0;
    cov_held_ += g != 0 && !cur_.update && !cur_.rst;
    cov_contended_ += __builtin_popcountll(cur_.req) >= 2;
    cov_ties_ += at_oldest >= 2;
    cov_age_decided_ += granted >= 0 && granted != rr;
    cov_max_age_ += at_max;
    cov_wrapped_ += granted >= 0 && static_cast<uint64_t>(granted) < p;
    cov_moves_ += p != last_ptr_;
    cov_resets_ += cur_.rst;
    if (granted >= 0 && cur_.update && !cur_.rst) ++cov_taken_[static_cast<size_t>(granted)];
    last_ptr_ = p;
  }
  Coverage coverage() const override {
    return {{"grant_cycles", cov_grants_, true},
            {"grants_held_update_low", cov_held_, true},
            {"contended_cycles", cov_contended_, true},
            {"oldest_tie_cycles", cov_ties_, true},
            {"grants_decided_by_age", cov_age_decided_, true},
            {"max_age_request_cycles", cov_max_age_, true},
            {"grants_below_pointer", cov_wrapped_, true},
            {"pointer_moves", cov_moves_, true},
            {"reset_cycles", cov_resets_, true},
            {"min_grants_taken_per_requester", min_of(cov_taken_), true}};
  }
  std::vector<FaultTapBase*> fault_taps() override { return {&gnt.tap, &ptr.tap}; }
  std::string inputs_text() const override {
    std::ostringstream s;
    s << "rst=" << cur_.rst << " update=" << cur_.update << " req=0x" << std::hex << cur_.req
      << std::dec << " age=";
    for (int i = 0; i < N; ++i) s << (i == 0 ? "" : ",") << cur_.age[static_cast<size_t>(i)];
    return s.str();
  }
  void prepare_timing(uint64_t entries) override {
    AgeGenerator g(N, W, o_.seed ^ 0x5EEDu, entries / 2);
    buf_.clear();
    for (uint64_t k = 0; k < entries; ++k) buf_.push_back(g.next(k));
    buf_[0].rst = true;  // a reset starts the replayed sequence (from any state, cyclically)
  }
  void drive_timing(uint64_t k) override { write(buf_[k % buf_.size()]); }
  void set_model_enabled(bool on) override { model.enabled = on; }
  double time_model(uint64_t cycles) override {
    model::AgeArbiter m(N, W);
    uint64_t sink = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (uint64_t k = 0; k < cycles; ++k) {
      const AgeStimulus& s = buf_[k % buf_.size()];
      for (int i = 0; i < N; ++i)
        m.set_age(static_cast<unsigned>(i), s.age[static_cast<size_t>(i)]);
      const int g = m.arbitrate(s.req);
      sink += static_cast<uint64_t>(g) + m.pointer();
      if (s.rst) {
        m.reset();
      } else if (s.update && g >= 0) {
        m.update(static_cast<unsigned>(g));
      }
    }
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    sink_ = sink;
    return t;
  }

 private:
  void write(const AgeStimulus& s) {
    rst.write(s.rst);
    update.write(s.update);
    req.write(packed<Port<N>>(N, {{0, s.req}}, N));
    std::vector<std::pair<int, uint64_t>> ages;
    for (int i = 0; i < N; ++i) ages.push_back({i * W, s.age[static_cast<size_t>(i)]});
    age.write(packed<Port<N * W>>(N * W, ages, W));
  }
  void run() {
    run_guarded(*this, o_, clk, vcd_.get(), r_, [this] { vcd_->start(dut); });
  }
  static constexpr uint32_t max_age_ = W == 32 ? ~uint32_t{0} : (uint32_t{1} << W) - 1;
  const Options& o_;
  RunResult& r_;
  AgeGenerator gen_;
  AgeStimulus cur_;
  std::vector<AgeStimulus> buf_;
  std::unique_ptr<VcdWindow> vcd_;
  model::RoundRobinArbiter shadow_;  // round-robin alone, for the coverage of age decisions
  volatile uint64_t sink_ = 0;
  uint64_t cov_grants_ = 0, cov_held_ = 0, cov_contended_ = 0, cov_ties_ = 0;
  uint64_t cov_age_decided_ = 0, cov_max_age_ = 0, cov_wrapped_ = 0, cov_moves_ = 0;
  uint64_t cov_resets_ = 0;
  std::vector<uint64_t> cov_taken_ = std::vector<uint64_t>(N, 0);  // grants taken, per requester
  uint64_t last_ptr_ = 0;
};

template <int N, int W, class Vtop>
ParamSetEntry entry(const char* name) {
  return {name, "N=" + std::to_string(N) + ",W=" + std::to_string(W),
          [](const Options& o, RunResult& r) {
            return std::unique_ptr<sc_core::sc_module>(new AgeBench<N, W, Vtop>("bench", o, r));
          }};
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
  };
#endif
  return bench_main(argc, argv, info);
}
