// The allocator's arbitration policies in whole networks (router.input_arbitration,
// router.output_arbitration, router.age_timestamp; docs/model.md §2.4), with the directions and
// shares the sources give and docs/validation.md records:
// - h2 under ADV+1 to the same router with MIN (thesis 000 Sec. 3.1, extract §6): the group's
//   one global link to group g+1 leaves router 3; its output arbiter sees the three local inputs
//   (routers 0..2's traffic) and router 3's two nodes. Round-robin pointers driven by the transit
//   grants starve node 1 of router 0; LRS splits router 0's fifth of the link between its nodes;
//   transit priority gives the three transit inputs a third each and router 3's nodes nothing
//   (the thesis's starved Rout).
// - the 8x8 mesh under transpose at saturation (seed 004 Sec. 4.2, Table 2, with its packet and
//   buffer sizes): age with gen_qinf raises the minimum node throughput far above round-robin's
//   parking lot; inj_time gives a lower minimum than gen_qinf; under perfect shuffle gen_q24 lies
//   between them.
// - the 8x8 mesh of seed 004 Sec. 5.2 and 5.4: age cuts the maximum latency below saturation and
//   lifts the hot spot's minimum, less under adaptive routing.
// - h4 under ADVc at 0.4 with OLM (thesis 000 Tables 3.1 and 3.3): transit priority makes the
//   per-router Max/Min large, age keeps it near 1.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sim/engine/native/native_engine.h"
#include "sim/engine/results.h"
#include "sim/network/build.h"
#include "sim/network/network.h"

using namespace netcosim;

namespace {

RunResults run(const std::vector<std::string>& base, const std::vector<std::string>& more,
               uint32_t threads = 1) {
  Config c;
  for (const auto& s : base) c.set_override(s);
  for (const auto& s : more) c.set_override(s);
  return run_native(*build_network(c), nullptr, threads);
}

const std::vector<std::string> kH2SameRouter = {"topology.type=dragonfly",
                                                "topology.p=2",
                                                "topology.a=4",
                                                "topology.h=2",
                                                "routing.algorithm=min",
                                                "traffic.pattern=adv",
                                                "traffic.adv_offset=1",
                                                "traffic.adv_target=same_router",
                                                "traffic.load=0.5",
                                                "sim.warmup=3000",
                                                "sim.measure=5000"};

TEST(RouterArbitration, H2SameRouterRoundRobinStarvesNodeOne) {
  const RunResults r = run(kH2SameRouter, {});
  // Router 3's global output: 5 inputs served one packet each in turn, 1/5 of the link each;
  // router 0's fifth goes to node 0 alone.
  EXPECT_NEAR(r.node_injected[0], 0.2, 0.004);
  EXPECT_EQ(r.node_injected[1], 0.0);
  EXPECT_NEAR(r.accepted_load, 0.125, 0.003);  // one global link (1 phit/cycle) per 8 nodes
}

TEST(RouterArbitration, H2SameRouterLrsSplitsTheRoutersShare) {
  for (const char* in : {"rr", "lrs"}) {
    const RunResults r = run(kH2SameRouter, {std::string("router.input_arbitration=") + in,
                                             "router.output_arbitration=lrs"});
    EXPECT_NEAR(r.node_injected[0], 0.1, 0.005) << in;
    EXPECT_NEAR(r.node_injected[1], 0.1, 0.005) << in;
    EXPECT_NEAR(r.node_injected[6], 0.2, 0.005) << in;  // router 3's nodes: a fifth each
  }
}

TEST(RouterArbitration, H2SameRouterTransitPriorityStarvesTheGlobalRouter) {
  for (const char* out : {"transit_rr", "transit_lrs"}) {
    const RunResults r = run(kH2SameRouter, {"router.input_arbitration=lrs",
                                             std::string("router.output_arbitration=") + out});
    for (uint32_t n = 0; n < 6; ++n)
      EXPECT_NEAR(r.node_injected[n], 1.0 / 6, 0.005) << out << " node " << n;
    EXPECT_EQ(r.node_injected[6], 0.0) << out;
    EXPECT_EQ(r.node_injected[7], 0.0) << out;
  }
}

TEST(RouterArbitration, H2SameRouterAgeIsNearlyFair) {
  // A window of 20,000 cycles: a node's load moves by 8 phits / window per packet.
  const RunResults r =
      run(kH2SameRouter, {"router.input_arbitration=age", "router.output_arbitration=age",
                          "sim.warmup=5000", "sim.measure=20000"});
  // Every node within 20% of the fair share 0.125 (one global link per 8 nodes); round-robin's
  // and transit priority's minimum is 0.
  EXPECT_GT(r.fairness.min_load, 0.8 * 0.125);
  EXPECT_LT(r.fairness.max_load, 1.2 * 0.125);
}

// Seed 004 Table 1: packets of 16 phits, transit queues of 4 packets (64 phits), an injection
// queue of 24 packets; one injection VC (its router injection buffer of 64 phits, as a transit
// queue), the mesh's 2 VCs per dimension (DOR with a dateline needs them; seed 004's oblivious mesh
// uses 2 VCs, Table 1).
const std::vector<std::string> kMeshTranspose = {
    "topology.type=mesh",        "topology.dims=8x8",       "routing.algorithm=dor",
    "traffic.pattern=transpose", "traffic.load=1.0",        "packet.size=16",
    "router.buffer_x=64",        "router.buffer_y=64",      "router.buffer_injection=64",
    "router.vcs_injection=1",    "router.buffer_output=64", "traffic.source_queue=24",
    "sim.warmup=5000",           "sim.measure=20000"};

TEST(RouterArbitration, MeshTransposeAgeTimestampsOrderTheMinimum) {
  const RunResults rr = run(kMeshTranspose, {});
  const std::vector<std::string> age = {"router.input_arbitration=age",
                                        "router.output_arbitration=age"};
  auto with = [&](const char* ts) {
    std::vector<std::string> s = age;
    s.push_back(std::string("router.age_timestamp=") + ts);
    return run(kMeshTranspose, s);
  };
  const RunResults qinf = with("gen_qinf"), q24 = with("gen_q24"), inj = with("inj_time");
  // Round-robin: node 7 of row 0 gets 2^-6 of the link (the parking lot, paper 004 Fig. 3).
  EXPECT_LT(rr.fairness.min_load, 0.02);
  EXPECT_GT(qinf.fairness.min_load, 5 * rr.fairness.min_load);
  EXPECT_LT(inj.fairness.min_load, qinf.fairness.min_load);
  EXPECT_LT(inj.fairness.min_load, q24.fairness.min_load);
  // Under inj_time the minimum is node 1's (paper 004 Sec. 4.2: "0.087 flits/cycle for node 1").
  EXPECT_EQ(inj.fairness.min_load, inj.node_injected[1]);
  // The same accepted load: age reorders, it does not add throughput here.
  EXPECT_NEAR(qinf.accepted_load, rr.accepted_load, 0.01);
}

// Perfect shuffle under Table 2's keys (seed 004 Table 2: 0.2377 / 0.1892 / 0.1061): each step
// away from the generation time lowers the minimum; measured 0.2216 / 0.1976 / 0.0992
// (docs/validation.md, Table 2).
TEST(RouterArbitration, MeshShuffleTimestampsOrderTheMinimum) {
  auto with = [&](const char* ts) {
    return run(kMeshTranspose,
               {"traffic.pattern=shuffle", "router.input_arbitration=age",
                "router.output_arbitration=age", std::string("router.age_timestamp=") + ts});
  };
  const RunResults qinf = with("gen_qinf"), q24 = with("gen_q24"), inj = with("inj_time");
  EXPECT_GT(qinf.fairness.min_load, 1.05 * q24.fairness.min_load);
  EXPECT_GT(q24.fairness.min_load, 1.5 * inj.fairness.min_load);
}

// Seed 004 Sec. 5.1-5.4's 8x8 mesh: Table 1's sizes with links of one cycle (the SAT section of
// docs/validation.md), DOR or Duato's adaptive routing.
std::vector<std::string> seed004_mesh(const char* routing, std::vector<std::string> more) {
  std::vector<std::string> c = {"topology.type=mesh",
                                "topology.dims=8x8",
                                "router.vcs_x=2",
                                "router.vcs_y=2",
                                "router.vcs_injection=1",
                                "router.buffer_x=64",
                                "router.buffer_y=64",
                                "router.buffer_injection=64",
                                "router.buffer_output=64",
                                "link.latency_x=1",
                                "link.latency_y=1",
                                "packet.size=16",
                                "traffic.source_queue=24",
                                "traffic.load=1.0",
                                "sim.warmup=5000",
                                "sim.measure=20000",
                                std::string("routing.algorithm=") + routing};
  c.insert(c.end(), more.begin(), more.end());
  return c;
}

const std::vector<std::string> kAgeQ24 = {"router.input_arbitration=age",
                                          "router.output_arbitration=age",
                                          "router.age_timestamp=gen_q24"};

// Seed 004 Sec. 5.2: below saturation age leaves the average latency and cuts the maximum
// ("10-30%"). Hot region at 0.3 on the DOR mesh: average 88 / 90 cycles, maximum 601 / 431
// (-28%; docs/validation.md, Sec. 5.2).
TEST(RouterArbitration, MeshHotRegionAgeCutsTheMaximumLatency) {
  const std::vector<std::string> hr = {"traffic.pattern=hotregion", "traffic.load=0.3"};
  const RunResults rr = run(seed004_mesh("dor", hr), {});
  const RunResults age = run(seed004_mesh("dor", hr), kAgeQ24);
  EXPECT_NEAR(age.accepted_load, rr.accepted_load, 0.005);  // below saturation: all delivered
  EXPECT_NEAR(age.latency_avg, rr.latency_avg, 0.05 * rr.latency_avg);
  EXPECT_LT(age.latency_max, 0.9 * rr.latency_max);
}

// Seed 004 Sec. 5.4 (Fig. 8, 9) at 10% to node 0: round-robin starves the nodes far from node 0,
// age gives every node some throughput, and under adaptive routing age is less fair than under
// DOR (the seed: "With adaptive routing, Age becomes quite unfair"). Min/avg on this window
// (2,000 + 8,000 cycles): DOR round-robin 0, age 0.615, adaptive age 0.470 (on 5,000 + 20,000:
// 0, 0.684, 0.522; docs/validation.md, Sec. 5.4).
TEST(RouterArbitration, MeshHotSpotAgeRaisesTheMinimumLessUnderAdaptive) {
  const std::vector<std::string> hot = {"traffic.pattern=hotspot", "traffic.hotspot_fraction=0.1",
                                        "sim.warmup=2000", "sim.measure=8000"};
  const RunResults rr = run(seed004_mesh("dor", hot), {});
  const RunResults dor = run(seed004_mesh("dor", hot), kAgeQ24);
  const RunResults adaptive = run(seed004_mesh("mesh_adaptive", hot), kAgeQ24);
  EXPECT_LT(rr.fairness.min_load, 0.01);
  EXPECT_GT(dor.fairness.min_avg_ratio, 0.5);
  EXPECT_LT(adaptive.fairness.min_avg_ratio, 0.9 * dor.fairness.min_avg_ratio);
  EXPECT_GT(adaptive.fairness.min_load, 0.03);
}

TEST(RouterArbitration, H4AdvcOlmTransitPriorityUnfairAgeFair) {
  const std::vector<std::string> h4 = {"topology.type=dragonfly",
                                       "topology.p=4",
                                       "topology.a=8",
                                       "topology.h=4",
                                       "routing.algorithm=olm",
                                       "router.vcs_local=3",
                                       "router.vcs_global=2",
                                       "traffic.pattern=advc",
                                       "traffic.load=0.4",
                                       "sim.warmup=3000",
                                       "sim.measure=6000"};
  const RunResults t =
      run(h4, {"router.input_arbitration=rr", "router.output_arbitration=transit_rr"});
  const RunResults a = run(h4, {"router.input_arbitration=age", "router.output_arbitration=age"});
  EXPECT_GT(t.fairness_per_router.max_min_ratio, 5.0);
  EXPECT_LT(a.fairness_per_router.max_min_ratio, 1.2);
}

// A hand-built case: the 2x2 mesh with 2 nodes per switch, every node sending only to node 0 at
// full rate, XY routing. Node 0's ejection port (1 phit/cycle) is the bottleneck; its output
// arbiter at router (0,0) sees 4 inputs: node 0's and node 1's injection ports, the x input from
// router (1,0) (nodes 2, 3) and the y input from router (0,1) (nodes 4, 5, and 6, 7 coming from
// router (1,1) along x). Upstream, router (0,1)'s y output sees nodes 4, 5 and its x input (nodes
// 6, 7); router (1,0)'s x output nodes 2, 3. Shares, per node:
// - rr (and lrs, the same order when every input always requests): a quarter per input at every
//   arbiter: 1/4, 1/4 | 1/8, 1/8 | 1/12, 1/12 | 1/24, 1/24 (the parking lot);
// - transit priority: node 0's arbiter serves only x and y (1/2 each), router (0,1)'s only its x
//   input: 0, 0 | 1/4, 1/4 | 0, 0 | 1/4, 1/4;
// - age (generation time, unbounded source queues): oldest first is first generated first, 1/8
//   each (within 10% on this window).
TEST(RouterArbitration, HandBuiltMeshSharesOfEachPolicy) {
  const std::vector<std::string> mesh = {
      "topology.type=mesh",    "topology.dims=2x2",       "topology.nodes_per_switch=2",
      "routing.algorithm=dor", "traffic.pattern=hotspot", "traffic.hotspot_fraction=1.0",
      "traffic.load=1.0",      "sim.warmup=4000",         "sim.measure=24000"};
  const std::vector<double> rr = {1.0 / 4,  1.0 / 4,  1.0 / 8,  1.0 / 8,
                                  1.0 / 12, 1.0 / 12, 1.0 / 24, 1.0 / 24};
  const std::vector<double> transit = {0, 0, 0.25, 0.25, 0, 0, 0.25, 0.25};
  const struct {
    const char *in, *out;
    const std::vector<double>& share;
  } cases[] = {{"rr", "rr", rr},
               {"lrs", "lrs", rr},
               {"rr", "transit_rr", transit},
               {"lrs", "transit_lrs", transit}};
  for (const auto& k : cases) {
    const RunResults r = run(mesh, {std::string("router.input_arbitration=") + k.in,
                                    std::string("router.output_arbitration=") + k.out});
    for (uint32_t n = 0; n < 8; ++n)  // one packet of 8 phits in the window: 0.00033
      EXPECT_NEAR(r.node_injected[n], k.share[n], 0.001) << k.in << "/" << k.out << " node " << n;
  }
  const RunResults a = run(mesh, {"router.input_arbitration=age", "router.output_arbitration=age"});
  for (uint32_t n = 0; n < 8; ++n) EXPECT_NEAR(a.node_injected[n], 0.125, 0.0125) << "node " << n;
}

// The threaded engine gives the same results with a policy allocator (docs/principles.md §2).
TEST(RouterArbitration, ThreadsGiveTheSameResults) {
  const std::vector<std::string> s = {"router.input_arbitration=lrs",
                                      "router.output_arbitration=age",
                                      "router.age_timestamp=inj_time"};
  const RunResults one = run(kH2SameRouter, s, 1), two = run(kH2SameRouter, s, 2);
  EXPECT_EQ(one.packets_delivered, two.packets_delivered);
  EXPECT_EQ(one.latency_avg, two.latency_avg);
  EXPECT_EQ(one.node_injected, two.node_injected);
}

}  // namespace
