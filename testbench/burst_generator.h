// The one burst generator of the co-simulation benches (docs/cosim.md, "A bench"): constrained-
// random stimulus in bursts, each burst of 1 to Shape::kMaxBurst cycles with its own shape, drawn
// from the bench's random stream (bench_top.h, Rng). What is common to every bench is here: the
// burst boundaries, the resets (two cycles in the middle of the run, at `mid_reset` and the cycle
// after it, plus rare random ones, 1 in 10^4 cycles; a forced reset for the first entry of the
// timing buffer) and the order of the draws (the burst's length, then its shape, then the reset,
// then the cycle's inputs). What a block's inputs look like is its Shape:
//
//   using Stimulus = ...;               one cycle's inputs, with a `bool rst` if kResets
//   static constexpr uint32_t kMaxBurst;  bursts of 1 to kMaxBurst cycles
//   static constexpr bool kResets;      false for a block without reset (no reset is drawn)
//   static constexpr bool kDrawsPowerOnReset;  the power-on reset cycles are drawn as a forced
//                                       reset (a shape that programs the block after a reset);
//                                       otherwise they are Stimulus{} with rst set, no draw
//   void new_burst(Rng&)                the shape of the next burst
//   void fill(Stimulus&, uint64_t cycle, Rng&)  the cycle's inputs (s.rst is already decided)
#pragma once

#include <cstdint>
#include <utility>

#include "bench_top.h"

namespace netcosim::cosim {

constexpr double kRandomResetRate = 1e-4;

template <class Shape>
class BurstGenerator {
 public:
  using Stimulus = typename Shape::Stimulus;
  BurstGenerator(uint64_t seed, uint64_t mid_reset, Shape shape)
      : rng_(seed), mid_(mid_reset), shape_(std::move(shape)) {}

  Stimulus next(uint64_t cycle, bool force_reset = false) {
    if (left_ == 0) {
      left_ = 1 + rng_.below(Shape::kMaxBurst);
      shape_.new_burst(rng_);
    }
    --left_;
    Stimulus s{};
    if constexpr (Shape::kResets) {
      s.rst = force_reset || (mid_ != 0 && (cycle == mid_ || cycle == mid_ + 1)) ||
              rng_.chance(kRandomResetRate);
    }
    shape_.fill(s, cycle, rng_);
    return s;
  }
  // A power-on reset cycle of the bench top (bench_top.h, BenchTop::drive).
  Stimulus power_on(uint64_t cycle) {
    if constexpr (Shape::kDrawsPowerOnReset) {
      return next(cycle, true);
    } else {
      Stimulus s{};
      if constexpr (Shape::kResets) s.rst = true;
      return s;
    }
  }
  const Shape& shape() const { return shape_; }

 private:
  Rng rng_;
  uint64_t mid_;
  Shape shape_;
  uint64_t left_ = 0;
};

}  // namespace netcosim::cosim
