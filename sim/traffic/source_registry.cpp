#include "sim/traffic/source_registry.h"

#include <stdexcept>

#include "sim/util/registry.h"

namespace netcosim {

const std::vector<TrafficSourceEntry>& traffic_source_registry() {
  static const std::vector<TrafficSourceEntry> registry = {
      {"bernoulli",
       "Bernoulli trials every cycle at traffic.load / packet.size, one packet of class 0 to a "
       "destination of the pattern",
       [](uint32_t node, const Rng& rng,
          const TrafficParams& params) -> std::unique_ptr<TrafficSource> {
         return std::make_unique<BernoulliSource>(node, rng, params);
       }},
  };
  return registry;
}

std::string traffic_source_names(const char* sep) {
  return entry_names(traffic_source_registry(), sep);
}

const TrafficSourceEntry& traffic_source_entry(const std::string& name) {
  if (const TrafficSourceEntry* e = find_entry(traffic_source_registry(), name)) return *e;
  throw std::invalid_argument("traffic.source=" + name + ": allowed values are " +
                              traffic_source_names());
}

}  // namespace netcosim
