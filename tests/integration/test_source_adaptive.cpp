// Source-adaptive routing: UGAL-L and PiggyBack (thesis 000 Sec. 1.4.2, Eq. 1.1-1.3).
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>

#include "engine_json.h"
#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"
#include "sim/topology/dragonfly.h"
#include "test_util.h"
#include "throughput_bounds.h"

using namespace netcosim;

namespace {

using netcosim::test::strip_timing;

Config make(const char* alg, const std::string& size, std::initializer_list<std::string> sets) {
  Config c;
  if (size == "h4") {
    c.set_override("topology.p=4");
    c.set_override("topology.a=8");
    c.set_override("topology.h=4");
  }
  c.set_override(std::string("routing.algorithm=") + alg);
  c.set_override("router.vcs_local=4");
  c.set_override("router.vcs_global=2");
  for (const auto& s : sets) c.set_override(s);
  return c;
}

RunResults run(const Config& c, uint32_t threads = 1) {
  return run_native(*build_network(c), nullptr, threads);
}

// Below saturation under uniform traffic the comparison almost always picks the minimal path.
TEST(SourceAdaptive, UniformLowLoadMostlyMinimal) {
  Config min;
  min.set_override("topology.p=4");
  min.set_override("topology.a=8");
  min.set_override("topology.h=4");
  for (const char* s : {"traffic.load=0.1", "sim.warmup=3000", "sim.measure=5000"})
    min.set_override(s);
  const RunResults m = run(min);
  for (const char* alg : {"ugal", "pb"}) {
    const RunResults r =
        run(make(alg, "h4", {"traffic.load=0.1", "sim.warmup=3000", "sim.measure=5000"}));
    EXPECT_LT(r.misrouted_fraction, 0.05) << alg;
    EXPECT_NEAR(r.latency_avg, m.latency_avg, 0.05 * m.latency_avg) << alg;
  }
}

// Under ADV+1 the saturation bits of PB see the congested minimal global link from every router of
// the group; UGAL-L only sees its first hop. PB misroutes more and accepts more; both far above
// MIN's 1/(a*p).
TEST(SourceAdaptive, AdversarialPiggyBackAboveUgal) {
  const auto sets = {std::string("traffic.pattern=adv"), std::string("traffic.load=0.6"),
                     std::string("sim.warmup=3000"), std::string("sim.measure=5000")};
  const RunResults ugal = run(make("ugal", "h4", sets));
  const RunResults pb = run(make("pb", "h4", sets));
  EXPECT_GT(pb.accepted_load, ugal.accepted_load);
  EXPECT_GT(pb.misrouted_fraction, 0.8);
  EXPECT_GT(ugal.accepted_load, 4.0 / 32.0);
  // 0.6 offered is above ADV+1's Valiant bound g/(2ap) = 33/64 on h4: both are saturated and lie
  // within the bounds of throughput_bounds.h.
  for (const RunResults* r : {&ugal, &pb}) {
    const auto b = netcosim::test::saturation_bounds(make("ugal", "h4", sets), *r);
    EXPECT_GE(r->accepted_load, b.lower) << b.why;
    EXPECT_LE(r->accepted_load, b.upper) << b.why;
    EXPECT_LE(r->hops_class_max[df::kGlobal], 2u);
    EXPECT_LE(r->hops_class_max[df::kLocal], 4u);
  }
  EXPECT_EQ(pb.hops_class_max[df::kGlobal],
            2u);  // 80% misrouted: Valiant paths with two global hops
}

// Src-CRG under ADVc (docs/validation.md, "Src-CRG's minimal share"): PB's saturation bit stays
// clear (the group's minimal links all leave the bottleneck router, equally loaded), so at a
// router Rj other than the bottleneck the choice is UGAL-L's Q_MIN <= F*Q_VAL + T (F = 2). Q_MIN
// is Rj's local VC 0 towards the bottleneck, at most its 32 phits; Q_VAL is VC 0 of Rj's own
// global link to the candidate, from credits that stay away for the round trip L + xbar_latency
// + X + L = 100 + 3 + 4 + 100 = 207 cycles (docs/model.md §2.1). In whole packets, Valiant needs
// Q_VAL <= 8k with 32 > 16k + T: k = 0 for T = 3 packets, k = 1 for T = 0. Each of the (a-1)*h
// links takes at most k+1 Valiant packets per round trip, and in saturation the waiting heads
// probe it every cycle: the nonminimal load per node is (k+1) * 8/207 * (h/p) * (a-1)/a (within
// 2%: the bottleneck router's own Valiant packets and the window's edges; measured 0.993-1.005).
TEST(SourceAdaptive, CrgAdvcOneValiantPacketPerGlobalRoundTripAndThresholdStep) {
  const double per_packet = 8.0 / 207.0 * (2.0 / 2.0) * (3.0 / 4.0);  // h2: p = 2, a = 4, h = 2
  for (const int t : {3, 0}) {
    const RunResults r =
        run(make("pb", "h2",
                 {"routing.valiant=current_router", "traffic.pattern=advc", "traffic.load=0.5",
                  "sim.warmup=3000", "sim.measure=6000", "routing.ugal_t=" + std::to_string(t)}));
    const double bound = (t == 3 ? 1 : 2) * per_packet;
    EXPECT_NEAR(r.accepted_load * r.nonminimal_fraction, bound, 0.02 * bound) << "T = " << t;
  }
}

// The saturation bits are read from other routers with the local latency; the history makes it
// independent of the evaluation order: identical for every window size and thread count.
TEST(SourceAdaptive, WindowAndThreadsDoNotChangeResults) {
  for (const char* alg : {"pb", "ugal"}) {
    for (const char* rec : {"false", "true"}) {
      Config c = make(alg, "h2",
                      {"traffic.pattern=adv", "traffic.load=0.7", "sim.warmup=1000",
                       "sim.measure=3000", std::string("routing.recompute_valiant=") + rec,
                       std::string("routing.sensing=") + (rec[0] == 't' ? "port" : "vc")});
      if (alg[0] == 'p' && rec[0] == 't') c.set_override("routing.piggyback_sensing=port");
      const std::string full = results_json(run(c), c);
      EXPECT_TRUE(netcosim::test::valid_run_json_text(full, std::string("sa_") + alg + rec));
      const std::string base = strip_timing(full);
      const auto one = build_network(c);
      one->set_lookahead(1);
      EXPECT_EQ(base, strip_timing(results_json(run_native(*one), c))) << alg << rec;
      EXPECT_EQ(base, strip_timing(results_json(run(c, 3), c))) << alg << rec;
    }
  }
}

Config par(const std::string& size, std::initializer_list<std::string> sets) {
  Config c = make("par", size, sets);
  c.set_override("router.vcs_local=5");
  return c;
}

// PAR with its safe 5/2 VCs: no deadlock at full load, identical on every window and thread
// count, and it switches to Valiant under ADV+1 (far above MIN's 1/(a*p)).
TEST(SourceAdaptive, ParDeadlockFreeAndDeterministic) {
  for (const char* pattern : {"uniform", "adv"}) {
    const Config c =
        par("h2", {std::string("traffic.pattern=") + pattern, "traffic.load=1.0",
                   "sim.warmup=10000", "sim.measure=40000", "sim.watchdog=2000", "sim.drain=true"});
    RunResults r;
    ASSERT_NO_THROW(r = run(c)) << pattern;
    EXPECT_TRUE(r.conservation_ok) << pattern;
    const auto b = netcosim::test::saturation_bounds(c, r);
    EXPECT_GE(r.accepted_load, b.lower) << pattern << ": " << b.why;
    EXPECT_LE(r.accepted_load, b.upper) << pattern << ": " << b.why;
  }
  const Config c =
      par("h2", {"traffic.pattern=adv", "traffic.load=0.7", "sim.warmup=1000", "sim.measure=3000"});
  const RunResults r = run(c);
  EXPECT_TRUE(netcosim::test::valid_run_json_text(results_json(r, c), "par_adv"));
  const std::string base = strip_timing(results_json(r, c));
  const auto one = build_network(c);
  one->set_lookahead(1);
  EXPECT_EQ(base, strip_timing(results_json(run_native(*one), c)));
  EXPECT_EQ(base, strip_timing(results_json(run(c, 2), c)));
  EXPECT_GT(r.accepted_load, 2.0 / 8.0);  // twice MIN's ADV+1 bound 1/(a*p) = 1/8 on h2
  EXPECT_GT(r.misrouted_fraction, 0.5);
  EXPECT_LE(r.hops_class_avg[df::kGlobal], 2.0);
  // Per packet: PAR's l0-l1-g2-l3-l4-g5-l6 at most, and the Valiant paths reach two global hops.
  EXPECT_EQ(r.hops_class_max[df::kGlobal], 2u);
  EXPECT_LE(r.hops_class_max[df::kLocal], 5u);
}

// No deadlock at full load with VAL's 4/2 VCs; every packet drains.
TEST(SourceAdaptive, NoDeadlockFullLoad) {
  for (const char* size : {"h2", "h4"})
    for (const char* alg : {"ugal", "pb"})
      for (const char* pattern : {"uniform", "adv"}) {
        const Config c = make(alg, size,
                              {std::string("traffic.pattern=") + pattern, "traffic.load=1.0",
                               std::string("sim.warmup=") + (size[1] == '2' ? "10000" : "3000"),
                               std::string("sim.measure=") + (size[1] == '2' ? "40000" : "7000"),
                               "sim.watchdog=2000", "sim.drain=true"});
        RunResults r;
        ASSERT_NO_THROW(r = run(c)) << size << alg << pattern;
        EXPECT_TRUE(r.conservation_ok) << size << alg << pattern;
        const auto b = netcosim::test::saturation_bounds(c, r);
        EXPECT_GE(r.accepted_load, b.lower) << size << alg << pattern << ": " << b.why;
        EXPECT_LE(r.accepted_load, b.upper) << size << alg << pattern << ": " << b.why;
      }
}

}  // namespace

// Regression (VC order): PiggyBack with per-port sensing and recomputation under ADV+1 at full
// load. The hop after a global hop taken at the intermediate router must use local VC 3 (a
// packet arriving on global VC 1 takes local VC 2*phase+1, docs/model.md §4); with local VC 2
// the cycle local VC 2 -> global VC 1 -> local VC 2 closed and the run deadlocked (both
// engines), or, without drain, delivered 0.06 instead of about 0.49. Every seed drains on h2 and
// h4, on the native and the SystemC engine, with identical results: the parsed JSON of the two
// runs is equal in every key but `engine`, `threads` and the timing keys (engine_json.h, as
// test_engines.cpp's EngineEquivalence compares).
class PiggyBackVcOrder : public ::testing::TestWithParam<std::tuple<const char*, int>> {};

TEST_P(PiggyBackVcOrder, DrainsOnBothEngines) {
  const std::string size = std::get<0>(GetParam());
  const std::string seed = std::to_string(std::get<1>(GetParam()));
  const std::string sets =
      " --set traffic.load=1.0 --set sim.drain=true --set sim.warmup=5000"
      " --set sim.measure=15000 --set routing.algorithm=pb --set router.vcs_local=4"
      " --set router.vcs_global=2 --set routing.sensing=port --set routing.piggyback_sensing=port"
      " --set routing.recompute_valiant=true"
      " --set traffic.pattern=adv --set sim.seed=" +
      seed;
  const std::string cfg =
      size == "h2" ? "" : std::string(NETCOSIM_SOURCE_DIR) + "/configs/dragonfly-h4.ini";
  const std::string dir = testing::TempDir() + "pbvc_" + size + "_" + seed;
  const std::string native_json = dir + "_n.json", sc_json = dir + "_s.json";
  std::remove(native_json.c_str());
  std::remove(sc_json.c_str());
  const auto native = netcosim::test::run_cli("run " + cfg + sets + " -q --json " + native_json);
  ASSERT_EQ(native.status, 0) << native.output;
  const auto sc =
      netcosim::test::run_cli("run " + cfg + sets + " -q --engine systemc --json " + sc_json);
  ASSERT_EQ(sc.status, 0) << sc.output;
  const nlohmann::json n = netcosim::test::comparable(native_json);
  ASSERT_TRUE(n.contains("drained")) << native_json;
  EXPECT_EQ(n.at("drained"), true);
  EXPECT_EQ(netcosim::test::load_json(sc_json).at("engine"), "systemc");
  EXPECT_EQ(n, netcosim::test::comparable(sc_json)) << sc_json << " differs from " << native_json;
}

INSTANTIATE_TEST_SUITE_P(Seeds, PiggyBackVcOrder,
                         ::testing::Combine(::testing::Values("h2", "h4"), ::testing::Range(1, 9)),
                         [](const testing::TestParamInfo<std::tuple<const char*, int>>& i) {
                           return std::string(std::get<0>(i.param)) + "_seed" +
                                  std::to_string(std::get<1>(i.param));
                         });

// The same configuration over 60,000 measured cycles (seed 2) delivered 0.06 with the wrong VC:
// the network had deadlocked. Checked directly: drained, every generated packet delivered once.
// (Earlier this test bounded the accepted load near Valiant's 0.5; with per-port sensing
// on port means, thesis Eq. 1.3, PB sends fewer packets through Valiant paths under ADV+1 and
// accepts 0.43, so the bound no longer followed from the mechanism.)
TEST(PiggyBackVcOrder, Seed2DrainsAfterALongSaturatedRun) {
  const Config c =
      make("pb", "h2",
           {"traffic.load=1.0", "sim.warmup=5000", "sim.measure=60000", "routing.sensing=port",
            "routing.piggyback_sensing=port", "routing.recompute_valiant=true",
            "traffic.pattern=adv", "sim.seed=2", "sim.drain=true"});
  const RunResults r = run(c);
  EXPECT_TRUE(r.drained);
  EXPECT_TRUE(r.conservation_ok);
  EXPECT_EQ(r.packets_generated, r.packets_delivered);
  EXPECT_GT(r.packets_refused, 0u);  // saturated: the source queues were full
}
