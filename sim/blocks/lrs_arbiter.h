// Least-recently-served (LRS) arbiter: the block model of rtl/lrs_arbiter.sv.
//
// Source: thesis 000 Sec. 1.6.3 and extract §2 (FOGSim's allocator arbiters; FOGSim's LRS keeps
// the ports in a list, serves the first requester of the list and moves the served port to its
// end); docs/model.md "Arbiters". The requesters are kept in a total order of priority; the
// granted requester becomes the lowest. Unlike round-robin, a requester that was not granted
// keeps its place however many others were served: after a grant of 2 in the order 0,1,2,3
// (reset), the order is 0,1,3,2 and requests {1, 3} grant 1, where a round-robin pointer (then at
// 3) grants 3.
// Port list (RTL): req[N] in, update in, gnt[N] out (one-hot, combinational), prio[N(N-1)/2]
// (state: the priority matrix's upper triangle; bit k(i,j) = 1 when i is ahead of j, i < j,
// k(i,j) = i*N - i*(i+1)/2 + (j - i - 1)).
//   - arbitrate(req) is the combinational grant: the requester ahead of every other requester;
//   - update(granted) is the clocked reorder, done only when the grant was accepted.
// State: the rank of each requester (0 = highest priority); reset gives rank i to requester i.
#pragma once

#include <cassert>
#include <cstdint>

namespace netcosim::model {

class LrsArbiter {
 public:
  static constexpr unsigned kMaxInputs = 64;

  LrsArbiter() { reset(); }
  explicit LrsArbiter(unsigned n) : n_(n) {
    assert(n >= 1 && n <= kMaxInputs);
    reset();
  }

  unsigned size() const { return n_; }
  // The position of requester i in the priority order (0: served first).
  unsigned rank(unsigned i) const { return rank_[i]; }
  // True when requester i is ahead of requester j (i != j): the RTL's priority matrix.
  bool ahead(unsigned i, unsigned j) const { return rank_[i] < rank_[j]; }

  // Combinational: the requester of lowest rank; -1 when req is empty. Bits of req at or above
  // size() are ignored. Cost: one comparison per requester.
  int arbitrate(uint64_t req) const {
    req &= mask_all();
    int best = -1;
    unsigned best_rank = kMaxInputs;
    while (req != 0) {
      const unsigned i = static_cast<unsigned>(__builtin_ctzll(req));
      req &= req - 1;
      if (rank_[i] < best_rank) {
        best_rank = rank_[i];
        best = static_cast<int>(i);
      }
    }
    return best;
  }

  // Clocked: the granted requester moves to the end of the order; those behind it move up one.
  void update(unsigned granted) {
    assert(granted < n_);
    const uint8_t r = rank_[granted];
    for (unsigned i = 0; i < n_; ++i)
      if (rank_[i] > r) --rank_[i];
    rank_[granted] = static_cast<uint8_t>(n_ - 1);
  }

  void reset() {
    for (unsigned i = 0; i < kMaxInputs; ++i) rank_[i] = static_cast<uint8_t>(i);
  }

 private:
  uint64_t mask_all() const { return n_ == 64 ? ~uint64_t{0} : ((uint64_t{1} << n_) - 1); }

  unsigned n_ = 1;
  uint8_t rank_[kMaxInputs];
};

}  // namespace netcosim::model
