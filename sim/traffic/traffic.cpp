#include "sim/traffic/traffic.h"

#include <stdexcept>

namespace netcosim {

AdvcTraffic::AdvcTraffic(const Topology& topo) : TrafficPattern(topo) {
  first_.reserve(topo.partitions() + 1);
  for (uint32_t P = 0; P < topo.partitions(); ++P) {
    first_.push_back(static_cast<uint32_t>(targets_.size()));
    const uint32_t last = topo.partition_first(P) + topo.partition_size(P) - 1;
    for (uint32_t port = 0; port < topo.router_radix(); ++port)
      if (topo.port_kind_of(last, port) == PortKind::Global)
        targets_.push_back(topo.partition_of_router(topo.peer(last, port).router));
    if (first_.back() == targets_.size())
      throw std::invalid_argument("traffic.pattern=advc: the last router of partition " +
                                  std::to_string(P) + " of " + topo.describe() +
                                  " has no global port");
  }
  first_.push_back(static_cast<uint32_t>(targets_.size()));
}

std::unique_ptr<TrafficPattern> make_traffic(const std::string& name, const Topology& topo,
                                             uint32_t adv_offset) {
  if (name == "uniform") return std::make_unique<UniformTraffic>(topo);
  if (name == "adv") return std::make_unique<AdversarialTraffic>(topo, adv_offset);
  if (name == "advc") return std::make_unique<AdvcTraffic>(topo);
  throw std::invalid_argument("traffic.pattern=" + name + ": allowed values are uniform|adv|advc");
}

}  // namespace netcosim
