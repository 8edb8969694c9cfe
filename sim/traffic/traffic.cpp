#include "sim/traffic/traffic.h"

#include <stdexcept>

#include "sim/util/registry.h"

namespace netcosim {

void TrafficPattern::check_same_router_shape(const char* pattern) {
  const uint32_t routers = topo_.partition_size(0), nodes = topo_.partition_node_count(0);
  for (uint32_t P = 0; P < topo_.partitions(); ++P)
    if (topo_.partition_size(P) != routers || topo_.partition_node_count(P) != nodes ||
        nodes % routers != 0)
      throw std::invalid_argument(std::string("traffic.pattern=") + pattern +
                                  " with traffic.adv_target=same_router needs partitions of equal "
                                  "routers and nodes per router, which " +
                                  topo_.describe() + " does not have");
  nodes_per_router_ = nodes / routers;
}

AdvcTraffic::AdvcTraffic(const Topology& topo, bool same_router)
    : TrafficPattern(topo), same_router_(same_router) {
  if (same_router) check_same_router_shape("advc");
  first_.reserve(topo.partitions() + 1);
  for (uint32_t P = 0; P < topo.partitions(); ++P) {
    first_.push_back(static_cast<uint32_t>(targets_.size()));
    const uint32_t last = topo.partition_first(P) + topo.partition_size(P) - 1;
    for (uint32_t port = 0; port < topo.router_radix(); ++port)
      if (topo.crosses_partitions(last, port))
        targets_.push_back(topo.partition_of_router(topo.peer(last, port).router));
    if (first_.back() == targets_.size())
      throw std::invalid_argument("traffic.pattern=advc: the last router of partition " +
                                  std::to_string(P) + " of " + topo.describe() +
                                  " has no link to another partition");
  }
  first_.push_back(static_cast<uint32_t>(targets_.size()));
}

TransposeTraffic::TransposeTraffic(const Topology& topo) : TrafficPattern(topo) {
  const GridShape g = topo.grid();
  if (!g.dims.empty()) {
    if (g.dims.size() != 2 || g.dims[0] != g.dims[1])
      throw std::invalid_argument("traffic.pattern=transpose needs a square 2D grid, which " +
                                  topo.describe() + " is not");
    side_ = g.dims[0];
    c_ = g.nodes_per_switch;
    return;
  }
  const uint32_t b = address_bits(topo.nodes());
  if ((topo.nodes() & (topo.nodes() - 1)) != 0 || b % 2 != 0)
    throw std::invalid_argument(
        "traffic.pattern=transpose needs a node count that is a power "
        "of 4, which " +
        topo.describe() + " does not have");
  half_ = b / 2;
  mask_ = topo.nodes() - 1;
}

TornadoTraffic::TornadoTraffic(const Topology& topo) : TrafficPattern(topo) {
  const GridShape g = topo.grid();
  if (!g.dims.empty()) {
    dims_ = g.dims;
    c_ = g.nodes_per_switch;
  } else {
    dims_ = {topo.nodes()};
  }
  for (uint32_t k : dims_) shift_.push_back((k + 1) / 2 - 1);
}

namespace {

std::string nodes_text(int64_t nodes) {
  return "the topology has " + std::to_string(nodes) + " nodes";
}
bool power_of_2(int64_t n) {
  return n >= 2 && (n & (n - 1)) == 0;
}
// The bit permutations: nodes = 2^b.
std::string check_power_of_2(const PatternShape& s) {
  return power_of_2(s.nodes) ? "" : "needs a power-of-2 node count (" + nodes_text(s.nodes) + ")";
}
// Transpose: a square 2D grid, or 2^b nodes with b even on other topologies.
std::string check_transpose(const PatternShape& s) {
  const std::vector<uint32_t>& d = s.grid.dims;
  if (!d.empty()) {
    if (d.size() == 2 && d[0] == d[1]) return "";
    std::string dims;
    for (uint32_t k : d) dims += (dims.empty() ? "" : "x") + std::to_string(k);
    return "needs a square 2D grid, topology.dims=AxA (topology.dims=" + dims + ")";
  }
  if (power_of_2(s.nodes) && __builtin_ctzll(static_cast<uint64_t>(s.nodes)) % 2 == 0) return "";
  return "needs a node count that is a power of 4, an even number of address bits (" +
         nodes_text(s.nodes) + ")";
}
// The patterns with a uniform part: a node other than the source exists.
std::string check_two_nodes(const PatternShape& s) {
  return s.nodes >= 2 ? "" : "needs at least 2 nodes (" + nodes_text(s.nodes) + ")";
}
// Hot region: the region of nodes/8 nodes is not empty.
std::string check_hotregion(const PatternShape& s) {
  return s.nodes >= 8 ? ""
                      : "needs at least 8 nodes, its hot region being the first nodes/8 (" +
                            nodes_text(s.nodes) + ")";
}

}  // namespace

const std::vector<TrafficPatternEntry>& traffic_pattern_registry() {
  static const std::vector<TrafficPatternEntry> registry = {
      {"uniform", "uniform over all other nodes",
       [](const Topology& t, const PatternArgs&) -> std::unique_ptr<TrafficPattern> {
         return std::make_unique<UniformTraffic>(t);
       }},
      {"adv", "ADV+i: a random node of partition P + traffic.adv_offset",
       [](const Topology& t, const PatternArgs& a) -> std::unique_ptr<TrafficPattern> {
         return std::make_unique<AdversarialTraffic>(t, a.adv_offset, a.same_router);
       }},
      {"advc", "ADVc: a random node of the partitions reached by the last router's global links",
       [](const Topology& t, const PatternArgs& a) -> std::unique_ptr<TrafficPattern> {
         return std::make_unique<AdvcTraffic>(t, a.same_router);
       }},
      {"bursty_uniform",
       "Bursty-UN: bursts of traffic.burst_length packets on average, each to one uniform "
       "destination (thesis 000 Sec. 1.6.1.3; the source's ON/OFF process)",
       [](const Topology& t, const PatternArgs&) -> std::unique_ptr<TrafficPattern> {
         return std::make_unique<UniformTraffic>(t, "bursty_uniform");
       },
       check_two_nodes},
      {"bitcomp",
       "bit complement: node n sends to n XOR (nodes - 1) (needs a power-of-2 node count)",
       [](const Topology& t, const PatternArgs&) -> std::unique_ptr<TrafficPattern> {
         return std::make_unique<BitComplementTraffic>(t, "bitcomp");
       },
       check_power_of_2},
      {"bit_complement", "the same pattern as bitcomp (its first name)",
       [](const Topology& t, const PatternArgs&) -> std::unique_ptr<TrafficPattern> {
         return std::make_unique<BitComplementTraffic>(t, "bit_complement");
       },
       check_power_of_2},
      {"shuffle",
       "perfect shuffle: the address rotated left by one bit (needs a power-of-2 node count)",
       [](const Topology& t, const PatternArgs&) -> std::unique_ptr<TrafficPattern> {
         return std::make_unique<ShuffleTraffic>(t);
       },
       check_power_of_2},
      {"bitrev", "bit reversal of the address (needs a power-of-2 node count)",
       [](const Topology& t, const PatternArgs&) -> std::unique_ptr<TrafficPattern> {
         return std::make_unique<BitReverseTraffic>(t);
       },
       check_power_of_2},
      {"transpose",
       "switch (x, y) to (y, x) on a square 2D mesh or torus; elsewhere the address halves "
       "swapped (a power-of-4 node count)",
       [](const Topology& t, const PatternArgs&) -> std::unique_ptr<TrafficPattern> {
         return std::make_unique<TransposeTraffic>(t);
       },
       check_transpose},
      {"tornado",
       "every coordinate + ceil(k/2) - 1 mod k on a mesh or torus; elsewhere node n + ceil(N/2) "
       "- 1 mod N",
       [](const Topology& t, const PatternArgs&) -> std::unique_ptr<TrafficPattern> {
         return std::make_unique<TornadoTraffic>(t);
       }},
      {"hotspot", "a fraction traffic.hotspot_fraction of the packets to node 0, the rest uniform",
       [](const Topology& t, const PatternArgs& a) -> std::unique_ptr<TrafficPattern> {
         return std::make_unique<HotspotTraffic>(t, a.hotspot_fraction);
       },
       check_two_nodes},
      {"hotregion", "25% of the packets to a random node of the first nodes/8, the rest uniform",
       [](const Topology& t, const PatternArgs&) -> std::unique_ptr<TrafficPattern> {
         return std::make_unique<HotRegionTraffic>(t);
       },
       check_hotregion},
  };
  return registry;
}

std::string traffic_pattern_names(const char* sep) {
  return entry_names(traffic_pattern_registry(), sep);
}

const TrafficPatternEntry* traffic_pattern_entry(const std::string& name) {
  return find_entry(traffic_pattern_registry(), name);
}

std::unique_ptr<TrafficPattern> make_traffic(const std::string& name, const Topology& topo,
                                             uint32_t adv_offset, bool same_router) {
  PatternArgs args;
  args.adv_offset = adv_offset;
  args.same_router = same_router;
  return make_traffic(name, topo, args);
}

std::unique_ptr<TrafficPattern> make_traffic(const std::string& name, const Topology& topo,
                                             const PatternArgs& args) {
  if (const TrafficPatternEntry* e = find_entry(traffic_pattern_registry(), name))
    return e->make(topo, args);
  throw std::invalid_argument("traffic.pattern=" + name + ": allowed values are " +
                              traffic_pattern_names());
}

}  // namespace netcosim
