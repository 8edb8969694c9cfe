// FlexVC on the Dragonfly's hops (sim/routing/dragonfly/flexvc_vcs.h): the VC masks of safe and
// opportunistic hops computed by hand from the reference sequences, the input VC's position that
// makes a hop safe (seed 002 Def. 1), the minimal paths' link types on a concrete h2 network, the
// configuration check against thesis 000 Table 5.3, and the VC-order checker's two FlexVC rules
// (sim/routing/vc_order.h), each shown to fire.
#include <gtest/gtest.h>

#include <string>

#include "../config/config_error.h"
#include "sim/routing/dragonfly/flexvc_vcs.h"
#include "sim/routing/routing.h"
#include "sim/util/failure.h"

using namespace netcosim;
using flexvc::kG;
using flexvc::kL;
using netcosim::test::error_of;

namespace {

TypePath path(std::initializer_list<flexvc::LinkType> types) {
  TypePath p;
  for (auto t : types) p.push_back(t);
  return p;
}

const Dragonfly& h2() {
  static const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  return topo;
}

}  // namespace

TEST(FlexVcDragonfly, TypePathKeysConcatenateAndDropTheirFirstHop) {
  const TypePath lgl = path({kL, kG, kL});
  EXPECT_EQ(lgl.key, 1u + 2 * 3 + 1 * 9);
  EXPECT_EQ(lgl.first(), kL);
  EXPECT_EQ(lgl.tail().key, path({kG, kL}).key);
  TypePath a = path({kL, kG});
  a.append(path({kL}));
  EXPECT_EQ(a.key, lgl.key);
  EXPECT_TRUE(TypePath{}.empty());
  EXPECT_TRUE(TypePath{}.tail().empty());
}

// 2/1: l0-g1-l2. 4/2: l0-g1-l2-l3-g4-l5 (local VCs at positions 0, 2, 3, 5; global at 1, 4).
// 3/2: l0-g1-l2-g3-l4.
TEST(FlexVcDragonfly, SafeAndOpportunisticMasksFollowTheReferenceSequence) {
  const DragonflyFlexVc f21(h2(), 2, 1), f42(h2(), 4, 2), f32(h2(), 3, 2);
  EXPECT_STREQ(f21.reference(), "l0-g1-l2");
  EXPECT_STREQ(f42.reference(), "l0-g1-l2-l3-g4-l5");
  // MIN 2/1: first local hop l0 only, the global hop g0, the last local hop both local VCs.
  EXPECT_EQ(f21.safe(kL, path({kG, kL}), 0), 0b1);
  EXPECT_EQ(f21.safe(kG, path({kL}), 0), 0b1);
  EXPECT_EQ(f21.safe(kL, path({}), 0), 0b11);
  // MIN 4/2: the first local hop up to l3 (VC 2), the global hop up to g4 (VC 1).
  EXPECT_EQ(f42.safe(kL, path({kG, kL}), 0), 0b111);
  EXPECT_EQ(f42.safe(kG, path({kL}), 0), 0b11);
  EXPECT_EQ(f42.safe(kL, path({kL, kG, kL}), 0), 0b11);
  // VAL 4/2 is safe: its first hop l0 only.
  EXPECT_EQ(f42.safe(kL, path({kG, kL, kL, kG, kL}), 0), 0b1);
  // VAL 3/2 is not safe; the first hop is opportunistic with the escape l-g-l after l0.
  EXPECT_EQ(f32.safe(kL, path({kG, kL, kL, kG, kL}), 0), 0);
  EXPECT_EQ(f32.opportunistic(kL, path({kL, kG, kL}), 0), 0b1);
  EXPECT_EQ(f32.opportunistic(kG, path({kL, kG, kL}), 0), 0b1);
  EXPECT_EQ(f32.opportunistic(kL, path({kG, kL}), 0), 0b11);
  // Nothing embeds three global hops.
  EXPECT_EQ(f42.safe(kG, path({kG, kG}), 0), 0);
  EXPECT_EQ(f42.opportunistic(kG, path({kG, kG}), 0), 0);
}

TEST(FlexVcDragonfly, PositionsAreThoseOfTheReferenceSequence) {
  const DragonflyFlexVc f42(h2(), 4, 2);
  EXPECT_EQ(f42.position(df::kLocal, 0), 0);
  EXPECT_EQ(f42.position(df::kGlobal, 0), 1);
  EXPECT_EQ(f42.position(df::kLocal, 1), 2);
  EXPECT_EQ(f42.position(df::kLocal, 2), 3);
  EXPECT_EQ(f42.position(df::kGlobal, 1), 4);
  EXPECT_EQ(f42.position(df::kLocal, 3), 5);
  EXPECT_EQ(f42.position(kInjectionClass, 0), -1);
}

// h2 (p=2, a=4, h=2, palmtree): routers 0-3 form group 0; ports 2-4 local, 5-6 global.
TEST(FlexVcDragonfly, MinimalPathTypesWalkTheTopology) {
  const Dragonfly& t = h2();
  const DragonflyFlexVc f(t, 2, 1);
  EXPECT_TRUE(f.min_path(5, 5).empty());
  EXPECT_EQ(f.min_path(0, 3).key, path({kL}).key);
  // Every inter-group minimal path is [l] g [l], its local hops where the topology puts them.
  for (uint32_t dst = 4; dst < t.routers(); ++dst) {
    uint32_t l = 0, g = 0;
    t.min_hops(0, dst, l, g);
    const TypePath p = f.min_path(0, dst);
    const bool first_local = t.port_class(t.min_output(0, dst)) == df::kLocal;
    TypePath want;
    if (first_local) want.push_back(kL);
    want.push_back(kG);
    if (l == (first_local ? 2u : 1u)) want.push_back(kL);
    EXPECT_EQ(g, 1u);
    EXPECT_EQ(p.key, want.key) << dst;
  }
}

// Def. 1: a hop is safe only when its path embeds after the input VC's position. On 3/2
// (l0-g1-l2-g3-l4) a local hop followed by l-g-l embeds from the NIC (l0, then l2-g3-l4) only:
// from l0 or g1 the only local VC it could use, l0, is not after the input, so the hop is
// opportunistic, its escape deciding its VCs.
TEST(FlexVcDragonfly, AHopIsSafeOnlyWhenItsPathEmbedsAfterTheInputVc) {
  const Dragonfly& t = h2();
  const DragonflyFlexVc f(t, 3, 2);
  const uint32_t router = 0, port = t.local_port(0, 1);  // to router 1
  const uint32_t dst = 8;                                // another group
  const TypePath rest = path({kL, kG, kL});
  const auto from_l0 = f.hop(router, port, rest, dst, f.position(df::kLocal, 0), 0);
  const auto from_g1 = f.hop(router, port, rest, dst, f.position(df::kGlobal, 0), 0);
  const auto from_nic = f.hop(router, port, rest, dst, -1, 0);
  EXPECT_FALSE(from_nic.opportunistic);
  EXPECT_EQ(from_nic.vcs, 0b1);
  // From l0 and g1: opportunistic, the escape from router 1 to router 8 deciding.
  const uint16_t escape = f.opportunistic(kL, f.min_path(1, dst), 0);
  EXPECT_NE(escape, 0);
  EXPECT_TRUE(from_l0.opportunistic);
  EXPECT_EQ(from_l0.vcs, escape);
  EXPECT_TRUE(from_g1.opportunistic);
  EXPECT_EQ(from_g1.vcs, escape);
}

TEST(FlexVcDragonfly, ImpossibleConfigurationsNameTheRoutingTheCountsAndTheTable) {
  using flexvc::PathKind;
  EXPECT_EQ(error_of([] { check_flexvc_paths("val", PathKind::Valiant, 2, 1); }),
            "router.vc_management=flexvc: routing.algorithm=val needs at least 3 local and 2 "
            "global VCs for its paths to be safe or opportunistic (seed 002 Table III, thesis 000 "
            "Table 5.3); router.vcs_local=2, router.vcs_global=1");
  // Table 5.3: 2/2 and 3/1 do not hold opportunistic VAL; 3/2 does; MIN needs 2/1.
  EXPECT_NE(error_of([] { check_flexvc_paths("val", PathKind::Valiant, 2, 2); }), "");
  EXPECT_NE(error_of([] { check_flexvc_paths("val", PathKind::Valiant, 3, 1); }), "");
  EXPECT_EQ(error_of([] { check_flexvc_paths("val", PathKind::Valiant, 3, 2); }), "");
  EXPECT_EQ(error_of([] { check_flexvc_paths("min", PathKind::Minimal, 2, 1); }), "");
  EXPECT_NE(error_of([] { check_flexvc_paths("min", PathKind::Minimal, 1, 1); }), "");
  // VAL-group's l-g-l-g-l: 3/2, never with one global VC or two local ones.
  EXPECT_EQ(error_of([] { check_flexvc_paths("val", PathKind::ValiantGroup, 3, 2); }), "");
  EXPECT_NE(error_of([] { check_flexvc_paths("val", PathKind::ValiantGroup, 4, 1); }), "");
  EXPECT_NE(error_of([] { check_flexvc_paths("val", PathKind::ValiantGroup, 2, 4); }), "");
}

TEST(FlexVcDragonfly, RoutingFactoryRefusesWhatFlexVcCannotRoute) {
  Config c;
  c.set_override("router.vc_management=flexvc");
  c.set_override("routing.algorithm=par");
  EXPECT_EQ(error_of([&] { make_routing(c, h2()); }),
            "router.vc_management=flexvc: not available with routing.algorithm=par; FlexVC routes "
            "min, val, ugal, pb and olm (in-transit)");
  // OLM (thesis 000 Fig. 5.14: "In-transit" with its credit trigger, "In-transit Cta" with the
  // contention counters) with every trigger; its in-transit path needs 3/2 (Table 5.3).
  c.set_override("routing.algorithm=olm");
  c.set_override("router.vcs_local=3");
  c.set_override("router.vcs_global=2");
  c.set_override("routing.trigger=hybrid");
  EXPECT_EQ(error_of([&] { make_routing(c, h2()); }), "");
  c.set_override("routing.trigger=credit");
  EXPECT_EQ(error_of([&] { make_routing(c, h2()); }), "");
  c.set_override("routing.trigger=contention");
  c.set_override("router.vcs_local=2");
  c.set_override("router.vcs_global=1");
  EXPECT_NE(error_of([&] { make_routing(c, h2()); }).find("routing.algorithm=olm needs at least 3"),
            std::string::npos);
  c.set_override("router.vcs_local=3");
  c.set_override("router.vcs_global=2");
  EXPECT_EQ(error_of([&] { make_routing(c, h2()); }), "");
  EXPECT_STREQ(make_routing(c, h2())->vc_order().reference, "l0-g1-l2-g3-l4");
  EXPECT_NE(make_routing(c, h2())->vc_order().flexvc, nullptr);
  c.set_override("routing.trigger=credit");
  c.set_override("routing.algorithm=pb");
  c.set_override("router.vcs_local=4");
  c.set_override("router.vcs_global=1");
  EXPECT_NE(error_of([&] { make_routing(c, h2()); }).find("routing.algorithm=pb needs at least 3"),
            std::string::npos);
  c.set_override("router.vcs_global=2");
  EXPECT_EQ(error_of([&] { make_routing(c, h2()); }), "");
  // The checker's order names the FlexVC sequence and carries its rules.
  const auto routing = make_routing(c, h2());
  const VcOrder o = routing->vc_order();
  EXPECT_STREQ(o.reference, "l0-g1-l2-l3-g4-l5");
  EXPECT_NE(o.flexvc, nullptr);
}

TEST(FlexVcDragonfly, ValidationLeavesTheMinimaToFlexVcAndRefusesOtherTopologies) {
  Config c;
  c.set_override("router.vc_management=flexvc");
  c.set_override("routing.algorithm=val");
  c.set_override("router.vcs_local=3");
  c.set_override("router.vcs_global=2");
  EXPECT_EQ(error_of([&] { validate_config(c); }), "");
  c.set_override("router.vc_management=baseline");
  EXPECT_NE(error_of([&] { validate_config(c); }).find("needs at least 4 local"),
            std::string::npos);
  Config t;
  t.set_override("topology.type=fattree");
  t.set_override("routing.algorithm=updown");
  t.set_override("router.vc_management=flexvc");
  EXPECT_EQ(error_of([&] { validate_config(t); }),
            "router.vc_management=flexvc: needs topology.type=dragonfly (its reference sequences "
            "are the Dragonfly's, seed 002 Sec. III-C); topology.type=fattree");
}

namespace {

// The checker's FlexVC rules on a 3/2 sequence (l0-g1-l2-g3-l4).
void check(const DragonflyFlexVc& f, PortClass in_kind, uint32_t in_vc, uint32_t out_port,
           uint32_t out_vc, const RouteResult& r, const Packet& pkt) {
  VcOrder o = VcOrder::from_reference("l0-g0-l1", {"injection", "local", "global"});
  o.flexvc = &f;
  o.reference = f.reference();
  const Dragonfly& t = h2();
  check_vc_order(o, "test", 0, t.first_local_port(), in_kind, in_vc, out_port,
                 t.port_class(out_port), out_vc, r, pkt, 0);
}

}  // namespace

TEST(FlexVcDragonfly, CheckerRefusesASafeHopBehindItsInputAndAnOpportunisticOneAboveItsEscape) {
  const Dragonfly& t = h2();
  const DragonflyFlexVc f(t, 3, 2);
  Packet pkt;
  pkt.dst = 8 * t.p();  // router 8, group 2
  const uint32_t local = t.local_port(0, 1);
  RouteResult r;
  r.port = static_cast<uint8_t>(local);
  r.vcs = 0b1;  // l0 only
  // A safe hop from l0 to l0: no allowed VC after the input's position.
  EXPECT_THROW(check(f, df::kLocal, 0, local, 0, r, pkt), SimulationFailure);
  // From the global VC 0 (g1) to l0 neither.
  EXPECT_THROW(check(f, df::kGlobal, 0, local, 0, r, pkt), SimulationFailure);
  // With l0 and l2 allowed (VCs 0, 1) the hop from g1 is safe, whichever VC was chosen.
  r.vcs = 0b11;
  EXPECT_NO_THROW(check(f, df::kGlobal, 0, local, 0, r, pkt));
  // An opportunistic hop above the escape's VC: from router 1 to router 8 the escape is minimal.
  r.opportunistic = true;
  r.vcs = 0b111;
  // (An escape of at most l-g-l embeds after l0 or l2 only: VC 0 or 1.)
  const int highest = f.highest_escape_vc(0, local, pkt);
  ASSERT_GE(highest, 0);
  ASSERT_LT(highest, 2);
  EXPECT_NO_THROW(check(f, df::kGlobal, 0, local, static_cast<uint32_t>(highest), r, pkt));
  EXPECT_THROW(check(f, df::kGlobal, 0, local, static_cast<uint32_t>(highest) + 1, r, pkt),
               SimulationFailure);
  // The output VC must be one the route allows.
  r.vcs = 0b1;
  EXPECT_THROW(check(f, df::kGlobal, 0, local, 1, r, pkt), SimulationFailure);
}
