// What the Dragonfly's routing algorithms share: the VC of a hop on a path made of minimal
// subpaths, a hop of a Valiant path, the first hop towards a group, a group other than two given
// ones, and the downstream occupancy a decision senses (thesis 000 Sec. 1.3-1.4).
#pragma once

#include <cstdint>

#include "sim/link/packet.h"
#include "sim/routing/dragonfly/flexvc_vcs.h"
#include "sim/routing/port_view.h"
#include "sim/routing/routing.h"
#include "sim/topology/dragonfly.h"

namespace netcosim {

// Distance-based VC of a hop in phase `phase` (0 or 1) of a path made of minimal subpaths (MIN
// l0-g0-l1, VAL l0-g0-l1-l2-g1-l3; docs/model.md §4): global hops use VC phase; local hops use
// 2*phase, or 2*phase+1 after the phase's global hop.
inline uint8_t phase_vc(const Dragonfly& topo, uint32_t port, const Packet& pkt) {
  if (topo.port_class(port) == df::kGlobal) return pkt.route.phase;
  return static_cast<uint8_t>(2 * pkt.route.phase +
                              ((pkt.route.flags & Packet::kGlobalDoneInPhase) ? 1 : 0));
}

// The hop at `router` of a Valiant path through `view.route.intermediate` (set): minimally towards
// it in phase 0, then minimally to the destination in phase 1 (VAL's VCs). `r` carries what the
// caller already decided (the intermediate drawn at the source). Inline: it is the in-transit hop
// of VAL, UGAL and PiggyBack. Under FlexVC (`flex` on) the hop's VCs are those of its path: the
// rest to the intermediate and from it to the destination (safe from the input VC `q.in_vc`),
// else its escape (flexvc_vcs.h).
inline RouteResult valiant_hop(const Dragonfly& topo, const DragonflyFlexVc& flex,
                               const PortView& q, Packet view, RouteResult r) {
  const uint32_t router = q.router;
  const uint32_t dst_router = topo.router_of_node(view.dst);
  RoutingWord& w = view.route;
  if (w.phase == 0 && router == w.intermediate) {
    w.phase = 1;
    w.flags &= static_cast<uint8_t>(~Packet::kGlobalDoneInPhase);
    r.set_phase = 1;
  }
  if (w.phase == 1 && router == dst_router) {
    r.port = static_cast<uint8_t>(topo.port_of_node(view.dst));
    return r;
  }
  const uint32_t target = w.phase == 0 ? w.intermediate : dst_router;
  r.port = static_cast<uint8_t>(topo.min_output(router, target));
  if (flex.on()) {
    TypePath rest = flex.min_path(router, target).tail();
    if (w.phase == 0) rest.append(flex.min_path(target, dst_router));
    const DragonflyFlexVc::Hop h =
        flex.hop(router, r.port, rest, dst_router, flex.position(q), view.cls);
    r.vcs = h.vcs;
    r.opportunistic = h.opportunistic;
  } else {
    r.vcs = vc_bit(phase_vc(topo, r.port, view));
  }
  r.nonminimal =
      w.phase == 0 && (router == dst_router || r.port != topo.min_output(router, dst_router));
  return r;
}

// The Valiant intermediate of VAL, UGAL and PiggyBack (routing.valiant; thesis 000 Sec. 1.4.1):
// a router anywhere, a router outside the source group (traffic within the source group routed
// minimally), a group (VAL-group, l0-g0-l1-g1-l2: 3/2 VCs), or a router of one of the h groups
// the source router's own global links reach (CRG at router level, thesis 000 Sec. 1.4.3, Ch. 3's
// Obl-CRG and Src-CRG; traffic within the source group routed minimally).
enum class ValiantMode : uint8_t { Any, OutsideSourceGroup, Group, CurrentRouter };

// How VAL-group draws its intermediate group (routing.valiant_group_draw): uniformly among the
// groups other than the source group, the destination group allowed (the path is then minimal)
// and traffic within a group routed minimally (FOGSim's VAL and PB, releases 4-5: a Valiant node
// outside the source group, in it for traffic within it, "reached" in its group); or among the
// groups other than the source and destination groups, traffic within a group through another
// group as well; or CRG at group level (thesis 000 Sec. 1.4.3; Ch. 3's tables use the router-level
// draw, ValiantMode::CurrentRouter): among the h groups
// the source router's own global links reach, so the path leaves the source group on its first
// hop (traffic within a group routed minimally; a drawn destination group is the minimal path).
enum class GroupDraw : uint8_t { OtherThanSource, OtherThanSourceAndDestination, CurrentRouter };

// The `draw`-th group (draw < groups - 1) in increasing order among the groups other than x.
inline uint32_t group_other_than(uint32_t draw, uint32_t x) {
  return draw < x ? draw : draw + 1;
}

// CRG at router level (ValiantMode::CurrentRouter; thesis 000 Sec. 1.4.3: "only those groups that
// are directly linked to the current (source) router are candidates"): the draw-th (draw < h*a)
// router of the h groups router R's global links reach, its global link k = draw / a and the
// router index draw % a in the group that link reaches. Uniform over the h*a routers.
inline uint32_t current_router_intermediate(const Dragonfly& topo, uint32_t R, uint32_t draw) {
  const uint32_t a = topo.a();
  const uint32_t Gi =
      topo.global_target_group(topo.group_of_router(R), topo.index_in_group(R), draw / a);
  return Gi * a + draw % a;
}

// The router of group `Gi` on which the global link from group G (!= Gi) lands.
inline uint32_t landing_router(const Dragonfly& topo, uint32_t G, uint32_t Gi) {
  return Gi * topo.a() + topo.global_link_index(Gi, G) / topo.h();
}

// minCred's occupancy (thesis 000 Sec. 5.2.4): the downstream phits of minimally routed packets
// only, of output (port, vc) or summed over the port's VCs; 0 at an ejection port.
inline uint32_t sensed_min_occupancy(const PortView& q, uint32_t port, uint32_t vc, bool per_port) {
  const PortClass kind = q.port_class(port);
  if (kind == kInjectionClass) return 0;
  return per_port ? q.port_min_occupancy(port) : q.downstream_min_occupancy(port, vc);
}

// The VC of `vcs` whose downstream buffer at `port` holds the fewest phits, ties to the highest
// VC: the VC the JSQ selector would take, whose occupancy UGAL and PiggyBack sense under FlexVC
// (as FOGSim's nextChannel; docs/model.md §4.5). 0 for an empty mask.
inline uint8_t least_occupied_vc(const PortView& q, uint32_t port, uint16_t vcs) {
  uint8_t best = 0;
  uint32_t best_occ = UINT32_MAX;
  for (uint32_t m = vcs; m != 0; m &= m - 1) {
    const auto v = static_cast<uint32_t>(__builtin_ctz(m));
    const uint32_t occ = q.downstream_occupancy(port, v);
    if (occ <= best_occ) {
      best = static_cast<uint8_t>(v);
      best_occ = occ;
    }
  }
  return best;
}

// The first hop at `router` towards group `target` (not the router's own group).
inline uint32_t port_towards_group(const Dragonfly& topo, uint32_t router, uint32_t target) {
  const uint32_t G = topo.group_of_router(router), A = topo.index_in_group(router);
  const uint32_t j = topo.global_link_index(G, target);
  const uint32_t Ag = j / topo.h();
  return Ag == A ? topo.first_global_port() + j % topo.h() : topo.local_port(A, Ag);
}

// The `draw`-th group (draw < groups - 2) in increasing order among the groups other than x and
// y (x != y): a random intermediate group outside the source and destination groups.
inline uint32_t group_other_than(uint32_t draw, uint32_t x, uint32_t y) {
  const uint32_t lo = x < y ? x : y, hi = x < y ? y : x;
  if (draw >= lo) ++draw;
  if (draw >= hi) ++draw;
  return draw;
}

// VAL-group's path from `router` (before its global hop) through `group` to `dst_router`, as link
// types for FlexVC: the hops to the group and the minimal path from the router its global link
// lands on.
inline TypePath group_path(const Dragonfly& topo, const DragonflyFlexVc& flex, uint32_t router,
                           uint32_t group, uint32_t dst_router) {
  TypePath p;
  for (uint32_t r = router;;) {
    const uint32_t port = port_towards_group(topo, r, group);
    p.push_back(static_cast<flexvc::LinkType>(topo.port_class(port)));
    r = topo.peer(r, port).router;
    if (topo.port_class(port) == df::kGlobal) {
      p.append(flex.min_path(r, dst_router));
      return p;
    }
  }
}

// The hop at `router` of a VAL-group path through intermediate group `group` (thesis 000 Sec.
// 1.4.1): minimally to the group before the first global hop, then minimally to the destination;
// every hop's VC is the number of global hops done so far (l0-g0-l1-g1-l2). An intermediate
// group equal to the router's own group (traffic within a group, or a minimal decision of UGAL or
// PiggyBack) is the minimal path. `r` carries what the caller already decided.
inline RouteResult valiant_group_hop(const Dragonfly& topo, const DragonflyFlexVc& flex,
                                     const PortView& q, const Packet& pkt, uint32_t group,
                                     RouteResult r) {
  const uint32_t router = q.router;
  const uint32_t dst_router = topo.router_of_node(pkt.dst);
  const uint32_t global_hops = pkt.hops(df::kGlobal);
  if (global_hops == 0 && group != topo.group_of_router(router)) {
    r.port = static_cast<uint8_t>(port_towards_group(topo, router, group));
    r.vcs = vc_bit(0);
    r.nonminimal = router == dst_router || r.port != topo.min_output(router, dst_router);
    if (flex.on()) {  // FlexVC: the hops to the group, then minimally (flexvc_vcs.h)
      const DragonflyFlexVc::Hop h =
          flex.hop(router, r.port, group_path(topo, flex, router, group, dst_router).tail(),
                   dst_router, flex.position(q), pkt.cls);
      r.vcs = h.vcs;
      r.opportunistic = h.opportunistic;
    }
    return r;
  }
  if (router == dst_router) {
    r.port = static_cast<uint8_t>(topo.port_of_node(pkt.dst));
    return r;
  }
  r.port = static_cast<uint8_t>(topo.min_output(router, dst_router));
  r.vcs = flex.on() ? flex.minimal(router, r.port, dst_router, pkt.cls)
                    : vc_bit(static_cast<uint8_t>(global_hops));
  return r;
}

// Downstream occupancy of output (port, vc) in phits, from the credits; with `per_port`, summed
// over the port's VCs (thesis 000 Sec. 5.2.4). 0 at an ejection port: the node always accepts.
inline uint32_t sensed_occupancy(const PortView& q, uint32_t port, uint32_t vc, bool per_port) {
  const PortClass kind = q.port_class(port);
  if (kind == kInjectionClass) return 0;
  return per_port ? q.port_occupancy(port) : q.downstream_occupancy(port, vc);
}

}  // namespace netcosim
