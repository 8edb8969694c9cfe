// Microbenchmark of the router model inside a whole network: the native engine's cost of one
// simulated cycle of a small Dragonfly (configs/dragonfly-h2.ini: 36 routers, 72 nodes; and
// dragonfly-h4.ini: 264 routers) under uniform traffic at load 0.4 with MIN routing, on one thread.
//
// Each iteration builds a fresh Network (not timed), runs a warm-up so that the network is in its
// steady state (not timed), then the timed cycles. The time is taken from run_native()'s progress
// callback (called between engine windows) at the first window boundary at or after the warm-up,
// to run_native()'s return; the cycles counted are the ones in that interval. Reported: time per
// simulated cycle and per router-step (one router for one cycle: time per cycle / routers; the
// engine skips routers with no work, so this is an average over busy and idle routers).
#include <benchmark/benchmark.h>

#include <chrono>
#include <memory>
#include <string>

#include "sim/config/config.h"
#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"

namespace {

constexpr unsigned kWarmup = 2000;

// Args: Dragonfly h (2 or 4), timed cycles.
void BM_NetworkCycle(benchmark::State& state) {
  const std::string config = std::string(NETCOSIM_SOURCE_DIR) + "/configs/dragonfly-h" +
                             std::to_string(state.range(0)) + ".ini";
  const auto measure = static_cast<unsigned>(state.range(1));
  double cycles = 0, router_steps = 0;
  for (auto _ : state) {
    netcosim::Config cfg;
    cfg.load_file(config);
    cfg.set_override("traffic.load=0.4");
    cfg.set_override("sim.warmup=" + std::to_string(kWarmup));
    cfg.set_override("sim.measure=" + std::to_string(measure));
    cfg.set_override("sim.drain=false");
    auto net = netcosim::build_network(cfg);
    using Clock = std::chrono::steady_clock;
    Clock::time_point start{};
    netcosim::Cycle start_cycle = 0;
    bool started = false;
    const auto progress = [&](netcosim::Cycle t, netcosim::Cycle) {
      if (!started && t >= kWarmup) {
        started = true;
        start_cycle = t;
        start = Clock::now();
      }
    };
    const netcosim::RunResults r = netcosim::run_native(*net, progress, 1);
    const auto stop = Clock::now();
    if (!started) {
      state.SkipWithError("the progress callback never reached the end of the warm-up");
      break;
    }
    state.SetIterationTime(std::chrono::duration<double>(stop - start).count());
    const double timed = static_cast<double>(r.cycles_total - start_cycle);
    cycles += timed;
    router_steps += timed * r.routers;
    benchmark::DoNotOptimize(r.accepted_load);
  }
  using benchmark::Counter;
  state.counters["cycles/s"] = Counter(cycles, Counter::kIsRate);
  state.counters["time/cycle"] = Counter(cycles, Counter::kIsRate | Counter::kInvert);
  state.counters["time/router-step"] = Counter(router_steps, Counter::kIsRate | Counter::kInvert);
}

BENCHMARK(BM_NetworkCycle)
    ->ArgNames({"h", "cycles"})
    ->Args({2, 20000})
    ->Args({4, 2000})
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
