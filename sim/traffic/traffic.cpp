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
      {"bit_complement",
       "node n sends to n XOR (nodes - 1), a permutation (needs a power-of-2 node count)",
       [](const Topology& t, const PatternArgs&) -> std::unique_ptr<TrafficPattern> {
         return std::make_unique<BitComplementTraffic>(t);
       }},
  };
  return registry;
}

std::string traffic_pattern_names(const char* sep) {
  return entry_names(traffic_pattern_registry(), sep);
}

std::unique_ptr<TrafficPattern> make_traffic(const std::string& name, const Topology& topo,
                                             uint32_t adv_offset, bool same_router) {
  if (const TrafficPatternEntry* e = find_entry(traffic_pattern_registry(), name))
    return e->make(topo, PatternArgs{adv_offset, same_router});
  throw std::invalid_argument("traffic.pattern=" + name + ": allowed values are " +
                              traffic_pattern_names());
}

}  // namespace netcosim
