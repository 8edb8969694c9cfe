// The request stimulus shared by the arbiter benches (cosim_rr_arbiter.cpp, cosim_lrs_arbiter.cpp):
// constrained-random requests of N requesters in bursts of 1 to 256 cycles, each burst with its
// own shape: independent bits at a density from sparse (about one requester per cycle) to 95 %,
// one requester, all requesting, a contiguous group (wrapping), idle, and, with `fixed_subset`, a
// subset of 2 to 4 requesters fixed for the burst, each requesting at the density (the order of a
// few requesters is exercised while the others keep their places); update low (back-pressure)
// for whole bursts. The bursts and the resets are the shared burst generator's
// (burst_generator.h).
#pragma once

#include <cstdint>

#include "burst_generator.h"

namespace netcosim::cosim {

struct RequestStimulus {
  bool rst = false, update = false;
  uint64_t req = 0;
};

// The shape of the requests (burst_generator.h).
class RequestShape {
 public:
  using Stimulus = RequestStimulus;
  static constexpr uint32_t kMaxBurst = 256;
  static constexpr bool kResets = true;
  static constexpr bool kDrawsPowerOnReset = false;
  RequestShape(int n, bool fixed_subset) : n_(n), fixed_subset_(fixed_subset) {}

  void fill(RequestStimulus& s, uint64_t /*cycle*/, Rng& rng) {
    s.update = rng.chance(p_update_);
    const uint64_t all = (n_ == 64) ? ~uint64_t{0} : (uint64_t{1} << n_) - 1;
    switch (pattern_) {
      case 0:  // independent bits
        for (int i = 0; i < n_; ++i) {
          if (rng.chance(density_)) s.req |= uint64_t{1} << i;
        }
        break;
      case 1:  // one requester
        s.req = uint64_t{1} << rng.below(static_cast<uint32_t>(n_));
        break;
      case 2:  // all requesting
        s.req = all;
        break;
      case 3: {  // a contiguous group, wrapping
        const uint32_t start = rng.below(static_cast<uint32_t>(n_));
        const uint32_t len = 1 + rng.below(static_cast<uint32_t>(n_));
        for (uint32_t k = 0; k < len; ++k) s.req |= uint64_t{1} << ((start + k) % n_);
        break;
      }
      case 4:  // idle, or (fixed_subset) the burst's subset, each member at the density
        if (!fixed_subset_) break;
        for (int i = 0; i < n_; ++i) {
          if (((subset_ >> i) & 1u) != 0 && rng.chance(density_)) s.req |= uint64_t{1} << i;
        }
        break;
      default:  // idle
        break;
    }
    s.req &= all;
  }
  void new_burst(Rng& rng) {
    static constexpr double kDensity[] = {0.0, 0.05, 0.2, 0.5, 0.8, 0.95};
    static constexpr double kUpdate[] = {1.0, 1.0, 0.8, 0.3, 0.0};
    pattern_ = static_cast<int>(rng.below(fixed_subset_ ? 6 : 5));
    density_ = kDensity[rng.below(6)];
    if (density_ == 0.0) density_ = 1.0 / n_;  // sparse: about one requester per cycle
    p_update_ = kUpdate[rng.below(5)];
    if (!fixed_subset_) return;
    subset_ = 0;
    const uint32_t members = 2 + rng.below(3);
    for (uint32_t k = 0; k < members; ++k) {
      subset_ |= uint64_t{1} << rng.below(static_cast<uint32_t>(n_));
    }
  }

 private:
  int n_;
  bool fixed_subset_;
  int pattern_ = 0;
  double density_ = 0.5, p_update_ = 1.0;
  uint64_t subset_ = 0;
};
using RequestBurstGenerator = BurstGenerator<RequestShape>;

}  // namespace netcosim::cosim
