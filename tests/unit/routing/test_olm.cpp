// OLM's minimal hops on an uncongested port view (every output with all its credits, so no
// trigger fires): the VC of each hop by FOGSim's rule (thesis 000 Sec. 1.4.2, Fig. 1.15; olm.h):
// from an injection port VC 0; a local-to-global hop keeps the input VC; a global-to-local or
// minimal local-to-local hop takes the input VC + 1. On an l-g-l-g-l path (through an
// intermediate group) that is the reference l0-g0-l1-g1-l2 of 3 local / 2 global VCs.
#include <gtest/gtest.h>

#include "port_view_fake.h"
#include "sim/config/config.h"
#include "sim/routing/dragonfly/olm.h"
#include "sim/routing/routing.h"

using namespace netcosim;
using netcosim::test::FakePorts;

namespace {

struct Net {
  Dragonfly topo{2, 4, 2, Arrangement::Palmtree};
  FakePorts ports{topo, 3, 2};
  Rng rng{1, 2, 3};
  OlmRouting<CreditTrigger> olm{topo, CreditTrigger(50, 0), std::make_unique<MmPolicy>()};
  RouteResult route(uint32_t router, uint32_t in_port, uint32_t in_vc, const Packet& p) {
    return olm.route(ports.at(router, in_port, in_vc), p, rng);
  }
};

TEST(OlmRouting, InjectionHopTakesVcZero) {
  Net n;
  Packet p;
  p.src = 0;
  p.dst = 20;  // group 2
  const RouteResult r = n.route(0, 0, 0, p);
  EXPECT_EQ(r.port, n.topo.min_output(0, 10));
  EXPECT_EQ(r.vcs, vc_bit(0));
  EXPECT_FALSE(r.nonminimal);
}

TEST(OlmRouting, LocalToGlobalKeepsTheInputVc) {
  Net n;
  Packet p;
  p.src = 0;
  p.dst = 20;
  p.set_hops(df::kLocal, 1);
  const uint32_t j = n.topo.global_link_index(0, 2), Ag = j / 2;
  const RouteResult r = n.route(Ag, 2, 0, p);
  EXPECT_EQ(r.port, 5 + j % 2);
  EXPECT_EQ(r.vcs, vc_bit(0));
  EXPECT_NE(r.clear_flags & Packet::kLocalMisroutedInGroup, 0);  // a new group starts
}

// Towards an intermediate group 6 (set at the source): after the global hop into group 6, at a
// router of it, the packet is in its intermediate group: kReachedIntermediate is set and the hop
// towards the destination group's link is local on the input VC + 1; from there the local-to-
// global hop keeps VC 1, and the global-to-local hop in the destination group takes VC 2.
TEST(OlmRouting, ReferencePathThroughAnIntermediateGroup) {
  Net n;
  Packet p;
  p.src = 0;
  p.dst = 20;  // router 10, group 2
  p.route.intermediate = 6;
  p.set_hops(df::kGlobal, 1);
  const uint32_t j = n.topo.global_link_index(6, 2), Ag = 24 + j / 2;
  const uint32_t here = Ag == 24 ? 25 : 24;
  RouteResult r = n.route(here, 5, 0, p);
  EXPECT_NE(r.set_flags & Packet::kReachedIntermediate, 0);
  EXPECT_EQ(r.port, n.topo.min_output(here, 10));
  EXPECT_EQ(n.topo.port_class(r.port), df::kLocal);
  EXPECT_EQ(r.vcs, vc_bit(1));
  p.route.flags |= Packet::kReachedIntermediate;
  r = n.route(Ag, 2, 1, p);
  EXPECT_EQ(r.port, 5 + j % 2);
  EXPECT_EQ(r.vcs, vc_bit(1));
  p.set_hops(df::kGlobal, 2);
  const uint32_t L = n.topo.peer(Ag, 5 + j % 2).router;
  if (L != 10) {
    r = n.route(L, 5, 1, p);
    EXPECT_EQ(r.port, n.topo.min_output(L, 10));
    EXPECT_EQ(r.vcs, vc_bit(2));
  }
  r = n.route(10, 2, 2, p);
  EXPECT_EQ(r.port, 0);  // ejection of node 20
}

// Towards its intermediate group the packet's minimal hop is the first hop towards that group.
TEST(OlmRouting, BeforeTheIntermediateGroupTheMinimalHopLeadsToIt) {
  Net n;
  Packet p;
  p.src = 0;
  p.dst = 20;
  p.route.intermediate = 6;
  const RouteResult r = n.route(0, 0, 0, p);
  const uint32_t j = n.topo.global_link_index(0, 6);
  EXPECT_EQ(r.port, j / 2 == 0 ? 5 + j % 2 : n.topo.local_port(0, j / 2));
  EXPECT_EQ(r.set_flags & Packet::kReachedIntermediate, 0);
}

TEST(OlmRouting, SensorsAreTheTriggers) {
  const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  const OlmRouting credit(topo, CreditTrigger(50, 0), std::make_unique<MmPolicy>());
  EXPECT_FALSE(credit.sensor_needs().contention);
  const OlmRouting base(topo, ContentionTrigger(6), std::make_unique<MmPolicy>());
  EXPECT_TRUE(base.sensor_needs().contention);
}

// Under FlexVC (thesis 000 Fig. 5.14's "In-transit"; docs/model.md §4.6) the credit trigger senses
// the VC of the hop's set JSQ would take, the one with the fewest phits downstream: with VC 0 of
// the minimal output full and VC 1 empty the head stays minimal (the lowest VC would have
// triggered a global misroute at injection); with both full it misroutes.
TEST(OlmRouting, FlexVcCreditTriggerSensesTheJsqVcOfTheSet) {
  Config c;  // the embedded h2 Dragonfly, 2/4/2 palm tree
  c.set_override("router.vc_management=flexvc");
  c.set_override("routing.algorithm=olm");
  c.set_override("routing.trigger=credit");
  c.set_override("router.vcs_local=3");
  c.set_override("router.vcs_global=2");
  const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  const auto olm = make_routing(c, topo);
  FakePorts ports(topo, 3, 2);
  Rng rng(1, 2, 3);
  // A destination in another group whose minimal output at router 0 is local (no global-link
  // restriction on it).
  uint32_t dst_router = 0;
  for (uint32_t r = topo.a(); r < topo.routers(); ++r)
    if (topo.port_class(topo.min_output(0, r)) == df::kLocal) {
      dst_router = r;
      break;
    }
  ASSERT_NE(dst_router, 0u);
  const uint32_t min_port = topo.min_output(0, dst_router);
  Packet p;
  p.src = 0;
  p.dst = dst_router * topo.p();
  const RouteResult free = olm->route(ports.at(0, 0), p, rng);
  EXPECT_EQ(free.port, min_port);
  ASSERT_EQ(free.vcs & 3u, 3u);  // l0 and l1 both allowed on the minimal first hop
  ports.occupy(min_port, 0, ports.capacity(min_port));
  const RouteResult one_full = olm->route(ports.at(0, 0), p, rng);
  EXPECT_EQ(one_full.port, min_port);
  EXPECT_FALSE(one_full.nonminimal);
  for (uint32_t v = 1; v < 3; ++v) ports.occupy(min_port, v, ports.capacity(min_port));
  const RouteResult all_full = olm->route(ports.at(0, 0), p, rng);
  EXPECT_NE(all_full.port, min_port);
  EXPECT_TRUE(all_full.nonminimal);
}

}  // namespace
