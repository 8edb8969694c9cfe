// Dimension-order routing (DOR) on meshes and tori (sim/topology/mesh.h; docs/model.md "Meshes
// and tori"; thesis 003 Sec. 5.5.2 and paper 004 Sec. 3 run DOR on their tori and meshes): x
// first, then y, then z; in each dimension the minimal direction (on a torus, + on a tie).
// VCs:
//   mesh: VC 0 (a mesh's DOR has no cyclic dependency); VC order "x0*-y0*-z0*";
//   torus, routing.torus_deadlock=dateline: in each dimension VC 0 until the packet crosses the
//     dimension's wrap-around link (coordinate D-1 -> 0 going +, 0 -> D-1 going -), VC 1 on that
//     hop and after it; a new dimension starts on VC 0 again. Known without packet state: the
//     packet entered the dimension at its source coordinate (DOR leaves later coordinates
//     untouched), and a + path from s has crossed the wrap exactly at coordinates < s. VC order
//     "x0*-x1*-y0*-y1*-z0*-z1*";
//   torus, routing.torus_deadlock=bubble: VC 0 only, and a packet entering a ring (from an
//     injection port or another dimension) needs room for two packets in the downstream VC,
//     continuing in the ring room for one (bubble flow control; thesis 003 Sec. 2 cites it
//     among the deadlock-avoidance techniques, paper 004 Sec. 3 uses it on its torus). The
//     router asks only for one packet's credits; when the bubble is missing the routing returns
//     its wait: the ring's output with no allowed VC (RouteResult::vcs = 0), which the VC
//     selector cannot choose, so the head does not request and is routed again the next cycle
//     (adaptive() is true). No other routing pays for it: the router's hot path is unchanged.
//     VC order "x0*-y0*-z0*".
// Trunks (topology.trunk = t >= 2 parallel links per direction; thesis 003 Sec. 4.4.1, 5.5.2):
// DOR chooses the direction as above, then the link of the trunk, routing.trunk_select:
//   destination (default): in dimension d, link (i + c*floor(r_dst / stride_d)) mod t, the
//     destination node's index among the nodes of its coordinates >= d (i its port, c nodes
//     per switch, r_dst its switch; in x, dst mod t): every packet to one destination takes one
//     path, in order, and the destinations a trunk reaches, runs of consecutive indices, are
//     shared out over its links in turn (as a subnet manager's per-destination forwarding tables
//     spread destinations over parallel links);
//   adaptive (CIOQ router): the link whose output VC (the dateline's, or VC 0) has the most free
//     downstream phits, ties to the first from the destination's link on; routed again every cycle
//     the head waits;
//   adaptive (IB/OPA switches, TrunkSelect::AtSwitch): route() returns the destination's link and
//     switch_trunk() names its trunk; the switch, which routes a packet once and keeps credits per
//     VL, replaces it by the trunk's link with the fewest phits of the packet's VL queued
//     (least_queued_link, sim/routing/routing.h; docs/model.md §7.2, §10.6).
// The VC rules (dateline, bubble) are those of the link's direction, the same on every link.
#pragma once

#include <string>

#include "sim/routing/routing.h"
#include "sim/topology/mesh.h"

namespace netcosim {

enum class TorusDeadlock : uint8_t { Dateline, Bubble };
enum class TrunkSelect : uint8_t { Destination, Adaptive, AtSwitch };

class DorRouting final : public RoutingAlgorithm {
 public:
  DorRouting(const Mesh& topo, TorusDeadlock deadlock,
             TrunkSelect trunk_select = TrunkSelect::Destination)
      : topo_(topo),
        deadlock_(deadlock),
        adaptive_trunk_(topo.trunk() > 1 && trunk_select == TrunkSelect::Adaptive),
        switch_trunk_(topo.trunk() > 1 && trunk_select == TrunkSelect::AtSwitch) {}
  const char* name() const override { return "dor"; }
  bool adaptive() const override { return bubble() || adaptive_trunk_; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override;
  uint32_t minimal_output(uint32_t router, const Packet& pkt) const override {
    const uint32_t dst_router = topo_.node_router(pkt.dst);
    return router == dst_router ? topo_.node_port(pkt.dst)
                                : dor_output(topo_, router, dst_router, pkt.dst);
  }
  VcOrder vc_order() const override {
    const bool dateline = topo_.torus() && !bubble();
    return VcOrder::from_reference(dateline ? "x0*-x1*-y0*-y1*-z0*-z1*" : "x0*-y0*-z0*",
                                   mesh::port_class_names());
  }
  bool bubble() const { return topo_.torus() && deadlock_ == TorusDeadlock::Bubble; }
  // TrunkSelect::AtSwitch: a network port's trunk; the VC rules are the direction's, so every link
  // of the trunk is as safe as the destination's.
  PortRange switch_trunk(uint32_t port) const override {
    if (!switch_trunk_ || port < topo_.nodes_per_switch()) return PortRange{port, 1};
    return PortRange{port - topo_.link_of_port(port), topo_.trunk()};
  }

  // The DOR output at `router` towards `dst_router` (!= router): the first dimension whose
  // coordinates differ, in its minimal direction (+ on a torus tie); of a trunk, the link of
  // trunk_link.
  static uint32_t dor_output(const Mesh& topo, uint32_t router, uint32_t dst_router,
                             uint32_t dst_node) {
    uint32_t d = 0;
    while (topo.coord(router, d) == topo.coord(dst_router, d)) ++d;
    return topo.port(d, plus_is_minimal(topo, d, topo.coord(router, d), topo.coord(dst_router, d)),
                     topo.trunk() == 1 ? 0 : trunk_link(topo, d, dst_router, dst_node));
  }
  // The link of a dimension-d trunk towards dst_node (routing.trunk_select=destination): its
  // index among the nodes of its coordinates >= d, mod topology.trunk. The coordinates below d
  // are the router's own (DOR has corrected them), so the trunk's destinations form runs of
  // consecutive indices, which take the links in turn; dst_node mod t would, in y, step by c*X
  // and can leave links idle (c = 1, t = 2, X even: one link of every y trunk).
  static uint32_t trunk_link(const Mesh& topo, uint32_t d, uint32_t dst_router, uint32_t dst_node) {
    const uint32_t index =
        topo.node_port(dst_node) + topo.nodes_per_switch() * (dst_router / topo.stride(d));
    return index % topo.trunk();
  }
  static bool plus_is_minimal(const Mesh& topo, uint32_t d, uint32_t cur, uint32_t dst) {
    if (!topo.torus()) return dst > cur;
    const uint32_t D = topo.dim(d), ahead = (dst + D - cur) % D;  // hops going +
    return ahead <= D - ahead;
  }
  // The dateline VC of the hop from coordinate `cur` over `port` of dimension d, for a packet
  // that entered the dimension at coordinate `src`: 1 once the path has crossed the wrap-around.
  static uint8_t dateline_vc(const Mesh& topo, uint32_t port, uint32_t cur, uint32_t src) {
    const uint32_t D = topo.dim(topo.dim_of_port(port));
    if (topo.is_plus(port)) return (cur + 1) % D < src ? 1 : 0;
    return (cur + D - 1) % D > src ? 1 : 0;
  }

 private:
  const Mesh& topo_;
  TorusDeadlock deadlock_;
  bool adaptive_trunk_;
  bool switch_trunk_;
};

// What mesh_adaptive on a mesh and on a torus share: the name, routed again every cycle the head
// waits, DOR's output as the minimal one; each gives its own route().
class AdaptiveMeshRouting : public RoutingAlgorithm {
 public:
  explicit AdaptiveMeshRouting(const Mesh& topo) : topo_(topo) {}
  const char* name() const override { return "mesh_adaptive"; }
  bool adaptive() const override { return true; }
  uint32_t minimal_output(uint32_t router, const Packet& pkt) const override {
    const uint32_t dst_router = topo_.node_router(pkt.dst);
    return router == dst_router ? topo_.node_port(pkt.dst)
                                : DorRouting::dor_output(topo_, router, dst_router, pkt.dst);
  }

 protected:
  const Mesh& topo_;
};

// Minimal adaptive routing on the mesh with an escape channel (Duato's protocol; paper 004
// Sec. 3 evaluates adaptive routing on meshes with 2 VCs): VCs >= 1 of the productive directions
// (one per dimension whose coordinates differ; every link of a trunk) are adaptive, and the head
// takes the one with the most free credits among those that can take it now (output_can_take;
// ties to the lowest port, then the lowest VC); when none can, it takes the escape channel, VC 0
// of the DOR output (of a trunk, DorRouting::trunk_link).
// Decided again every cycle the head waits. The escape channels (DOR on VC 0) are acyclic; the
// adaptive ones may form cycles, so no reference path of monotone positions describes it: the
// routing declares no VC order and sim.check does not check it (docs/model.md). On a torus,
// routing.algorithm=mesh_adaptive builds TorusAdaptiveBubbleRouting (below).
class MeshAdaptiveRouting final : public AdaptiveMeshRouting {
 public:
  using AdaptiveMeshRouting::AdaptiveMeshRouting;
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override;
};

// The adaptive bubble router on the torus (paper 004 Sec. 3: "adaptive in the second channel as
// in the adaptive bubble router [36]", Puente et al., JPDC 2001; docs/model.md §7.2):
// routing.algorithm=mesh_adaptive on topology.type=torus, with routing.torus_deadlock=bubble.
//   adaptive VCs >= 1 of every minimal direction of every dimension whose coordinates differ
//     (the shortest way round the ring; at the tie, distance D/2 on an even ring, both
//     directions; every link of a trunk): the (port, VC) with the most free downstream phits
//     among those that can take the packet now (output_can_take), ties to the lowest port, then
//     the lowest VC, as MeshAdaptiveRouting;
//   when none can, the escape channel: VC 0 of DOR's output (+ at the tie; of a trunk, DOR's
//     link), under bubble flow control. A packet enters the escape ring, and needs room for two
//     packets in the downstream VC 0, unless it arrived on VC 0 of the same dimension: from an
//     injection port, from another dimension, and from an adaptive VC of the same dimension
//     (it joins the escape ring as a new packet would); continuing on VC 0 needs room for one.
//     Without the bubble the head waits (RouteResult::vcs = 0, as DorRouting's bubble).
// Decided again every cycle the head waits. The escape rings are deadlock-free under the
// bubble and every adaptive VC can reach them (Duato's protocol); the adaptive VCs may form
// cycles, so the routing declares no VC order (sim.check does not check it).
class TorusAdaptiveBubbleRouting final : public AdaptiveMeshRouting {
 public:
  using AdaptiveMeshRouting::AdaptiveMeshRouting;
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override;
};

// The mesh or torus a routing of this folder is built on, else a ConfigError naming
// routing.algorithm=`algorithm` and the topology.
const Mesh& mesh_of(const Topology& topo, const std::string& algorithm, bool torus_allowed);
// The meshes' and tori's routings, in catalogue order (appended by routing_registry()).
const std::vector<RoutingRegistryEntry>& mesh_routing_registry();

}  // namespace netcosim
