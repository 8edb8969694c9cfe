#include "sim/network/network.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace netcosim {

Network::Network(const Config& cfg, NetworkParts parts)
    : cfg_(cfg),
      p_(std::move(parts)),
      warmup_(static_cast<Cycle>(cfg.get_int("sim.warmup"))),
      measure_(static_cast<Cycle>(cfg.get_int("sim.measure"))),
      ts_bin_(static_cast<Cycle>(cfg.get_int("sim.timeseries_bin"))) {
  if (cfg.get_str("sim.mode") != "batch") return;
  // Batch mode (docs/model.md §5 "Batches"): a window is at most max_lookahead cycles and a NIC
  // injects at most one packet per cycle, so its log keeps the injections after any cycle of the
  // last window; a delivery is recorded at most a packet's ejection (its phits) after the cycle
  // it is simulated in, so the sinks' rings hold a window plus the longest packet.
  uint32_t phits = p_.packet_size;
  for (const uint32_t x : p_.sl_packet_phits) phits = std::max(phits, x);
  auto pow2_above = [](uint64_t n) {
    uint32_t r = 1;
    while (r <= n) r <<= 1;
    return r;
  };
  batch_ring_ = pow2_above(uint64_t{p_.max_lookahead} + phits + 2);
  const uint32_t log = pow2_above(uint64_t{p_.max_lookahead} + 2);
  for (Nic& n : *p_.nics) n.init_batches(log);
  measure_ = static_cast<Cycle>(cfg.get_int("sim.batches") * cfg.get_int("sim.batch_max_cycles"));
}

void Network::init_sink(StatsSink& s) const {
  // In batch mode the window has no end: the run ends after its last batch (RunControl).
  s.init(warmup_, batch_ring_ != 0 ? kNone : warmup_ + measure_, p_.packet_size);
  if (batch_ring_ != 0) s.init_batches(batch_ring_);
  s.single_hop_class = p_.topology->single_hop_class();
  s.init_timeseries(ts_bin_, warmup_ + measure_);
  s.sls = static_cast<uint32_t>(p_.sl_packet_phits.size());
  for (uint32_t c = 0; c < s.sls; ++c) s.sl_phits[c] = p_.sl_packet_phits[c];
}

void Network::set_lookahead(Cycle cycles) {
  if (cycles < 1 || cycles > p_.max_lookahead)
    throw std::invalid_argument("lookahead must be in [1, " + std::to_string(p_.max_lookahead) +
                                "] (the shortest latency of the links that cross partitions)");
  p_.lookahead = cycles;
}

void Network::preload_packet(uint32_t src, uint32_t dst) {
  Nic& nic = p_.nics->at(src);
  if (nic.queue_full())
    throw std::invalid_argument("source queue of node " + std::to_string(src) + " is full");
  p_.routers[topology().node_router(src)]->enqueue_at_source(nic, SourceEntry{0, dst, nic.seq});
  preloaded_.on_generate(src, nic.seq, 0);
  ++nic.seq;
}

std::unique_ptr<TrafficSource> Network::set_source(uint32_t node,
                                                   std::unique_ptr<TrafficSource> source) {
  Nic& nic = p_.nics->at(node);
  std::unique_ptr<TrafficSource> old = std::move(nic.source);
  nic.set_source(std::move(source));
  p_.routers[topology().node_router(node)]->source_replaced(nic);
  return old;
}

void Network::source_moved(uint32_t node) {
  Nic& nic = p_.nics->at(node);
  const Cycle next = nic.source->next();
  if (next >= nic.next_gen) return;
  nic.next_gen = next;  // at or after gen_stop, the NIC's step stops it
  p_.routers[topology().node_router(node)]->source_replaced(nic);
}

bool Network::settled(Cycle now) const {
  for (const auto& r : p_.routers)
    if (!r->settled(now)) return false;
  return true;
}

}  // namespace netcosim
