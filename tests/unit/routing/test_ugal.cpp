// UGAL-L, PiggyBack and PAR decided on a hand-filled port view: UGAL's comparison (thesis 000
// Sec. 1.4.2, Eq. 1.2: minimal iff Q_MIN <= F * Q_VAL + T) on both sides of its boundary, and
// PiggyBack's saturation bit (Eq. 1.3). Defaults: F = routing.ugal_f = 2, T = routing.ugal_t = 3
// packets = 24 phits; the saturation bits have their own parameters (routing.piggyback_coef,
// routing.piggyback_t, routing.piggyback_sensing).
//
// Scenario (h2: p=2 a=4 h=2; ports 0-1 injection, 2-4 local, 5-6 global): a packet injected at
// router 0 (group 0, index 0) for group X = the group of router 0's global port 5, so the
// minimal output is global port 5 (256 phits per VC, VC 0 at the source). The Valiant candidate
// is the hash of the packet's identity (ugal.h); the packet's sequence number is chosen so that
// the candidate's first hop is another port.
#include <gtest/gtest.h>

#include <vector>

#include "port_view_fake.h"
#include "sim/blocks/credit_counter.h"
#include "sim/congestion/saturation_sensor.h"
#include "sim/routing/dragonfly/par.h"
#include "sim/routing/dragonfly/paths.h"
#include "sim/routing/dragonfly/piggyback.h"
#include "sim/routing/dragonfly/ugal.h"

using namespace netcosim;
using netcosim::test::FakePorts;

namespace {

constexpr uint32_t kMinPort = 5;

struct Scenario {
  Dragonfly topo{2, 4, 2, Arrangement::Palmtree};
  FakePorts ports{topo, 4, 2};
  Packet pkt;
  uint32_t cand = 0, val_port = 0;
  Rng rng{1, 2, 3};
  Scenario() {
    const uint32_t X = topo.global_target_group(0, 0, 0);
    pkt.src = 0;
    pkt.dst = X * 8 + 2;             // router X*4 + 1
    for (pkt.seq = 0;; ++pkt.seq) {  // the candidate as UGAL draws it, without recompute
      cand = static_cast<uint32_t>(mix64((uint64_t{pkt.src} << 32) | pkt.seq) % topo.routers());
      if (cand == 0 || cand == dst_router()) continue;
      val_port = topo.min_output(0, cand);
      if (val_port != kMinPort) break;
    }
  }
  uint32_t dst_router() const { return topo.router_of_node(pkt.dst); }
  const PortView& at_source() { return ports.at(0, 0); }
};

UgalParams defaults() {
  UgalParams p;
  p.f = 2;
  p.t_phits = 24;
  return p;
}

void expect_minimal(const Scenario& s, const RouteResult& r) {
  EXPECT_EQ(r.port, kMinPort);
  EXPECT_EQ(r.vcs, vc_bit(0));
  EXPECT_FALSE(r.nonminimal);
  EXPECT_EQ(r.set_intermediate, s.dst_router());  // a Valiant path through the destination
}

void expect_valiant(const Scenario& s, const RouteResult& r) {
  EXPECT_EQ(r.port, s.val_port);
  EXPECT_EQ(r.vcs, vc_bit(0));
  EXPECT_TRUE(r.nonminimal);
  EXPECT_EQ(r.set_intermediate, s.cand);
}

TEST(ScenarioCheck, MinimalOutputIsGlobalPortFive) {
  Scenario s;
  EXPECT_EQ(s.topo.min_output(0, s.dst_router()), kMinPort);
}

// Q_VAL = 10 phits: minimal iff Q_MIN <= 2 * 10 + 24 = 44.
TEST(UgalRouting, MinimalAtTheBoundaryOfEquation12) {
  Scenario s;
  s.ports.occupy(s.val_port, 0, 10);
  s.ports.occupy(kMinPort, 0, 44);
  expect_minimal(s, UgalRouting(s.topo, defaults()).route(s.at_source(), s.pkt, s.rng));
}

TEST(UgalRouting, ValiantOnePhitBeyondTheBoundary) {
  Scenario s;
  s.ports.occupy(s.val_port, 0, 10);
  s.ports.occupy(kMinPort, 0, 45);
  expect_valiant(s, UgalRouting(s.topo, defaults()).route(s.at_source(), s.pkt, s.rng));
}

// routing.sensing=port: the occupancies summed over the port's VCs (4 local, 2 global). Q_MIN =
// 30 + 30 = 60 against Q_VAL summed: minimal iff 60 <= 2 * Q_VAL + 24, i.e. Q_VAL >= 18.
TEST(UgalRouting, PerPortSensingSumsTheVcs) {
  Scenario s;
  UgalParams p = defaults();
  p.per_port = true;
  s.ports.occupy(kMinPort, 0, 30);
  s.ports.occupy(kMinPort, 1, 30);
  s.ports.occupy(s.val_port, 0, 9);
  s.ports.occupy(s.val_port, 1, 9);
  expect_minimal(s, UgalRouting(s.topo, p).route(s.at_source(), s.pkt, s.rng));
  s.ports.occupy(s.val_port, 1, 8);
  expect_valiant(s, UgalRouting(s.topo, p).route(s.at_source(), s.pkt, s.rng));
}

// routing.ugal_compare=queue_hops: minimal iff Q_MIN * H_MIN <= Q_VAL * H_VAL + T (no F). With
// Q_VAL = 10 the boundary is floor((10 * H_VAL + 24) / H_MIN), with the hop counts of the two
// paths from the topology; Eq. 1.2's boundary (44) is elsewhere.
TEST(UgalRouting, QueueHopsComparisonWeightsEachQueueByItsPathLength) {
  Scenario s;
  uint32_t l = 0, g = 0;
  s.topo.min_hops(0, s.dst_router(), l, g);
  const uint32_t h_min = l + g;
  s.topo.min_hops(0, s.cand, l, g);
  uint32_t h_val = l + g;
  s.topo.min_hops(s.cand, s.dst_router(), l, g);
  h_val += l + g;
  ASSERT_GT(h_val, h_min);
  const uint32_t boundary = (10 * h_val + 24) / h_min;
  ASSERT_NE(boundary, 44u);
  UgalParams p = defaults();
  p.hops = true;
  s.ports.occupy(s.val_port, 0, 10);
  s.ports.occupy(kMinPort, 0, boundary);
  expect_minimal(s, UgalRouting(s.topo, p).route(s.at_source(), s.pkt, s.rng));
  s.ports.occupy(kMinPort, 0, boundary + 1);
  expect_valiant(s, UgalRouting(s.topo, p).route(s.at_source(), s.pkt, s.rng));
}

TEST(UgalRouting, InTransitFollowsTheFixedValiantPath) {
  Scenario s;
  Packet p = s.pkt;
  p.route.intermediate = s.cand;
  const uint32_t next = s.topo.min_output(0, s.cand);
  // Still at router 0 but arrived on a local port (a re-route after the source): phase 0 hop.
  const RouteResult r = UgalRouting(s.topo, defaults()).route(s.ports.at(0, 2, 0), p, s.rng);
  EXPECT_EQ(r.port, next);
  EXPECT_EQ(r.set_intermediate, kNone);
}

TEST(UgalRouting, DeclaresNoSensors) {
  Scenario s;
  EXPECT_FALSE(UgalRouting(s.topo, defaults()).sensor_needs().saturation);
}

// PiggyBack: the saturation bit of the group's minimal global link towards the destination group
// (link j = A*h + k of group 0, published by router A = j / h, bit k = j % h) forces Valiant even
// with an empty minimal output; clear, or another link's bit set, Eq. 1.2 decides.
TEST(PiggyBackRouting, SaturatedMinimalGlobalLinkForcesValiant) {
  Scenario s;
  const uint32_t X = s.topo.group_of_router(s.dst_router());
  const uint32_t j = s.topo.global_link_index(0, X);
  ASSERT_EQ(j, 0u);  // router 0's own port 5
  const PiggyBackRouting pb(s.topo, defaults(), PiggyBackParams{});
  s.ports.set_saturation(0, 1);
  expect_valiant(s, pb.route(s.at_source(), s.pkt, s.rng));
  s.ports.set_saturation(0, 2);  // the other global link of router 0
  expect_minimal(s, pb.route(s.at_source(), s.pkt, s.rng));
  s.ports.set_saturation(0, 0);
  expect_minimal(s, pb.route(s.at_source(), s.pkt, s.rng));
  s.ports.occupy(s.val_port, 0, 10);
  s.ports.occupy(kMinPort, 0, 45);  // Eq. 1.2 fails: Valiant without any bit
  expect_valiant(s, pb.route(s.at_source(), s.pkt, s.rng));
}

// The saturation sensor takes the bits' own parameters, not the UGAL comparison's: UGAL F = 1,
// T = 24 phits, per port; bits coef 150 %, T = 40 phits, per VC.
TEST(PiggyBackRouting, DeclaresTheSaturationSensorWithItsOwnCoefAndT) {
  Scenario s;
  UgalParams p = defaults();
  p.f = 1;
  p.per_port = true;
  PiggyBackParams bits;
  bits.coef_percent = 150;
  bits.t_phits = 40;
  const SensorNeeds n = PiggyBackRouting(s.topo, p, bits).sensor_needs();
  EXPECT_TRUE(n.saturation);
  EXPECT_EQ(n.sat_f, 1.5);
  EXPECT_EQ(n.sat_t_phits, 40u);
  EXPECT_FALSE(n.sat_per_port);
}

// PAR compares fractions of the buffers (par.h): minimal iff Q_MIN/256 <= 2 * Q_VAL/C_VAL +
// 24/256. With Q_VAL = C_VAL / 8 (4 of 32 local phits or 32 of 256 global), the bound is
// 256 * (0.25 + 0.09375) = 88 phits, exact in binary.
TEST(ParRouting, MinimalAtTheBoundaryOfEquation12InFractions) {
  Scenario s;
  const ParRouting par(s.topo, 2, 24, false);
  // PAR's candidate: outside the source and destination groups, from the identity and router.
  const uint64_t h = mix64((uint64_t{s.pkt.src} << 32 | s.pkt.seq) ^ mix64(0 + 1));
  const uint32_t Gd = s.topo.group_of_router(s.dst_router());
  const uint32_t g = group_other_than(static_cast<uint32_t>(h % 7), 0, Gd);
  const uint32_t cand = g * 4 + static_cast<uint32_t>((h >> 32) % 4);
  const uint32_t val_port = s.topo.min_output(0, cand);
  ASSERT_NE(val_port, kMinPort);
  s.ports.occupy(val_port, 0, s.ports.capacity(val_port) / 8);
  s.ports.occupy(kMinPort, 0, 88);
  RouteResult r = par.route(s.at_source(), s.pkt, s.rng);
  EXPECT_EQ(r.port, kMinPort);
  EXPECT_FALSE(r.nonminimal);
  EXPECT_EQ(r.set_intermediate, kNone);
  s.ports.occupy(kMinPort, 0, 89);
  r = par.route(s.at_source(), s.pkt, s.rng);
  EXPECT_EQ(r.port, val_port);
  EXPECT_TRUE(r.nonminimal);
  EXPECT_EQ(r.set_intermediate, cand);
}

}  // namespace

namespace {

// PAR's VCs by position in l0-l1-g0-l2-l3-g1-l4 (par.h): source-group local hops 0 then 1 (after
// kLocalInGroup), intermediate-group local hops 2 then 3, destination-group local hop 4; global
// hops 0 then 1. Every output empty, so no decision leaves the path.
TEST(ParRouting, VcOfEachPositionOfTheReferencePath) {
  const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  FakePorts ports(topo, 5, 2);
  const ParRouting par(topo, 2, 24, false);
  Rng rng(1, 2, 3);
  Packet p;
  p.src = 0;
  p.dst = 20;  // router 10, group 2
  // Source group: the first local hop on VC 0 sets kLocalInGroup.
  RouteResult r = par.route(ports.at(0, 0), p, rng);
  if (topo.port_class(r.port) == df::kLocal) {
    EXPECT_EQ(r.vcs, vc_bit(0));
    EXPECT_NE(r.set_flags & Packet::kLocalInGroup, 0);
  }
  // A second local hop in the source group (flag set): VC 1; the global hop: VC 0, clears it.
  p.route.flags = Packet::kLocalInGroup;
  p.set_hops(df::kLocal, 1);
  r = par.route(ports.at(1, 2), p, rng);
  const uint32_t j = topo.global_link_index(0, 2);
  if (j / 2 == 1) {
    EXPECT_EQ(r.port, 5 + j % 2);
    EXPECT_EQ(r.vcs, vc_bit(0));
    EXPECT_NE(r.clear_flags & Packet::kLocalInGroup, 0);
  } else {
    EXPECT_EQ(r.port, topo.local_port(1, j / 2));
    EXPECT_EQ(r.vcs, vc_bit(1));
  }
  // Intermediate group 6 on a Valiant path through router 25: local hops on VC 2, then 3.
  Packet v = p;
  v.route.intermediate = 25;
  v.set_hops(df::kGlobal, 1);
  v.route.flags = 0;
  r = par.route(ports.at(24, 5), v, rng);
  EXPECT_EQ(r.port, topo.local_port(0, 1));
  EXPECT_EQ(r.vcs, vc_bit(2));
  v.route.flags = Packet::kLocalInGroup;
  r = par.route(ports.at(26, 2), v, rng);
  EXPECT_EQ(r.port, topo.local_port(2, 1));
  EXPECT_EQ(r.vcs, vc_bit(3));
  // Destination group after the second global hop: local VC 4; a global hop after one: VC 1.
  v.set_hops(df::kGlobal, 2);
  v.route.phase = 1;
  v.route.flags = 0;
  r = par.route(ports.at(8, 5), v, rng);
  EXPECT_EQ(r.port, topo.local_port(0, 2));
  EXPECT_EQ(r.vcs, vc_bit(4));
  const uint32_t k = topo.global_link_index(6, 2);
  Packet w = v;
  w.set_hops(df::kGlobal, 1);
  w.route.phase = 1;
  r = par.route(ports.at(24 + k / 2, 2), w, rng);
  EXPECT_EQ(r.port, 5 + k % 2);
  EXPECT_EQ(r.vcs, vc_bit(1));
}

}  // namespace

namespace {

// The candidate rules of UGAL and PiggyBack (routing.valiant, ugal.h), through a subclass that
// exposes the candidate of a hash.
class Exposed final : public SourceAdaptiveRouting {
 public:
  using SourceAdaptiveRouting::candidate_of;
  using SourceAdaptiveRouting::SourceAdaptiveRouting;
  const char* name() const override { return "exposed"; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng&) const override {
    return route_source_adaptive(q, pkt, [](const SourceChoice&) { return false; });
  }
};

UgalParams with_candidate(ValiantMode m, GroupDraw d = GroupDraw::OtherThanSource) {
  UgalParams p = defaults();
  p.candidate = m;
  p.group_draw = d;
  return p;
}

// h2 (36 routers, 9 groups of 4): from router 5 (group 1) to router 10 (group 2). Over every hash
// h in [0, M*n) the candidate (a function of h mod n) takes each of its n values exactly M times:
// - outside_source_group, n = 32: each router of the other groups once per M, the destination
//   router excepted (the minimal path, no candidate);
// - group with FOGSim's draw, n = 8: each group other than group 1 once per M, the destination
//   group excepted (its path is the minimal one);
// - group with the older draw, n = 7: each group other than groups 1 and 2.
// Traffic within the source group has no candidate with the first two (routed minimally).
TEST(SourceAdaptiveCandidate, EachRuleTakesEachOfItsValuesEquallyOften) {
  const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  const uint32_t M = 3, R = 5, D = 10;
  auto count = [&](const Exposed& e, uint32_t n, uint32_t dst) {
    std::vector<uint32_t> hits(topo.routers() + 1, 0);
    for (uint64_t h = 0; h < M * n; ++h) {
      const uint32_t c = e.candidate_of(h * 0x100000001ULL + 7 * n, R, dst);
      ++hits[c == kNone ? topo.routers() : c];
    }
    return hits;
  };
  const Exposed outside(topo, with_candidate(ValiantMode::OutsideSourceGroup));
  std::vector<uint32_t> hits = count(outside, 32, D);
  for (uint32_t r = 0; r < topo.routers(); ++r)
    EXPECT_EQ(hits[r], r / 4 == 1 || r == D ? 0u : M) << r;
  EXPECT_EQ(hits[topo.routers()], M);  // the destination router: no candidate
  hits = count(outside, 32, 6);        // router 6, the source group
  EXPECT_EQ(hits[topo.routers()], 32 * M);
  const Exposed fogsim(topo, with_candidate(ValiantMode::Group));
  hits = count(fogsim, 8, D);
  for (uint32_t g = 0; g < topo.groups(); ++g) EXPECT_EQ(hits[g], g == 1 || g == 2 ? 0u : M) << g;
  EXPECT_EQ(hits[topo.routers()], M);  // group 2 drawn: the minimal path
  hits = count(fogsim, 8, 6);
  EXPECT_EQ(hits[topo.routers()], 8 * M);
  const Exposed older(topo,
                      with_candidate(ValiantMode::Group, GroupDraw::OtherThanSourceAndDestination));
  hits = count(older, 7, D);
  for (uint32_t g = 0; g < topo.groups(); ++g) EXPECT_EQ(hits[g], g == 1 || g == 2 ? 0u : M) << g;
  EXPECT_EQ(hits[topo.routers()], 0u);
  // CRG (current_router), n = h = 2: the two groups router 5's global links reach, each once per
  // M (the destination group, if one of them, is the minimal path: no candidate).
  const Exposed crg(topo, with_candidate(ValiantMode::Group, GroupDraw::CurrentRouter));
  hits = count(crg, 2, D);
  const uint32_t reach0 = topo.global_target_group(1, 1, 0),
                 reach1 = topo.global_target_group(1, 1, 1);
  uint32_t none = 0;
  for (uint32_t g = 0; g < topo.groups(); ++g) {
    const bool reached = g == reach0 || g == reach1;
    if (reached && g == 2) none += M;
    EXPECT_EQ(hits[g], reached && g != 2 ? M : 0u) << g;
  }
  EXPECT_EQ(hits[topo.routers()], none);
  EXPECT_EQ(count(crg, 2, 6)[topo.routers()], 2 * M);  // within the source group: none
  // CRG at router level (routing.valiant=current_router), n = h*a = 8: each router of groups 7
  // and 6 (routers 28..31 and 24..27, the groups router 5's links reach; see
  // ValiantRouting.CurrentRouter*) once per M; towards router 29 (group 7) that router is the
  // minimal path, no candidate; within the source group none.
  const Exposed crg_router(topo, with_candidate(ValiantMode::CurrentRouter));
  hits = count(crg_router, 8, D);
  for (uint32_t r = 0; r < topo.routers(); ++r) EXPECT_EQ(hits[r], r >= 24 && r < 32 ? M : 0u) << r;
  EXPECT_EQ(hits[topo.routers()], 0u);
  hits = count(crg_router, 8, 29);
  for (uint32_t r = 0; r < topo.routers(); ++r)
    EXPECT_EQ(hits[r], r >= 24 && r < 32 && r != 29 ? M : 0u) << r;
  EXPECT_EQ(hits[topo.routers()], M);
  EXPECT_EQ(count(crg_router, 8, 6)[topo.routers()], 8 * M);
}

// A group candidate: the Valiant decision goes towards the group on VC 0 and records the group;
// the path continues as VAL-group's (l0-g0-l1-g1-l2: VC = global hops done); a minimal decision
// records the destination's group. 3 local VCs are enough.
TEST(SourceAdaptiveCandidate, GroupCandidateTakesTheValGroupPathAndVcs) {
  const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  FakePorts ports(topo, 3, 2);
  Rng rng(1, 2, 3);
  const UgalParams p = with_candidate(ValiantMode::Group);
  const Exposed e(topo, p);
  EXPECT_STREQ(e.vc_order().reference, "l0-g0-l1-g1-l2");
  Packet pkt;
  pkt.src = 2;   // router 1, group 0
  pkt.dst = 20;  // router 10, group 2
  uint32_t group = kNone;
  for (pkt.seq = 0;; ++pkt.seq) {
    group = e.candidate_of(mix64((uint64_t{pkt.src} << 32) | pkt.seq), 1, 10);
    if (group != kNone && port_towards_group(topo, 1, group) != topo.min_output(1, 10)) break;
  }
  const uint32_t val_port = port_towards_group(topo, 1, group);
  ports.occupy(topo.min_output(1, 10), 0, 30);  // Q_MIN 30 > 2 * 0 + 24: Valiant
  RouteResult r = e.route(ports.at(1, 0), pkt, rng);
  EXPECT_EQ(r.port, val_port);
  EXPECT_EQ(r.vcs, vc_bit(0));
  EXPECT_TRUE(r.nonminimal);
  EXPECT_TRUE(r.nonminimal_decision);
  EXPECT_EQ(r.set_intermediate, group);
  ports.occupy(topo.min_output(1, 10), 0, 24);  // at the boundary: minimal
  r = e.route(ports.at(1, 0), pkt, rng);
  EXPECT_EQ(r.port, topo.min_output(1, 10));
  EXPECT_EQ(r.set_intermediate, 2u);
  // In the intermediate group after its global hop: minimally to the destination on VC 1.
  Packet v = pkt;
  v.route.intermediate = group;
  v.set_hops(df::kGlobal, 1);
  const uint32_t landed = landing_router(topo, 0, group);
  r = e.route(ports.at(landed, 5), v, rng);
  EXPECT_EQ(r.port, topo.min_output(landed, 10));
  EXPECT_EQ(r.vcs, vc_bit(1));
  EXPECT_FALSE(r.nonminimal);
  // In the destination group after the second global hop: local VC 2.
  v.set_hops(df::kGlobal, 2);
  r = e.route(ports.at(8, 5), v, rng);
  EXPECT_EQ(r.port, topo.min_output(8, 10));
  EXPECT_EQ(r.vcs, vc_bit(2));
}

// PiggyBack's two comparisons, each with its own parameters, on a hand-filled port view:
// - UGAL (routing.ugal_compare=queue_hops, T = routing.ugal_t = 0, per VC; FOGSim's UGAL-L of PB:
//   Valiant iff Q_MIN * H_MIN > Q_VAL * H_VAL + ugal_local_threshold * S): with Q_VAL = 10 the
//   boundary is floor(10 * H_VAL / H_MIN), H_VAL the hops of the VAL-group path through the
//   candidate group (to the router the global link lands on, then to the destination);
// - the saturation bit (routing.piggyback_coef = 150 %, routing.piggyback_t = 2 packets, per VC 0):
//   computed by the router's SaturationSensor from the credits of its global links, which PB's
//   sensor_needs() configures: with VC-0 occupancies 0 and 60 of router 0's links, the mean is
//   30 and the limit 1.5 * 30 + 16 = 61: no bit; with 70 and 0, the limit 1.5 * 35 + 16 = 68.5:
//   link 0's bit, which makes PB route the packet through Valiant although the UGAL comparison
//   alone keeps it minimal.
TEST(PiggyBackRouting, TwoComparisonsWithTheirOwnParametersOnAHandFilledView) {
  Scenario s;
  UgalParams u = with_candidate(ValiantMode::Group);
  u.hops = true;
  u.t_phits = 0;
  PiggyBackParams bits;
  bits.coef_percent = 150;
  bits.t_phits = 16;
  const PiggyBackRouting pb(s.topo, u, bits);
  const Exposed ugal(s.topo, u);
  const uint32_t Gd = s.topo.group_of_router(s.dst_router());
  Packet pkt = s.pkt;
  uint32_t group = kNone;
  for (pkt.seq = 0;; ++pkt.seq) {
    group = ugal.candidate_of(mix64((uint64_t{pkt.src} << 32) | pkt.seq), 0, s.dst_router());
    if (group != kNone && port_towards_group(s.topo, 0, group) != kMinPort) break;
  }
  const uint32_t val_port = port_towards_group(s.topo, 0, group);
  uint32_t l = 0, g = 0;
  s.topo.min_hops(0, s.dst_router(), l, g);
  const uint32_t h_min = l + g;
  const uint32_t landed = landing_router(s.topo, 0, group);
  s.topo.min_hops(0, landed, l, g);
  uint32_t h_val = l + g;
  s.topo.min_hops(landed, s.dst_router(), l, g);
  h_val += l + g;
  ASSERT_EQ(h_min, 2u);  // g-l: router 0 holds the link, the destination is not where it lands
  const uint32_t boundary = 10 * h_val / h_min;
  s.ports.occupy(val_port, 0, 10);
  s.ports.occupy(kMinPort, 0, boundary);
  RouteResult r = pb.route(s.at_source(), pkt, s.rng);
  EXPECT_EQ(r.port, kMinPort);
  EXPECT_EQ(r.set_intermediate, Gd);
  s.ports.occupy(kMinPort, 0, boundary + 1);
  r = pb.route(s.at_source(), pkt, s.rng);
  EXPECT_EQ(r.port, val_port);
  EXPECT_EQ(r.set_intermediate, group);
  s.ports.occupy(kMinPort, 0, boundary);
  // The bits of router 0 from its own global links (ports 5, 6; 2 VCs of 256 phits).
  SaturationSensor sensor(pb.sensor_needs(), 5, 2, 2);
  sensor.set_peers({&sensor}, 10);
  std::vector<model::CreditCounter> credits(7, model::CreditCounter(2, 256));
  credits[6].consume(0, 60);
  sensor.update(1, model::CreditArray(credits.data()));
  EXPECT_EQ(sensor.mask(), 0u);
  s.ports.set_saturation(0, sensor.mask());
  EXPECT_EQ(pb.route(s.at_source(), pkt, s.rng).port, kMinPort);
  credits[5].consume(0, 70);
  credits[6] = model::CreditCounter(2, 256);
  sensor.update(2, model::CreditArray(credits.data()));
  EXPECT_EQ(sensor.mask(), 0b01u);  // 70 > 1.5 * 35 + 16 = 68.5
  s.ports.set_saturation(0, sensor.mask());
  r = pb.route(s.at_source(), pkt, s.rng);
  EXPECT_EQ(r.port, val_port);
  EXPECT_TRUE(r.nonminimal_decision);
}

}  // namespace
