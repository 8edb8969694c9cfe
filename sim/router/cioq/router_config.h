// The parameters of the CIOQ router (thesis 000 Table 1.2; docs/model.md "Router timing"), per
// port class where the thesis gives them per class. Apart from the router (router.h) so that the
// network can hold them without the router's datapath.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/blocks/vc_selector.h"
#include "sim/router/cioq/arbitration.h"
#include "sim/topology/topology.h"

namespace netcosim {

struct RouterConfig {
  std::vector<PortClass> classes;         // per port (Topology::port_class_of)
  uint32_t vcs[kMaxPortClasses] = {};     // by port class (router.vcs_<class>)
  uint32_t buffer[kMaxPortClasses] = {};  // phits per VC, by port class (router.buffer_<class>)
  uint32_t buffer_output = 32;
  uint32_t packet_size = 8;
  uint32_t speedup = 2;
  uint32_t latency = 0;  // extra pipeline cycles before a head may request
  uint32_t xbar_latency = 3;
  uint32_t iterations = 2;
  // router.xbar_until_tail (docs/model.md 2.1): a transfer ends no earlier than the packet's tail
  // arrives, S cycles after its head (FOGSim's transfer length, public FOGSim code, release 4,
  // ioqSwitchModule::sendFlit); only a packet granted less than S - X cycles after its head
  // arrived (cut through) is affected, so with speedup 1 it changes nothing.
  bool xbar_until_tail = false;
  // What the contention counters count (routing.contention_count; docs/model.md "Contention
  // counters"): count_queued false (head): a VC's packet from the cycle its header is at the head
  // of the buffer, i.e. the previous packet's tail has left, until its own tail leaves (thesis 000
  // Sec. 4.2.1.1); with count_until_tail (head_until_tail) a packet granted before its tail has
  // arrived stays counted until then, as in FOGSim, whose transfer lasts until the tail is in;
  // count_queued true (queued): every packet from its arrival in the input buffer until its tail
  // leaves.
  // count_at_send (queued_at_send, with count_queued): a packet is counted from the cycle after
  // it was sent on the link towards this router, not from its arrival (FOGSim's count with
  // increaseContentionAtHeader=0, which adds a packet when it is written into the downstream
  // buffer at send time); the engines then run with a lookahead of one cycle
  // (engine_lookahead_limit, sim/config/config.h).
  bool count_queued = false;
  bool count_until_tail = false;
  bool count_at_send = false;
  // The percentage of each input port's buffer reserved for its VCs under a shared organisation
  // (router.damq_private; 100: none shared, sim/blocks/damq_credits.h).
  uint32_t damq_private = 100;
  // Whether the injection ports' buffers are DAMQs too (router.damq_injection=damq) or static
  // (static: their PortBuffer is 100% private, docs/model.md §2).
  bool damq_injection = true;
  // The VC selection function among the VCs a route allows (router.vc_selection;
  // sim/blocks/vc_selector.h).
  VcSelection vc_selection = VcSelection::Jsq;
  // minCred (routing.mincred, thesis 000 Sec. 5.2.4): per output VC, a second count of the
  // downstream phits held by minimally routed packets, kept from flagged credits.
  bool mincred = false;
  // The separable allocator's arbiters (router.input_arbitration, router.output_arbitration;
  // sim/router/cioq/arbitration.h) and what an age arbiter's age counts from
  // (router.age_timestamp).
  ArbPolicy input_arbitration = ArbPolicy::Rr;
  ArbPolicy output_arbitration = ArbPolicy::Rr;
  // FOGSim's allocator readings (router.transit_rr_pointer, router.input_arbiter_update;
  // sim/router/cioq/arbitration.h AllocatorOptions).
  AllocatorOptions allocator_options;
  AgeStamp age_stamp = AgeStamp::Generation;
  uint32_t radix() const { return static_cast<uint32_t>(classes.size()); }
  uint32_t max_vcs() const {
    uint32_t m = 0;
    for (auto v : vcs) m = v > m ? v : m;
    return m;
  }
  // Cycles a crossbar transfer occupies its input port and output write side.
  uint32_t xfer_cycles() const { return (packet_size + speedup - 1) / speedup; }
};

}  // namespace netcosim
