// The reference CIOQ router (DESIGN.md §3; thesis 000 Sec. 1.1, Sec. 1.6.3, Table 1.2), assembled
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
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/blocks/contention_counters.h"
#include "sim/blocks/credit_counter.h"
#include "sim/blocks/separable_allocator.h"
#include "sim/congestion/group_sensors.h"
#include "sim/link/channel.h"
#include "sim/link/packet.h"
#include "sim/nic/nic.h"
#include "sim/router/router_model.h"
#include "sim/routing/port_view.h"
#include "sim/routing/routing.h"
#include "sim/stats/stats.h"
#include "sim/topology/dragonfly.h"
#include "sim/util/rng.h"

namespace netcosim {

struct RouterConfig {
  std::vector<PortKind> kinds;          // per port
  uint32_t vcs[3] = {3, 2, 1};          // by PortKind: injection, local, global
  uint32_t buffer[3] = {256, 32, 256};  // phits per VC, by PortKind
  uint32_t buffer_output = 32;
  uint32_t packet_size = 8;
  uint32_t speedup = 2;
  uint32_t latency = 0;  // extra pipeline cycles before a head may request
  uint32_t xbar_latency = 3;
  uint32_t iterations = 2;
  uint32_t radix() const { return static_cast<uint32_t>(kinds.size()); }
  uint32_t max_vcs() const {
    uint32_t m = 0;
    for (auto v : vcs) m = v > m ? v : m;
    return m;
  }
  // Cycles a crossbar transfer occupies its input port and output write side.
  uint32_t xfer_cycles() const { return (packet_size + speedup - 1) / speedup; }
};

class Router final : public RouterModel, public GroupSensors {
 public:
  // wheel_size must exceed the largest channel latency (link latency plus crossbar occupancy).
  Router(uint32_t id, const RouterConfig& cfg, const RoutingAlgorithm& routing, uint64_t seed,
         uint32_t wheel_size);
  Router(const Router&) = delete;
  Router& operator=(const Router&) = delete;

  uint32_t id() const override { return id_; }
  const RouterConfig& config() const { return cfg_; }

  // Wiring (before the first step).
  // An inter-router link: this router sends on `port`, `downstream` receives it.
  void connect_output(uint32_t port, Link* link, Router& downstream) {
    out_link_[port] = link;
    downstream.in_link_[link->dst_port] = link;
    link->data_wheel = &downstream.data_wheel_;
    link->credit_wheel = &credit_wheel_;
    if (link->crosses_partitions) {
      remote_out_ |= uint64_t{1} << port;
      downstream.remote_in_ |= uint64_t{1} << link->dst_port;
    }
  }
  void attach_nic(uint32_t port, Nic* nic);  // port < number of injection ports

  // Puts a packet in a NIC's source queue outside the generation process (preloaded packets).
  void enqueue_at_source(Nic& nic, const SourceEntry& e) override {
    nic.queue_push(e);
    nic_queued_ |= uint64_t{1} << nic.link->dst_port;
    ++resident_;
  }

  // Marks this router's wake-up wheels for what other partitions queued on its links since the
  // previous call (packets on its global input links, credits on its global output links; see
  // Link::crosses_partitions). An engine must call it before the router simulates cycles in which
  // such items may arrive: at the start of each window (the native engine) or of each activation
  // (the SystemC engine). Reading the items here also brings them into the cache, all misses
  // overlapping, before the router's steps need them.
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

  // True when the router may have something to do in cycle `now`.
  bool active(Cycle now) const override {
    return resident_ != 0 || data_wheel_.any(now) || credit_wheel_.any(now) || now >= next_gen_min_;
  }
  // One cycle: evaluate and commit. Returns true if any packet moved (watchdog progress).
  // step() = step_nics() + step_core(); the two parts only interact through channels of at least
  // one cycle (the injection link, its credits), so an engine may also run them as separate
  // processes in any order within a cycle (the SystemC engine's NIC modules do).
  bool step(Cycle now, StatsSink& sink) override {
    bool moved = step_nics(now, sink);
    return step_core(now, sink) | moved;
  }
  bool step_if_active(Cycle now, StatsSink& sink) override {
    return active(now) && step(now, sink);
  }
  bool step_nics(Cycle now, StatsSink& sink) override;
  bool step_nic(uint32_t port, Cycle now, StatsSink& sink) override;
  bool step_core(Cycle now, StatsSink& sink) override;
  bool core_active(Cycle now) const override {
    return resident_ != 0 || dec_mask_ != 0 || contention_.filter_live() || data_wheel_.any(now) ||
           credit_wheel_.any(now);
  }
  bool nic_active(uint32_t port, Cycle now) const override {
    const Nic* n = nics_[port];
    return n->q_count != 0 || n->next_gen <= now;
  }
  Cycle nic_next_generation(uint32_t port) const override { return nics_[port]->next_gen; }
  const std::vector<uint32_t>& nic_ports() const override { return nic_ports_; }

  // Packets inside the router (input buffers, output FIFOs) and in its nodes' source queues.
  uint32_t resident() const override { return resident_; }
  // Human-readable list of waiting packets and why they wait (deadlock diagnostics).
  std::string describe_blocked(Cycle now, size_t max_lines) const override;

  PortKind port_kind(uint32_t port) const override { return cfg_.kinds[port]; }
  uint32_t radix() const override { return P_; }
  uint32_t packet_size() const override { return S_; }
  // What routing decisions read (sim/routing/port_view.h), as of the start of the cycle.
  const PortView& port_view() const { return view_; }
  // Free phits of an output FIFO in cycle `now`: the packet on the link has left it once its
  // tail is out (tx_release).
  uint32_t fifo_free(uint32_t o, Cycle now) const {
    return outq_[o].level.free(now, cfg_.buffer_output, S_);
  }
  const model::ContentionCounters& contention() const { return contention_; }
  // ECtN (seed 001 Sec. III-C, thesis Sec. 4.2.1): the combined counter of destination group `g`:
  // this router's partial counter plus the partial counters the other routers of the group last
  // broadcast (every ectn_period cycles, received after the local links' latency).
  uint32_t ectn_combined(uint32_t g, Cycle now) const override;
  // The routers of this router's group (index in group order), read by group-wide mechanisms with
  // the local links' latency (PiggyBack bits).
  void set_group_peers(std::vector<const Router*> group, Cycle local_latency);
  // PiggyBack: the saturation bits of the global links of router `index_in_group` of this group,
  // as visible here in cycle `now` (own: current; others: local_latency cycles old).
  uint64_t peer_saturation(uint32_t index_in_group, Cycle now) const override;
  uint64_t saturation_at(Cycle c) const;
  // Wiring for ECtN: the routers of this router's group, the local latency, the period.
  void set_ectn_group(std::vector<const Router*> group, Cycle local_latency, Cycle period,
                      uint32_t groups, uint32_t my_group);

  // The VC-order checker (sim/routing/vc_order.h): every grant is checked against `order` (nullptr:
  // no check, one predictable branch per grant).
  void set_vc_check(const VcOrder* order) { vc_check_ = order; }

  // Deadlock diagnostics (sim/network/deadlock_report.cpp; RouterModel::HeadView).
  HeadView head_view(uint32_t port, uint32_t vc) const override;
  uint32_t vcs_per_port() const override { return V_; }
  // True when nothing at this router will change by itself after cycle now - 1: no packet or
  // credit on its input links, no crossbar transfer, no packet in an output FIFO or on a link,
  // no head still in the router pipeline, no NIC waiting for its link (the watchdog's "settled").
  bool settled(Cycle now) const override;

  // Inspection for tests.
  uint32_t input_occupancy(uint32_t port, uint32_t vc) const override {
    return vcb_[port * V_ + vc].count;
  }
  uint32_t output_credits(uint32_t port, uint32_t vc) const override {
    return credits_[port].credits(vc);
  }
  uint32_t output_fifo_packets(uint32_t port) const { return outq_[port].count; }

 private:
  // One input VC: a ring of packets in slots_[base .. base+cap), with what the allocator reads
  // every cycle about its head (so that a waiting head costs one cache line, not three).
  struct VcBuffer {
    uint32_t base = 0, cap = 0, head = 0, count = 0;
    Cycle head_ready = 0;  // the head's t_ready (valid when count > 0)
    uint8_t out_port = 0;  // the head's route (valid when routed): route_[].port, .vc
    uint8_t out_vc = 0;
    bool routed = false;  // route_[] holds the head's route
  };
  struct OutEntry {
    Packet pkt;
    Cycle ready;
    uint8_t vc;
  };
  // Output FIFO ring in out_slots_[base .. base+cap). Its level comes first, so that the view
  // routing reads (PortView, a stride over outq_) and the ring share one cache line.
  struct OutQueue {
    OutputFifoLevel level;
    uint32_t base = 0, cap = 0, head = 0, count = 0;
    Cycle link_free_at = 0;  // next cycle the link may start a packet
  };

  bool receive(Cycle now);
  // Returns true if a packet was injected.
  bool nic_step(uint32_t port, Cycle now, StatsSink& sink);
  void update_next_gen_min();
  bool allocate(Cycle now);
  bool send(Cycle now, StatsSink& sink);
  // fifo_free(), also applying the release to the FIFO's state.
  uint32_t out_free(uint32_t o, Cycle now) {
    OutputFifoLevel& f = outq_[o].level;
    if (f.tx_pending && now >= f.tx_release) {
      f.used_phits -= S_;
      f.tx_pending = false;
    }
    return fifo_free(o, now);
  }

  uint32_t id_;
  RouterConfig cfg_;
  const RoutingAlgorithm& routing_;
  Rng rng_;
  uint32_t P_, V_, S_, X_;
  bool is_ejection_[64] = {};
  bool is_injection_[64] = {};

  std::vector<Link*> in_link_, out_link_;
  std::vector<Nic*> nics_;           // by port (nullptr except on injection ports)
  std::vector<uint32_t> nic_ports_;  // ports with a NIC attached

  // Input side.
  std::vector<Packet> slots_;
  std::vector<VcBuffer> vcb_;         // [port * V_ + vc]
  std::vector<RouteResult> route_;    // the head's route, when VcBuffer::routed
  std::vector<uint32_t> vc_mask_;     // per port: VCs holding packets
  uint64_t port_mask_ = 0;            // input ports holding packets
  std::vector<Cycle> in_busy_until_;  // crossbar input occupied

  // Allocation and output side.
  model::SeparableAllocator alloc_;
  std::vector<model::CreditCounter> credits_;  // per output port (downstream VCs)
  std::vector<OutEntry> out_slots_;
  std::vector<OutQueue> outq_;
  PortView view_;          // over credits_, outq_[].level, contention_ and this router
  uint64_t out_mask_ = 0;  // output FIFOs holding packets
  // Per output FIFO holding packets: the cycle its head may start on the link (the later of its
  // arrival in the FIFO and the link's next free cycle; both are fixed once it is the head), so
  // that send() reads one line for all the FIFOs that wait.
  Cycle send_at_[64] = {};

  bool adaptive_ = false;  // re-route waiting heads every cycle
  // Contention counters (maintained when the routing algorithm reads them).
  bool track_contention_ = false;
  uint32_t filter_alpha_256_ = 0;  // > 0: keep filtered counters (Filtered trigger)
  bool track_filter_ = false;
  model::ContentionCounters contention_;
  // ECtN partial counters: packets at the heads of injection and global input queues, by their
  // destination group (other groups only), with a short history of the values at broadcast
  // boundaries (see Router::ectn_record).
  bool track_ectn_ = false;
  std::vector<uint16_t> partial_;
  struct EctnRecord {
    Cycle boundary = kNone;
    std::vector<uint16_t> v;
  };
  EctnRecord ectn_hist_[4];
  uint32_t ectn_next_ = 0;
  Cycle ectn_period_ = 100, ectn_latency_ = 10;
  uint32_t my_group_ = 0;
  std::vector<const Router*> ectn_peers_;
  // Sum of the other routers' partial arrays at broadcast boundary ectn_others_boundary_.
  mutable std::vector<uint32_t> ectn_others_;
  mutable Cycle ectn_others_boundary_ = kNone;
  std::vector<uint32_t> dec_group_;  // per input port: destination group to decrement, or kNone
  // Group peers and PiggyBack saturation bits (with the cycles at which they changed).
  std::vector<const Router*> group_peers_;
  Cycle peer_latency_ = 10;
  bool track_sat_ = false;
  uint64_t sat_mask_ = 0;
  struct SatRecord {
    Cycle cycle = kNone;
    uint64_t mask = 0;
  };
  std::vector<SatRecord> sat_hist_;
  size_t sat_next_ = 0;
  void update_saturation(Cycle now);
  void ectn_record(Cycle now);
  const std::vector<uint16_t>& ectn_state_at(Cycle boundary) const;
  uint32_t ectn_group_of(uint32_t in_port, const Packet& p) const;
  uint64_t dec_mask_ = 0;         // input ports whose last packet's tail has not left yet
  std::vector<uint8_t> dec_out_;  // that packet's minimal output, decremented when it leaves

  const VcOrder* vc_check_ = nullptr;
  uint32_t resident_ = 0;      // packets in buffers, FIFOs and source queues
  ArrivalWheel data_wheel_;    // input ports on which a packet arrives, by cycle
  ArrivalWheel credit_wheel_;  // output ports on which a credit arrives, by cycle
  uint64_t remote_in_ = 0;     // input ports whose link crosses partitions (collect_remote)
  uint64_t remote_out_ = 0;    // output ports whose link crosses partitions
  Cycle next_gen_min_ = kNone;
  // The NICs' next generation cycles and non-empty source queues, by injection port, kept here so
  // that a cycle in which no NIC has anything to do reads one cache line, not one per NIC.
  uint64_t nic_mask_ = 0;    // injection ports with a NIC
  uint64_t nic_queued_ = 0;  // NICs whose source queue is not empty
  Cycle nic_gen_[64] = {};   // Nic::next_gen
};

}  // namespace netcosim
