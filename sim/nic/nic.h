// Network interface of one node: Bernoulli packet generation, a bounded source queue, and the
// injection channel into the router's injection buffers (thesis 000 Sec. 1.6.1, Sec. 1.6.3).
#pragma once

#include <cstdint>
#include <memory>

#include "sim/blocks/credit_counter.h"
#include "sim/link/channel.h"
#include "sim/link/packet.h"
#include "sim/util/rng.h"

namespace netcosim {

struct SourceEntry {
  Cycle t_gen;
  uint32_t dst;
  uint32_t seq;
};

struct Nic {
  uint32_t node = 0;
  Rng rng;                 // the node's stream: generation gaps and destinations
  Cycle next_gen = kNone;  // cycle of the next generated packet (kNone: none)
  uint32_t seq = 0;        // packets generated so far (identity of the next one)
  // Source queue (ring of fixed capacity: no allocation in the cycle loop).
  std::unique_ptr<SourceEntry[]> queue;
  uint32_t q_cap = 0, q_head = 0, q_count = 0;
  // Injection channel: credits for the router's injection VCs (read as buffer space, returned
  // when a packet's tail leaves the injection buffer), one packet every packet_size cycles.
  model::CreditCounter credits;
  Cycle link_free_at = 0;
  Link* link = nullptr;
  uint64_t window_injected_phits = 0;  // phits whose head entered the router inside the window

  bool queue_full() const { return q_count == q_cap; }
  void queue_push(const SourceEntry& e) {
    queue[(q_head + q_count) % q_cap] = e;
    ++q_count;
  }
  const SourceEntry& queue_front() const { return queue[q_head]; }
  void queue_pop() {
    q_head = (q_head + 1 == q_cap) ? 0 : q_head + 1;
    --q_count;
  }
};

}  // namespace netcosim
