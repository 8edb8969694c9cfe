// The VC selector block: the router's choice of the downstream VC of a hop among the VCs the
// routing allows (RouteResult::vcs, a bit mask), from the credit counters of the output, or
// kNoVc when no allowed VC has credits for a whole packet (Virtual Cut-Through). Its RTL-style
// interface: allowed-VC mask and credit counts in, one VC out (FlexVC, seed 002 Sec. III, adds
// the highest, random and opportunistic policies and the RTL). Policies:
//   - LowestVc: the lowest allowed VC with credits for the packet. With one allowed VC per hop
//     (the baseline's distance-based VCs, thesis 000 Sec. 1.3) it is that VC, or none: the
//     router's selector in transit;
//   - JsqVc: join the shortest queue, the allowed VC with the most credits, ties to the lowest
//     VC; the NIC's injection into the router's injection VCs (traffic.injection_vc=jsq);
//   - DestVc: the injection VC of a destination, dst*V/N (traffic.injection_vc=dest; FOGSim's
//     generator, docs/model.md §3): the NIC waits for credits in that VC only.
// Selectors are plain types with a static select(const CreditLevels&, allowed, phits): they read
// the credits any credit model publishes (sim/blocks/credit_model.h). The router is instantiated
// for its selector when it is built (CioqRouter::use_vc_selector), so the hot loop calls it
// without a virtual call (docs/principles.md §6).
#pragma once

#include <cstdint>

#include "sim/blocks/credit_model.h"

namespace netcosim {

constexpr int kNoVc = -1;

// The VCs 0 .. vcs-1 as an allowed mask.
inline uint32_t all_vcs(uint32_t vcs) {
  return vcs >= 32 ? ~0u : (uint32_t{1} << vcs) - 1;
}

// The mask of VC v alone.
constexpr uint16_t vc_bit(uint32_t v) {
  return static_cast<uint16_t>(1u << v);
}

struct LowestVc {
  static int select(const model::CreditLevels& c, uint32_t allowed, uint32_t phits) {
    for (; allowed != 0; allowed &= allowed - 1) {
      const unsigned v = static_cast<unsigned>(__builtin_ctz(allowed));
      if (c.can_send(v, phits)) return static_cast<int>(v);
    }
    return kNoVc;
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
  static int select(const model::CreditLevels& c, uint32_t allowed, uint32_t phits) {
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
