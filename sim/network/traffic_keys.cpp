#include "sim/network/traffic_keys.h"

#include "sim/traffic/source_registry.h"

namespace netcosim {

void apply_traffic_keys(
    const Config& cfg, NetworkParts& parts,
    const std::function<void(uint32_t, std::unique_ptr<TrafficSource>)>& replace_source) {
  if (parts.traffic == nullptr || parts.topology == nullptr) return;
  TrafficParams& tp = *parts.traffic;
  const Topology& topo = *parts.topology;
  // A hotspot pattern gets the configured fraction (the sources read the pattern through tp at
  // every generation, so replacing it in place is enough).
  PatternArgs args;
  args.hotspot_fraction = cfg.get_float("traffic.hotspot_fraction");
  for (const TrafficPattern** slot : {&tp.pattern, &tp.pattern2}) {
    if (*slot == nullptr || std::string((*slot)->name()) != "hotspot") continue;
    for (auto& p : parts.patterns)
      if (p.get() == *slot) {
        p = make_traffic("hotspot", topo, args);
        *slot = p.get();
      }
  }
  // Full-rate nodes: their sources were built at packet_prob; each is rebuilt from its node's
  // stream (a source draws its first gap when built) at 1 phit/(node*cycle).
  std::vector<uint32_t> nodes;
  parse_node_list(cfg.get_str("traffic.fullrate_nodes"), topo.nodes(), nodes);  // validated
  if (nodes.empty()) return;
  tp.fullrate_nodes = nodes;
  tp.fullrate_prob = 1.0 / double(cfg.get_int("packet.size"));
  const TrafficSourceEntry& source = traffic_source_entry(cfg.get_str("traffic.source"));
  const uint64_t seed = static_cast<uint64_t>(cfg.get_int("sim.seed"));
  for (uint32_t n : nodes) replace_source(n, source.make(n, Rng(seed, kNodeTrafficStream, n), tp));
}

}  // namespace netcosim
