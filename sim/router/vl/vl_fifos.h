// FIFOs of packets per (port, VL) in one array, each a ring of fixed capacity (no allocation in
// the cycle loop), with a mask per port of the VLs holding packets: the input and output buffers
// of the switches built on service levels (sim/router/ib/ib_switch.h). Each entry keeps the cycle
// from which its packet may move on (its header has been routed, or has reached the output
// buffer).
#pragma once

#include <cassert>
#include <cstdint>
#include <vector>

#include "sim/link/packet.h"

namespace netcosim {

class VlFifos {
 public:
  struct Entry {
    Packet pkt;
    Cycle ready = 0;
    uint8_t port = 0;  // where the packet goes next (the OPA central buffers' output port)
  };

  // `ports` x `vls` FIFOs, VL v's of capacity[v] packets on every port.
  void init(uint32_t ports, uint32_t vls, const std::vector<uint32_t>& capacity) {
    vls_ = vls;
    rings_.assign(size_t{ports} * vls, Ring{});
    size_t base = 0;
    for (uint32_t p = 0; p < ports; ++p)
      for (uint32_t v = 0; v < vls; ++v) {
        Ring& r = rings_[p * vls + v];
        r.base = base;
        r.cap = capacity[v];
        base += capacity[v];
      }
    slots_.assign(base, Entry{});
    mask_.assign(ports, 0);
    ports_mask_ = 0;
  }
  uint32_t count(uint32_t p, uint32_t v) const { return rings_[p * vls_ + v].count; }
  uint32_t capacity(uint32_t p, uint32_t v) const { return rings_[p * vls_ + v].cap; }
  // VLs of port p holding packets; ports holding packets.
  uint32_t vl_mask(uint32_t p) const { return mask_[p]; }
  uint64_t port_mask() const { return ports_mask_; }

  const Entry& front(uint32_t p, uint32_t v) const {
    const Ring& r = rings_[p * vls_ + v];
    return slots_[r.base + r.head];
  }
  // The k-th entry from the head of (p, v) (k < count).
  const Entry& at(uint32_t p, uint32_t v, uint32_t k) const {
    const Ring& r = rings_[p * vls_ + v];
    uint32_t i = r.head + k;
    if (i >= r.cap) i -= r.cap;
    return slots_[r.base + i];
  }
  // The head of (p, v) may move on from `ready` (router.alloc_retry: a head that lost the VA-SA).
  void delay_front(uint32_t p, uint32_t v, Cycle ready) {
    const Ring& r = rings_[p * vls_ + v];
    assert(r.count > 0);
    slots_[r.base + r.head].ready = ready;
  }
  void push(uint32_t p, uint32_t v, const Packet& pkt, Cycle ready, uint8_t port = 0) {
    Ring& r = rings_[p * vls_ + v];
    assert(r.count < r.cap && "a VL FIFO overflowed: its credits allowed more than it holds");
    uint32_t i = r.head + r.count;
    if (i >= r.cap) i -= r.cap;
    Entry& e = slots_[r.base + i];
    e.pkt = pkt;
    e.ready = ready;
    e.port = port;
    ++r.count;
    mask_[p] |= 1u << v;
    ports_mask_ |= uint64_t{1} << p;
  }
  void pop(uint32_t p, uint32_t v) {
    Ring& r = rings_[p * vls_ + v];
    assert(r.count > 0);
    r.head = r.head + 1 == r.cap ? 0 : r.head + 1;
    if (--r.count == 0) {
      mask_[p] &= ~(1u << v);
      if (mask_[p] == 0) ports_mask_ &= ~(uint64_t{1} << p);
    }
  }

 private:
  struct Ring {
    size_t base = 0;
    uint32_t head = 0, count = 0, cap = 0;
  };
  uint32_t vls_ = 1;
  std::vector<Ring> rings_;
  std::vector<Entry> slots_;
  std::vector<uint32_t> mask_;
  uint64_t ports_mask_ = 0;
};

}  // namespace netcosim
