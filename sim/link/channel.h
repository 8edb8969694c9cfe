// Delay-line channels (docs/principles.md §2). Everything that crosses from one router to
// another (packets, credits) travels through a channel whose latency is at least one cycle, and a
// consumer only takes items whose arrival cycle has come. A router therefore never sees what
// another router did in the same cycle, so results do not depend on the evaluation order, and the
// single-producer/single-consumer ring is safe between threads that synchronise once per cycle.
#pragma once

#include <atomic>
#include <cassert>
#include <cstdint>
#include <memory>

#include "sim/link/packet.h"

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
        seen_(o.seen_),
        tail_(o.tail_.load(std::memory_order_relaxed)) {}
  DelayRing& operator=(DelayRing&& o) noexcept {
    items_ = std::move(o.items_);
    mask_ = o.mask_;
    head_.store(o.head_.load(std::memory_order_relaxed), std::memory_order_relaxed);
    seen_ = o.seen_;
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
  // Producer side: fill(T&) writes the item in place. A message built in a temporary and copied
  // in is written and re-read through the stack with overlapping widths, which stalls store
  // forwarding on x86 (a quarter of Router::send's cycles on h8).
  template <class Fill>
  void push_with(Fill&& fill) {
    const uint32_t t = tail_.load(std::memory_order_relaxed);
    assert(t - head_.load(std::memory_order_acquire) <= mask_ && "channel overflow");
    fill(items_[t & mask_]);
    tail_.store(t + 1, std::memory_order_release);
  }
  // Consumer side: the oldest item if it has arrived by `now`, else nullptr.
  const T* ready(Cycle now) const {
    const uint32_t h = head_.load(std::memory_order_relaxed);
    if (h == tail_.load(std::memory_order_acquire)) return nullptr;
    const T* it = &items_[h & mask_];
    return it->arrive <= now ? it : nullptr;
  }
  // Consumer side: starts fetching the oldest item's cache lines (a hint; nothing if empty), so
  // that the misses of several rings overlap before ready() reads them one by one.
  void prefetch_oldest() const {
    const char* it =
        reinterpret_cast<const char*>(&items_[head_.load(std::memory_order_relaxed) & mask_]);
    __builtin_prefetch(it);
    __builtin_prefetch(it + sizeof(T) - 1);
  }
  void pop() { head_.store(head_.load(std::memory_order_relaxed) + 1, std::memory_order_release); }
  bool empty() const {
    return head_.load(std::memory_order_relaxed) == tail_.load(std::memory_order_acquire);
  }
  uint32_t size() const {
    return tail_.load(std::memory_order_acquire) - head_.load(std::memory_order_acquire);
  }
  // Consumer side: calls f(item) for every item pushed since the previous call (each item once).
  // The consumer's router uses it on links whose producer may run on another thread, to mark its
  // own wake-up wheel (Router::collect_remote) instead of the producer marking it.
  template <class F>
  void for_each_new(F&& f) {
    const uint32_t t = tail_.load(std::memory_order_acquire);
    assert(t - head_.load(std::memory_order_relaxed) >= t - seen_ && "item taken before seen");
    for (uint32_t i = seen_; i != t; ++i) f(items_[i & mask_]);
    seen_ = t;
  }
  // Iteration over queued items (diagnostics only).
  const T& at(uint32_t i) const { return items_[(head_.load() + i) & mask_]; }

 private:
  std::unique_ptr<T[]> items_;
  uint32_t mask_ = 0;
  std::atomic<uint32_t> head_{0};
  uint32_t seen_ = 0;  // consumer-owned: items before seen_ were passed to for_each_new
  std::atomic<uint32_t> tail_{0};
};

struct PacketMsg {
  Cycle arrive;
  uint8_t vc;  // VC of the downstream input buffer
  Packet pkt;
};

struct CreditMsg {
  Cycle arrive;
  // The VC, and in bit 7 (kMinimal) minCred's 1-bit flag (thesis 000 Sec. 5.2.4): the phits freed
  // belonged to a minimally routed packet; set only when the routers keep minimal-only counts
  // (RouterConfig::mincred).
  uint8_t vc;
  uint16_t phits;
  static constexpr uint8_t kMinimal = 0x80;
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
  // The two ends may be simulated by different threads (global links). The producer then marks
  // no wheel: each end's router marks its own wheel from the items queued on the link before it
  // simulates a span of cycles (Router::collect_remote, called by the engines). An item arriving
  // in cycle t is pushed at or before t - latency, so an engine that runs no router more than
  // `latency` cycles ahead of another can collect at the start of each window; a read-modify-write
  // atomic on the consumer's wheel (a locked instruction on a line another router owns) cost
  // about 10% of the run time on h8.
  bool crosses_partitions = false;
  // The consumer counts a packet from the cycle after it was sent (routing.contention_count=
  // queued_at_send): its port is also marked in that cycle's slot, so that the router steps then
  // (CioqRouter::count_sent) even if it is otherwise idle. A link that crosses partitions is
  // marked by the consumer (collect_remote); the engines then run with a one-cycle lookahead.
  bool wake_at_send = false;

  // Pushes a packet arriving at `arrive`: fill(PacketMsg&) writes its VC and descriptor in place
  // (DelayRing::push_with).
  template <class Fill>
  inline void push_data(Cycle arrive, Fill&& fill);
  inline void push_credit(const CreditMsg& m);
};

// A timing wheel of port bitmasks: slot (t mod size) holds the ports on which an item arrives in
// cycle t. Its size exceeds every channel latency plus the engine's window, so a slot is only
// written for a cycle that is still in the future of its consumer (docs/principles.md §2). Only the
// consumer's partition writes it: producers in the same partition (local links, injection) when
// they push, the consumer itself for links that cross partitions (Link::crosses_partitions), so
// it is plain memory.
struct ArrivalWheel {
  std::unique_ptr<uint64_t[]> slots;
  uint32_t mask = 0;

  void init(uint32_t min_size) {
    uint32_t n = 1;
    while (n < min_size) n <<= 1;
    slots.reset(new uint64_t[n]());
    mask = n - 1;
  }
  void mark(Cycle t, uint32_t port) { slots[t & mask] |= uint64_t{1} << port; }
  bool any(Cycle t) const { return slots[t & mask] != 0; }
  uint64_t take(Cycle t) {
    const uint32_t i = t & mask;
    const uint64_t v = slots[i];
    slots[i] = 0;
    return v;
  }
};

template <class Fill>
inline void Link::push_data(Cycle arrive, Fill&& fill) {
  data.push_with([&](PacketMsg& m) {
    m.arrive = arrive;
    fill(m);
  });
  if (!crosses_partitions) {
    data_wheel->mark(arrive, dst_port);
    if (wake_at_send) data_wheel->mark(arrive - latency + 1, dst_port);
  }
}
inline void Link::push_credit(const CreditMsg& m) {
  credits.push(m);
  if (credit_wheel != nullptr && !crosses_partitions) credit_wheel->mark(m.arrive, src_port);
}

}  // namespace netcosim
