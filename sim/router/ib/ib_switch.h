// The InfiniBand switch (thesis 003 Sec. 5.3.1, Fig. 5.1a; extract §3.2; docs/model.md §10),
// built from the block models of sim/blocks: per port one input buffer and one output buffer
// shared dynamically by the VLs (a guaranteed minimum and a maximum per VL; SharedVlCredits), a
// routing unit per input, an input-first separable allocator (SeparableAllocator: the
// round-robin VL arbiter of each input buffer, then the round-robin output arbiter of each output
// port), one unbuffered central crossbar moving router.speedup flits per cycle (docs/model.md
// §10.2), Virtual Cut-Through, and
// credit-based flow control per VL in flits (64-byte credits). Output queues per VL are served by
// the output scheduler Sched (router.output_scheduler: RrSlScheduler, round robin with equal
// weights per SL, or SBT, DTable, the IB VL arbiter of sim/router/vl/table_schedulers.h;
// docs/model.md §10.5).
// Events of one packet (the thesis's IB -> RT -> VA-SA -> X -> OB):
//   - its header arrives in the input buffer, in the VL it was sent on, at cycle a;
//   - routing (RT) takes router.latency cycles: the head may request from a + latency; the route
//     (output port, and the VL of the next hop from the SL's VLs for the routing's VC) is computed
//     once;
//   - VA-SA: a request needs the crossbar's input and output free and room in the output buffer's
//     VL for the whole packet; a grant moves the packet through the crossbar in ceil(L / speedup)
//     cycles (L its SL's MTU in flits): its header reaches the output buffer router.xbar_latency
//     cycles after the grant, its tail leaves the input buffer when the transfer ends, and the
//     credit of its flits goes upstream then (router.credit_return=flit: the credits of each
//     cycle's flits at the end of that cycle);
//   - OB: when the output link is free, the scheduler chooses among the VLs whose head has reached
//     the output buffer and has credits downstream for the whole packet (ejection: the node takes
//     one flit per cycle); the link carries it in L cycles, after which its output-buffer space is
//     free again.
// At zero load a header leaves a switch router.latency + router.xbar_latency cycles after it
// arrived (docs/model.md §10.3).
// qos.atomic_messages (thesis 003 Sec. 2.2, extract §2.2; docs/model.md §9.2): a message of
// several packets is the unit of every stage: stored whole in a VL before it requests, moved
// through a crossbar in one grant, started on a link only with credits downstream for all of it
// and sent back to back.
#pragma once

#include <cassert>
#include <cstdint>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "sim/blocks/separable_allocator.h"
#include "sim/blocks/shared_vl_credits.h"
#include "sim/blocks/vc_selector.h"
#include "sim/link/channel.h"
#include "sim/nic/nic.h"
#include "sim/router/router_model.h"
#include "sim/router/vl/table_schedulers.h"
#include "sim/router/vl/vl_fifos.h"
#include "sim/router/vl/vl_switch_config.h"
#include "sim/routing/port_view.h"
#include "sim/routing/routing.h"
#include "sim/routing/vc_order.h"
#include "sim/util/rng.h"

namespace netcosim {

// kOpa: the Omni-Path hierarchical switch (thesis 003 Sec. 2.2, Figs. 2.1/4.2/5.1; docs/model.md
// §11): the same ports, buffers, routing units and output stage, the crossbar split into MPorts of
// 4 ports (a 4:6 MPort crossbar of 3 flits per cycle to the MPort's 4 output buffers and to its 2
// central buffers) and the buffered central crossbar (4 flits per cycle from the central buffers,
// which have VLs, to the output buffers), with a second VA-SA stage from the central buffers.
// kWaits: the head-wait counters (netcosim run --waits; docs/model.md "Head waits"): each stage
// counts what its ready heads do in each cycle of the window under `if constexpr (kWaits)`. The
// front end builds these instead of the switches without counters when the flag is given
// (make_ib_switches / make_opa_switches with `waits`); instantiated in ib_switch_waits.cpp only.
template <class Sched, bool kOpa, bool kWaits = false>
class VlSwitch final : public RouterModel {
 public:
  VlSwitch(uint32_t id, const VlSwitchConfig& cfg, const RoutingAlgorithm& routing,
           const Topology& topo, uint64_t seed, uint32_t wheel_size, uint32_t iterations);
  VlSwitch(const VlSwitch&) = delete;
  VlSwitch& operator=(const VlSwitch&) = delete;

  uint32_t id() const override { return id_; }
  uint32_t radix() const override { return P_; }
  PortClass port_class(uint32_t port) const override { return cfg_.classes[port]; }
  // The largest packet (the deadlock report's "credits needed").
  uint32_t packet_size() const override { return cfg_.max_phits; }
  uint32_t vcs_per_port() const override { return V_; }

  void connect_output(uint32_t port, Link* link) override {
    out_link_[port] = link;
    link->credit_wheel = &credit_wheel_;
    if (link->crosses_partitions) remote_out_ |= uint64_t{1} << port;
  }
  void connect_input(uint32_t port, Link* link) override {
    in_link_[port] = link;
    link->data_wheel = &data_wheel_;
    if (link->crosses_partitions) remote_in_ |= uint64_t{1} << port;
  }
  void attach_nic(uint32_t port, Nic* nic) override;
  void set_vc_check(const VcOrder* order) override { vc_check_ = order; }
  // The DTable output schedulers' socket (RouterModel): every output port's scheduler under
  // router.output_scheduler=dtable. With a block set, send<true> passes every decision of every
  // port through it (DTableSlBlock::select_via); without, send<false> runs, the native path
  // unchanged (one test of a null pointer per cycle with an output to serve; the SBT and IB VL
  // arbiter switches have no block and no test for one).
  bool dtable_schedulers(DTableShape& shape, std::string& why) const override;
  void set_dtable_block(std::unique_ptr<model::DTableBlock> block) override;
  // The same for the round-robin SL arbiters (router.output_scheduler=rr; RrSlScheduler) and the
  // DRR schedulers (router.output_scheduler=drr; DrrSlBlock).
  bool rr_schedulers(RrShape& shape, std::string& why) const override;
  void set_rr_block(std::unique_ptr<model::RrBlock> block) override;
  bool drr_schedulers(DrrShape& shape, std::string& why) const override;
  void set_drr_block(std::unique_ptr<model::DrrBlock> block) override;
  // And the SBT schedulers (router.output_scheduler=sbt; SbtSlBlock) and IB VL arbiters
  // (router.output_scheduler=ib_vlarb; IbVlArbScheduler).
  bool sbt_schedulers(SbtShape& shape, std::string& why) const override;
  void set_sbt_block(std::unique_ptr<model::SbtBlock> block) override;
  bool ib_vlarb_schedulers(IbVlArbShape& shape, std::string& why) const override;
  void set_ib_vlarb_block(std::unique_ptr<model::IbVlArbBlock> block) override;
  // The switch allocator's socket (RouterModel): the IB switch's one VA-SA allocator (P inputs,
  // V VLs, P outputs, round robin at both stages; thesis 003 Sec. 5.3.1). With a replacement,
  // allocate() runs it through AllocatorCore (one virtual call per cycle with requests); without,
  // the concrete round-robin allocator as before (one test of a null pointer per VA-SA). The OPA
  // switch has no single allocator (false): its sockets are switch_allocators'.
  bool switch_allocator(SwitchAllocatorShape& shape) const override;
  bool replace_allocator(std::unique_ptr<model::AllocatorCore>& alloc) override;
  // OPA (docs/model.md §11): one socket per MPort allocator ("mport<m>": 4 inputs, V VLs, the
  // MPort crossbar's 6 outputs) and the central allocator's ("central": the 2 central buffers of
  // every MPort, V VLs, P outputs), all round robin (thesis 003 Sec. 2.2). With any replaced,
  // allocate_opa<kRetry, true> runs every allocator through AllocatorCore (the replacement or the
  // native one: one virtual call per allocator and cycle with requests); without, allocate_opa<
  // false, false> as before (the test of opa_mode_ replaces that of router.alloc_retry). IB: the
  // VA-SA of switch_allocator.
  void switch_allocators(std::vector<SwitchAllocatorShape>& shapes) const override;
  bool replace_switch_allocator(uint32_t index,
                                std::unique_ptr<model::AllocatorCore>& alloc) override;
  // The shared VL buffers' accounting (RouterModel; thesis 003 Sec. 5.3.1): credits_[o] of each
  // output facing a switch is buffer o ("down<o>"), the credits the NIC of injection port o
  // holds for this switch's input buffer o (nic_credits_[o], updated by the NIC's step in
  // sim/nic/nic.h) buffer o too ("nic<o>"), out_space_[o] is P + o ("out<o>"),
  // central_space_[cb] (OPA) 2P + cb ("central<cb>"). With an edge set, it is called at the end
  // of each step_core with the models (one test of a null pointer per step_core without); the
  // NICs' updates of a cycle precede it when the NICs are stepped by step() (the SystemC
  // engine's ScEngineOptions::router_nics).
  bool shared_vl_buffers(std::vector<SharedVlBufferShape>& buffers,
                         std::string& why) const override;
  void set_shared_vl_edge(std::unique_ptr<model::SharedVlCreditsEdge> edge) override;
  // Through the MPort crossbar only (an output of the input's MPort); across MPorts add the
  // central stage (docs/model.md §11.2).
  Cycle zero_load_cycles() const override { return cfg_.latency + cfg_.xbar_latency; }
  Cycle zero_load_cycles(uint32_t in_port, uint32_t out_port) const override {
    return zero_load_cycles() +
           (kOpa && mport_of(in_port) != mport_of(out_port) ? cfg_.central_latency : 0);
  }
  bool zero_load_depends_on_ports() const override { return kOpa; }
  // An input port returns a packet's credits when its tail has crossed: at most one per crossbar
  // transfer of the smallest packet (router.credit_return=flit: credit_messages_per_packet of
  // them per transfer, none later than the packet's one).
  // OPA: the MPort crossbar moves 3 flits per cycle (thesis 003 Sec. 2.2).
  Cycle credit_interval() const override {
    return kOpa ? (cfg_.min_phits + VlSwitchConfig::kMPortFlits - 1) / VlSwitchConfig::kMPortFlits
                : cfg_.xfer_cycles(cfg_.min_phits);
  }
  // router.credit_return=flit: one message per cycle of the longest transfer.
  uint32_t credit_messages_per_packet() const override {
    return cfg_.credit_per_flit ? (cfg_.max_phits + xbar_flits() - 1) / xbar_flits() : 1;
  }
  uint32_t input_capacity_phits(uint32_t /*port*/, uint32_t /*vc*/) const override {
    return cfg_.in_buffer.vl_max;
  }
  // A port's buffer is shared by its VLs: it holds at most total / smallest packet packets.
  uint32_t input_port_packets(uint32_t /*port*/) const override {
    return cfg_.in_buffer.total_phits / cfg_.min_phits;
  }
  uint32_t min_packet_phits() const override { return cfg_.min_phits; }
  void enqueue_at_source(Nic& nic, const SourceEntry& e) override {
    nic.queue_push(e);
    wake_nic(nic.link->dst_port, nic.link_free_at);
    ++resident_;
  }
  void source_replaced(Nic& nic) override { wake_nic(nic.link->dst_port, nic.next_gen); }

  void collect_remote() override {
    for (uint64_t m = remote_in_; m != 0; m &= m - 1) {
      const uint32_t p = static_cast<uint32_t>(__builtin_ctzll(m));
      in_link_[p]->data.for_each_new([&](const PacketMsg& x) { data_wheel_.mark(x.arrive, p); });
    }
    for (uint64_t m = remote_out_; m != 0; m &= m - 1) {
      const uint32_t p = static_cast<uint32_t>(__builtin_ctzll(m));
      out_link_[p]->credits.for_each_new(
          [&](const CreditMsg& x) { credit_wheel_.mark(x.arrive, p); });
    }
  }
  bool active(Cycle now) const override { return core_active(now) || now >= nic_wake_min_; }
  bool step(Cycle now, StatsSink& sink) override {
    const bool moved = step_nics(now, sink);
    return step_core(now, sink) | moved;
  }
  const RouterStepper& stepper() const override {
    static const CycleStepper<VlSwitch> s;
    return s;
  }
  bool step_nics(Cycle now, StatsSink& sink) override {
    if (now < nic_wake_min_) return false;
    bool moved = false;
    Cycle wake_min = kNone;
    for (const uint32_t port : nic_ports_) {
      if (nic_wake_[port] <= now) moved |= nic_step(port, now, sink);
      if (nic_wake_[port] < wake_min) wake_min = nic_wake_[port];
    }
    nic_wake_min_ = wake_min;
    return moved;
  }
  bool step_nic(uint32_t port, Cycle now, StatsSink& sink) override {
    const bool moved = nic_step(port, now, sink);
    Cycle wake = kNone;
    for (const uint32_t p : nic_ports_) wake = nic_wake_[p] < wake ? nic_wake_[p] : wake;
    nic_wake_min_ = wake;
    return moved;
  }
  bool step_core(Cycle now, StatsSink& sink) override;
  bool enable_head_waits(Cycle start, Cycle end) override {
    if constexpr (!kWaits) {
      return RouterModel::enable_head_waits(start, end);
    } else {
      ws_.w = std::make_unique<SwitchWaits>();
      ws_.w->init(cfg_.sls, V_, start, end);
      ws_.in_req.assign(P_, 0);
      ws_.central_req.assign(central_space_.size(), 0);
      return true;
    }
  }
  const SwitchWaits* switch_waits() const override { return ws_.w.get(); }
  bool core_active(Cycle now) const override {
    return resident_ != 0 || tx_pending_ != 0 || central_pending_ != 0 || data_wheel_.any(now) ||
           credit_wheel_.any(now);
  }
  bool nic_active(uint32_t port, Cycle now) const override {
    const Nic* n = nics_[port];
    return n->q_count != 0 || n->next_gen <= now || (cfg_.backlogged && now < n->gen_stop);
  }
  Cycle nic_next_generation(uint32_t port) const override { return nics_[port]->next_gen; }
  bool nic_answers(uint32_t port) const override { return nics_[port]->wants_receive; }
  const std::vector<uint32_t>& nic_ports() const override { return nic_ports_; }

  uint32_t resident() const override { return resident_; }
  bool settled(Cycle now) const override;
  std::string describe_blocked(Cycle now, size_t max_lines) const override;
  HeadView head_view(uint32_t port, uint32_t vc) const override {
    HeadView h;
    h.packets = in_.count(port, vc);
    if (h.packets == 0) return h;
    const Head& hd = heads_[port * V_ + vc];
    h.head = &in_.front(port, vc).pkt;
    h.routed = hd.routed;
    h.out_port = hd.out_port;
    h.out_vc = hd.out_vl;
    return h;
  }
  uint32_t input_occupancy(uint32_t port, uint32_t vc) const override {
    return in_.count(port, vc);
  }
  uint32_t output_credits(uint32_t port, uint32_t vc) const override {
    return credits_[port].credits(vc);
  }
  // Inspection for tests.
  const model::CreditLevels& injection_credits(uint32_t port) const { return nic_credits_[port]; }
  uint32_t output_buffer_packets(uint32_t port, uint32_t vl) const { return out_.count(port, vl); }

 private:
  struct Head {  // the route of an input VL's head, computed once (oblivious routings)
    bool routed = false;
    uint8_t out_port = 0, out_vl = 0, out_rvc = 0;
    RouteResult route;
  };

  bool nic_step(uint32_t port, Cycle now, StatsSink& sink) {
    // qos.backlogged or qos.nic_queues=per_sl: one test per NIC step when both are off.
    if (nic_mode_ != kNicShared) [[unlikely]]
      return nic_mode_ == kNicBacklogged    ? nic_step_backlogged(port, now, sink)
             : nic_mode_ == kNicPerSl       ? nic_step_per_sl<false>(port, now, sink)
             : nic_mode_ == kNicPerSlAtomic ? nic_step_per_sl<true>(port, now, sink)
                                            : nic_step_shared_atomic(port, now, sink);
    Nic& nic = *nics_[port];
    const Nic::StepResult r = nic.step_classes(now, sink, classes_, nic_credits_[port]);
    resident_ += r.queued;
    nic_wake_[port] = nic.wake_after(now, nic.q_count != 0);
    return r.injected;
  }
  // qos.backlogged (docs/model.md §9.2): every SL always has a packet ready at the NIC; when its
  // link is free, the NIC's scheduler (nic_sched_, the switches' kind over the injection VLs
  // with credits for a packet of their SL) grants a VL, and a packet of that VL's SL to a uniform
  // destination (the NIC's own stream) is made and sent in this cycle.
  bool nic_step_backlogged(uint32_t port, Cycle now, StatsSink& sink);
  // qos.nic_queues=per_sl (docs/model.md §9.2): the NIC's generation into its SLs' queues; when
  // its link is free, the NIC's scheduler (nic_sched_, as backlogged) grants one of the injection
  // VLs with credits for the head packet of an SL that maps to it, and that SL's head is sent.
  // kMsg: qos.atomic_messages (cfg_.atomic): a message starts with credits for all of it and its
  // packets follow back to back.
  template <bool kMsg>
  [[gnu::noinline]] bool nic_step_per_sl(uint32_t port, Cycle now, StatsSink& sink);
  // qos.atomic_messages with the shared source queue (docs/model.md §9.2): the head message
  // starts on the injection VL (JSQ) with credits for all of it; its packets follow back to back.
  [[gnu::noinline]] bool nic_step_shared_atomic(uint32_t port, Cycle now, StatsSink& sink);
  // Both NIC steps above: among the injection VLs of the SLs `ready(s)` admits, those with
  // credits for need[s] flits (a packet, or with qos.atomic_messages a message, of their SL), the
  // grant of the NIC's scheduler (charged need[s]), accepted; its SL in `sl`. Returns false when
  // no VL is granted.
  template <class Ready>
  bool nic_grant(uint32_t port, const model::SharedVlCredits& credits, Ready ready,
                 const uint32_t* need, uint32_t& vl, uint8_t& sl);
  enum : uint8_t { kNicShared, kNicBacklogged, kNicPerSl, kNicSharedAtomic, kNicPerSlAtomic };
  // qos.atomic_messages: per NIC port, the packets of the message on its link still to send, their
  // VL and SL.
  std::vector<uint32_t> nic_msg_left_;
  std::vector<uint8_t> nic_msg_vl_, nic_msg_sl_;
  uint8_t nic_mode_ = kNicShared;
  void wake_nic(uint32_t port, Cycle at) {
    if (at < nic_wake_[port]) nic_wake_[port] = at;
    if (nic_wake_[port] < nic_wake_min_) nic_wake_min_ = nic_wake_[port];
  }
  uint32_t phits_of(const Packet& p) const { return cfg_.phits[p.cls]; }
  bool receive(Cycle now);
  bool allocate(Cycle now);
  // The IB switch's VA-SA through alloc_ or, kSocket, the socket's alloc_socket_. kMsg:
  // qos.atomic_messages (cfg_.atomic): a request is a whole message (docs/model.md §9.2).
  template <bool kSocket, bool kMsg>
  bool allocate_vasa(Cycle now);
  // allocate_vasa of ib_mode_ other than 0 (bit 0: an allocator socket; bit 1: cfg_.atomic).
  [[gnu::noinline]] bool allocate_vasa_other(Cycle now);
  uint8_t ib_mode_ = 0;
  // qos.atomic_messages: the whole message of SL `cls` (msg packets) heads FIFO (p, v) and its
  // last packet is ready by `now` (docs/model.md §9.2).
  static bool whole_message(const VlFifos& f, uint32_t p, uint32_t v, uint32_t msg, Cycle now) {
    return f.count(p, v) >= msg && f.at(p, v, msg - 1).ready <= now;
  }
  // OPA: the MPort stage (input buffers to the MPort's output buffers or central buffers) and the
  // central stage (central buffers to output buffers). kRetry: router.alloc_retry is not 0
  // (chosen per call: the default path tests nothing per request); kSocket: through the
  // AllocatorCore of each allocator (an allocator was replaced: mport_core_, central_core_).
  // kShared: router.mport_xbar=shared (docs/model.md §11), the MPort stage's own instance.
  // kAny: router.central_link=any (docs/model.md §11), an input may write either central buffer of
  // its MPort. kCount: routing.trunk_select=adaptive (docs/model.md §10.6), the central buffers'
  // phits per output and VL kept in central_bound_.
  template <bool kRetry, bool kSocket, bool kMsg, bool kShared, bool kAny, bool kCount>
  bool allocate_opa(Cycle now);
  // allocate_opa of opa_mode_ other than 0: bits 3-5 (kShared, kAny, kCount) choose
  // allocate_opa_mode, which dispatches on the low 3 bits.
  [[gnu::noinline]] bool allocate_opa_other(Cycle now);
  template <bool kShared, bool kAny, bool kCount>
  bool allocate_opa_mode(Cycle now);
  // kShared: router.mport_xbar=shared; kAny: router.central_link=any (docs/model.md §11);
  // kCount: central_bound_ kept (§10.6).
  template <bool kRetry, bool kSocket, bool kMsg, bool kShared, bool kAny, bool kCount>
  bool allocate_mports(Cycle now);
  template <bool kSocket, bool kMsg, bool kCount>
  bool allocate_central(Cycle now);
  void route_head(uint32_t i, uint32_t v, const Packet& pkt, Cycle now);
  // routing.trunk_select=adaptive (docs/model.md §7.2, §10.6): of the trunk of `port` (the
  // routing's link), the link with the fewest phits of the VL the packet would take there queued
  // in this switch's output buffer, the downstream input buffer and (OPA) the central buffers
  // bound for it, then of all VLs.
  uint32_t least_queued_trunk_link(uint32_t port, uint32_t cls, uint32_t rvc) const;
  // router.alloc_retry: the heads of inputs first..first+n-1 that requested in allocator `a` (its
  // input k is port first + k) and were not granted wait cfg_.alloc_retry cycles.
  void delay_losers(const model::AllocatorCore& a, uint32_t first, uint32_t n, Cycle now);
  void commit(uint32_t i, uint32_t v, uint32_t o, Cycle now);
  // qos.atomic_messages: the grant of the message heading input VL v of port i.
  void commit_message(uint32_t i, uint32_t v, uint32_t o, Cycle now);
  // The hop's effects on the packet (routing word, hop count, VC-order check) and, kCredit, the
  // input's credits upstream; returns the packet.
  template <bool kCredit = true>
  Packet leave_input(uint32_t i, uint32_t v, uint32_t o, uint32_t xfer, Cycle now);
  // The flits per cycle a transfer out of an input buffer moves (OPA: the MPort crossbar's 3).
  uint32_t xbar_flits() const { return kOpa ? VlSwitchConfig::kMPortFlits : cfg_.speedup; }
  // router.credit_return=flit: the credits of a packet of L flits leaving input i's VL v in a
  // transfer of xfer cycles from `now`, the flits of each cycle in one message.
  [[gnu::noinline]] void return_flit_credits(uint32_t i, uint32_t v, uint32_t L, uint32_t xfer,
                                             Cycle now);
  static constexpr uint32_t kMPortPorts = 4;
  static uint32_t mport_of(uint32_t port) { return port / kMPortPorts; }
  // The central buffer an input of an MPort writes into: inputs 0-1 the first, 2-3 the second.
  static uint32_t central_of(uint32_t port) {
    return 2 * mport_of(port) + (port % kMPortPorts) / 2;
  }
  // kSocket: through the scheduler's block (sched_block_: the DTable, DRR, round-robin, SBT and
  // IB VL arbiter switches' set_*_block).
  // kMsg: qos.atomic_messages (docs/model.md §9.2): a VL is active with a whole message ready and
  // credits downstream for all of it; a granted message holds the link until its last packet.
  template <bool kSocket, bool kMsg>
  bool send(Cycle now, StatsSink& sink);
  // send of send_mode_ other than 0 (bit 0: a scheduler block; bit 1: cfg_.atomic).
  [[gnu::noinline]] bool send_other(Cycle now, StatsSink& sink);
  uint8_t send_mode_ = 0;
  // One packet of VL vl of output o onto its link (L flits).
  [[gnu::always_inline]] inline void send_packet(uint32_t o, uint32_t vl, uint32_t L, Cycle now,
                                                 StatsSink& sink);
  // qos.atomic_messages: per output port, the packets of the message on the link still to send
  // and its VL.
  std::vector<uint32_t> msg_left_;
  std::vector<uint8_t> msg_vl_;
  static constexpr bool kDTable = std::is_same_v<Sched, DTableSlScheduler>;
  static constexpr bool kDrr = std::is_same_v<Sched, DrrSlScheduler>;
  static constexpr bool kRr = std::is_same_v<Sched, RrSlScheduler>;
  static constexpr bool kSbt = std::is_same_v<Sched, SbtSlScheduler>;
  static constexpr bool kIbVlArb = std::is_same_v<Sched, IbVlArbScheduler>;
  // The type of the scheduler's other implementation (Sched::Socket), NoSchedSocket for none.
  struct NoSchedSocket {};
  template <class S, class = void>
  struct SocketOf {
    using type = NoSchedSocket;
  };
  template <class S>
  struct SocketOf<S, std::enable_if_t<!std::is_void_v<typename S::Socket>>> {
    using type = typename S::Socket;
  };
  using SchedSocket = typename SocketOf<Sched>::type;
  static constexpr bool kHasSocket = !std::is_same_v<SchedSocket, NoSchedSocket>;
  template <class B>
  void set_sched_block(std::unique_ptr<B> block, const char* what);

  uint32_t id_;
  VlSwitchConfig cfg_;
  const RoutingAlgorithm& routing_;
  Rng rng_;
  uint32_t P_, V_;
  PortClass single_hop_class_;
  bool is_injection_[64] = {};
  std::vector<Link*> in_link_, out_link_;
  VlFifos in_;               // input buffers, per (port, VL)
  std::vector<Head> heads_;  // per (port, VL)
  // router.alloc_retry: per input port, the VLs whose head requested in this cycle's VA-SA.
  std::vector<uint32_t> requested_;
  VlFifos out_;  // output buffers, per (port, VL)
  model::SeparableAllocator alloc_;
  std::unique_ptr<model::AllocatorCore> alloc_socket_;  // replace_allocator's; nullptr: alloc_
  std::vector<model::SharedVlCredits> credits_;         // downstream input buffers, per output
  std::vector<model::SharedVlCredits> nic_credits_;     // this switch's injection buffers
  std::vector<model::SharedVlCredits> out_space_;       // this switch's output buffers
  std::vector<Sched> sched_;                            // per output port
  // qos.backlogged, qos.nic_queues=per_sl: the scheduler of each NIC's link, per port.
  std::vector<Sched> nic_sched_;
  // Another implementation of the output schedulers (set_dtable_block, set_drr_block,
  // set_rr_block, set_sbt_block, set_ib_vlarb_block); nullptr: the native path.
  std::unique_ptr<SchedSocket> sched_block_;
  // Per port: crossbar input and output busy until; output link free at; the packet on the link
  // (its output-buffer space is freed at tx_release).
  std::vector<Cycle> in_busy_, out_busy_, link_free_, tx_release_;
  std::vector<uint8_t> tx_vl_;
  std::vector<uint32_t> tx_phits_;
  uint64_t tx_pending_ = 0;  // output ports with a packet whose space is not yet freed
  // OPA: central buffers (2 per MPort) per (buffer, VL) with their space, the MPort and central
  // allocators, the central crossbar's write side of each output buffer, each central buffer's
  // write (the x3 link from its MPort) and read sides, and the central space freed at a cycle.
  VlFifos central_;
  std::vector<model::SharedVlCredits> central_space_;
  // The shared VL buffers in shared_vl_buffers' numbering: f(number, name, shape, accounting).
  template <class F>
  void for_each_shared_vl_buffer(F&& f) const;
  // set_shared_vl_edge's edge (nullptr: none) and the models by buffer number.
  std::unique_ptr<model::SharedVlCreditsEdge> vl_edge_;
  std::vector<const model::SharedVlCredits*> vl_models_;
  std::vector<model::SeparableAllocator> mport_alloc_;
  model::SeparableAllocator central_alloc_;
  // replace_switch_allocator's blocks (owned), and the allocator each MPort and the central stage
  // evaluates under kSocket: the block, or mport_alloc_ / central_alloc_ when not replaced.
  std::vector<std::unique_ptr<model::AllocatorCore>> opa_blocks_;
  std::vector<model::AllocatorCore*> mport_core_;
  model::AllocatorCore* central_core_ = nullptr;
  // Bit 0: router.alloc_retry is not 0; bit 1: an allocator was replaced; bit 2:
  // qos.atomic_messages; bit 3: router.mport_xbar=shared or shared_central; bit 4:
  // router.central_link=any; bit 5: routing.trunk_select=adaptive (allocate_opa's kRetry, kSocket,
  // kMsg, kShared, kAny and kCount; 0: the native path).
  uint8_t opa_mode_ = 0;
  std::vector<Cycle> out_busy_central_, central_in_busy_, central_out_busy_, central_release_;
  std::vector<uint8_t> central_release_vl_;
  std::vector<uint32_t> central_release_phits_;
  uint64_t central_pending_ = 0;  // central buffers with space still to free
  // router.mport_xbar=shared (docs/model.md §11): per MPort, the end of its crossbar's granted
  // transfers in thirds of a cycle at 3 flits per cycle in total, and the input to try first.
  std::vector<uint64_t> mport_thirds_;
  std::vector<uint8_t> mport_next_;
  // router.mport_xbar=shared_central (docs/model.md §11): that budget and round robin for the
  // central-bound transfers only (read under kShared only).
  bool mport_central_only_ = false;
  // The next VL of each (output port, SL) among its candidates (round robin).
  std::vector<uint8_t> next_candidate_;
  // routing.trunk_select=adaptive: per port its trunk's first port and link count
  // (RoutingAlgorithm::switch_trunk); empty when the routing fixes every link.
  std::vector<uint8_t> trunk_first_, trunk_links_;
  // OPA with routing.trunk_select=adaptive (docs/model.md §10.6): per (output port, VL) the phits
  // of the packets in the central buffers bound for that output, kept at each central push and
  // pop (allocate_opa's kCount, opa_mode_ bit 5); empty otherwise.
  std::vector<uint32_t> central_bound_;
  PortView view_;
  std::vector<OutputFifoLevel> no_levels_;  // the PortView's FIFO levels (no routing reads them)
  Nic::ClassTable classes_;                 // the NICs' per-SL packet sizes and VLs
  const VcOrder* vc_check_ = nullptr;
  uint32_t resident_ = 0;
  ArrivalWheel data_wheel_, credit_wheel_;
  uint64_t remote_in_ = 0, remote_out_ = 0;
  std::vector<Nic*> nics_;
  std::vector<uint32_t> nic_ports_;
  std::vector<Cycle> nic_wake_;
  Cycle nic_wake_min_ = kNone;
  // kWaits (enable_head_waits): the counters; whether this cycle is in the window (set at the
  // start of step_core); per input port and per central buffer, the VLs whose head requested in
  // this cycle's allocation (cleared when their outcome is counted).
  struct WaitState {
    std::unique_ptr<SwitchWaits> w;
    bool on = false;
    std::vector<uint32_t> in_req, central_req;
  };
  WaitState ws_;
  // kWaits: one head-cycle of a head of SL sl in VL vl at stage st.
  void count_wait(SwitchStage st, uint32_t sl, uint32_t vl, SwitchWait r) {
    ++ws_.w->at(st, sl, vl, r);
  }
  // kWaits: the ready heads of input port i (whose crossbar side is busy) or of central buffer cb
  // (whose read side is busy), or of output port o (whose link is busy), wait for reason r.
  void count_ready_heads(const VlFifos& f, SwitchStage st, uint32_t port, Cycle now, SwitchWait r) {
    for (uint32_t m = f.vl_mask(port); m != 0; m &= m - 1) {
      const uint32_t v = static_cast<uint32_t>(__builtin_ctz(m));
      const VlFifos::Entry& e = f.front(port, v);
      if (e.ready <= now) count_wait(st, e.pkt.cls, v, r);
    }
  }
  // kWaits: the outcome of this cycle's requests of allocator `a` (its input k is FIFO port
  // first + k of stage st, `req` their requested VLs): granted or lost, before the grants pop the
  // heads.
  template <class Alloc>
  void count_requests(const Alloc& a, const VlFifos& f, SwitchStage st, uint32_t* req,
                      uint32_t first, uint32_t n) {
    const uint64_t granted = a.granted_inputs();
    for (uint32_t k = 0; k < n; ++k) {
      for (uint32_t m = req[first + k]; m != 0; m &= m - 1) {
        const uint32_t v = static_cast<uint32_t>(__builtin_ctz(m));
        const bool won = ((granted >> k) & 1u) != 0 && a.grant_vc(k) == v;
        count_wait(st, f.front(first + k, v).pkt.cls, v,
                   won ? SwitchWait::Granted : SwitchWait::Lost);
      }
      req[first + k] = 0;
    }
  }
};

// The InfiniBand switch and the Omni-Path switch.
template <class Sched>
using IbSwitch = VlSwitch<Sched, false>;
template <class Sched>
using OpaSwitch = VlSwitch<Sched, true>;

}  // namespace netcosim
