// The SystemC engine (docs/principles.md §7): the network's routers and NICs as sc_modules clocked
// by an sc_clock, running the same C++ Router objects as the native engine, with packet descriptors
// handed over through the network's link channels (TLM-style: by value, with an arrival time).
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "sim/engine/run_control.h"
#include "sim/network/network.h"
#include "sim/stats/run_results.h"

namespace netcosim {

// Called by a router module after each of its activations (ScEngineOptions::hook): the router
// has simulated the cycles before `to`. The router module with router-facing ports
// (systemc/router/router_module.h) hands what its router sent on those ports to the peers then.
class ScActivationHook {
 public:
  virtual ~ScActivationHook() = default;
  virtual void after_activation(uint32_t router, Cycle to) = 0;
};

struct ScEngineOptions {
  // Cycles each router module advances per activation (TLM-2.0 temporal decoupling). 1 is the
  // strict mode: every router and every NIC module runs on every clock edge (needed to mix in
  // Verilated RTL). 0 selects the largest safe value, the shortest link latency.
  Cycle quantum = 0;
  // The time of the network clock's first rising edge in picoseconds, below one cycle (1 ns):
  // cycle c is still simulated by the activation at c ns + phase. 0 for the engine's own runs;
  // the TLM interface (systemc/tlm/) sets 1, so that a user's loosely timed models, which a
  // quantum keeper wakes at the quantum's start, offer their packets before the network simulates
  // the quantum (docs/model.md §6.1).
  uint32_t phase_ps = 0;
  // Strict mode only: each router module is an SC_THREAD instead of an SC_METHOD, so that a block
  // socket evaluated inside the router's step (systemc/rtl/) can wait for the kernel's delta
  // cycles (sc_core::wait(SC_ZERO_TIME)) while its Verilated RTL evaluates. Same results.
  bool router_threads = false;
  // Strict mode only: each router module steps its own NICs before its core in every cycle
  // (RouterModel::step, as the quantum mode does) instead of one module per NIC, so that a block
  // socket called at the end of the router's core (systemc/rtl/shared_vl_credits_socket.h: the
  // injection buffers' credits the NICs hold, docs/cosim.md "The switches' shared VL buffers")
  // sees the NICs' updates of the same cycle. Same results (the NICs and the router interact
  // only through channels of at least one cycle).
  bool router_nics = false;
  // The routers this instance runs (empty: every router of the network). With a subset (the
  // router module with router-facing ports, systemc/router/router_module.h; docs/systemc.md) only
  // those routers and their NICs are modules, and no controller ends the run: the design's
  // sc_start/sc_stop does (the routers still simulate no cycle at or after the end of
  // measurement without sim.drain, as the run control's limit says). Strict or quantum mode
  // only (quantum != 0).
  std::vector<uint32_t> routers;
  // Called after each activation of each router module (nullptr: none; one test per activation).
  ScActivationHook* hook = nullptr;
};

// The quantum an engine run will use for this configuration (resolves 0).
Cycle systemc_quantum(const Config& cfg, const ScEngineOptions& opt);

// How far the engine runs a link's producer ahead of its consumer inside a partition (the quantum
// when > 1): the `local_lead` a network run by run_systemc(Network&, ...) must be built with.
Cycle systemc_local_lead(const Config& cfg, const ScEngineOptions& opt);

// Runs `net` (built with systemc_local_lead) once on the SystemC kernel under `control`.
RunResults run_systemc(Network& net, RunControl& control, const ScEngineOptions& opt);

// The network's modules (its clock, routers, NICs and controller) elaborated inside the caller's
// SystemC design, for a design that runs sc_start itself (systemc/tlm/TlmNetwork). The same
// modules as run_systemc's, which uses this class.
class ScNetworkInstance {
 public:
  ScNetworkInstance(const char* name, Network& net, RunControl& control,
                    const ScEngineOptions& opt);
  ~ScNetworkInstance();
  ScNetworkInstance(const ScNetworkInstance&) = delete;
  ScNetworkInstance& operator=(const ScNetworkInstance&) = delete;
  // The network clock's period in cycles: every router module simulates this many cycles per
  // activation (the quantum, or the window in windowed mode).
  Cycle period() const;
  // After sc_start returned: the run's failure, if any (rethrown), else its results.
  RunResults finish(double wall_seconds);
  // After sc_start returned: the run's failure, if any (rethrown), else the statistics of the
  // routers this instance ran (a subset's part of the network's results: StatsSink::merge).
  const StatsSink& sink();

 private:
  struct Impl;
  Network& net_;
  RunControl& control_;
  std::unique_ptr<Impl> impl_;
};

// Builds the network and runs it once on the SystemC kernel. SystemC elaborates once per process:
// a second call in the same process throws std::logic_error. `routing` replaces the configured
// algorithm (tests with a custom strategy, as Network's constructor).
RunResults run_systemc(const Config& cfg, const ScEngineOptions& opt,
                       const std::function<void(Cycle, Cycle)>& progress = nullptr,
                       std::unique_ptr<RoutingAlgorithm> routing = nullptr);

}  // namespace netcosim
