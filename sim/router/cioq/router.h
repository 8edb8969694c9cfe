// The reference CIOQ router (docs/model.md §2; thesis 000 Sec. 1.1, 1.6.3, Table 1.2), assembled
// from the block models of sim/blocks: per-VC input buffers, routing at the head of each input
// VC, an input-first separable allocator (SeparableAllocator), a crossbar with internal speedup,
// one output FIFO per output port, per-VC credit counters (CreditCounter) and Virtual Cut-Through.
// Timing (docs/model.md "Router timing"):
//   - a head that is ready (arrival + router.latency) may be granted in that cycle (routing and
//     allocation take no cycle by default, as in FOGSim);
//   - a grant needs: the input port and the output FIFO's write side free, room for the whole
//     packet in the output FIFO, and credits for the whole packet in the downstream VC;
//   - a crossbar transfer occupies the input port and the output write side for
//     ceil(packet_size / speedup) cycles and delivers the packet to the output FIFO after
//     router.xbar_latency cycles;
//   - the tail leaves the input buffer when the transfer ends; the credit is then sent upstream
//     and arrives after the link's latency;
//   - an output FIFO starts a packet on its link at most every packet_size cycles; its space is
//     freed when the tail has left (start + packet_size);
//   - ejection: the node consumes one phit per cycle; the packet is delivered (latency ends) when
//     its tail is consumed, start + packet_size.
// The router is the datapath only: input units (input_unit.h), the allocator, the crossbar timing
// and output units (output_unit.h). Congestion sensors (sim/congestion/sensor_set.h) keep their
// own state; the router calls their hooks with plain values. VC choices use the selectors of
// sim/blocks/vc_selector.h.
// The buffer organisation is a credit model type (sim/blocks/credit_model.h), the template
// parameter: the credits of the downstream buffers of its outputs, of its own injection buffers
// (handed to the NICs) and the size of its input VCs' storage. Router is the static per-VC model
// of Table 1.2; router_impl.h holds the definitions, instantiated in router.cpp for the library's
// models (and in a test for its own).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/blocks/credit_counter.h"
#include "sim/blocks/credit_model.h"
#include "sim/blocks/damq_credits.h"
#include "sim/blocks/separable_allocator.h"
#include "sim/blocks/vc_selector.h"
#include "sim/congestion/sensor_set.h"
#include "sim/link/channel.h"
#include "sim/link/packet.h"
#include "sim/nic/nic.h"
#include "sim/router/cioq/input_unit.h"
#include "sim/router/cioq/output_unit.h"
#include "sim/router/cioq/router_config.h"
#include "sim/router/router_model.h"
#include "sim/routing/port_view.h"
#include "sim/routing/routing.h"
#include "sim/stats/head_waits.h"
#include "sim/stats/stats.h"
#include "sim/util/rng.h"

namespace netcosim {

template <class Credits>
class CioqRouter final : public RouterModel {
 public:
  // wheel_size must exceed the largest channel latency (link latency plus crossbar occupancy).
  // Router `id` of `topo` (its sensors read the topology's partitions and port classes).
  CioqRouter(uint32_t id, const RouterConfig& cfg, const RoutingAlgorithm& routing,
             const Topology& topo, uint64_t seed, uint32_t wheel_size);
  CioqRouter(const CioqRouter&) = delete;
  CioqRouter& operator=(const CioqRouter&) = delete;

  uint32_t id() const override { return id_; }
  const RouterConfig& config() const { return cfg_; }

  // Wiring (RouterModel; before the first step).
  void connect_output(uint32_t port, Link* link) override {
    out_link_[port] = link;
    link->credit_wheel = &credit_wheel_;
    if (link->crosses_partitions) remote_out_ |= uint64_t{1} << port;
  }
  void connect_input(uint32_t port, Link* link) override {
    in_link_[port] = link;
    link->data_wheel = &data_wheel_;
    link->wake_at_send = count_at_send_;
    if (link->crosses_partitions) remote_in_ |= uint64_t{1} << port;
  }
  void attach_nic(uint32_t port, Nic* nic) override;  // port < number of injection ports
  SensorSet* sensor_set() override { return &sensors_; }
  // The switch allocator's socket (RouterModel): P inputs x V VCs, P outputs.
  bool switch_allocator(SwitchAllocatorShape& shape) const override {
    shape = {P_,
             V_,
             P_,
             cfg_.iterations,
             cfg_.input_arbitration == ArbPolicy::Rr && cfg_.output_arbitration == ArbPolicy::Rr &&
                 !cfg_.allocator_options.input_update_on_request,
             ""};
    return true;
  }
  const model::ContentionCounters* contention_counters() const override {
    return counting_ ? &sensors_.contention() : nullptr;
  }
  void set_contention_edge(std::unique_ptr<model::ContentionCountersEdge> edge) override {
    contention_edge_ = std::move(edge);
    sensors_.set_contention_edge(contention_edge_.get());
  }
  // The credit counters' socket (RouterModel): the static per-VC counters only (the DAMQ's credits
  // are a pool shared by the VCs, sim/blocks/damq_credits.h, which rtl/credit_counter.sv does not
  // implement). With an edge set, the router records its credit events (take_credits_edged,
  // note_consumes) and calls the edge once per cycle that has any, between receive and
  // allocation; without, its paths are the native ones but for one pointer test per receive
  // phase in which credits arrive.
  bool credit_counters(std::vector<CreditCounterShape>& ports, std::string& why) const override;
  void set_credit_edge(std::unique_ptr<model::CreditCountersEdge> edge) override;
  // FlexVC's VC selector socket (RouterModel): with the static per-VC counters only (the RTL's
  // test is credits[v] >= pkt_size on per-VC counts; a DAMQ's room is its shared pool). With a
  // block set, allocate<SocketedVc<Sel>> is the allocation function (use_vc_selector): every
  // selection on an output goes through the block (select_vc); without, the native
  // instantiations run, unchanged.
  bool vc_selectors(std::vector<CreditCounterShape>& ports, VcSelection& sel,
                    std::string& why) const override;
  void set_vc_selector_block(std::unique_ptr<model::VcSelectorBlock> block) override;
  // Thesis 000 Table 1.2 timing (docs/model.md "Router timing"): the extra pipeline cycles and
  // the crossbar latency; one credit per crossbar transfer of an input port.
  Cycle zero_load_cycles() const override { return cfg_.latency + cfg_.xbar_latency; }
  Cycle credit_interval() const override { return X_; }
  uint32_t input_capacity_phits(uint32_t port, uint32_t /*vc*/) const override {
    return Credits::vc_limit_phits(port_buffer(cfg_.classes[port]));
  }
  uint32_t input_port_packets(uint32_t port) const override {
    return Credits::port_packets(port_buffer(cfg_.classes[port]), S_);
  }
  // The input buffer of a port of class k, as configured (an injection port's is static, 100%
  // private, under router.damq_injection=static).
  model::PortBuffer port_buffer(PortClass k) const {
    const bool shared = k != kInjectionClass || cfg_.damq_injection;
    return model::PortBuffer{cfg_.vcs[k], cfg_.buffer[k], shared ? cfg_.damq_private : 100u};
  }

  // Puts a packet in a NIC's source queue outside the generation process (preloaded packets).
  void enqueue_at_source(Nic& nic, const SourceEntry& e) override {
    nic.queue_push(e);
    nics_.wake_for_queue(nic.link->dst_port, nic.link_free_at);
    ++resident_;
  }
  // A NIC whose source was replaced before the run (Network::set_source): wake it for the new
  // source's first attempt.
  void source_replaced(Nic& nic) override {
    nics_.wake_for_queue(nic.link->dst_port, nic.next_gen);
  }

  // The allocator socket (RouterModel::replace_allocator): the router then allocates through
  // the AllocatorCore interface, one virtual call per cycle, as with a policy allocator.
  bool replace_allocator(std::unique_ptr<model::AllocatorCore>& alloc) override;

  // Marks this router's wake-up wheels for what other partitions queued on its links since the
  // previous call (packets on its global input links, credits on its global output links; see
  // Link::crosses_partitions). An engine must call it before the router simulates cycles in which
  // such items may arrive: at the start of each window (the native engine) or of each activation
  // (the SystemC engine). Reading the items here also brings them into the cache, all misses
  // overlapping, before the router's steps need them.
  void collect_remote() override {
    for (uint64_t m = sat_remote_; m != 0; m &= m - 1) {  // SAT arrivals from another partition
      const uint32_t p = static_cast<uint32_t>(__builtin_ctzll(m));
      nics_.by_port[p]->sat->in.for_each_new([&](const SatMsg& x) { wake_sat(p, x.arrive); });
    }
    for (uint64_t m = remote_in_; m != 0; m &= m - 1) {
      const uint32_t p = static_cast<uint32_t>(__builtin_ctzll(m));
      const Cycle lat = in_link_[p]->latency;
      in_link_[p]->data.for_each_new([&](const PacketMsg& x) {
        data_wheel_.mark(x.arrive, p);
        if (count_at_send_) data_wheel_.mark(x.arrive - lat + 1, p);  // Link::wake_at_send
      });
    }
    for (uint64_t m = remote_out_; m != 0; m &= m - 1) {
      const uint32_t p = static_cast<uint32_t>(__builtin_ctzll(m));
      out_link_[p]->credits.for_each_new(
          [&](const CreditMsg& x) { credit_wheel_.mark(x.arrive, p); });
    }
  }

  // True when the router may have something to do in cycle `now`.
  // A sensor with pending work (a tail still leaving, a filtered counter still decaying) keeps
  // the router stepping, so its counters change in the cycle they should, idle or not.
  bool active(Cycle now) const override {
    return resident_ != 0 || data_wheel_.any(now) || credit_wheel_.any(now) ||
           now >= nics_.wake_min || (counting_ && sensors_.pending());
  }
  // One cycle: evaluate and commit. Returns true if any packet moved (watchdog progress).
  // step() = step_nics() + step_core(); the two parts only interact through channels of at least
  // one cycle (the injection link, its credits), so an engine may also run them as separate
  // processes in any order within a cycle (the SystemC engine's NIC modules do).
  bool step(Cycle now, StatsSink& sink) override {
    bool moved = step_nics(now, sink);
    return step_core(now, sink) | moved;
  }
  const RouterStepper& stepper() const override;
  bool step_nics(Cycle now, StatsSink& sink) override;
  bool step_nic(uint32_t port, Cycle now, StatsSink& sink) override;
  bool step_core(Cycle now, StatsSink& sink) override;
  bool core_active(Cycle now) const override {
    return resident_ != 0 || (counting_ && sensors_.pending()) || data_wheel_.any(now) ||
           credit_wheel_.any(now);
  }
  bool nic_active(uint32_t port, Cycle now) const override {
    const Nic* n = nics_.by_port[port];
    return n->q_count != 0 || n->next_gen <= now || n->owed_count != 0 || n->rq_count != 0 ||
           (n->sat != nullptr && n->sat->in.ready(now) != nullptr);
  }
  Cycle nic_next_generation(uint32_t port) const override { return nics_.by_port[port]->next_gen; }
  // A NIC in the SAT ring gets work from the signal's arrival, which wakes no NIC process.
  bool nic_answers(uint32_t port) const override {
    return nics_.by_port[port]->wants_receive || nics_.by_port[port]->sat != nullptr;
  }
  int full_reply_queue_vc(uint32_t port) const override {
    const Nic* n = nics_.by_port[port];
    if (n == nullptr || n->reply_limit == 0 || n->reply_held + n->reply_size <= n->reply_limit)
      return -1;
    return static_cast<int>(n->inj_request_vcs);
  }
  bool enable_sat(uint32_t port, bool remote_input) override {
    sat_ = true;
    special_nics_ = true;
    if (remote_input) sat_remote_ |= uint64_t{1} << port;
    return true;
  }
  void wake_sat(uint32_t port, Cycle at) override {
    SatNic& s = *nics_.by_port[port]->sat;
    if (at < s.due) s.due = at;
    if (at < nics_.wake[port]) nics_.wake[port] = at;
    if (at < nics_.wake_min) nics_.wake_min = at;
  }
  const std::vector<uint32_t>& nic_ports() const override { return nics_.ports; }

  // Packets inside the router (input buffers, output FIFOs) and in its nodes' source queues.
  uint32_t resident() const override { return resident_; }
  // Human-readable list of waiting packets and why they wait (deadlock diagnostics).
  std::string describe_blocked(Cycle now, size_t max_lines) const override;

  PortClass port_class(uint32_t port) const override { return cfg_.classes[port]; }
  uint32_t radix() const override { return P_; }
  uint32_t packet_size() const override { return S_; }
  // What routing decisions read (sim/routing/port_view.h), as of the start of the cycle.
  const PortView& port_view() const { return view_; }
  // Free phits of an output FIFO in cycle `now`: the packet on the link has left it once its
  // tail is out (tx_release).
  uint32_t fifo_free(uint32_t o, Cycle now) const {
    return out_.free(o, now, cfg_.buffer_output, S_);
  }
  // The congestion sensors of this router (built from the routing's SensorNeeds); the network
  // wires the sensors of a group together (SensorSet::wire_group).
  SensorSet& sensors() { return sensors_; }
  const SensorSet& sensors() const { return sensors_; }
  const model::ContentionCounters& contention() const { return sensors_.contention(); }

  // The VC-order checker (sim/routing/vc_order.h): every grant is checked against `order` (nullptr:
  // no check, one predictable branch per grant).
  void set_vc_check(const VcOrder* order) override { vc_check_ = order; }
  // The VC selector the router applies to the VCs a route allows (sim/blocks/vc_selector.h;
  // RouterConfig::vc_selection's when built): allocate<Sel> is instantiated for it
  // (router_allocate.h); set_vc_selection for the library's functions.
  template <class Sel>
  void use_vc_selector();
  void set_vc_selection(VcSelection s);

  // Deadlock diagnostics (sim/network/deadlock_report.cpp; RouterModel::HeadView).
  HeadView head_view(uint32_t port, uint32_t vc) const override;
  // Head-wait counters (RouterModel; sim/stats/head_waits.h): the allocation function becomes
  // allocate<Sel, kPolicy, false, true>, which counts in [start, end) and runs the uncounted
  // instantiation in the other cycles. Not with a credit counters' edge or a VC selector block
  // (the RTL-backed functions have no counting instantiation): std::invalid_argument.
  bool enable_head_waits(Cycle start, Cycle end) override;
  const HeadWaits* head_waits() const override { return waits_.get(); }
  uint32_t vcs_per_port() const override { return V_; }
  // minCred's count of output (port, vc): downstream phits of minimally routed packets (0 when
  // minCred is off).
  uint32_t min_occupancy(uint32_t port, uint32_t vc) const {
    return min_occupancy_.empty() ? 0 : min_occupancy_[size_t{port} * V_ + vc];
  }
  // True when nothing at this router will change by itself after cycle now - 1: no packet or
  // credit on its input links, no crossbar transfer, no packet in an output FIFO or on a link,
  // no head still in the router pipeline, no NIC waiting for its link (the watchdog's "settled").
  bool settled(Cycle now) const override;

  // Inspection for tests.
  uint32_t input_occupancy(uint32_t port, uint32_t vc) const override {
    return in_.vc(port, vc).count;
  }
  uint32_t output_credits(uint32_t port, uint32_t vc) const override {
    return credits_[port].credits(vc);
  }
  // The credits of the router's injection buffer on injection port `port`, which its NIC sends
  // against (sim/nic/nic.h).
  const model::CreditLevels& injection_credits(uint32_t port) const { return nic_credits_[port]; }
  uint32_t output_fifo_packets(uint32_t port) const { return out_.queue(port).count; }
  // The link output `port` sends on (nullptr: unconnected); its credit ring holds the credits
  // still on their way back to this router.
  const Link* output_link(uint32_t port) const { return out_link_[port]; }

 private:
  using Outputs = OutputUnit<FirstComeScheduler>;
  // The NICs attached to the injection ports, with the next cycle each has something to do kept
  // here, so that a cycle in which no NIC has anything to do reads one line: its next generation
  // attempt or, with packets in its source queue, the cycle its injection link is free. A NIC
  // whose link is busy is not stepped: it takes its returned credits when it next injects, which
  // is what it would have seen had it taken them every cycle (they are only read to inject).
  struct NicTable {
    std::vector<Nic*> by_port;    // nullptr except on injection ports
    std::vector<uint32_t> ports;  // ports with a NIC attached
    Cycle wake_min = kNone;       // the earliest of wake[]
    uint64_t mask = 0;            // injection ports with a NIC
    Cycle wake[64] = {};          // per injection port: the next cycle its NIC is stepped
    // A packet entered the queue of the NIC on `port` outside its step (preloaded): it is
    // stepped once its link is free.
    void wake_for_queue(uint32_t port, Cycle link_free_at) {
      if (link_free_at < wake[port]) wake[port] = link_free_at;
      if (wake[port] < wake_min) wake_min = wake[port];
    }
  };

  bool receive(Cycle now);
  // Returns true if a packet was injected.
  bool nic_step(uint32_t port, Cycle now, StatsSink& sink);
  // SAT (enable_sat): the NICs' step under SAT, out of line.
  [[gnu::noinline]] bool nic_step_sat(uint32_t port, Cycle now, StatsSink& sink);
  // The step of a NIC when special_nics_: SAT, a bounded reply queue, or Nic::step.
  bool nic_step_special(uint32_t port, Cycle now, StatsSink& sink);
  [[gnu::noinline]] bool step_nics_special(Cycle now, StatsSink& sink);
  // A bounded reply queue (traffic.reply_queue; Nic::step_bounded), out of line.
  [[gnu::noinline]] bool nic_step_bounded(uint32_t port, Cycle now, StatsSink& sink);
  // The grants of requests to an ejection port take room for their replies in its NIC's reply
  // queue (Nic::reply_held), before commit() takes the heads out.
  template <class Alloc>
  [[gnu::noinline]] void reserve_replies(const Alloc& a);
  void update_wake_min();
  // Allocation (docs/architecture.md "Data flow of one packet", 3 and 4): route the ready heads
  // and request their outputs, evaluate the separable allocator, commit the grants (packet state,
  // crossbar, credits, sensors). The parts are inlined into allocate(): split out of line they cost
  // 4% more instructions on h8 (cachegrind), the price of the calls and of the state they reload.
  // A template on the VC selector (router_allocate.h): step calls the instantiation chosen when
  // the router was built (allocate_).
  // kPolicy: the allocator of router.input_arbitration / router.output_arbitration other than
  // rr / rr (policy_alloc_, evaluated with one call per cycle); false: alloc_, the round-robin
  // allocator, inline. Instantiations: selectors x 2 per credit model, and x 2 more for the static
  // model's credit counters' edge (kCreditEdge); for the static model also the three RTL-backed
  // selectors (SocketedVc, with a VC selector block) x 4; the 15 policy allocators
  // are built once, apart (sim/router/cioq/arbitration.cpp).
  // kCreditEdge: a credit counters' edge is set (set_credit_edge): the grants' consumes are
  // recorded for it (note_consumes); instantiated for the static credit model only.
  // kWaits: the head-wait counters are on (enable_head_waits; docs/model.md "Head waits"):
  // request_heads<..., true> counts each ready head's wait and count_requests the requests'
  // outcomes; outside the window it calls uncounted_. Instantiated in router_waits.cpp only (for
  // the library's selectors and credit models, without kCreditEdge), through
  // use_counting_allocate: the instantiations without it, the functions of a run without --waits,
  // are compiled in router.cpp as before.
  template <class Sel, bool kPolicy, bool kCreditEdge, bool kWaits = false>
  bool allocate(Cycle now);
  // kWaits: a ready head of input VC v of port i that waits for reason r on output o (counted
  // under its traffic class, head_wait_class).
  void count_wait(uint32_t i, uint32_t v, uint32_t o, HeadWait r) {
    const uint32_t tc = head_wait_class(in_.head(in_.vc(i, v)));
    ++waits_->at_in(i, v, tc, r);
    ++waits_->at_out(o, cfg_.classes[i], tc, r);
  }
  // kWaits: allocate_ = allocate<Sel, kPolicy, false, true> (router_waits.cpp).
  template <class Sel>
  void use_counting_allocate();
  // kWaits: the ready heads of input port i, whose port is busy with a crossbar transfer.
  [[gnu::noinline]] void count_busy_heads(uint32_t i, Cycle now);
  // kWaits: the outcome of this cycle's requests (HeadWaits::requested), after the allocator's
  // evaluation and before commit() takes the granted heads out.
  template <class Alloc>
  [[gnu::noinline]] void count_requests(const Alloc& a);
  template <class Alloc>
  void note_consumes(const Alloc& a, Cycle now);
  // receive()'s credits when a credit counters' edge is set: each return is applied and recorded,
  // then the edge is called if the cycle has events.
  [[gnu::noinline]] void take_credits_edged(uint64_t ports, Cycle now);
  // kGate: a NIC has a bounded reply queue (reply_gate_): a request is not requested into an
  // ejection port whose NIC has no room for its reply (Nic::reply_fits).
  template <class Sel, bool kPolicy, bool kGate, bool kWaits, class Alloc>
  [[gnu::always_inline]] inline bool request_heads(Alloc& a, Cycle now);
  // Sel's choice among `allowed` on output `o`; SocketedVc<M>: M's choice, then the block's.
  template <class Sel>
  [[gnu::always_inline]] inline int select_vc(uint32_t o, uint32_t allowed);
  [[gnu::noinline]] void count_minimal_grant(const Packet& pkt, uint32_t o, uint32_t out_vc);
  [[gnu::noinline]] void take_minimal_credit(uint32_t o, uint32_t vc, uint32_t phits);
  template <class Sel>
  [[gnu::noinline]] bool revert_to_escape(uint32_t i, uint32_t v, StaticInputUnit::VcBuffer& b,
                                          Cycle now);
  [[gnu::always_inline]] inline void route_head(uint32_t i, uint32_t v,
                                                StaticInputUnit::VcBuffer& b, Cycle now);
  template <class Alloc>
  [[gnu::always_inline]] inline bool grant(const Alloc& a, Cycle now);
  [[gnu::always_inline]] inline void commit(uint32_t i, uint32_t v, uint32_t o, Cycle now);
  [[gnu::always_inline]] inline void apply_route(Packet& pkt, const RouteResult& r, uint32_t i,
                                                 uint32_t o) const;
  // The misrouting marks of a nonminimal decision or hop (Packet::marks, docs/model.md §5): out
  // of line, only misrouted hops pay for it.
  [[gnu::noinline]] void note_nonminimal(Packet& pkt, const RouteResult& r, uint32_t i,
                                         uint32_t o) const;
  bool send(Cycle now, StatsSink& sink);
  // A packet reached the head of input VC `b` of port `i` (the sensors count heads): the routing's
  // minimal output is asked once per head and hop, and kept in `b` for the head's grant.
  // Out of line: the virtual call inlined into receive and allocate cost register saves on every
  // call of theirs, counted heads or not.
  [[gnu::noinline]] void head_arrived(uint32_t i, StaticInputUnit::VcBuffer& b, const Packet& pkt);
  // The contention counters' events (counting_ only; RouterConfig::count_queued says which rule):
  // a packet was written into input VC v of port i; the tails of the ports in `left` have left
  // their input buffers this cycle.
  [[gnu::noinline]] void count_arrival(uint32_t i, uint32_t v, const Packet& pkt, Cycle now);
  [[gnu::noinline]] void count_next_heads(uint64_t left);
  void count_next_head(uint32_t i, uint32_t v);
  // queued_at_send: counts the packets sent towards this router before cycle `now` that are not
  // counted yet (they are on the input links, or arrive now).
  [[gnu::noinline]] void count_sent(Cycle now);

  uint32_t id_;
  const Topology& topo_;  // the group of a misrouting decision (note_nonminimal)
  RouterConfig cfg_;
  const RoutingAlgorithm& routing_;
  Rng rng_;
  uint32_t P_, V_, S_, X_;
  bool is_injection_[64] = {};           // injection ports, which are also the ejection ports
  bool (CioqRouter::*allocate_)(Cycle);  // allocate<Sel> of the VC selector (use_vc_selector)
  // A hop on this class sets Packet::kGlobalDoneInPhase (Topology::single_hop_class()).
  PortClass single_hop_class_;

  std::vector<Link*> in_link_, out_link_;
  StaticInputUnit in_;
  model::SeparableAllocator alloc_;
  // The allocator of other arbitration policies (RouterConfig::input_arbitration,
  // output_arbitration); nullptr for rr / rr, which uses alloc_.
  std::unique_ptr<model::AllocatorCore> policy_alloc_;
  // Another implementation of the contention counters' edge (set_contention_edge); nullptr.
  std::unique_ptr<model::ContentionCountersEdge> contention_edge_;
  // The policy allocator has an age arbiter: each request carries its packet's age, counted from
  // its router injection (age_from_injection_) or its generation (RouterConfig::age_stamp).
  bool ages_ = false;
  bool age_from_injection_ = false;
  std::vector<Credits> credits_;  // per output port (downstream VCs)
  // minCred (RouterConfig::mincred): [port * V_ + vc], the downstream phits of minimally routed
  // packets; empty when off.
  std::vector<uint32_t> min_occupancy_;
  bool mincred_ = false;
  std::vector<Credits> nic_credits_;  // per injection port: this router's injection buffer
  Outputs out_;
  PortView view_;          // over credits_, out_'s levels, sensors_ and this router
  bool adaptive_ = false;  // re-route waiting heads every cycle
  const VcOrder* vc_check_ = nullptr;
  uint32_t resident_ = 0;  // packets in buffers, FIFOs and source queues
  // The sensors' switches, kept on the line every step reads (sensors_ is 2 KB further): any
  // sensor built (the hooks of step_core are called), heads counted (SensorSet::counting()).
  bool sensing_ = false;
  bool counting_ = false;
  bool count_queued_ = false;      // RouterConfig::count_queued
  bool count_until_tail_ = false;  // RouterConfig::count_until_tail
  bool xbar_until_tail_ = false;   // RouterConfig::xbar_until_tail
  bool count_at_send_ = false;     // RouterConfig::count_at_send
  ArrivalWheel data_wheel_;        // input ports on which a packet arrives, by cycle
  ArrivalWheel credit_wheel_;      // output ports on which a credit arrives, by cycle
  uint64_t remote_in_ = 0;         // input ports whose link crosses partitions (collect_remote)
  uint64_t remote_out_ = 0;        // output ports whose link crosses partitions
  // SAT (enable_sat): some NIC is in the ring; the NICs whose signal comes from another partition.
  bool sat_ = false;
  uint64_t sat_remote_ = 0;
  // Some NIC is stepped otherwise than by Nic::step (SAT, or a bounded reply queue): step_nics
  // takes the out-of-line pass (step_nics_special), so the default pass tests one flag per cycle.
  bool special_nics_ = false;
  // Request-reply with a bounded reply queue (traffic.reply_queue; Nic::reply_limit): the
  // ejection of requests waits for room for their replies (request_heads<kGate>,
  // reserve_replies).
  bool reply_gate_ = false;
  // Another implementation of the credit counters' edge (set_credit_edge); nullptr.
  std::unique_ptr<model::CreditCountersEdge> credit_edge_;
  // Another implementation of the VC selectors (set_vc_selector_block); nullptr.
  std::unique_ptr<model::VcSelectorBlock> vc_block_;
  // The head-wait counters (enable_head_waits); nullptr when off. uncounted_: the allocation
  // function without them, which the counting one calls outside the window.
  std::unique_ptr<HeadWaits> waits_;
  bool (CioqRouter::*uncounted_)(Cycle) = nullptr;
  // Per input port: the VC of the packet being transferred (its tail leaves at busy_until); that
  // VC's next header is at the head of the buffer from then on (counting_, head rule).
  uint8_t leaving_vc_[64] = {};
  // queued_at_send: per input port, how many of the packets on its link (from the oldest) are
  // counted already.
  uint32_t sent_counted_[64] = {};
  NicTable nics_;
  // Last: the sensors' arrays are large (about 2 KB) and would spread the router's hot fields
  // over more cache lines; their flags sit in the set's first line.
  SensorSet sensors_;
};

// The CIOQ router with static per-VC buffers (thesis 000 Table 1.2), built for
// router.architecture=cioq; instantiated in router.cpp.
using Router = CioqRouter<model::StaticCredits>;
extern template class CioqRouter<model::StaticCredits>;
// With DAMQ input buffers (router.buffer_model=damq; sim/blocks/damq_credits.h).
extern template class CioqRouter<model::DamqCredits>;

}  // namespace netcosim
