// The request stimulus shared by the arbiter benches (cosim_rr_arbiter.cpp, cosim_lrs_arbiter.cpp):
// constrained-random requests of N requesters in bursts of 1 to 256 cycles, each burst with its
// own shape: independent bits at a density from sparse (about one requester per cycle) to 95 %,
// one requester, all requesting, a contiguous group (wrapping), idle, and, with `fixed_subset`, a
// subset of 2 to 4 requesters fixed for the burst, each requesting at the density (the order of a
// few requesters is exercised while the others keep their places); update low (back-pressure)
// for whole bursts; resets (one mid-run, two cycles long, and one in 10^4 cycles).
#pragma once

#include <cstdint>

#include "cosim_common.h"

namespace netcosim::cosim {

struct RequestStimulus {
  bool rst = false, update = false;
  uint64_t req = 0;
};

class RequestBurstGenerator {
 public:
  RequestBurstGenerator(int n, uint64_t seed, uint64_t mid_reset, bool fixed_subset)
      : n_(n), rng_(seed), mid_(mid_reset), fixed_subset_(fixed_subset) {}
  RequestStimulus next(uint64_t cycle) {
    if (left_ == 0) new_burst();
    --left_;
    RequestStimulus s;
    s.rst = (mid_ != 0 && (cycle == mid_ || cycle == mid_ + 1)) || rng_.chance(1e-4);
    s.update = rng_.chance(p_update_);
    const uint64_t all = (n_ == 64) ? ~uint64_t{0} : (uint64_t{1} << n_) - 1;
    switch (pattern_) {
      case 0:  // independent bits
        for (int i = 0; i < n_; ++i) {
          if (rng_.chance(density_)) s.req |= uint64_t{1} << i;
        }
        break;
      case 1:  // one requester
        s.req = uint64_t{1} << rng_.below(static_cast<uint32_t>(n_));
        break;
      case 2:  // all requesting
        s.req = all;
        break;
      case 3: {  // a contiguous group, wrapping
        const uint32_t start = rng_.below(static_cast<uint32_t>(n_));
        const uint32_t len = 1 + rng_.below(static_cast<uint32_t>(n_));
        for (uint32_t k = 0; k < len; ++k) s.req |= uint64_t{1} << ((start + k) % n_);
        break;
      }
      case 4:  // idle, or (fixed_subset) the burst's subset, each member at the density
        if (!fixed_subset_) break;
        for (int i = 0; i < n_; ++i) {
          if (((subset_ >> i) & 1u) != 0 && rng_.chance(density_)) s.req |= uint64_t{1} << i;
        }
        break;
      default:  // idle
        break;
    }
    s.req &= all;
    return s;
  }

 private:
  void new_burst() {
    static constexpr double kDensity[] = {0.0, 0.05, 0.2, 0.5, 0.8, 0.95};
    static constexpr double kUpdate[] = {1.0, 1.0, 0.8, 0.3, 0.0};
    left_ = 1 + rng_.below(256);
    pattern_ = static_cast<int>(rng_.below(fixed_subset_ ? 6 : 5));
    density_ = kDensity[rng_.below(6)];
    if (density_ == 0.0) density_ = 1.0 / n_;  // sparse: about one requester per cycle
    p_update_ = kUpdate[rng_.below(5)];
    if (!fixed_subset_) return;
    subset_ = 0;
    const uint32_t members = 2 + rng_.below(3);
    for (uint32_t k = 0; k < members; ++k) {
      subset_ |= uint64_t{1} << rng_.below(static_cast<uint32_t>(n_));
    }
  }
  int n_;
  Rng rng_;
  uint64_t mid_;
  bool fixed_subset_;
  uint64_t left_ = 0;
  int pattern_ = 0;
  double density_ = 0.5, p_update_ = 1.0;
  uint64_t subset_ = 0;
};

}  // namespace netcosim::cosim
