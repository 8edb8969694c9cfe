// Age arbiter: the block model of rtl/age_arbiter.sv. The oldest requester wins; requesters of
// equal (oldest) age are served round-robin.
//
// Source: thesis 000 Sec. 3.3.4 and extract §6 (age-based arbitration: the arbiter always selects
// the oldest packet; the age travels in a header field), paper 004 Sec. 2.2 (oldest-first
// arbitration in every router, which removes the parking-lot effect of round-robin);
// docs/model.md "Arbiters". The sources do not say how ties are broken (FOGSim sorts its port
// list by age, stably, so ties keep the list's previous order); ties here are round-robin with the
// pointer of rr_arbiter, which every accepted grant moves past the granted requester.
// Port list (RTL, N requesters, W-bit ages):
//   req[N] in, age[N*W] in (requester i's age at [i*W +: W]; larger is older), update in,
//   gnt[N] out (one-hot, combinational), ptr (state: the round-robin pointer of the ties).
//   - set_age(i, a) drives requester i's age input (a is truncated to W bits, as the port is);
//   - arbitrate(req) is the combinational grant: among the requesters of the largest age, the
//     first at or after the pointer, wrapping;
//   - update(granted) is the clocked pointer move (granted + 1 mod N), only for an accepted grant.
// The ages are what the router feeds the arbiter (cycles since a timestamp, or an accumulated
// age field, saturated at 2^W - 1 by the router); the arbiter only compares them.
#pragma once

#include <cassert>
#include <cstdint>

#include "sim/blocks/rr_arbiter.h"

namespace netcosim::model {

class AgeArbiter {
 public:
  static constexpr unsigned kMaxInputs = 64;
  static constexpr unsigned kMaxAgeBits = 32;

  AgeArbiter() = default;
  AgeArbiter(unsigned n, unsigned age_bits)
      : rr_(n), age_mask_(age_bits == 32 ? ~uint32_t{0} : (uint32_t{1} << age_bits) - 1) {
    assert(n >= 1 && n <= kMaxInputs && age_bits >= 1 && age_bits <= kMaxAgeBits);
  }

  unsigned size() const { return rr_.size(); }
  unsigned pointer() const { return rr_.pointer(); }
  uint32_t max_age() const { return age_mask_; }

  // Input port age[i*W +: W].
  void set_age(unsigned i, uint32_t age) {
    assert(i < size());
    age_[i] = age & age_mask_;
  }
  uint32_t age(unsigned i) const { return age_[i]; }

  // Combinational: the requesters of the largest age, then round-robin among them from the
  // pointer; -1 when req is empty. Bits of req at or above size() are ignored.
  int arbitrate(uint64_t req) const { return rr_.arbitrate(oldest(req)); }

  // The requesters of req (within size()) whose age is the largest among req's.
  uint64_t oldest(uint64_t req) const {
    req &= size() == 64 ? ~uint64_t{0} : ((uint64_t{1} << size()) - 1);
    uint64_t tie = 0;
    uint32_t best = 0;
    while (req != 0) {
      const unsigned i = static_cast<unsigned>(__builtin_ctzll(req));
      req &= req - 1;
      if (tie == 0 || age_[i] > best) {
        best = age_[i];
        tie = uint64_t{1} << i;
      } else if (age_[i] == best) {
        tie |= uint64_t{1} << i;
      }
    }
    return tie;
  }

  // Clocked: the pointer moves past the granted requester (every accepted grant, tie or not).
  void update(unsigned granted) { rr_.update(granted); }
  void reset() { rr_.reset(); }

 private:
  RoundRobinArbiter rr_;
  uint32_t age_mask_ = 0xffu;
  uint32_t age_[kMaxInputs] = {};
};

}  // namespace netcosim::model
