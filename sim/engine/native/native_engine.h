// The native engine (docs/principles.md §7): a cycle loop over the routers that have work, in
// windows of the network's lookahead, on one or more threads.
#pragma once

#include <cstdint>
#include <functional>

#include "sim/engine/run_control.h"
#include "sim/network/network.h"
#include "sim/stats/run_results.h"

namespace netcosim {

// Runs warm-up, measurement and (with sim.drain) the drain of `net` under `control` on `threads`
// threads (at most one per partition); throws SimulationFailure (DeadlockFailure when the
// watchdog fires). A network runs once.
RunResults run_native(Network& net, RunControl& control, uint32_t threads = 1);
// The same under the network's configured run plan; `progress` (optional) is called between
// windows with (cycle, end of measurement).
RunResults run_native(Network& net, const std::function<void(Cycle, Cycle)>& progress = nullptr,
                      uint32_t threads = 1);

}  // namespace netcosim
