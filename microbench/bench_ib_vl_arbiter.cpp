// Microbenchmark of the InfiniBand VL arbiter (sim/blocks/ib_vl_arbiter.h; thesis 003 Sec. 5.3.1,
// 6.2): one decision = select() + accept() of the grant, as a switch's output port makes per
// packet under router.output_scheduler=ib_vlarb. Both tables have N entries (random VLs of 16,
// random weights 1..255), LimitOfHighPriority 1; each decision sees a random active vector (each VL
// active with probability D%) and random head sizes of 1..65 units (an IB packet of a 4,096-B MTU
// is 65). The vectors and sizes are drawn before timing (1,024 of them, used in turn).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "sim/blocks/ib_vl_arbiter.h"

namespace {

using netcosim::model::IbVlArbEntry;
using netcosim::model::IbVlArbiter;

constexpr size_t kPatterns = 1024;  // a power of two
constexpr unsigned kVls = IbVlArbiter::kMaxVls;

struct Pattern {
  uint32_t active;
  uint32_t size[kVls];
};

// Args: entries per table, percent of the VLs active per decision.
void BM_IbVlArbiterDecision(benchmark::State& state) {
  const auto n = static_cast<unsigned>(state.range(0));
  const double density = static_cast<double>(state.range(1)) / 100.0;
  std::mt19937_64 rng(0x1bu + n * 1000u + static_cast<unsigned>(state.range(1)));
  std::uniform_int_distribution<unsigned> vl(0, kVls - 1), weight(1, 255), size(1, 65);
  std::bernoulli_distribution on(density);
  std::vector<IbVlArbEntry> high(n), low(n);
  for (auto* t : {&high, &low})
    for (auto& e : *t) e = {static_cast<uint8_t>(vl(rng)), static_cast<uint8_t>(weight(rng))};
  std::vector<Pattern> patterns(kPatterns);
  for (auto& p : patterns) {
    p.active = 0;
    for (unsigned v = 0; v < kVls; ++v) {
      if (on(rng)) p.active |= 1u << v;
      p.size[v] = size(rng);
    }
  }
  IbVlArbiter arb(high, low, 1);
  size_t k = 0;
  uint64_t grants = 0;
  for (auto _ : state) {
    const Pattern& p = patterns[k];
    k = (k + 1) & (kPatterns - 1);
    const uint32_t g = arb.select(p.active, p.size);
    if (g != IbVlArbiter::kNoGrant) {
      arb.accept(g);
      ++grants;
    }
  }
  benchmark::DoNotOptimize(grants);
  state.counters["grants/decision"] =
      static_cast<double>(grants) / static_cast<double>(state.iterations());
  state.SetItemsProcessed(state.iterations());  // decisions per second
}

BENCHMARK(BM_IbVlArbiterDecision)
    ->ArgNames({"entries", "active%"})
    ->Args({8, 50})
    ->Args({32, 50})
    ->Args({64, 50})
    ->Args({8, 10})
    ->Args({32, 10})
    ->Args({64, 10});

}  // namespace
