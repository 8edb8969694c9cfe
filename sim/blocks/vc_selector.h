// The VC selector block: the router's choice of the downstream VC of a hop among the VCs the
// routing allows (RouteResult::vcs, a bit mask), from the credits of the output, or kNoVc when no
// allowed VC has credits for a whole packet (Virtual Cut-Through). Its RTL-style interface:
// allowed-VC mask and credit counts in, one VC out (rtl/vc_selector.sv implements JSQ, highest
// and lowest; docs/cosim.md). The selection functions of FlexVC (seed 002 Sec. III-A: "highest-
// index, lowest-index, JSQ or random"; router.vc_selection), each among the allowed VCs with
// credits for the whole packet:
//   - JsqVc: join the shortest queue, the VC with the most credits, ties to the highest VC
//   (FOGSim's
//     LOWEST_OCCUPANCY scans from the highest VC and keeps a strictly lower occupancy); the
//     default;
//   - HighestVc, LowestVc: the highest or lowest such VC;
//   - RandomVc: one of them uniformly, drawn from the router's stream only when there are two or
//     more (with the baseline's one allowed VC per hop every function is that VC or none, and
//     the stream is untouched: docs/model.md §4).
// With one allowed VC per hop (the baseline's distance-based VCs, thesis 000 Sec. 1.3) every
// function gives that VC or none.
// At injection the NIC chooses among the router's injection VCs (traffic.injection_vc):
//   - JsqLowVc: the most credits, ties to the lowest VC (jsq, netcosim's default);
//   - DestVc: the injection VC of a destination, dst*V/N (dest; FOGSim's generator,
//     docs/model.md §3): the NIC waits for credits in that VC only;
//   - RandomVc (random; FOGSim's RAND injection policy).
// Selectors are plain types with a static select(const CreditLevels&, allowed, phits, Rng&): they
// read the credits any credit model publishes (sim/blocks/credit_model.h). The router is
// instantiated for its selector when it is built (CioqRouter::use_vc_selector), so the hot loop
// calls it without a virtual call (docs/principles.md §6).
#pragma once

#include <cstdint>
#include <type_traits>

#include "sim/blocks/credit_model.h"
#include "sim/util/rng.h"

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
  static int select(const model::CreditLevels& c, uint32_t allowed, uint32_t phits, Rng&) {
    for (; allowed != 0; allowed &= allowed - 1) {
      const unsigned v = static_cast<unsigned>(__builtin_ctz(allowed));
      if (c.can_send(v, phits)) return static_cast<int>(v);
    }
    return kNoVc;
  }
};

struct HighestVc {
  static int select(const model::CreditLevels& c, uint32_t allowed, uint32_t phits, Rng&) {
    while (allowed != 0) {
      const unsigned v = 31u - static_cast<unsigned>(__builtin_clz(allowed));
      if (c.can_send(v, phits)) return static_cast<int>(v);
      allowed &= ~(1u << v);
    }
    return kNoVc;
  }
};

// Join the shortest queue: the allowed VC with the most credits for a whole packet; ties to the
// highest VC (kTiesHigh) or to the lowest.
template <bool kTiesHigh>
struct Jsq {
  static int select(const model::CreditLevels& c, uint32_t allowed, uint32_t phits, Rng&) {
    int best = kNoVc;
    uint32_t best_credits = 0;
    for (; allowed != 0; allowed &= allowed - 1) {
      const unsigned v = static_cast<unsigned>(__builtin_ctz(allowed));
      const uint32_t n = c.credits(v);
      if (n >= phits && (best == kNoVc || n > best_credits || (kTiesHigh && n == best_credits))) {
        best = static_cast<int>(v);
        best_credits = n;
      }
    }
    return best;
  }
};
using JsqVc = Jsq<true>;
using JsqLowVc = Jsq<false>;

struct RandomVc {
  static int select(const model::CreditLevels& c, uint32_t allowed, uint32_t phits, Rng& rng) {
    uint32_t ok = 0;
    for (uint32_t m = allowed; m != 0; m &= m - 1) {
      const unsigned v = static_cast<unsigned>(__builtin_ctz(m));
      if (c.can_send(v, phits)) ok |= 1u << v;
    }
    if (ok == 0) return kNoVc;
    const uint32_t n = static_cast<uint32_t>(__builtin_popcount(ok));
    for (uint32_t k = n > 1 ? rng.below(n) : 0; k != 0; --k) ok &= ok - 1;
    return __builtin_ctz(ok);
  }
};

// The router's selection function (router.vc_selection), chosen when it is built.
enum class VcSelection : uint8_t { Jsq, Highest, Lowest, Random };

struct DestVc {
  // The VC of destination node `dst` among `vcs` injection VCs, `nodes` nodes:
  // floor(dst*vcs/nodes), so consecutive ranges of nodes/vcs destinations share a VC.
  static uint32_t vc_of(uint32_t dst, uint32_t vcs, uint32_t nodes) {
    return static_cast<uint32_t>(uint64_t{dst} * vcs / nodes);
  }
};

namespace model {

// The VC selectors of a router's outputs implemented elsewhere (the Verilated block's socket,
// systemc/rtl/vc_selector_socket.h; docs/cosim.md "Verilated blocks inside a network"), which the
// router then owns (RouterModel::set_vc_selector_block). The router keeps computing its C++
// selector's choice and passes it to select() with the selection's inputs (output `port`, its
// credits, the allowed VCs, the packet's phits, the block's port list); it uses the VC select()
// returns (kNoVc: none). Only the deterministic functions (jsq, highest, lowest) have RTL.
class VcSelectorBlock {
 public:
  virtual ~VcSelectorBlock() = default;
  virtual int select(uint32_t port, const CreditLevels& credits, uint32_t allowed, uint32_t phits,
                     int model) = 0;
};

}  // namespace model

// The router's selector when a VcSelectorBlock is set: Model chooses (its static select), the
// block is called with Model's choice and decides (CioqRouter::select_vc).
template <class Model>
struct SocketedVc {
  using Base = Model;
};
template <class Sel>
struct IsSocketedVc : std::false_type {};
template <class Model>
struct IsSocketedVc<SocketedVc<Model>> : std::true_type {};

}  // namespace netcosim
