// The packet descriptor. Packets are values copied between fixed-size rings (input buffers, output
// FIFOs, link channels): no per-packet or per-phit heap object (docs/principles.md §1). Phit
// timing is computed: a packet of S phits occupies a link for S cycles and is counted as S phits
// in buffers and credits.
#pragma once

#include <cstdint>

namespace netcosim {

using Cycle = uint32_t;  // simulated cycles; runs are limited to 2^31 cycles (config check)
constexpr uint32_t kNone = 0xffffffffu;

struct Packet {
  uint32_t src = 0;               // source node
  uint32_t seq = 0;               // per-source sequence number (src, seq) is the packet's identity
  uint32_t dst = 0;               // destination node
  Cycle t_gen = 0;                // generation cycle (enters the source queue)
  Cycle t_inject = 0;             // cycle the head entered the source router's injection buffer
  uint32_t intermediate = kNone;  // Valiant intermediate router, kNone when routed minimally
  // Router-to-router hops taken so far, by the port class of the output (docs/model.md §5):
  // classes 1..3 in 5 bits each, saturating at kMaxHopsPerClass.
  uint16_t hop_counts = 0;
  // 0: toward the intermediate router (or MIN), 1: toward destination. A bit-field: the byte
  // also holds misrouted_at, so the descriptor stays 32 bytes.
  uint8_t phase : 2;
  // Where the routing took nonminimal decisions (kAt* bits; docs/model.md §5): the accepted
  // load split by where misrouting happened.
  uint8_t misrouted_at : 4;
  // Defined, so that a new packet is written into a slot without first reading the slot's byte.
  uint8_t spare_ : 2;
  uint8_t flags = 0;  // kMisrouted | kGlobalDoneInPhase | ...
  // The packet's class (request/reply, or the service level of thesis 003 Sec. 1.3.3; 0 by
  // default): traffic sources set it, routings and output schedulers may read it.
  uint8_t cls = 0;
  uint8_t spare_bytes_[3] = {0, 0, 0};  // defined, for the reason of spare_

  Packet() : phase(0), misrouted_at(0), spare_(0) {}

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

  static constexpr uint8_t kMisrouted = 1u << 0;
  static constexpr uint8_t kGlobalDoneInPhase = 1u << 1;
  // In-transit adaptive routing (OLM): a nonminimal local hop was taken in the current group;
  // the packet has reached its intermediate group.
  static constexpr uint8_t kLocalMisroutedInGroup = 1u << 2;
  static constexpr uint8_t kReachedIntermediate = 1u << 3;
  // PAR: a local hop was taken in the current group (cleared by a global hop).
  static constexpr uint8_t kLocalInGroup = 1u << 4;
  // Misrouting metrics (docs/model.md §4), never read by a routing: the routing took a
  // nonminimal decision (a Valiant intermediate chosen, or a nonminimal hop; set through
  // RouteResult::set_flags at the decision, and by the router on every nonminimal hop); a
  // nonminimal local hop was taken. (A global misroute is counted from the hops: two global hops.)
  static constexpr uint8_t kNonminimal = 1u << 5;
  static constexpr uint8_t kLocalMisrouted = 1u << 7;
  // misrouted_at bits: the decision (a RouteResult with kNonminimal in set_flags) was taken at
  // the source router on the injection port; in transit in the source group; in an intermediate
  // group; in the destination group.
  static constexpr uint8_t kAtInjection = 1u << 0;
  static constexpr uint8_t kAtSourceGroup = 1u << 1;
  static constexpr uint8_t kAtIntermediateGroup = 1u << 2;
  static constexpr uint8_t kAtDestinationGroup = 1u << 3;
};
static_assert(sizeof(Packet) == 32, "Packet descriptor must stay compact");

}  // namespace netcosim
