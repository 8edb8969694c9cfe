// VAL on the Dragonfly (thesis 000 Sec. 1.4.1, Ch. 5; routing.valiant):
// - any (default): Valiant routing to a random intermediate router anywhere in the network, then
//   minimally to the destination (node/router Valiant, the thesis's VAL), VCs l0-g0-l1-l2-g1-l3;
// - outside_source_group: the intermediate router is drawn outside the source group, and traffic
//   within the source group is routed minimally (same VCs);
// - current_router: CRG at router level (thesis 000 Sec. 1.4.3, Ch. 3's Obl-CRG): the
//   intermediate router is drawn among the h*a routers of the h groups the source router's own
//   global links reach, so the first hop is one of them; traffic within the source group is
//   routed minimally (same VCs);
// - group: VAL-group, a random intermediate *group*, drawn as routing.valiant_group_draw says
//   (GroupDraw, paths.h): minimally to it, then minimally from the router the global link lands
//   on to the destination, which saves the local hop at an intermediate router and one VC:
//   l0-g0-l1-g1-l2 (3 local / 2 global VCs). Packet::intermediate holds the group.
// The intermediate is drawn at the source router from the router's stream; with
// routing.recompute_valiant a head that waits at its source router draws again every cycle (the
// Chapter 5 variant, as for PiggyBack).
#pragma once

#include "sim/routing/dragonfly/dragonfly_routing.h"
#include "sim/routing/dragonfly/paths.h"

namespace netcosim {

class ValiantRouting final : public DragonflyRouting {
 public:
  explicit ValiantRouting(const Dragonfly& topo, ValiantMode mode = ValiantMode::Any,
                          bool recompute = false, GroupDraw draw = GroupDraw::OtherThanSource)
      : DragonflyRouting(topo), mode_(mode), draw_(draw), recompute_(recompute) {}
  const char* name() const override { return "val"; }
  // Recomputing: a waiting head at its source router is routed again every cycle.
  bool adaptive() const override { return recompute_; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override;
  RouteResult escape(const PortView& q, const Packet& pkt) const override;
  VcOrder vc_order() const override {
    return order_of(mode_ == ValiantMode::Group ? "l0-g0-l1-g1-l2" : "l0-g0-l1-l2-g1-l3");
  }

 private:
  RouteResult route_group(const PortView& q, const Packet& pkt, Rng& rng) const;
  ValiantMode mode_;
  GroupDraw draw_;
  bool recompute_;
};

}  // namespace netcosim
