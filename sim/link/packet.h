// The packet descriptor. Packets are values copied between fixed-size rings (input buffers, output
// FIFOs, link channels): no per-packet or per-phit heap object (docs/principles.md §1). Phit
// timing is computed: a packet of S phits occupies a link for S cycles and is counted as S phits
// in buffers and credits.
#pragma once

#include <cstdint>

namespace netcosim {

using Cycle = uint32_t;  // simulated cycles; runs are limited to 2^31 cycles (config check)
constexpr uint32_t kNone = 0xffffffffu;

// The routing's own state in the packet (docs/architecture.md "Room in the packet"): what a
// routing algorithm keeps from hop to hop. The router changes it only as the granted hop's
// RouteResult says (set_intermediate, set_phase, set_flags, clear_flags; sim/routing/routing.h)
// and interprets two things of it, both topology-generic: a phase change clears
// kGlobalDoneInPhase, and a hop on the topology's single-hop class sets it
// (Topology::single_hop_class). Everything else is read only by the routing.
struct RoutingWord {
  uint32_t intermediate = kNone;  // Valiant intermediate router (or group), kNone: none chosen
  uint8_t phase = 0;              // 0: toward the intermediate (or MIN), 1: toward the destination
  uint8_t flags = 0;              // Packet::kGlobalDoneInPhase | kLocalMisroutedInGroup | ...
  uint16_t spare = 0;             // free for a routing's own state
};
static_assert(sizeof(RoutingWord) == 8, "the routing word is 8 bytes");

struct Packet {
  uint32_t src = 0;    // source node
  uint32_t seq = 0;    // per-source sequence number (src, seq) is the packet's identity
  uint32_t dst = 0;    // destination node
  Cycle t_gen = 0;     // generation cycle (enters the source queue)
  Cycle t_inject = 0;  // cycle the head entered the source router's injection buffer
  RoutingWord route;   // the routing's state
  // Router-to-router hops taken so far, by the port class of the output (docs/model.md §5):
  // classes 1..3 in 5 bits each, saturating at kMaxHopsPerClass.
  uint16_t hop_counts = 0;
  // The misrouting metrics the router records on the way (docs/model.md §5), read by the
  // statistics (and kMisrouted by OLM): kMisrouted | kNonminimal | kLocalMisrouted. A bit-field:
  // the byte also holds misrouted_at, where the routing took nonminimal decisions (kAt* bits).
  uint8_t marks : 3;
  uint8_t misrouted_at : 4;
  // Defined, so that a new packet is written into a slot without first reading the slot's byte.
  uint8_t spare_ : 1;
  // The packet's class (request/reply, or the service level of thesis 003 Sec. 1.3.3; 0 by
  // default): traffic sources set it, routings and output schedulers may read it.
  uint8_t cls = 0;

  Packet() : marks(0), misrouted_at(0), spare_(0) {}

  static constexpr uint32_t kMaxHopsPerClass = 31;
  // Hops taken on output ports of router-to-router class c (1..3).
  uint32_t hops(uint32_t c) const { return (hop_counts >> (5 * (c - 1))) & 31u; }
  uint32_t hops_total() const { return hops(1) + hops(2) + hops(3); }
  void set_hops(uint32_t c, uint32_t n) {
    const uint32_t shift = 5 * (c - 1);
    hop_counts = static_cast<uint16_t>((hop_counts & ~(31u << shift)) | (n & 31u) << shift);
  }
  // Counts one hop on an output of class c (1..3); a count stays at kMaxHopsPerClass.
  void add_hop(uint32_t c) {
    if (hops(c) != kMaxHopsPerClass)
      hop_counts = static_cast<uint16_t>(hop_counts + (1u << (5 * (c - 1))));
  }

  // RoutingWord::flags. A hop on the single-hop class (the Dragonfly's global link) was taken in
  // the current phase (set and cleared by the router, see RoutingWord).
  static constexpr uint8_t kGlobalDoneInPhase = 1u << 1;
  // In-transit adaptive routing (OLM): a nonminimal local hop was taken in the current group;
  // the packet has reached its intermediate group.
  static constexpr uint8_t kLocalMisroutedInGroup = 1u << 2;
  static constexpr uint8_t kReachedIntermediate = 1u << 3;
  // PAR: a local hop was taken in the current group (cleared by a global hop).
  static constexpr uint8_t kLocalInGroup = 1u << 4;

  // marks (docs/model.md §5): a nonminimal hop was taken (RouteResult::nonminimal); the routing
  // took a nonminimal decision (a Valiant intermediate chosen, RouteResult::nonminimal_decision)
  // or a nonminimal hop; a nonminimal hop on a link inside a partition was taken. (A global
  // misroute is counted from the hops: two global hops.)
  static constexpr uint8_t kMisrouted = 1u << 0;
  static constexpr uint8_t kNonminimal = 1u << 1;
  static constexpr uint8_t kLocalMisrouted = 1u << 2;
  // misrouted_at bits: the decision (a RouteResult with nonminimal_decision) was taken at the
  // source router on the injection port; in transit in the source group; in an intermediate
  // group; in the destination group.
  static constexpr uint8_t kAtInjection = 1u << 0;
  static constexpr uint8_t kAtSourceGroup = 1u << 1;
  static constexpr uint8_t kAtIntermediateGroup = 1u << 2;
  static constexpr uint8_t kAtDestinationGroup = 1u << 3;
};
static_assert(sizeof(Packet) == 32, "Packet descriptor must stay compact");

}  // namespace netcosim
