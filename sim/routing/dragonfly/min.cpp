#include "sim/routing/dragonfly/min.h"

#include "sim/routing/dragonfly/paths.h"

namespace netcosim {

RouteResult MinRouting::route(const PortView& q, const Packet& pkt, Rng& /*rng*/) const {
  const uint32_t router = q.router;
  RouteResult r;
  const uint32_t dst_router = topo_.router_of_node(pkt.dst);
  if (router == dst_router) {
    r.port = static_cast<uint8_t>(topo_.port_of_node(pkt.dst));
    return r;
  }
  r.port = static_cast<uint8_t>(topo_.min_output(router, dst_router));
  r.vcs = flex_.on() ? flex_.minimal(router, r.port, dst_router, pkt.cls)
                     : vc_bit(phase_vc(topo_, r.port, pkt));
  return r;
}

}  // namespace netcosim
