// Routing algorithms: pluggable strategies chosen from routing.algorithm (DESIGN.md §2.6), the
// topology-independent interface and the registry; the Dragonfly's algorithms are in dragonfly/.
// A strategy is asked for a route when a packet is at the head of an input VC and ready; it
// returns the output port, the VC of the downstream input buffer and whether the hop is
// nonminimal. Deadlock avoidance is distance-based (thesis 000 Sec. 1.3): each hop uses the VC of
// its position in the reference path (MIN l0-g1-l2, VAL l0-g1-l2-l3-g4-l5), written in
// docs/model.md ("VC assignment").
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/config/config.h"
#include "sim/congestion/sensor_needs.h"
#include "sim/link/packet.h"
#include "sim/routing/port_view.h"
#include "sim/routing/vc_order.h"
#include "sim/topology/dragonfly.h"
#include "sim/util/rng.h"

namespace netcosim {

struct RouteResult {
  uint8_t port = 0;
  uint8_t vc = 0;           // VC of the downstream input buffer (0 for ejection)
  bool nonminimal = false;  // the hop leaves the minimal path to the destination
  // Routing state committed to the packet only when the hop is granted (adaptive algorithms
  // re-route a waiting head every cycle, so route() itself must not change the packet).
  uint8_t set_flags = 0;              // ORed into Packet::flags
  uint8_t clear_flags = 0;            // then cleared from Packet::flags
  uint32_t set_intermediate = kNone;  // new Packet::intermediate, kNone = unchanged
  uint8_t set_phase = 0xff;           // new Packet::phase (clears kGlobalDoneInPhase), 0xff = same
};

class RoutingAlgorithm {
 public:
  explicit RoutingAlgorithm(const Dragonfly& topo) : topo_(topo) {}
  virtual ~RoutingAlgorithm() = default;
  virtual const char* name() const = 0;
  // Route a head packet at q.router, arrived on q.in_port / q.in_vc, reading only the port view.
  // The packet is not changed: every routing state change (intermediate router, phase, flags) is
  // returned in the result and applied by the router when the hop is granted. Oblivious
  // algorithms are asked once per packet and router; adaptive ones (adaptive() == true) again in
  // every cycle the packet waits. `rng` is the router's own stream.
  virtual RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const = 0;
  virtual bool adaptive() const { return false; }
  // The congestion sensors the routers must maintain for this algorithm (none by default).
  virtual SensorNeeds sensor_needs() const { return SensorNeeds{}; }
  // The minimal output port at `router` for `pkt` (the ejection port at its destination router).
  uint32_t minimal_output(uint32_t router, const Packet& pkt) const {
    const uint32_t dst_router = topo_.router_of_node(pkt.dst);
    return router == dst_router ? topo_.port_of_node(pkt.dst)
                                : topo_.min_output(router, dst_router);
  }
  const Dragonfly& topology() const { return topo_; }
  // The routing's VC order for the checker (sim.check; vc_order.h): its reference path of (port
  // class, VC) positions and exceptions. Not declared by default (custom test routings). The VCs
  // an algorithm needs are in its strategy catalogue entry (sim/config/strategy_catalog.h).
  virtual VcOrder vc_order() const { return VcOrder{}; }

 protected:
  const Dragonfly& topo_;
};

// The routing registry: one factory per entry of the catalogue's routing.algorithm family
// (sim/config/strategy_catalog.h holds the name, description, keys and minimum VCs; the two list
// the same names in the same order). A new algorithm is a class and one line here plus its
// catalogue entry.
using RoutingFactory = std::unique_ptr<RoutingAlgorithm> (*)(const Config&, const Dragonfly&);
struct RoutingRegistryEntry {
  const char* name;
  RoutingFactory make;
};
const std::vector<RoutingRegistryEntry>& routing_registry();

// The algorithm named by routing.algorithm, with its routing.* parameters (a registry lookup).
std::unique_ptr<RoutingAlgorithm> make_routing(const Config& cfg, const Dragonfly& topo);

}  // namespace netcosim
