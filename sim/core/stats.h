// Run statistics (DESIGN.md §5 JSON contract). A sink accumulates integer counters only, so sinks
// of different threads merge exactly and in any order into the same result.
#pragma once

#include <cstdint>
#include <vector>

#include "packet.h"
#include "rng.h"

namespace netcosim {

struct StatsSink {
  Cycle window_start = 0;  // measurement window [window_start, window_end)
  Cycle window_end = 0;
  uint32_t packet_size = 0;

  // Packets delivered (tail consumed) inside the window.
  std::vector<uint64_t> latency_hist;  // index = total latency in cycles (exact percentiles)
  uint64_t window_packets = 0, window_phits = 0;
  uint64_t latency_sum = 0, network_latency_sum = 0, injection_latency_sum = 0, latency_max = 0;
  uint64_t hops_sum = 0, hops_local_sum = 0, hops_global_sum = 0, misrouted = 0;
  // Whole run.
  uint64_t generated = 0, delivered = 0, refused = 0;
  // Multiset hashes of packet identities (src, seq): equal sets of generated and delivered
  // packets give equal sums; a lost or duplicated packet changes the delivered sum.
  uint64_t generated_hash = 0, delivered_hash = 0;
  Cycle last_eject = 0;  // last cycle in which a packet started its ejection (drain end)

  void init(Cycle start, Cycle end, uint32_t size) {
    window_start = start;
    window_end = end;
    packet_size = size;
    latency_hist.assign(static_cast<size_t>(end) + 1, 0);
  }

  static uint64_t identity_hash(uint32_t src, uint32_t seq) {
    return mix64((uint64_t{src} << 32) | seq);
  }

  void on_generate(uint32_t src, uint32_t seq) {
    ++generated;
    generated_hash += identity_hash(src, seq);
  }

  // t_del: cycle in which the tail phit is consumed by the destination node.
  void on_deliver(const Packet& p, Cycle t_eject, Cycle t_del) {
    ++delivered;
    if (t_eject > last_eject) last_eject = t_eject;
    delivered_hash += identity_hash(p.src, p.seq);
    if (t_del < window_start || t_del >= window_end) return;
    const uint64_t lat = t_del - p.t_gen;
    ++window_packets;
    window_phits += packet_size;
    ++latency_hist[lat];
    latency_sum += lat;
    network_latency_sum += t_del - p.t_inject;
    injection_latency_sum += p.t_inject - p.t_gen;
    if (lat > latency_max) latency_max = lat;
    hops_local_sum += p.hops_local;
    hops_global_sum += p.hops_global;
    hops_sum += p.hops_local + p.hops_global;
    if (p.flags & Packet::kMisrouted) ++misrouted;
  }

  void merge(const StatsSink& o) {
    for (size_t i = 0; i < latency_hist.size() && i < o.latency_hist.size(); ++i)
      latency_hist[i] += o.latency_hist[i];
    window_packets += o.window_packets;
    window_phits += o.window_phits;
    latency_sum += o.latency_sum;
    network_latency_sum += o.network_latency_sum;
    injection_latency_sum += o.injection_latency_sum;
    if (o.latency_max > latency_max) latency_max = o.latency_max;
    hops_sum += o.hops_sum;
    hops_local_sum += o.hops_local_sum;
    hops_global_sum += o.hops_global_sum;
    misrouted += o.misrouted;
    generated += o.generated;
    delivered += o.delivered;
    refused += o.refused;
    generated_hash += o.generated_hash;
    delivered_hash += o.delivered_hash;
    if (o.last_eject > last_eject) last_eject = o.last_eject;
  }
};

}  // namespace netcosim
