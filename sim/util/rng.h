// Random streams (docs/principles.md §4): every random choice draws from a stream owned by
// one entity (node, router), seeded from the run's seed and the entity's id, so results do not
// depend on the engine, the thread count or the order in which entities are evaluated.
#pragma once

#include <cmath>
#include <cstdint>

namespace netcosim {

inline uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// A 64-bit mix used for stream seeds and for the multiset hash of packet identities.
inline uint64_t mix64(uint64_t x) {
  uint64_t s = x;
  return splitmix64(s);
}

// xoshiro256** (Blackman & Vigna): small state, fast, good statistical quality.
class Rng {
 public:
  Rng() : Rng(0, 0, 0) {}
  // kind separates the families of streams (nodes, routers, ...), id the entity within it.
  Rng(uint64_t seed, uint64_t kind, uint64_t id) {
    uint64_t sm = seed ^ mix64(kind * 0x100000001b3ULL + 0x51ed27ULL) ^ mix64(id + 0x2545f491ULL);
    for (auto& w : s_) w = splitmix64(sm);
  }

  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, n), n >= 1 (Lemire's multiply-shift with rejection: unbiased).
  uint32_t below(uint32_t n) {
    uint64_t m = (next() >> 32) * uint64_t{n};
    uint32_t low = static_cast<uint32_t>(m);
    if (low < n) {
      const uint32_t threshold = static_cast<uint32_t>(-n) % n;
      while (low < threshold) {
        m = (next() >> 32) * uint64_t{n};
        low = static_cast<uint32_t>(m);
      }
    }
    return static_cast<uint32_t>(m >> 32);
  }

  // Uniform double in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // Cycles until the next success of a Bernoulli(q) trial per cycle (>= 1); q in (0, 1].
  // Drawing the gap directly is the same process as one Bernoulli draw per cycle.
  uint64_t geometric_gap(double q) {
    if (q >= 1.0) return 1;
    const double u = 1.0 - uniform();  // (0, 1]
    const double g = std::floor(std::log(u) / std::log1p(-q));
    return g >= 1e15 ? uint64_t{1000000000000000ULL} : static_cast<uint64_t>(g) + 1;
  }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace netcosim
