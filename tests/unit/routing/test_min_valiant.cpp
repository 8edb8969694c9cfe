// MIN and VAL on the Dragonfly (sim/routing/dragonfly/min.h, valiant.h): the port of each hop
// and the VC of its position in the reference path (docs/model.md §4; thesis 000 Sec. 1.3):
// MIN l0-g0-l1, VAL l0-g0-l1-l2-g1-l3. The packet states are written by hand as the router's
// grant commit leaves them: kGlobalDoneInPhase after a global hop, the phase set to 1 at the
// intermediate router.
#include <gtest/gtest.h>

#include <vector>

#include "port_view_fake.h"
#include "sim/routing/dragonfly/min.h"
#include "sim/routing/dragonfly/paths.h"
#include "sim/routing/dragonfly/valiant.h"

using namespace netcosim;
using netcosim::test::FakePorts;

namespace {

struct Net {
  Dragonfly topo{2, 4, 2, Arrangement::Palmtree};
  FakePorts ports{topo, 4, 2};
  Rng rng{1, 2, 3};
};

// An l-g-l path from group 0 to group 2: the source router S is not the router Ag that holds
// group 0's global link to group 2, and the destination router D is not the router L it lands on.
TEST(MinRouting, ReferencePathVcsLocalZeroGlobalZeroLocalOne) {
  Net n;
  const MinRouting min(n.topo);
  const uint32_t j = n.topo.global_link_index(0, 2), Ag = j / 2, S = (Ag + 1) % 4;
  const uint32_t L = n.topo.peer(Ag, 5 + j % 2).router;
  const uint32_t D = 8 + (L % 4 + 1) % 4;
  Packet p;
  p.src = S * 2;
  p.dst = D * 2 + 1;
  RouteResult r = min.route(n.ports.at(S, 0), p, n.rng);
  EXPECT_EQ(r.port, n.topo.local_port(S, Ag));
  EXPECT_EQ(r.vcs, vc_bit(0));
  r = min.route(n.ports.at(Ag, 2), p, n.rng);
  EXPECT_EQ(r.port, 5 + j % 2);
  EXPECT_EQ(r.vcs, vc_bit(0));
  p.route.flags = Packet::kGlobalDoneInPhase;
  r = min.route(n.ports.at(L, 5), p, n.rng);
  EXPECT_EQ(r.port, n.topo.local_port(L % 4, D % 4));
  EXPECT_EQ(r.vcs, vc_bit(1));
  EXPECT_FALSE(r.nonminimal);
  r = min.route(n.ports.at(D, 2), p, n.rng);
  EXPECT_EQ(r.port, 1);  // the ejection port of node D*2 + 1
  EXPECT_EQ(r.vcs, vc_bit(0));
}

TEST(ValiantRouting, DrawsTheIntermediateAtTheSourceFromTheRoutersStream) {
  Net n;
  const ValiantRouting val(n.topo);
  Packet p;
  p.src = 0;
  p.dst = 20;
  Rng copy = n.rng;
  const uint32_t mid = copy.below(n.topo.routers());
  const RouteResult r = val.route(n.ports.at(0, 0), p, n.rng);
  EXPECT_EQ(r.set_intermediate, mid);
}

// Phase 1 local hops use VC 2 (before the global hop) and 3 (after); the phase-1 global hop VC 1.
// In the intermediate group 6, router Ag holds the group's global link to the destination group 2;
// the packet is at router `here` and its intermediate router is `mid`, both other than Ag.
TEST(ValiantRouting, ReferencePathVcsOfBothPhases) {
  Net n;
  const ValiantRouting val(n.topo);
  const uint32_t j = n.topo.global_link_index(6, 2), Ag = 24 + j / 2;
  const uint32_t here = Ag == 24 ? 25 : 24;
  uint32_t mid = 24;
  while (mid == Ag || mid == here) ++mid;
  Packet p;
  p.src = 0;
  p.dst = 20;  // router 10, group 2
  p.route.intermediate = mid;
  // Phase 0 after its global hop: local towards mid on VC 1, off the minimal path (towards Ag).
  p.route.flags = Packet::kGlobalDoneInPhase;
  RouteResult r = val.route(n.ports.at(here, 5), p, n.rng);
  EXPECT_EQ(r.port, n.topo.local_port(here % 4, mid % 4));
  EXPECT_EQ(r.vcs, vc_bit(1));
  EXPECT_TRUE(r.nonminimal);
  EXPECT_EQ(r.set_phase, 0xff);
  // At the intermediate router: phase 1 starts (the flag cleared): local towards Ag on VC 2.
  r = val.route(n.ports.at(mid, 2), p, n.rng);
  EXPECT_EQ(r.set_phase, 1);
  EXPECT_EQ(r.port, n.topo.local_port(mid % 4, Ag % 4));
  EXPECT_EQ(r.vcs, vc_bit(2));
  EXPECT_FALSE(r.nonminimal);
  // Phase 1 at Ag: the global hop on VC 1.
  p.route.phase = 1;
  p.route.flags = 0;
  r = val.route(n.ports.at(Ag, 2), p, n.rng);
  EXPECT_EQ(r.port, 5 + j % 2);
  EXPECT_EQ(r.vcs, vc_bit(1));
  // Phase 1 after its global hop, in group 2 at router 8: local VC 3.
  p.route.flags = Packet::kGlobalDoneInPhase;
  r = val.route(n.ports.at(8, 5), p, n.rng);
  EXPECT_EQ(r.port, n.topo.local_port(0, 2));
  EXPECT_EQ(r.vcs, vc_bit(3));
}

// A hop of phase 0 that also lies on the minimal path is not nonminimal.
TEST(ValiantRouting, PhaseZeroHopOnTheMinimalPathIsMinimal) {
  Net n;
  const ValiantRouting val(n.topo);
  Packet p;
  p.src = 0;
  p.dst = 3;  // router 1, group 0
  p.route.intermediate = 1;
  const RouteResult r = val.route(n.ports.at(0, 0), p, n.rng);
  EXPECT_EQ(r.port, n.topo.min_output(0, 1));
  EXPECT_FALSE(r.nonminimal);
}

}  // namespace

namespace {

// From router 5 (group 1 of h2) to node 14 (router 7, the same group): the Valiant modes that draw
// outside the source group route it minimally, with the destination router as the intermediate and
// no draw from the router's stream.
void expect_minimal_within_source_group(const ValiantRouting& val, Net& n, Packet p) {
  p.dst = 14;
  Rng before = n.rng;
  const RouteResult r = val.route(n.ports.at(5, 0), p, n.rng);
  EXPECT_EQ(r.set_intermediate, 7u);
  EXPECT_EQ(r.port, n.topo.min_output(5, 7));
  EXPECT_FALSE(r.nonminimal);
  EXPECT_EQ(n.rng.below(1000), before.below(1000));  // the stream was not used
}

// routing.valiant=outside_source_group: the intermediate is drawn among the routers of the other
// groups (k-th of them, in router order, from the router's stream), and traffic within the source
// group is routed minimally (a Valiant path through the destination router).
TEST(ValiantRouting, OutsideSourceGroupDrawsAmongTheOtherGroupsRouters) {
  Net n;
  const ValiantRouting val(n.topo, ValiantMode::OutsideSourceGroup);
  Packet p;
  p.src = 10;  // router 5, group 1 (routers 4..7)
  p.dst = 20;  // router 10, group 2
  for (int draw = 0; draw < 200; ++draw) {
    Rng copy = n.rng;
    const uint32_t k = copy.below(n.topo.routers() - 4);
    const uint32_t expect = k < 4 ? k : k + 4;  // skips routers 4..7
    const RouteResult r = val.route(n.ports.at(5, 0), p, n.rng);
    ASSERT_EQ(r.set_intermediate, expect);
    ASSERT_NE(n.topo.group_of_router(r.set_intermediate), 1u);
  }
  expect_minimal_within_source_group(val, n, p);
}

// routing.valiant=current_router (CRG at router level, thesis 000 Sec. 1.4.3; Ch. 3's Obl-CRG).
// h2 palmtree (a = 4, h = 2, g = 9): global link j = A*h + k of group G reaches group
// (G - (j + 1)) mod 9, so router 5 (group 1, A = 1) reaches group 7 on link k = 0 (j = 2) and
// group 6 on k = 1 (j = 3). The draw d = below(h*a) = below(8) takes link d / 4 and router index
// d % 4 there: d = 0..3 -> routers 28..31, d = 4..7 -> routers 24..27; the first hop is that
// global link (no local hop in the source group) on global VC 0.
TEST(ValiantRouting, CurrentRouterDrawsAmongTheRoutersOfTheGroupsTheSourceRouterReaches) {
  Net n;
  const ValiantRouting val(n.topo, ValiantMode::CurrentRouter);
  EXPECT_STREQ(val.vc_order().reference, "l0-g0-l1-l2-g1-l3");
  Packet p;
  p.src = 10;  // router 5, group 1
  p.dst = 20;  // router 10, group 2
  std::vector<uint32_t> hits(n.topo.routers(), 0);
  for (int draw = 0; draw < 400; ++draw) {
    Rng copy = n.rng;
    const uint32_t d = copy.below(8);
    const uint32_t expect = d < 4 ? 28 + d : 24 + (d - 4);
    const RouteResult r = val.route(n.ports.at(5, 0), p, n.rng);
    ASSERT_EQ(r.set_intermediate, expect);
    ASSERT_EQ(r.port, n.topo.first_global_port() + d / 4);
    ASSERT_EQ(r.vcs, vc_bit(0));
    EXPECT_TRUE(r.nonminimal_decision);
    ++hits[r.set_intermediate];
  }
  for (uint32_t R = 0; R < n.topo.routers(); ++R)
    EXPECT_EQ(hits[R] > 0, R >= 24 && R < 32) << R;  // every one of the 8, no other
  expect_minimal_within_source_group(val, n, p);
}

// The mapping of the draw itself, d -> router, for every d of router 5 (the same hand-derived
// table) and of router 0 (group 0, A = 0: j = 0 -> group 8, j = 1 -> group 7).
TEST(ValiantRouting, CurrentRouterIntermediateMapsEachDrawToOneRouter) {
  const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  const std::vector<uint32_t> r5 = {28, 29, 30, 31, 24, 25, 26, 27};
  const std::vector<uint32_t> r0 = {32, 33, 34, 35, 28, 29, 30, 31};
  for (uint32_t d = 0; d < 8; ++d) {
    EXPECT_EQ(current_router_intermediate(topo, 5, d), r5[d]) << d;
    EXPECT_EQ(current_router_intermediate(topo, 0, d), r0[d]) << d;
  }
}

// routing.valiant=group (VAL-group, thesis Sec. 1.4.1) with the draw other than the source and
// destination groups: the intermediate group is the k-th group other than them; the path is
// l0-g0-l1-g1-l2, every hop's VC being the global hops done so far.
TEST(ValiantRouting, GroupVariantPathAndVcs) {
  Net n;
  const ValiantRouting val(n.topo, ValiantMode::Group, false,
                           GroupDraw::OtherThanSourceAndDestination);
  EXPECT_STREQ(val.vc_order().reference, "l0-g0-l1-g1-l2");
  Packet p;
  p.src = 2;   // router 1, group 0
  p.dst = 20;  // router 10, group 2
  Rng copy = n.rng;
  const uint32_t k = copy.below(n.topo.groups() - 2);
  const uint32_t group = k + 1 >= 2 ? k + 2 : k + 1;  // the k-th group skipping groups 0 and 2
  RouteResult r = val.route(n.ports.at(1, 0), p, n.rng);
  ASSERT_EQ(r.set_intermediate, group);
  EXPECT_EQ(r.port, port_towards_group(n.topo, 1, group));
  EXPECT_EQ(r.vcs, vc_bit(0));
  EXPECT_EQ(r.port != n.topo.min_output(1, 10), r.nonminimal);
  // Landed in the intermediate group after one global hop: minimally to the destination, VC 1.
  p.route.intermediate = group;
  p.set_hops(df::kGlobal, 1);
  const uint32_t landed = group * 4;  // any router of the group
  r = val.route(n.ports.at(landed, 5), p, n.rng);
  EXPECT_EQ(r.port, n.topo.min_output(landed, 10));
  EXPECT_EQ(r.vcs, vc_bit(1));
  EXPECT_FALSE(r.nonminimal);
  // In the destination group after the second global hop: the local hop on VC 2.
  p.set_hops(df::kGlobal, 2);
  r = val.route(n.ports.at(8, 5), p, n.rng);
  EXPECT_EQ(r.port, n.topo.min_output(8, 10));
  EXPECT_EQ(r.vcs, vc_bit(2));
  r = val.route(n.ports.at(10, 2), p, n.rng);
  EXPECT_EQ(r.port, n.topo.port_of_node(20));  // ejection
}

// routing.valiant_group_draw=current_router (CRG, thesis 000 Sec. 1.4.3; Ch. 3's Obl-CRG): the
// intermediate group is one of the h groups the source router's global links reach, drawn
// below(h), so the first hop is that global link; traffic within the group draws nothing.
TEST(ValiantRouting, CurrentRouterGroupDrawLeavesOnTheSourceRoutersGlobalLink) {
  Net n;
  const ValiantRouting val(n.topo, ValiantMode::Group, false, GroupDraw::CurrentRouter);
  Packet p;
  p.src = 2;   // router 1, group 0 (index 1)
  p.dst = 20;  // router 10, group 2
  for (int draw = 0; draw < 50; ++draw) {
    Rng copy = n.rng;
    const uint32_t k = copy.below(n.topo.h());
    const RouteResult r = val.route(n.ports.at(1, 0), p, n.rng);
    ASSERT_EQ(r.set_intermediate, n.topo.global_target_group(0, 1, k));
    ASSERT_EQ(r.port, n.topo.first_global_port() + k);
  }
  p.dst = 6;  // router 3, the source group: minimal, no draw
  Rng before = n.rng;
  const RouteResult r = val.route(n.ports.at(1, 0), p, n.rng);
  EXPECT_EQ(r.set_intermediate, 0u);
  EXPECT_EQ(r.port, n.topo.min_output(1, 3));
  EXPECT_EQ(n.rng.below(1000), before.below(1000));
}

// routing.valiant_group_draw=other_than_source (FOGSim's VAL-group): the k-th group other than the
// source group, the destination group included. The draw below(g - 1) = k maps onto the g - 1
// other groups one to one (k < S: k; else k + 1), so the intermediate group is uniform over
// them: each of the 8 other groups of h2 comes from exactly one k, the destination's included.
TEST(ValiantGroupDraw, OtherThanSourceMapsEveryDrawToOneOtherGroupDestinationIncluded) {
  const uint32_t groups = 9;
  for (uint32_t S = 0; S < groups; ++S) {
    std::vector<uint32_t> hits(groups, 0);
    for (uint32_t k = 0; k + 1 < groups; ++k) ++hits[group_other_than(k, S)];
    for (uint32_t G = 0; G < groups; ++G) EXPECT_EQ(hits[G], G == S ? 0u : 1u) << S << " " << G;
  }
  // The older draw, other than the source and the destination: below(g - 2) onto g - 2 groups.
  std::vector<uint32_t> hits(groups, 0);
  for (uint32_t k = 0; k + 2 < groups; ++k) ++hits[group_other_than(k, 0, 2)];
  EXPECT_EQ(hits, (std::vector<uint32_t>{0, 1, 0, 1, 1, 1, 1, 1, 1}));
}

// The routing draws from the router's stream as the mapping above says. Drawing the destination
// group gives the minimal path (no nonminimal hop, a nonminimal decision all the same); traffic
// within the source group draws nothing and is routed minimally on local VC 0.
TEST(ValiantRouting, GroupVariantFogsimDrawAllowsTheDestinationGroupAndKeepsGroupTrafficMinimal) {
  Net n;
  const ValiantRouting val(n.topo, ValiantMode::Group, false, GroupDraw::OtherThanSource);
  Packet p;
  p.src = 2;   // router 1, group 0
  p.dst = 20;  // router 10, group 2
  bool destination_drawn = false;
  for (int draw = 0; draw < 200; ++draw) {
    Rng copy = n.rng;
    const uint32_t group = group_other_than(copy.below(n.topo.groups() - 1), 0);
    const RouteResult r = val.route(n.ports.at(1, 0), p, n.rng);
    ASSERT_EQ(r.set_intermediate, group);
    EXPECT_TRUE(r.nonminimal_decision);
    EXPECT_EQ(r.port, port_towards_group(n.topo, 1, group));
    EXPECT_EQ(r.vcs, vc_bit(0));
    if (group == 2) {
      destination_drawn = true;
      EXPECT_EQ(r.port, n.topo.min_output(1, 10));
      EXPECT_FALSE(r.nonminimal);
    }
  }
  EXPECT_TRUE(destination_drawn);  // 200 draws of 1 in 8
  p.dst = 6;                       // router 3, group 0
  Rng before = n.rng;
  const RouteResult r = val.route(n.ports.at(1, 0), p, n.rng);
  EXPECT_EQ(r.set_intermediate, 0u);  // its own group: the minimal path
  EXPECT_FALSE(r.nonminimal_decision);
  EXPECT_EQ(r.port, n.topo.local_port(1, 3));
  EXPECT_EQ(r.vcs, vc_bit(0));
  EXPECT_FALSE(r.nonminimal);
  EXPECT_EQ(n.rng.below(1000), before.below(1000));  // the stream was not used
}

TEST(ValiantRouting, RecomputeMakesAWaitingHeadDrawAgain) {
  Net n;
  EXPECT_FALSE(ValiantRouting(n.topo).adaptive());  // routed once per hop
  EXPECT_TRUE(ValiantRouting(n.topo, ValiantMode::Any, true).adaptive());
}

}  // namespace
