// The VC-order checker (docs/model.md §4.4). Deadlock avoidance is distance-based (thesis
// 000 Sec. 1.3): each routing has a reference path of (port class, VC) positions, and every
// router-to-router hop must go to a later position than the hop it arrived on. The previous hop of
// a head packet is known without storing anything in the packet: it is the input port's class and
// the input VC. Each routing declares its order (RoutingAlgorithm::vc_order); with sim.check (or
// in a build with NETCOSIM_CHECKED) the router calls check_vc_order at every grant and a
// violation is a SimulationFailure. docs/model.md §4 "VC order as the checker enforces it".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/link/packet.h"
#include "sim/topology/topology.h"

namespace netcosim {

struct RouteResult;

// FlexVC's rules for the checker (seed 002 Sec. III; docs/model.md §4.5). FlexVC gives up the
// increasing VC order of consecutive hops; what it keeps, and the checker checks, is: a safe hop
// continues an increasing path from its input channel (Def. 1), so the highest VC it allows lies
// after the input VC in the reference sequence; an opportunistic hop's VC has the minimal escape
// from the next router embed after it (Def. 2). The routing answers from its reference sequence.
class FlexVcLimit {
 public:
  virtual ~FlexVcLimit() = default;
  // The position of VC `vc` of class `c` in the reference sequence (-1 for an injection port).
  virtual int position(PortClass c, uint32_t vc) const = 0;
  // The highest VC of the output's class after which the minimal path from the router the hop
  // reaches to the packet's destination embeds; -1 when none.
  virtual int highest_escape_vc(uint32_t router, uint32_t out_port, const Packet& pkt) const = 0;
};

struct VcOrder {
  static constexpr uint32_t kMaxVcs = 16;
  static constexpr uint8_t kAbsent = 0xff;
  // The reference path, e.g. "l0-g0-l1-l2-g1-l3" (nullptr: the routing declares no order and is
  // not checked; only for custom routings in tests).
  const char* reference = nullptr;
  uint8_t rank[kMaxPortClasses][kMaxVcs] = {};  // [class][vc]: position, kAbsent if none
  // [class][vc]: a hop may stay at this position (a token written <letter><vc>*): the hops of a
  // run inside one dimension of a mesh or torus, or up or down a fat tree, whose channels are
  // ordered by the topology (a mesh's direction, a torus's dateline or bubble, the tree's levels)
  // rather than by the VC (docs/model.md "VC order as the checker enforces it").
  bool repeats[kMaxPortClasses][kMaxVcs] = {};
  // The topology's port class names (messages; a token's letter is its class's first letter).
  std::vector<std::string> class_names;
  // OLM (thesis 000 Sec. 1.4.2, FOGSim's VC rule): the one nonminimal hop per partition on this
  // class (the Dragonfly's local class; kInjectionClass: no such exception) keeps the input VC
  // number whatever the input's class; it is taken only when its output can take the packet at
  // once, so it never waits on that VC and adds no wait-for edge.
  PortClass nonminimal_keeps_vc_class = kInjectionClass;
  // FlexVC (router.vc_management=flexvc): a hop is checked against its escape instead of the
  // reference path's order (the reference then names the FlexVC sequence). Owned by the routing.
  const FlexVcLimit* flexvc = nullptr;
  // Request-reply traffic (traffic.source=request_reply; thesis 000 Sec. 5.2.2): reply_first[k]
  // is the first reply VC of class k. A request never takes a VC at or above it; a reply takes
  // one at or above it under the baseline (separate request and reply VC sets), and any VC under
  // FlexVC (replies_use_request_vcs; Theorem 2).
  bool request_reply = false;
  bool replies_use_request_vcs = false;
  uint8_t reply_first[kMaxPortClasses] = {};

  bool declared() const { return reference != nullptr; }
  uint8_t rank_of(PortClass k, uint32_t vc) const {
    return vc < kMaxVcs ? rank[static_cast<unsigned>(k)][vc] : kAbsent;
  }
  // VCs of class k the reference uses (1 + the largest VC in it).
  uint32_t vcs(PortClass k) const;
  // Parses a reference of tokens <letter><vc> or <letter><vc>* (a repeatable position) separated
  // by '-', where the letter is the first letter of a router-to-router class of `class_names`
  // (the Dragonfly's l<vc> / g<vc>, a torus's x0*-x1*-y0*-y1*); each position's rank is its index.
  // Throws std::invalid_argument on a malformed or repeated token.
  static VcOrder from_reference(const char* reference, const std::vector<std::string>& class_names,
                                PortClass nonminimal_keeps_vc_class = kInjectionClass);
};

// Checks one grant at `router`: the head of input (in_port, in_vc) goes to output (out_port,
// out_vc), the VC the router's selector chose, with the route `route` (out_vc must be among its
// allowed VCs, route.vcs); `pkt` is the packet before the hop's effects. Hops from an
// injection port or to an ejection port are not router-to-router hops and are not checked.
// Throws SimulationFailure naming the router, both ends, the packet and the routing.
void check_vc_order(const VcOrder& order, const char* routing, uint32_t router, uint32_t in_port,
                    PortClass in_kind, uint32_t in_vc, uint32_t out_port, PortClass out_kind,
                    uint32_t out_vc, const RouteResult& route, const Packet& pkt, Cycle now);

}  // namespace netcosim
