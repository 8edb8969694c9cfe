// The network builder (docs/architecture.md): makes a Network from the Config; the one place that
// constructs the topology (make_topology: the entry of topology.type in the topology catalogue,
// sim/topology/topology_catalog.h) and the routers (the entry of router.architecture in the
// architecture registry, sim/router/architecture.h); everything else reads the Topology and
// RouterModel interfaces.
#pragma once

#include <cstdint>
#include <memory>

#include "sim/config/config.h"
#include "sim/network/network.h"
#include "sim/router/architecture.h"
#include "sim/routing/routing.h"

namespace netcosim {

// Validates the configuration (ConfigError) and the memory it needs, and builds the network.
// `routing` replaces the configured algorithm (tests and experiments with a custom strategy).
// `local_lead`: how many cycles an engine may run the producer of a link inside a partition ahead
// of its consumer (the SystemC engine's quantum); the link rings are sized for it.
// `architecture` replaces router.architecture's registry entry (an architecture written outside
// the registry: tests). The routers are wired through the RouterModel interface either way.
std::unique_ptr<Network> build_network(const Config& cfg,
                                       std::unique_ptr<RoutingAlgorithm> routing = nullptr,
                                       Cycle local_lead = 0,
                                       const ArchitectureEntry* architecture = nullptr);
// The same without the checks: the caller has run validate_config(cfg) and
// check_memory_fits(cfg, threads) itself (the CLI's run_request, sim/cli/single_run.cpp, which
// checks the memory of its thread count), so they run once per run.
std::unique_ptr<Network> build_validated_network(
    const Config& cfg, std::unique_ptr<RoutingAlgorithm> routing = nullptr, Cycle local_lead = 0,
    const ArchitectureEntry* architecture = nullptr);

// Zero-load latency of a packet between two nodes under minimal routing and the configured timing
// (docs/model.md "Zero-load latency"): the minimal path's hops by port class (Topology::min_hops).
// `packet_phits`: the packet's length (0: packet.size; the switches' service levels have one per
// SL). A switch whose zero-load cycles depend on the port pair (Omni-Path's MPorts, docs/model.md
// §11.2) is computed between the two nodes' ports on a one-switch path; a longer path through
// such switches throws std::invalid_argument (the routing picks the ports).
uint64_t zero_load_latency(const Network& net, uint32_t src_node, uint32_t dst_node,
                           uint32_t packet_phits = 0);

}  // namespace netcosim
