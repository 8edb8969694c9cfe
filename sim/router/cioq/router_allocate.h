// The CIOQ router's allocation phase (phase 2 of its cycle; docs/model.md "Router timing"):
// routing at the head of each ready input VC, the VC selector's choice among the VCs the route
// allows, requests, separable allocation and the crossbar transfers of the grants. It is a
// template on the VC selector (sim/blocks/vc_selector.h), instantiated when the router is built
// (CioqRouter::use_vc_selector): router.cpp instantiates the library's selectors, and a test may
// instantiate its own by including this file.
#pragma once

#include <cassert>
#include <cstring>
#include <stdexcept>
#include <type_traits>

#include "sim/router/cioq/router.h"

namespace netcosim {

// Routes every ready head of a free input port (once, or every cycle when adaptive) and requests
// its output when the output can take the packet now: the FIFO's write side free, room for the
// packet in the FIFO, and a VC among those the route allows with credits for it downstream,
// chosen by the selector Sel and kept for the grant. Returns true if any head requested.
// kWaits: each ready head that does not request is counted with its reason (count_wait), and the
// ones that request are noted for count_requests.
template <class Credits>
template <class Sel, bool kPolicy, bool kGate, bool kWaits, class Alloc>
bool CioqRouter<Credits>::request_heads(Alloc& a, Cycle now) {
  bool any = false;
  for (uint64_t ports = in_.port_mask(); ports != 0; ports &= ports - 1) {
    const uint32_t i = static_cast<uint32_t>(__builtin_ctzll(ports));
    if (in_.busy_until(i) > now) {
      if constexpr (kWaits) count_busy_heads(i, now);
      continue;
    }
    for (uint32_t m = in_.vc_mask(i); m != 0; m &= m - 1) {
      const uint32_t v = static_cast<uint32_t>(__builtin_ctz(m));
      StaticInputUnit::VcBuffer& b = in_.vc(i, v);
      if (b.head_ready > now) continue;
      if (!b.routed || adaptive_) route_head(i, v, b, now);
      const uint32_t o = b.out_port;
      if (!out_.can_accept(o, now, cfg_.buffer_output, S_)) {
        if constexpr (kWaits) count_wait(i, v, o, HeadWait::OutputRoom);
        continue;
      }
      if (!is_injection_[o]) {
        const int vc = select_vc<Sel>(o, b.out_vcs);
        if (vc != kNoVc) {
          b.out_vc = static_cast<uint8_t>(vc);
        } else if (!in_.route(i, v).opportunistic || !revert_to_escape<Sel>(i, v, b, now)) {
          // A FlexVC escape that cannot be requested either waits for its own output's room or
          // its credits (revert_to_escape has set b.out_port to it).
          if constexpr (kWaits)
            count_wait(i, v, b.out_port,
                       out_.can_accept(b.out_port, now, cfg_.buffer_output, S_)
                           ? HeadWait::Credits
                           : HeadWait::OutputRoom);
          continue;
        }
      }
      // A bounded reply queue (traffic.reply_queue; thesis 000 Sec. 1.3, Fig. 1.12): a request
      // enters the ejection only when its NIC has room for its reply; until then it stays in
      // this input VC and holds its credits upstream.
      if constexpr (kGate) {
        const Nic* nic = nics_.by_port[b.out_port];
        if (is_injection_[b.out_port] && nic != nullptr && nic->reply_limit != 0 &&
            in_.head(b).cls == Packet::kRequest && !nic->reply_fits(now)) {
          if constexpr (kWaits) count_wait(i, v, b.out_port, HeadWait::ReplyGate);
          continue;
        }
      }
      a.request(i, v, b.out_port);
      if constexpr (kWaits) waits_->requested[i] |= uint32_t{1} << v;
      // An age arbiter's age: cycles since the packet's timestamp (seed 004 Sec. 4.2; larger is
      // older). 32 bits hold any age of a run (limited to 2^31 cycles).
      if constexpr (kPolicy) {
        if (ages_) {
          const Packet& p = in_.head(b);
          a.request_age(i, v, now - (age_from_injection_ ? p.t_inject : p.t_gen));
        }
      }
      any = true;
    }
  }
  return any;
}

// FlexVC (seed 002 Sec. III-B): an opportunistic hop none of whose VCs has room for the whole
// packet now reverts the packet to its safe escape path (RoutingAlgorithm::escape), which it keeps
// until a later route (adaptive routings route again every cycle). Returns true when the escape's
// hop can be requested now (its VC chosen).
template <class Credits>
template <class Sel>
bool CioqRouter<Credits>::revert_to_escape(uint32_t i, uint32_t v, StaticInputUnit::VcBuffer& b,
                                           Cycle now) {
  view_.in_port = i;
  view_.in_vc = v;
  view_.now = now;
  const RouteResult r = routing_.escape(view_, in_.head(b));
  std::memcpy(&in_.route(i, v), &r, sizeof r);
  b.out_port = r.port;
  b.out_vcs = r.vcs;
  b.out_vc = static_cast<uint8_t>(r.lowest_vc());
  if (!out_.can_accept(r.port, now, cfg_.buffer_output, S_)) return false;
  if (is_injection_[r.port]) return true;
  const int vc = select_vc<Sel>(r.port, r.vcs);
  if (vc == kNoVc) return false;
  b.out_vc = static_cast<uint8_t>(vc);
  return true;
}

// The selection of output `o`'s VC (sim/blocks/vc_selector.h). SocketedVc<M> is instantiated only
// with a VC selector block set (set_vc_selector_block): M chooses as natively, and the block,
// given the same inputs and M's choice, returns the VC (the RTL's in strict mode, M's in shadow).
template <class Credits>
template <class Sel>
inline int CioqRouter<Credits>::select_vc(uint32_t o, uint32_t allowed) {
  if constexpr (IsSocketedVc<Sel>::value) {
    const int m = Sel::Base::select(credits_[o], allowed, S_, rng_);
    return vc_block_->select(o, credits_[o], allowed, S_, m);
  } else {
    return Sel::select(credits_[o], allowed, S_, rng_);
  }
}

template <class Credits>
inline void CioqRouter<Credits>::route_head(uint32_t i, uint32_t v, StaticInputUnit::VcBuffer& b,
                                            Cycle now) {
  view_.in_port = i;
  view_.in_vc = v;
  view_.now = now;
  const RouteResult r = routing_.route(view_, in_.head(b), rng_);
  // A whole-object copy: a member-wise one stalled on store forwarding (padding bytes).
  std::memcpy(&in_.route(i, v), &r, sizeof r);
  b.out_port = r.port;
  b.out_vcs = r.vcs;
  b.out_vc = static_cast<uint8_t>(r.lowest_vc());  // until the selector chooses (diagnostics)
  b.routed = true;
}

// The allocator's grants, one per granted input port. Returns true if any.
template <class Credits>
template <class Alloc>
inline bool CioqRouter<Credits>::grant(const Alloc& a, Cycle now) {
  uint64_t g = a.granted_inputs();
  const bool moved = g != 0;
  if (reply_gate_ && moved) [[unlikely]]
    reserve_replies(a);
  for (; g != 0; g &= g - 1) {
    const uint32_t i = static_cast<uint32_t>(__builtin_ctzll(g));
    commit(i, a.grant_vc(i), a.grant_out(i), now);
  }
  return moved;
}

template <class Credits>
template <class Alloc>
void CioqRouter<Credits>::reserve_replies(const Alloc& a) {
  for (uint64_t g = a.granted_inputs(); g != 0; g &= g - 1) {
    const uint32_t i = static_cast<uint32_t>(__builtin_ctzll(g));
    const uint32_t o = a.grant_out(i);
    Nic* nic = nics_.by_port[o];
    if (!is_injection_[o] || nic == nullptr || nic->reply_limit == 0) continue;
    if (in_.head(in_.vc(i, a.grant_vc(i))).cls == Packet::kRequest)
      nic->reply_held += nic->reply_size;
  }
}

// A grant: the head leaves its input VC, takes its route's state changes, and crosses the
// crossbar, which occupies the input and the output write side for X cycles and delivers it to
// the output FIFO after xbar_latency; its tail leaves the input buffer when the transfer ends,
// and the credit goes upstream then.
template <class Credits>
inline void CioqRouter<Credits>::commit(uint32_t i, uint32_t v, uint32_t o, Cycle now) {
  // head_until_tail: the port's previous packet may still be counted (its tail not yet arrived);
  // it stays counted until then, beside this new transfer (SensorSet::defer_tail).
  if (count_until_tail_) sensors_.defer_tail(i, leaving_vc_[i]);
  const RouteResult r = in_.route(i, v);
  StaticInputUnit::VcBuffer& b = in_.vc(i, v);
  Packet pkt = in_.head(b);
  const uint32_t min_out = b.min_out, out_vc = b.out_vc;
  const Cycle arrived = b.head_ready - cfg_.latency;
  // The transfer's end: X cycles after the grant, or (router.xbar_until_tail) not before the
  // tail has arrived, S cycles after the head (FOGSim's transfer length; docs/model.md 2.1).
  const Cycle end = xbar_until_tail_ && arrived + S_ > now + X_ ? arrived + S_ : now + X_;
  in_.pop(i, v);
  if (counting_) {  // the packet stays counted until its tail has left, at `end`
    if (count_queued_) {
      sensors_.head_granted(i, routing_.minimal_output(id_, pkt), pkt.dst, end);
    } else {
      assert(min_out != StaticInputUnit::kNotCounted && "a head is counted before its grant");
      // head_until_tail: until its tail has arrived, S cycles after its head, if later.
      const Cycle tail = count_until_tail_ && arrived + S_ > end ? arrived + S_ : end;
      sensors_.head_granted(i, min_out, pkt.dst, tail);
      leaving_vc_[i] = static_cast<uint8_t>(v);  // its next header counts from then on
    }
  }
  if (vc_check_ != nullptr)
    check_vc_order(*vc_check_, routing_.name(), id_, i, cfg_.classes[i], v, o, cfg_.classes[o],
                   out_vc, r, pkt, now);
  // minCred: the credit for this input buffer carries whether the packet came in minimal (its
  // marks before this hop's effects, as the upstream router counted it).
  const bool came_minimal = mincred_ && (pkt.marks & Packet::kNonminimal) == 0;
  apply_route(pkt, r, i, o);
  in_.set_busy_until(i, end);
  out_.write(o, pkt, out_vc, now, static_cast<uint32_t>(end - now), now + cfg_.xbar_latency, S_);
  if (!is_injection_[o]) {
    credits_[o].consume(out_vc, S_);
    if (mincred_) [[unlikely]]
      count_minimal_grant(pkt, o, out_vc);
  }
  Link* L = in_link_[i];
  L->push_credit(CreditMsg{
      end + L->credit_latency,
      static_cast<uint8_t>(v | (came_minimal && !is_injection_[i] ? CreditMsg::kMinimal : 0)),
      static_cast<uint16_t>(S_)});
}

// minCred (thesis 000 Sec. 5.2.4): a granted packet that is minimal after the hop's effects
// counts in its output VC's minimal-only occupancy until its flagged credit returns.
template <class Credits>
void CioqRouter<Credits>::count_minimal_grant(const Packet& pkt, uint32_t o, uint32_t out_vc) {
  if ((pkt.marks & Packet::kNonminimal) == 0) min_occupancy_[size_t{o} * V_ + out_vc] += S_;
}

// The routing word's changes of a granted hop (Packet::route), its hop counts and its misrouting
// marks.
template <class Credits>
inline void CioqRouter<Credits>::apply_route(Packet& pkt, const RouteResult& r, uint32_t i,
                                             uint32_t o) const {
  // A phase change takes effect before this hop's own effects: when the hop leaving the
  // intermediate router is global, it is the global hop of the new phase (docs/model.md §4).
  RoutingWord& w = pkt.route;
  if (r.set_phase != 0xff && r.set_phase != w.phase) {
    w.phase = r.set_phase;
    w.flags &= static_cast<uint8_t>(~Packet::kGlobalDoneInPhase);
  }
  const PortClass c = cfg_.classes[o];
  if (c != kInjectionClass) {
    pkt.add_hop(c);
    if (c == single_hop_class_) w.flags |= Packet::kGlobalDoneInPhase;
  }
  if (r.nonminimal || r.nonminimal_decision) note_nonminimal(pkt, r, i, o);
  w.flags = static_cast<uint8_t>((w.flags | r.set_flags) & ~r.clear_flags);
  if (r.set_intermediate != kNone) w.intermediate = r.set_intermediate;
}

// Phase 2: routing at the head of each ready input VC, requests, separable allocation, and the
// crossbar transfers of the grants.
template <class Credits>
template <class Sel, bool kPolicy, bool kCreditEdge, bool kWaits>
bool CioqRouter<Credits>::allocate(Cycle now) {
  if constexpr (kWaits) {  // outside the counted cycles, the function of a run without counters
    if (now < waits_->start || now >= waits_->end) return (this->*uncounted_)(now);
  }
  if constexpr (kPolicy) {
    // The grants are read after the update, which moves only the arbiters' state.
    model::AllocatorCore& a = *policy_alloc_;
    a.clear_requests();
    if (!(reply_gate_ ? request_heads<Sel, true, true, kWaits>(a, now)
                      : request_heads<Sel, true, false, kWaits>(a, now)))
      return false;
    a.evaluate_and_update();
    if constexpr (kCreditEdge) note_consumes(a, now);
    if constexpr (kWaits) count_requests(a);
    return grant(a, now);
  } else {
    alloc_.clear_requests();
    if (!(reply_gate_ ? request_heads<Sel, false, true, kWaits>(alloc_, now)
                      : request_heads<Sel, false, false, kWaits>(alloc_, now)))
      return false;
    alloc_.evaluate();
    if constexpr (kCreditEdge) note_consumes(alloc_, now);
    if constexpr (kWaits) count_requests(alloc_);
    const bool moved = grant(alloc_, now);
    alloc_.update();
    return moved;
  }
}

// The consumes of this cycle's grants (kCreditEdge), before commit() takes the heads out: each
// grant to an output with a downstream buffer consumes the packet's phits on the VC its head chose.
// The output is marked in the credit wheel's next slot: the router steps then, and its receive
// phase reaches the edge (take_credits_edged) with these consumes.
template <class Credits>
template <class Alloc>
void CioqRouter<Credits>::note_consumes(const Alloc& a, Cycle now) {
  model::CreditCountersEdge::Events& ev = credit_edge_->events();
  for (uint64_t g = a.granted_inputs(); g != 0; g &= g - 1) {
    const uint32_t i = static_cast<uint32_t>(__builtin_ctzll(g));
    const uint32_t o = a.grant_out(i);
    if (is_injection_[o]) continue;
    ev.consume(o, in_.vc(i, a.grant_vc(i)).out_vc, S_);
    credit_wheel_.mark(now + 1, o);
  }
}

// The selectors and credit models the head-wait counters are instantiated for (router_waits.cpp).
template <class Sel>
inline constexpr bool kCountingSelector =
    std::is_same_v<Sel, HighestVc> || std::is_same_v<Sel, LowestVc> ||
    std::is_same_v<Sel, RandomVc> || std::is_same_v<Sel, JsqVc>;
template <class Credits>
inline constexpr bool kCountingCredits =
    std::is_same_v<Credits, model::StaticCredits> || std::is_same_v<Credits, model::DamqCredits>;

template <class Credits>
template <class Sel>
void CioqRouter<Credits>::use_vc_selector() {
  allocate_ = policy_alloc_ != nullptr ? &CioqRouter::template allocate<Sel, true, false>
                                       : &CioqRouter::template allocate<Sel, false, false>;
  if constexpr (std::is_same_v<Credits, model::StaticCredits>) {
    if (credit_edge_ != nullptr)
      allocate_ = policy_alloc_ != nullptr ? &CioqRouter::template allocate<Sel, true, true>
                                           : &CioqRouter::template allocate<Sel, false, true>;
  }
  if (waits_ == nullptr) return;
  // enable_head_waits: the counting function, which calls this one outside the window.
  if constexpr (kCountingSelector<Sel> && kCountingCredits<Credits>) {
    if (credit_edge_ == nullptr) {
      uncounted_ = allocate_;
      use_counting_allocate<Sel>();
      return;
    }
  }
  throw std::logic_error(
      "CioqRouter: the head-wait counters are not instantiated for this allocation function");
}

}  // namespace netcosim
