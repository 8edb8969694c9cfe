// Run statistics (docs/model.md §5; docs/principles.md §8). A sink accumulates integer counters
// only, so sinks of different threads merge exactly and in any order into the same result.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/link/packet.h"
#include "sim/stats/latency_histogram.h"
#include "sim/topology/topology.h"
#include "sim/util/rng.h"

namespace netcosim {

struct StatsSink {
  Cycle window_start = 0;  // measurement window [window_start, window_end)
  Cycle window_end = 0;
  uint32_t packet_size = 0;

  // Packets delivered (tail consumed) inside the window.
  LatencyHistogram latency_hist;  // total latency; fixed size (latency_histogram.h)
  uint64_t window_packets = 0, window_phits = 0;
  uint64_t latency_sum = 0, network_latency_sum = 0, injection_latency_sum = 0, latency_max = 0;
  uint64_t hops_sum = 0, misrouted = 0;
  // Hops by the port class of their output (class 0, injection, stays 0): sums and per-packet
  // maxima.
  uint64_t hops_class_sum[kMaxPortClasses] = {}, hops_class_max[kMaxPortClasses] = {};
  // The class of which a minimal path takes at most one hop (Topology::single_hop_class(); 0:
  // none): a packet with two hops of it was misrouted at that level (global_misrouted).
  PortClass single_hop_class = kInjectionClass;
  // Misrouting metrics (docs/model.md §4): packets with a nonminimal routing decision, with a
  // global hop off the minimal path (two global hops), with a nonminimal local hop; phits of the
  // packets with a decision at each place (Packet::kAt* order: injection, source group,
  // intermediate group, destination).
  uint64_t nonminimal = 0, global_misrouted = 0, local_misrouted = 0;
  uint64_t misrouted_at_phits[4] = {0, 0, 0, 0};
  // Packets generated in the window (generation cycle inside it): the applied load.
  uint64_t window_generated = 0;
  // Whole run. refused: full source queue; dropped: no source queue (traffic.source_queue=0) and
  // the injection buffer could not take the packet at once.
  uint64_t generated = 0, delivered = 0, refused = 0, dropped = 0;
  // Multiset hashes of packet identities (src, seq): equal sets of generated and delivered
  // packets give equal sums; a lost or duplicated packet changes the delivered sum.
  uint64_t generated_hash = 0, delivered_hash = 0;
  Cycle last_eject = 0;  // last cycle in which a packet started its ejection (drain end)
  // SAT (traffic.throttling=sat; docs/model.md "SAT injection throttling"): the intervals T_SAT
  // between two arrivals of the signal at a NIC that end inside the window, at every NIC.
  uint64_t sat_intervals = 0, sat_interval_sum = 0, sat_interval_min = kNone, sat_interval_max = 0;
  void on_sat_interval(Cycle now, Cycle interval) {
    if (now < window_start || now >= window_end) return;
    ++sat_intervals;
    sat_interval_sum += interval;
    if (interval < sat_interval_min) sat_interval_min = interval;
    if (interval > sat_interval_max) sat_interval_max = interval;
  }

  // Per service level (packet class; docs/model.md "Service levels"), when the run has service
  // levels (sls != 0; one predictable branch per generation and delivery otherwise): packets
  // generated in the window and delivered in it, their phits and latency sums. sl_phits: the
  // phits of a packet of each class.
  static constexpr uint32_t kMaxClasses = 16;
  struct ClassCounters {
    uint64_t generated = 0, packets = 0, phits = 0, latency_sum = 0, network_latency_sum = 0;
    // Whole run (not only the window): packets generated and delivered.
    uint64_t generated_all = 0, delivered_all = 0;
  };
  uint32_t sls = 0;
  uint32_t sl_phits[kMaxClasses] = {};
  ClassCounters per_sl[kMaxClasses];

  // Time series (sim.timeseries_bin > 0) over [0, warm-up + measured): per bin of generation
  // cycles, the packets generated in it that were delivered, their latency sum and how many were
  // misrouted; per bin of delivery cycles, the phits delivered.
  Cycle ts_bin = 0;
  std::vector<uint64_t> ts_packets, ts_latency_sum, ts_misrouted, ts_phits;
  void init_timeseries(Cycle bin, Cycle horizon) {
    ts_bin = bin;
    const size_t n = bin == 0 ? 0 : (horizon + bin - 1) / bin;
    ts_packets.assign(n, 0);
    ts_latency_sum.assign(n, 0);
    ts_misrouted.assign(n, 0);
    ts_phits.assign(n, 0);
  }

  // Batch mode (sim.mode=batch; docs/model.md §5 "Batches"): the packets and phits delivered in
  // the window, by delivery cycle, in a ring of batch_mask + 1 cycles (longer than a window plus a
  // packet's ejection) that the run control reads and empties after each window
  // (RunControl::batch_window); batch_mask = 0: off.
  uint32_t batch_mask = 0;
  std::vector<uint32_t> batch_ring_packets, batch_ring_phits;
  void init_batches(uint32_t ring) {  // ring: a power of two
    batch_mask = ring - 1;
    batch_ring_packets.assign(ring, 0);
    batch_ring_phits.assign(ring, 0);
  }

  void init(Cycle start, Cycle end, uint32_t size) {
    window_start = start;
    window_end = end;
    packet_size = size;
    latency_hist.clear();
  }

  static uint64_t identity_hash(uint32_t src, uint32_t seq) {
    return mix64((uint64_t{src} << 32) | seq);
  }

  void on_generate(uint32_t src, uint32_t seq, Cycle t_gen, uint8_t cls = 0) {
    ++generated;
    if (sls != 0) ++per_sl[cls].generated_all;
    if (t_gen >= window_start && t_gen < window_end) {
      ++window_generated;
      if (sls != 0) ++per_sl[cls].generated;
    }
    generated_hash += identity_hash(src, seq);
  }

  // t_del: cycle in which the tail phit is consumed by the destination node.
  void on_deliver(const Packet& p, Cycle t_eject, Cycle t_del) {
    // With service levels a packet's phits are its class's (the switches' per-SL MTU).
    const uint32_t size = sls == 0 ? packet_size : sl_phits[p.cls];
    ++delivered;
    if (t_eject > last_eject) last_eject = t_eject;
    if (ts_bin != 0) {
      const size_t g = p.t_gen / ts_bin, d = t_del / ts_bin;
      if (g < ts_packets.size()) {
        ++ts_packets[g];
        ts_latency_sum[g] += t_del - p.t_gen;
        if (p.marks & Packet::kMisrouted) ++ts_misrouted[g];
      }
      if (d < ts_phits.size()) ts_phits[d] += size;
    }
    delivered_hash += identity_hash(p.src, p.seq);
    if (sls != 0) ++per_sl[p.cls].delivered_all;
    if (t_del < window_start || t_del >= window_end) return;
    const uint64_t lat = t_del - p.t_gen;
    ++window_packets;
    window_phits += size;
    latency_hist.add(lat);
    latency_sum += lat;
    network_latency_sum += t_del - p.t_inject;
    injection_latency_sum += p.t_inject - p.t_gen;
    if (lat > latency_max) latency_max = lat;
    if (batch_mask != 0) {
      ++batch_ring_packets[t_del & batch_mask];
      batch_ring_phits[t_del & batch_mask] += size;
    }
    if (sls != 0) on_deliver_class(p, lat, t_del - p.t_inject);
    for (uint32_t c = 1; c < kMaxPortClasses; ++c) {
      const uint32_t h = p.hops(c);
      hops_class_sum[c] += h;
      hops_sum += h;
      if (h > hops_class_max[c]) hops_class_max[c] = h;
    }
    if (p.marks & Packet::kMisrouted) ++misrouted;
    // A hop off the minimal path at the single-hop level: on the Dragonfly (one global link per
    // pair of groups) exactly the packets with two global hops (docs/model.md §4).
    if (single_hop_class != kInjectionClass) global_misrouted += p.hops(single_hop_class) >= 2;
    if (p.marks & Packet::kNonminimal) on_nonminimal(p, size);
  }

  void on_deliver_class(const Packet& p, uint64_t lat, uint64_t network_lat) {
    ClassCounters& c = per_sl[p.cls];
    ++c.packets;
    c.phits += sl_phits[p.cls];  // size of on_deliver
    c.latency_sum += lat;
    c.network_latency_sum += network_lat;
  }

  void on_nonminimal(const Packet& p, uint32_t size) {
    ++nonminimal;
    local_misrouted += (p.marks & Packet::kLocalMisrouted) != 0;
    for (unsigned b = 0; b < 4; ++b)
      if (p.misrouted_at & (1u << b)) misrouted_at_phits[b] += size;
  }

  void merge(const StatsSink& o) {
    latency_hist.merge(o.latency_hist);
    window_packets += o.window_packets;
    window_phits += o.window_phits;
    latency_sum += o.latency_sum;
    network_latency_sum += o.network_latency_sum;
    injection_latency_sum += o.injection_latency_sum;
    if (o.latency_max > latency_max) latency_max = o.latency_max;
    hops_sum += o.hops_sum;
    for (uint32_t c = 0; c < kMaxPortClasses; ++c) {
      hops_class_sum[c] += o.hops_class_sum[c];
      if (o.hops_class_max[c] > hops_class_max[c]) hops_class_max[c] = o.hops_class_max[c];
    }
    misrouted += o.misrouted;
    nonminimal += o.nonminimal;
    global_misrouted += o.global_misrouted;
    local_misrouted += o.local_misrouted;
    for (unsigned b = 0; b < 4; ++b) misrouted_at_phits[b] += o.misrouted_at_phits[b];
    generated += o.generated;
    delivered += o.delivered;
    refused += o.refused;
    dropped += o.dropped;
    window_generated += o.window_generated;
    generated_hash += o.generated_hash;
    delivered_hash += o.delivered_hash;
    if (o.last_eject > last_eject) last_eject = o.last_eject;
    sat_intervals += o.sat_intervals;
    sat_interval_sum += o.sat_interval_sum;
    if (o.sat_interval_min < sat_interval_min) sat_interval_min = o.sat_interval_min;
    if (o.sat_interval_max > sat_interval_max) sat_interval_max = o.sat_interval_max;
    for (uint32_t c = 0; c < kMaxClasses; ++c) {
      per_sl[c].generated += o.per_sl[c].generated;
      per_sl[c].packets += o.per_sl[c].packets;
      per_sl[c].phits += o.per_sl[c].phits;
      per_sl[c].latency_sum += o.per_sl[c].latency_sum;
      per_sl[c].network_latency_sum += o.per_sl[c].network_latency_sum;
      per_sl[c].generated_all += o.per_sl[c].generated_all;
      per_sl[c].delivered_all += o.per_sl[c].delivered_all;
    }
    for (size_t i = 0; i < ts_packets.size() && i < o.ts_packets.size(); ++i) {
      ts_packets[i] += o.ts_packets[i];
      ts_latency_sum[i] += o.ts_latency_sum[i];
      ts_misrouted[i] += o.ts_misrouted[i];
      ts_phits[i] += o.ts_phits[i];
    }
  }
};

}  // namespace netcosim
