// Microbenchmark of the input-first separable allocator (sim/blocks/separable_allocator.h): one
// router cycle of allocation = clear_requests() + request()s + evaluate() + update(), at the radix
// of the h2 router (7 ports x 4 VCs) and of the h8 router (31 ports x 3 VCs), with every (input,
// VC) requesting a random output with probability 10%, 50% or 100%. Two iterations, as
// router.allocator_iterations in the shipped configurations. The request patterns are drawn
// before timing (256 patterns, used in turn).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "sim/blocks/separable_allocator.h"

namespace {

using netcosim::model::SeparableAllocator;

struct Request {
  uint8_t in, vc, out;
};

constexpr size_t kPatterns = 256;  // a power of two
constexpr unsigned kIterations = 2;

std::vector<std::vector<Request>> make_patterns(unsigned inputs, unsigned vcs, unsigned outputs,
                                                double density) {
  std::mt19937_64 rng(0x5eedu + inputs * 1000u + static_cast<unsigned>(density * 100));
  std::bernoulli_distribution req(density);
  std::uniform_int_distribution<unsigned> out(0, outputs - 1);
  std::vector<std::vector<Request>> patterns(kPatterns);
  for (auto& p : patterns)
    for (unsigned i = 0; i < inputs; ++i)
      for (unsigned v = 0; v < vcs; ++v)
        if (req(rng))
          p.push_back(
              {static_cast<uint8_t>(i), static_cast<uint8_t>(v), static_cast<uint8_t>(out(rng))});
  return patterns;
}

// Args: inputs, VCs, outputs, request density in percent.
void BM_SeparableAllocatorCycle(benchmark::State& state) {
  const auto inputs = static_cast<unsigned>(state.range(0));
  const auto vcs = static_cast<unsigned>(state.range(1));
  const auto outputs = static_cast<unsigned>(state.range(2));
  const double density = static_cast<double>(state.range(3)) / 100.0;
  const auto patterns = make_patterns(inputs, vcs, outputs, density);
  SeparableAllocator alloc(inputs, vcs, outputs, kIterations);
  size_t k = 0;
  uint64_t grants = 0, requests = 0;
  for (auto _ : state) {
    const auto& pattern = patterns[k];
    k = (k + 1) & (kPatterns - 1);
    alloc.clear_requests();
    for (const Request& r : pattern) alloc.request(r.in, r.vc, r.out);
    alloc.evaluate();
    alloc.update();
    grants += static_cast<uint64_t>(__builtin_popcountll(alloc.granted_inputs()));
    requests += pattern.size();
  }
  benchmark::DoNotOptimize(grants);
  const double n = static_cast<double>(state.iterations());
  state.counters["requests/cycle"] = static_cast<double>(requests) / n;
  state.counters["grants/cycle"] = static_cast<double>(grants) / n;
  state.SetItemsProcessed(state.iterations());  // allocation cycles per second
}

BENCHMARK(BM_SeparableAllocatorCycle)
    ->ArgNames({"in", "vc", "out", "density%"})
    ->Args({7, 4, 7, 10})
    ->Args({7, 4, 7, 50})
    ->Args({7, 4, 7, 100})
    ->Args({31, 3, 31, 10})
    ->Args({31, 3, 31, 50})
    ->Args({31, 3, 31, 100});

}  // namespace
