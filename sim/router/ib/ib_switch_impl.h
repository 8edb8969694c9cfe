// The definitions of the InfiniBand and Omni-Path switches (VlSwitch, ib_switch.h): included by
// ib_switch.cpp, which instantiates the switches without counters, and by ib_switch_waits.cpp,
// which instantiates the counting ones (kWaits; netcosim run --waits, docs/model.md "Head waits").
#pragma once

#include "sim/router/ib/ib_switch.h"

#include <algorithm>
#include <stdexcept>
#include <type_traits>

#include "sim/router/vl/rr_sl_scheduler.h"
#include "sim/router/vl/table_schedulers.h"

namespace netcosim {

namespace vl_switch_detail {
// Schedulers that serve SLs take the SL of each VL's head (sim/router/vl/table_schedulers.h).
template <class S, class = void>
struct TakesHeadSl : std::false_type {};
template <class S>
struct TakesHeadSl<S, std::void_t<decltype(S::kTakesHeadSl)>> : std::true_type {};
// The switch's RNG stream (sim/util/rng.h): stream 2, index the router id, as the CIOQ router's.
constexpr uint64_t kSwitchRngStream = 2;
}  // namespace vl_switch_detail
using vl_switch_detail::kSwitchRngStream;
using vl_switch_detail::TakesHeadSl;

template <class Sched, bool kOpa, bool kWaits>
VlSwitch<Sched, kOpa, kWaits>::VlSwitch(uint32_t id, const VlSwitchConfig& cfg,
                                        const RoutingAlgorithm& routing, const Topology& topo,
                                        uint64_t seed, uint32_t wheel_size, uint32_t iterations)
    : id_(id),
      cfg_(cfg),
      routing_(routing),
      rng_(seed, kSwitchRngStream, id),
      P_(cfg.radix()),
      V_(cfg.vls),
      single_hop_class_(topo.single_hop_class()),
      in_link_(P_, nullptr),
      out_link_(P_, nullptr),
      heads_(size_t{P_} * V_),
      requested_(P_, 0),
      alloc_(P_, V_, P_, iterations),
      credits_(P_),
      nic_credits_(P_),
      out_space_(P_, model::SharedVlCredits(cfg.out_buffer)),
      in_busy_(P_, 0),
      out_busy_(P_, 0),
      link_free_(P_, 0),
      tx_release_(P_, 0),
      tx_vl_(P_, 0),
      tx_phits_(P_, 0),
      next_candidate_(size_t{P_} * kMaxSls, 0),
      no_levels_(size_t{P_}),
      nics_(P_, nullptr),
      nic_wake_(P_, kNone) {
  assert(P_ <= 64 && V_ <= model::CreditLevels::kMaxVcs);
  data_wheel_.init(wheel_size);
  credit_wheel_.init(wheel_size);
  // A VL's FIFO holds as many of the smallest packets of the SLs that use it as the VL may hold
  // flits (vl_fifo_capacity).
  in_.init(P_, V_, vl_fifo_capacity(cfg, cfg.in_buffer.vl_max));
  out_.init(P_, V_, vl_fifo_capacity(cfg, cfg.out_buffer.vl_max));
  if (kOpa) {
    const uint32_t mports = (P_ + kMPortPorts - 1) / kMPortPorts, C = 2 * mports;
    central_.init(C, V_, vl_fifo_capacity(cfg, cfg.central_buffer.vl_max));
    central_space_.assign(C, model::SharedVlCredits(cfg.central_buffer));
    mport_alloc_.assign(mports,
                        model::SeparableAllocator(kMPortPorts, V_, kMPortPorts + 2, iterations));
    central_alloc_ = model::SeparableAllocator(C, V_, P_, iterations);
    for (auto& a : mport_alloc_) mport_core_.push_back(&a);
    central_core_ = &central_alloc_;
    opa_mode_ = cfg.alloc_retry != 0 ? 1 : 0;
    if (cfg.mport_shared) {
      mport_thirds_.assign(mports, 0);
      mport_next_.assign(mports, 0);
      mport_central_only_ = cfg.mport_shared_central;
      opa_mode_ |= 8;
    }
    if (cfg.central_any) opa_mode_ |= 16;
    out_busy_central_.assign(P_, 0);
    central_in_busy_.assign(C, 0);
    central_out_busy_.assign(C, 0);
    central_release_.assign(C, 0);
    central_release_vl_.assign(C, 0);
    central_release_phits_.assign(C, 0);
  }
  // The scheduler's SL -> VLs sets: the VLs of each SL on the port's class, every routing VC.
  for (uint32_t o = 0; o < P_; ++o) {
    const PortClass k = cfg.classes[o];
    is_injection_[o] = k == kInjectionClass;
    if (!is_injection_[o]) credits_[o] = model::SharedVlCredits(cfg.in_buffer);
    uint16_t sl_vls[kMaxSls] = {};
    for (uint32_t s = 0; s < cfg.sls; ++s)
      for (uint32_t j = 0; j < kMaxRoutingVcs; ++j)
        for (const uint8_t vl : cfg.plan.candidates[k][s][j])
          sl_vls[s] = static_cast<uint16_t>(sl_vls[s] | 1u << vl);
    sched_.push_back(make_output_scheduler<Sched>(cfg, sl_vls));
  }
  for (uint32_t s = 0; s < cfg.sls; ++s) {
    classes_.phits[s] = cfg.phits[s];
    classes_.vls[s] = cfg.injection_vls(s);
  }
  nic_mode_ = cfg.backlogged ? kNicBacklogged : cfg.nic_per_sl ? kNicPerSl : kNicShared;
  if (nic_mode_ != kNicShared)
    for (uint32_t o = 0; o < P_; ++o)
      nic_sched_.push_back(make_output_scheduler<Sched>(cfg, classes_.vls));
  // qos.atomic_messages with a message of more than one packet (docs/model.md §9.2): the
  // message paths, chosen once per call by the mode bytes (nothing is tested per packet when
  // off).
  if (cfg.atomic) {
    msg_left_.assign(P_, 0);
    msg_vl_.assign(P_, 0);
    nic_msg_left_.assign(P_, 0);
    nic_msg_vl_.assign(P_, 0);
    nic_msg_sl_.assign(P_, 0);
    ib_mode_ |= 2;
    send_mode_ |= 2;
    if (kOpa) opa_mode_ |= 4;
    if (nic_mode_ == kNicShared) nic_mode_ = kNicSharedAtomic;
    if (nic_mode_ == kNicPerSl) nic_mode_ = kNicPerSlAtomic;
  }
  // What the routing reads: the ports' classes, its own VCs per class (the routing VCs, which the
  // switch maps onto VLs), the downstream credits.
  PortView::Wiring w;
  w.classes = cfg_.classes.data();
  w.radix = P_;
  w.vcs = cfg_.plan.routing_vcs;
  w.credits = model::CreditArray(credits_.data());
  w.fifos = no_levels_.data();
  w.fifo_capacity = cfg.out_buffer.total_phits;
  w.packet_size = cfg.max_phits;
  view_.wire(w);
  view_.router = id_;
  for (uint32_t o = 0; o < P_; ++o) {
    const RoutingAlgorithm::PortRange t = routing.switch_trunk(o);
    if (t.count == 1) continue;
    if (trunk_first_.empty()) {
      trunk_first_.assign(P_, 0);
      trunk_links_.assign(P_, 1);
    }
    assert(t.first <= o && o < t.first + t.count && t.first + t.count <= P_);
    trunk_first_[o] = static_cast<uint8_t>(t.first);
    trunk_links_[o] = static_cast<uint8_t>(t.count);
  }
  if (kOpa && !trunk_links_.empty()) {
    central_bound_.assign(size_t{P_} * V_, 0);
    opa_mode_ |= 32;
  }
}

template <class Sched, bool kOpa, bool kWaits>
void VlSwitch<Sched, kOpa, kWaits>::attach_nic(uint32_t port, Nic* nic) {
  assert(is_injection_[port]);
  nics_[port] = nic;
  nic_credits_[port] = model::SharedVlCredits(cfg_.in_buffer);
  nic_ports_.push_back(port);
  nic_wake_[port] = cfg_.backlogged ? 0 : nic->next_gen;
  if (cfg_.nic_per_sl) {
    assert(nic->q_count == 0 && nic->q_cap != 0);
    nic->init_sl_queues(cfg_.sls);
  }
  if (nic_wake_[port] < nic_wake_min_) nic_wake_min_ = nic_wake_[port];
  if (nic->q_count != 0) wake_nic(port, nic->link_free_at);
  in_link_[port] = nic->link;
  nic->link->data_wheel = &data_wheel_;
  nic->link->credit_wheel = nullptr;
}

template <class Sched, bool kOpa, bool kWaits>
template <class Ready>
bool VlSwitch<Sched, kOpa, kWaits>::nic_grant(uint32_t port, const model::SharedVlCredits& credits,
                                              Ready ready, const uint32_t* need, uint32_t& vl,
                                              uint8_t& sl) {
  uint32_t active = 0;
  uint32_t head_phits[Sched::kVls] = {};
  uint8_t head_sl[Sched::kVls] = {};
  for (uint32_t s = 0; s < cfg_.sls; ++s) {
    if (!ready(s)) continue;
    for (uint32_t m = classes_.vls[s]; m != 0; m &= m - 1) {
      const uint32_t v = static_cast<uint32_t>(__builtin_ctz(m));
      if (!credits.can_send(v, need[s])) continue;
      active |= 1u << v;
      head_phits[v] = need[s];
      head_sl[v] = static_cast<uint8_t>(s);
    }
  }
  if (active == 0) return false;
  if constexpr (TakesHeadSl<Sched>::value)
    vl = nic_sched_[port].select(active, head_phits, head_sl);
  else
    vl = nic_sched_[port].select(active, head_phits);
  if (vl >= Sched::kVls || ((active >> vl) & 1u) == 0) return false;
  nic_sched_[port].accept(vl);
  sl = head_sl[vl];
  return true;
}

template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::nic_step_backlogged(uint32_t port, Cycle now, StatsSink& sink) {
  Nic& nic = *nics_[port];
  model::SharedVlCredits& credits = nic_credits_[port];
  nic.take_credits(now, credits);
  bool injected = false;
  uint32_t vl = 0;
  uint8_t sl = 0;
  if (now < nic.gen_stop && nic.link_free_at <= now &&
      nic_grant(
          port, credits, [](uint32_t) { return true; }, classes_.phits, vl, sl)) {
    const uint32_t L = classes_.phits[sl];
    const uint32_t d = nic.vc_rng.below(nic.nodes - 1);
    const uint32_t dst = d >= nic.node ? d + 1 : d;
    sink.on_generate(nic.node, nic.seq, now, sl);
    nic.inject(now, sink, L, SourceEntry{now, dst, nic.seq, sl}, static_cast<int>(vl), credits, L);
    ++nic.seq;
    ++resident_;
    injected = true;
  }
  // Next: when the link is free again, or the next cycle while no VL has credits.
  nic_wake_[port] = now + 1 >= nic.gen_stop      ? kNone
                    : nic.link_free_at > now + 1 ? nic.link_free_at
                                                 : now + 1;
  return injected;
}

template <class Sched, bool kOpa, bool kWaits>
template <bool kMsg>
bool VlSwitch<Sched, kOpa, kWaits>::nic_step_per_sl(uint32_t port, Cycle now, StatsSink& sink) {
  Nic& nic = *nics_[port];
  model::SharedVlCredits& credits = nic_credits_[port];
  nic.take_credits(now, credits);
  resident_ += nic.generate_per_sl(now, sink);
  bool injected = false;
  // The SLs with a head packet (one SL per injection VL: validate_qos).
  uint32_t vl = 0;
  uint8_t sl = 0;
  if (nic.q_count != 0 && nic.link_free_at <= now) {
    // qos.atomic_messages (docs/model.md §9.2): a message on the link sends its next packet on
    // its VL (its credits were there for all of it when it started); a new one needs credits for
    // the whole message (its queue holds whole messages: the queue is unbounded).
    bool go;
    if (kMsg && nic_msg_left_[port] != 0) {
      vl = nic_msg_vl_[port];
      sl = nic_msg_sl_[port];
      go = true;
    } else {
      go = nic_grant(
          port, credits, [&nic](uint32_t s) { return nic.sl_queues[s].count != 0; },
          cfg_.unit_phits, vl, sl);
      if (kMsg && go) {
        nic_msg_left_[port] = cfg_.msg_pkts[sl];
        nic_msg_vl_[port] = static_cast<uint8_t>(vl);
        nic_msg_sl_[port] = sl;
      }
    }
    if (go) {
      const uint32_t L = classes_.phits[sl];
      nic.inject(now, sink, L, nic.sl_front(sl), static_cast<int>(vl), credits, L);
      nic.sl_pop(sl);
      if constexpr (kMsg) --nic_msg_left_[port];
      injected = true;
    }
  }
  // Next: the next attempt, or, with packets queued, when the link is free again (the next cycle
  // while it waits for credits).
  nic_wake_[port] = nic.wake_after(now, nic.q_count != 0);
  return injected;
}

template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::nic_step_shared_atomic(uint32_t port, Cycle now,
                                                           StatsSink& sink) {
  Nic& nic = *nics_[port];
  model::SharedVlCredits& credits = nic_credits_[port];
  nic.take_credits(now, credits);
  uint32_t queued = 0;
  nic.for_each_due_packet(now, [&](Cycle t_gen, const TrafficDescriptor& d) {
    nic.queue_generated(sink, t_gen, d, queued);
  });
  resident_ += queued;
  bool injected = false;
  if (nic.q_count != 0 && nic.link_free_at <= now) {
    const SourceEntry& e = nic.queue_front();
    int vc;
    if (nic_msg_left_[port] != 0) {
      vc = nic_msg_vl_[port];  // the message's next packet (credits taken for all of it)
    } else {
      // The head message: JSQ over its SL's injection VLs with credits for all of it.
      vc = JsqLowVc::select(credits, classes_.vls[e.cls], cfg_.unit_phits[e.cls], nic.vc_rng);
      if (vc != kNoVc) {
        nic_msg_left_[port] = cfg_.msg_pkts[e.cls];
        nic_msg_vl_[port] = static_cast<uint8_t>(vc);
      }
    }
    if (vc != kNoVc) {
      const uint32_t S = classes_.phits[e.cls];
      nic.inject(now, sink, S, e, vc, credits, S);
      nic.queue_pop();
      --nic_msg_left_[port];
      injected = true;
    }
  }
  nic_wake_[port] = nic.wake_after(now, nic.q_count != 0);
  return injected;
}

// Arrivals: packets into their VL's FIFO (ready for the allocator after routing), credits from
// downstream.
template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::receive(Cycle now) {
  bool got = false;
  for (uint64_t m = data_wheel_.take(now); m != 0; m &= m - 1) {
    const uint32_t i = static_cast<uint32_t>(__builtin_ctzll(m));
    Link* L = in_link_[i];
    while (const PacketMsg* msg = L->data.ready(now)) {
      in_.push(i, msg->vc, msg->pkt, msg->arrive + cfg_.latency);
      if (!is_injection_[i]) ++resident_;  // injected packets were counted in the source queue
      L->data.pop();
      got = true;
    }
  }
  for (uint64_t m = credit_wheel_.take(now); m != 0; m &= m - 1) {
    const uint32_t o = static_cast<uint32_t>(__builtin_ctzll(m));
    Link* L = out_link_[o];
    while (const CreditMsg* c = L->credits.ready(now)) {
      credits_[o].give_back(c->vc, c->phits);
      L->credits.pop();
    }
  }
  return got;
}

// The routing unit: output port and routing VC from the routing; the next hop's VL among the
// SL's VLs for that routing VC on the output's class, round robin per (output, SL).
template <class Sched, bool kOpa, bool kWaits>
void VlSwitch<Sched, kOpa, kWaits>::route_head(uint32_t i, uint32_t v, const Packet& pkt,
                                               Cycle now) {
  view_.in_port = i;
  view_.in_vc = cfg_.plan.vl_rank[cfg_.classes[i]][v];
  view_.now = now;
  Head& h = heads_[i * V_ + v];
  h.route = routing_.route(view_, pkt, rng_);
  const uint32_t rvc = h.route.lowest_vc();
  if (!trunk_links_.empty() && trunk_links_[h.route.port] > 1)
    h.route.port = static_cast<uint8_t>(least_queued_trunk_link(h.route.port, pkt.cls, rvc));
  h.out_port = h.route.port;
  const std::vector<uint8_t>& cand =
      cfg_.plan.candidates[cfg_.classes[h.out_port]][pkt.cls][is_injection_[h.out_port] ? 0 : rvc];
  uint8_t& next = next_candidate_[h.out_port * kMaxSls + pkt.cls];
  if (next >= cand.size()) next = 0;
  h.out_vl = cand[next];
  next = static_cast<uint8_t>(size_t{next} + 1 == cand.size() ? 0 : next + 1);
  h.out_rvc = static_cast<uint8_t>(rvc);
  h.routed = true;
}

// The queue of each link is what the packet would wait behind there: the phits of its VL (the next
// candidate of the link's round robin, as route_head takes it) in the output buffer (packets
// granted, not yet sent), downstream (sent, credits not yet back) and, on the OPA switch, in the
// central buffers (granted across MPorts, bound for the link: central_bound_), then, on a tie,
// those of all VLs (the link's bandwidth is shared). Read once, when the packet is routed.
template <class Sched, bool kOpa, bool kWaits>
uint32_t VlSwitch<Sched, kOpa, kWaits>::least_queued_trunk_link(uint32_t port, uint32_t cls,
                                                                uint32_t rvc) const {
  const std::vector<uint8_t>& cand = cfg_.plan.candidates[cfg_.classes[port]][cls][rvc];
  const uint32_t first = trunk_first_[port], t = trunk_links_[port];
  uint64_t queued[64];
  for (uint32_t k = 0; k < t; ++k) {
    const uint32_t p = first + k, next = next_candidate_[p * kMaxSls + cls];
    const uint8_t vl = cand[next < cand.size() ? next : 0];
    uint64_t all = 0;
    // OPA: also the packets granted into a central buffer and bound for p (docs/model.md §10.6,
    // §11), which wait for p's output buffer as those in it wait for the link.
    const uint32_t* cb = kOpa ? central_bound_.data() + size_t{p} * V_ : nullptr;
    for (uint32_t v = 0; v < V_; ++v)
      all += credits_[p].used(v) + out_space_[p].used(v) + (kOpa ? cb[v] : 0);
    queued[k] =
        uint64_t{credits_[p].used(vl) + out_space_[p].used(vl) + (kOpa ? cb[vl] : 0)} << 32 | all;
  }
  return first + least_queued_link(queued, t, port - first);
}

// VA-SA: each ready head of a free input requests its output when the crossbar's output side is
// free and the output buffer's VL has room for the whole packet; the separable allocator picks
// one VL per input (round robin) and one input per output (round robin).
template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::allocate(Cycle now) {
  if (kOpa)
    return opa_mode_ == 0 ? allocate_opa<false, false, false, false, false, false>(now)
                          : allocate_opa_other(now);
  return ib_mode_ == 0 ? allocate_vasa<false, false>(now) : allocate_vasa_other(now);
}

template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::allocate_vasa_other(Cycle now) {
  switch (ib_mode_) {
    case 1:
      return allocate_vasa<true, false>(now);
    case 2:
      return allocate_vasa<false, true>(now);
    default:
      return allocate_vasa<true, true>(now);
  }
}

// OPA: the MPort stage, then the central stage (a header that reaches a central buffer may go on
// in the same cycle when router.xbar_latency is 0).
template <class Sched, bool kOpa, bool kWaits>
template <bool kRetry, bool kSocket, bool kMsg, bool kShared, bool kAny, bool kCount>
bool VlSwitch<Sched, kOpa, kWaits>::allocate_opa(Cycle now) {
  const bool moved =
      in_.port_mask() != 0 && allocate_mports<kRetry, kSocket, kMsg, kShared, kAny, kCount>(now);
  return (central_.port_mask() != 0 && allocate_central<kSocket, kMsg, kCount>(now)) || moved;
}

template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::allocate_opa_other(Cycle now) {
  switch (opa_mode_ >> 3) {
    case 0:
      return allocate_opa_mode<false, false, false>(now);
    case 1:
      return allocate_opa_mode<true, false, false>(now);
    case 2:
      return allocate_opa_mode<false, true, false>(now);
    case 3:
      return allocate_opa_mode<true, true, false>(now);
    case 4:
      return allocate_opa_mode<false, false, true>(now);
    case 5:
      return allocate_opa_mode<true, false, true>(now);
    case 6:
      return allocate_opa_mode<false, true, true>(now);
    default:
      return allocate_opa_mode<true, true, true>(now);
  }
}

template <class Sched, bool kOpa, bool kWaits>
template <bool kShared, bool kAny, bool kCount>
bool VlSwitch<Sched, kOpa, kWaits>::allocate_opa_mode(Cycle now) {
  switch (opa_mode_ & 7) {
    case 0:
      return allocate_opa<false, false, false, kShared, kAny, kCount>(now);
    case 1:
      return allocate_opa<true, false, false, kShared, kAny, kCount>(now);
    case 2:
      return allocate_opa<false, true, false, kShared, kAny, kCount>(now);
    case 3:
      return allocate_opa<true, true, false, kShared, kAny, kCount>(now);
    case 4:
      return allocate_opa<false, false, true, kShared, kAny, kCount>(now);
    case 5:
      return allocate_opa<true, false, true, kShared, kAny, kCount>(now);
    case 6:
      return allocate_opa<false, true, true, kShared, kAny, kCount>(now);
    default:
      return allocate_opa<true, true, true, kShared, kAny, kCount>(now);
  }
}

template <class Sched, bool kOpa, bool kWaits>
template <bool kSocket, bool kMsg>
bool VlSwitch<Sched, kOpa, kWaits>::allocate_vasa(Cycle now) {
  // The socket's allocator evaluates and updates in one call (AllocatorCore::evaluate_and_update);
  // its grants stay readable until the next evaluation. The native path names the member, as
  // before the socket (a reference parameter cost the loop reloads: callgrind, +0.3%).
  auto& alloc = [this]() -> auto& {
    if constexpr (kSocket)
      return *alloc_socket_;
    else
      return alloc_;
  }
  ();
  constexpr bool kCore = kSocket;
  alloc.clear_requests();
  bool any = false;
  for (uint64_t ports = in_.port_mask(); ports != 0; ports &= ports - 1) {
    const uint32_t i = static_cast<uint32_t>(__builtin_ctzll(ports));
    if (in_busy_[i] > now) {
      if constexpr (kWaits)
        if (ws_.on) count_ready_heads(in_, SwitchStage::Input, i, now, SwitchWait::InputBusy);
      continue;
    }
    for (uint32_t m = in_.vl_mask(i); m != 0; m &= m - 1) {
      const uint32_t v = static_cast<uint32_t>(__builtin_ctz(m));
      const VlFifos::Entry& e = in_.front(i, v);
      if (e.ready > now) continue;
      Head& h = heads_[i * V_ + v];
      if (!h.routed) route_head(i, v, e.pkt, now);
      const uint32_t o = h.out_port;
      if constexpr (kMsg) {
        // A whole message, stored in the input VL, into room for all of it (§9.2).
        const uint32_t cls = e.pkt.cls;
        if (out_busy_[o] > now || !whole_message(in_, i, v, cfg_.msg_pkts[cls], now) ||
            !out_space_[o].can_send(h.out_vl, cfg_.unit_phits[cls]))
          continue;
      } else {
        if (out_busy_[o] > now || !out_space_[o].can_send(h.out_vl, phits_of(e.pkt))) {
          if constexpr (kWaits)
            if (ws_.on)
              count_wait(SwitchStage::Input, e.pkt.cls, v,
                         out_busy_[o] > now ? SwitchWait::OutputBusy : SwitchWait::OutputRoom);
          continue;
        }
      }
      alloc.request(i, v, o);
      if constexpr (kWaits)
        if (ws_.on) ws_.in_req[i] |= 1u << v;
      if (cfg_.alloc_retry != 0) requested_[i] |= 1u << v;
      any = true;
    }
  }
  if (!any) return false;
  if constexpr (kCore)
    alloc.evaluate_and_update();
  else
    alloc.evaluate();
  if (cfg_.alloc_retry != 0) delay_losers(alloc, 0, P_, now);
  if constexpr (kWaits)
    if (ws_.on) count_requests(alloc, in_, SwitchStage::Input, ws_.in_req.data(), 0, P_);
  const uint64_t granted = alloc.granted_inputs();
  for (uint64_t g = granted; g != 0; g &= g - 1) {
    const uint32_t i = static_cast<uint32_t>(__builtin_ctzll(g));
    if constexpr (kMsg)
      commit_message(i, alloc.grant_vc(i), alloc.grant_out(i), now);
    else
      commit(i, alloc.grant_vc(i), alloc.grant_out(i), now);
  }
  if constexpr (!kCore) alloc.update();
  return granted != 0;
}

// Thesis 003 Fig. 2.2: a header that loses the allocation is stored again (SB) before it takes
// part in the next one (docs/model.md §10.2, router.alloc_retry).
template <class Sched, bool kOpa, bool kWaits>
void VlSwitch<Sched, kOpa, kWaits>::delay_losers(const model::AllocatorCore& a, uint32_t first,
                                                 uint32_t n, Cycle now) {
  const uint64_t granted = a.granted_inputs();
  for (uint32_t k = 0; k < n; ++k) {
    const uint32_t i = first + k;
    uint32_t lost = requested_[i];
    if (lost == 0) continue;
    requested_[i] = 0;
    if (((granted >> k) & 1u) != 0) lost &= ~(1u << a.grant_vc(k));
    for (; lost != 0; lost &= lost - 1)
      in_.delay_front(i, static_cast<uint32_t>(__builtin_ctz(lost)), now + cfg_.alloc_retry);
  }
}

// A grant: the packet crosses the unbuffered crossbar (router.speedup flits per cycle), its header
// reaches the output buffer after router.xbar_latency, and its input credits go upstream when its
// tail has left the input buffer.
// The hop leaves input VL v of port i for output o: its route's effects on the packet (routing
// word, hop count, VC-order check), the input busy for the transfer and its credits upstream when
// the transfer ends.
template <class Sched, bool kOpa, bool kWaits>
template <bool kCredit>
Packet VlSwitch<Sched, kOpa, kWaits>::leave_input(uint32_t i, uint32_t v, uint32_t o, uint32_t xfer,
                                                  Cycle now) {
  Head& h = heads_[i * V_ + v];
  Packet pkt = in_.front(i, v).pkt;
  in_.pop(i, v);
  h.routed = false;
  const RouteResult& r = h.route;
  const PortClass ci = cfg_.classes[i], co = cfg_.classes[o];
  if (vc_check_ != nullptr) {
    // The checker reads routing VCs: the input VL's and the hop's (docs/model.md §10.1).
    RouteResult checked = r;
    checked.vcs = static_cast<uint16_t>(vc_bit(h.out_rvc));
    check_vc_order(*vc_check_, routing_.name(), id_, i, ci, cfg_.plan.vl_rank[ci][v], o, co,
                   h.out_rvc, checked, pkt, now);
  }
  // The routing word's changes of the hop and its hop count (as the CIOQ router's apply_route).
  RoutingWord& w = pkt.route;
  if (r.set_phase != 0xff && r.set_phase != w.phase) {
    w.phase = r.set_phase;
    w.flags &= static_cast<uint8_t>(~Packet::kGlobalDoneInPhase);
  }
  if (co != kInjectionClass) {
    pkt.add_hop(co);
    if (co == single_hop_class_) w.flags |= Packet::kGlobalDoneInPhase;
  }
  pkt.marks = static_cast<uint8_t>(pkt.marks | misrouting_marks(r, false));
  w.flags = static_cast<uint8_t>((w.flags | r.set_flags) & ~r.clear_flags);
  if (r.set_intermediate != kNone) w.intermediate = r.set_intermediate;
  in_busy_[i] = now + xfer;
  if constexpr (kCredit) {
    Link* in = in_link_[i];
    if (cfg_.credit_per_flit) [[unlikely]] {
      return_flit_credits(i, v, phits_of(pkt), xfer, now);
    } else {
      in->push_credit(CreditMsg{now + xfer + in->credit_latency, static_cast<uint8_t>(v),
                                static_cast<uint16_t>(phits_of(pkt))});
    }
  }
  return pkt;
}

// router.credit_return=flit (docs/model.md §10.2; thesis 003 Sec. 2.2.1 and 4.4.1: flits cross
// the crossbar a few per cycle, credits are 64-byte flits): the transfer's k-th cycle (k = 1 ..
// xfer) moves min(rate, L - (k-1) rate) flits, whose credits arrive upstream credit_latency
// after it; the last message arrives when the packet's one would.
template <class Sched, bool kOpa, bool kWaits>
void VlSwitch<Sched, kOpa, kWaits>::return_flit_credits(uint32_t i, uint32_t v, uint32_t L,
                                                        uint32_t xfer, Cycle now) {
  Link* in = in_link_[i];
  const uint32_t rate = xbar_flits();
  uint32_t left = L;
  for (uint32_t k = 1; k <= xfer; ++k) {
    const uint32_t n = left < rate ? left : rate;
    in->push_credit(
        CreditMsg{now + k + in->credit_latency, static_cast<uint8_t>(v), static_cast<uint16_t>(n)});
    left -= n;
  }
  assert(left == 0);
}

// IB: a grant moves the packet through the unbuffered crossbar (router.speedup flits per cycle);
// its header reaches the output buffer after router.xbar_latency.
template <class Sched, bool kOpa, bool kWaits>
void VlSwitch<Sched, kOpa, kWaits>::commit(uint32_t i, uint32_t v, uint32_t o, Cycle now) {
  const uint32_t out_vl = heads_[i * V_ + v].out_vl;
  const uint32_t L = phits_of(in_.front(i, v).pkt);
  const uint32_t xfer = cfg_.xfer_cycles(L);
  const Packet pkt = leave_input(i, v, o, xfer, now);
  out_busy_[o] = now + xfer;
  out_.push(o, out_vl, pkt, now + cfg_.xbar_latency);
  out_space_[o].consume(out_vl, L);
}

// qos.atomic_messages (docs/model.md §9.2; thesis 003 Sec. 2.2: a message's flits are stored,
// sent and received consecutively): the grant moves the M packets of the message one after the
// other through the crossbar, packet k's header in the output buffer at g + k ceil(L / speedup) +
// X; the input returns the credits of the whole message when its tail has crossed.
template <class Sched, bool kOpa, bool kWaits>
void VlSwitch<Sched, kOpa, kWaits>::commit_message(uint32_t i, uint32_t v, uint32_t o, Cycle now) {
  const uint32_t out_vl = heads_[i * V_ + v].out_vl;
  const uint32_t cls = in_.front(i, v).pkt.cls, M = cfg_.msg_pkts[cls], L = cfg_.phits[cls];
  const uint32_t x = cfg_.xfer_cycles(L), xfer = M * x;
  for (uint32_t k = 0; k < M; ++k) {
    const Packet pkt = leave_input<false>(i, v, o, xfer, now);
    out_.push(o, out_vl, pkt, now + k * x + cfg_.xbar_latency);
  }
  Link* in = in_link_[i];
  in->push_credit(CreditMsg{now + xfer + in->credit_latency, static_cast<uint8_t>(v),
                            static_cast<uint16_t>(M * L)});
  out_busy_[o] = now + xfer;
  out_space_[o].consume(out_vl, M * L);
}

// OPA, the MPort stage (thesis 003 Sec. 2.2, Fig. 2.1): per MPort a separable allocator over its
// 4 input buffers (round robin over each one's ready VLs) and the MPort crossbar's 6 outputs,
// its 4 output buffers and its 2 central buffers (round robin over the inputs). A request needs
// that output's write side free and room for the whole packet in its VL (the next hop's VL); the
// crossbar moves 3 flits per cycle and the header reaches the output or central buffer after
// router.xbar_latency (central buffers add no storage latency).
template <class Sched, bool kOpa, bool kWaits>
template <bool kRetry, bool kSocket, bool kMsg, bool kShared, bool kAny, bool kCount>
bool VlSwitch<Sched, kOpa, kWaits>::allocate_mports(Cycle now) {
  bool moved = false;
  for (uint32_t m = 0; m < mport_alloc_.size(); ++m) {
    // kSocket: the allocator evaluates and updates in one call (AllocatorCore::
    // evaluate_and_update); its grants stay readable until its next evaluation.
    auto& a = [&]() -> auto& {
      if constexpr (kSocket)
        return *mport_core_[m];
      else
        return mport_alloc_[m];
    }
    ();
    a.clear_requests();
    bool any = false;
    const uint32_t first = m * kMPortPorts;
    // kShared (router.mport_xbar=shared): the crossbar takes a packet in the cycle in which its
    // previous packets' flits, at 3 per cycle in total, are through, and only from one input per
    // cycle, the first with a request from the input after the last granted (round robin).
    // router.mport_xbar=shared_central (mport_central_only_): the same budget and round robin for
    // the packets bound for the central buffers only (one input's central requests per cycle);
    // packets to the MPort's own output buffers keep each input's 3 flits per cycle.
    uint32_t n_in = 0, start = 0;
    [[maybe_unused]] bool central_open = true;
    if constexpr (kShared) {
      central_open = mport_thirds_[m] <= 3 * now + 2;
      if (!central_open && !mport_central_only_) continue;
      n_in = std::min(kMPortPorts, P_ - first);
      start = mport_next_[m];
    }
    for (uint32_t d = 0; d < kMPortPorts && first + d < P_; ++d) {
      uint32_t k = d;
      if constexpr (kShared) {
        if (any && !mport_central_only_) break;
        k = start + d < n_in ? start + d : start + d - n_in;
      }
      const uint32_t i = first + k;
      if (in_busy_[i] > now) {
        if constexpr (kWaits)
          if (ws_.on) count_ready_heads(in_, SwitchStage::Input, i, now, SwitchWait::InputBusy);
        continue;
      }
      [[maybe_unused]] bool central_requested = false;
      for (uint32_t msk = in_.vl_mask(i); msk != 0; msk &= msk - 1) {
        const uint32_t v = static_cast<uint32_t>(__builtin_ctz(msk));
        const VlFifos::Entry& e = in_.front(i, v);
        if (e.ready > now) continue;
        Head& h = heads_[i * V_ + v];
        if (!h.routed) route_head(i, v, e.pkt, now);
        const uint32_t o = h.out_port;
        // qos.atomic_messages: a whole message, stored in the input VL, into room for all of it.
        uint32_t L;
        if constexpr (kMsg) {
          if (!whole_message(in_, i, v, cfg_.msg_pkts[e.pkt.cls], now)) continue;
          L = cfg_.unit_phits[e.pkt.cls];
        } else {
          L = phits_of(e.pkt);
        }
        if (mport_of(o) == m) {
          if (out_busy_[o] > now || !out_space_[o].can_send(h.out_vl, L)) {
            if constexpr (kWaits)
              if (ws_.on)
                count_wait(SwitchStage::Input, e.pkt.cls, v,
                           out_busy_[o] > now ? SwitchWait::OutputBusy : SwitchWait::OutputRoom);
            continue;
          }
          a.request(k, v, o % kMPortPorts);
        } else {
          if constexpr (kShared)
            if (!central_open) continue;
          uint32_t cb = central_of(i);
          if (central_in_busy_[cb] > now || !central_space_[cb].can_send(h.out_vl, L)) {
            // kWaits: a head that requests neither central buffer waits for its own pair's
            // (docs/model.md "The switches' stages").
            [[maybe_unused]] const SwitchWait why =
                central_in_busy_[cb] > now ? SwitchWait::CentralBusy : SwitchWait::CentralRoom;
            // router.central_link=any (thesis 003 Sec. 2.2.1, 4.2.2: "a central buffer has to
            // arbitrate between the 4 input buffers which are connected to its MPort";
            // docs/model.md §11): the MPort's other central link when its own pair's is busy or
            // full.
            if constexpr (!kAny) {
              if constexpr (kWaits)
                if (ws_.on) count_wait(SwitchStage::Input, e.pkt.cls, v, why);
              continue;
            }
            cb ^= 1u;
            if (central_in_busy_[cb] > now || !central_space_[cb].can_send(h.out_vl, L)) {
              if constexpr (kWaits)
                if (ws_.on) count_wait(SwitchStage::Input, e.pkt.cls, v, why);
              continue;
            }
          }
          a.request(k, v, kMPortPorts + cb % 2);
          if constexpr (kShared) central_requested = true;
        }
        if constexpr (kWaits)
          if (ws_.on) ws_.in_req[i] |= 1u << v;
        if constexpr (kRetry) requested_[i] |= 1u << v;
        any = true;
      }
      if constexpr (kShared)
        if (central_requested) central_open = false;
    }
    if (!any) continue;
    if constexpr (kSocket)
      a.evaluate_and_update();
    else
      a.evaluate();
    if constexpr (kRetry) delay_losers(a, first, std::min(kMPortPorts, P_ - first), now);
    if constexpr (kWaits)
      if (ws_.on)
        count_requests(a, in_, SwitchStage::Input, ws_.in_req.data(), first,
                       std::min(kMPortPorts, P_ - first));
    for (uint64_t g = a.granted_inputs(); g != 0; g &= g - 1) {
      const uint32_t k = static_cast<uint32_t>(__builtin_ctzll(g));
      const uint32_t i = first + k, v = a.grant_vc(k);
      const Head& h = heads_[i * V_ + v];
      const uint32_t o = h.out_port, out_vl = h.out_vl;
      const uint32_t L = phits_of(in_.front(i, v).pkt);
      const uint32_t xfer = (L + VlSwitchConfig::kMPortFlits - 1) / VlSwitchConfig::kMPortFlits;
      if constexpr (kShared) {
        // The crossbar's 3 flits per cycle in total: this transfer's flits (a message's M L),
        // counted in thirds of a cycle from its end or from now, whichever is later
        // (shared_central: a transfer into a central buffer only).
        if (!mport_central_only_ || a.grant_out(k) >= kMPortPorts) {
          const uint64_t flits = uint64_t{L} * (kMsg ? cfg_.msg_pkts[in_.front(i, v).pkt.cls] : 1);
          mport_thirds_[m] = std::max<uint64_t>(mport_thirds_[m], 3 * now) + flits;
          mport_next_[m] = static_cast<uint8_t>(k + 1 < n_in ? k + 1 : 0);
        }
      }
      if constexpr (kMsg) {
        // The message's M packets one after the other through the MPort crossbar (packet k's
        // header at g + k ceil(L / 3) + X), its credits upstream together when its tail has
        // crossed (docs/model.md §9.2).
        const uint32_t M = cfg_.msg_pkts[in_.front(i, v).pkt.cls], all = M * xfer;
        const bool local = a.grant_out(k) < kMPortPorts;
        // kAny: the granted central buffer (the other one of the pair's if the own was busy).
        const uint32_t cb =
            kAny ? 2 * m + (local ? 0 : a.grant_out(k) - kMPortPorts) : central_of(i);
        for (uint32_t n = 0; n < M; ++n) {
          const Packet pkt = leave_input<false>(i, v, o, all, now);
          if (local)
            out_.push(o, out_vl, pkt, now + n * xfer + cfg_.xbar_latency);
          else
            central_.push(cb, out_vl, pkt, now + n * xfer + cfg_.xbar_latency,
                          static_cast<uint8_t>(o));
        }
        Link* in = in_link_[i];
        in->push_credit(CreditMsg{now + all + in->credit_latency, static_cast<uint8_t>(v),
                                  static_cast<uint16_t>(M * L)});
        if (local) {
          out_busy_[o] = now + all;
          out_space_[o].consume(out_vl, M * L);
        } else {
          central_in_busy_[cb] = now + all;
          central_space_[cb].consume(out_vl, M * L);
          if constexpr (kCount) central_bound_[o * V_ + out_vl] += M * L;
        }
        moved = true;
        continue;
      }
      const Packet pkt = leave_input(i, v, o, xfer, now);
      if (a.grant_out(k) < kMPortPorts) {
        out_busy_[o] = now + xfer;
        out_.push(o, out_vl, pkt, now + cfg_.xbar_latency);
        out_space_[o].consume(out_vl, L);
      } else {
        const uint32_t cb = kAny ? 2 * m + (a.grant_out(k) - kMPortPorts) : central_of(i);
        central_in_busy_[cb] = now + xfer;
        central_.push(cb, out_vl, pkt, now + cfg_.xbar_latency, static_cast<uint8_t>(o));
        central_space_[cb].consume(out_vl, L);
        if constexpr (kCount) central_bound_[o * V_ + out_vl] += L;
      }
      moved = true;
    }
    if constexpr (!kSocket) a.update();
  }
  return moved;
}

// OPA, the central stage: the buffered 24:48 central crossbar (thesis 003 Sec. 2.2): a separable
// allocator over the central buffers (round robin over each one's ready VLs) and the output
// buffers (round robin over the central buffers); a request needs the output buffer's central
// write side free and room in its VL; the crossbar moves 4 flits per cycle and the header reaches
// the output buffer after router.central_latency; the central space is free when the tail has
// left.
template <class Sched, bool kOpa, bool kWaits>
template <bool kSocket, bool kMsg, bool kCount>
bool VlSwitch<Sched, kOpa, kWaits>::allocate_central(Cycle now) {
  auto& a = [&]() -> auto& {
    if constexpr (kSocket)
      return *central_core_;
    else
      return central_alloc_;
  }
  ();
  a.clear_requests();
  bool any = false;
  for (uint64_t cbs = central_.port_mask(); cbs != 0; cbs &= cbs - 1) {
    const uint32_t cb = static_cast<uint32_t>(__builtin_ctzll(cbs));
    if (central_out_busy_[cb] > now) {
      if constexpr (kWaits)
        if (ws_.on)
          count_ready_heads(central_, SwitchStage::Central, cb, now, SwitchWait::ReadBusy);
      continue;
    }
    for (uint32_t msk = central_.vl_mask(cb); msk != 0; msk &= msk - 1) {
      const uint32_t vl = static_cast<uint32_t>(__builtin_ctz(msk));
      const VlFifos::Entry& e = central_.front(cb, vl);
      if (e.ready > now) continue;
      if constexpr (kMsg) {
        // qos.atomic_messages: the whole message in the central buffer, room for all of it.
        if (out_busy_central_[e.port] > now ||
            !whole_message(central_, cb, vl, cfg_.msg_pkts[e.pkt.cls], now) ||
            !out_space_[e.port].can_send(vl, cfg_.unit_phits[e.pkt.cls]))
          continue;
      } else {
        if (out_busy_central_[e.port] > now || !out_space_[e.port].can_send(vl, phits_of(e.pkt))) {
          if constexpr (kWaits)
            if (ws_.on)
              count_wait(SwitchStage::Central, e.pkt.cls, vl,
                         out_busy_central_[e.port] > now ? SwitchWait::OutputBusy
                                                         : SwitchWait::OutputRoom);
          continue;
        }
      }
      a.request(cb, vl, e.port);
      if constexpr (kWaits)
        if (ws_.on) ws_.central_req[cb] |= 1u << vl;
      any = true;
    }
  }
  if (!any) return false;
  if constexpr (kSocket)
    a.evaluate_and_update();
  else
    a.evaluate();
  if constexpr (kWaits)
    if (ws_.on)
      count_requests(a, central_, SwitchStage::Central, ws_.central_req.data(), 0,
                     static_cast<uint32_t>(ws_.central_req.size()));
  const uint64_t granted = a.granted_inputs();
  for (uint64_t g = granted; g != 0; g &= g - 1) {
    const uint32_t cb = static_cast<uint32_t>(__builtin_ctzll(g));
    const uint32_t vl = a.grant_vc(cb), o = a.grant_out(cb);
    const uint32_t L = phits_of(central_.front(cb, vl).pkt);
    const uint32_t xfer = (L + VlSwitchConfig::kCentralFlits - 1) / VlSwitchConfig::kCentralFlits;
    // qos.atomic_messages: the message's M packets one after the other through the central
    // crossbar (packet k's header at g + k ceil(L / 4) + X2), its central space free at its tail.
    const uint32_t M = kMsg ? cfg_.msg_pkts[central_.front(cb, vl).pkt.cls] : 1;
    for (uint32_t n = 0; n < M; ++n) {
      const Packet pkt = central_.front(cb, vl).pkt;
      central_.pop(cb, vl);
      out_.push(o, vl, pkt, now + n * xfer + cfg_.central_latency);
    }
    central_out_busy_[cb] = now + M * xfer;
    out_busy_central_[o] = now + M * xfer;
    out_space_[o].consume(vl, M * L);
    if constexpr (kCount) central_bound_[o * V_ + vl] -= M * L;
    central_release_[cb] = now + M * xfer;
    central_release_vl_[cb] = static_cast<uint8_t>(vl);
    central_release_phits_[cb] = M * L;
    central_pending_ |= uint64_t{1} << cb;
  }
  if constexpr (!kSocket) a.update();
  return granted != 0;
}

// OB: each free output link starts the packet of the VL its scheduler chooses among those whose
// head has reached the output buffer and has credits for the whole packet downstream.
template <class Sched, bool kOpa, bool kWaits>
template <bool kSocket, bool kMsg>
bool VlSwitch<Sched, kOpa, kWaits>::send(Cycle now, StatsSink& sink) {
  bool moved = false;
  for (uint64_t ports = out_.port_mask(); ports != 0; ports &= ports - 1) {
    const uint32_t o = static_cast<uint32_t>(__builtin_ctzll(ports));
    if (link_free_[o] > now) {
      if constexpr (kWaits)
        if (ws_.on) count_ready_heads(out_, SwitchStage::Output, o, now, SwitchWait::LinkBusy);
      continue;
    }
    if constexpr (kMsg) {
      // A message on the link: its next packet, back to back, without a scheduler decision (its
      // packets are all ready and the downstream VL had credits for all of them when it started).
      if (msg_left_[o] != 0) {
        const uint32_t vl = msg_vl_[o];
        send_packet(o, vl, phits_of(out_.front(o, vl).pkt), now, sink);
        --msg_left_[o];
        moved = true;
        continue;
      }
    }
    uint32_t active = 0;
    uint32_t head_phits[Sched::kVls] = {};
    [[maybe_unused]] uint8_t head_sl[Sched::kVls];
    for (uint32_t m = out_.vl_mask(o); m != 0; m &= m - 1) {
      const uint32_t vl = static_cast<uint32_t>(__builtin_ctz(m));
      const VlFifos::Entry& e = out_.front(o, vl);
      uint32_t L;
      if constexpr (kMsg) {
        // qos.atomic_messages: the whole message ready, credits for all of it (docs/model.md
        // §9.2); the scheduler sees and charges its flits.
        L = cfg_.unit_phits[e.pkt.cls];
        if (e.ready > now || !whole_message(out_, o, vl, cfg_.msg_pkts[e.pkt.cls], now) ||
            (!is_injection_[o] && !credits_[o].can_send(vl, L)))
          continue;
      } else {
        L = phits_of(e.pkt);
        if (e.ready > now || (!is_injection_[o] && !credits_[o].can_send(vl, L))) {
          if constexpr (kWaits)
            if (ws_.on && e.ready <= now)
              count_wait(SwitchStage::Output, e.pkt.cls, vl, SwitchWait::Credits);
          continue;
        }
      }
      active |= 1u << vl;
      head_phits[vl] = L;
      if constexpr (TakesHeadSl<Sched>::value) head_sl[vl] = e.pkt.cls;
    }
    if (active == 0) continue;
    uint32_t vl;
    if constexpr (kSocket) {
      vl = sched_[o].select_via(*sched_block_, o, active, head_phits, head_sl);
    } else if constexpr (TakesHeadSl<Sched>::value) {
      vl = sched_[o].select(active, head_phits, head_sl);
    } else {
      vl = sched_[o].select(active, head_phits);
    }
    if constexpr (kWaits)
      if (ws_.on)
        for (uint32_t m = active; m != 0; m &= m - 1) {
          const uint32_t u = static_cast<uint32_t>(__builtin_ctz(m));
          count_wait(SwitchStage::Output, out_.front(o, u).pkt.cls, u,
                     u == vl ? SwitchWait::Granted : SwitchWait::Scheduler);
        }
    if (vl >= Sched::kVls || ((active >> vl) & 1u) == 0) continue;  // no grant this cycle
    if constexpr (kSocket)
      sched_[o].accept_via(*sched_block_, o, vl);
    else
      sched_[o].accept(vl);
    if constexpr (kMsg) {
      const Packet& head = out_.front(o, vl).pkt;
      msg_left_[o] = cfg_.msg_pkts[head.cls] - 1;
      msg_vl_[o] = static_cast<uint8_t>(vl);
      send_packet(o, vl, phits_of(head), now, sink);
      moved = true;
      continue;
    }
    send_packet(o, vl, head_phits[vl], now, sink);
    moved = true;
  }
  return moved;
}

template <class Sched, bool kOpa, bool kWaits>
void VlSwitch<Sched, kOpa, kWaits>::send_packet(uint32_t o, uint32_t vl, uint32_t L, Cycle now,
                                                StatsSink& sink) {
  const Packet pkt = out_.front(o, vl).pkt;
  out_.pop(o, vl);
  link_free_[o] = now + L;
  tx_release_[o] = now + L;
  tx_vl_[o] = static_cast<uint8_t>(vl);
  tx_phits_[o] = L;
  tx_pending_ |= uint64_t{1} << o;
  --resident_;
  if (is_injection_[o]) {
    Nic& nic = *nics_[o];
    if (nic.on_receive(pkt, now, now + L, sink)) wake_nic(o, nic.next_gen);
  } else {
    credits_[o].consume(vl, L);
    Link* out = out_link_[o];
    out->push_data(now + out->latency, [&](PacketMsg& msg) {
      msg.vc = static_cast<uint8_t>(vl);
      msg.pkt = pkt;
    });
  }
}

template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::send_other(Cycle now, StatsSink& sink) {
  if constexpr (kHasSocket) {
    switch (send_mode_) {
      case 1:
        return send<true, false>(now, sink);
      case 2:
        return send<false, true>(now, sink);
      default:
        return send<true, true>(now, sink);
    }
  } else {
    return send<false, true>(now, sink);
  }
}

template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::step_core(Cycle now, StatsSink& sink) {
  if constexpr (kWaits) ws_.on = ws_.w != nullptr && now >= ws_.w->start && now < ws_.w->end;
  bool moved = receive(now);
  // Output-buffer space of the packets whose tail has left on the link.
  for (uint64_t m = tx_pending_; m != 0; m &= m - 1) {
    const uint32_t o = static_cast<uint32_t>(__builtin_ctzll(m));
    if (tx_release_[o] > now) continue;
    out_space_[o].give_back(tx_vl_[o], tx_phits_[o]);
    tx_pending_ &= ~(uint64_t{1} << o);
  }
  for (uint64_t m = central_pending_; m != 0; m &= m - 1) {
    const uint32_t cb = static_cast<uint32_t>(__builtin_ctzll(m));
    if (central_release_[cb] > now) continue;
    central_space_[cb].give_back(central_release_vl_[cb], central_release_phits_[cb]);
    central_pending_ &= ~(uint64_t{1} << cb);
  }
  if (in_.port_mask() != 0 || (kOpa && central_.port_mask() != 0)) moved |= allocate(now);
  if (out_.port_mask() != 0)
    moved |= send_mode_ == 0 ? send<false, false>(now, sink) : send_other(now, sink);
  if (vl_edge_ != nullptr) [[unlikely]]
    vl_edge_->edge(vl_models_.data());
  return moved;
}

template <class Sched, bool kOpa, bool kWaits>
template <class F>
void VlSwitch<Sched, kOpa, kWaits>::for_each_shared_vl_buffer(F&& f) const {
  // Number o < P: the credits of input buffer o of the switch downstream of output o, held by
  // this switch ("down<o>", credits_[o]), or, on an injection port with a NIC, of this switch's
  // input buffer o, held by that NIC ("nic<o>", nic_credits_[o]: consumed by Nic::inject, given
  // back by Nic::take_credits when the NIC steps, sim/nic/nic.h; thesis 003 Sec. 5.3.1's
  // credit-based flow control on the NIC's link too).
  for (uint32_t o = 0; o < P_; ++o) {
    if (!is_injection_[o])
      f(o, "down" + std::to_string(o), cfg_.in_buffer, &credits_[o]);
    else if (nics_[o] != nullptr)
      f(o, "nic" + std::to_string(o), cfg_.in_buffer, &nic_credits_[o]);
  }
  for (uint32_t o = 0; o < P_; ++o)
    f(P_ + o, "out" + std::to_string(o), cfg_.out_buffer, &out_space_[o]);
  for (uint32_t cb = 0; cb < central_space_.size(); ++cb)
    f(2 * P_ + cb, "central" + std::to_string(cb), cfg_.central_buffer, &central_space_[cb]);
}

template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::shared_vl_buffers(std::vector<SharedVlBufferShape>& buffers,
                                                      std::string& /*why*/) const {
  buffers.clear();
  for_each_shared_vl_buffer([&](uint32_t index, std::string name,
                                const model::SharedVlBuffer& shape,
                                const model::SharedVlCredits* /*model*/) {
    buffers.push_back({index, std::move(name), shape});
  });
  return true;
}

template <class Sched, bool kOpa, bool kWaits>
void VlSwitch<Sched, kOpa, kWaits>::set_shared_vl_edge(
    std::unique_ptr<model::SharedVlCreditsEdge> edge) {
  if (vl_edge_ != nullptr)
    throw std::invalid_argument("switch " + std::to_string(id_) +
                                ": the shared VL buffers' edge is already set");
  vl_models_.assign(2 * P_ + central_space_.size(), nullptr);
  for_each_shared_vl_buffer(
      [&](uint32_t index, const std::string& /*name*/, const model::SharedVlBuffer& /*shape*/,
          const model::SharedVlCredits* model) { vl_models_[index] = model; });
  vl_edge_ = std::move(edge);
}

template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::dtable_schedulers(DTableShape& shape, std::string& why) const {
  if constexpr (!kDTable) {
    why =
        "the switches' output scheduler is not the DTable (router.output_scheduler=dtable has "
        "one per output port)";
    return false;
  } else {
    shape.ports = P_;
    shape.table = cfg_.dtable.get();
    shape.params = cfg_.dtable_params;
    return true;
  }
}

template <class Sched, bool kOpa, bool kWaits>
template <class B>
void VlSwitch<Sched, kOpa, kWaits>::set_sched_block(std::unique_ptr<B> block, const char* what) {
  if constexpr (!std::is_same_v<SchedSocket, B>) {
    (void)block;
    throw std::invalid_argument("switch " + std::to_string(id_) + ": its output scheduler is not " +
                                what);
  } else {
    // One installer: a second block would leave the first's holder (e.g. RouterModule's
    // forwarding block, systemc/router/router_module.cpp) pointing at a destroyed block.
    if (sched_block_ != nullptr)
      throw std::invalid_argument(
          "switch " + std::to_string(id_) + ": its output scheduler (" + what +
          ") already has a block; set_dtable_block, set_rr_block, set_drr_block, set_sbt_block "
          "and set_ib_vlarb_block install one once (a router module's: RouterModule::set_dtable, "
          "set_rr, set_drr, set_sbt, set_ib_vlarb, which replace its outputs' blocks)");
    sched_block_ = std::move(block);
    send_mode_ |= 1;
  }
}

template <class Sched, bool kOpa, bool kWaits>
void VlSwitch<Sched, kOpa, kWaits>::set_dtable_block(std::unique_ptr<model::DTableBlock> block) {
  set_sched_block(std::move(block), "the DTable");
}

template <class Sched, bool kOpa, bool kWaits>
void VlSwitch<Sched, kOpa, kWaits>::set_drr_block(std::unique_ptr<model::DrrBlock> block) {
  set_sched_block(std::move(block), "DRR");
}

template <class Sched, bool kOpa, bool kWaits>
void VlSwitch<Sched, kOpa, kWaits>::set_rr_block(std::unique_ptr<model::RrBlock> block) {
  set_sched_block(std::move(block), "round robin");
}

template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::rr_schedulers(RrShape& shape, std::string& why) const {
  if constexpr (!kRr) {
    why =
        "the switches' output scheduler is not round robin (router.output_scheduler=rr has an "
        "SL arbiter per output port)";
    return false;
  } else {
    shape.ports = P_;
    shape.sls = cfg_.sls;
    return true;
  }
}

template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::drr_schedulers(DrrShape& shape, std::string& why) const {
  if constexpr (!kDrr) {
    why =
        "the switches' output scheduler is not DRR (router.output_scheduler=drr has one per "
        "output port)";
    return false;
  } else {
    shape.ports = P_;
    shape.params = cfg_.drr_params;
    shape.sls = cfg_.sls;
    shape.quanta = cfg_.scheduler.drr_quanta;
    return true;
  }
}

template <class Sched, bool kOpa, bool kWaits>
void VlSwitch<Sched, kOpa, kWaits>::set_sbt_block(std::unique_ptr<model::SbtBlock> block) {
  set_sched_block(std::move(block), "SBT");
}

template <class Sched, bool kOpa, bool kWaits>
void VlSwitch<Sched, kOpa, kWaits>::set_ib_vlarb_block(std::unique_ptr<model::IbVlArbBlock> block) {
  set_sched_block(std::move(block), "the IB VL arbiter");
}

template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::sbt_schedulers(SbtShape& shape, std::string& why) const {
  if constexpr (!kSbt) {
    why =
        "the switches' output scheduler is not SBT (router.output_scheduler=sbt has one per "
        "output port)";
    return false;
  } else {
    shape.ports = P_;
    shape.sls = cfg_.sls;
    shape.weights = cfg_.scheduler.sbt_weights;
    return true;
  }
}

template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::ib_vlarb_schedulers(IbVlArbShape& shape,
                                                        std::string& why) const {
  if constexpr (!kIbVlArb) {
    why =
        "the switches' output scheduler is not the IB VL arbiter (router.output_scheduler=ib_vlarb "
        "has one per output port)";
    return false;
  } else {
    shape.ports = P_;
    shape.vls = cfg_.vls;
    shape.high.clear();
    shape.low.clear();
    for (const auto& e : cfg_.scheduler.table.high)
      shape.high.push_back({static_cast<uint8_t>(e.vl), static_cast<uint8_t>(e.weight)});
    for (const auto& e : cfg_.scheduler.table.low)
      shape.low.push_back({static_cast<uint8_t>(e.vl), static_cast<uint8_t>(e.weight)});
    shape.limit = cfg_.scheduler.table.limit;
    // The heads send() passes: a message (qos.atomic_messages) or a packet, in 64-B units.
    uint32_t max_phits = cfg_.max_unit_phits;
    for (uint32_t s = 0; s < cfg_.sls; ++s) max_phits = std::max(max_phits, cfg_.phits[s]);
    shape.max_units = max_phits / cfg_.scheduler.flits_per_unit;
    return true;
  }
}

template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::switch_allocator(SwitchAllocatorShape& shape) const {
  if constexpr (kOpa) {
    return false;
  } else {
    shape.inputs = P_;
    shape.vcs = V_;
    shape.outputs = P_;
    shape.iterations = alloc_.iterations();
    shape.round_robin = true;
    return true;
  }
}

template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::replace_allocator(
    std::unique_ptr<model::AllocatorCore>& alloc) {
  if constexpr (kOpa) {
    return false;
  } else {
    if (alloc->inputs() != P_ || alloc->vcs() != V_ || alloc->outputs() != P_)
      throw std::invalid_argument(
          "switch " + std::to_string(id_) + ": an allocator of " + std::to_string(alloc->inputs()) +
          " inputs, " + std::to_string(alloc->vcs()) + " VLs and " +
          std::to_string(alloc->outputs()) + " outputs; the switch's VA-SA has " +
          std::to_string(P_) + ", " + std::to_string(V_) + " and " + std::to_string(P_));
    alloc_socket_ = std::move(alloc);
    ib_mode_ |= 1;
    return true;
  }
}

template <class Sched, bool kOpa, bool kWaits>
void VlSwitch<Sched, kOpa, kWaits>::switch_allocators(
    std::vector<SwitchAllocatorShape>& shapes) const {
  shapes.clear();
  if constexpr (kOpa) {
    for (uint32_t m = 0; m < mport_alloc_.size(); ++m) {
      const model::SeparableAllocator& a = mport_alloc_[m];
      shapes.push_back(SwitchAllocatorShape{a.inputs(), a.vcs(), a.outputs(), a.iterations(), true,
                                            "mport" + std::to_string(m)});
    }
    const model::SeparableAllocator& a = central_alloc_;
    shapes.push_back(
        SwitchAllocatorShape{a.inputs(), a.vcs(), a.outputs(), a.iterations(), true, "central"});
  } else {
    SwitchAllocatorShape s;
    switch_allocator(s);
    shapes.push_back(s);
  }
}

template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::replace_switch_allocator(
    uint32_t index, std::unique_ptr<model::AllocatorCore>& alloc) {
  if constexpr (kOpa) {
    const uint32_t mports = static_cast<uint32_t>(mport_alloc_.size());
    if (index > mports) return false;
    const model::AllocatorCore& native =
        index < mports ? static_cast<const model::AllocatorCore&>(mport_alloc_[index])
                       : central_alloc_;
    if (alloc->inputs() != native.inputs() || alloc->vcs() != native.vcs() ||
        alloc->outputs() != native.outputs())
      throw std::invalid_argument(
          "switch " + std::to_string(id_) + ": an allocator of " + std::to_string(alloc->inputs()) +
          " inputs, " + std::to_string(alloc->vcs()) + " VLs and " +
          std::to_string(alloc->outputs()) + " outputs; the switch's " +
          (index < mports ? "MPort " + std::to_string(index) : std::string("central")) +
          " allocator has " + std::to_string(native.inputs()) + ", " +
          std::to_string(native.vcs()) + " and " + std::to_string(native.outputs()));
    (index < mports ? mport_core_[index] : central_core_) = alloc.get();
    opa_blocks_.push_back(std::move(alloc));
    opa_mode_ |= 2;
    return true;
  } else {
    return index == 0 && replace_allocator(alloc);
  }
}

template <class Sched, bool kOpa, bool kWaits>
bool VlSwitch<Sched, kOpa, kWaits>::settled(Cycle now) const {
  if (central_pending_ != 0) return false;
  for (uint32_t cb = 0; kOpa && cb < central_in_busy_.size(); ++cb) {
    if (central_in_busy_[cb] > now || central_out_busy_[cb] > now) return false;
    for (uint32_t m = central_.vl_mask(cb); m != 0; m &= m - 1) {
      const uint32_t vl = static_cast<uint32_t>(__builtin_ctz(m));
      const VlFifos::Entry& e = central_.front(cb, vl);
      if (e.ready >= now || out_space_[e.port].can_send(vl, phits_of(e.pkt))) return false;
    }
  }
  for (uint32_t i = 0; i < P_; ++i) {
    const Link* L = in_link_[i];
    const Nic* nic = nics_[i];
    if (L != nullptr && !L->data.empty()) return false;
    if (L != nullptr && !L->credits.empty() && (nic == nullptr || nic->q_count != 0)) return false;
    if (in_busy_[i] > now || out_busy_[i] > now) return false;
    // An output-buffer head moves by itself unless it waits for credits downstream.
    for (uint32_t m = out_.vl_mask(i); m != 0; m &= m - 1) {
      const uint32_t vl = static_cast<uint32_t>(__builtin_ctz(m));
      const VlFifos::Entry& e = out_.front(i, vl);
      if (e.ready >= now || is_injection_[i] || credits_[i].can_send(vl, phits_of(e.pkt)))
        return false;
    }
    if (kOpa && out_busy_central_[i] > now) return false;
    if (((tx_pending_ >> i) & 1u) != 0 && tx_release_[i] > now) return false;
    if (nic != nullptr && nic->q_count != 0 && nic->link_free_at > now) return false;
    if (nic != nullptr && cfg_.backlogged && now < nic->gen_stop) return false;
    for (uint32_t m = in_.vl_mask(i); m != 0; m &= m - 1)
      if (in_.front(i, static_cast<uint32_t>(__builtin_ctz(m))).ready >= now) return false;
  }
  return true;
}

template <class Sched, bool kOpa, bool kWaits>
std::string VlSwitch<Sched, kOpa, kWaits>::describe_blocked(Cycle now, size_t max_lines) const {
  std::ostringstream os;
  size_t lines = 0;
  for (uint32_t i = 0; i < P_ && lines < max_lines; ++i) {
    for (uint32_t v = 0; v < V_ && lines < max_lines; ++v) {
      if (in_.count(i, v) == 0) continue;
      const Packet& p = in_.front(i, v).pkt;
      const Head& h = heads_[i * V_ + v];
      os << "  switch " << id_ << " input port " << i << " VL " << v << ": " << in_.count(i, v)
         << " packet(s); head SL " << unsigned(p.cls) << " src " << p.src << " -> dst " << p.dst
         << " generated at cycle " << p.t_gen;
      if (h.routed)
        os << ", wants output " << unsigned(h.out_port) << " VL " << unsigned(h.out_vl)
           << " (output buffer room " << out_space_[h.out_port].credits(h.out_vl) << "/"
           << phits_of(p) << " needed)";
      os << "\n";
      ++lines;
    }
  }
  for (uint32_t cb = 0; kOpa && cb < central_in_busy_.size() && lines < max_lines; ++cb) {
    for (uint32_t vl = 0; vl < V_ && lines < max_lines; ++vl) {
      if (central_.count(cb, vl) == 0) continue;
      const VlFifos::Entry& e = central_.front(cb, vl);
      os << "  switch " << id_ << " central buffer " << cb << " VL " << vl << ": "
         << central_.count(cb, vl) << " packet(s); head for output " << unsigned(e.port)
         << " (output buffer room " << out_space_[e.port].credits(vl) << "/" << phits_of(e.pkt)
         << " needed)\n";
      ++lines;
    }
  }
  for (uint32_t o = 0; o < P_ && lines < max_lines; ++o) {
    for (uint32_t vl = 0; vl < V_ && lines < max_lines; ++vl) {
      if (out_.count(o, vl) == 0) continue;
      const Packet& p = out_.front(o, vl).pkt;
      os << "  switch " << id_ << " output port " << o << " VL " << vl << ": " << out_.count(o, vl)
         << " packet(s) waiting for the link (free at cycle " << link_free_[o] << ", now " << now;
      if (!is_injection_[o])
        os << "; downstream credits " << credits_[o].credits(vl) << "/" << phits_of(p) << " needed";
      os << ")\n";
      ++lines;
    }
  }
  return os.str();
}

}  // namespace netcosim
