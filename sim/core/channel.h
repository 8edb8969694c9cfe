// Delay-line channels between routers (DESIGN.md §2.2). Everything that crosses from one router to
// another (packets, credits) travels through a channel whose latency is at least one cycle, and a
// consumer only takes items whose arrival cycle has come. A router therefore never sees what
// another router did in the same cycle, so results do not depend on the evaluation order, and the
// single-producer/single-consumer ring is safe between threads that synchronise once per cycle.
#pragma once

#include <atomic>
#include <cassert>
#include <cstdint>
#include <memory>

#include "packet.h"

namespace netcosim {

template <class T>
class DelayRing {
 public:
  DelayRing() = default;
  explicit DelayRing(uint32_t min_capacity) {
    uint32_t cap = 1;
    while (cap < min_capacity) cap <<= 1;
    mask_ = cap - 1;
    items_.reset(new T[cap]);
  }
  DelayRing(DelayRing&& o) noexcept
      : items_(std::move(o.items_)),
        mask_(o.mask_),
        head_(o.head_.load(std::memory_order_relaxed)),
        tail_(o.tail_.load(std::memory_order_relaxed)) {}
  DelayRing& operator=(DelayRing&& o) noexcept {
    items_ = std::move(o.items_);
    mask_ = o.mask_;
    head_.store(o.head_.load(std::memory_order_relaxed), std::memory_order_relaxed);
    tail_.store(o.tail_.load(std::memory_order_relaxed), std::memory_order_relaxed);
    return *this;
  }

  uint32_t capacity() const { return mask_ + 1; }
  // Producer side. Items must be pushed with nondecreasing arrival cycles.
  void push(const T& item) {
    const uint32_t t = tail_.load(std::memory_order_relaxed);
    assert(t - head_.load(std::memory_order_acquire) <= mask_ && "channel overflow");
    items_[t & mask_] = item;
    tail_.store(t + 1, std::memory_order_release);
  }
  // Consumer side: the oldest item if it has arrived by `now`, else nullptr.
  const T* ready(Cycle now) const {
    const uint32_t h = head_.load(std::memory_order_relaxed);
    if (h == tail_.load(std::memory_order_acquire)) return nullptr;
    const T* it = &items_[h & mask_];
    return it->arrive <= now ? it : nullptr;
  }
  void pop() { head_.store(head_.load(std::memory_order_relaxed) + 1, std::memory_order_release); }
  bool empty() const {
    return head_.load(std::memory_order_relaxed) == tail_.load(std::memory_order_acquire);
  }
  uint32_t size() const {
    return tail_.load(std::memory_order_acquire) - head_.load(std::memory_order_acquire);
  }
  // Prefetch the queued items (an engine does this for rings written by another partition before it
  // starts a window: the misses then overlap).
  void prefetch_queued() const {
    const uint32_t h = head_.load(std::memory_order_relaxed),
                   t = tail_.load(std::memory_order_acquire);
    for (uint32_t i = h; i != t; ++i) __builtin_prefetch(&items_[i & mask_]);
  }
  // Iteration over queued items (diagnostics only).
  const T& at(uint32_t i) const { return items_[(head_.load() + i) & mask_]; }

 private:
  std::unique_ptr<T[]> items_;
  uint32_t mask_ = 0;
  std::atomic<uint32_t> head_{0};
  std::atomic<uint32_t> tail_{0};
};

struct PacketMsg {
  Cycle arrive;
  uint8_t vc;  // VC of the downstream input buffer
  Packet pkt;
};

struct CreditMsg {
  Cycle arrive;
  uint8_t vc;
  uint16_t phits;
};

// One directed link: packets flow from (src router, out port) to (dst router, in port); credits
// flow back. Injection links connect a node's NIC to its router (src router = kNone).
struct Link {
  uint32_t src_router = kNone, src_port = 0;
  uint32_t dst_router = kNone, dst_port = 0;
  Cycle latency = 1;         // packet flight time (head), >= 1
  Cycle credit_latency = 1;  // credit flight time back to the sender
  DelayRing<PacketMsg> data;
  DelayRing<CreditMsg> credits;
  // Wake-up wheels (see ArrivalWheel): the producer of an item marks the consumer's port in the
  // wheel slot of the item's arrival cycle, so that a router looks at a link only in the cycles
  // in which something arrives on it.
  struct ArrivalWheel* data_wheel = nullptr;    // receiver's wheel, bit dst_port
  struct ArrivalWheel* credit_wheel = nullptr;  // sender's wheel, bit src_port (nullptr: NIC)
  bool crosses_partitions = false;  // the two ends may be simulated by different threads

  inline void push_data(const PacketMsg& m);
  inline void push_credit(const CreditMsg& m);
};

// A timing wheel of port bitmasks: slot (t mod size) holds the ports on which an item arrives in
// cycle t. Its size exceeds every channel latency plus the engine's window, so a slot is only
// written for a cycle that is still in the future of its consumer (DESIGN.md §2.2). Producers in
// the consumer's own partition (local links, injection) use the plain half; producers that may
// run on another thread (global links) use the atomic half, with a relaxed fetch_or because
// several of them may mark one slot. The consumer reads a slot only after all its writers have
// passed the window barrier, so it needs no read-modify-write.
struct ArrivalWheel {
  std::unique_ptr<uint64_t[]> local;
  std::unique_ptr<std::atomic<uint64_t>[]> remote;
  uint32_t mask = 0;

  void init(uint32_t min_size) {
    uint32_t n = 1;
    while (n < min_size) n <<= 1;
    local.reset(new uint64_t[n]());
    remote.reset(new std::atomic<uint64_t>[n]);
    for (uint32_t i = 0; i < n; ++i) remote[i].store(0, std::memory_order_relaxed);
    mask = n - 1;
  }
  void mark(Cycle t, uint32_t port, bool from_remote) {
    if (from_remote)
      remote[t & mask].fetch_or(uint64_t{1} << port, std::memory_order_relaxed);
    else
      local[t & mask] |= uint64_t{1} << port;
  }
  bool any(Cycle t) const {
    return (local[t & mask] | remote[t & mask].load(std::memory_order_relaxed)) != 0;
  }
  uint64_t take(Cycle t) {
    const uint32_t i = t & mask;
    uint64_t v = local[i];
    local[i] = 0;
    const uint64_t r = remote[i].load(std::memory_order_relaxed);
    if (r != 0) remote[i].store(0, std::memory_order_relaxed);
    return v | r;
  }
};

inline void Link::push_data(const PacketMsg& m) {
  data.push(m);
  data_wheel->mark(m.arrive, dst_port, crosses_partitions);
}
inline void Link::push_credit(const CreditMsg& m) {
  credits.push(m);
  if (credit_wheel != nullptr) credit_wheel->mark(m.arrive, src_port, crosses_partitions);
}

}  // namespace netcosim
