#include "sim/routing/dragonfly/ugal.h"

#include "sim/routing/dragonfly/paths.h"

namespace netcosim {

RouteResult UgalRouting::route(const PortView& q, const Packet& pkt, Rng& /*rng*/) const {
  return route_source_adaptive(q, pkt, [](const SourceChoice&) { return false; });
}

}  // namespace netcosim
