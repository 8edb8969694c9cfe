#include "sim/routing/dragonfly/piggyback.h"

namespace netcosim {

bool PiggyBackRouting::minimal_link_saturated(const PortView& q, uint32_t dst_router,
                                              bool reply) const {
  const uint32_t G = topo_.group_of_router(q.router), Gd = topo_.group_of_router(dst_router);
  if (G == Gd) return false;
  const uint32_t j = topo_.global_link_index(G, Gd);
  const uint64_t mask =
      reply ? q.peer_reply_saturation(j / topo_.h()) : q.peer_saturation(j / topo_.h());
  return ((mask >> (j % topo_.h())) & 1u) != 0;
}

RouteResult PiggyBackRouting::route(const PortView& q, const Packet& pkt, Rng& /*rng*/) const {
  return route_source_adaptive(q, pkt, [&](const SourceChoice& c) {
    return minimal_link_saturated(q, c.dst_router, pkt.cls == Packet::kReply);
  });
}

}  // namespace netcosim
