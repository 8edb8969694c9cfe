// The OLM misrouting triggers (sim/routing/dragonfly/olm_triggers.h) decided on a hand-filled
// port view: OLM's opportunistic local misrouting in a destination group, where the trigger alone
// decides between the minimal local hop and a nonminimal one.
//
// Scenario (h2: p=2 a=4 h=2; ports 0-1 injection, 2-4 local, 5-6 global; 3 local / 2 global VCs):
// a packet from node 0 (group 0) to node 8 (router 4 = group 1, index 0) has arrived over a global
// link (input port 5, VC 0) at router 5 (group 1, index 1). Its minimal output is local port 2
// (towards index 0) on VC 1 (a global-to-local hop takes the input VC + 1); the nonminimal
// candidates are local ports 3 and 4 (indices 2 and 3) on VC 0 (a nonminimal local hop keeps the
// input VC). Local buffers hold 32 phits per VC, packets are 8 phits.
#include <gtest/gtest.h>

#include "port_view_fake.h"
#include "sim/routing/dragonfly/olm.h"

using namespace netcosim;
using netcosim::test::FakePorts;

namespace {

constexpr uint32_t kRouter = 5, kInPort = 5, kMinPort = 2, kMinVc = 1;

struct Scenario {
  Dragonfly topo{2, 4, 2, Arrangement::Palmtree};
  FakePorts ports{topo, 3, 2};
  Packet pkt;
  Rng rng{1, 2, 3};
  Scenario() {
    pkt.src = 0;
    pkt.dst = 8;
    pkt.set_hops(df::kGlobal, 1);
  }
  template <class Trigger>
  RouteResult route(Trigger t) {
    const OlmRouting<Trigger> olm(topo, t, std::make_unique<MmPolicy>());
    return olm.route(ports.at(kRouter, kInPort, 0), pkt, rng);
  }
};

void expect_minimal(const RouteResult& r) {
  EXPECT_EQ(r.port, kMinPort);
  EXPECT_EQ(r.vcs, vc_bit(kMinVc));
  EXPECT_FALSE(r.nonminimal);
  EXPECT_EQ(r.set_flags & Packet::kLocalMisroutedInGroup, 0);
}

void expect_misrouted_to(const RouteResult& r, uint32_t port) {
  EXPECT_EQ(r.port, port);
  EXPECT_EQ(r.vcs, vc_bit(0));  // the nonminimal local hop keeps the input VC
  EXPECT_TRUE(r.nonminimal);
  EXPECT_NE(r.set_flags & Packet::kLocalMisroutedInGroup, 0);
}

CreditTrigger credit(double threshold = 50, double min_occ = 0) {
  return CreditTrigger(threshold, min_occ);
}

TEST(ScenarioCheck, MinimalHopIsTheLocalPortTowardsTheDestinationRouter) {
  Scenario s;
  EXPECT_EQ(s.topo.min_output(kRouter, 4), kMinPort);
  EXPECT_EQ(s.topo.local_neighbor(1, 3), 2u);
  EXPECT_EQ(s.topo.local_neighbor(1, 4), 3u);
}

// Credit trigger, default routing.credit_threshold = 50 %: the minimal output without credits
// (32 of 32 phits occupied: 0 credits < 8) is congested at occupancy 1.0; a candidate is valid
// when its occupancy is < 0.5 * 1.0, i.e. at most 15 phits (15/32 = 0.47); 16 phits (0.5) is not.
TEST(CreditTrigger, FullMinimalOutputMisroutesToACandidateBelowHalfItsOccupancy) {
  Scenario s;
  s.ports.occupy(kMinPort, kMinVc, 32);
  s.ports.occupy(3, 0, 16);
  s.ports.occupy(4, 0, 15);
  expect_misrouted_to(s.route(credit()), 4);
  s.ports.occupy(4, 0, 10);  // 31 %
  expect_misrouted_to(s.route(credit()), 4);
}

TEST(CreditTrigger, CandidatesAtHalfTheMinimalOccupancyStayMinimal) {
  Scenario s;
  s.ports.occupy(kMinPort, kMinVc, 32);
  s.ports.occupy(3, 0, 16);
  s.ports.occupy(4, 0, 16);
  expect_minimal(s.route(credit()));
}

// routing.credit_compare=at_most (FOGSim's validMisroutePort, `<=`): the candidates at exactly half
// the minimal output's occupancy (16 of 32 phits against a full minimal VC) are now valid; one
// phit more (17) is not. The default (below) keeps both minimal (the test above).
TEST(CreditTrigger, AtMostAcceptsACandidateAtExactlyTheThreshold) {
  Scenario s;
  CreditOptions o;
  o.at_most = true;
  s.ports.occupy(kMinPort, kMinVc, 32);
  s.ports.occupy(3, 0, 17);
  s.ports.occupy(4, 0, 16);
  expect_misrouted_to(s.route(CreditTrigger(50, 0, o)), 4);
  s.ports.occupy(4, 0, 17);
  expect_minimal(s.route(CreditTrigger(50, 0, o)));
  s.ports.occupy(4, 0, 16);
  expect_minimal(s.route(credit()));
}

// 25 phits: 7 credits < 8, congested at 25/32 = 0.78125; valid below 0.390625 = 12.5 phits.
TEST(CreditTrigger, ThresholdScalesWithTheMinimalOccupancy) {
  Scenario s;
  s.ports.occupy(kMinPort, kMinVc, 25);
  s.ports.occupy(3, 0, 13);
  s.ports.occupy(4, 0, 12);
  expect_misrouted_to(s.route(credit()), 4);
  s.ports.occupy(4, 0, 13);
  expect_minimal(s.route(credit()));
}

// 24 phits leave 8 credits: a whole packet fits, the minimal output can take it, no misrouting
// even towards empty candidates.
TEST(CreditTrigger, MinimalOutputWithCreditsForAPacketIsNotCongested) {
  Scenario s;
  s.ports.occupy(kMinPort, kMinVc, 24);
  expect_minimal(s.route(credit()));
}

// A full output FIFO also stops the minimal output, but at downstream occupancy 0 no candidate
// is below 50 % of 0.
TEST(CreditTrigger, FullOutputFifoWithEmptyDownstreamFindsNoCandidate) {
  Scenario s;
  s.ports.fill_fifo(kMinPort);
  expect_minimal(s.route(credit()));
  s.ports.occupy(kMinPort, kMinVc, 8);  // 0.25: candidates below 0.125 = 4 phits
  s.ports.occupy(3, 0, 4);
  s.ports.occupy(4, 0, 3);
  expect_misrouted_to(s.route(credit()), 4);
}

// routing.credit_min_occupancy = 50 %: misrouting also needs the minimal occupancy >= 0.5.
TEST(CreditTrigger, MinimumOccupancyGatesTheTrigger) {
  Scenario s;
  s.ports.fill_fifo(kMinPort);
  s.ports.occupy(kMinPort, kMinVc, 15);  // 0.47 < 0.5: not congested
  expect_minimal(s.route(credit(50, 50)));
  s.ports.occupy(kMinPort, kMinVc, 16);  // 0.5: congested; candidates below 0.25 = 8 phits
  s.ports.occupy(3, 0, 8);
  expect_misrouted_to(s.route(credit(50, 50)), 4);
}

TEST(CreditTrigger, CandidateWithoutCreditsIsNeverTaken) {
  Scenario s;
  s.ports.occupy(kMinPort, kMinVc, 32);
  s.ports.occupy(3, 0, 32);
  s.ports.fill_fifo(4);
  expect_minimal(s.route(credit()));
}

// Base (routing.threshold default 6): congested when the minimal output's counter is >= 6;
// candidates are the outputs whose counter is below 6.
TEST(ContentionTrigger, CounterAtThresholdMisroutesToAnUncontendedCandidate) {
  Scenario s;
  s.ports.contend(kMinPort, 6);
  s.ports.contend(3, 6);
  s.ports.contend(4, 5);
  expect_misrouted_to(s.route(ContentionTrigger(6)), 4);
}

TEST(ContentionTrigger, CounterBelowThresholdStaysMinimal) {
  Scenario s;
  s.ports.contend(kMinPort, 5);
  s.ports.occupy(kMinPort, kMinVc, 32);  // no credits: irrelevant to Base
  expect_minimal(s.route(ContentionTrigger(6)));
}

// Filtered, alpha = 0.5 (128/256): one step from 0 gives f = (1 - alpha) * count (Eq. 4.1), so a
// count of 12 is 6.0 >= th = 6 and 11 is 5.5 < 6.
TEST(FilteredTrigger, AveragedCounterAtThresholdMisroutes) {
  Scenario s;
  s.ports.contend(kMinPort, 12);
  s.ports.contend(3, 12);
  s.ports.contend(4, 11);
  s.ports.filter(128);
  expect_misrouted_to(s.route(FilteredTrigger(6, 0.5)), 4);
}

TEST(FilteredTrigger, AveragedCounterBelowThresholdStaysMinimalWhateverTheRawCount) {
  Scenario s;
  s.ports.contend(kMinPort, 11);
  s.ports.filter(128);
  EXPECT_TRUE(s.ports.at(kRouter, kInPort).contention().over(kMinPort, 6));  // raw 11 >= 6
  expect_minimal(s.route(FilteredTrigger(6, 0.5)));
}

TEST(FilteredTrigger, DeclaresTheFilteredSensorWithAlphaIn256ths) {
  const SensorNeeds n = FilteredTrigger(6, 0.5).sensor_needs();
  EXPECT_TRUE(n.contention && n.filtered);
  EXPECT_EQ(n.filter_alpha_256, 128u);
}

HybridTrigger hybrid() {
  return HybridTrigger(ContentionTrigger(6), CreditTrigger(50, 0));
}

// Hybrid: contention fired (counter 6, the minimal output has credits): candidates by Base's rule,
// whatever their occupancy (port 4 at 16 phits would fail the credit rule against 0).
TEST(HybridTrigger, ContentionConditionChoosesCandidatesByCounter) {
  Scenario s;
  s.ports.contend(kMinPort, 6);
  s.ports.contend(3, 6);
  s.ports.occupy(4, 0, 16);
  expect_misrouted_to(s.route(hybrid()), 4);
}

// Credit condition only (counter 5, no credits): candidates by the credit rule, whatever their
// counter (port 3 at 6 would fail Base's rule).
TEST(HybridTrigger, CreditConditionChoosesCandidatesByOccupancy) {
  Scenario s;
  s.ports.contend(kMinPort, 5);
  s.ports.occupy(kMinPort, kMinVc, 32);
  s.ports.contend(3, 6);
  s.ports.occupy(3, 0, 15);
  s.ports.occupy(4, 0, 16);
  expect_misrouted_to(s.route(hybrid()), 3);
}

TEST(HybridTrigger, NeitherConditionStaysMinimal) {
  Scenario s;
  s.ports.contend(kMinPort, 5);
  s.ports.occupy(kMinPort, kMinVc, 24);
  expect_minimal(s.route(hybrid()));
}

// ECtN in transit uses Base's counters.
TEST(EctnTrigger, InTransitDecidesOnBaseCounters) {
  Scenario s;
  s.ports.contend(kMinPort, 6);
  s.ports.contend(3, 6);
  const auto ectn = [] { return EctnTrigger(ContentionTrigger(6), 10); };
  expect_misrouted_to(s.route(ectn()), 4);
  Scenario t;
  t.ports.contend(kMinPort, 5);
  expect_minimal(t.route(ectn()));
}

// ECtN at injection (seed 001 Sec. III-D, thc = routing.ectn_threshold default 10): at router 0
// (group 0, index 0), a packet for a group that neither of its global links reaches. When the
// destination group's combined counter is >= 10, the packet leaves on a global link whose group's
// combined counter is below 10; at 9 it routes minimally (Base counters all 0).
TEST(EctnTrigger, CombinedCounterOfTheDestinationGroupAtThresholdMisroutesAtInjection) {
  Scenario s;
  const uint32_t X0 = s.topo.global_target_group(0, 0, 0), X1 = s.topo.global_target_group(0, 0, 1);
  uint32_t Gd = 1;
  while (Gd == X0 || Gd == X1) ++Gd;
  Packet p;
  p.src = 0;
  p.dst = Gd * 8;  // router Gd*4, index 0 of group Gd
  const OlmRouting olm(s.topo, EctnTrigger(ContentionTrigger(6), 10), std::make_unique<MmPolicy>());
  s.ports.set_ectn(Gd, 10);
  s.ports.set_ectn(X0, 10);
  s.ports.set_ectn(X1, 9);
  RouteResult r = olm.route(s.ports.at(0, 0), p, s.rng);
  EXPECT_EQ(r.port, 6);  // global port k = 1
  EXPECT_EQ(r.vcs, vc_bit(0));
  EXPECT_TRUE(r.nonminimal);
  EXPECT_EQ(r.set_intermediate, X1);
  s.ports.set_ectn(Gd, 9);
  r = olm.route(s.ports.at(0, 0), p, s.rng);
  EXPECT_EQ(r.port, s.topo.min_output(0, Gd * 4));
  EXPECT_FALSE(r.nonminimal);
  EXPECT_EQ(r.set_intermediate, kNone);
}

TEST(EctnTrigger, DeclaresContentionAndEctnSensors) {
  const SensorNeeds n = EctnTrigger(ContentionTrigger(6), 10).sensor_needs();
  EXPECT_TRUE(n.contention && n.ectn);
  EXPECT_FALSE(n.filtered || n.saturation);
  EXPECT_FALSE(CreditTrigger(50, 0).sensor_needs().contention);
}

}  // namespace
