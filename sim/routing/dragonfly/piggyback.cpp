#include "sim/routing/dragonfly/piggyback.h"

namespace netcosim {

namespace {

// The saturation bit of the group's minimal global link towards the destination group (false
// when the destination is in the router's own group); a reply (Reply) reads the replies' set.
// A template, inlined: a run without request-reply reads the one set as before.
template <bool Reply>
[[gnu::always_inline]] inline bool minimal_link_saturated(const Dragonfly& topo, const PortView& q,
                                                          uint32_t dst_router) {
  const uint32_t G = topo.group_of_router(q.router), Gd = topo.group_of_router(dst_router);
  if (G == Gd) return false;
  const uint32_t j = topo.global_link_index(G, Gd);
  const uint64_t mask =
      Reply ? q.peer_reply_saturation(j / topo.h()) : q.peer_saturation(j / topo.h());
  return ((mask >> (j % topo.h())) & 1u) != 0;
}

}  // namespace

RouteResult PiggyBackRouting::route(const PortView& q, const Packet& pkt, Rng& /*rng*/) const {
  const bool reply = pkt.cls == Packet::kReply;
  return route_source_adaptive(q, pkt, [&](const SourceChoice& c) {
    return reply ? minimal_link_saturated<true>(topo_, q, c.dst_router)
                 : minimal_link_saturated<false>(topo_, q, c.dst_router);
  });
}

}  // namespace netcosim
