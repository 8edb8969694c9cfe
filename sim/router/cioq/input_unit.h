// The input side of the CIOQ router (thesis 000 Sec. 1.1, Table 1.2): per-VC input buffers, each
// a ring of whole packets (Virtual Cut-Through), with what the allocator reads every cycle about
// its head, and the busy state of each input port's crossbar input. How much the VCs of a port may
// hold is the credit model's (sim/blocks/credit_model.h): the upstream sender's credits keep the
// port within its buffer, and each VC's ring holds what the model lets one VC hold
// (vc_limit_phits; the whole port's buffer for a pool shared by the VCs).
// Memory layout: one VcBuffer record per VC carries the head's ready cycle and route, so that a
// waiting head costs one cache line, not three; packets live in one array (slots_) and the full
// route of a head beside it (route_), read only when the head is granted.
#pragma once

#include <cassert>
#include <cstdint>
#include <vector>

#include "sim/link/packet.h"
#include "sim/routing/routing.h"

namespace netcosim {

class StaticInputUnit final {
 public:
  struct VcBuffer {
    uint32_t base = 0, cap = 0, head = 0, count = 0;
    Cycle head_ready = 0;  // the head's t_ready (valid when count > 0)
    uint8_t out_port = 0;  // the head's route (valid when routed): route(), its port
    uint8_t out_vc = 0;    // the VC the router's selector chose among out_vcs (requested)
    uint16_t out_vcs = 0;  // route().vcs: the VCs the route allows
    bool routed = false;   // route() holds the head's route
    // The head's minimal output once the sensors have counted it (they count heads), else
    // kNotCounted.
    uint8_t min_out = kNotCounted;
  };
  static constexpr uint8_t kNotCounted = 0xff;  // no port: radix <= 64

  // `ports` ports of `vcs_per_port` VC slots; port i's VC v holds capacity(i, v) packets (0: the
  // VC does not exist on that port).
  template <class Capacity>
  void init(uint32_t ports, uint32_t vcs_per_port, Capacity capacity) {
    V_ = vcs_per_port;
    vcb_.assign(static_cast<size_t>(ports) * V_, VcBuffer{});
    route_.assign(vcb_.size(), RouteResult{});
    vc_mask_.assign(ports, 0);
    busy_until_.assign(ports, 0);
    uint32_t total = 0;
    for (uint32_t i = 0; i < ports; ++i) {
      for (uint32_t v = 0; v < V_; ++v) {
        VcBuffer& b = vcb_[i * V_ + v];
        b.base = total;
        b.cap = capacity(i, v);
        total += b.cap;
      }
    }
    slots_.resize(total);
    ready_.resize(total);
  }

  VcBuffer& vc(uint32_t i, uint32_t v) { return vcb_[i * V_ + v]; }
  const VcBuffer& vc(uint32_t i, uint32_t v) const { return vcb_[i * V_ + v]; }
  Packet& head(const VcBuffer& b) { return slots_[b.base + b.head]; }
  const Packet& head(const VcBuffer& b) const { return slots_[b.base + b.head]; }
  RouteResult& route(uint32_t i, uint32_t v) { return route_[i * V_ + v]; }
  const RouteResult& route(uint32_t i, uint32_t v) const { return route_[i * V_ + v]; }
  uint64_t port_mask() const { return port_mask_; }           // input ports holding packets
  uint32_t vc_mask(uint32_t i) const { return vc_mask_[i]; }  // VCs of port i holding packets
  // The crossbar input of port i is busy (a transfer) until this cycle.
  Cycle busy_until(uint32_t i) const { return busy_until_[i]; }
  void set_busy_until(uint32_t i, Cycle c) { busy_until_[i] = c; }

  // Starts fetching port i's VC records (a hint for receive's arrivals).
  void prefetch_port(uint32_t i) const {
    const char* first = reinterpret_cast<const char*>(&vcb_[i * V_]);
    __builtin_prefetch(first);
    __builtin_prefetch(first + V_ * sizeof(VcBuffer) - 1);
  }
  // Appends a packet that arrived on (i, v), ready at t_ready; returns the stored packet.
  Packet& push(uint32_t i, uint32_t v, const Packet& pkt, Cycle t_ready) {
    VcBuffer& b = vcb_[i * V_ + v];
    assert(b.count < b.cap && "credit protocol violated: input buffer overflow");
    uint32_t pos = b.head + b.count;
    if (pos >= b.cap) pos -= b.cap;
    Packet& slot = slots_[b.base + pos];
    slot = pkt;
    ready_[b.base + pos] = t_ready;
    if (b.count == 0) b.head_ready = t_ready;
    ++b.count;
    vc_mask_[i] |= uint32_t{1} << v;
    port_mask_ |= uint64_t{1} << i;
    return slot;
  }
  // Removes the head of (i, v) (granted); returns the next head, or nullptr if the VC is empty.
  const Packet* pop(uint32_t i, uint32_t v) {
    VcBuffer& b = vcb_[i * V_ + v];
    b.head = (b.head + 1 == b.cap) ? 0 : b.head + 1;
    b.routed = false;
    b.min_out = kNotCounted;
    if (--b.count == 0) {
      b.head = 0;  // restart at the first slot: near-empty buffers reuse cache-hot slots
      vc_mask_[i] &= ~(uint32_t{1} << v);
      if (vc_mask_[i] == 0) port_mask_ &= ~(uint64_t{1} << i);
      return nullptr;
    }
    b.head_ready = ready_[b.base + b.head];
    return &slots_[b.base + b.head];
  }

 private:
  uint32_t V_ = 0;
  std::vector<Packet> slots_;
  std::vector<Cycle> ready_;   // per slot: the cycle from which the packet may request (head_ready)
  std::vector<VcBuffer> vcb_;  // [port * V_ + vc]
  std::vector<RouteResult> route_;  // the head's route, when VcBuffer::routed
  std::vector<uint32_t> vc_mask_;   // per port: VCs holding packets
  uint64_t port_mask_ = 0;          // input ports holding packets
  std::vector<Cycle> busy_until_;   // crossbar input occupied
};

}  // namespace netcosim
