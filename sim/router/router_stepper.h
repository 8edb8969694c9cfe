// Stepping many routers of one architecture without a virtual call per router and cycle
// (docs/architecture.md, the RouterStepper decision; docs/performance.md "Closing the gap").
//
// The native engine simulates a partition cycle by cycle over a window. Calling each router
// through the RouterModel interface costs an indirect call per router and cycle and keeps the
// compiler from inlining the router's cheap "anything to do?" test into the loop: on h8 under
// uniform load 0.4 that alone made the whole run 5% slower. A RouterStepper steps a run of routers
// that share one architecture, and is obtained from any of them (RouterModel::stepper()); the
// engine makes one virtual call per run of routers and window. CycleStepper<R> implements it for
// a concrete, final router type R by static dispatch.
#pragma once

#include <cstdint>

#include "sim/link/packet.h"
#include "sim/stats/stats.h"

namespace netcosim {

class RouterModel;

class RouterStepper {
 public:
  virtual ~RouterStepper() = default;
  // Steps routers[0 .. n) (all of this stepper's architecture) cycle by cycle from `from` to
  // `to` - 1: in each cycle every router that is active steps once, in array order. Returns the
  // last cycle in which a packet moved, or `last_move` if none did.
  virtual Cycle run(RouterModel* const* routers, uint32_t n, Cycle from, Cycle to, StatsSink& sink,
                    Cycle last_move) const = 0;
};

// The RouterStepper of a router type R derived from RouterModel, with active(now) and
// step(now, sink) callable without a virtual call (R final).
template <class R>
class CycleStepper final : public RouterStepper {
 public:
  Cycle run(RouterModel* const* routers, uint32_t n, Cycle from, Cycle to, StatsSink& sink,
            Cycle last_move) const override {
    for (Cycle t = from; t < to; ++t) {
      bool moved = false;
      for (uint32_t k = 0; k < n; ++k) {
        R& router = static_cast<R&>(*routers[k]);
        if (router.active(t)) moved |= router.step(t, sink);
      }
      if (moved) last_move = t;
    }
    return last_move;
  }
};

}  // namespace netcosim
