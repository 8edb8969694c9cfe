// FlexVC routing on the Dragonfly (router.vc_management=flexvc; sim/routing/dragonfly/flexvc_vcs.h,
// seed 002 Sec. III, thesis 000 Sec. 5.2): every configuration thesis 000 Table 5.3 allows for
// MIN, VAL, UGAL and PiggyBack drains past saturation with conservation under the VC-order
// checker (FlexVC's rules: a safe hop continues an increasing path from its input VC, an
// opportunistic hop's escape embeds after its VC), on h2 and h4; the opportunistic VAL reverts
// packets to their minimal escape; MIN under uniform traffic saturates above the baseline (the
// sources' direction, seed 002 Fig. 5a).
#include <gtest/gtest.h>

#include <string>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/router/cioq/router.h"
#include "sim/topology/dragonfly.h"

using namespace netcosim;

namespace {

Config cfg(std::initializer_list<std::string> sets) {
  Config c;
  for (const std::string& s : sets) c.set_override(s);
  return c;
}

RunResults run(const Config& c) {
  return run_native(*build_network(c), nullptr, 2);
}

struct Case {
  const char* algorithm;
  int local, global;
};

}  // namespace

TEST(FlexVcRouting, EveryAllowedConfigurationDrainsUnderTheChecker) {
  const Case cases[] = {{"min", 2, 1},  {"min", 4, 2}, {"val", 3, 2}, {"val", 4, 2},
                        {"ugal", 3, 2}, {"pb", 3, 2},  {"pb", 4, 2}};
  for (const Case& k : cases) {
    for (const char* pattern : {"uniform", "adv"}) {
      const Config c = cfg({"router.vc_management=flexvc", "traffic.load=1.0", "sim.warmup=500",
                            "sim.measure=1500", "sim.drain=true", "sim.check=true",
                            std::string("routing.algorithm=") + k.algorithm,
                            "router.vcs_local=" + std::to_string(k.local),
                            "router.vcs_global=" + std::to_string(k.global),
                            std::string("traffic.pattern=") + pattern});
      const RunResults r = run(c);
      const std::string what = std::string(k.algorithm) + " " + std::to_string(k.local) + "/" +
                               std::to_string(k.global) + " " + pattern;
      EXPECT_TRUE(r.conservation_ok) << what;
      EXPECT_EQ(r.packets_in_flight, 0u) << what;
      EXPECT_GT(r.packets_delivered, 1000u) << what;
    }
  }
}

TEST(FlexVcRouting, H4OpportunisticValiantAndMinimalDrainUnderTheChecker) {
  for (const Case& k : {Case{"val", 3, 2}, Case{"min", 2, 1}}) {
    const Config c = cfg({"topology.p=4", "topology.a=8", "topology.h=4",
                          "router.vc_management=flexvc", "traffic.load=1.0", "sim.warmup=300",
                          "sim.measure=700", "sim.drain=true", "sim.check=true",
                          "traffic.pattern=adv", std::string("routing.algorithm=") + k.algorithm,
                          "router.vcs_local=" + std::to_string(k.local),
                          "router.vcs_global=" + std::to_string(k.global)});
    const RunResults r = run(c);
    EXPECT_TRUE(r.conservation_ok) << k.algorithm;
    EXPECT_EQ(r.packets_in_flight, 0u) << k.algorithm;
  }
}

// With 3/2 VCs every Valiant path is opportunistic (Table 5.3): a packet whose hop finds no VC
// with room for it reverts to its minimal escape, so under ADV+1 at saturation fewer packets than
// VAL's 100% stay nonminimal; with 4/2 the Valiant path is safe and none reverts.
TEST(FlexVcRouting, OpportunisticValiantRevertsToItsEscapeAndSafeValiantNever) {
  const auto nonminimal = [](int local) {
    const RunResults r =
        run(cfg({"router.vc_management=flexvc", "routing.algorithm=val", "traffic.pattern=adv",
                 "traffic.load=1.0", "sim.warmup=500", "sim.measure=1500",
                 "router.vcs_local=" + std::to_string(local), "router.vcs_global=2"}));
    return r.nonminimal_fraction;
  };
  EXPECT_LT(nonminimal(3), 0.95);
  EXPECT_DOUBLE_EQ(nonminimal(4), 1.0);
}

// Seed 002 Fig. 5a's direction on h2 (32/256-phit buffers): FlexVC MIN 2/1 and 4/2 saturate
// above the baseline MIN 2/1 under uniform traffic (measured 0.846 and 0.900 against 0.810 with
// 2,000 + 3,000 cycles; docs/validation.md).
TEST(FlexVcRouting, MinimalSaturatesAboveTheBaselineUnderUniformTraffic) {
  const auto accepted = [](const char* management, int local, int global) {
    return run(cfg({std::string("router.vc_management=") + management, "traffic.load=1.0",
                    "sim.warmup=1000", "sim.measure=2000",
                    "router.vcs_local=" + std::to_string(local),
                    "router.vcs_global=" + std::to_string(global)}))
        .accepted_load;
  };
  const double base = accepted("baseline", 2, 1);
  const double flex21 = accepted("flexvc", 2, 1), flex42 = accepted("flexvc", 4, 2);
  EXPECT_GT(flex21, base);
  EXPECT_GT(flex42, flex21);
  // The baseline uses one VC per hop whatever the counts: 4/2 runs as 2/1.
  EXPECT_DOUBLE_EQ(accepted("baseline", 4, 2), base);
}

// In-transit adaptive routing under FlexVC (thesis 000 Sec. 5.2.3, Fig. 5.14 "In-transit Cta"):
// OLM with contention counters at 3/2 (opportunistic in-transit), 4/2 and 5/2 (safe in-transit,
// Table 5.3) drains past saturation under the checker, under uniform and ADV+1 traffic: at 3/2
// with every trigger (contention, filtered, ECtN; the credit and hybrid triggers sensing the JSQ
// VC of each hop's set, Fig. 5.14's "In-transit"), at 4/2 and 5/2 with contention; and on h4.
TEST(FlexVcRouting, InTransitOlmDrainsUnderTheChecker) {
  for (const Case& k : {Case{"olm", 3, 2}, Case{"olm", 4, 2}, Case{"olm", 5, 2}}) {
    const bool all = k.local == 3;
    for (const char* trigger : {"contention", "filtered", "ectn", "credit", "hybrid"}) {
      if (!all && std::string(trigger) != "contention") continue;
      for (const char* pattern : {"uniform", "adv"}) {
        const Config c = cfg({"router.vc_management=flexvc", "traffic.load=1.0", "sim.warmup=500",
                              "sim.measure=1500", "sim.drain=true", "sim.check=true",
                              "routing.algorithm=olm", std::string("routing.trigger=") + trigger,
                              "router.vcs_local=" + std::to_string(k.local),
                              "router.vcs_global=" + std::to_string(k.global),
                              std::string("traffic.pattern=") + pattern});
        const RunResults r = run(c);
        const std::string what = std::string(trigger) + " " + std::to_string(k.local) + "/" +
                                 std::to_string(k.global) + " " + pattern;
        EXPECT_TRUE(r.conservation_ok) << what;
        EXPECT_EQ(r.packets_in_flight, 0u) << what;
        EXPECT_GT(r.packets_delivered, 1000u) << what;
        EXPECT_GT(r.misrouted_fraction, 0.0) << what;  // in-transit misrouting happened
      }
    }
  }
  const RunResults h4 =
      run(cfg({"topology.p=4", "topology.a=8", "topology.h=4", "router.vc_management=flexvc",
               "routing.algorithm=olm", "routing.trigger=contention", "router.vcs_local=3",
               "router.vcs_global=2", "traffic.pattern=adv", "traffic.load=1.0", "sim.warmup=300",
               "sim.measure=700", "sim.drain=true", "sim.check=true"}));
  EXPECT_TRUE(h4.conservation_ok);
  EXPECT_EQ(h4.packets_in_flight, 0u);
}

// Seed 002's and thesis 000 Sec. 5.3's direction for in-transit routing: with the same 3/2 VCs
// and buffers, OLM with contention counters under FlexVC saturates above the baseline's OLM under
// uniform traffic (0.891 against 0.829 on h2 with 2,000 + 5,000 cycles; docs/validation.md), and
// keeps its ADV+1 throughput (0.5626 against 0.5625).
TEST(FlexVcRouting, InTransitOlmSaturatesAboveTheBaselineUnderUniformTraffic) {
  const auto accepted = [](const char* management, const char* pattern) {
    return run(cfg({std::string("router.vc_management=") + management, "routing.algorithm=olm",
                    "routing.trigger=contention", "router.vcs_local=3", "router.vcs_global=2",
                    "traffic.load=1.0", "sim.warmup=1000", "sim.measure=2000",
                    std::string("traffic.pattern=") + pattern}))
        .accepted_load;
  };
  const double flex = accepted("flexvc", "uniform"), base = accepted("baseline", "uniform");
  EXPECT_GT(flex, base + 0.03) << flex << " " << base;
  const double flex_adv = accepted("flexvc", "adv"), base_adv = accepted("baseline", "adv");
  EXPECT_GT(flex_adv, 0.95 * base_adv) << flex_adv << " " << base_adv;
}

// minCred (routing.mincred; thesis 000 Sec. 5.2.4): the routers' minimal-only counts follow the
// flagged credits exactly: a credit never returns more than its count holds (asserted in the
// sanitizer build), and after the drain every output VC's count equals the phits of the flagged
// credits still on its link, its combined count (buffer - credits) those of all its credits on
// the link. The drain ends at the last delivery, when the last hops' credits may still be on
// their way back (up to link.latency_global cycles): here they are the Valiant packets' (19 of
// seeds 1-20 leave 16-304 phits of unflagged credits on links, none flagged), but under uniform
// traffic flagged ones are left too (seeds 1 and 5: 8 and 24 phits), so "every count is 0" holds
// only by the pattern (docs/validation.md, "minCred's counts after the drain"). Under ADV+1 with
// FlexVC 4/2, UGAL with per-port minCred detects the pattern again: it accepts more than without
// (0.425 against 0.269 on h2 with 2,000 + 3,000 cycles; docs/validation.md) and takes more
// Valiant paths.
TEST(FlexVcRouting, MinCredCountsMatchTheCreditsOnTheirLinksAndRestoreUgalUnderAdversarialTraffic) {
  Config c =
      cfg({"router.vc_management=flexvc", "routing.algorithm=ugal", "routing.mincred=port",
           "router.vcs_local=4", "router.vcs_global=2", "traffic.pattern=adv", "traffic.load=1.0",
           "sim.warmup=1000", "sim.measure=2000", "sim.drain=true", "sim.check=true"});
  const auto net = build_network(c);
  const RunResults with = run_native(*net);
  EXPECT_TRUE(with.conservation_ok);
  EXPECT_EQ(with.packets_in_flight, 0u);
  uint64_t counted = 0, min_mismatch = 0, all_mismatch = 0;
  for (uint32_t r = 0; r < net->routers(); ++r) {
    const auto& rt = dynamic_cast<const CioqRouter<model::StaticCredits>&>(net->router(r));
    for (uint32_t p = 0; p < rt.radix(); ++p) {
      const Link* l = rt.output_link(p);
      const PortClass k = rt.port_class(p);
      const bool net_port = k == df::kLocal || k == df::kGlobal;
      const uint32_t buffer = k == df::kLocal ? 32 : 256, vcs = k == df::kLocal ? 4 : 2;
      for (uint32_t v = 0; v < rt.vcs_per_port(); ++v) {
        uint32_t flagged = 0, all = 0;  // phits of the credits of VC v still on the link
        for (uint32_t i = 0; l != nullptr && i < l->credits.size(); ++i) {
          const CreditMsg& m = l->credits.at(i);
          if ((m.vc & ~CreditMsg::kMinimal) != v) continue;
          all += m.phits;
          if ((m.vc & CreditMsg::kMinimal) != 0) flagged += m.phits;
        }
        counted += rt.min_occupancy(p, v);
        min_mismatch += rt.min_occupancy(p, v) != flagged;
        if (net_port && v < vcs) all_mismatch += buffer - rt.output_credits(p, v) != all;
      }
    }
  }
  EXPECT_EQ(min_mismatch, 0u);
  EXPECT_EQ(all_mismatch, 0u);
  RecordProperty("min_phits_on_links", std::to_string(counted));
  c.set_override("routing.mincred=off");
  const RunResults without = run(c);
  EXPECT_GT(with.accepted_load, without.accepted_load);
  EXPECT_GT(with.nonminimal_fraction, without.nonminimal_fraction);
}
