// Routing algorithms: pluggable strategies chosen from routing.algorithm (DESIGN.md §2.6).
// A strategy is asked for a route when a packet is at the head of an input VC and ready; it
// returns the output port, the VC of the downstream input buffer and whether the hop is
// nonminimal. Deadlock avoidance is distance-based (thesis 000 Sec. 1.3): each hop uses the VC of
// its position in the reference path (MIN l0-g1-l2, VAL l0-g1-l2-l3-g4-l5), written in
// docs/model.md ("VC assignment").
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "dragonfly.h"
#include "packet.h"
#include "rng.h"

namespace netcosim {

struct RouteResult {
  uint8_t port = 0;
  uint8_t vc = 0;           // VC of the downstream input buffer (0 for ejection)
  bool nonminimal = false;  // the hop leaves the minimal path to the destination
};

class RoutingAlgorithm {
 public:
  explicit RoutingAlgorithm(const Dragonfly& topo) : topo_(topo) {}
  virtual ~RoutingAlgorithm() = default;
  virtual const char* name() const = 0;
  // Route a head packet at `router`, arrived on `in_port`. May update the packet's routing state
  // (intermediate router, phase); must be idempotent for a given packet at a given router.
  // `rng` is the router's own stream.
  virtual RouteResult route(uint32_t router, uint32_t in_port, Packet& pkt, Rng& rng) const = 0;
  // Minimum local/global VCs the algorithm needs for deadlock freedom.
  virtual uint32_t min_local_vcs() const = 0;
  virtual uint32_t min_global_vcs() const = 0;

 protected:
  // Distance-based VC of a hop in phase `phase` (0 or 1) of a path made of minimal subpaths:
  // global hops use VC phase; local hops use 2*phase, or 2*phase+1 after the phase's global hop.
  uint8_t vc_for(uint32_t port, const Packet& pkt) const {
    if (topo_.port_kind(port) == PortKind::Global) return pkt.phase;
    return static_cast<uint8_t>(2 * pkt.phase + ((pkt.flags & Packet::kGlobalDoneInPhase) ? 1 : 0));
  }
  const Dragonfly& topo_;
};

// MIN: the minimal l-g-l path (thesis 000 Sec. 1.4.1).
class MinRouting final : public RoutingAlgorithm {
 public:
  using RoutingAlgorithm::RoutingAlgorithm;
  const char* name() const override { return "min"; }
  RouteResult route(uint32_t router, uint32_t in_port, Packet& pkt, Rng& rng) const override;
  uint32_t min_local_vcs() const override { return 2; }
  uint32_t min_global_vcs() const override { return 1; }
};

// VAL: Valiant routing to a random intermediate router anywhere in the network, then minimally to
// the destination (thesis 000 Sec. 1.4.1; node/router Valiant, not VAL-group). The intermediate
// router is drawn at the source router from the router's stream.
class ValiantRouting final : public RoutingAlgorithm {
 public:
  using RoutingAlgorithm::RoutingAlgorithm;
  const char* name() const override { return "val"; }
  RouteResult route(uint32_t router, uint32_t in_port, Packet& pkt, Rng& rng) const override;
  uint32_t min_local_vcs() const override { return 4; }
  uint32_t min_global_vcs() const override { return 2; }
};

std::unique_ptr<RoutingAlgorithm> make_routing(const std::string& name, const Dragonfly& topo);

}  // namespace netcosim
