// The OLM global misrouting policies (sim/routing/dragonfly/olm_policies.h; thesis 000 Sec.
// 1.4.3): their candidate first hops and intermediate groups, exactly, on h2 (p=2 a=4 h=2: ports
// 2-4 local, 5-6 global; 9 groups), and OLM's choice among them.
#include <gtest/gtest.h>

#include "port_view_fake.h"
#include "sim/routing/dragonfly/olm.h"
#include "sim/routing/dragonfly/paths.h"

using namespace netcosim;
using netcosim::test::FakePorts;

namespace {

const Dragonfly& h2() {
  static const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  return topo;
}

// Router 6: group 1, index 2; destination group 5.
const GlobalMisrouteAt kAt{6, 1, 2, 5, true};

TEST(CrgPolicy, CandidatesAreTheGlobalLinksOfTheCurrentRouter) {
  GlobalCandidate out[64];
  Rng rng(1, 2, 3);
  const Rng before = rng;
  ASSERT_EQ(CrgPolicy().candidates(h2(), kAt, rng, out), 2u);
  for (uint32_t k = 0; k < 2; ++k) {
    EXPECT_EQ(out[k].port, 5 + k);
    EXPECT_EQ(out[k].group, h2().global_target_group(1, 2, k));
  }
  Rng copy = before;
  EXPECT_EQ(rng.below(1000), copy.below(1000)) << "CRG draws nothing";
}

// NRG: one candidate per other router of the group, in index order: the local port to it, towards
// its global link k drawn from the stream in that order.
TEST(NrgPolicy, CandidatesAreTheOtherRoutersWithARandomGlobalLinkEach) {
  GlobalCandidate out[64];
  Rng rng(1, 2, 3);
  Rng copy = rng;
  ASSERT_EQ(NrgPolicy().candidates(h2(), kAt, rng, out), 3u);
  const uint32_t others[3] = {0, 1, 3};
  for (uint32_t i = 0; i < 3; ++i) {
    const uint32_t k = copy.below(2);
    EXPECT_EQ(out[i].port, h2().local_port(2, others[i]));
    EXPECT_EQ(out[i].group, h2().global_target_group(1, others[i], k));
  }
  EXPECT_EQ(out[0].port, 2u);  // index 0
  EXPECT_EQ(out[2].port, 4u);  // index 3
}

// RRG: one group drawn uniformly among the 7 groups other than 1 and 5, through its first hop.
TEST(RrgPolicy, OneRandomGroupOtherThanTheCurrentAndDestinationGroups) {
  GlobalCandidate out[64];
  Rng rng(1, 2, 3);
  Rng copy = rng;
  ASSERT_EQ(RrgPolicy().candidates(h2(), kAt, rng, out), 1u);
  const uint32_t g = group_other_than(copy.below(7), 1, 5);
  EXPECT_EQ(out[0].group, g);
  EXPECT_EQ(out[0].port, port_towards_group(h2(), 6, g));
}

TEST(GroupOtherThan, EnumeratesTheOtherGroupsInOrder) {
  const uint32_t expected[7] = {0, 2, 3, 4, 6, 7, 8};
  for (uint32_t d = 0; d < 7; ++d) {
    EXPECT_EQ(group_other_than(d, 1, 5), expected[d]);
    EXPECT_EQ(group_other_than(d, 5, 1), expected[d]);
  }
}

TEST(MmPolicy, CrgAtInjectionNrgInTransit) {
  GlobalCandidate mm[64], ref[64];
  Rng a(4, 5, 6), b(4, 5, 6);
  ASSERT_EQ(MmPolicy().candidates(h2(), kAt, a, mm), 2u);
  CrgPolicy().candidates(h2(), kAt, b, ref);
  for (uint32_t i = 0; i < 2; ++i) EXPECT_EQ(mm[i].port, ref[i].port);
  GlobalMisrouteAt transit = kAt;
  transit.at_injection = false;
  ASSERT_EQ(MmPolicy().candidates(h2(), transit, a, mm), 3u);
  NrgPolicy().candidates(h2(), transit, b, ref);
  for (uint32_t i = 0; i < 3; ++i) {
    EXPECT_EQ(mm[i].port, ref[i].port);
    EXPECT_EQ(mm[i].group, ref[i].group);
  }
}

// OLM with CRG at injection (router 0: group 0, index 0): the minimal output congested for the
// credit trigger (its output FIFO full, downstream 32 of 32 phits on VC 0), the global links of
// router 0 as candidates that do not lead to the destination group; the one with credits is taken
// with the intermediate group it reaches, on VC 0 (from an injection port).
TEST(OlmGlobalMisrouting, CrgTakesTheGlobalLinkThatCanTakeThePacket) {
  const Dragonfly& topo = h2();
  // A destination group that router 0 does not reach directly, through a local first hop.
  test::InjectionToFarGroup s(topo);
  ASSERT_EQ(topo.port_class(s.min_port), df::kLocal);
  s.congest();  // only global port 6 can take the packet
  const OlmRouting olm(topo, CreditTrigger(50, 0), std::make_unique<CrgPolicy>());
  Rng rng(1, 2, 3);
  const RouteResult r = olm.route(s.ports.at(0, 0), s.pkt, rng);
  EXPECT_EQ(r.port, 6);
  EXPECT_EQ(r.vcs, vc_bit(0));
  EXPECT_TRUE(r.nonminimal);
  EXPECT_EQ(r.set_intermediate, topo.global_target_group(0, 0, 1));  // port 6: k = 1
  EXPECT_NE(r.clear_flags & Packet::kLocalMisroutedInGroup, 0);      // a global hop starts a group
}

// NRG after a minimal local hop: the candidate is a local hop, flagged as the group's local
// misrouting, on the input VC (nonminimal local hop).
TEST(OlmGlobalMisrouting, NrgAfterAMinimalLocalHopTakesALocalHopTowardsAnotherGroup) {
  const Dragonfly& topo = h2();
  FakePorts ports(topo, 3, 2);
  Packet p;
  p.src = 0;
  p.set_hops(df::kLocal, 1);  // came over a minimal local hop in its source group
  // Router 1 (group 0, index 1), arrived on local port 2 (from index 0) on VC 0; a destination
  // group reached from router 1's own global links, so the minimal output is global.
  const uint32_t Gd = topo.global_target_group(0, 1, 0);
  p.dst = Gd * 8;
  const uint32_t min_port = topo.min_output(1, Gd * 4);
  ASSERT_EQ(min_port, 5u);
  ports.occupy(min_port, 0, 256);  // no credits on global VC 0 (local-to-global keeps VC 0)
  // Only the local port to index 3 can take the packet.
  ports.fill_fifo(3);
  ports.fill_fifo(2);
  // The global-link restriction off: port 5 alone at 128 phits per VC would not be congested
  // against the router's global mean (test_olm_triggers.cpp tests the restriction).
  CreditOptions no_restriction;
  no_restriction.restriction_coef = 0;
  const OlmRouting olm(topo, CreditTrigger(50, 0, no_restriction), std::make_unique<NrgPolicy>());
  // NRG draws k for indices 0, 2, 3 in that order; the first stream seed whose draw for index 3
  // leads to a group other than the destination's.
  uint64_t seed = 1;
  uint32_t g = 0;
  for (;; ++seed) {
    Rng copy(seed, 2, 3);
    copy.below(2);
    copy.below(2);
    g = topo.global_target_group(0, 3, copy.below(2));
    if (g != Gd) break;
  }
  Rng rng(seed, 2, 3);
  const RouteResult r = olm.route(ports.at(1, 2, 0), p, rng);
  EXPECT_EQ(r.port, 4);  // local port to index 3
  EXPECT_EQ(r.vcs, vc_bit(0));
  EXPECT_TRUE(r.nonminimal);
  EXPECT_EQ(r.set_intermediate, g);
  EXPECT_NE(r.set_flags & Packet::kLocalMisroutedInGroup, 0);
}

}  // namespace
