// Input-first separable allocator: the block model of rtl/sep_alloc_if.sv.
//
// Source: thesis 000 Sec. 1.1 and Sec. 1.6.3 (FOGSim): one arbiter per input port chooses among
// that port's requesting VCs; one arbiter per output port chooses among the inputs whose winning
// VC requests it (an output arbiter sees at most one request per input); round-robin priorities
// rotate only on a grant. Iterations: FOGSim's ArbiterIterations (docs/model.md, "Allocator").
//
// Port list (RTL, P inputs x V VCs, Q outputs, I iterations):
//   in : req_valid[P*V], req_out[P*V] (output index of each VC's request), update
//   out: gnt_valid[P], gnt_vc[P], gnt_out[P] (combinational)
//   state: one V-input pointer per input port, one P-input pointer per output port.
// Semantics of one cycle (evaluate() is combinational, update() is the clock edge):
//   matched_in = matched_out = 0
//   for it in 0..I-1:
//     for each unmatched input i: w[i] = in_arb[i].arbitrate({v : req_valid[i][v] and
//                                                           req_out[i][v] not in matched_out})
//     for each unmatched output o: g = out_arb[o].arbitrate({i unmatched : w[i] requests o})
//                                  grant (g, w[g], o); mark g and o matched
//   update: for every grant (i, v, o): in_arb[i].update(v); out_arb[o].update(i)
// All iterations read the pointers held in the registers at the start of the cycle (but with
// kInOnRequest, below, where the input arbiters move as they pick).
//
// Arbitration policies (thesis 000 Sec. 1.6.3: FOGSim sets the input and the output arbitration
// separately; docs/model.md "Arbiters"): the allocator is a template on its input arbiter type
// (per input port, among the VCs) and its output arbiter type (per output port, among the
// inputs), chosen at build time: RoundRobinArbiter (the RTL's, the default), LrsArbiter,
// TransitPriorityArbiter<RR|LRS> (outputs: transit inputs before injection inputs) and
// AgeArbiter (oldest request first, ties round-robin). Every one moves its state only for an
// accepted grant (update), as rr does. An age arbiter reads the age of each request, given with
// request_age(); the other arbiters never read it. AllocatorCore holds the requests and grants,
// the same for every policy, so that a router can fill one allocator whatever its arbiters and
// evaluate it with one call per cycle (evaluate_any; evaluate() itself is not virtual).
#pragma once

#include <cassert>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "sim/blocks/age_arbiter.h"
#include "sim/blocks/lrs_arbiter.h"
#include "sim/blocks/rr_arbiter.h"
#include "sim/blocks/transit_priority_arbiter.h"

namespace netcosim::model {

// How an arbiter of each type is built for n requesters; `transit`: the transit requesters
// (TransitPriorityArbiter only). Ages are 32 bits wide (router ages are cycle counts).
template <class A>
inline A make_arbiter(unsigned n, uint64_t /*transit*/) {
  return A(n);
}
template <>
inline AgeArbiter make_arbiter<AgeArbiter>(unsigned n, uint64_t /*transit*/) {
  return AgeArbiter(n, AgeArbiter::kMaxAgeBits);
}
template <>
inline TransitRrArbiter make_arbiter<TransitRrArbiter>(unsigned n, uint64_t transit) {
  return TransitRrArbiter(n, transit);
}
template <>
inline TransitLrsArbiter make_arbiter<TransitLrsArbiter>(unsigned n, uint64_t transit) {
  return TransitLrsArbiter(n, transit);
}
template <>
inline TransitRrPerClassArbiter make_arbiter<TransitRrPerClassArbiter>(unsigned n,
                                                                       uint64_t transit) {
  return TransitRrPerClassArbiter(n, transit);
}

// Whether an arbiter type reads the requests' ages (set_age before arbitrate): AgeArbiter, and any
// type that wraps one (the in-network block socket's, systemc/rtl/arbiter_socket.h).
template <class A>
struct ReadsAges : std::is_same<A, AgeArbiter> {};

// The requests and grants of a separable allocator: the port list, the same for every policy.
class AllocatorCore {
 public:
  static constexpr unsigned kMaxPorts = 64;
  static constexpr unsigned kMaxVcs = 32;

  AllocatorCore() = default;
  AllocatorCore(unsigned inputs, unsigned vcs, unsigned outputs, unsigned iterations)
      : inputs_(inputs),
        vcs_(vcs),
        outputs_(outputs),
        iterations_(iterations),
        req_vc_mask_(inputs, 0),
        req_out_(static_cast<size_t>(inputs) * vcs, 0),
        gnt_vc_(inputs, 0),
        gnt_out_(inputs, 0),
        winner_(inputs, -1) {
    assert(inputs >= 1 && inputs <= kMaxPorts && outputs >= 1 && outputs <= kMaxPorts);
    assert(vcs >= 1 && vcs <= kMaxVcs && iterations >= 1);
  }
  AllocatorCore(const AllocatorCore&) = default;
  AllocatorCore& operator=(const AllocatorCore&) = default;
  virtual ~AllocatorCore() = default;

  unsigned inputs() const { return inputs_; }
  unsigned vcs() const { return vcs_; }
  unsigned outputs() const { return outputs_; }
  unsigned iterations() const { return iterations_; }

  // ---- request inputs (req_valid / req_out) ----
  // Cost is proportional to the inputs that requested, so the network model can call it every
  // cycle.
  void clear_requests() {
    uint64_t m = active_inputs_;
    while (m != 0) {
      const unsigned i = __builtin_ctzll(m);
      m &= m - 1;
      req_vc_mask_[i] = 0;
    }
    active_inputs_ = 0;
  }
  void request(unsigned in, unsigned vc, unsigned out) {
    assert(in < inputs_ && vc < vcs_ && out < outputs_);
    req_vc_mask_[in] |= uint32_t{1} << vc;
    req_out_[in * vcs_ + vc] = static_cast<uint8_t>(out);
    active_inputs_ |= uint64_t{1} << in;
  }
  bool requested(unsigned in, unsigned vc) const { return (req_vc_mask_[in] >> vc) & 1u; }
  unsigned requested_output(unsigned in, unsigned vc) const { return req_out_[in * vcs_ + vc]; }
  // The age of the request of (in, vc) (larger: older), read by age arbiters only; an allocator
  // with an age arbiter holds the ages (has_ages), the others none.
  bool has_ages() const { return !req_age_.empty(); }
  void request_age(unsigned in, unsigned vc, uint32_t age) {
    assert(has_ages());
    req_age_[in * vcs_ + vc] = age;
  }
  uint32_t requested_age(unsigned in, unsigned vc) const {
    return req_age_.empty() ? 0 : req_age_[in * vcs_ + vc];
  }

  // One cycle of the policy's allocator (evaluate, then update: the grant outputs stay readable
  // until the next cycle's evaluation), for a caller that holds an allocator of any policy: one
  // virtual call per cycle, none per request.
  virtual void evaluate_and_update() = 0;

  // ---- grant outputs ----
  uint64_t granted_inputs() const { return granted_inputs_; }
  bool granted(unsigned in) const { return (granted_inputs_ >> in) & 1u; }
  unsigned grant_vc(unsigned in) const { return gnt_vc_[in]; }
  unsigned grant_out(unsigned in) const { return gnt_out_[in]; }

 protected:
  unsigned inputs_ = 0, vcs_ = 0, outputs_ = 0, iterations_ = 1;
  uint64_t active_inputs_ = 0;
  uint64_t granted_inputs_ = 0;
  std::vector<uint32_t> req_vc_mask_;
  std::vector<uint8_t> req_out_;
  std::vector<uint32_t> req_age_;
  std::vector<uint8_t> gnt_vc_, gnt_out_;
  std::vector<int> winner_;
  uint64_t out_req_[kMaxPorts] = {};
};

// kInOnRequest (router.input_arbiter_update=request): an input arbiter moves its state past the
// VC it picks as soon as that VC requests its output, in the same iteration, whether or not the
// output grants it; the next iteration and the next cycle start after it. This is FOGSim's input
// stage (public FOGSim, switch/arbiter/cosArbiter.cc: action() marks the port served when its
// petition is placed; thesis 000 Sec. 1.6.3: "a VC counts as attended as soon as it places a
// request"). Off (the default and the RTL's), the input arbiters move only on an accepted grant.
template <class InArb = RoundRobinArbiter, class OutArb = RoundRobinArbiter,
          bool kInOnRequest = false>
class SeparableAllocatorT final : public AllocatorCore {
 public:
  using InputArbiter = InArb;
  using OutputArbiter = OutArb;

  SeparableAllocatorT() = default;
  // `transit`: the inputs that are transit inputs (bit i: input i), for transit-priority output
  // arbiters; the others ignore it.
  SeparableAllocatorT(unsigned inputs, unsigned vcs, unsigned outputs, unsigned iterations,
                      uint64_t transit = 0)
      : AllocatorCore(inputs, vcs, outputs, iterations),
        in_arb_(inputs, make_arbiter<InArb>(vcs, 0)),
        out_arb_(outputs, make_arbiter<OutArb>(inputs, transit)) {
    if (kInAge || kOutAge) req_age_.assign(static_cast<size_t>(inputs) * vcs, 0);
  }

  void evaluate_and_update() override {
    evaluate();
    update();
  }

  // ---- combinational evaluation: fills the grant outputs from requests and pointers ----
  // Forced inline (and update()): the router's round-robin path inlines them into its allocation
  // phase; left to the compiler, the extra policy code in the router's unit made it call them
  // (cachegrind on h8: +9 M instructions).
  [[gnu::always_inline]] inline void evaluate() {
    granted_inputs_ = 0;
    uint64_t matched_out = 0;
    for (unsigned it = 0; it < iterations_; ++it) {
      // Input stage: each unmatched input with requests picks one VC among those whose output is
      // still free. Output stage sees, per output, the set of inputs whose winner requests it.
      uint64_t out_has_req = 0;
      uint64_t pending = active_inputs_ & ~granted_inputs_;
      while (pending != 0) {
        const unsigned i = __builtin_ctzll(pending);
        pending &= pending - 1;
        uint32_t cand = 0;
        uint32_t m = req_vc_mask_[i];
        while (m != 0) {
          const unsigned v = __builtin_ctz(m);
          m &= m - 1;
          if (((matched_out >> req_out_[i * vcs_ + v]) & 1u) == 0) cand |= uint32_t{1} << v;
        }
        if constexpr (kInAge) {
          for (uint32_t c = cand; c != 0; c &= c - 1) {
            const unsigned v = __builtin_ctz(c);
            in_arb_[i].set_age(v, requested_age(i, v));
          }
        }
        const int w = in_arb_[i].arbitrate(cand);
        winner_[i] = w;
        if (w >= 0) {
          if constexpr (kInOnRequest) in_arb_[i].update(static_cast<unsigned>(w));
          const unsigned o = req_out_[i * vcs_ + static_cast<unsigned>(w)];
          if (((out_has_req >> o) & 1u) == 0) {
            out_has_req |= uint64_t{1} << o;
            out_req_[o] = 0;
          }
          out_req_[o] |= uint64_t{1} << i;
        }
      }
      if (out_has_req == 0) break;  // no further iteration can grant anything
      while (out_has_req != 0) {
        const unsigned o = __builtin_ctzll(out_has_req);
        out_has_req &= out_has_req - 1;
        if constexpr (kOutAge) {
          for (uint64_t r = out_req_[o]; r != 0; r &= r - 1) {
            const unsigned i = __builtin_ctzll(r);
            out_arb_[o].set_age(i, requested_age(i, static_cast<unsigned>(winner_[i])));
          }
        }
        const int g = out_arb_[o].arbitrate(out_req_[o]);
        assert(g >= 0);
        const unsigned gi = static_cast<unsigned>(g);
        granted_inputs_ |= uint64_t{1} << gi;
        matched_out |= uint64_t{1} << o;
        gnt_vc_[gi] = static_cast<uint8_t>(winner_[gi]);
        gnt_out_[gi] = static_cast<uint8_t>(o);
      }
    }
  }

  // ---- clock edge: pointers advance past the granted requester, only for grants ----
  [[gnu::always_inline]] inline void update() {
    uint64_t g = granted_inputs_;
    while (g != 0) {
      const unsigned i = __builtin_ctzll(g);
      g &= g - 1;
      if constexpr (!kInOnRequest) in_arb_[i].update(gnt_vc_[i]);
      out_arb_[gnt_out_[i]].update(i);
    }
  }

  void reset() {
    for (auto& a : in_arb_) a.reset();
    for (auto& a : out_arb_) a.reset();
    clear_requests();
    granted_inputs_ = 0;
  }

  // State inspection (co-simulation compares these with the RTL's pointer registers; round-robin
  // and age arbiters only).
  unsigned input_pointer(unsigned in) const { return in_arb_[in].pointer(); }
  unsigned output_pointer(unsigned out) const { return out_arb_[out].pointer(); }
  const InArb& input_arbiter(unsigned in) const { return in_arb_[in]; }
  const OutArb& output_arbiter(unsigned out) const { return out_arb_[out]; }
  // Before the first evaluation: an arbiter's connection to its socket (systemc/rtl/).
  InArb& input_arbiter(unsigned in) { return in_arb_[in]; }
  OutArb& output_arbiter(unsigned out) { return out_arb_[out]; }

 private:
  static constexpr bool kInAge = ReadsAges<InArb>::value;
  static constexpr bool kOutAge = ReadsAges<OutArb>::value;

  std::vector<InArb> in_arb_;
  std::vector<OutArb> out_arb_;
};

// The allocator of rtl/sep_alloc_if.sv: round-robin at both stages.
using SeparableAllocator = SeparableAllocatorT<RoundRobinArbiter, RoundRobinArbiter>;

}  // namespace netcosim::model
