// The router-architecture interface (docs/architecture.md "Layers"): what the
// network, the engines and the deadlock report hold of a router. The reference CIOQ router
// (sim/router/cioq/router.h) is the first implementation; a second architecture (the Omni-Path
// hierarchical switch) implements the same interface and sits beside it. The architecture registry
// (sim/router/architecture.h) constructs the routers; the network builder (sim/network/build.cpp)
// wires their links, NICs and sensors through this interface and hands them to the Network.
//
// Stepping contract (docs/principles.md §7, docs/model.md §6): an engine calls collect_remote()
// before simulating cycles in which items from other partitions may arrive, then, cycle by cycle
// and in increasing cycle order, step(now) (or step_nics/step_nic and step_core as separate
// processes) whenever active(now) (core_active, nic_active) says there may be work. Every call
// returns true when a packet moved (the watchdog's progress).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/blocks/contention_counters.h"
#include "sim/blocks/credit_counter.h"
#include "sim/blocks/drr_arbiter.h"
#include "sim/blocks/dtable_arbiter.h"
#include "sim/blocks/ib_vl_arbiter_block.h"
#include "sim/blocks/rr_arbiter.h"
#include "sim/blocks/sbt_scheduler.h"
#include "sim/blocks/separable_allocator.h"
#include "sim/blocks/shared_vl_credits.h"
#include "sim/blocks/vc_selector.h"
#include "sim/congestion/sensor_set.h"
#include "sim/link/channel.h"
#include "sim/link/packet.h"
#include "sim/nic/nic.h"
#include "sim/router/router_stepper.h"
#include "sim/routing/vc_order.h"
#include "sim/stats/head_waits.h"
#include "sim/stats/stats.h"
#include "sim/stats/switch_waits.h"
#include "sim/topology/topology.h"

namespace netcosim {

namespace model {
class AllocatorCore;  // sim/blocks/separable_allocator.h
}

class RouterModel {
 public:
  virtual ~RouterModel() = default;

  virtual uint32_t id() const = 0;
  virtual uint32_t radix() const = 0;
  virtual PortClass port_class(uint32_t port) const = 0;
  virtual uint32_t packet_size() const = 0;
  virtual uint32_t vcs_per_port() const = 0;

  // Wiring, by the network builder before the first step. A router-to-router link: the upstream
  // router sends on output `port` (connect_output), the downstream one receives on input `port`
  // (connect_input); Link::crosses_partitions marks the links other partitions write.
  virtual void connect_output(uint32_t port, Link* link) = 0;
  virtual void connect_input(uint32_t port, Link* link) = 0;
  // A node's NIC on terminal port `port` (its injection link is nic->link).
  virtual void attach_nic(uint32_t port, Nic* nic) = 0;
  // The router's congestion sensors, which the builder wires to those of the other routers of its
  // partition (PiggyBack's bits, ECtN); nullptr when the architecture has none.
  virtual SensorSet* sensor_set() { return nullptr; }
  // The VC-order checker (sim/routing/vc_order.h; nullptr: no check).
  virtual void set_vc_check(const VcOrder* order) = 0;
  // Timing the builder and the zero-load latency read: the cycles a header spends in the router
  // at zero load before its packet starts on the output link (pipeline and crossbar), and the
  // fewest cycles between two credits the router returns on one input port.
  virtual Cycle zero_load_cycles() const = 0;
  // The same from input `in_port` to output `out_port`, where it depends on the pair (the
  // Omni-Path switch's central stage across MPorts); the others: zero_load_cycles().
  virtual Cycle zero_load_cycles(uint32_t /*in_port*/, uint32_t /*out_port*/) const {
    return zero_load_cycles();
  }
  // zero_load_cycles(in, out) differs between port pairs.
  virtual bool zero_load_depends_on_ports() const { return false; }
  virtual Cycle credit_interval() const = 0;
  // The most credit messages one packet's crossbar transfer sends upstream (the builder sizes the
  // credit rings by it): 1, or one per cycle of the transfer (router.credit_return=flit).
  virtual uint32_t credit_messages_per_packet() const { return 1; }
  // The capacity of input VC `vc` of `port`, in phits (the deadlock report), and the most packets
  // the whole input port may hold (the builder sizes the link rings by it).
  virtual uint32_t input_capacity_phits(uint32_t port, uint32_t vc) const = 0;
  virtual uint32_t input_port_packets(uint32_t port) const = 0;
  // The smallest packet in phits the router receives (the builder sizes the link rings by it);
  // 0: the configuration's packet.size. The switches built on service levels have one size per SL.
  virtual uint32_t min_packet_phits() const { return 0; }

  // Puts a packet in a NIC's source queue outside the generation process (preloaded packets).
  virtual void enqueue_at_source(Nic& nic, const SourceEntry& e) = 0;
  // The source of an attached NIC was replaced before the run (Network::set_source): the router
  // re-reads its first generation attempt.
  virtual void source_replaced(Nic& nic) = 0;

  // SAT injection throttling (traffic.throttling=sat; docs/model.md "SAT injection throttling"):
  // the NIC on `port` takes part in the SAT ring (Nic::sat is set); `remote_input`: the NIC before
  // it on the ring is in another partition, so this router reads the signal's arrivals on it
  // before each window (collect_remote). False: the architecture does not model SAT.
  virtual bool enable_sat(uint32_t /*port*/, bool /*remote_input*/) { return false; }
  // The SAT signal reaches the NIC on `port` in cycle `at` (its sender, in the same partition):
  // the router steps the NIC then.
  virtual void wake_sat(uint32_t /*port*/, Cycle /*at*/) {}

  // Stepping (see the contract above).
  virtual void collect_remote() = 0;
  virtual bool active(Cycle now) const = 0;
  virtual bool step(Cycle now, StatsSink& sink) = 0;
  // Steps a run of routers of this router's architecture for a window of cycles without a virtual
  // call per router and cycle (sim/router/router_stepper.h; the native engine's inner loop).
  virtual const RouterStepper& stepper() const = 0;
  virtual bool step_nics(Cycle now, StatsSink& sink) = 0;
  virtual bool step_nic(uint32_t port, Cycle now, StatsSink& sink) = 0;
  virtual bool step_core(Cycle now, StatsSink& sink) = 0;
  virtual bool core_active(Cycle now) const = 0;
  virtual bool nic_active(uint32_t port, Cycle now) const = 0;
  virtual Cycle nic_next_generation(uint32_t port) const = 0;
  // The NIC of `port` may get work from a reception (its source answers received packets, or it
  // answers requests, Nic::wants_receive): an engine that lets an idle NIC sleep until its next
  // generation must not (the SystemC engine's strict mode).
  virtual bool nic_answers(uint32_t port) const = 0;
  // The ports with a NIC attached.
  virtual const std::vector<uint32_t>& nic_ports() const = 0;

  // Packets inside the router and in its nodes' source queues.
  virtual uint32_t resident() const = 0;
  // True when nothing at this router will change by itself after cycle now - 1 (the watchdog).
  virtual bool settled(Cycle now) const = 0;
  // Block sockets (systemc/rtl/, docs/cosim.md "Verilated blocks inside a network"; the SystemC
  // router module's allocator socket, systemc/router/): the shape of the router's switch
  // allocator (an input-first separable allocator, sim/blocks/separable_allocator.h), false when
  // the architecture has none; and its replacement by another implementation of the same port
  // list (model::AllocatorCore: the Verilated block, or the model and the RTL in shadow) before
  // the first step. replace_allocator takes `alloc` and returns true when the architecture has
  // such a block of the same inputs, VCs and outputs; std::invalid_argument when the sizes
  // differ; false (and `alloc` kept) when it has none.
  struct SwitchAllocatorShape {
    uint32_t inputs = 0, vcs = 0, outputs = 0, iterations = 0;
    bool round_robin = false;  // both stages round-robin (rtl/sep_alloc_if.sv's arbiters)
    // switch_allocators: the allocator's role, "" for a router's only allocator (the CIOQ
    // router's, the IB switch's VA-SA); the Omni-Path switch's "mport<m>" (MPort m's) and
    // "central" (the central crossbar's).
    std::string name;
  };
  virtual bool switch_allocator(SwitchAllocatorShape& /*shape*/) const { return false; }
  virtual bool replace_allocator(std::unique_ptr<model::AllocatorCore>& /*alloc*/) { return false; }
  // Every switch allocator of the router, in its evaluation order within a cycle (empty: none):
  // the one of switch_allocator for the CIOQ router and the IB switch; the Omni-Path switch's
  // MPort allocators then its central allocator (docs/model.md §11). replace_switch_allocator
  // replaces the index-th as replace_allocator does the only one.
  virtual void switch_allocators(std::vector<SwitchAllocatorShape>& shapes) const {
    shapes.clear();
    SwitchAllocatorShape s;
    if (switch_allocator(s)) shapes.push_back(s);
  }
  virtual bool replace_switch_allocator(uint32_t index,
                                        std::unique_ptr<model::AllocatorCore>& alloc) {
    return index == 0 && replace_allocator(alloc);
  }
  // The contention counters (sim/blocks/contention_counters.h; nullptr: the router does not count)
  // and another implementation of their clock edge, which the router then owns.
  virtual const model::ContentionCounters* contention_counters() const { return nullptr; }
  virtual void set_contention_edge(std::unique_ptr<model::ContentionCountersEdge> /*edge*/) {}
  // The per-VC credit counters of the outputs (sim/blocks/credit_counter.h, one per output port
  // with a downstream input buffer: `vcs` VCs of `capacity` phits each): true with their shapes;
  // false with `why` (what the router's credits are instead) when it has none. And another
  // implementation of their clock edge (model::CreditCountersEdge), which the router then owns;
  // both before the first step.
  struct CreditCounterShape {
    uint32_t port = 0, vcs = 0, capacity = 0;
  };
  virtual bool credit_counters(std::vector<CreditCounterShape>& /*ports*/, std::string& why) const {
    why = "the router architecture keeps no per-VC credit counters";
    return false;
  }
  virtual void set_credit_edge(std::unique_ptr<model::CreditCountersEdge> /*edge*/) {}
  // FlexVC's VC selector (sim/blocks/vc_selector.h; rtl/vc_selector.sv) of each output port with a
  // downstream input buffer: true with the ports' shapes (`capacity`: the phits of one VC, the
  // credit counts' range) and the router's selection function; false with `why` when the router
  // has none the RTL implements. And another implementation of the selections
  // (model::VcSelectorBlock), which the router then owns; both before the first step.
  virtual bool vc_selectors(std::vector<CreditCounterShape>& /*ports*/, VcSelection& /*sel*/,
                            std::string& why) const {
    why = "the router architecture has no VC selector";
    return false;
  }
  virtual void set_vc_selector_block(std::unique_ptr<model::VcSelectorBlock> /*block*/) {}
  // The DTable output scheduler (sim/blocks/dtable_arbiter.h; rtl/dtable_arbiter.sv) of each
  // output port of a switch with router.output_scheduler=dtable (thesis 003 Sec. 5.4): true with
  // the ports, the switch's table and the registers' widths; false with `why` when the router has
  // none. And another implementation of the port's decisions (model::DTableBlock), which the
  // router then owns; both before the first step. A switch takes one block for its scheduler
  // (set_dtable_block, set_rr_block, set_drr_block, set_sbt_block, set_ib_vlarb_block): a second
  // is refused (std::invalid_argument naming the switch), since whoever installed the first may
  // still hold it.
  struct DTableShape {
    uint32_t ports = 0;  // outputs 0 .. ports - 1, each with its arbiter
    const model::DTableTable* table = nullptr;
    model::DTableParams params;
  };
  virtual bool dtable_schedulers(DTableShape& /*shape*/, std::string& why) const {
    why = "the router architecture has no DTable output scheduler";
    return false;
  }
  virtual void set_dtable_block(std::unique_ptr<model::DTableBlock> /*block*/) {}
  // The same for the round-robin SL arbiter of each output port (router.output_scheduler=rr:
  // rtl/rr_arbiter.sv with N = the SLs; sim/router/vl/rr_sl_scheduler.h) and the DRR scheduler
  // (router.output_scheduler=drr: rtl/drr_arbiter.sv; DrrSlBlock,
  // sim/router/vl/table_schedulers.h).
  struct RrShape {
    uint32_t ports = 0;  // outputs 0 .. ports - 1, each with its SL arbiter
    uint32_t sls = 0;    // its requesters
  };
  virtual bool rr_schedulers(RrShape& /*shape*/, std::string& why) const {
    why = "the router architecture has no round-robin SL output scheduler";
    return false;
  }
  virtual void set_rr_block(std::unique_ptr<model::RrBlock> /*block*/) {}
  struct DrrShape {
    uint32_t ports = 0;
    uint32_t sls = 0;
    model::DrrParams params;       // lanes (a power of two >= sls), quantum and size widths
    std::vector<uint32_t> quanta;  // per SL, credits
  };
  virtual bool drr_schedulers(DrrShape& /*shape*/, std::string& why) const {
    why = "the router architecture has no DRR output scheduler";
    return false;
  }
  virtual void set_drr_block(std::unique_ptr<model::DrrBlock> /*block*/) {}
  // The same for the SBT scheduler of each output port (router.output_scheduler=sbt:
  // rtl/sbt_scheduler.sv with S = the SLs and the weights as parameters; SbtSlBlock,
  // sim/router/vl/table_schedulers.h) and the IB VL arbiter (router.output_scheduler=ib_vlarb:
  // rtl/ib_vl_arbiter.sv; IbVlArbScheduler), whose tables and limit are the switch's.
  struct SbtShape {
    uint32_t ports = 0;
    uint32_t sls = 0;
    std::vector<uint32_t> weights;  // per SL, packets (qos.sbt_weights)
  };
  virtual bool sbt_schedulers(SbtShape& /*shape*/, std::string& why) const {
    why = "the router architecture has no SBT output scheduler";
    return false;
  }
  virtual void set_sbt_block(std::unique_ptr<model::SbtBlock> /*block*/) {}
  struct IbVlArbShape {
    uint32_t ports = 0;
    uint32_t vls = 0;  // the VLs of a port
    std::vector<model::IbVlArbEntry> high, low;
    unsigned limit = 0;      // LimitOfHighPriority
    uint32_t max_units = 0;  // the largest head the arbiter is given, in 64-B units
  };
  virtual bool ib_vlarb_schedulers(IbVlArbShape& /*shape*/, std::string& why) const {
    why = "the router architecture has no IB VL arbiter output scheduler";
    return false;
  }
  virtual void set_ib_vlarb_block(std::unique_ptr<model::IbVlArbBlock> /*block*/) {}
  // The OPA and IB switches' port buffers shared by their VLs (sim/blocks/shared_vl_credits.h;
  // thesis 003 Sec. 5.3.1): each accounting the switch keeps, numbered as it records their
  // updates (SharedVlCreditsEdge::edge), named ("down3": the downstream input buffer of output 3,
  // "nic0": input buffer 0 as the NIC of injection port 0 accounts it, "out3": output buffer 3,
  // "central1": OPA central buffer 1) with its buffer; false with `why`
  // when the router has none. And another implementation of their clock edge
  // (model::SharedVlCreditsEdge), which the switch then owns and clocks at the end of every
  // cycle with updates; both before the first step.
  struct SharedVlBufferShape {
    uint32_t index = 0;
    std::string name;
    model::SharedVlBuffer buffer;
  };
  virtual bool shared_vl_buffers(std::vector<SharedVlBufferShape>& /*buffers*/,
                                 std::string& why) const {
    why = "the router architecture has no port buffer shared by its VLs";
    return false;
  }
  virtual void set_shared_vl_edge(std::unique_ptr<model::SharedVlCreditsEdge> /*edge*/) {}

  // Human-readable list of waiting packets and why they wait (deadlock diagnostics).
  virtual std::string describe_blocked(Cycle now, size_t max_lines) const = 0;

  // Deadlock diagnostics (sim/network/deadlock_report.cpp): an input VC's head and its route.
  struct HeadView {
    uint32_t packets = 0;
    const Packet* head = nullptr;  // nullptr when empty
    bool routed = false;           // out_port / out_vc hold the head's route
    uint32_t out_port = 0, out_vc = 0;
  };
  virtual HeadView head_view(uint32_t port, uint32_t vc) const = 0;
  // Head-wait counters (netcosim run --waits; sim/stats/head_waits.h): from now on the router
  // counts, in cycles [start, end), what each ready head of its input VCs does in each allocation
  // step. Before the first step. False: the architecture has none (the CIOQ router counts; the
  // IB and OPA switches built for counting, VlSwitch<Sched, kOpa, true>, count per stage).
  virtual bool enable_head_waits(Cycle /*start*/, Cycle /*end*/) { return false; }
  // The counters, nullptr when not enabled: the CIOQ router's and the switches'
  // (sim/stats/switch_waits.h).
  virtual const HeadWaits* head_waits() const { return nullptr; }
  virtual const SwitchWaits* switch_waits() const { return nullptr; }
  // Request-reply with a bounded reply queue (traffic.reply_queue; docs/model.md §4.7): when the
  // NIC on injection port `port` has no room for another reply, so that a request routed to its
  // ejection waits, the first of that injection port's reply VCs (where the replies it holds
  // enter the router); otherwise -1.
  virtual int full_reply_queue_vc(uint32_t /*port*/) const { return -1; }
  virtual uint32_t input_occupancy(uint32_t port, uint32_t vc) const = 0;  // packets
  virtual uint32_t output_credits(uint32_t port, uint32_t vc) const = 0;   // phits
};

}  // namespace netcosim
