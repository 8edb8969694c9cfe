// Result collection shared by the engines (docs/principles.md §8): merges the sinks of a run, fills
// RunResults from the merged sink and the NICs' per-node counters, and checks conservation.
#pragma once

#include <vector>

#include "sim/config/config.h"
#include "sim/engine/run_control.h"
#include "sim/stats/run_results.h"
#include "sim/stats/stats.h"

namespace netcosim {

class Network;

// Merges `sinks` and collects the run's results; with a drain, throws SimulationFailure when a
// packet was lost or duplicated (the conservation check).
RunResults finish_run(const Network& net, const RunControl& control,
                      const std::vector<StatsSink>& sinks, double wall_seconds);

// The figures of a merged sink over a run of `total` cycles (no fairness, no timing).
RunResults collect_results(const StatsSink& s, const RunPlan& plan, uint32_t nodes, Cycle total);
// The per-class figures of a merged sink (RunResults::per_sl: the service levels, qos.sls >= 1,
// or request-reply's request and reply flows) and, with service levels, the applied load from
// each SL's packet size.
void collect_class_results(const StatsSink& s, const Config& cfg, const RunPlan& plan,
                           RunResults& r);
// Fairness over loads (per node or per router) in the measurement window (thesis 000 Sec. 1.5.1).
Fairness fairness_of(const std::vector<double>& loads);
// The injected load of each router with nodes, in router order: the mean of its nodes' loads
// (phits/(node*cycle), the thesis's per-router count of injected packets / (p x cycles)).
// node_router[n]: the router of node n; routers without nodes (a fat tree's upper levels) are
// left out.
std::vector<double> router_loads(const std::vector<double>& node_loads,
                                 const std::vector<uint32_t>& node_router, uint32_t routers);

}  // namespace netcosim
