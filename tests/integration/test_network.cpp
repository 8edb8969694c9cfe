// Network integration tests against analytical facts (docs/principles.md §9): zero-load latency,
// MIN under ADV+1 limited to 1/(a*p), Valiant limited to 0.5, uniform acceptance, conservation with
// drain, determinism, engine-window and thread invariance, and the deadlock watchdog.
#include <gtest/gtest.h>

#include <sstream>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/routing/dragonfly/dragonfly_routing.h"
#include "sim/stats/report.h"
#include "test_util.h"

using namespace netcosim;

namespace {

using netcosim::test::strip_timing;
Config make(const std::string& size, std::initializer_list<std::string> sets) {
  return netcosim::test::dragonfly(size, sets);
}

RunResults run(const Config& c, uint32_t threads = 1) {
  const auto net = build_network(c);
  return run_native(*net, nullptr, threads);
}

// The zero-load latency averaged over all source/destination pairs of uniform traffic, from the
// formula of docs/model.md (computed by Network::zero_load_latency for each pair).
double analytic_zero_load(const Config& c) {
  const auto net = build_network(c);
  const Topology& d = net->topology();
  double sum = 0;
  uint64_t n = 0;
  for (uint32_t s = 0; s < d.nodes(); s += (d.nodes() > 200 ? 3 : 1))
    for (uint32_t t = 0; t < d.nodes(); ++t) {
      if (s == t) continue;
      sum += static_cast<double>(zero_load_latency(*net, s, t));
      ++n;
    }
  return sum / static_cast<double>(n);
}

TEST(Network, ZeroLoadLatencyMatchesFormulaH2) {
  const Config c = make("h2", {"traffic.load=0.01", "sim.warmup=2000", "sim.measure=60000"});
  const double expect = analytic_zero_load(c);
  const RunResults r = run(c);
  EXPECT_NEAR(r.latency_avg, expect, 0.02 * expect) << "formula " << expect;
  EXPECT_GT(r.packets_measured, 4000u);
}

TEST(Network, ZeroLoadLatencyMatchesFormulaH4) {
  const Config c = make("h4", {"traffic.load=0.01", "sim.warmup=2000", "sim.measure=10000"});
  const double expect = analytic_zero_load(c);
  const RunResults r = run(c);
  EXPECT_NEAR(r.latency_avg, expect, 0.02 * expect) << "formula " << expect;
}

// ADV+1 with MIN: the a*p nodes of a group share the single global link to group G+1, which
// carries one phit per cycle: accepted load <= 1/(a*p) (thesis 000 Sec. 1.6.1.2: 1/(2h^2)).
TEST(Network, MinUnderAdvSaturatesAtOneOverAP) {
  for (const char* size : {"h2", "h4"}) {
    const Config c = make(
        size, {"traffic.pattern=adv", "traffic.load=0.5", "sim.warmup=3000", "sim.measure=10000"});
    const double bound = 1.0 / double(c.get_int("topology.a") * c.get_int("topology.p"));
    const RunResults r = run(c);
    EXPECT_NEAR(r.accepted_load, bound, 0.1 * bound) << size;
    EXPECT_LE(r.accepted_load, bound * 1.001) << size;
  }
}

// Valiant: every packet crosses (up to) two global links, so at most 0.5 under any pattern; on h2
// under ADV+1 it comes close to it.
TEST(Network, ValiantUnderAdvBetween040And050) {
  const Config c = make(
      "h2", {"routing.algorithm=val", "router.vcs_local=4", "router.vcs_global=2",
             "traffic.pattern=adv", "traffic.load=1.0", "sim.warmup=5000", "sim.measure=10000"});
  const RunResults r = run(c);
  EXPECT_GE(r.accepted_load, 0.40);
  EXPECT_LE(r.accepted_load, 0.50);
  EXPECT_GT(r.misrouted_fraction, 0.8);
}

TEST(Network, MinUniformAcceptsOffered03) {
  for (const char* size : {"h2", "h4"}) {
    const Config c = make(size, {"traffic.load=0.3", "sim.warmup=3000", "sim.measure=10000"});
    const RunResults r = run(c);
    EXPECT_NEAR(r.accepted_load, 0.3, 0.02 * 0.3) << size;
    EXPECT_DOUBLE_EQ(r.misrouted_fraction, 0.0);
    EXPECT_LE(r.hops_avg, 3.0);
  }
}

// With drain, every generated packet is delivered exactly once, also past saturation.
TEST(Network, ConservationWithDrainPastSaturation) {
  for (const char* alg : {"min", "val"}) {
    const Config c = make("h2", {std::string("routing.algorithm=") + alg, "router.vcs_local=4",
                                 "router.vcs_global=2", "traffic.pattern=adv", "traffic.load=0.9",
                                 "sim.warmup=2000", "sim.measure=4000", "sim.drain=true"});
    const RunResults r = run(c);
    EXPECT_TRUE(r.conservation_ok) << alg;
    EXPECT_EQ(r.packets_in_flight, 0u) << alg;
    EXPECT_EQ(r.packets_generated, r.packets_delivered) << alg;
    EXPECT_GT(r.cycles_total, 6000u) << alg;
  }
}

TEST(Network, SameSeedSameJsonDifferentSeedDifferent) {
  const Config c = make("h2", {"routing.algorithm=val", "router.vcs_local=4", "router.vcs_global=2",
                               "traffic.load=0.5", "sim.warmup=1000", "sim.measure=3000"});
  const std::string full = results_json(run(c), c);
  EXPECT_TRUE(netcosim::test::valid_run_json_text(full, "network_same_seed"));
  const std::string a = strip_timing(full);
  const std::string b = strip_timing(results_json(run(c), c));
  EXPECT_EQ(a, b);
  Config c2 = c;
  c2.set_override("sim.seed=2");
  EXPECT_NE(a, strip_timing(results_json(run(c2), c2)));
}

// The windowed engine equals a plain cycle-by-cycle loop (window of 1), for any thread count.
TEST(Network, WindowAndThreadsDoNotChangeResults) {
  for (const char* pattern : {"uniform", "adv"}) {
    const Config c = make("h2", {"routing.algorithm=val", "router.vcs_local=4",
                                 "router.vcs_global=2", std::string("traffic.pattern=") + pattern,
                                 "traffic.load=0.7", "sim.warmup=1000", "sim.measure=3000"});
    const std::string base = strip_timing(results_json(run(c), c));
    const auto cycle_by_cycle = build_network(c);
    cycle_by_cycle->set_lookahead(1);
    EXPECT_EQ(base, strip_timing(results_json(run_native(*cycle_by_cycle), c))) << pattern;
    EXPECT_EQ(base, strip_timing(results_json(run(c, 2), c))) << pattern;
    EXPECT_EQ(base, strip_timing(results_json(run(c, 4), c))) << pattern;
  }
}

// A routing that sends every packet around the ring of routers 0->1->2->3->0 of its group on one
// VC, never leaving: at full load the ring's buffers fill and the cyclic credit dependency
// deadlocks. The watchdog must report it (exit status 3 in the CLI).
class RingRouting final : public DragonflyRouting {
 public:
  using DragonflyRouting::DragonflyRouting;
  const char* name() const override { return "ring"; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng&) const override {
    const uint32_t router = q.router;
    RouteResult r;
    const uint32_t A = topo_.index_in_group(router);
    if (router == topo_.router_of_node(pkt.dst)) {
      r.port = static_cast<uint8_t>(topo_.port_of_node(pkt.dst));
      return r;
    }
    r.port = static_cast<uint8_t>(topo_.local_port(A, (A + 1) % topo_.a()));
    r.vcs = vc_bit(0);
    return r;
  }
};

TEST(Network, WatchdogReportsDeadlock) {
  const Config c =
      make("h2", {"traffic.load=1.0", "sim.warmup=1000", "sim.measure=20000", "sim.watchdog=500"});
  static const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);  // outlives the routing
  const auto net = build_network(c, std::make_unique<RingRouting>(topo));
  try {
    run_native(*net);
    FAIL() << "expected a deadlock";
  } catch (const SimulationFailure& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("deadlock"), std::string::npos) << msg;
    EXPECT_NE(msg.find("wants output"), std::string::npos) << msg;
  }
}

}  // namespace
