// The output side of the CIOQ router (thesis 000 Sec. 1.1, Table 1.2; docs/model.md "Router
// timing"): one FIFO per output port that the crossbar writes into and the link reads from, its
// level (what routing reads: sim/routing/port_view.h) and the link's timing. A packet may start on
// the link at most every packet_size cycles; its space is freed when its tail has left (start +
// packet_size).
//
// Which queued packet starts next is the output scheduler's choice, a template parameter so the
// hot loop makes no virtual call. Today: FirstCome (one FIFO per output, its head). Per-VL output
// queues with an SBT, DTable or InfiniBand VL arbiter would give the scheduler several heads to
// choose from; the ring below removes only its head, so such a scheduler comes with those queues.
//
// Memory layout: a queue record holds its level first, so that the view routing reads (PortView,
// a stride over the records) and the ring's state share one cache line; the cycle each FIFO's head
// may start is kept in one array (send_at_), so a cycle in which every FIFO waits reads one line.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/link/packet.h"
#include "sim/routing/port_view.h"

namespace netcosim {

// First-come output scheduling: the FIFO's head starts next (offset 0 from the head).
struct FirstComeScheduler {
  static constexpr bool kHeadOnly = true;
};

template <class Scheduler>
class OutputUnit final {
  static_assert(Scheduler::kHeadOnly,
                "a scheduler choosing among several queued packets needs "
                "per-VL output queues (see the comment above)");

 public:
  struct Entry {
    Packet pkt;
    Cycle ready;  // the cycle the crossbar has delivered it
    uint8_t vc;   // the downstream VC
  };
  struct Queue {
    OutputFifoLevel level;
    uint32_t base = 0, cap = 0, head = 0, count = 0;
    Cycle link_free_at = 0;  // next cycle the link may start a packet
  };

  // `ports` FIFOs of `capacity_packets` packets each.
  void init(uint32_t ports, uint32_t capacity_packets) {
    queues_.assign(ports, Queue{});
    for (uint32_t o = 0; o < ports; ++o) {
      queues_[o].base = o * capacity_packets;
      queues_[o].cap = capacity_packets;
    }
    slots_.resize(static_cast<size_t>(ports) * capacity_packets);
  }

  const Queue& queue(uint32_t o) const { return queues_[o]; }
  const OutputFifoLevel* levels() const { return &queues_[0].level; }  // stride sizeof(Queue)
  uint64_t mask() const { return mask_; }                              // FIFOs holding packets
  // Free phits in cycle `now` (`capacity` phits, `S` phits a packet).
  uint32_t free(uint32_t o, Cycle now, uint32_t capacity, uint32_t S) const {
    return queues_[o].level.free(now, capacity, S);
  }
  // True if the crossbar may write a packet into FIFO o now (write side free, room for it); also
  // applies the release of the packet that has left the link.
  bool can_accept(uint32_t o, Cycle now, uint32_t capacity, uint32_t S) {
    OutputFifoLevel& f = queues_[o].level;
    if (f.write_busy_until > now) return false;
    release(f, now, S);
    return f.free(now, capacity, S) >= S;
  }

  // The crossbar writes a packet (transfer of X cycles starting now) that lands at `ready`.
  void write(uint32_t o, const Packet& pkt, uint8_t vc, Cycle now, uint32_t X, Cycle ready,
             uint32_t S) {
    Queue& q = queues_[o];
    q.level.write_busy_until = now + X;
    uint32_t pos = q.head + q.count;
    if (pos >= q.cap) pos -= q.cap;
    slots_[q.base + pos] = Entry{pkt, ready, vc};
    if (q.count == 0) send_at_[o] = q.link_free_at > ready ? q.link_free_at : ready;
    ++q.count;
    q.level.used_phits += S;
    mask_ |= uint64_t{1} << o;
  }

  // Starts, on each free link, the packet the scheduler chooses: start(o, entry) sends it.
  // Returns true if any packet started.
  template <class Start>
  bool send(Cycle now, uint32_t S, Start&& start) {
    bool moved = false;
    for (uint64_t ports = mask_; ports != 0; ports &= ports - 1) {
      const uint32_t o = static_cast<uint32_t>(__builtin_ctzll(ports));
      if (send_at_[o] > now) continue;  // the link is busy or the head is not in the FIFO yet
      Queue& q = queues_[o];
      release(q.level, now, S);  // the previous packet's space, before this one goes on the link
      q.level.tx_pending = true;
      q.level.tx_release = now + S;
      q.link_free_at = now + S;
      start(o, slots_[q.base + q.head]);
      q.head = (q.head + 1 == q.cap) ? 0 : q.head + 1;
      if (--q.count == 0) {
        q.head = 0;
        mask_ &= ~(uint64_t{1} << o);
      } else {
        const Cycle ready = slots_[q.base + q.head].ready;
        send_at_[o] = q.link_free_at > ready ? q.link_free_at : ready;
      }
      moved = true;
    }
    return moved;
  }

 private:
  static void release(OutputFifoLevel& f, Cycle now, uint32_t S) {
    if (f.tx_pending && now >= f.tx_release) {
      f.used_phits -= S;
      f.tx_pending = false;
    }
  }

  std::vector<Entry> slots_;
  std::vector<Queue> queues_;
  uint64_t mask_ = 0;
  // Per FIFO holding packets: the cycle its head may start on the link (the later of its arrival
  // in the FIFO and the link's next free cycle; both are fixed once it is the head).
  Cycle send_at_[64] = {};
};

}  // namespace netcosim
