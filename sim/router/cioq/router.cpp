#include "sim/router/cioq/router.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <sstream>

namespace netcosim {

namespace {
constexpr uint64_t kRouterStream = 2;
}

Router::Router(uint32_t id, const RouterConfig& cfg, const RoutingAlgorithm& routing, uint64_t seed,
               uint32_t wheel_size)
    : id_(id),
      cfg_(cfg),
      routing_(routing),
      rng_(seed, kRouterStream, id),
      P_(cfg.radix()),
      V_(cfg.max_vcs()),
      S_(cfg.packet_size),
      X_(cfg.xfer_cycles()),
      in_link_(P_, nullptr),
      out_link_(P_, nullptr),
      nics_(P_, nullptr),
      vcb_(static_cast<size_t>(P_) * V_),
      route_(static_cast<size_t>(P_) * V_),
      vc_mask_(P_, 0),
      in_busy_until_(P_, 0),
      alloc_(P_, V_, P_, cfg.iterations),
      credits_(P_),
      outq_(P_),
      adaptive_(routing.adaptive()),
      track_contention_(routing.sensor_needs().contention),
      filter_alpha_256_(routing.sensor_needs().filter_alpha_256),
      track_filter_(routing.sensor_needs().filtered),
      contention_(P_, 8),
      dec_out_(P_, 0) {
  assert(P_ <= 64);
  data_wheel_.init(wheel_size);
  credit_wheel_.init(wheel_size);
  // Input buffers: buffer[kind] / packet_size whole packets per VC (VCT).
  uint32_t total = 0;
  for (uint32_t i = 0; i < P_; ++i) {
    const auto k = static_cast<unsigned>(cfg.kinds[i]);
    is_ejection_[i] = is_injection_[i] = cfg.kinds[i] == PortKind::Injection;
    for (uint32_t v = 0; v < cfg.vcs[k]; ++v) {
      VcBuffer& b = vcb_[i * V_ + v];
      b.base = total;
      b.cap = cfg.buffer[k] / S_;
      total += b.cap;
    }
  }
  slots_.resize(total);
  // Output FIFOs and the credit counters of the downstream input buffers.
  uint32_t out_total = 0;
  for (uint32_t o = 0; o < P_; ++o) {
    OutQueue& q = outq_[o];
    q.base = out_total;
    q.cap = cfg.buffer_output / S_;
    out_total += q.cap;
    const auto k = static_cast<unsigned>(cfg.kinds[o]);
    if (!is_ejection_[o]) credits_[o] = model::CreditCounter(cfg.vcs[k], cfg.buffer[k]);
  }
  out_slots_.resize(out_total);
  PortView::Wiring w;
  w.kinds = cfg_.kinds.data();
  w.radix = P_;
  w.vcs = cfg_.vcs;
  w.credits = credits_.data();
  w.fifos = &outq_[0].level;
  w.fifo_stride = sizeof(OutQueue);
  w.fifo_capacity = cfg_.buffer_output;
  w.packet_size = S_;
  w.contention = &contention_;
  w.sensors = this;
  view_.wire(w);
  view_.router = id_;
}

void Router::attach_nic(uint32_t port, Nic* nic) {
  assert(is_injection_[port]);
  nics_[port] = nic;
  nic_ports_.push_back(port);
  nic_mask_ |= uint64_t{1} << port;
  nic_gen_[port] = nic->next_gen;
  if (nic->q_count != 0) nic_queued_ |= uint64_t{1} << port;
  in_link_[port] = nic->link;
  nic->link->data_wheel = &data_wheel_;
  nic->link->credit_wheel = nullptr;
  if (nic->next_gen < next_gen_min_) next_gen_min_ = nic->next_gen;
}

// Phase 1 of the cycle: take the packets and credits whose arrival cycle has come.
bool Router::receive(Cycle now) {
  bool got = false;
  uint64_t m = data_wheel_.take(now);
  while (m != 0) {
    const uint32_t i = static_cast<uint32_t>(__builtin_ctzll(m));
    m &= m - 1;
    Link* L = in_link_[i];
    while (const PacketMsg* msg = L->data.ready(now)) {
      VcBuffer& b = vcb_[i * V_ + msg->vc];
      assert(b.count < b.cap && "credit protocol violated: input buffer overflow");
      uint32_t pos = b.head + b.count;
      if (pos >= b.cap) pos -= b.cap;
      Packet& slot = slots_[b.base + pos];
      slot = msg->pkt;
      slot.t_ready = msg->arrive + cfg_.latency;
      if (b.count == 0) b.head_ready = slot.t_ready;
      ++b.count;
      if (track_contention_ && b.count == 1)  // the header reached the head of the buffer
      {
        contention_.increment(routing_.minimal_output(id_, slot));
        if (track_ectn_) {
          const uint32_t g = ectn_group_of(i, slot);
          if (g != kNone) ++partial_[g];
        }
      }
      vc_mask_[i] |= uint32_t{1} << msg->vc;
      port_mask_ |= uint64_t{1} << i;
      if (!is_injection_[i]) ++resident_;  // injected packets were counted in the source queue
      L->data.pop();
      got = true;
    }
  }
  m = credit_wheel_.take(now);
  while (m != 0) {
    const uint32_t o = static_cast<uint32_t>(__builtin_ctzll(m));
    m &= m - 1;
    Link* L = out_link_[o];
    while (const CreditMsg* c = L->credits.ready(now)) {
      credits_[o].give_back(c->vc, c->phits);
      L->credits.pop();
    }
  }
  return got;
}

// A node (sim/nic/nic.h); the router keeps the NIC's next generation cycle and whether its source
// queue holds packets, and counts the queued packets as resident.
bool Router::nic_step(uint32_t port, Cycle now, StatsSink& sink) {
  Nic& nic = *nics_[port];
  const Nic::StepResult r = nic.step(now, sink, S_);
  resident_ += r.queued;
  nic_gen_[port] = nic.next_gen;
  if (nic.q_count != 0)
    nic_queued_ |= uint64_t{1} << port;
  else
    nic_queued_ &= ~(uint64_t{1} << port);
  return r.injected;
}

// Phase 2: routing at the head of each ready input VC, requests, separable allocation, and the
// crossbar transfers of the grants.
bool Router::allocate(Cycle now) {
  alloc_.clear_requests();
  bool any = false;
  uint64_t ports = port_mask_;
  while (ports != 0) {
    const uint32_t i = static_cast<uint32_t>(__builtin_ctzll(ports));
    ports &= ports - 1;
    if (in_busy_until_[i] > now) continue;
    uint32_t m = vc_mask_[i];
    while (m != 0) {
      const uint32_t v = static_cast<uint32_t>(__builtin_ctz(m));
      m &= m - 1;
      const uint32_t idx = i * V_ + v;
      VcBuffer& b = vcb_[idx];
      if (b.head_ready > now) continue;
      if (!b.routed || adaptive_) {
        view_.in_port = i;
        view_.in_vc = v;
        view_.now = now;
        const RouteResult r = routing_.route(view_, slots_[b.base + b.head], rng_);
        // A whole-object copy: a member-wise one stalled on store forwarding (padding bytes).
        std::memcpy(&route_[idx], &r, sizeof r);
        b.out_port = r.port;
        b.out_vc = r.vc;
        b.routed = true;
      }
      const uint32_t o = b.out_port;
      if (outq_[o].level.write_busy_until > now) continue;
      if (out_free(o, now) < S_) continue;
      if (!is_ejection_[o] && !credits_[o].can_send(b.out_vc, S_)) continue;
      alloc_.request(i, v, o);
      any = true;
    }
  }
  if (!any) return false;
  alloc_.evaluate();
  uint64_t g = alloc_.granted_inputs();
  const bool moved = g != 0;
  while (g != 0) {
    const uint32_t i = static_cast<uint32_t>(__builtin_ctzll(g));
    g &= g - 1;
    const uint32_t v = alloc_.grant_vc(i), o = alloc_.grant_out(i);
    const uint32_t idx = i * V_ + v;
    VcBuffer& b = vcb_[idx];
    Packet pkt = slots_[b.base + b.head];
    b.head = (b.head + 1 == b.cap) ? 0 : b.head + 1;
    if (track_contention_) {
      // The tail leaves when the transfer ends; the next packet's header is now at the head.
      dec_out_[i] = static_cast<uint8_t>(routing_.minimal_output(id_, pkt));
      if (track_ectn_) dec_group_[i] = ectn_group_of(i, pkt);
      dec_mask_ |= uint64_t{1} << i;
      if (b.count > 1) {
        const Packet& next = slots_[b.base + b.head];
        contention_.increment(routing_.minimal_output(id_, next));
        if (track_ectn_) {
          const uint32_t g = ectn_group_of(i, next);
          if (g != kNone) ++partial_[g];
        }
      }
    }
    if (--b.count == 0) {
      b.head = 0;  // restart at the first slot: near-empty buffers reuse cache-hot slots
      vc_mask_[i] &= ~(uint32_t{1} << v);
      if (vc_mask_[i] == 0) port_mask_ &= ~(uint64_t{1} << i);
    } else {
      b.head_ready = slots_[b.base + b.head].t_ready;
    }
    const RouteResult r = route_[idx];
    b.routed = false;
    if (vc_check_ != nullptr)
      check_vc_order(*vc_check_, routing_.name(), id_, i, cfg_.kinds[i], v, o, cfg_.kinds[o], r,
                     pkt, now);
    // A phase change takes effect before this hop's own effects: when the hop leaving the
    // intermediate router is global, it is the global hop of the new phase (docs/model.md §4).
    if (r.set_phase != 0xff && r.set_phase != pkt.phase) {
      pkt.phase = r.set_phase;
      pkt.flags &= static_cast<uint8_t>(~Packet::kGlobalDoneInPhase);
    }
    if (cfg_.kinds[o] == PortKind::Global) {
      ++pkt.hops_global;
      pkt.flags |= Packet::kGlobalDoneInPhase;
    } else if (cfg_.kinds[o] == PortKind::Local) {
      ++pkt.hops_local;
    }
    if (r.nonminimal) pkt.flags |= Packet::kMisrouted;
    pkt.flags = static_cast<uint8_t>((pkt.flags | r.set_flags) & ~r.clear_flags);
    if (r.set_intermediate != kNone) pkt.intermediate = r.set_intermediate;
    // Crossbar: occupies input and output write side for X cycles, lands after xbar_latency.
    in_busy_until_[i] = now + X_;
    OutQueue& q = outq_[o];
    OutputFifoLevel& f = outq_[o].level;
    f.write_busy_until = now + X_;
    uint32_t pos = q.head + q.count;
    if (pos >= q.cap) pos -= q.cap;
    const Cycle ready = now + cfg_.xbar_latency;
    out_slots_[q.base + pos] = OutEntry{pkt, ready, r.vc};
    if (q.count == 0) send_at_[o] = q.link_free_at > ready ? q.link_free_at : ready;
    ++q.count;
    f.used_phits += S_;
    out_mask_ |= uint64_t{1} << o;
    if (!is_ejection_[o]) credits_[o].consume(r.vc, S_);
    // The tail leaves the input buffer when the transfer ends: the credit goes upstream then.
    Link* L = in_link_[i];
    L->push_credit(CreditMsg{now + X_ + L->credit_latency, static_cast<uint8_t>(v),
                             static_cast<uint16_t>(S_)});
  }
  alloc_.update();
  return moved;
}

// Phase 3: each output FIFO starts its head packet on the link when the link is free.
bool Router::send(Cycle now, StatsSink& sink) {
  bool moved = false;
  uint64_t ports = out_mask_;
  while (ports != 0) {
    const uint32_t o = static_cast<uint32_t>(__builtin_ctzll(ports));
    ports &= ports - 1;
    if (send_at_[o] > now) continue;  // the link is busy or the head is not in the FIFO yet
    OutQueue& q = outq_[o];
    const OutEntry& e = out_slots_[q.base + q.head];
    out_free(o, now);  // release the previous packet's space before this one goes on the link
    OutputFifoLevel& f = outq_[o].level;
    f.tx_pending = true;
    f.tx_release = now + S_;
    q.link_free_at = now + S_;
    --resident_;
    if (is_ejection_[o]) {
      sink.on_deliver(e.pkt, now, now + S_);  // the node consumes one phit per cycle
    } else {
      Link* L = out_link_[o];
      L->push_data(PacketMsg{now + L->latency, e.vc, e.pkt});
    }
    q.head = (q.head + 1 == q.cap) ? 0 : q.head + 1;
    if (--q.count == 0) {
      q.head = 0;
      out_mask_ &= ~(uint64_t{1} << o);
    } else {
      const Cycle ready = out_slots_[q.base + q.head].ready;
      send_at_[o] = q.link_free_at > ready ? q.link_free_at : ready;
    }
    moved = true;
  }
  return moved;
}

// The NICs that have something to do (a packet queued, or a generation due), in port order.
bool Router::step_nics(Cycle now, StatsSink& sink) {
  uint64_t m = nic_queued_;
  const bool generating = now >= next_gen_min_;
  if (generating) {
    for (uint64_t n = nic_mask_; n != 0; n &= n - 1) {
      const uint32_t port = static_cast<uint32_t>(__builtin_ctzll(n));
      if (nic_gen_[port] <= now) m |= uint64_t{1} << port;
    }
  }
  bool moved = false;
  for (; m != 0; m &= m - 1)
    moved |= nic_step(static_cast<uint32_t>(__builtin_ctzll(m)), now, sink);
  if (generating) update_next_gen_min();  // next_gen only changes when it has come
  return moved;
}

bool Router::step_nic(uint32_t port, Cycle now, StatsSink& sink) {
  const bool moved = nic_step(port, now, sink);
  update_next_gen_min();
  return moved;
}

void Router::update_next_gen_min() {
  Cycle next_gen = kNone;
  for (uint64_t n = nic_mask_; n != 0; n &= n - 1) {
    const Cycle g = nic_gen_[__builtin_ctzll(n)];
    if (g < next_gen) next_gen = g;
  }
  next_gen_min_ = next_gen;
}

bool Router::step_core(Cycle now, StatsSink& sink) {
  if (track_ectn_) ectn_record(now);  // before this cycle changes the partial counters
  bool moved = receive(now);
  if (track_sat_) update_saturation(now);  // from this cycle's credits, before allocation
  if (dec_mask_ != 0) {                    // tails that have left their input buffer by now
    uint64_t m = dec_mask_;
    while (m != 0) {
      const uint32_t i = static_cast<uint32_t>(__builtin_ctzll(m));
      m &= m - 1;
      if (in_busy_until_[i] <= now) {
        contention_.decrement(dec_out_[i]);
        if (track_ectn_ && dec_group_[i] != kNone) --partial_[dec_group_[i]];
        dec_mask_ &= ~(uint64_t{1} << i);
      }
    }
  }
  if (port_mask_ != 0) moved |= allocate(now);
  if (out_mask_ != 0) moved |= send(now, sink);
  if (track_contention_) {
    contention_.update();  // events of this cycle are visible from the next
    if (track_filter_) contention_.filter(filter_alpha_256_);
  }
  return moved;
}

Router::HeadView Router::head_view(uint32_t port, uint32_t vc) const {
  HeadView h;
  const VcBuffer& b = vcb_[port * V_ + vc];
  h.packets = b.count;
  if (b.count == 0) return h;
  h.head = &slots_[b.base + b.head];
  h.routed = b.routed;
  h.out_port = b.out_port;
  h.out_vc = b.out_vc;
  return h;
}

bool Router::settled(Cycle now) const {
  for (uint32_t i = 0; i < P_; ++i) {
    const Link* L = in_link_[i];
    const Nic* nic = nics_[i];
    if (L != nullptr && !L->data.empty()) return false;
    // A NIC takes its credits only while it has packets queued.
    if (L != nullptr && !L->credits.empty() && (nic == nullptr || nic->q_count != 0)) return false;
    if (in_busy_until_[i] > now || outq_[i].count != 0) return false;
    if (outq_[i].level.tx_pending && outq_[i].level.tx_release > now) return false;
    if (nic != nullptr && nic->q_count != 0 && nic->link_free_at > now) return false;
    for (uint32_t m = vc_mask_[i]; m != 0; m &= m - 1)
      if (vcb_[i * V_ + static_cast<uint32_t>(__builtin_ctz(m))].head_ready >= now) return false;
  }
  return true;
}

std::string Router::describe_blocked(Cycle now, size_t max_lines) const {
  std::ostringstream os;
  size_t lines = 0;
  for (uint32_t i = 0; i < P_ && lines < max_lines; ++i) {
    for (uint32_t v = 0; v < V_ && lines < max_lines; ++v) {
      const VcBuffer& b = vcb_[i * V_ + v];
      if (b.count == 0) continue;
      const Packet& p = slots_[b.base + b.head];
      os << "  router " << id_ << " input port " << i << " VC " << v << ": " << b.count
         << " packet(s); head src " << p.src << " -> dst " << p.dst << " generated at cycle "
         << p.t_gen;
      if (b.routed) {
        const RouteResult& r = route_[i * V_ + v];
        const uint32_t o = r.port;
        os << ", wants output " << o << " VC " << unsigned(r.vc);
        if (!is_ejection_[o])
          os << " (downstream credits " << credits_[o].credits(r.vc) << "/" << S_ << " needed";
        else
          os << " (ejection";
        os << ", output FIFO " << outq_[o].count << "/" << outq_[o].cap << " packets)";
      }
      os << "\n";
      ++lines;
    }
  }
  for (uint32_t o = 0; o < P_ && lines < max_lines; ++o) {
    if (outq_[o].count == 0) continue;
    os << "  router " << id_ << " output FIFO " << o << ": " << outq_[o].count
       << " packet(s) waiting for the link (free at cycle " << outq_[o].link_free_at << ", now "
       << now << ")\n";
    ++lines;
  }
  return os.str();
}

void Router::set_ectn_group(std::vector<const Router*> group, Cycle local_latency, Cycle period,
                            uint32_t groups, uint32_t my_group) {
  track_ectn_ = true;
  ectn_peers_ = std::move(group);
  ectn_latency_ = local_latency;
  ectn_period_ = period;
  my_group_ = my_group;
  partial_.assign(groups, 0);
  ectn_others_.assign(groups, 0);
  ectn_others_boundary_ = kNone;
  for (auto& h : ectn_hist_) h.v.assign(groups, 0);
  dec_group_.assign(P_, kNone);
}

// Packets counted by ECtN's partial array: at injection and global inputs, to another group.
uint32_t Router::ectn_group_of(uint32_t in_port, const Packet& p) const {
  if (cfg_.kinds[in_port] == PortKind::Local) return kNone;
  const uint32_t g = routing_.topology().group_of_node(p.dst);
  return g == my_group_ ? kNone : g;
}

// The partial counters only change while the router steps. Before the first change of a step,
// the values are those of every cycle since the previous step, so they are recorded for the latest
// broadcast boundary (a multiple of the period) reached by now, if not recorded yet. The value at
// a boundary s is then: the record with the smallest boundary >= s, or, if there is none, the
// current values (no step since s). This does not depend on the order in which routers step.
void Router::ectn_record(Cycle now) {
  const Cycle b = now / ectn_period_ * ectn_period_;
  const EctnRecord& last = ectn_hist_[(ectn_next_ + 3) % 4];
  if (last.boundary != kNone && last.boundary >= b) return;
  EctnRecord& r = ectn_hist_[ectn_next_];
  ectn_next_ = (ectn_next_ + 1) % 4;
  r.boundary = b;
  r.v = partial_;
}

const std::vector<uint16_t>& Router::ectn_state_at(Cycle boundary) const {
  const EctnRecord* best = nullptr;
  for (const auto& r : ectn_hist_)
    if (r.boundary != kNone && r.boundary >= boundary &&
        (best == nullptr || r.boundary < best->boundary))
      best = &r;
  return best != nullptr ? best->v : partial_;
}

uint32_t Router::ectn_combined(uint32_t g, Cycle now) const {
  if (now < ectn_latency_) return partial_[g];
  const Cycle s = (now - ectn_latency_) / ectn_period_ * ectn_period_;  // latest received broadcast
  if (s != ectn_others_boundary_) {
    // The other routers' partial arrays at boundary s do not change once s is past (see
    // ectn_record), so their sum is computed once per broadcast.
    std::fill(ectn_others_.begin(), ectn_others_.end(), 0u);
    for (const Router* r : ectn_peers_) {
      if (r == this) continue;
      const std::vector<uint16_t>& v = r->ectn_state_at(s);
      for (size_t x = 0; x < ectn_others_.size(); ++x) ectn_others_[x] += v[x];
    }
    ectn_others_boundary_ = s;
  }
  return partial_[g] + ectn_others_[g];
}

void Router::set_group_peers(std::vector<const Router*> group, Cycle local_latency) {
  group_peers_ = std::move(group);
  peer_latency_ = local_latency;
  if (routing_.sensor_needs().saturation) {
    track_sat_ = true;
    // A reader looks local_latency cycles back; a producer may run up to the engine's quantum
    // (<= local_latency) ahead: keep enough changes to cover both.
    sat_hist_.assign(2 * local_latency + 8, SatRecord{});
  }
}

// PiggyBack (thesis 000 Eq. 1.3): global link k is saturated when its occupancy exceeds F times
// the mean occupancy of this router's global links plus T (FOGSim's updatePb). Per-VC sensing (the
// default, thesis Sec. 5.2.4): VC 0 of each link, the VC that minimal traffic uses, against the
// mean of VC 0 over the links. Per-port sensing: each link's occupancy summed over its VCs against
// the mean per VC buffer. The mask only changes while the router steps; changes are recorded with
// their cycle.
void Router::update_saturation(Cycle now) {
  const uint32_t first = routing_.topology().first_global_port(), h = routing_.topology().h();
  const SensorNeeds needs = routing_.sensor_needs();
  const uint32_t vcs = needs.sat_per_port ? cfg_.vcs[static_cast<unsigned>(PortKind::Global)] : 1;
  uint32_t q[64];
  uint64_t sum = 0;
  for (uint32_t k = 0; k < h; ++k) {
    q[k] = 0;
    for (uint32_t v = 0; v < vcs; ++v) q[k] += view_.downstream_occupancy(first + k, v);
    sum += q[k];
  }
  const double limit = needs.sat_f * double(sum) / double(h * vcs) + needs.sat_t_phits;
  uint64_t mask = 0;
  for (uint32_t k = 0; k < h; ++k)
    if (double(q[k]) > limit) mask |= uint64_t{1} << k;
  if (mask == sat_mask_) return;
  sat_mask_ = mask;
  sat_hist_[sat_next_] = SatRecord{now, mask};
  sat_next_ = (sat_next_ + 1) % sat_hist_.size();
}

// The saturation mask as of the end of cycle `c` (the latest change at or before c; changes are
// made at steps, so a later change cannot affect c). Independent of the order routers step in.
uint64_t Router::saturation_at(Cycle c) const {
  uint64_t best = 0;
  Cycle best_t = 0;
  bool found = false;
  bool newer = false;
  for (const auto& r : sat_hist_) {
    if (r.cycle == kNone) continue;
    if (r.cycle <= c) {
      if (!found || r.cycle > best_t) best = r.mask, best_t = r.cycle, found = true;
    } else {
      newer = true;
    }
  }
  if (found) return best;
  return newer ? 0 : sat_mask_;  // no change at or before c kept: the initial value
}

uint64_t Router::peer_saturation(uint32_t index_in_group, Cycle now) const {
  const Router* r = group_peers_[index_in_group];
  if (r == this) return sat_mask_;
  if (now < peer_latency_) return 0;
  return r->saturation_at(now - peer_latency_);
}

}  // namespace netcosim
