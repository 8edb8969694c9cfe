#include "sim/traffic/traffic.h"

#include <stdexcept>

namespace netcosim {

std::unique_ptr<TrafficPattern> make_traffic(const std::string& name, const Dragonfly& topo,
                                             uint32_t adv_offset) {
  if (name == "uniform") return std::make_unique<UniformTraffic>(topo);
  if (name == "adv") return std::make_unique<AdversarialTraffic>(topo, adv_offset);
  if (name == "advc") return std::make_unique<AdvcTraffic>(topo);
  throw std::invalid_argument("traffic.pattern=" + name + ": allowed values are uniform|adv|advc");
}

}  // namespace netcosim
