// The allocator arbiters' block sockets (docs/cosim.md, "Verilated blocks inside a network"): the
// Verilated rtl/lrs_arbiter.sv or rtl/age_arbiter.sv of every arbiter of a router's separable
// allocator (sim/blocks/separable_allocator.h) whose policy (router.input_arbitration,
// router.output_arbitration; docs/model.md "Arbiters") is that block's: one instance per input
// port's VC arbiter (N = the router's VCs) and per output port's arbiter (N = its ports), of the
// parameter set of that N (age_arbiter: W = 32, the router's ages). transit_lrs's LRS inside each
// class is rtl/lrs_arbiter.sv driven with the class's requests (model::TransitPriorityArbiter: the
// class filter is a mask of the router's wiring, its arbiter the LRS block).
//
// The allocator is model::SeparableAllocatorT instantiated with SocketedArb<Model> for the
// socketed stages (RouterModel::replace_allocator, before the first step): each arbitrate() call
// of the allocator computes Model's grant, then drives the same requests (and ages) on the
// arbiter's instance, two delta cycles (the grant is combinational), and reads gnt and the
// registered state (LRS: the priority matrix prio, age: ptr). Each update() (the allocator's
// clock edge, for an accepted grant only) gives the instance one clock edge with update high and
// req the granted requester alone: the RTL's state moves for the grant taken, which is the
// grant of that request (the LRS's reorder and the age arbiter's pointer move depend on the
// grant only). A router's native allocator (make_policy_allocator) is not touched: this one
// replaces it only when a socket is requested.
//   Rtl mode: the RTL's grant is the allocator's (a grant that is not one-hot, names a requester
//   that did not request, or is empty with requests stops the run; the model follows the RTL's
//   grant);
//   Shadow mode: gnt and the state are compared with the model's in every arbitration; the first
//   difference stops the run (SimulationFailure, exit status 3) naming the router, the cycle, the
//   arbiter (`out3_gnt`: output 3's arbiter; `in2_prio[1]`: row 1 of input 2's priority matrix,
//   bit j set when requester 1 is ahead of j > 1) and its inputs, with the VCD window.
// An arbitration with the same inputs as the instance's previous one, and no clock edge since,
// is not driven again (the allocator's second iteration re-arbitrates unmatched inputs).
//
// Fault (SocketFault, --rtl-fault lrs_arbiter|age_arbiter:R:C[:P]): at the first arbitration of
// router R at or after cycle C with two or more requests, by the arbiter of port P (default:
// any) of the output stage when router.output_arbitration uses the block (else of the input
// stage), the request of the model's winner is removed from the RTL's req: the RTL grants another
// requester, once.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include <systemc>

#include "sim/blocks/age_arbiter.h"
#include "sim/blocks/lrs_arbiter.h"
#include "sim/blocks/separable_allocator.h"
#include "sim/blocks/transit_priority_arbiter.h"
#include "sim/router/cioq/arbitration.h"
#include "sim/router/router_model.h"
#include "sim/util/failure.h"
#include "systemc/blocks/ports.h"
#include "systemc/check/checker.h"
#include "systemc/check/vcd_window.h"
#include "systemc/rtl/sep_alloc_if_socket.h"

namespace netcosim::sc {

// One arbiter's instance: its Verilated module and the signals of its port list.
class ArbiterLane {
 public:
  static constexpr unsigned kMaxInputs = 64;
  virtual ~ArbiterLane() = default;
  virtual unsigned size() const = 0;
  // The state words compared in shadow mode (LRS: N rows of the priority matrix; age: 1, ptr).
  virtual unsigned state_words() const = 0;
  // Drives req (and ages[0..N), age_arbiter), two delta cycles, reads gnt and the state.
  virtual void evaluate(uint64_t req, const uint32_t* ages, uint64_t& gnt, uint64_t* state) = 0;
  // The clock edge of an accepted grant: req = the granted requester, update high, clk rising.
  virtual void clock(unsigned granted) = 0;
  VcdWindow* vcd() { return vcd_.get(); }

 protected:
  std::unique_ptr<VcdWindow> vcd_;
};

// The signals and the reset common to both blocks (clk, rst, update, req, gnt).
template <class Vtop, int N>
class ArbiterLaneBase : public ArbiterLane {
 public:
  static_assert(N >= 2 && N <= 64, "an arbiter of 2 to 64 requesters (req is read as 64 bits)");
  ArbiterLaneBase(const std::string& name, const SocketOptions& opt)
      : s_clk_((name + "_clk").c_str()),
        s_rst_((name + "_rst").c_str()),
        s_update_((name + "_update").c_str()),
        s_req_((name + "_req").c_str()),
        s_gnt_((name + "_gnt").c_str()),
        rtl_(std::make_unique<Vtop>(name.c_str())) {
    rtl_->clk(s_clk_);
    rtl_->rst(s_rst_);
    rtl_->update(s_update_);
    rtl_->req(s_req_);
    rtl_->gnt(s_gnt_);
    if (!opt.vcd_dir.empty()) vcd_ = std::make_unique<VcdWindow>(opt.vcd_dir, name, opt.vcd_chunk);
  }
  ~ArbiterLaneBase() override {
    if (vcd_) vcd_->finish();
  }
  unsigned size() const override { return N; }

  void clock(unsigned granted) override {
    start();
    s_req_.write(one_hot(granted));
    s_update_.write(true);
    s_clk_.write(false);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    s_clk_.write(true);  // the edge, taken in the next delta cycle
    sc_core::wait(sc_core::SC_ZERO_TIME);
    s_update_.write(false);
    driven_ = false;  // the state moved: the next arbitration is driven again
  }

 protected:
  // Before the first use (inside the router's thread, as the benches start theirs): the VCD
  // window (Verilated::traceEverOn(true) was set before elaboration) and the reset.
  void start() {
    if (started_) return;
    if (vcd_) vcd_->start(*rtl_);
    socket_reset_pulse(s_clk_, s_rst_);
    s_rst_.write(false);
    started_ = true;
  }
  static Port<N> one_hot(unsigned i) {
    BitPacker p(N);
    p.put(static_cast<int>(i), 1, 1);
    Port<N> v{};
    p.store(v);
    return v;
  }
  static Port<N> bits(uint64_t m) {
    BitPacker p(N);
    p.put(0, N, m);
    Port<N> v{};
    p.store(v);
    return v;
  }
  // The previous arbitration's inputs and outputs (same inputs, no edge since: not driven).
  bool same_as_last(uint64_t req, const uint32_t* ages) const {
    if (!driven_ || req != last_req_) return false;
    if (ages != nullptr)
      for (int i = 0; i < N; ++i)
        if (((req >> i) & 1u) != 0 && ages[i] != last_ages_[i]) return false;
    return true;
  }
  void remember(uint64_t req, const uint32_t* ages) {
    driven_ = true;
    last_req_ = req;
    if (ages != nullptr)
      for (int i = 0; i < N; ++i) last_ages_[i] = ages[i];
  }

  sc_core::sc_signal<bool> s_clk_, s_rst_, s_update_;
  sc_core::sc_signal<Port<N>> s_req_, s_gnt_;
  std::unique_ptr<Vtop> rtl_;
  bool started_ = false;
  bool driven_ = false;
  uint64_t last_req_ = 0, last_gnt_ = 0;
  uint32_t last_ages_[N] = {};
  uint64_t last_state_[N] = {};
};

// rtl/lrs_arbiter.sv: prio[N(N-1)/2], bit k(i,j) = 1 when i is ahead of j (i < j).
template <class Vtop, int N>
class LrsArbiterLane final : public ArbiterLaneBase<Vtop, N> {
 public:
  static constexpr int M = N * (N - 1) / 2;
  using Base = ArbiterLaneBase<Vtop, N>;
  LrsArbiterLane(const std::string& name, const SocketOptions& opt)
      : Base(name, opt), s_prio_((name + "_prio").c_str()) {
    this->rtl_->prio(s_prio_);
  }
  unsigned state_words() const override { return N; }
  void evaluate(uint64_t req, const uint32_t* /*ages*/, uint64_t& gnt, uint64_t* state) override {
    this->start();
    if (!this->same_as_last(req, nullptr)) {
      this->s_req_.write(Base::bits(req));
      sc_core::wait(sc_core::SC_ZERO_TIME);
      sc_core::wait(sc_core::SC_ZERO_TIME);
      this->last_gnt_ = field(this->s_gnt_.read(), 0, N);
      const auto prio = s_prio_.read();
      for (int i = 0, k = 0; i < N; ++i) {
        uint64_t row = 0;
        for (int j = i + 1; j < N; ++j, ++k)
          if (prio.get_bit(k)) row |= uint64_t{1} << j;
        this->last_state_[i] = row;
      }
      this->remember(req, nullptr);
    }
    gnt = this->last_gnt_;
    for (int i = 0; i < N; ++i) state[i] = this->last_state_[i];
  }

 private:
  sc_core::sc_signal<Port<M>> s_prio_;
};

// rtl/age_arbiter.sv: age[N*W] (requester i's at [i*W +: W]), ptr.
template <class Vtop, int N, int W>
class AgeArbiterLane final : public ArbiterLaneBase<Vtop, N> {
 public:
  static constexpr int PW = index_width(N);
  using Base = ArbiterLaneBase<Vtop, N>;
  AgeArbiterLane(const std::string& name, const SocketOptions& opt)
      : Base(name, opt), s_age_((name + "_age").c_str()), s_ptr_((name + "_ptr").c_str()) {
    this->rtl_->age(s_age_);
    this->rtl_->ptr(s_ptr_);
  }
  unsigned state_words() const override { return 1; }
  void evaluate(uint64_t req, const uint32_t* ages, uint64_t& gnt, uint64_t* state) override {
    this->start();
    if (!this->same_as_last(req, ages)) {
      BitPacker p(N * W);
      for (int i = 0; i < N; ++i)
        if (((req >> i) & 1u) != 0) p.put(i * W, W, ages[i]);
      Port<N * W> a{};
      p.store(a);
      this->s_req_.write(Base::bits(req));
      s_age_.write(a);
      sc_core::wait(sc_core::SC_ZERO_TIME);
      sc_core::wait(sc_core::SC_ZERO_TIME);
      this->last_gnt_ = field(this->s_gnt_.read(), 0, N);
      this->last_state_[0] = field(s_ptr_.read(), 0, PW);
      this->remember(req, ages);
    }
    gnt = this->last_gnt_;
    state[0] = this->last_state_[0];
  }

 private:
  sc_core::sc_signal<Port<N * W>> s_age_;
  sc_core::sc_signal<Port<PW>> s_ptr_;
};

// The arbiters of one block (lrs_arbiter or age_arbiter) in one router: the mode, the checker,
// the fault.
class ArbiterSocket {
 public:
  // `fault_stage`: 1 the output stage's arbiters, 0 the input stage's (the faulted one).
  ArbiterSocket(const char* block, const SocketOptions& opt, int fault_stage)
      : block_(block), opt_(opt), fault_stage_(fault_stage) {}

  // One arbitration of the arbiter of `stage` (0: input port `index`'s VC arbiter, 1: output
  // port `index`'s arbiter) with requests `req`, the requesters' ages (age_arbiter; nullptr
  // else), the model's grant and state: the allocator's grant.
  int arbitrate(ArbiterLane& lane, int stage, unsigned index, uint64_t req, const uint32_t* ages,
                int model, const uint64_t* model_state) {
    const uint64_t now = socket_cycle();
    if (lane.vcd() != nullptr) lane.vcd()->on_cycle(now);
    uint64_t driven = req;
    if (fault_now(now, stage, index, req)) driven &= ~(uint64_t{1} << model);
    uint64_t gnt = 0;
    uint64_t state[ArbiterLane::kMaxInputs];
    lane.evaluate(driven, ages, gnt, state);
    const std::string at = (stage == 0 ? "in" : "out") + std::to_string(index);
    if (opt_.mode == SocketMode::Shadow) {
      checker_.begin();
      checker_.check((at + "_gnt").c_str(), -1, model < 0 ? 0 : uint64_t{1} << model, gnt);
      const bool lrs = lane.state_words() > 1;
      for (unsigned w = 0; w < lane.state_words(); ++w)
        checker_.check((at + (lrs ? "_prio" : "_ptr")).c_str(), lrs ? static_cast<int>(w) : -1,
                       model_state[w], state[w]);
      if (checker_.failed())
        shadow_failure(opt_.router, block_, now, checker_.diffs(),
                       "inputs (arbiter: req, ages, state)", describe(at, lane, req, ages, state),
                       lane.vcd());
      return model;
    }
    const bool onehot = gnt != 0 && (gnt & (gnt - 1)) == 0;
    std::string bad;
    if (gnt != 0 && !onehot) bad = "gnt is not one-hot";
    if (onehot && (gnt & req) == 0) bad = "gnt names a requester that did not request";
    if (gnt == 0 && req != 0) bad = "gnt is empty with requests";
    if (!bad.empty())
      throw SimulationFailure("router " + std::to_string(opt_.router) + ": " + block_ + " RTL of " +
                              at + " at cycle " + std::to_string(now) + ": " + bad + " (gnt 0x" +
                              hex(gnt) + "); inputs: " + describe(at, lane, req, ages, state));
    return gnt == 0 ? -1 : __builtin_ctzll(gnt);
  }

 private:
  bool fault_now(uint64_t now, int stage, unsigned index, uint64_t req) {
    if (!opt_.fault.armed || fault_done_ || now < opt_.fault.cycle || stage != fault_stage_)
      return false;
    if (opt_.fault.input >= 0 && static_cast<int>(index) != opt_.fault.input) return false;
    if (__builtin_popcountll(req) < 2) return false;  // another requester for the RTL to grant
    fault_done_ = true;
    return true;
  }
  static std::string hex(uint64_t v) {
    static const char* const kHex = "0123456789abcdef";
    std::string s;
    for (; v != 0 || s.empty(); v >>= 4) s.insert(s.begin(), kHex[v & 15]);
    return s;
  }
  static std::string describe(const std::string& at, ArbiterLane& lane, uint64_t req,
                              const uint32_t* ages, const uint64_t* state) {
    std::string s = at + ": req 0x" + hex(req);
    if (ages != nullptr) {
      s += ", ages";
      for (unsigned i = 0; i < lane.size(); ++i)
        s += ((req >> i) & 1u) != 0 ? " " + std::to_string(ages[i]) : std::string(" -");
    }
    if (lane.state_words() > 1) {
      s += ", RTL prio rows";
      for (unsigned w = 0; w < lane.state_words(); ++w) s += " 0x" + hex(state[w]);
    } else {
      s += ", RTL ptr " + std::to_string(state[0]);
    }
    return s;
  }

  const char* block_;
  SocketOptions opt_;
  int fault_stage_;
  Checker checker_;
  bool fault_done_ = false;
};

// The allocator's arbiter of type Model with its instance (bind, before the first evaluation):
// Model's grant, then the block's (ArbiterSocket::arbitrate).
template <class Model>
class SocketedArb {
 public:
  using Base = Model;
  SocketedArb() = default;
  explicit SocketedArb(unsigned n) : model_(model::make_arbiter<Model>(n, 0)) {}

  void bind(std::shared_ptr<ArbiterSocket> socket, std::shared_ptr<ArbiterLane> lane, int stage,
            unsigned index) {
    socket_ = std::move(socket);
    lane_ = std::move(lane);
    stage_ = stage;
    index_ = index;
  }
  unsigned size() const { return model_.size(); }
  void set_age(unsigned i, uint32_t age) { model_.set_age(i, age); }
  // Const as the model arbiters' (model::TransitPriorityArbiter calls its inner one's from its
  // const arbitrate); the instance is reached through the shared pointers.
  int arbitrate(uint64_t req) const {
    req &= size() == 64 ? ~uint64_t{0} : (uint64_t{1} << size()) - 1;
    const int m = model_.arbitrate(req);
    uint64_t state[ArbiterLane::kMaxInputs];
    uint32_t ages[ArbiterLane::kMaxInputs];
    const uint32_t* a = nullptr;
    if constexpr (std::is_same_v<Model, model::AgeArbiter>) {
      state[0] = model_.pointer();
      for (unsigned i = 0; i < size(); ++i) ages[i] = model_.age(i);
      a = ages;
    } else {
      for (unsigned i = 0; i < size(); ++i) {
        uint64_t row = 0;
        for (unsigned j = i + 1; j < size(); ++j)
          if (model_.ahead(i, j)) row |= uint64_t{1} << j;
        state[i] = row;
      }
    }
    return socket_->arbitrate(*lane_, stage_, index_, req, a, m, state);
  }
  void update(unsigned granted) {
    model_.update(granted);
    lane_->clock(granted);
  }
  void reset() { model_.reset(); }

 private:
  Model model_;
  std::shared_ptr<ArbiterSocket> socket_;
  std::shared_ptr<ArbiterLane> lane_;
  int stage_ = 0;
  unsigned index_ = 0;
};

using SocketedLrs = SocketedArb<model::LrsArbiter>;
using SocketedAge = SocketedArb<model::AgeArbiter>;
using SocketedTransitLrs = model::TransitPriorityArbiter<SocketedLrs>;

}  // namespace netcosim::sc

namespace netcosim::model {

template <>
struct ReadsAges<sc::SocketedAge> : std::true_type {};
template <>
inline sc::SocketedTransitLrs make_arbiter<sc::SocketedTransitLrs>(unsigned n, uint64_t transit) {
  return sc::SocketedTransitLrs(n, transit);
}

}  // namespace netcosim::model

namespace netcosim::sc {

// One block's arbiters in one router: its socket (nullptr: the block is not socketed, the
// model's arbiters run alone) and the instance of each arbiter (stage, index, N requesters).
struct ArbiterBlock {
  std::shared_ptr<ArbiterSocket> socket;
  std::function<std::shared_ptr<ArbiterLane>(int stage, unsigned index, unsigned n)> lane;
};

namespace detail {

template <class A>
void bind_arbiter(A& a, int stage, unsigned index, unsigned n, const ArbiterBlock& lrs,
                  const ArbiterBlock& age) {
  if constexpr (std::is_same_v<A, SocketedLrs>) {
    a.bind(lrs.socket, lrs.lane(stage, index, n), stage, index);
  } else if constexpr (std::is_same_v<A, SocketedAge>) {
    a.bind(age.socket, age.lane(stage, index, n), stage, index);
  } else if constexpr (std::is_same_v<A, SocketedTransitLrs>) {
    bind_arbiter(a.inner(), stage, index, n, lrs, age);
  }
}

template <class In, class Out>
std::unique_ptr<model::AllocatorCore> build(const RouterModel::SwitchAllocatorShape& s,
                                            uint64_t transit, const ArbiterBlock& lrs,
                                            const ArbiterBlock& age) {
  auto a = std::make_unique<model::SeparableAllocatorT<In, Out>>(s.inputs, s.vcs, s.outputs,
                                                                 s.iterations, transit);
  for (unsigned i = 0; i < s.inputs; ++i) bind_arbiter(a->input_arbiter(i), 0, i, s.vcs, lrs, age);
  for (unsigned o = 0; o < s.outputs; ++o)
    bind_arbiter(a->output_arbiter(o), 1, o, s.inputs, lrs, age);
  return a;
}

template <class Out>
std::unique_ptr<model::AllocatorCore> with_input(ArbPolicy in,
                                                 const RouterModel::SwitchAllocatorShape& s,
                                                 uint64_t transit, const ArbiterBlock& lrs,
                                                 const ArbiterBlock& age) {
  // As make_policy_allocator (sim/router/cioq/arbitration.cpp): at the input stage a transit
  // policy is its inner arbiter.
  switch (in) {
    case ArbPolicy::Lrs:
    case ArbPolicy::TransitLrs:
      return lrs.socket ? build<SocketedLrs, Out>(s, transit, lrs, age)
                        : build<model::LrsArbiter, Out>(s, transit, lrs, age);
    case ArbPolicy::Age:
      return age.socket ? build<SocketedAge, Out>(s, transit, lrs, age)
                        : build<model::AgeArbiter, Out>(s, transit, lrs, age);
    case ArbPolicy::Rr:
    case ArbPolicy::TransitRr:
      break;
  }
  return build<model::RoundRobinArbiter, Out>(s, transit, lrs, age);
}

}  // namespace detail

// The allocator of the policy pair (make_policy_allocator's), with SocketedArb at the arbiters
// of the socketed blocks (`lrs`, `age`: socket nullptr when not socketed); `transit`: bit i set
// when input i is a transit input (not an injection port), as the router sets it.
inline std::unique_ptr<model::AllocatorCore> make_socketed_allocator(
    ArbPolicy in, ArbPolicy out, const RouterModel::SwitchAllocatorShape& s, uint64_t transit,
    const ArbiterBlock& lrs, const ArbiterBlock& age) {
  using namespace model;
  switch (out) {
    case ArbPolicy::Lrs:
      return lrs.socket ? detail::with_input<SocketedLrs>(in, s, transit, lrs, age)
                        : detail::with_input<LrsArbiter>(in, s, transit, lrs, age);
    case ArbPolicy::TransitLrs:
      return lrs.socket ? detail::with_input<SocketedTransitLrs>(in, s, transit, lrs, age)
                        : detail::with_input<TransitLrsArbiter>(in, s, transit, lrs, age);
    case ArbPolicy::TransitRr:
      return detail::with_input<TransitRrArbiter>(in, s, transit, lrs, age);
    case ArbPolicy::Age:
      return age.socket ? detail::with_input<SocketedAge>(in, s, transit, lrs, age)
                        : detail::with_input<AgeArbiter>(in, s, transit, lrs, age);
    case ArbPolicy::Rr:
      break;
  }
  return detail::with_input<RoundRobinArbiter>(in, s, transit, lrs, age);
}

}  // namespace netcosim::sc
