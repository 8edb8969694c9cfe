// VC selection as its own strategy (docs/principles.md §6; FlexVC, seed 002, adds JSQ, highest,
// lowest and random among the VCs a hop allows). A selector picks the VC of the downstream input
// buffer among the allowed VCs of a hop (a bit mask) from the credit counters of the output, or
// returns kNoVc when no allowed VC has credits for a whole packet (Virtual Cut-Through). Today's
// two policies:
//   - FixedVc: the one VC of each hop that the routing returns (distance-based VCs, thesis 000
//     Sec. 1.3); the router's grant uses it;
//   - JsqVc: join the shortest queue, the VC with the most credits, ties to the lowest VC; the
//     NIC's injection into the router's injection VCs uses it (traffic.injection_vc=jsq);
//   - DestVc: the injection VC of a destination, dst*V/N (traffic.injection_vc=dest; FOGSim's
//     generator, docs/model.md §3): the NIC waits for credits in that VC only.
// Selectors are plain types with a static select(), so the hot loops call them without a virtual
// call; a policy chosen at run time would be a switch over these types.
#pragma once

#include <cstdint>

#include "sim/blocks/credit_counter.h"

namespace netcosim {

constexpr int kNoVc = -1;

// The VCs 0 .. vcs-1 as an allowed mask.
inline uint32_t all_vcs(uint32_t vcs) {
  return vcs >= 32 ? ~0u : (uint32_t{1} << vcs) - 1;
}

struct FixedVc {
  // `allowed` holds exactly one VC.
  static int select(const model::CreditCounter& c, uint32_t allowed, uint32_t phits) {
    const unsigned v = static_cast<unsigned>(__builtin_ctz(allowed));
    return c.can_send(v, phits) ? static_cast<int>(v) : kNoVc;
  }
};

struct DestVc {
  // The VC of destination node `dst` among `vcs` injection VCs, `nodes` nodes:
  // floor(dst*vcs/nodes), so consecutive ranges of nodes/vcs destinations share a VC.
  static uint32_t vc_of(uint32_t dst, uint32_t vcs, uint32_t nodes) {
    return static_cast<uint32_t>(uint64_t{dst} * vcs / nodes);
  }
};

struct JsqVc {
  static int select(const model::CreditCounter& c, uint32_t allowed, uint32_t phits) {
    int best = kNoVc;
    uint32_t best_credits = 0;
    for (; allowed != 0; allowed &= allowed - 1) {
      const unsigned v = static_cast<unsigned>(__builtin_ctz(allowed));
      const uint32_t n = c.credits(v);
      if (n >= phits && (best == kNoVc || n > best_credits)) {
        best = static_cast<int>(v);
        best_credits = n;
      }
    }
    return best;
  }
};

}  // namespace netcosim
