// MIN on the Dragonfly: the minimal l-g-l path (thesis 000 Sec. 1.4.1), VCs l0-g0-l1.
#pragma once

#include "sim/routing/dragonfly/dragonfly_routing.h"

namespace netcosim {

class MinRouting final : public DragonflyRouting {
 public:
  using DragonflyRouting::DragonflyRouting;
  const char* name() const override { return "min"; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override;
  VcOrder vc_order() const override { return order_of("l0-g0-l1"); }
};

}  // namespace netcosim
