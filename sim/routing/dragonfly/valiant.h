// VAL on the Dragonfly: Valiant routing to a random intermediate router anywhere in the network,
// then minimally to the destination (thesis 000 Sec. 1.4.1; node/router Valiant, not VAL-group),
// VCs l0-g0-l1-l2-g1-l3. The intermediate router is drawn at the source router from the router's
// stream.
#pragma once

#include "sim/routing/dragonfly/dragonfly_routing.h"

namespace netcosim {

class ValiantRouting final : public DragonflyRouting {
 public:
  using DragonflyRouting::DragonflyRouting;
  const char* name() const override { return "val"; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override;
  VcOrder vc_order() const override { return VcOrder::from_reference("l0-g0-l1-l2-g1-l3"); }
};

}  // namespace netcosim
