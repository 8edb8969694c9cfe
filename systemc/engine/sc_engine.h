// The SystemC engine (docs/principles.md §7): the network's routers and NICs as sc_modules clocked
// by an sc_clock, running the same C++ Router objects as the native engine, with packet descriptors
// handed over through the network's link channels (TLM-style: by value, with an arrival time).
#pragma once

#include <functional>
#include <memory>

#include "sim/engine/run_control.h"
#include "sim/network/network.h"
#include "sim/stats/run_results.h"

namespace netcosim {

struct ScEngineOptions {
  // Cycles each router module advances per activation (TLM-2.0 temporal decoupling). 1 is the
  // strict mode: every router and every NIC module runs on every clock edge (needed to mix in
  // Verilated RTL). 0 selects the largest safe value, the shortest link latency.
  Cycle quantum = 0;
  // Strict mode only: each router module is an SC_THREAD instead of an SC_METHOD, so that a block
  // socket evaluated inside the router's step (systemc/rtl/) can wait for the kernel's delta
  // cycles (sc_core::wait(SC_ZERO_TIME)) while its Verilated RTL evaluates. Same results.
  bool router_threads = false;
};

// The quantum an engine run will use for this configuration (resolves 0).
Cycle systemc_quantum(const Config& cfg, const ScEngineOptions& opt);

// How far the engine runs a link's producer ahead of its consumer inside a partition (the quantum
// when > 1): the `local_lead` a network run by run_systemc(Network&, ...) must be built with.
Cycle systemc_local_lead(const Config& cfg, const ScEngineOptions& opt);

// Runs `net` (built with systemc_local_lead) once on the SystemC kernel under `control`.
RunResults run_systemc(Network& net, RunControl& control, const ScEngineOptions& opt);

// Builds the network and runs it once on the SystemC kernel. SystemC elaborates once per process:
// a second call in the same process throws std::logic_error. `routing` replaces the configured
// algorithm (tests with a custom strategy, as Network's constructor).
RunResults run_systemc(const Config& cfg, const ScEngineOptions& opt,
                       const std::function<void(Cycle, Cycle)>& progress = nullptr,
                       std::unique_ptr<RoutingAlgorithm> routing = nullptr);

}  // namespace netcosim
