// The output side of the CIOQ router (thesis 000 Sec. 1.1, Table 1.2; docs/model.md "Router
// timing"): one FIFO per output port that the crossbar writes into and the link reads from, its
// level (what routing reads: sim/routing/port_view.h) and the link's timing. A packet may start on
// the link at most every packet_size cycles; its space is freed when its tail has left (start +
// packet_size).
//
// Each output port has one FIFO per virtual lane (VL), Scheduler::kVls of them, sharing the link;
// when the link is free, the output scheduler (sim/blocks/output_scheduler.h) chooses among the
// VLs whose head packet has been delivered, and the chosen head starts. The scheduler is a template
// parameter so the hot loop makes no virtual call; with one VL (FirstComeScheduler, the reference
// router) the unit is one FIFO per output and the code below reduces to it.
//
// Memory layout: a queue record (one per port and VL, the port's VLs adjacent) holds its level
// first, so that the view routing reads (PortView, a stride over the records) and the ring's state
// share one cache line; the port's link state is in its VL 0 record; the cycle each port's next
// packet may start is kept in one array (send_at_), so a cycle in which every port waits reads one
// line.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/blocks/output_scheduler.h"
#include "sim/link/packet.h"
#include "sim/routing/port_view.h"

namespace netcosim {

template <class Scheduler>
class OutputUnit final {
  static constexpr uint32_t kVls = Scheduler::kVls;
  static_assert(kVls >= 1 && kVls <= 32, "1 to 32 VLs per output port");

 public:
  struct Entry {
    Packet pkt;
    Cycle ready;  // the cycle the crossbar has delivered it
    uint8_t vc;   // the downstream VC
  };
  struct Queue {
    OutputFifoLevel level;
    uint32_t base = 0, cap = 0, head = 0, count = 0;
    Cycle link_free_at = 0;  // VL 0's record: next cycle the port's link may start a packet
  };

  // `ports` ports of kVls FIFOs of `capacity_packets` packets each.
  void init(uint32_t ports, uint32_t capacity_packets) {
    queues_.assign(static_cast<size_t>(ports) * kVls, Queue{});
    for (size_t q = 0; q < queues_.size(); ++q) {
      queues_[q].base = static_cast<uint32_t>(q) * capacity_packets;
      queues_[q].cap = capacity_packets;
    }
    slots_.resize(queues_.size() * capacity_packets);
    sched_.assign(ports, Scheduler{});
  }

  const Queue& queue(uint32_t o, uint32_t vl = 0) const { return queues_[o * kVls + vl]; }
  // The levels (PortView): port o's VL v at levels() + (o * kVls + v) * sizeof(Queue) bytes.
  const OutputFifoLevel* levels() const { return &queues_[0].level; }
  uint64_t mask() const { return mask_; }  // ports holding packets
  // Free phits of FIFO (o, vl) in cycle `now` (`capacity` phits, `S` phits a packet).
  uint32_t free(uint32_t o, Cycle now, uint32_t capacity, uint32_t S, uint32_t vl = 0) const {
    return queues_[o * kVls + vl].level.free(now, capacity, S);
  }
  // True if the crossbar may write a packet into FIFO (o, vl) now (write side free, room for it);
  // also applies the release of the packet that has left the link.
  bool can_accept(uint32_t o, Cycle now, uint32_t capacity, uint32_t S, uint32_t vl = 0) {
    OutputFifoLevel& f = queues_[o * kVls + vl].level;
    if (f.write_busy_until > now) return false;
    release(f, now, S);
    return f.free(now, capacity, S) >= S;
  }

  // The crossbar writes a packet into FIFO (o, vl) (transfer of X cycles starting now) that lands
  // at `ready`.
  void write(uint32_t o, const Packet& pkt, uint8_t vc, Cycle now, uint32_t X, Cycle ready,
             uint32_t S, uint32_t vl = 0) {
    Queue& q = queues_[o * kVls + vl];
    q.level.write_busy_until = now + X;
    uint32_t pos = q.head + q.count;
    if (pos >= q.cap) pos -= q.cap;
    slots_[q.base + pos] = Entry{pkt, ready, vc};
    const Cycle link_free = queues_[o * kVls].link_free_at;
    const bool port_empty = (mask_ >> o & 1) == 0;
    if (port_empty)
      send_at_[o] = link_free > ready ? link_free : ready;
    else if (kVls > 1 && q.count == 0 && ready < send_at_[o])
      send_at_[o] = link_free > ready ? link_free : ready;  // an earlier head on another VL
    ++q.count;
    q.level.used_phits += S;
    mask_ |= uint64_t{1} << o;
  }

  // Starts, on each free link, the head packet of the VL the port's scheduler chooses among those
  // whose head has been delivered: start(o, entry) sends it. Returns true if any packet started.
  template <class Start>
  bool send(Cycle now, uint32_t S, Start&& start) {
    bool moved = false;
    for (uint64_t ports = mask_; ports != 0; ports &= ports - 1) {
      const uint32_t o = static_cast<uint32_t>(__builtin_ctzll(ports));
      if (send_at_[o] > now) continue;  // the link is busy or no head is in a FIFO yet
      uint32_t vl = 0;
      if constexpr (kVls > 1) vl = choose(o, now, S);
      Queue& q = queues_[o * kVls + vl];
      Queue& link = queues_[o * kVls];
      release(q.level, now, S);  // the previous packet's space, before this one goes on the link
      q.level.tx_pending = true;
      q.level.tx_release = now + S;
      link.link_free_at = now + S;
      start(o, slots_[q.base + q.head]);
      q.head = (q.head + 1 == q.cap) ? 0 : q.head + 1;
      if (--q.count == 0) q.head = 0;
      if constexpr (kVls == 1) {
        if (q.count == 0) {
          mask_ &= ~(uint64_t{1} << o);
        } else {
          const Cycle ready = slots_[q.base + q.head].ready;
          send_at_[o] = q.link_free_at > ready ? q.link_free_at : ready;
        }
      } else {
        sched_[o].accept(vl);
        next_send(o);
      }
      moved = true;
    }
    return moved;
  }

 private:
  // Several VLs: the scheduler's choice among the VLs whose head has been delivered by `now`.
  uint32_t choose(uint32_t o, Cycle now, uint32_t S) {
    uint32_t active = 0, head_phits[kVls] = {};
    for (uint32_t v = 0; v < kVls; ++v) {
      const Queue& q = queues_[o * kVls + v];
      if (q.count != 0 && slots_[q.base + q.head].ready <= now) active |= 1u << v;
      head_phits[v] = q.count != 0 ? S : 0u;  // packets are of one size
    }
    return sched_[o].select(active, head_phits);
  }
  // Several VLs: the cycle port o's next packet may start (the earliest delivered head, not
  // before the link is free), or the port leaves mask_ when every VL is empty.
  void next_send(uint32_t o) {
    Cycle earliest = kNone;
    for (uint32_t v = 0; v < kVls; ++v) {
      const Queue& q = queues_[o * kVls + v];
      if (q.count != 0 && slots_[q.base + q.head].ready < earliest)
        earliest = slots_[q.base + q.head].ready;
    }
    if (earliest == kNone) {
      mask_ &= ~(uint64_t{1} << o);
      return;
    }
    const Cycle link_free = queues_[o * kVls].link_free_at;
    send_at_[o] = link_free > earliest ? link_free : earliest;
  }

  static void release(OutputFifoLevel& f, Cycle now, uint32_t S) {
    if (f.tx_pending && now >= f.tx_release) {
      f.used_phits -= S;
      f.tx_pending = false;
    }
  }

  std::vector<Entry> slots_;
  std::vector<Queue> queues_;     // [port * kVls + vl]
  std::vector<Scheduler> sched_;  // per port
  uint64_t mask_ = 0;
  // Per port holding packets: the cycle its next packet may start on the link (the later of its
  // head's arrival in the FIFO and the link's next free cycle; with one VL both are fixed once it
  // is the head).
  Cycle send_at_[64] = {};
};

}  // namespace netcosim
