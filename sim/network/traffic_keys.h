// The traffic keys applied to a built network: traffic.hotspot_fraction (the hotspot pattern's
// fraction, sim/traffic/traffic.h) and traffic.fullrate_nodes (the nodes generating at 1
// phit/(node*cycle), paper 004 Sec. 5.3 Workload 1). The Network applies them to the parts the
// builder made (sim/network/network.cpp): it rebuilds a hotspot pattern with the configured
// fraction and rebuilds the sources of the full-rate nodes from their own streams, so that a run
// without these keys is the run the builder made.
#pragma once

#include <functional>
#include <memory>

#include "sim/config/config.h"
#include "sim/network/network.h"

namespace netcosim {

// `replace_source(node, source)` installs the node's new source (Network::set_source). Parts
// without traffic (a test's hand-made network) are left as they are.
void apply_traffic_keys(
    const Config& cfg, NetworkParts& parts,
    const std::function<void(uint32_t, std::unique_ptr<TrafficSource>)>& replace_source);

}  // namespace netcosim
