#include "routing.h"

#include <stdexcept>

namespace netcosim {

RouteResult MinRouting::route(uint32_t router, uint32_t /*in_port*/, Packet& pkt,
                              Rng& /*rng*/) const {
  RouteResult r;
  const uint32_t dst_router = topo_.router_of_node(pkt.dst);
  if (router == dst_router) {
    r.port = static_cast<uint8_t>(topo_.port_of_node(pkt.dst));
    return r;
  }
  r.port = static_cast<uint8_t>(topo_.min_output(router, dst_router));
  r.vc = vc_for(r.port, pkt);
  return r;
}

RouteResult ValiantRouting::route(uint32_t router, uint32_t in_port, Packet& pkt, Rng& rng) const {
  RouteResult r;
  const uint32_t dst_router = topo_.router_of_node(pkt.dst);
  if (pkt.phase == 0 && pkt.intermediate == kNone) {
    // At the source router (the packet arrived on an injection port): draw the intermediate.
    (void)in_port;
    pkt.intermediate = rng.below(topo_.routers());
  }
  if (pkt.phase == 0 && router == pkt.intermediate) {
    pkt.phase = 1;
    pkt.flags &= static_cast<uint8_t>(~Packet::kGlobalDoneInPhase);
  }
  const uint32_t target = pkt.phase == 0 ? pkt.intermediate : dst_router;
  if (pkt.phase == 1 && router == dst_router) {
    r.port = static_cast<uint8_t>(topo_.port_of_node(pkt.dst));
    return r;
  }
  r.port = static_cast<uint8_t>(topo_.min_output(router, target));
  r.vc = vc_for(r.port, pkt);
  r.nonminimal =
      pkt.phase == 0 && (router == dst_router || r.port != topo_.min_output(router, dst_router));
  return r;
}

std::unique_ptr<RoutingAlgorithm> make_routing(const std::string& name, const Dragonfly& topo) {
  if (name == "min") return std::make_unique<MinRouting>(topo);
  if (name == "val") return std::make_unique<ValiantRouting>(topo);
  throw std::invalid_argument("routing.algorithm=" + name + ": allowed values are min|val");
}

}  // namespace netcosim
