// The misrouting marks (Packet::marks) (docs/model.md §5; sim/routing/routing.h misrouting_marks
// and misrouted_at, applied by the router at each grant): OLM's global misroute at injection and
// its local misroute in the destination group, decided on a hand-filled port view on h2 (p=2 a=4
// h=2: ports 2-4 local, 5-6 global; 9 groups), and the marks each decision gives the packet.
#include <gtest/gtest.h>

#include "port_view_fake.h"
#include "sim/routing/dragonfly/olm.h"
#include "sim/routing/dragonfly/valiant.h"

using namespace netcosim;
using netcosim::test::FakePorts;

namespace {

const Dragonfly& h2() {
  static const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  return topo;
}

// Router 0 (group 0, index 0), injection port 0: the minimal output (a local hop) congested for
// the credit trigger, global port 5's FIFO full: CRG takes global port 6 to an intermediate group.
// The decision sets kNonminimal only (not kLocalMisrouted: the hop is global; the packet's second
// global hop makes it a global misroute in the statistics), taken at injection.
TEST(MisroutingFlags, OlmGlobalMisrouteAtInjectionIsNonminimalAndNotLocalAtInjection) {
  const Dragonfly& topo = h2();
  test::InjectionToFarGroup s(topo);
  s.congest();  // only global port 6 can take the packet
  const OlmRouting olm(topo, CreditTrigger(50, 0), std::make_unique<CrgPolicy>());
  Rng rng(1, 2, 3);
  const RouteResult r = olm.route(s.ports.at(0, 0), s.pkt, rng);
  ASSERT_EQ(r.port, 6);
  ASSERT_TRUE(r.nonminimal);
  EXPECT_TRUE(r.nonminimal_decision);
  ASSERT_EQ(topo.port_class(r.port), df::kGlobal);
  EXPECT_NE(r.set_intermediate, s.Gd);
  EXPECT_EQ(misrouting_marks(r, topo.port_class(r.port) == df::kLocal),
            Packet::kMisrouted | Packet::kNonminimal);
  EXPECT_EQ(misrouted_at(kInjectionClass, 0, 0, s.Gd), Packet::kAtInjection);
}

// Router 1 (group 0, index 1) in the destination group, arrived on global port 5 on VC 0 from
// source group 2: the minimal local hop to index 3 cannot take the packet (local VC 1 full, its
// FIFO full), the local ports to indices 0 and 2 can: OLM's one local misroute of the group. The
// decision sets kNonminimal and kLocalMisroutedInGroup; on a local output the hop is a local
// misroute, taken in the destination group.
TEST(MisroutingFlags, OlmLocalMisrouteInTheDestinationGroupSetsLocalMisroutedThere) {
  const Dragonfly& topo = h2();
  FakePorts ports(topo, 3, 2);
  Packet p;
  p.src = 16;     // group 2
  p.dst = 3 * 2;  // router 3: group 0, index 3
  p.set_hops(df::kGlobal, 1);
  const uint32_t min_port = topo.local_port(1, 3);
  ASSERT_EQ(topo.min_output(1, 3), min_port);
  ports.occupy(min_port, 1, 32);
  ports.fill_fifo(min_port);
  const OlmRouting olm(topo, CreditTrigger(50, 0), std::make_unique<MmPolicy>());
  Rng rng(1, 2, 3);
  const RouteResult r = olm.route(ports.at(1, 5, 0), p, rng);
  EXPECT_TRUE(r.port == topo.local_port(1, 0) || r.port == topo.local_port(1, 2)) << int(r.port);
  ASSERT_TRUE(r.nonminimal);
  EXPECT_TRUE(r.nonminimal_decision);
  EXPECT_EQ(r.set_flags & Packet::kLocalMisroutedInGroup, Packet::kLocalMisroutedInGroup);
  EXPECT_EQ(misrouting_marks(r, topo.port_class(r.port) == df::kLocal),
            Packet::kMisrouted | Packet::kNonminimal | Packet::kLocalMisrouted);
  EXPECT_EQ(misrouted_at(df::kGlobal, 0, 2, 0), Packet::kAtDestinationGroup);
}

// VAL's draw at the source router is a nonminimal decision for every packet, even when the first
// hop is minimal (here the drawn intermediate is the destination router itself: a minimal path):
// kNonminimal only, at injection.
TEST(MisroutingFlags, ValiantDrawIsANonminimalDecisionEvenOnAMinimalPath) {
  const Dragonfly& topo = h2();
  FakePorts ports(topo, 4, 2);
  const ValiantRouting val(topo);
  uint64_t seed = 1;
  for (;; ++seed) {  // the first stream whose draw below 36 routers is router 1
    Rng copy(seed, 2, 3);
    if (copy.below(topo.routers()) == 1) break;
  }
  Packet p;
  p.src = 0;
  p.dst = 2;  // router 1
  Rng rng(seed, 2, 3);
  const RouteResult r = val.route(ports.at(0, 0), p, rng);
  EXPECT_EQ(r.set_intermediate, 1u);
  EXPECT_FALSE(r.nonminimal);
  EXPECT_TRUE(r.nonminimal_decision);
  EXPECT_EQ(misrouting_marks(r, topo.port_class(r.port) == df::kLocal), Packet::kNonminimal);
}

TEST(MisroutingFlags, MinimalHopWithoutADecisionSetsNothing) {
  RouteResult r;
  r.port = 5;
  EXPECT_EQ(misrouting_marks(r, false), 0);
  EXPECT_EQ(misrouting_marks(r, true), 0);
  EXPECT_EQ(misrouted_at(df::kLocal, 3, 3, 5), Packet::kAtSourceGroup);
  EXPECT_EQ(misrouted_at(df::kLocal, 4, 3, 5), Packet::kAtIntermediateGroup);
}

}  // namespace
