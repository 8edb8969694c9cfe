#include "sim/routing/mesh/dor.h"

#include "sim/topology/topology_catalog.h"

namespace netcosim {

RouteResult DorRouting::route(const PortView& q, const Packet& pkt, Rng& /*rng*/) const {
  RouteResult r;
  const uint32_t router = q.router, dst_router = topo_.node_router(pkt.dst);
  if (router == dst_router) {
    r.port = static_cast<uint8_t>(topo_.node_port(pkt.dst));
    return r;
  }
  uint32_t port = dor_output(topo_, router, dst_router, pkt.dst);
  const uint32_t d = topo_.dim_of_port(port);
  // The dateline VC is the direction's, the same on every link of a trunk.
  const uint8_t vc = topo_.torus() && !bubble()
                         ? dateline_vc(topo_, port, topo_.coord(router, d),
                                       topo_.coord(topo_.node_router(pkt.src), d))
                         : 0;
  if (adaptive_trunk_) {
    // The link of the trunk with the most free downstream phits on the VC, from the
    // destination's link (trunk_link) on: ties keep it.
    const uint32_t t = topo_.trunk(), first = port - topo_.link_of_port(port);
    uint32_t best_free = q.downstream_capacity(port) - q.downstream_occupancy(port, vc);
    for (uint32_t i = 1; i < t; ++i) {
      const uint32_t p = first + (topo_.link_of_port(port) + i) % t;
      const uint32_t free = q.downstream_capacity(p) - q.downstream_occupancy(p, vc);
      if (free > best_free) {
        best_free = free;
        port = p;
      }
    }
  }
  r.port = static_cast<uint8_t>(port);
  if (!topo_.torus()) return r;
  if (bubble()) {
    // Entering the ring (the input is not of this dimension) needs two packets of room.
    const bool entering = q.port_class(q.in_port) != q.port_class(port);
    const uint32_t room = q.downstream_capacity(port) - q.downstream_occupancy(port, 0);
    if (entering && room < 2 * q.packet_size()) r.vcs = 0;  // no VC allowed: the head waits
    return r;
  }
  r.vcs = vc_bit(vc);
  return r;
}

namespace {
// The adaptive candidates of one output port for mesh_adaptive and the adaptive bubble router
// (docs/model.md §7.2): its VCs >= 1 that can take the packet now; the one with the most free
// downstream phits wins, ties kept on the earlier port, then the lower VC.
inline void take_if_freer(const PortView& q, uint32_t port, bool& found, uint32_t& best_free,
                          RouteResult& r) {
  const uint32_t vcs = q.vcs(q.port_class(port));
  for (uint32_t v = 1; v < vcs; ++v) {
    if (!q.output_can_take(port, v)) continue;
    const uint32_t free = q.downstream_capacity(port) - q.downstream_occupancy(port, v);
    if (!found || free > best_free) {
      found = true;
      best_free = free;
      r.port = static_cast<uint8_t>(port);
      r.vcs = vc_bit(v);
    }
  }
}
}  // namespace

RouteResult MeshAdaptiveRouting::route(const PortView& q, const Packet& pkt, Rng& /*rng*/) const {
  RouteResult r;
  const uint32_t router = q.router, dst_router = topo_.node_router(pkt.dst);
  if (router == dst_router) {
    r.port = static_cast<uint8_t>(topo_.node_port(pkt.dst));
    return r;
  }
  uint32_t best_free = 0;
  bool found = false;
  for (uint32_t d = 0; d < topo_.ndims(); ++d) {
    const uint32_t cur = topo_.coord(router, d), dst = topo_.coord(dst_router, d);
    if (cur == dst) continue;
    for (uint32_t k = 0; k < topo_.trunk(); ++k) {
      take_if_freer(q, topo_.port(d, dst > cur, k), found, best_free, r);
    }
  }
  if (!found) {  // the escape channel
    r.port = static_cast<uint8_t>(DorRouting::dor_output(topo_, router, dst_router, pkt.dst));
    r.vcs = vc_bit(0);
  }
  return r;
}

RouteResult TorusAdaptiveBubbleRouting::route(const PortView& q, const Packet& pkt,
                                              Rng& /*rng*/) const {
  RouteResult r;
  const uint32_t router = q.router, dst_router = topo_.node_router(pkt.dst);
  if (router == dst_router) {
    r.port = static_cast<uint8_t>(topo_.node_port(pkt.dst));
    return r;
  }
  uint32_t best_free = 0;
  bool found = false;
  for (uint32_t d = 0; d < topo_.ndims(); ++d) {
    const uint32_t cur = topo_.coord(router, d), dst = topo_.coord(dst_router, d);
    if (cur == dst) continue;
    const uint32_t D = topo_.dim(d), ahead = (dst + D - cur) % D;  // hops going +
    for (const bool plus : {true, false}) {
      if (plus ? ahead > D - ahead : ahead < D - ahead) continue;  // not a minimal direction
      for (uint32_t k = 0; k < topo_.trunk(); ++k) {
        take_if_freer(q, topo_.port(d, plus, k), found, best_free, r);
      }
    }
  }
  if (found) return r;
  // The escape channel: DOR on VC 0 with the bubble for a packet entering its ring.
  const uint32_t port = DorRouting::dor_output(topo_, router, dst_router, pkt.dst);
  r.port = static_cast<uint8_t>(port);
  const bool entering = q.in_vc != 0 || q.port_class(q.in_port) != q.port_class(port);
  const uint32_t room = q.downstream_capacity(port) - q.downstream_occupancy(port, 0);
  r.vcs = entering && room < 2 * q.packet_size() ? 0 : vc_bit(0);  // 0: the head waits
  return r;
}

const Mesh& mesh_of(const Topology& topo, const std::string& algorithm, bool torus_allowed) {
  if (const auto* m = dynamic_cast<const Mesh*>(&topo))
    if (torus_allowed || !m->torus()) return *m;
  throw ConfigError("routing.algorithm=" + algorithm + ": needs " +
                    (torus_allowed ? "a mesh or torus (topology.type=mesh|torus)"
                                   : "a mesh (topology.type=mesh)") +
                    "; the topology is " + topo.describe());
}

namespace {
std::unique_ptr<RoutingAlgorithm> make_dor(const Config& c, const Topology& t) {
  return std::make_unique<DorRouting>(
      mesh_of(t, "dor", true),
      c.get_str("routing.torus_deadlock") == "bubble" ? TorusDeadlock::Bubble
                                                      : TorusDeadlock::Dateline,
      c.get_str("routing.trunk_select") != "adaptive" ? TrunkSelect::Destination
      // The switches route a packet once and keep their credits per VL: they choose the link.
      : c.get_str("router.architecture") == "cioq" ? TrunkSelect::Adaptive
                                                   : TrunkSelect::AtSwitch);
}
std::unique_ptr<RoutingAlgorithm> make_mesh_adaptive(const Config& c, const Topology& t) {
  const Mesh& m = mesh_of(t, "mesh_adaptive", true);
  if (!m.torus()) return std::make_unique<MeshAdaptiveRouting>(m);
  // The torus's own checks (routing.torus_deadlock=bubble, buffers of two packets), also when
  // a network is built without validate_config.
  if (const std::string e = topology_entry("torus")->check_routing(c); !e.empty())
    throw ConfigError(e);
  return std::make_unique<TorusAdaptiveBubbleRouting>(m);
}
}  // namespace

const std::vector<RoutingRegistryEntry>& mesh_routing_registry() {
  static const std::vector<RoutingRegistryEntry> registry = {
      {"dor", make_dor},
      {"mesh_adaptive", make_mesh_adaptive},
  };
  return registry;
}

}  // namespace netcosim
