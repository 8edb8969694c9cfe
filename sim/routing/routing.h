// Routing algorithms: pluggable strategies chosen from routing.algorithm (docs/principles.md §6),
// the topology-independent interface and the registry; the Dragonfly's algorithms are in dragonfly/
// (they share DragonflyRouting, which holds the concrete topology: this interface holds none).
// A strategy is asked for a route when a packet is at the head of an input VC and ready; it
// returns the output port, the VCs of the downstream input buffer the hop may use (the router's
// VC selector picks one) and whether the hop is nonminimal. Deadlock avoidance is distance-based
// (thesis 000 Sec. 1.3): each hop uses the VC of its position in the reference path (MIN l0-g1-l2,
// VAL l0-g1-l2-l3-g4-l5), written in docs/model.md ("VC assignment").
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/blocks/vc_selector.h"
#include "sim/config/config.h"
#include "sim/config/strategy_catalog.h"
#include "sim/congestion/sensor_needs.h"
#include "sim/link/packet.h"
#include "sim/routing/port_view.h"
#include "sim/routing/vc_order.h"
#include "sim/topology/topology.h"
#include "sim/util/rng.h"

namespace netcosim {

struct RouteResult {
  uint8_t port = 0;
  bool nonminimal = false;  // the hop leaves the minimal path to the destination
  // An opportunistic hop (FlexVC, seed 002 Def. 2): allowed only when the buffer after the next
  // hop can hold the whole packet; false for a safe hop (Def. 1), every hop of the baseline.
  bool opportunistic = false;
  // The routing took a nonminimal decision at this hop (a Valiant intermediate chosen, a
  // misrouting decision): recorded in the packet's misrouting metrics (Packet::kNonminimal and
  // misrouted_at), never read by a routing.
  bool nonminimal_decision = false;
  // Changes of the packet's routing word (Packet::route), committed only when the hop is granted
  // (adaptive algorithms re-route a waiting head every cycle, so route() itself must not change
  // the packet).
  uint8_t set_flags = 0;              // ORed into RoutingWord::flags
  uint8_t clear_flags = 0;            // then cleared from RoutingWord::flags
  uint32_t set_intermediate = kNone;  // new RoutingWord::intermediate, kNone = unchanged
  uint8_t set_phase = 0xff;  // new RoutingWord::phase (clears kGlobalDoneInPhase), 0xff = same
  // The VCs of the downstream input buffer the hop may use (bit v: VC v; vc_bit(v) for one);
  // the router's VC selector (sim/blocks/vc_selector.h) picks one with credits for the packet
  // and keeps it for the grant. Ignored for ejection.
  uint16_t vcs = 1;
  // The lowest allowed VC: the hop's one VC when the routing allows one (distance-based VCs); 0
  // when it allows none (the head waits, e.g. bubble flow control's ring entry).
  uint32_t lowest_vc() const { return vcs != 0 ? static_cast<uint32_t>(__builtin_ctz(vcs)) : 0; }
};

// The misrouting marks a granted hop adds to its packet (Packet::marks, docs/model.md §4):
// kMisrouted for a nonminimal hop, kNonminimal for a nonminimal hop or a routing's nonminimal
// decision, and kLocalMisrouted for a nonminimal hop on a router-to-router link inside a
// partition (the Dragonfly's local links). (A global misroute is not a mark: OLM marks only its
// decision hop nonminimal, which for NRG is the local hop before the global one; the statistics
// count packets with two global hops.)
inline uint8_t misrouting_marks(const RouteResult& r, bool intra_partition_link) {
  uint8_t f = 0;
  if (r.nonminimal) f |= Packet::kMisrouted;
  if (r.nonminimal || r.nonminimal_decision) f |= Packet::kNonminimal;
  if (r.nonminimal && intra_partition_link) f |= Packet::kLocalMisrouted;
  return f;
}

// Where a routing's nonminimal decision was taken (a Packet::kAt* bit): on the injection port of
// the source router, else by the group (partition) of the deciding router.
inline uint8_t misrouted_at(PortClass in, uint32_t group, uint32_t src_group, uint32_t dst_group) {
  if (in == kInjectionClass) return Packet::kAtInjection;
  if (group == src_group) return Packet::kAtSourceGroup;
  return group == dst_group ? Packet::kAtDestinationGroup : Packet::kAtIntermediateGroup;
}

class RoutingAlgorithm {
 public:
  virtual ~RoutingAlgorithm() = default;
  virtual const char* name() const = 0;
  // Route a head packet at q.router, arrived on q.in_port / q.in_vc, reading only the port view.
  // The packet is not changed: every routing state change (intermediate router, phase, flags) is
  // returned in the result and applied by the router when the hop is granted. Oblivious
  // algorithms are asked once per packet and router; adaptive ones (adaptive() == true) again in
  // every cycle the packet waits. `rng` is the router's own stream.
  virtual RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const = 0;
  virtual bool adaptive() const { return false; }
  // FlexVC (seed 002 Sec. III-B): the hop of the safe path a packet reverts to when its route is
  // an opportunistic hop (RouteResult::opportunistic) none of whose VCs has room for the whole
  // packet now, with the routing-word changes that put the packet on that path. Asked by the
  // router only for opportunistic routes; a routing that returns none keeps this default (no VC:
  // the head waits).
  virtual RouteResult escape(const PortView& q, const Packet& pkt) const;
  // The congestion sensors the routers must maintain for this algorithm (none by default).
  virtual SensorNeeds sensor_needs() const { return SensorNeeds{}; }
  // The minimal output port at `router` for `pkt` (the ejection port at its destination router):
  // the output the contention counters count a head at. The router asks once per head and hop,
  // when the head reaches the front of its input VC, and only when the sensors count heads.
  virtual uint32_t minimal_output(uint32_t router, const Packet& pkt) const = 0;
  // The routing's VC order for the checker (sim.check; vc_order.h): its reference path of (port
  // class, VC) positions and exceptions. Not declared by default (custom test routings). The VCs
  // an algorithm needs are in its strategy catalogue entry (sim/config/strategy_catalog.h).
  virtual VcOrder vc_order() const { return VcOrder{}; }
  // Trunks left to a switch that routes once (sim/router/ib; docs/model.md §7.2, §10.6): the ports
  // that may carry a packet this routing sends on `port`, `count` consecutive ports from `first`
  // (count 1: the routing fixes the link). Asked once per port when a switch is built.
  struct PortRange {
    uint32_t first = 0, count = 1;
  };
  virtual PortRange switch_trunk(uint32_t port) const { return PortRange{port, 1}; }
};

// The per-packet choice among a trunk's t links (routing.trunk_select=adaptive at the switches;
// docs/model.md §10.6): the link with the smallest queue key (queued[k] for link k), looking from
// link `from` (the destination's) on in turn, so that ties keep the earlier: the destination's link
// when it is among the least queued.
inline uint32_t least_queued_link(const uint64_t* queued, uint32_t t, uint32_t from) {
  uint32_t best = from;
  for (uint32_t i = 1; i < t; ++i) {
    const uint32_t k = (from + i) % t;
    if (queued[k] < queued[best]) best = k;
  }
  return best;
}

// The routing registry: one factory per entry of the catalogue's routing.algorithm family
// (sim/config/strategy_catalog.h holds the name, description, keys and minimum VCs; the two list
// the same names in the same order). The factories take the Topology; an algorithm written for one
// topology gets its concrete type in its own folder (the Dragonfly's: dragonfly_of in
// dragonfly/dragonfly_routing.h, a ConfigError on another topology). A new algorithm is a class,
// one line in its topology's list (dragonfly/registry.cpp) and its catalogue entry.
using RoutingFactory = std::unique_ptr<RoutingAlgorithm> (*)(const Config&, const Topology&);
struct RoutingRegistryEntry {
  const char* name;
  RoutingFactory make;
};
const std::vector<RoutingRegistryEntry>& routing_registry();

// The algorithm named by routing.algorithm, with its routing.* parameters (a registry lookup).
std::unique_ptr<RoutingAlgorithm> make_routing(const Config& cfg, const Topology& topo);

// The registry entry named by the value of `key` (routing.algorithm, routing.trigger,
// routing.global_policy); a ConfigError listing the allowed values when there is none (the schema
// refuses names outside the catalogue first, so this is a guard).
template <class Entry>
const Entry& registry_entry(const std::vector<Entry>& registry, const Config& c, const char* key) {
  const std::string& name = c.get_str(key);
  for (const auto& e : registry)
    if (name == e.name) return e;
  throw ConfigError(std::string(key) + "=" + name + ": allowed values are " +
                    strategy_names(*strategy_family(key)));
}

}  // namespace netcosim
