// The traffic-source registry (docs/architecture.md "The traffic and engine registries"): one
// entry per source, {name, description, factory}, chosen by traffic.source. The schema's allowed
// values (sim/config/config.cpp) and the network builder (sim/network/build.cpp, make_nics) both
// read it, so the builder names no concrete source. A new source (trace replay, request-reply) is a
// TrafficSource (source.h) and one line in traffic_source_registry() (source_registry.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/traffic/source.h"

namespace netcosim {

struct TrafficSourceEntry {
  const char* name;
  const char* description;
  // The source of node `node`, drawing from the node's stream `rng`, with the run's generation
  // parameters (traffic.load, the patterns; built once per run by the builder).
  std::unique_ptr<TrafficSource> (*make)(uint32_t node, const Rng& rng,
                                         const TrafficParams& params);
};
const std::vector<TrafficSourceEntry>& traffic_source_registry();
// The entry named `name`; a std::invalid_argument naming the allowed values otherwise.
const TrafficSourceEntry& traffic_source_entry(const std::string& name);
// The registry's names joined by `sep` ("bernoulli").
std::string traffic_source_names(const char* sep = "|");

}  // namespace netcosim
