#include "sim/traffic/traffic.h"

#include <stdexcept>

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

std::unique_ptr<TrafficPattern> make_traffic(const std::string& name, const Topology& topo,
                                             uint32_t adv_offset, bool same_router) {
  if (name == "uniform") return std::make_unique<UniformTraffic>(topo);
  if (name == "adv") return std::make_unique<AdversarialTraffic>(topo, adv_offset, same_router);
  if (name == "advc") return std::make_unique<AdvcTraffic>(topo, same_router);
  if (name == "bit_complement") return std::make_unique<BitComplementTraffic>(topo);
  throw std::invalid_argument("traffic.pattern=" + name +
                              ": allowed values are uniform|adv|advc|bit_complement");
}

}  // namespace netcosim
