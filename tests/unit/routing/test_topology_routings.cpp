// Exact decisions of the fat tree's and the meshes' and tori's routings (docs/model.md §7) on a
// hand-filled PortView, exact paths on small instances, and their VC orders.
#include <gtest/gtest.h>

#include <vector>

#include "sim/blocks/credit_counter.h"
#include "sim/routing/fattree/updown.h"
#include "sim/routing/mesh/dor.h"
#include "sim/routing/vc_order.h"
#include "sim/util/failure.h"

namespace netcosim {
namespace {

// A PortView of one router of `topo`: its ports' classes, `vcs` VCs per class, 32 phits per VC
// downstream, output FIFOs of 32 phits, packets of 8 phits (the configuration's defaults).
class Ports {
 public:
  Ports(const Topology& topo, uint32_t router, uint32_t vcs) : topo_(topo) {
    vcs_.assign(kMaxPortClasses, vcs);
    for (uint32_t p = 0; p < topo.router_radix(); ++p) {
      classes_.push_back(topo.port_class_of(router, p));
      credits_.emplace_back(vcs, 32);
    }
    fifos_.resize(topo.router_radix());
    PortView::Wiring w;
    w.classes = classes_.data();
    w.radix = topo.router_radix();
    w.vcs = vcs_.data();
    w.credits = model::CreditArray(credits_.data());
    w.fifos = fifos_.data();
    w.fifo_capacity = 32;
    w.packet_size = 8;
    view_.wire(w);
    view_.router = router;
  }
  const PortView& at(uint32_t in_port, uint32_t in_vc = 0) {
    view_.in_port = in_port;
    view_.in_vc = in_vc;
    return view_;
  }
  void occupy(uint32_t port, uint32_t vc, uint32_t phits) { credits_[port].consume(vc, phits); }
  void fill_fifo(uint32_t port) { fifos_[port].used_phits = 32; }

 private:
  const Topology& topo_;
  std::vector<uint32_t> vcs_;
  std::vector<PortClass> classes_;
  std::vector<model::CreditCounter> credits_;
  std::vector<OutputFifoLevel> fifos_;
  PortView view_;
};

Packet packet(uint32_t src, uint32_t dst) {
  Packet p;
  p.src = src;
  p.dst = dst;
  return p;
}

// The routers a packet visits under an oblivious routing (every hop decided on an empty view).
std::vector<uint32_t> path(const Topology& t, const RoutingAlgorithm& r, uint32_t src, uint32_t dst,
                           std::vector<uint32_t>* vcs = nullptr) {
  std::vector<uint32_t> routers{t.node_router(src)};
  Rng rng(1, 2, 3);
  uint32_t in_port = t.node_port(src);
  for (int hop = 0; hop < 40; ++hop) {
    Ports ports(t, routers.back(), 2);
    const RouteResult res = r.route(ports.at(in_port), packet(src, dst), rng);
    if (t.port_class_of(routers.back(), res.port) == kInjectionClass) {
      EXPECT_EQ(t.node_at(routers.back(), res.port), dst);
      return routers;
    }
    if (vcs != nullptr) vcs->push_back(res.lowest_vc());
    const Topology::PortRef next = t.peer(routers.back(), res.port);
    routers.push_back(next.router);
    in_port = next.port;
  }
  ADD_FAILURE() << "no delivery";
  return routers;
}

// Every path (a sample of source-destination pairs) has the minimal length 2L, L the common
// ancestor's level, and uses VC 0 on every hop.
void expect_minimal_paths_on_vc0(const FatTree& t, const RoutingAlgorithm& r) {
  for (uint32_t s = 0; s < t.nodes(); s += 7)
    for (uint32_t d = 0; d < t.nodes(); d += 5) {
      if (s == d) continue;
      std::vector<uint32_t> vcs;
      EXPECT_EQ(path(t, r, s, d, &vcs).size(), 1 + 2 * t.common_level(s, d));
      for (uint32_t v : vcs) EXPECT_EQ(v, 0u);
    }
}

TEST(UpDown, DModKPathsOfTheFourAryThreeTree) {
  const FatTree t(4, 3);
  const UpDownRouting r(t, UpChoice::DestinationDigit);
  // Node 0 (leaf <0,00>) -> node 27 = digits 1 2 3: up port 4+3 (digit 0) to <1, 03> = 19, up
  // port 4+2 (digit 1) to <2, 23> = 32+11 = 43, then down 1 (digit 2) to <1, 13> = 23, down 2
  // (digit 1) to <0, 12> = 6, eject on port 3.
  EXPECT_EQ(path(t, r, 0, 27), (std::vector<uint32_t>{0, 19, 43, 23, 6}));
  // Same leaf: no switch-to-switch hop.
  EXPECT_EQ(path(t, r, 0, 3), (std::vector<uint32_t>{0}));
  // Node 5 (leaf 1) -> node 14 (leaf 3, digits 0 3 2): up 4+2 to <1, 02> = 18, down 3 to <0, 03>.
  EXPECT_EQ(path(t, r, 5, 14), (std::vector<uint32_t>{1, 18, 3}));
  expect_minimal_paths_on_vc0(t, r);
}

// S-mod-k (paper 004 Sec. 3's oblivious fat tree): the up port at level l is k + the source's
// digit l; down as D-mod-k (the destination's digits).
TEST(UpDown, SModKPathsOfTheFourAryThreeTree) {
  const FatTree t(4, 3);
  const UpDownRouting r(t, UpChoice::SourceDigit);
  // Node 0 (digits 0 0 0) -> node 27 (1 2 3): up 4+0 to <1, 00> = 16, up 4+0 to <2, 00> = 32,
  // down 1 (digit 2) to <1, 10> = 20, down 2 (digit 1) to <0, 12> = 6, eject on port 3.
  EXPECT_EQ(path(t, r, 0, 27), (std::vector<uint32_t>{0, 16, 32, 20, 6}));
  // Node 5 (0 1 1) -> node 14: up 4+1 to <1, 01> = 17, down 3 to <0, 03> (D-mod-k: 18).
  EXPECT_EQ(path(t, r, 5, 14), (std::vector<uint32_t>{1, 17, 3}));
  EXPECT_EQ(path(t, r, 0, 3), (std::vector<uint32_t>{0}));
  // The k nodes of a leaf leave it on k different up ports, whatever the destination.
  Rng rng(1, 2, 3);
  Ports ports(t, 2, 1);  // leaf <0,02>: nodes 8-11
  for (uint32_t n = 8; n < 12; ++n)
    for (uint32_t d : {0u, 17u, 63u})
      EXPECT_EQ(r.route(ports.at(n - 8), packet(n, d), rng).port, 4 + n % 4);
  expect_minimal_paths_on_vc0(t, r);
  EXPECT_FALSE(r.adaptive());
  EXPECT_STREQ(r.name(), "updown_source");
}

TEST(UpDown, AdaptiveTakesTheUpPortWithTheMostCreditsTiesLowest) {
  const FatTree t(4, 3);
  const UpDownRouting r(t, UpChoice::MostCredits);
  Rng rng(1, 2, 3);
  Ports ports(t, 0, 1);  // leaf <0,00>, a packet from node 0 to node 63
  EXPECT_EQ(r.route(ports.at(0), packet(0, 63), rng).port, 4u);  // all equal: the lowest
  ports.occupy(4, 0, 16);
  ports.occupy(5, 0, 8);
  ports.occupy(6, 0, 8);
  ports.occupy(7, 0, 24);
  EXPECT_EQ(r.route(ports.at(0), packet(0, 63), rng).port, 5u);  // 24 free on 5 and 6: 5
  ports.occupy(5, 0, 8);
  EXPECT_EQ(r.route(ports.at(0), packet(0, 63), rng).port, 6u);
  // Down is unique whatever the credits: at <2, 33> = 47 towards node 63 (digits 3 3 3): port 3.
  Ports top(t, 47, 1);
  top.occupy(3, 0, 32);
  EXPECT_EQ(r.route(top.at(1), packet(0, 63), rng).port, 3u);
  EXPECT_TRUE(r.adaptive());
}

TEST(UpDown, RandomDrawsEachUpPortFromTheRoutersStream) {
  const FatTree t(4, 3);
  const UpDownRouting r(t, UpChoice::Random);
  Ports ports(t, 0, 1);
  Rng rng(7, 2, 0), same(7, 2, 0);
  uint32_t seen[8] = {};
  for (int i = 0; i < 400; ++i) {
    const uint32_t port = r.route(ports.at(0), packet(0, 63), rng).port;
    EXPECT_EQ(port, 4 + same.below(4));
    ++seen[port];
  }
  for (uint32_t p = 4; p < 8; ++p) EXPECT_GT(seen[p], 60u);
  EXPECT_FALSE(r.adaptive());
}

TEST(Dor, MeshPathIsXThenY) {
  const Mesh t({4, 4}, 1, false);
  const DorRouting r(t, TorusDeadlock::Dateline);
  // (1,0) -> (3,2): x+ twice, then y+ twice, VC 0.
  std::vector<uint32_t> vcs;
  EXPECT_EQ(path(t, r, 1, 11, &vcs), (std::vector<uint32_t>{1, 2, 3, 7, 11}));
  EXPECT_EQ(vcs, (std::vector<uint32_t>{0, 0, 0, 0}));
  // (3,3) -> (0,1): x- three times, y- twice.
  EXPECT_EQ(path(t, r, 15, 4), (std::vector<uint32_t>{15, 14, 13, 12, 8, 4}));
}

TEST(Dor, TorusDatelineVcsResetPerDimension) {
  const Mesh t({8, 8}, 1, true);
  const DorRouting r(t, TorusDeadlock::Dateline);
  // (6,0) -> (1,7): x+ 6->7 (VC 0), 7->0 (wrap, VC 1), 0->1 (VC 1); then y- 0->7 (wrap, VC 1).
  std::vector<uint32_t> vcs;
  EXPECT_EQ(path(t, r, 6, 1 + 8 * 7, &vcs), (std::vector<uint32_t>{6, 7, 0, 1, 57}));
  EXPECT_EQ(vcs, (std::vector<uint32_t>{0, 1, 1, 1}));
  // (1,5) -> (6,2): x- 1->0 (VC 0), 0->7 (wrap, VC 1), 7->6 (VC 1); y- 5->4->3->2 on VC 0.
  vcs.clear();
  EXPECT_EQ(path(t, r, 1 + 8 * 5, 6 + 8 * 2, &vcs),
            (std::vector<uint32_t>{41, 40, 47, 46, 38, 30, 22}));
  EXPECT_EQ(vcs, (std::vector<uint32_t>{0, 1, 1, 0, 0, 0}));
  // A tie at D/2 goes +: (0,0) -> (4,0) through 1, 2, 3 on VC 0.
  EXPECT_EQ(path(t, r, 0, 4), (std::vector<uint32_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(DorRouting::dateline_vc(t, t.port(0, true), 7, 6), 1);
  EXPECT_EQ(DorRouting::dateline_vc(t, t.port(0, true), 5, 3), 0);
  EXPECT_EQ(DorRouting::dateline_vc(t, t.port(0, false), 0, 2), 1);
  EXPECT_EQ(DorRouting::dateline_vc(t, t.port(0, false), 7, 2), 1);
  EXPECT_EQ(DorRouting::dateline_vc(t, t.port(0, false), 2, 2), 0);
}

// Bubble flow control: entering a ring (from injection or another dimension) needs two packets
// of room downstream, continuing one; the wait is the VC index vcs(class), which has no credits.
TEST(Dor, TorusBubbleWaitsToEnterARingWithoutTwoPacketsOfRoom) {
  const Mesh t({8, 8}, 1, true);
  const DorRouting r(t, TorusDeadlock::Bubble);
  EXPECT_TRUE(r.adaptive());
  Rng rng(1, 2, 3);
  // Router 9 = (1,1); a packet from node 9 to node 12 = (4,1) goes x+ (port 1).
  Ports ports(t, 9, 1);
  EXPECT_EQ(r.route(ports.at(0), packet(9, 12), rng).lowest_vc(), 0u);  // 32 phits free
  ports.occupy(1, 0, 16);                                               // 16 free: two packets
  EXPECT_EQ(r.route(ports.at(0), packet(9, 12), rng).lowest_vc(), 0u);
  ports.occupy(1, 0, 1);  // 15 free: entering waits, with no VC allowed
  const RouteResult wait = r.route(ports.at(0), packet(9, 12), rng);
  EXPECT_EQ(wait.port, 1u);
  EXPECT_EQ(wait.vcs, 0u);  // no VC allowed: the head waits
  // With no allowed VC the router's selector finds none: the head does not request.
  EXPECT_EQ(LowestVc::select(model::CreditCounter(1, 32), wait.vcs, 8, rng), kNoVc);
  // Continuing in the ring (arrived on x- port 2 from (0,1)) needs one packet: goes.
  EXPECT_EQ(r.route(ports.at(2), packet(8, 12), rng).lowest_vc(), 0u);
  // Turning from x into y enters the y ring: port 3 (y+) with 15 free waits.
  ports.occupy(3, 0, 17);
  EXPECT_EQ(r.route(ports.at(2), packet(8, 9 + 8 * 2), rng).vcs, 0u);
}

// Trunks (docs/model.md "Meshes and tori"): a 4x4 torus, 2 nodes per switch, trunk 2: ports 0-1
// injection, 2-3 x+, 4-5 x-, 6-7 y+, 8-9 y-. DOR picks the direction as without trunks and link
// (i + c*floor(r_dst / stride_d)) mod 2 of its trunk on every hop, here dst mod 2 (c even);
// the dateline VC is the direction's.
TEST(Dor, TrunkLinkIsTheDestinationsOnEveryHop) {
  const Mesh t({4, 4}, 2, true, 2);
  const DorRouting r(t, TorusDeadlock::Dateline);
  EXPECT_FALSE(r.adaptive());
  Rng rng(1, 2, 3);
  // Node 0 on (0,0) -> node 23 on port 1 of switch 11 = (3,2): x- wraps 0 -> 3 (VC 1) on link
  // 23 mod 2 = 1 (port 5), then y+ (a tie at D/2 goes +) 0 -> 1 -> 2 on link 1 (port 7, VC 0),
  // eject on port 1. Node 22 (port 0 of switch 11) takes link 0: ports 4, 6, 6, 0.
  struct Hop {
    uint32_t router, in_port, out_port, vc;
  };
  const Hop to23[] = {{0, 0, 5, 1}, {3, 3, 7, 0}, {7, 9, 7, 0}, {11, 9, 1, 0}};
  const Hop to22[] = {{0, 0, 4, 1}, {3, 2, 6, 0}, {7, 8, 6, 0}, {11, 8, 0, 0}};
  for (const auto& [dst, hops] : {std::pair<uint32_t, const Hop*>{23, to23}, {22, to22}})
    for (int h = 0; h < 4; ++h) {
      Ports ports(t, hops[h].router, 2);
      const RouteResult res = r.route(ports.at(hops[h].in_port), packet(0, dst), rng);
      EXPECT_EQ(res.port, hops[h].out_port) << dst << " hop " << h;
      EXPECT_EQ(r.minimal_output(hops[h].router, packet(0, dst)), hops[h].out_port);
      if (h < 3) {
        EXPECT_EQ(res.lowest_vc(), hops[h].vc) << dst << " hop " << h;
        const Topology::PortRef next = t.peer(hops[h].router, res.port);
        EXPECT_EQ(next.router, hops[h + 1].router);
        EXPECT_EQ(next.port, hops[h + 1].in_port);
      }
    }
  // The paths of the routers alone are those of the torus without trunks.
  const Mesh single({4, 4}, 2, true);
  const DorRouting r1(single, TorusDeadlock::Dateline);
  for (uint32_t s = 0; s < 32; s += 3)
    for (uint32_t d = 0; d < 32; d += 5) {
      if (s == d) continue;
      std::vector<uint32_t> vcs, vcs1;
      EXPECT_EQ(path(t, r, s, d, &vcs), path(single, r1, s, d, &vcs1));
      EXPECT_EQ(vcs, vcs1);
    }
}

// One node per switch, trunk 2 (ports 0 injection, 1-2 x+, 3-4 x-, 5-6 y+, 7-8 y-): in y the link
// is the destination's row mod 2, not its node number mod 2 (5, 9, 13 are all odd: one link).
TEST(Dor, TrunkLinkInYIsTheDestinationsIndexAmongItsColumn) {
  const Mesh t({4, 4}, 1, true, 2);
  const DorRouting r(t, TorusDeadlock::Dateline);
  Rng rng(1, 2, 3);
  Ports at1(t, 1, 2);                                          // switch (1,0), from its node
  EXPECT_EQ(r.route(at1.at(0), packet(1, 5), rng).port, 6u);   // (1,1): y+ link 1
  EXPECT_EQ(r.route(at1.at(0), packet(1, 9), rng).port, 5u);   // (1,2): y+ (tie) link 0
  EXPECT_EQ(r.route(at1.at(0), packet(1, 13), rng).port, 8u);  // (1,3): y- link 1
  // Node 0 -> node 6 = (2,1): x+ link 6 mod 2 = 0 twice, then y+ link 1 at (2,0), eject.
  EXPECT_EQ(path(t, r, 0, 6), (std::vector<uint32_t>{0, 1, 2, 6}));
  Ports at0(t, 0, 2), at2(t, 2, 2);
  EXPECT_EQ(r.route(at0.at(0), packet(0, 6), rng).port, 1u);
  EXPECT_EQ(r.route(at2.at(3), packet(0, 6), rng).port, 6u);
  EXPECT_EQ(DorRouting::trunk_link(t, 1, 6, 6), 1u);
  EXPECT_EQ(DorRouting::trunk_link(t, 0, 6, 6), 0u);
}

// routing.trunk_select=adaptive: the link of the trunk with the most free phits on the hop's
// routing VC, ties to the destination's link; re-routed while the head waits.
TEST(Dor, AdaptiveTrunkTakesTheLinkWithTheMostFreeCreditsOfTheHopsVc) {
  const Mesh t({4, 4}, 2, true, 2);
  const DorRouting r(t, TorusDeadlock::Dateline, TrunkSelect::Adaptive);
  EXPECT_TRUE(r.adaptive());
  Rng rng(1, 2, 3);
  Ports ports(t, 0, 2);  // node 0 -> node 23: x- (ports 4, 5), wrapping: VC 1
  EXPECT_EQ(r.route(ports.at(0), packet(0, 23), rng).port, 5u);  // all free: link 23 mod 2
  EXPECT_EQ(r.route(ports.at(0), packet(0, 22), rng).port, 4u);
  ports.occupy(5, 1, 8);  // 24 free on port 5, 32 on port 4
  RouteResult res = r.route(ports.at(0), packet(0, 23), rng);
  EXPECT_EQ(res.port, 4u);
  EXPECT_EQ(res.lowest_vc(), 1u);
  ports.occupy(4, 1, 8);  // a tie (24 each): the destination's link
  EXPECT_EQ(r.route(ports.at(0), packet(0, 23), rng).port, 5u);
  EXPECT_EQ(r.route(ports.at(0), packet(0, 22), rng).port, 4u);
  ports.occupy(4, 0, 32);  // VC 0 is not the hop's: no effect
  EXPECT_EQ(r.route(ports.at(0), packet(0, 22), rng).port, 4u);
  ports.occupy(4, 1, 1);
  EXPECT_EQ(r.route(ports.at(0), packet(0, 22), rng).port, 5u);
  // The minimal output stays the destination's link.
  EXPECT_EQ(r.minimal_output(0, packet(0, 22)), 4u);
  // Trunk 1: the option has nothing to choose from and the routing stays oblivious.
  const Mesh single({4, 4}, 2, true);
  EXPECT_FALSE(DorRouting(single, TorusDeadlock::Dateline, TrunkSelect::Adaptive).adaptive());
}

// routing.trunk_select=adaptive on the switches (TrunkSelect::AtSwitch; docs/model.md §10.6): DOR
// returns the destination's link, names each network port's trunk, and stays oblivious; the
// switch takes least_queued_link of the trunk.
TEST(Dor, AtTheSwitchesTheTrunkIsNamedAndTheLeastQueuedLinkTaken) {
  const Mesh t({4, 4}, 2, true, 3);  // ports 0-1 injection, 2-4 x+, 5-7 x-, 8-10 y+, 11-13 y-
  const DorRouting r(t, TorusDeadlock::Dateline, TrunkSelect::AtSwitch);
  EXPECT_FALSE(r.adaptive());
  Rng rng(1, 2, 3);
  Ports ports(t, 0, 2);
  ports.occupy(5, 1, 8);  // credits are not read: node 23 keeps link 23 mod 3 = 2 of x- (port 7)
  EXPECT_EQ(r.route(ports.at(0), packet(0, 23), rng).port, 7u);
  for (const auto& [port, first] :
       {std::pair<uint32_t, uint32_t>{2, 2}, {4, 2}, {6, 5}, {13, 11}}) {
    EXPECT_EQ(r.switch_trunk(port).first, first) << port;
    EXPECT_EQ(r.switch_trunk(port).count, 3u) << port;
  }
  EXPECT_EQ(r.switch_trunk(1).first, 1u);  // an injection port: no trunk
  EXPECT_EQ(r.switch_trunk(1).count, 1u);
  // Destination and the CIOQ's adaptive choice leave the link to the routing.
  EXPECT_EQ(DorRouting(t, TorusDeadlock::Dateline).switch_trunk(6).count, 1u);
  EXPECT_EQ(DorRouting(t, TorusDeadlock::Dateline, TrunkSelect::Adaptive).switch_trunk(6).count,
            1u);
  // The choice, hand-traced: the fewest queued phits, looking from the destination's link on.
  const uint64_t idle[3] = {0, 0, 0}, one[3] = {0, 16, 0}, two[3] = {16, 16, 0},
                 full[3] = {32, 16, 16};
  EXPECT_EQ(least_queued_link(idle, 3, 1), 1u);  // a tie: the destination's link
  EXPECT_EQ(least_queued_link(one, 3, 1), 2u);   // from link 1 on: 2 before 0
  EXPECT_EQ(least_queued_link(one, 3, 0), 0u);
  EXPECT_EQ(least_queued_link(two, 3, 0), 2u);
  EXPECT_EQ(least_queued_link(full, 3, 0), 1u);  // 1 and 2 tie: 1 comes first from 0
  EXPECT_EQ(least_queued_link(full, 3, 2), 2u);
  EXPECT_EQ(least_queued_link(full, 1, 0), 0u);
  // The switch's key: the VL's phits, then all VLs' (docs/model.md §10.6): link 0 has 16 of
  // another VL queued, link 1 none: a tie on the VL, link 1 by the total.
  const uint64_t other_vl[2] = {uint64_t{0} << 32 | 16, uint64_t{0} << 32 | 0};
  EXPECT_EQ(least_queued_link(other_vl, 2, 0), 1u);
  const uint64_t own_vl[2] = {uint64_t{16} << 32 | 16, uint64_t{0} << 32 | 48};
  EXPECT_EQ(least_queued_link(own_vl, 2, 0), 1u);  // the VL's queue first
}

// The adaptive bubble router (mesh_adaptive on a torus, docs/model.md §7.2) on the 8x8 torus:
// ports 0 injection, 1 x+, 2 x-, 3 y+, 4 y-; 2 VCs of 32 phits, packets of 8 phits.
TEST(TorusAdaptive, MostFreeMinimalPortElseTheEscapeUnderTheBubble) {
  const Mesh t({8, 8}, 1, true);
  const TorusAdaptiveBubbleRouting r(t);
  EXPECT_TRUE(r.adaptive());
  EXPECT_FALSE(r.vc_order().declared());
  Rng rng(1, 2, 3);
  // Router 9 = (1,1) towards node 27 = (3,3): x+ and y+ minimal (2 hops each way round of 8).
  Ports ports(t, 9, 2);
  RouteResult res = r.route(ports.at(0), packet(9, 27), rng);
  EXPECT_EQ(res.port, 1u);  // all equal: the lowest port, adaptive VC 1
  EXPECT_EQ(res.vcs, vc_bit(1));
  ports.occupy(1, 1, 8);  // x+ 24 free, y+ 32: y+
  res = r.route(ports.at(0), packet(9, 27), rng);
  EXPECT_EQ(res.port, 3u);
  EXPECT_EQ(res.vcs, vc_bit(1));
  ports.occupy(3, 1, 16);  // y+ 16 free: x+ again
  EXPECT_EQ(r.route(ports.at(0), packet(9, 27), rng).port, 1u);
  // Towards node 13 = (5,1): 4 hops either way round, both x directions minimal; x- (port 2)
  // has 32 free against x+'s 24.
  EXPECT_EQ(r.route(ports.at(0), packet(9, 13), rng).port, 2u);
  // Towards node 11 = (3,1): x+ only, never x- (6 hops) nor y.
  EXPECT_EQ(r.route(ports.at(0), packet(9, 11), rng).port, 1u);
  // No adaptive VC can take a packet (x+ 7 free, y+ 7 free): the escape channel, DOR's x+ VC 0.
  ports.occupy(1, 1, 17);
  ports.occupy(3, 1, 9);
  res = r.route(ports.at(0), packet(9, 27), rng);
  EXPECT_EQ(res.port, 1u);
  EXPECT_EQ(res.vcs, vc_bit(0));  // 32 free on VC 0: room for the bubble
  ports.occupy(1, 0, 17);         // VC 0 15 free: one packet, not two
  // From the injection port the packet enters the x ring: it waits (no VC allowed).
  res = r.route(ports.at(0), packet(9, 27), rng);
  EXPECT_EQ(res.port, 1u);
  EXPECT_EQ(res.vcs, 0u);
  EXPECT_EQ(LowestVc::select(model::CreditCounter(2, 32), res.vcs, 8, rng), kNoVc);
  // Arrived on x VC 0 (port 2, from (0,1)): it continues in the escape ring, room for one.
  EXPECT_EQ(r.route(ports.at(2, 0), packet(8, 27), rng).vcs, vc_bit(0));
  // Arrived on the adaptive x VC 1: it enters the escape ring, so it needs the bubble.
  EXPECT_EQ(r.route(ports.at(2, 1), packet(8, 27), rng).vcs, 0u);
  // Arrived on y VC 0 (port 4): x is done for node 9 + 8*2 = 25 = (1,3), y+ adaptive VC 1 has
  // 7 free, so the escape y+ VC 0; from the y ring on VC 0 it continues (32 free), and from x
  // (port 2, VC 0) it turns into the y ring: with y+ VC 0 at 15 free it waits.
  EXPECT_EQ(r.route(ports.at(4, 0), packet(1, 25), rng).vcs, vc_bit(0));
  ports.occupy(3, 0, 17);
  EXPECT_EQ(r.route(ports.at(4, 0), packet(1, 25), rng).vcs, vc_bit(0));  // continuing: one
  res = r.route(ports.at(2, 0), packet(8, 25), rng);
  EXPECT_EQ(res.port, 3u);
  EXPECT_EQ(res.vcs, 0u);  // changing dimension: two packets of room, 15 free
}

// mesh_adaptive considers every link of a productive trunk; its escape is DOR's link.
TEST(MeshAdaptive, EveryLinkOfAProductiveTrunkIsACandidate) {
  const Mesh t({4, 4}, 1, false, 2);  // ports 0 injection, 1-2 x+, 3-4 x-, 5-6 y+, 7-8 y-
  const MeshAdaptiveRouting r(t);
  Rng rng(1, 2, 3);
  Ports ports(t, 0, 2);  // node 0 -> node 5 = (1,1): x+ and y+ productive
  RouteResult res = r.route(ports.at(0), packet(0, 5), rng);
  EXPECT_EQ(res.port, 1u);  // all equal: the lowest port, VC 1
  EXPECT_EQ(res.lowest_vc(), 1u);
  ports.occupy(1, 1, 8);
  EXPECT_EQ(r.route(ports.at(0), packet(0, 5), rng).port, 2u);  // x+ link 1
  ports.occupy(2, 1, 8);
  EXPECT_EQ(r.route(ports.at(0), packet(0, 5), rng).port, 5u);  // y+ link 0
  for (uint32_t p : {1u, 2u, 5u, 6u}) ports.occupy(p, 1, 32 - (p < 5 ? 8 : 0));
  res = r.route(ports.at(0), packet(0, 5), rng);  // no adaptive VC can take it: the escape
  EXPECT_EQ(res.port, 2u);                        // x+ link 5 mod 2
  EXPECT_EQ(res.lowest_vc(), 0u);
}

TEST(MeshAdaptive, MostFreeAdaptiveVcElseTheEscape) {
  const Mesh t({4, 4}, 1, false);
  const MeshAdaptiveRouting r(t);
  Rng rng(1, 2, 3);
  Ports ports(t, 5, 3);  // (1,1), 3 VCs; towards node 15 = (3,3): x+ (1) and y+ (3) productive
  RouteResult res = r.route(ports.at(0), packet(5, 15), rng);
  EXPECT_EQ(res.port, 1u);  // all equal: the lowest port, the lowest adaptive VC
  EXPECT_EQ(res.lowest_vc(), 1u);
  ports.occupy(1, 1, 8);
  ports.occupy(1, 2, 16);
  res = r.route(ports.at(0), packet(5, 15), rng);
  EXPECT_EQ(res.port, 3u);
  EXPECT_EQ(res.lowest_vc(), 1u);
  ports.occupy(3, 1, 32);  // no credits for a packet on y+ VC 1
  ports.occupy(3, 2, 32);
  res = r.route(ports.at(0), packet(5, 15), rng);
  EXPECT_EQ(res.port, 1u);  // x+ VC 1: 24 free, VC 2: 16 free
  EXPECT_EQ(res.lowest_vc(), 1u);
  ports.fill_fifo(1);  // neither productive output can take a packet: the escape, DOR x+ VC 0
  res = r.route(ports.at(0), packet(5, 15), rng);
  EXPECT_EQ(res.port, 1u);
  EXPECT_EQ(res.lowest_vc(), 0u);
  // Only y differs: y- (port 4) adaptive.
  res = r.route(ports.at(0), packet(5, 1), rng);
  EXPECT_EQ(res.port, 4u);
  EXPECT_EQ(res.lowest_vc(), 1u);
  EXPECT_FALSE(r.vc_order().declared());
}

TEST(TopologyVcOrders, RepeatablePositionsAndTheirLimits) {
  const Mesh torus({4, 4}, 1, true);
  const VcOrder o = DorRouting(torus, TorusDeadlock::Dateline).vc_order();
  EXPECT_STREQ(o.reference, "x0*-x1*-y0*-y1*-z0*-z1*");
  EXPECT_EQ(o.vcs(1), 2u);
  EXPECT_EQ(o.vcs(2), 2u);
  Packet pkt;
  RouteResult same;  // x0 -> x0: allowed (repeatable)
  same.vcs = vc_bit(0);
  EXPECT_NO_THROW(check_vc_order(o, "dor", 0, 1, 1, 0, 1, 1, 0, same, pkt, 0));
  RouteResult up;  // x0 -> x1 and x1 -> y0: later
  up.vcs = vc_bit(1);
  EXPECT_NO_THROW(check_vc_order(o, "dor", 0, 1, 1, 0, 1, 1, 1, up, pkt, 0));
  EXPECT_NO_THROW(check_vc_order(o, "dor", 0, 1, 1, 1, 3, 2, 0, same, pkt, 0));
  // x1 -> x0 and y0 -> x0: earlier, refused.
  EXPECT_THROW(check_vc_order(o, "dor", 0, 1, 1, 1, 1, 1, 0, same, pkt, 0), SimulationFailure);
  EXPECT_THROW(check_vc_order(o, "dor", 0, 3, 2, 0, 1, 1, 0, same, pkt, 0), SimulationFailure);
  // Without '*' a repeat is refused, as for the Dragonfly's references.
  const VcOrder strict = VcOrder::from_reference("x0-y0", mesh::port_class_names());
  EXPECT_THROW(check_vc_order(strict, "t", 0, 1, 1, 0, 1, 1, 0, same, pkt, 0), SimulationFailure);
  EXPECT_THROW(VcOrder::from_reference("x0**", mesh::port_class_names()), std::invalid_argument);
  EXPECT_STREQ(DorRouting(Mesh({4, 4}, 1, false), TorusDeadlock::Dateline).vc_order().reference,
               "x0*-y0*-z0*");
  const FatTree tree(2, 3);
  EXPECT_STREQ(UpDownRouting(tree, UpChoice::DestinationDigit).vc_order().reference, "t0*");
}

}  // namespace
}  // namespace netcosim
