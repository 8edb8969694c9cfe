// The VC-order checker (docs/validation.md "Reliability"): every routing, in its documented VC
// configuration, under uniform, ADV+1 and ADVc traffic at load 1.0, drains with every packet
// delivered while the checker asserts at every grant that the output VC follows the routing's
// reference path (docs/model.md §4 "VC order as the checker enforces it"); and the checker fires,
// naming the hop and the packet, on a routing that takes a wrong VC.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bad_routings.h"
#include "sim/config/strategy_catalog.h"
#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/routing/dragonfly/olm.h"
#include "sim/routing/vc_order.h"
#include "sim/stats/report.h"
#include "test_util.h"

using namespace netcosim;
using netcosim::test::h2_topology;
using netcosim::test::SwappedMinRouting;

namespace {

Config make(const std::string& size, std::initializer_list<std::string> sets) {
  return netcosim::test::dragonfly(size, sets);
}

// ---- the declared orders -------------------------------------------------------------------

TEST(VcOrder, ReferenceRanksAreThePositions) {
  const VcOrder o = df_vc_order("l0-g0-l1-l2-g1-l3");
  EXPECT_EQ(o.rank_of(df::kLocal, 0), 0);
  EXPECT_EQ(o.rank_of(df::kGlobal, 0), 1);
  EXPECT_EQ(o.rank_of(df::kLocal, 1), 2);
  EXPECT_EQ(o.rank_of(df::kLocal, 2), 3);
  EXPECT_EQ(o.rank_of(df::kGlobal, 1), 4);
  EXPECT_EQ(o.rank_of(df::kLocal, 3), 5);
  EXPECT_EQ(o.rank_of(df::kLocal, 4), VcOrder::kAbsent);
  EXPECT_EQ(o.rank_of(df::kGlobal, 2), VcOrder::kAbsent);
  EXPECT_EQ(o.vcs(df::kLocal), 4u);
  EXPECT_EQ(o.vcs(df::kGlobal), 2u);
  EXPECT_THROW(df_vc_order("l0-g0-l0"), std::invalid_argument);  // repeated
  EXPECT_THROW(df_vc_order("l0-x1"), std::invalid_argument);
  EXPECT_THROW(df_vc_order("l0--g0"), std::invalid_argument);
  EXPECT_FALSE(VcOrder{}.declared());
}

// Each built-in routing declares an order that uses exactly the VCs it requires (its strategy
// catalogue entry, the configuration check): the reference path is the one its VC code follows.
TEST(VcOrder, EveryRoutingDeclaresItsMinimumVcs) {
  const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  for (const StrategyInfo& info : strategy_family("routing.algorithm")->entries) {
    if (std::string(info.topology) != "dragonfly") continue;  // the next test
    const std::string alg = info.name;
    Config c;
    c.set_override("routing.algorithm=" + alg);
    const auto r = make_routing(c, topo);
    const VcOrder o = r->vc_order();
    ASSERT_TRUE(o.declared()) << alg;
    ASSERT_EQ(info.min_vcs.size(), 2u) << alg;
    EXPECT_STREQ(info.min_vcs[0].port_class, "local") << alg;
    EXPECT_STREQ(info.min_vcs[1].port_class, "global") << alg;
    EXPECT_EQ(o.vcs(df::kLocal), info.min_vcs[0].vcs) << alg;
    EXPECT_EQ(o.vcs(df::kGlobal), info.min_vcs[1].vcs) << alg;
    EXPECT_EQ((o.nonminimal_keeps_vc_class == df::kLocal), std::string(alg) == "olm") << alg;
  }
}

// The fat tree's, meshes' and tori's routings: the reference uses exactly the VCs the
// configuration requires of each class (the catalogue's, or the topology entry's for the torus's
// dateline: 2 per dimension); mesh_adaptive (Duato) declares none (docs/model.md §7.2).
TEST(VcOrder, TopologyRoutingsDeclareTheirMinimumVcs) {
  struct Case {
    std::vector<std::string> sets;
    std::vector<std::pair<PortClass, uint32_t>> vcs;  // (class, VCs of the reference)
  };
  const Case cases[] = {
      {{"topology.type=fattree", "routing.algorithm=updown"}, {{1, 1}}},
      {{"topology.type=fattree", "routing.algorithm=updown_random"}, {{1, 1}}},
      {{"topology.type=fattree", "routing.algorithm=updown_adaptive"}, {{1, 1}}},
      {{"topology.type=mesh", "routing.algorithm=dor"}, {{1, 1}, {2, 1}, {3, 1}}},
      {{"topology.type=torus", "routing.algorithm=dor", "topology.dims=4x4x4"},
       {{1, 2}, {2, 2}, {3, 2}}},
      {{"topology.type=torus", "routing.algorithm=dor", "routing.torus_deadlock=bubble"},
       {{1, 1}, {2, 1}, {3, 1}}},
  };
  const auto valid = [](const Config& c) {
    try {
      validate_config(c);
    } catch (const ConfigError&) {
      return false;
    }
    return true;
  };
  for (const Case& k : cases) {
    Config c;
    for (const auto& s : k.sets) c.set_override(s);
    const auto topo = topology_entry(c.get_str("topology.type"))->make(c);
    const VcOrder o = make_routing(c, *topo)->vc_order();
    ASSERT_TRUE(o.declared()) << k.sets[1];
    for (const auto& [cls, vcs] : k.vcs) {
      EXPECT_EQ(o.vcs(cls), vcs) << k.sets[1] << " class " << unsigned(cls);
      const std::string key = "router.vcs_" + topo->port_class_names()[cls];
      c.set_override(key + "=" + std::to_string(vcs));
      EXPECT_TRUE(valid(c)) << key;
      if (vcs > 1) {
        c.set_override(key + "=" + std::to_string(vcs - 1));
        EXPECT_FALSE(valid(c)) << key;
        c.set_override(key + "=" + std::to_string(vcs));
      }
    }
  }
  Config c;
  c.set_override("topology.type=mesh");
  c.set_override("routing.algorithm=mesh_adaptive");
  const auto mesh = topology_entry("mesh")->make(c);
  EXPECT_FALSE(make_routing(c, *mesh)->vc_order().declared());
}

// The rule at one grant, on hops written from the documented sequences.
TEST(VcOrder, CheckAcceptsLaterPositionsAndOlmsNonminimalLocalHopOnly) {
  const VcOrder val = df_vc_order("l0-g0-l1-l2-g1-l3");
  const VcOrder olm = df_vc_order("l0-g0-l1-g1-l2", true);
  Packet p;
  RouteResult r;
  const auto hop = [&](const VcOrder& o, PortClass in, uint32_t in_vc, PortClass out,
                       uint32_t out_vc) {
    r.vcs = vc_bit(static_cast<uint8_t>(out_vc));
    check_vc_order(o, "test", 7, 3, in, in_vc, 5, out, out_vc, r, p, 100);
  };
  // VAL: the sequence and the hop at the intermediate router (l1 -> l2, g0 -> l2).
  EXPECT_NO_THROW(hop(val, df::kLocal, 0, df::kGlobal, 0));
  EXPECT_NO_THROW(hop(val, df::kGlobal, 0, df::kLocal, 1));
  EXPECT_NO_THROW(hop(val, df::kLocal, 1, df::kLocal, 2));
  EXPECT_NO_THROW(hop(val, df::kGlobal, 0, df::kLocal, 2));
  EXPECT_NO_THROW(hop(val, df::kLocal, 2, df::kGlobal, 1));
  EXPECT_NO_THROW(hop(val, df::kGlobal, 1, df::kLocal, 3));
  // The bug fixed in 687a1e0: after the phase-1 global hop, local VC 2 instead of 3.
  EXPECT_THROW(hop(val, df::kGlobal, 1, df::kLocal, 2), SimulationFailure);
  EXPECT_THROW(hop(val, df::kLocal, 0, df::kLocal, 0), SimulationFailure);
  EXPECT_THROW(hop(val, df::kLocal, 3, df::kLocal, 4), SimulationFailure);  // absent
  // The VC the selector chose must be one the routing allowed: g0 -> l2 is later on the path, but
  // the hop allowed local VCs 1 and 3 only.
  r.vcs = vc_bit(1) | vc_bit(3);
  EXPECT_THROW(check_vc_order(val, "test", 7, 3, df::kGlobal, 0, 5, df::kLocal, 2, r, p, 100),
               SimulationFailure);
  EXPECT_NO_THROW(check_vc_order(val, "test", 7, 3, df::kGlobal, 0, 5, df::kLocal, 3, r, p, 100));
  // Injection and ejection are not router-to-router hops.
  EXPECT_NO_THROW(hop(val, kInjectionClass, 2, df::kLocal, 3));
  EXPECT_NO_THROW(hop(val, df::kLocal, 3, kInjectionClass, 0));
  // OLM: local v -> global v -> local v+1; the nonminimal local hop keeps the input VC number
  // (also after a global hop: g1 -> l1), once per group.
  EXPECT_NO_THROW(hop(olm, df::kLocal, 1, df::kGlobal, 1));
  EXPECT_NO_THROW(hop(olm, df::kGlobal, 0, df::kGlobal, 1));
  EXPECT_THROW(hop(olm, df::kGlobal, 1, df::kLocal, 1), SimulationFailure);  // minimal
  r.nonminimal = true;
  r.set_flags = Packet::kLocalMisroutedInGroup;
  EXPECT_NO_THROW(hop(olm, df::kGlobal, 1, df::kLocal, 1));
  EXPECT_NO_THROW(hop(olm, df::kLocal, 0, df::kLocal, 0));
  EXPECT_THROW(hop(olm, df::kGlobal, 1, df::kLocal, 0), SimulationFailure);  // not kept
  EXPECT_THROW(hop(val, df::kLocal, 0, df::kLocal, 0), SimulationFailure);   // not OLM
  p.route.flags = Packet::kLocalMisroutedInGroup;  // the group's nonminimal local hop was taken
  EXPECT_THROW(hop(olm, df::kLocal, 0, df::kLocal, 0), SimulationFailure);
}

// ---- every routing under the checker ----------------------------------------------------------

struct CheckedCase {
  const char* name;
  std::vector<std::string> sets;
};

std::vector<std::string> with(std::vector<std::string> base, std::initializer_list<std::string> s) {
  base.insert(base.end(), s);
  return base;
}

const std::vector<std::string> kMin = {"routing.algorithm=min"};
const std::vector<std::string> kVal = {"routing.algorithm=val", "router.vcs_local=4",
                                       "router.vcs_global=2"};
const std::vector<std::string> kUgal = {"routing.algorithm=ugal", "router.vcs_local=4",
                                        "router.vcs_global=2"};
const std::vector<std::string> kPb = {"routing.algorithm=pb", "router.vcs_local=4",
                                      "router.vcs_global=2"};
const std::vector<std::string> kPar = {"routing.algorithm=par", "router.vcs_local=5",
                                       "router.vcs_global=2"};
std::vector<std::string> olm(const char* trigger, const char* policy = "mm") {
  return {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
          std::string("routing.trigger=") + trigger,
          std::string("routing.global_policy=") + policy};
}

const std::vector<CheckedCase> kCases = {
    {"min", kMin},
    {"val", kVal},
    {"val_outside_source_group", with(kVal, {"routing.valiant=outside_source_group"})},
    {"val_current_router", with(kVal, {"routing.valiant=current_router"})},
    {"val_group",
     {"routing.algorithm=val", "routing.valiant=group", "router.vcs_local=3",
      "router.vcs_global=2"}},
    {"val_recompute", with(kVal, {"routing.recompute_valiant=true"})},
    {"ugal", kUgal},
    {"ugal_port_recompute",
     with(kUgal, {"routing.sensing=port", "routing.recompute_valiant=true"})},
    {"pb", kPb},
    {"pb_port_recompute", with(kPb, {"routing.sensing=port", "routing.piggyback_sensing=port",
                                     "routing.recompute_valiant=true"})},
    {"par", kPar},
    {"olm_credit", olm("credit")},
    {"olm_contention", olm("contention")},
    {"olm_filtered", olm("filtered")},
    {"olm_hybrid", olm("hybrid")},
    {"olm_ectn", olm("ectn")},
    {"olm_credit_crg", olm("credit", "crg")},
    {"olm_credit_nrg", olm("credit", "nrg")},
    {"olm_credit_rrg", olm("credit", "rrg")},
};

// Load 1.0, drained, under the checker: no violation (a violation throws SimulationFailure), and
// every generated packet is delivered (conservation of count and identity).
void run_checked(const std::string& size, const CheckedCase& cc, const char* pattern,
                 Cycle measure) {
  Config c = make(size, {"traffic.load=1.0", "sim.warmup=1000", "sim.drain=true",
                         "sim.watchdog=2000", "sim.check=true"});
  c.set_override("sim.measure=" + std::to_string(measure));
  c.set_override(std::string("traffic.pattern=") + pattern);
  for (const auto& s : cc.sets) c.set_override(s);
  const auto net = build_network(c);
  ASSERT_TRUE(net->vc_checked());
  RunResults r;
  ASSERT_NO_THROW(r = run_native(*net)) << cc.name << " " << pattern;
  EXPECT_TRUE(r.drained);
  EXPECT_TRUE(r.conservation_ok) << cc.name << " " << pattern;
  EXPECT_EQ(r.packets_generated, r.packets_delivered) << cc.name << " " << pattern;
  // Load 1.0 saturates every routing: packets were refused at the full source queues, so the
  // network ran full (the state in which a VC-order bug closes a cycle).
  EXPECT_GT(r.packets_refused, 0u) << cc.name << " " << pattern;
}

class VcOrderChecked : public ::testing::TestWithParam<CheckedCase> {};

TEST_P(VcOrderChecked, H2FullLoadDrainsWithoutViolation) {
  for (const char* pattern : {"uniform", "adv", "advc"})
    run_checked("h2", GetParam(), pattern, 4000);
}

INSTANTIATE_TEST_SUITE_P(AllRoutings, VcOrderChecked, ::testing::ValuesIn(kCases),
                         [](const testing::TestParamInfo<CheckedCase>& i) {
                           return std::string(i.param.name);
                         });

// h4 (1056 nodes): each routing family once, under ADV+1 (the pattern that loads the nonminimal
// paths), kept short.
TEST(VcOrderCheckedH4, EveryRoutingUnderAdvDrainsWithoutViolation) {
  for (const auto& cc : {kCases[0], kCases[1], kCases[5], kCases[6], kCases[7], kCases[11]})
    run_checked("h4", cc, "adv", 1000);
}

// UGAL and PiggyBack with every Valiant candidate (routing.valiant; docs/model.md §4.1): a router
// anywhere, outside the source group or of the groups the source router reaches at 4/2 VCs, a group
// (both draws) at 3/2 and 4/2 VCs, on h2 and h4 under ADV+1 at load 1.0 (the pattern that loads the
// Valiant paths), drained, under the checker.
std::vector<CheckedCase> source_adaptive_candidates() {
  std::vector<CheckedCase> out;
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const char* alg : {"ugal", "pb"})
      for (const char* c : {"any_4", "outside_4", "current_router_4", "group_fogsim_3",
                            "group_fogsim_4", "group_older_3", "group_older_4"})
        n.push_back(std::string(alg) + "_" + c);
    return n;
  }();
  size_t i = 0;
  for (const char* alg : {"ugal", "pb"}) {
    const std::vector<std::string> base = {std::string("routing.algorithm=") + alg,
                                           "router.vcs_global=2"};
    auto add = [&](std::initializer_list<std::string> sets) {
      out.push_back({names[i++].c_str(), with(base, sets)});
    };
    add({"routing.valiant=any", "router.vcs_local=4"});
    add({"routing.valiant=outside_source_group", "router.vcs_local=4"});
    add({"routing.valiant=current_router", "router.vcs_local=4"});
    for (const char* draw : {"other_than_source", "other_than_source_and_destination"})
      for (const char* vcs : {"3", "4"})
        add({"routing.valiant=group", std::string("routing.valiant_group_draw=") + draw,
             std::string("router.vcs_local=") + vcs});
  }
  return out;
}

class SourceAdaptiveCandidatesChecked : public ::testing::TestWithParam<CheckedCase> {};

TEST_P(SourceAdaptiveCandidatesChecked, H2AndH4FullLoadAdvDrainWithoutViolation) {
  run_checked("h2", GetParam(), "adv", 3000);
  run_checked("h4", GetParam(), "adv", 500);
}

INSTANTIATE_TEST_SUITE_P(EveryCandidate, SourceAdaptiveCandidatesChecked,
                         ::testing::ValuesIn(source_adaptive_candidates()),
                         [](const testing::TestParamInfo<CheckedCase>& i) {
                           return std::string(i.param.name);
                         });

// ---- the checker fires -------------------------------------------------------------------------

// One packet from node 0 to a node whose minimal path is local-global-local: its first
// router-to-router hop (local VC 1 -> global VC 0) is the violation, at the router that owns the
// global link.
TEST(VcOrderChecker, FiresOnTheFirstWrongHopNamingHopAndPacket) {
  const Dragonfly& topo = h2_topology();
  const uint32_t rs = topo.router_of_node(0);
  uint32_t dst = 0, out1 = 0;
  for (uint32_t n = 0; n < topo.nodes(); ++n) {
    const uint32_t rd = topo.router_of_node(n);
    if (topo.group_of_router(rd) == topo.group_of_router(rs)) continue;
    out1 = topo.min_output(rs, rd);
    if (topo.port_class(out1) != df::kLocal) continue;
    const uint32_t r2 = topo.peer(rs, out1).router;
    if (topo.port_class(topo.min_output(r2, rd)) != df::kGlobal) continue;
    if (topo.port_class(topo.min_output(topo.peer(r2, topo.min_output(r2, rd)).router, rd)) !=
        df::kLocal)
      continue;
    dst = n;
    break;
  }
  ASSERT_NE(dst, 0u) << "no l-g-l destination";
  const auto in = topo.peer(rs, out1);
  const uint32_t out2 = topo.min_output(in.router, topo.router_of_node(dst));
  const Config c =
      make("h2", {"traffic.load=0", "sim.warmup=0", "sim.measure=1000", "sim.check=true"});
  const auto net = build_network(c, std::make_unique<SwappedMinRouting>(topo));
  net->preload_packet(0, dst);
  try {
    run_native(*net);
    FAIL() << "expected a VC-order violation";
  } catch (const SimulationFailure& e) {
    const std::string msg = e.what();
    EXPECT_EQ(e.deadlock(), nullptr);
    const std::string hop = "router " + std::to_string(in.router) + ": input port " +
                            std::to_string(in.port) + " (local) VC 1 -> output port " +
                            std::to_string(out2) + " (global) VC 0";
    EXPECT_NE(msg.find("VC order violated"), std::string::npos) << msg;
    EXPECT_NE(msg.find(hop), std::string::npos) << msg << "\nexpected: " << hop;
    EXPECT_NE(msg.find("routing swapped-min, reference l0-g0-l1: l1 -> g0"), std::string::npos)
        << msg;
    EXPECT_NE(msg.find("packet src 0 dst " + std::to_string(dst) + " seq 0 phase 0"),
              std::string::npos)
        << msg;
  }
}

// Under load, on two threads: the failure inside a worker thread reaches the caller as a
// SimulationFailure (not std::terminate).
TEST(VcOrderChecker, FiresOnTwoThreads) {
  const Config c =
      make("h2", {"traffic.load=0.5", "sim.warmup=0", "sim.measure=2000", "sim.check=true"});
  const auto net = build_network(c, std::make_unique<SwappedMinRouting>(h2_topology()));
  try {
    run_native(*net, nullptr, 2);
    FAIL() << "expected a VC-order violation";
  } catch (const SimulationFailure& e) {
    EXPECT_NE(std::string(e.what()).find("(local) VC 1 -> output port"), std::string::npos)
        << e.what();
  }
}

#ifndef NETCOSIM_CHECKED
// Off by default (sim.check=false): the same routing runs to the end.
TEST(VcOrderChecker, OffByDefault) {
  const Config c = make("h2", {"traffic.load=0.3", "sim.warmup=0", "sim.measure=2000"});
  const auto net = build_network(c, std::make_unique<SwappedMinRouting>(h2_topology()));
  EXPECT_FALSE(net->vc_checked());
  EXPECT_NO_THROW(run_native(*net));
}
#endif

}  // namespace
