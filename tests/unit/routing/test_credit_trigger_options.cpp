// The options of OLM's credit trigger (sim/routing/dragonfly/olm_triggers.h, docs/model.md "OLM
// triggers") decided on a hand-filled port view: routing.credit_busy, the global-link restriction
// (routing.global_restriction_coef/_th/_sensing) and routing.credit_candidates.
//
// h2 (p=2 a=4 h=2; ports 0-1 injection, 2-4 local, 5-6 global; 3 local / 2 global VCs; local
// buffers 32 phits per VC, global 256, output FIFO 32, packets 8 phits).
// - Local scenario (as test_olm_triggers.cpp): a packet to node 8 (router 4 = group 1, index 0)
//   arrived over global port 5 on VC 0 at router 5 (group 1, index 1). Minimal: local port 2 on
//   VC 1; candidates: local ports 3 (index 2) and 4 (index 3) on VC 0.
// - Global scenario: at router 1 (group 0, index 1) after a minimal local hop (input port 2,
//   VC 0), a packet to the group reached by router 1's global port 5: the minimal output is
//   global port 5 on VC 0.
#include <gtest/gtest.h>

#include "port_view_fake.h"
#include "sim/routing/dragonfly/olm.h"

using namespace netcosim;
using netcosim::test::FakePorts;

namespace {

constexpr uint32_t kRouter = 5, kInPort = 5, kMinPort = 2, kMinVc = 1;

const Dragonfly& h2() {
  static const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  return topo;
}

CreditOptions options(CreditOptions::Busy busy, uint32_t coef = 150, uint32_t th = 5,
                      bool one_random = false,
                      CreditOptions::Sensing sensing = CreditOptions::Sensing::Vc) {
  CreditOptions o;
  o.busy = busy;
  o.restriction_coef = coef;
  o.restriction_th = th;
  o.one_random = one_random;
  o.restriction_sensing = sensing;
  return o;
}
CreditOptions per_port(CreditOptions::Busy busy, uint32_t coef, uint32_t th) {
  return options(busy, coef, th, false, CreditOptions::Sensing::Port);
}
constexpr auto kFull = CreditOptions::Busy::FifoFull;
constexpr auto kWriting = CreditOptions::Busy::FifoWriting;

struct Local {
  FakePorts ports{h2(), 3, 2};
  Packet pkt;
  Local() {
    pkt.src = 0;
    pkt.dst = 8;
    pkt.set_hops(df::kGlobal, 1);
  }
  RouteResult route(const CreditOptions& o, Rng& rng, Cycle now = 0) {
    const OlmRouting<CreditTrigger> olm(h2(), CreditTrigger(50, 0, o),
                                        std::make_unique<MmPolicy>());
    return olm.route(ports.at(kRouter, kInPort, 0, now), pkt, rng);
  }
  RouteResult route(const CreditOptions& o, Cycle now = 0) {
    Rng rng(1, 2, 3);
    return route(o, rng, now);
  }
};

TEST(CreditOptionsScenario, DefaultsAreFogsimsWritingBusyRestriction150x5AndAllCandidates) {
  const CreditOptions o;
  EXPECT_EQ(o.busy, kWriting);
  EXPECT_EQ(o.restriction_coef, 150u);
  EXPECT_EQ(o.restriction_th, 5u);
  EXPECT_FALSE(o.one_random);
  EXPECT_EQ(h2().min_output(kRouter, 4), kMinPort);
}

// The minimal VC has credits (8 of 32 phits used: 24 credits) and its FIFO has room, but the
// crossbar is writing into the FIFO until cycle 4 (a grant in cycle 0, X = 4): busy under
// fifo_writing in cycles 0-3, never under fifo_full.
TEST(CreditBusy, FifoWritingSeesTheLinkBusyWhileTheCrossbarWritesFifoFullDoesNot) {
  Local s;
  s.ports.occupy(kMinPort, kMinVc, 8);
  s.ports.write_fifo(kMinPort, 4);
  const CreditTrigger writing(50, 0, options(kWriting)), full(50, 0, options(kFull));
  EXPECT_TRUE(writing.congested(s.ports.at(kRouter, kInPort, 0, 0), kMinPort, kMinVc));
  EXPECT_TRUE(writing.congested(s.ports.at(kRouter, kInPort, 0, 3), kMinPort, kMinVc));
  EXPECT_FALSE(writing.congested(s.ports.at(kRouter, kInPort, 0, 4), kMinPort, kMinVc));
  EXPECT_FALSE(full.congested(s.ports.at(kRouter, kInPort, 0, 0), kMinPort, kMinVc));
}

// The same through OLM: occupancy 0.25, candidates valid below 0.125 = 4 phits; port 4 at 3
// phits is taken under fifo_writing, the packet stays minimal under fifo_full.
TEST(CreditBusy, WriteBusyMinimalOutputMisroutesOnlyUnderFifoWriting) {
  Local s;
  s.ports.occupy(kMinPort, kMinVc, 8);
  s.ports.occupy(3, 0, 4);
  s.ports.occupy(4, 0, 3);
  s.ports.write_fifo(kMinPort, 4);
  const RouteResult w = s.route(options(kWriting));
  EXPECT_EQ(w.port, 4);
  EXPECT_TRUE(w.nonminimal);
  const RouteResult f = s.route(options(kFull));
  EXPECT_EQ(f.port, kMinPort);
  EXPECT_FALSE(f.nonminimal);
}

// A full output FIFO (no room, not being written) with credits downstream: congested under both
// (FOGSim's credit count is the smaller of the credits and the output buffer's room).
TEST(CreditBusy, FullFifoWithCreditsIsCongestedUnderBoth) {
  Local s;
  s.ports.occupy(kMinPort, kMinVc, 8);
  s.ports.fill_fifo(kMinPort);
  const PortView& q = s.ports.at(kRouter, kInPort, 0);
  EXPECT_TRUE(CreditTrigger(50, 0, options(kWriting)).congested(q, kMinPort, kMinVc));
  EXPECT_TRUE(CreditTrigger(50, 0, options(kFull)).congested(q, kMinPort, kMinVc));
}

// Neither write side busy nor FIFO full, credits for a packet: not congested under either.
TEST(CreditBusy, IdleFifoWithCreditsIsNotCongestedUnderEither) {
  Local s;
  s.ports.occupy(kMinPort, kMinVc, 24);  // 8 credits: a whole packet
  const PortView& q = s.ports.at(kRouter, kInPort, 0);
  EXPECT_FALSE(CreditTrigger(50, 0, options(kWriting)).congested(q, kMinPort, kMinVc));
  EXPECT_FALSE(CreditTrigger(50, 0, options(kFull)).congested(q, kMinPort, kMinVc));
}

// A candidate whose FIFO is being written is not valid under fifo_writing (FOGSim's
// validMisroutePort): port 4 (empty downstream) is being written, port 3 at 16 phits fails the
// 50 % rule against the full minimal output: minimal. Under fifo_full port 4 is taken.
TEST(CreditBusy, CandidateBeingWrittenIsRejectedUnderFifoWriting) {
  Local s;
  s.ports.occupy(kMinPort, kMinVc, 32);
  s.ports.occupy(3, 0, 16);
  s.ports.write_fifo(4, 4);
  EXPECT_FALSE(s.route(options(kWriting)).nonminimal);
  EXPECT_EQ(s.route(options(kFull)).port, 4);
}

struct Global {
  FakePorts ports{h2(), 3, 2};
  uint32_t Gd = h2().global_target_group(0, 1, 0);
  const PortView& view() { return ports.at(1, 2, 0); }
};

// routing.global_restriction_sensing=port. Port 5 at 80 + 0 phits (mean 40 per VC), port 6 at
// 40 + 0 (the router's global mean over 2 ports x 2 VCs: 120 / 4 = 30): coef 150, th 1 (8
// phits) gives 45 + 8 = 53 > 40: not congested; coef 100, th 1 gives 38 < 40: congested; th 0
// with coef 150 gives 45 > 40: not congested.
TEST(GlobalRestriction, PortMeanAgainstCoefTimesTheGlobalMeanPlusThPackets) {
  Global s;
  ASSERT_EQ(h2().min_output(1, s.Gd * 4), 5u);
  s.ports.occupy(5, 0, 80);
  s.ports.occupy(6, 0, 40);
  const PortView& q = s.view();
  EXPECT_FALSE(CreditTrigger(50, 0, per_port(kWriting, 150, 1)).global_port_congested(q, 5, 0));
  EXPECT_TRUE(CreditTrigger(50, 0, per_port(kWriting, 100, 1)).global_port_congested(q, 5, 0));
  EXPECT_FALSE(CreditTrigger(50, 0, per_port(kWriting, 150, 0)).global_port_congested(q, 5, 0));
}

// routing.global_restriction_sensing=vc (the default; the thesis's Ch. 4, FOGSim v2/v3): the
// minimal VC of the port against the mean of that VC over the global ports. Port 5 VC 0 at 80,
// port 6 VC 0 at 40 and VC 1 at 200. VC 0: 80 > 100 % x 60 + 8 = 68: congested, although per
// port (mean 40 against (80 + 40 + 200) / 4 + 8 = 88) it is not. VC 1 of port 5 is empty: not
// congested on VC 1.
TEST(GlobalRestriction, PerVcComparesTheMinimalVcAgainstThatVcOfTheGlobalPorts) {
  Global s;
  s.ports.occupy(5, 0, 80);
  s.ports.occupy(6, 0, 40);
  s.ports.occupy(6, 1, 200);
  const PortView& q = s.view();
  EXPECT_TRUE(CreditTrigger(50, 0, options(kWriting, 100, 1)).global_port_congested(q, 5, 0));
  EXPECT_FALSE(CreditTrigger(50, 0, per_port(kWriting, 100, 1)).global_port_congested(q, 5, 0));
  EXPECT_FALSE(CreditTrigger(50, 0, options(kWriting, 100, 1)).global_port_congested(q, 5, 1));
  // coef 150: 90 + 8 = 98 > 80: not congested.
  EXPECT_FALSE(CreditTrigger(50, 0, options(kWriting, 150, 1)).global_port_congested(q, 5, 0));
}

// The comparison is strict, per port and per VC: with coef 100 % and th 1 packet (8 phits), VC 0
// occupancies of ports 5 and 6 that put port 5 exactly at the threshold (not congested), then one
// step above it (congested).
void expect_strict(CreditOptions::Sensing sensing, uint32_t at5, uint32_t at6, uint32_t above5,
                   uint32_t above6) {
  Global s;
  const auto t = CreditTrigger(50, 0, options(kFull, 100, 1, false, sensing));
  s.ports.occupy(5, 0, at5);
  s.ports.occupy(6, 0, at6);
  EXPECT_FALSE(t.global_port_congested(s.view(), 5, 0));
  s.ports.occupy(5, 0, above5);
  s.ports.occupy(6, 0, above6);
  EXPECT_TRUE(t.global_port_congested(s.view(), 5, 0));
}

TEST(GlobalRestriction, OccupancyEqualToTheThresholdIsNotCongested) {
  // Per port: port mean 38 against 100 % x (76 + 44) / 4 + 8 = 38; 39 against (78 + 42) / 4 + 8.
  expect_strict(CreditOptions::Sensing::Port, 76, 44, 78, 42);
  // Per VC: 76 against 100 % x (76 + 60) / 2 + 8 = 76; 77 against (77 + 59) / 2 + 8 = 76.
  expect_strict(CreditOptions::Sensing::Vc, 76, 60, 77, 59);
}

// The restriction ANDs with the credit condition on a global minimal output: the FIFO of port 5
// full (the credit condition holds), port 5 not congested against the global mean (the defaults
// 150 % and 5 packets: 0 > 0 + 40 fails) -> not congested; coefficient 0 turns it off.
TEST(GlobalRestriction, CancelsTheCreditConditionOnAGlobalMinimalOutputUnlessOff) {
  Global s;
  s.ports.fill_fifo(5);
  EXPECT_FALSE(CreditTrigger(50, 0).congested(s.view(), 5, 0));
  EXPECT_TRUE(CreditTrigger(50, 0, options(kWriting, 0, 5)).congested(s.view(), 5, 0));
  // Port 5 full downstream on VC 0 (256) against VC 0's global mean of 128: 192 + 40 = 232.
  s.ports.occupy(5, 0, 256);
  EXPECT_TRUE(CreditTrigger(50, 0).congested(s.view(), 5, 0));
}

// The restriction never applies to a local minimal output (FOGSim: only global ports): the
// local scenario's full minimal output is congested even with a restriction no port can pass.
TEST(GlobalRestriction, DoesNotApplyToALocalMinimalOutput) {
  Local s;
  s.ports.occupy(kMinPort, kMinVc, 32);
  const CreditTrigger t(50, 0, options(kWriting, 100000, 1000000));
  EXPECT_TRUE(t.congested(s.ports.at(kRouter, kInPort, 0), kMinPort, kMinVc));
}

// Hybrid: the restriction only cancels the credit condition (FOGSim's HYBRID); the contention
// condition on the same global output still misroutes.
TEST(GlobalRestriction, HybridContentionConditionIsNotRestricted) {
  Global s;
  s.ports.fill_fifo(5);
  const HybridTrigger h(ContentionTrigger(6), CreditTrigger(50, 0));
  EXPECT_FALSE(h.congested(s.view(), 5, 0));
  s.ports.contend(5, 6);
  EXPECT_TRUE(h.congested(s.view(), 5, 0));
}

// one_random in the local scenario: OLM draws one of the a-1 = 3 neighbours of index 1 with
// rng.below(3) -> indices 0 (the minimal one), 2 (port 3), 3 (port 4). Port 3 fails the 50 %
// rule, port 4 passes. The first stream seed of each draw: drawn port 3 -> minimal although port
// 4 would pass; drawn port 4 -> port 4; drawn index 0 -> minimal.
uint64_t seed_drawing(uint32_t k) {
  for (uint64_t seed = 1;; ++seed) {
    Rng copy(seed, 2, 3);
    if (copy.below(3) == k) return seed;
  }
}

TEST(CreditCandidates, OneRandomTestsOnlyTheDrawnCandidate) {
  Local s;
  s.ports.occupy(kMinPort, kMinVc, 32);
  s.ports.occupy(3, 0, 16);
  const CreditOptions one = options(kWriting, 150, 5, true);
  Rng r1(seed_drawing(1), 2, 3);
  EXPECT_FALSE(s.route(one, r1).nonminimal);  // drew port 3: fails, port 4 is not tested
  Rng r2(seed_drawing(2), 2, 3);
  EXPECT_EQ(s.route(one, r2).port, 4);
  Rng r0(seed_drawing(0), 2, 3);
  EXPECT_FALSE(s.route(one, r0).nonminimal);  // drew the minimal neighbour
  Rng all(seed_drawing(1), 2, 3);
  EXPECT_EQ(s.route(options(kWriting), all).port, 4);  // all: port 4 is found
}

// all draws nothing when one candidate passes, one_random draws exactly once: the stream after
// the decision is the fresh stream advanced by 0 and 1 draws.
TEST(CreditCandidates, AllDrawsNoNumberForASingleValidCandidate) {
  Local s;
  s.ports.occupy(kMinPort, kMinVc, 32);
  s.ports.occupy(3, 0, 16);
  Rng used(7, 2, 3), fresh(7, 2, 3);
  s.route(options(kWriting), used);
  EXPECT_EQ(used.below(1u << 30), fresh.below(1u << 30));
  Rng used1(7, 2, 3), fresh1(7, 2, 3);
  s.route(options(kWriting, 150, 5, true), used1);
  fresh1.below(3);
  EXPECT_EQ(used1.below(1u << 30), fresh1.below(1u << 30));
}

// one_random at injection with CRG (router 0, a destination group it does not reach directly):
// the candidates are global ports 5 and 6 (rng.below(2)); port 5's FIFO is full. Drawing port 5
// stays minimal, drawing port 6 takes it.
TEST(CreditCandidates, OneRandomGlobalCandidateAtInjection) {
  const Dragonfly& topo = h2();
  test::InjectionToFarGroup s(topo);
  ASSERT_EQ(topo.port_class(s.min_port), df::kLocal);
  s.congest();  // only global port 6 can take the packet
  const OlmRouting olm(topo, CreditTrigger(50, 0, options(kWriting, 150, 5, true)),
                       std::make_unique<CrgPolicy>());
  for (uint32_t k = 0; k < 2; ++k) {
    uint64_t seed = 1;
    for (;; ++seed) {
      Rng copy(seed, 2, 3);
      if (copy.below(2) == k) break;
    }
    Rng rng(seed, 2, 3);
    const RouteResult r = olm.route(s.ports.at(0, 0), s.pkt, rng);
    if (k == 0) {
      EXPECT_FALSE(r.nonminimal);
      EXPECT_EQ(r.port, s.min_port);
    } else {
      EXPECT_EQ(r.port, 6);
      EXPECT_EQ(r.set_intermediate, topo.global_target_group(0, 0, 1));
    }
  }
}

}  // namespace
