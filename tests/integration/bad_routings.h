// Routings that break deadlock avoidance on purpose, for the tests of the VC-order checker and
// of the deadlock report (tests/integration/test_vc_order.cpp, test_deadlock_report.cpp,
// tests/sc/test_sc_failures.cpp).
#pragma once

#include "sim/routing/dragonfly/dragonfly_routing.h"
#include "sim/routing/dragonfly/valiant.h"

namespace netcosim::test {

// MIN's path with its two local VCs swapped: the source group's local hop on VC 1, the
// destination group's on VC 0, while declaring MIN's order l0-g0-l1. The first router-to-router
// hop of an l-g-l path (local VC 1 -> global VC 0) violates it.
class SwappedMinRouting final : public DragonflyRouting {
 public:
  using DragonflyRouting::DragonflyRouting;
  const char* name() const override { return "swapped-min"; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng&) const override {
    RouteResult r;
    const uint32_t dst_router = topo_.router_of_node(pkt.dst);
    if (q.router == dst_router) {
      r.port = static_cast<uint8_t>(topo_.port_of_node(pkt.dst));
      return r;
    }
    r.port = static_cast<uint8_t>(topo_.min_output(q.router, dst_router));
    if (topo_.port_class(r.port) == df::kLocal)
      r.vcs = vc_bit((pkt.route.flags & Packet::kGlobalDoneInPhase) ? 0 : 1);
    return r;
  }
  VcOrder vc_order() const override { return df_vc_order("l0-g0-l1"); }
};

// VAL's paths with every hop on VC 0: no order of the channels, so at full load under ADV+1 the
// buffers fill and close cycles of credit dependencies. Declares no VC order (not checked).
class ValiantOnVc0 final : public DragonflyRouting {
 public:
  explicit ValiantOnVc0(const Dragonfly& topo) : DragonflyRouting(topo), val_(topo) {}
  const char* name() const override { return "val-vc0"; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override {
    RouteResult r = val_.route(q, pkt, rng);
    r.vcs = vc_bit(0);
    return r;
  }

 private:
  ValiantRouting val_;
};

// The default (h2) topology, for routings that must outlive a test's network.
inline const Dragonfly& h2_topology() {
  static const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  return topo;
}

}  // namespace netcosim::test
