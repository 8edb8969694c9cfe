// The CIOQ router's definitions (sim/router/cioq/router.h), templates on the credit model:
// router.cpp instantiates them for the library's credit models, and a test may include this file
// to instantiate a model of its own.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "sim/router/cioq/router.h"
#include "sim/router/cioq/router_allocate.h"

namespace netcosim {

// The router's RNG stream (sim/util/rng.h): stream 2, index the router id.
inline constexpr uint64_t kRouterRngStream = 2;

template <class Credits>
CioqRouter<Credits>::CioqRouter(uint32_t id, const RouterConfig& cfg,
                                const RoutingAlgorithm& routing, const Topology& topo,
                                uint64_t seed, uint32_t wheel_size)
    : id_(id),
      topo_(topo),
      cfg_(cfg),
      routing_(routing),
      rng_(seed, kRouterRngStream, id),
      P_(cfg.radix()),
      V_(cfg.max_vcs()),
      S_(cfg.packet_size),
      X_(cfg.xfer_cycles()),
      single_hop_class_(topo.single_hop_class()),
      in_link_(P_, nullptr),
      out_link_(P_, nullptr),
      alloc_(P_, V_, P_, cfg.iterations),
      credits_(P_),
      nic_credits_(P_),
      adaptive_(routing.adaptive()),
      sensing_(routing.sensor_needs().any()),
      counting_(routing.sensor_needs().contention),
      count_queued_(cfg.count_queued),
      count_until_tail_(cfg.count_until_tail && counting_),
      xbar_until_tail_(cfg.xbar_until_tail),
      count_at_send_(cfg.count_at_send && counting_),
      sensors_(routing.sensor_needs(), topo, id, cfg.radix(), cfg.vcs[topo.single_hop_class()]) {
  assert(P_ <= 64);
  assert(counting_ == sensors_.counting());
  // head_until_tail: per input port, at most ceil(S / X) - 1 earlier packets whose tails are
  // still arriving (ContentionSensor::reserve_late).
  if (count_until_tail_) sensors_.reserve_late(P_ * ((S_ + X_ - 1) / X_));
  data_wheel_.init(wheel_size);
  credit_wheel_.init(wheel_size);
  nics_.by_port.assign(P_, nullptr);
  // Input buffers: whole packets per VC (VCT), as many as the credit model lets one VC hold
  // (buffer[class] for static buffers).
  in_.init(P_, V_, [&](uint32_t i, uint32_t v) {
    const PortClass k = cfg.classes[i];
    return v < cfg.vcs[k] ? Credits::vc_limit_phits(port_buffer(k)) / S_ : 0u;
  });
  // Output FIFOs and the credit models of the downstream input buffers (a link's two ends share
  // its class, docs/architecture.md "Port classes").
  out_.init(P_, cfg.buffer_output / S_);
  for (uint32_t o = 0; o < P_; ++o) {
    is_injection_[o] = cfg.classes[o] == kInjectionClass;
    if (!is_injection_[o]) credits_[o] = Credits(port_buffer(cfg.classes[o]));
  }
  // The allocator's arbiters (docs/model.md "Arbiters"): rr / rr is alloc_; another pair gets
  // its own allocator, whose transit inputs are the ports that are not injection ports.
  if (cfg.input_arbitration != ArbPolicy::Rr || cfg.output_arbitration != ArbPolicy::Rr ||
      cfg.allocator_options.input_update_on_request) {
    uint64_t transit = 0;
    for (uint32_t i = 0; i < P_; ++i)
      if (!is_injection_[i]) transit |= uint64_t{1} << i;
    policy_alloc_ = make_policy_allocator(cfg.input_arbitration, cfg.output_arbitration, P_, V_,
                                          cfg.iterations, transit, cfg.allocator_options);
    ages_ = policy_alloc_->has_ages();
    age_from_injection_ = cfg.age_stamp == AgeStamp::Injection;
  }
  set_vc_selection(cfg.vc_selection);
  mincred_ = cfg.mincred;
  if (mincred_) min_occupancy_.assign(size_t{P_} * V_, 0);
  if (sensors_.saturation_min_only()) {
    if (!mincred_)
      throw std::logic_error(
          "CioqRouter: PiggyBack's bits read minCred's counts, which "
          "routing.mincred=off does not keep");
    sensors_.set_min_counts(min_occupancy_.data(), V_);
  }
  PortView::Wiring w;
  w.min_occupancy = cfg.mincred ? min_occupancy_.data() : nullptr;
  w.min_stride = V_;
  w.classes = cfg_.classes.data();
  w.radix = P_;
  w.vcs = cfg_.vcs;
  w.credits = model::CreditArray(credits_.data());
  w.fifos = out_.levels();
  w.fifo_stride = sizeof(Outputs::Queue);
  w.fifo_vls = FirstComeScheduler::kVls;
  w.fifo_capacity = cfg_.buffer_output;
  w.packet_size = S_;
  w.contention = &sensors_.contention();
  w.sensors = &sensors_;
  view_.wire(w);
  view_.router = id_;
}

template <class Credits>
bool CioqRouter<Credits>::replace_allocator(std::unique_ptr<model::AllocatorCore>& alloc) {
  if (alloc->inputs() != P_ || alloc->vcs() != V_ || alloc->outputs() != P_)
    throw std::invalid_argument(
        "router " + std::to_string(id_) + ": an allocator of " + std::to_string(alloc->inputs()) +
        " inputs, " + std::to_string(alloc->vcs()) + " VCs and " +
        std::to_string(alloc->outputs()) + " outputs cannot replace its allocator of " +
        std::to_string(P_) + " ports and " + std::to_string(V_) + " VCs");
  policy_alloc_ = std::move(alloc);
  ages_ = policy_alloc_->has_ages();
  set_vc_selection(cfg_.vc_selection);  // the allocation function of the new block
  return true;
}

template <class Credits>
void CioqRouter<Credits>::set_vc_selection(VcSelection s) {
  if constexpr (std::is_same_v<Credits, model::StaticCredits>) {
    if (vc_block_ != nullptr) {  // the selections through the block (select_vc)
      switch (s) {
        case VcSelection::Highest:
          return use_vc_selector<SocketedVc<HighestVc>>();
        case VcSelection::Lowest:
          return use_vc_selector<SocketedVc<LowestVc>>();
        case VcSelection::Random:
          throw std::invalid_argument("router " + std::to_string(id_) +
                                      ": router.vc_selection=random has no VC selector block");
        case VcSelection::Jsq:
          break;
      }
      return use_vc_selector<SocketedVc<JsqVc>>();
    }
  }
  switch (s) {
    case VcSelection::Highest:
      return use_vc_selector<HighestVc>();
    case VcSelection::Lowest:
      return use_vc_selector<LowestVc>();
    case VcSelection::Random:
      return use_vc_selector<RandomVc>();
    case VcSelection::Jsq:
      break;
  }
  use_vc_selector<JsqVc>();
}

template <class Credits>
void CioqRouter<Credits>::attach_nic(uint32_t port, Nic* nic) {
  assert(is_injection_[port]);
  nics_.by_port[port] = nic;
  if (nic->reply_limit != 0) reply_gate_ = special_nics_ = true;
  nic_credits_[port] = Credits(port_buffer(kInjectionClass));
  nics_.ports.push_back(port);
  nics_.mask |= uint64_t{1} << port;
  nics_.wake[port] = nic->next_gen;
  if (nic->next_gen < nics_.wake_min) nics_.wake_min = nic->next_gen;
  if (nic->q_count != 0) nics_.wake_for_queue(port, nic->link_free_at);
  in_link_[port] = nic->link;
  nic->link->data_wheel = &data_wheel_;
  nic->link->credit_wheel = nullptr;
}

template <class Credits>
void CioqRouter<Credits>::head_arrived(uint32_t i, StaticInputUnit::VcBuffer& b,
                                       const Packet& pkt) {
  b.min_out = static_cast<uint8_t>(routing_.minimal_output(id_, pkt));
  sensors_.head_arrived(i, b.min_out, pkt.dst);
}

// Head rule (thesis 000 Sec. 4.2.1.1; seed 001 Sec. III-B): a header is at the head of its buffer
// once it is the only packet of the VC and the tail of the VC's previous packet has left; while
// that tail is still crossing (the input port busy with a transfer of this VC), the header is
// counted when the tail leaves (count_next_heads), so a VC counts at most one packet at a time.
// Queued rule: every packet from its arrival.
template <class Credits>
void CioqRouter<Credits>::count_arrival(uint32_t i, uint32_t v, const Packet& pkt, Cycle now) {
  if (count_queued_) {
    if (count_at_send_) {  // counted when it was sent (count_sent)
      --sent_counted_[i];
      return;
    }
    sensors_.head_arrived(i, routing_.minimal_output(id_, pkt), pkt.dst);
    return;
  }
  StaticInputUnit::VcBuffer& b = in_.vc(i, v);
  // The VC's previous packet is still counted (head: until the transfer ends; head_until_tail:
  // until its tail has arrived, which may be later).
  const Cycle counted_until = count_until_tail_ ? sensors_.tail_at(i) : in_.busy_until(i);
  if (b.count == 1 && !(counted_until > now && leaving_vc_[i] == v)) head_arrived(i, b, pkt);
}

// The tails of `left` have left their input buffers (head rule): the next packet of each such VC
// now has its header at the head of the buffer. A header that arrived in this very cycle was
// counted on arrival already.
template <class Credits>
void CioqRouter<Credits>::count_next_heads(uint64_t left) {
  for (; left != 0; left &= left - 1) {
    const uint32_t i = static_cast<uint32_t>(__builtin_ctzll(left));
    count_next_head(i, leaving_vc_[i]);
  }
}

template <class Credits>
void CioqRouter<Credits>::count_next_head(uint32_t i, uint32_t v) {
  StaticInputUnit::VcBuffer& b = in_.vc(i, v);
  if (b.count != 0 && b.min_out == StaticInputUnit::kNotCounted) head_arrived(i, b, in_.head(b));
}

// A packet sent in cycle s arrives at s + latency; at the start of cycle `now` every producer has
// finished cycle now - 1 (the engines run with a lookahead of one cycle under this rule), so the
// packets sent before `now` are on the links, and the ones sent in `now` by a router that already
// stepped are skipped by their send cycle: the count does not depend on the evaluation order.
template <class Credits>
void CioqRouter<Credits>::count_sent(Cycle now) {
  for (uint32_t i = 0; i < P_; ++i) {
    const Link* L = in_link_[i];
    if (L == nullptr) continue;
    const uint32_t queued = L->data.size();
    for (; sent_counted_[i] < queued; ++sent_counted_[i]) {
      const PacketMsg& m = L->data.at(sent_counted_[i]);
      if (m.arrive - L->latency >= now) break;
      sensors_.head_arrived(i, routing_.minimal_output(id_, m.pkt), m.pkt.dst);
    }
  }
}

// Phase 1 of the cycle: take the packets and credits whose arrival cycle has come.
template <class Credits>
bool CioqRouter<Credits>::receive(Cycle now) {
  bool got = false;
  const uint64_t arrived = data_wheel_.take(now);
  const uint64_t credited = credit_wheel_.take(now);
  // Memory-level parallelism (docs/performance.md "The bench row against ed6126c"): the links,
  // input VC records and credit counters of every port with an arrival (packet or credit) are
  // fetched at once; on a large network each is a cache miss, and taken one port at a time the
  // misses are serial.
  for (uint64_t m = arrived; m != 0; m &= m - 1) {
    const uint32_t i = static_cast<uint32_t>(__builtin_ctzll(m));
    __builtin_prefetch(in_link_[i]);
    in_.prefetch_port(i);
  }
  for (uint64_t m = credited; m != 0; m &= m - 1) {
    const uint32_t o = static_cast<uint32_t>(__builtin_ctzll(m));
    __builtin_prefetch(out_link_[o]);
    __builtin_prefetch(&credits_[o]);
  }
  // Then the oldest message of each ring, whose address the link's line holds.
  for (uint64_t m = arrived; m != 0; m &= m - 1)
    in_link_[static_cast<uint32_t>(__builtin_ctzll(m))]->data.prefetch_oldest();
  for (uint64_t m = credited; m != 0; m &= m - 1)
    out_link_[static_cast<uint32_t>(__builtin_ctzll(m))]->credits.prefetch_oldest();
  for (uint64_t m = arrived; m != 0; m &= m - 1) {
    const uint32_t i = static_cast<uint32_t>(__builtin_ctzll(m));
    Link* L = in_link_[i];
    while (const PacketMsg* msg = L->data.ready(now)) {
      const Packet& slot = in_.push(i, msg->vc, msg->pkt, msg->arrive + cfg_.latency);
      if (counting_) count_arrival(i, msg->vc, slot, now);
      if (!is_injection_[i]) ++resident_;  // injected packets were counted in the source queue
      L->data.pop();
      got = true;
    }
  }
  if (credited == 0) return got;
  // A credit counters' edge (set_credit_edge): the ports of the previous cycle's consumes are
  // marked in this cycle's slot too (note_consumes), so the edge is reached from here, and the
  // native path tests the pointer only in the cycles credits arrive.
  if (credit_edge_ != nullptr) [[unlikely]] {
    take_credits_edged(credited, now);
    return got;
  }
  for (uint64_t m = credited; m != 0; m &= m - 1) {
    const uint32_t o = static_cast<uint32_t>(__builtin_ctzll(m));
    Link* L = out_link_[o];
    while (const CreditMsg* c = L->credits.ready(now)) {
      if ((c->vc & CreditMsg::kMinimal) == 0) [[likely]]
        credits_[o].give_back(c->vc, c->phits);
      else
        take_minimal_credit(o, c->vc & ~CreditMsg::kMinimal, c->phits);
      L->credits.pop();
    }
  }
  return got;
}

// The credits of `ports` with a credit counters' edge set: as receive() takes them, each also
// recorded; then the edge (the consumes of the previous allocation, the returns of this cycle).
// `ports` also holds the outputs of the previous cycle's consumes (note_consumes marks them).
template <class Credits>
void CioqRouter<Credits>::take_credits_edged(uint64_t ports, Cycle now) {
  model::CreditCountersEdge::Events& ev = credit_edge_->events();
  for (uint64_t m = ports; m != 0; m &= m - 1) {
    const uint32_t o = static_cast<uint32_t>(__builtin_ctzll(m));
    Link* L = out_link_[o];
    while (const CreditMsg* c = L->credits.ready(now)) {
      const uint32_t vc = c->vc & ~CreditMsg::kMinimal;
      if ((c->vc & CreditMsg::kMinimal) == 0)
        credits_[o].give_back(vc, c->phits);
      else
        take_minimal_credit(o, vc, c->phits);
      ev.give_back(o, vc, c->phits);
      L->credits.pop();
    }
  }
  if constexpr (std::is_same_v<Credits, model::StaticCredits>) {
    if (ev.any()) credit_edge_->edge(credits_.data());
  }
}

template <class Credits>
bool CioqRouter<Credits>::credit_counters(std::vector<CreditCounterShape>& ports,
                                          std::string& why) const {
  ports.clear();
  if constexpr (!std::is_same_v<Credits, model::StaticCredits>) {
    why =
        "router.buffer_model=damq: the downstream buffers are pools shared by their VCs "
        "(sim/blocks/damq_credits.h), not the per-VC counters of rtl/credit_counter.sv";
    return false;
  } else {
    for (uint32_t o = 0; o < P_; ++o)
      if (!is_injection_[o]) ports.push_back({o, credits_[o].vcs(), credits_[o].capacity()});
    return true;
  }
}

template <class Credits>
void CioqRouter<Credits>::set_credit_edge(std::unique_ptr<model::CreditCountersEdge> edge) {
  if constexpr (!std::is_same_v<Credits, model::StaticCredits>) {
    throw std::invalid_argument("router " + std::to_string(id_) +
                                ": its credit model has no per-VC credit counters");
  } else {
    credit_edge_ = std::move(edge);
    set_vc_selection(cfg_.vc_selection);  // the allocation function that records the consumes
  }
}

template <class Credits>
bool CioqRouter<Credits>::vc_selectors(std::vector<CreditCounterShape>& ports, VcSelection& sel,
                                       std::string& why) const {
  sel = cfg_.vc_selection;
  if constexpr (!std::is_same_v<Credits, model::StaticCredits>) {
    ports.clear();
    why =
        "router.buffer_model=damq: a VC's room downstream is its share of a pool "
        "(sim/blocks/damq_credits.h), not the per-VC count rtl/vc_selector.sv compares with the "
        "packet size";
    return false;
  } else {
    return credit_counters(ports, why);  // one selector per output with a downstream buffer
  }
}

template <class Credits>
void CioqRouter<Credits>::set_vc_selector_block(std::unique_ptr<model::VcSelectorBlock> block) {
  if constexpr (!std::is_same_v<Credits, model::StaticCredits>) {
    throw std::invalid_argument("router " + std::to_string(id_) +
                                ": its credit model has no per-VC credit counts");
  } else {
    if (cfg_.vc_selection == VcSelection::Random)
      throw std::invalid_argument("router " + std::to_string(id_) +
                                  ": router.vc_selection=random has no VC selector block");
    vc_block_ = std::move(block);
    set_vc_selection(cfg_.vc_selection);  // the allocation function through the block
  }
}

// minCred (thesis 000 Sec. 5.2.4): a flagged credit frees phits of a minimally routed packet, in
// the combined count and in the minimal-only one (never flagged when minCred is off).
template <class Credits>
void CioqRouter<Credits>::take_minimal_credit(uint32_t o, uint32_t vc, uint32_t phits) {
  credits_[o].give_back(vc, phits);
  assert(min_occupancy_[size_t{o} * V_ + vc] >= phits);
  min_occupancy_[size_t{o} * V_ + vc] -= phits;
}

// A node (sim/nic/nic.h); the router keeps the next cycle the NIC has something to do (NicTable)
// and counts the queued packets as resident.
template <class Credits>
bool CioqRouter<Credits>::nic_step(uint32_t port, Cycle now, StatsSink& sink) {
  Nic& nic = *nics_.by_port[port];
  const Nic::StepResult r = nic.step(now, sink, S_, nic_credits_[port]);
  resident_ += r.queued;
  Cycle wake = nic.next_gen;
  if (nic.owed_count != 0) [[unlikely]]  // replies owed after this cycle (Nic::answer)
    wake = now + 1 < wake ? now + 1 : wake;
  if (nic.q_count != 0) {  // the link's next free cycle, or the next cycle if it waits for credits
    const Cycle inject = nic.link_free_at > now ? nic.link_free_at : now + 1;
    if (inject < wake) wake = inject;
  }
  nics_.wake[port] = wake;
  return r.injected;
}

// A NIC with a bounded reply queue (Nic::step_bounded): woken as any NIC, its reply queue's
// packets as its source queue's.
template <class Credits>
bool CioqRouter<Credits>::nic_step_bounded(uint32_t port, Cycle now, StatsSink& sink) {
  Nic& nic = *nics_.by_port[port];
  const Nic::StepResult r = nic.step_bounded(now, sink, S_, nic_credits_[port]);
  resident_ += r.queued;
  Cycle wake = nic.next_gen;
  if (nic.owed_count != 0 && now + 1 < wake) wake = now + 1;
  if (nic.q_count != 0 || nic.rq_count != 0) {
    const Cycle inject = nic.link_free_at > now ? nic.link_free_at : now + 1;
    if (inject < wake) wake = inject;
  }
  nics_.wake[port] = wake;
  return r.injected;
}

template <class Credits>
bool CioqRouter<Credits>::nic_step_special(uint32_t port, Cycle now, StatsSink& sink) {
  const Nic& nic = *nics_.by_port[port];
  if (nic.sat != nullptr) return nic_step_sat(port, now, sink);
  if (nic.reply_limit != 0) return nic_step_bounded(port, now, sink);
  return nic_step(port, now, sink);
}

// A NIC under SAT (Nic::step_sat; docs/model.md "SAT injection throttling"): woken as any NIC,
// except that a NIC at its count k waits for the signal rather than for its link, and the signal's
// arrival wakes it (SatNic::due).
template <class Credits>
bool CioqRouter<Credits>::nic_step_sat(uint32_t port, Cycle now, StatsSink& sink) {
  Nic& nic = *nics_.by_port[port];
  const Nic::StepResult r = nic.step_sat(now, sink, S_, nic_credits_[port]);
  resident_ += r.queued;
  const SatNic& s = *nic.sat;
  Cycle wake = nic.next_gen;
  if (nic.owed_count != 0 && now + 1 < wake) wake = now + 1;
  if (nic.q_count != 0 && s.count < s.k) {
    const Cycle inject = nic.link_free_at > now ? nic.link_free_at : now + 1;
    if (inject < wake) wake = inject;
  }
  nics_.wake[port] = s.due < wake ? s.due : wake;
  return r.injected;
}

// step_nics when special_nics_ (SAT, a bounded reply queue): under SAT a NIC's forward may wake
// a NIC of this router that the pass has already read, so the minimum is taken after the pass.
template <class Credits>
bool CioqRouter<Credits>::step_nics_special(Cycle now, StatsSink& sink) {
  bool moved = false;
  for (uint64_t n = nics_.mask; n != 0; n &= n - 1) {
    const uint32_t port = static_cast<uint32_t>(__builtin_ctzll(n));
    if (nics_.wake[port] <= now) moved |= nic_step_special(port, now, sink);
  }
  update_wake_min();
  return moved;
}

// A nonminimal hop marks kMisrouted and kNonminimal and, on a local output, kLocalMisrouted; a
// routing's nonminimal decision marks kNonminimal and records where it was taken: on the source
// router's injection port, or in the source, destination or another (intermediate) group
// (docs/model.md §5).
template <class Credits>
void CioqRouter<Credits>::note_nonminimal(Packet& pkt, const RouteResult& r, uint32_t i,
                                          uint32_t o) const {
  const uint8_t m =
      misrouting_marks(r, cfg_.classes[o] != kInjectionClass && ((remote_out_ >> o) & 1) == 0);
  pkt.marks = static_cast<uint8_t>(pkt.marks | m);
  if (!r.nonminimal_decision) return;
  const uint8_t at =
      misrouted_at(cfg_.classes[i], topo_.partition_of_router(id_),
                   topo_.partition_of_node(pkt.src), topo_.partition_of_node(pkt.dst));
  pkt.misrouted_at = static_cast<uint8_t>(pkt.misrouted_at | at);
}

// Phase 3: each output FIFO starts its head packet on the link when the link is free.
template <class Credits>
bool CioqRouter<Credits>::send(Cycle now, StatsSink& sink) {
  return out_.send(now, S_, [&](uint32_t o, const Outputs::Entry& e) {
    --resident_;
    if (is_injection_[o]) {
      // Ejection: the node's NIC takes the packet (sim/nic/nic.h, Nic::on_receive), its tail
      // S_ cycles later (the node consumes one phit per cycle). When the source answers with a
      // new generation attempt, or the NIC queues a reply (request-reply traffic, Nic::answer),
      // the NIC is woken for it and the queued packets are counted as resident.
      Nic& nic = *nics_.by_port[o];
      if (nic.on_receive(e.pkt, now, now + S_, sink)) {
        const Cycle wake = nic.owed_count != 0 && now + 1 < nic.next_gen ? now + 1 : nic.next_gen;
        if (wake < nics_.wake[o]) {
          nics_.wake[o] = wake;
          if (wake < nics_.wake_min) nics_.wake_min = wake;
        }
      }
    } else {
      Link* L = out_link_[o];
      L->push_data(now + L->latency, [&](PacketMsg& m) {
        m.vc = e.vc;
        m.pkt = e.pkt;
      });
    }
  });
}

template <class Credits>
const RouterStepper& CioqRouter<Credits>::stepper() const {
  static const CycleStepper<CioqRouter> stepper;
  return stepper;
}

// The NICs that have something to do (NicTable::wake), in port order.
// One pass: a NIC's step changes only its own wake cycle, which is then taken into the minimum.
template <class Credits>
bool CioqRouter<Credits>::step_nics(Cycle now, StatsSink& sink) {
  if (now < nics_.wake_min) return false;
  if (special_nics_) [[unlikely]]
    return step_nics_special(now, sink);
  bool moved = false;
  Cycle wake_min = kNone;
  for (uint64_t n = nics_.mask; n != 0; n &= n - 1) {
    const uint32_t port = static_cast<uint32_t>(__builtin_ctzll(n));
    if (nics_.wake[port] <= now) moved |= nic_step(port, now, sink);
    if (nics_.wake[port] < wake_min) wake_min = nics_.wake[port];
  }
  nics_.wake_min = wake_min;
  return moved;
}

template <class Credits>
bool CioqRouter<Credits>::step_nic(uint32_t port, Cycle now, StatsSink& sink) {
  const bool moved = special_nics_ ? nic_step_special(port, now, sink) : nic_step(port, now, sink);
  update_wake_min();
  return moved;
}

template <class Credits>
void CioqRouter<Credits>::update_wake_min() {
  Cycle wake = kNone;
  for (uint64_t n = nics_.mask; n != 0; n &= n - 1) {
    const Cycle w = nics_.wake[__builtin_ctzll(n)];
    if (w < wake) wake = w;
  }
  nics_.wake_min = wake;
}

template <class Credits>
bool CioqRouter<Credits>::step_core(Cycle now, StatsSink& sink) {
  if (sensing_) {
    sensors_.begin_cycle(now);  // before this cycle changes the sensors
    if (count_at_send_) count_sent(now);
  }
  bool moved = receive(now);
  // From this cycle's credits (saturation bits) and the tails that have left by now, before
  // allocation reads the sensors.
  if (sensing_) {
    const uint64_t left = sensors_.credits_arrived(now, model::CreditArray(credits_.data()));
    if (left != 0 && !count_queued_) count_next_heads(left);
    if (count_until_tail_ && sensors_.late_tails_pending())
      sensors_.late_tails_left(now, [&](uint32_t i, uint32_t v) { count_next_head(i, v); });
  }
  if (in_.port_mask() != 0) moved |= (this->*allocate_)(now);
  if (out_.mask() != 0) moved |= send(now, sink);
  if (sensing_) sensors_.end_cycle();  // events of this cycle are visible from the next
  return moved;
}

template <class Credits>
RouterModel::HeadView CioqRouter<Credits>::head_view(uint32_t port, uint32_t vc) const {
  HeadView h;
  const StaticInputUnit::VcBuffer& b = in_.vc(port, vc);
  h.packets = b.count;
  if (b.count == 0) return h;
  h.head = &in_.head(b);
  h.routed = b.routed;
  h.out_port = b.out_port;
  h.out_vc = b.out_vc;
  return h;
}

// The counters of a router of p ports and v VCs per port (router_waits.cpp: their code stays out
// of router.cpp, whose compilation a run without --waits executes).
std::unique_ptr<HeadWaits> make_head_waits(uint32_t p, uint32_t v, Cycle start, Cycle end);

template <class Credits>
bool CioqRouter<Credits>::enable_head_waits(Cycle start, Cycle end) {
  if (credit_edge_ != nullptr || vc_block_ != nullptr)
    throw std::invalid_argument("router " + std::to_string(id_) +
                                ": the head-wait counters do not run with the RTL's credit "
                                "counters or VC selectors");
  waits_ = make_head_waits(P_, V_, start, end);
  set_vc_selection(cfg_.vc_selection);  // the counting allocation function
  return true;
}

template <class Credits>
bool CioqRouter<Credits>::settled(Cycle now) const {
  for (uint32_t i = 0; i < P_; ++i) {
    const Link* L = in_link_[i];
    const Nic* nic = nics_.by_port[i];
    if (L != nullptr && !L->data.empty()) return false;
    // A NIC takes its credits only while it has packets queued.
    if (L != nullptr && !L->credits.empty() &&
        (nic == nullptr || nic->q_count != 0 || nic->rq_count != 0))
      return false;
    const Outputs::Queue& q = out_.queue(i);
    if (in_.busy_until(i) > now || q.count != 0) return false;
    if (q.level.tx_pending && q.level.tx_release > now) return false;
    if (nic != nullptr && (nic->q_count != 0 || nic->rq_count != 0) && nic->link_free_at > now)
      return false;
    for (uint32_t m = in_.vc_mask(i); m != 0; m &= m - 1)
      if (in_.vc(i, static_cast<uint32_t>(__builtin_ctz(m))).head_ready >= now) return false;
  }
  return true;
}

template <class Credits>
std::string CioqRouter<Credits>::describe_blocked(Cycle now, size_t max_lines) const {
  std::ostringstream os;
  size_t lines = 0;
  for (uint32_t i = 0; i < P_ && lines < max_lines; ++i) {
    for (uint32_t v = 0; v < V_ && lines < max_lines; ++v) {
      const StaticInputUnit::VcBuffer& b = in_.vc(i, v);
      if (b.count == 0) continue;
      const Packet& p = in_.head(b);
      os << "  router " << id_ << " input port " << i << " VC " << v << ": " << b.count
         << " packet(s); head src " << p.src << " -> dst " << p.dst << " generated at cycle "
         << p.t_gen;
      if (b.routed) {
        const RouteResult& r = in_.route(i, v);
        const uint32_t o = r.port;
        const uint32_t vc = b.out_vc;
        os << ", wants output " << o << " VC " << vc;
        if (!is_injection_[o])
          os << " (downstream credits " << credits_[o].credits(vc) << "/" << S_ << " needed";
        else if (p.cls == Packet::kRequest && full_reply_queue_vc(o) >= 0)
          os << " (ejection; the node's reply queue is full: " << nics_.by_port[o]->reply_held
             << "/" << nics_.by_port[o]->reply_limit << " reply packets held";
        else
          os << " (ejection";
        os << ", output FIFO " << out_.queue(o).count << "/" << out_.queue(o).cap << " packets)";
      }
      os << "\n";
      ++lines;
    }
  }
  for (uint32_t o = 0; o < P_ && lines < max_lines; ++o) {
    const Outputs::Queue& q = out_.queue(o);
    if (q.count == 0) continue;
    os << "  router " << id_ << " output FIFO " << o << ": " << q.count
       << " packet(s) waiting for the link (free at cycle " << q.link_free_at << ", now " << now
       << ")\n";
    ++lines;
  }
  return os.str();
}

}  // namespace netcosim
