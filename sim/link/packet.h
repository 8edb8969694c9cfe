// The packet descriptor. Packets are values copied between fixed-size rings (input buffers, output
// FIFOs, link channels): there is no per-packet or per-phit heap object (DESIGN.md §2.1). Phit
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
  uint8_t hops_local = 0;         // router-to-router hops taken so far, by link type
  uint8_t hops_global = 0;
  uint8_t phase = 0;  // 0: toward the intermediate router (or MIN), 1: toward destination
  uint8_t flags = 0;  // kMisrouted | kGlobalDoneInPhase
  Cycle t_ready = 0;  // router-local: cycle from which the head may request the allocator

  static constexpr uint8_t kMisrouted = 1u << 0;
  static constexpr uint8_t kGlobalDoneInPhase = 1u << 1;
  // In-transit adaptive routing (OLM): a nonminimal local hop was taken in the current group;
  // the packet has reached its intermediate group.
  static constexpr uint8_t kLocalMisroutedInGroup = 1u << 2;
  static constexpr uint8_t kReachedIntermediate = 1u << 3;
  // PAR: a local hop was taken in the current group (cleared by a global hop).
  static constexpr uint8_t kLocalInGroup = 1u << 4;
};
static_assert(sizeof(Packet) == 32, "Packet descriptor must stay compact");

}  // namespace netcosim
