// Configuration parsing and validation: errors name the key, the value and what is allowed.
#include <gtest/gtest.h>

#include "config_error.h"
#include "sim/config/config.h"

using netcosim::Config;
using netcosim::ConfigError;

namespace {

using netcosim::test::error_of;

TEST(Config, DefaultsAreTheEmbeddedNetwork) {
  Config c;
  EXPECT_EQ(c.get_int("topology.p"), 2);
  EXPECT_EQ(c.get_int("topology.a"), 4);
  EXPECT_EQ(c.get_int("topology.h"), 2);
  EXPECT_EQ(c.get_int("router.buffer_global"), 256);
  EXPECT_EQ(c.get_int("link.latency_global"), 100);
  EXPECT_EQ(c.get_str("routing.algorithm"), "min");
  EXPECT_NO_THROW(netcosim::validate_config(c));
}

TEST(Config, IniAndOverrides) {
  Config c;
  c.load_ini("# comment\n[topology]\np = 4  # trailing\n a=8\n\n[traffic]\nload=0.25\n", "t.ini");
  c.set_override("topology.h=4");
  EXPECT_EQ(c.get_int("topology.p"), 4);
  EXPECT_EQ(c.get_int("topology.a"), 8);
  EXPECT_EQ(c.get_int("topology.h"), 4);
  EXPECT_DOUBLE_EQ(c.get_float("traffic.load"), 0.25);
}

TEST(Config, UnknownKeyNamesKeyAndAllowedKeys) {
  Config c;
  const std::string e = error_of([&] { c.set_override("router.buffers=3"); });
  EXPECT_NE(e.find("router.buffers"), std::string::npos) << e;
  EXPECT_NE(e.find("buffer_local"), std::string::npos) << e;
}

TEST(Config, UnknownSectionInIni) {
  Config c;
  const std::string e = error_of([&] { c.load_ini("[routers]\nx=1\n", "f.ini"); });
  EXPECT_NE(e.find("f.ini:1"), std::string::npos) << e;
  EXPECT_NE(e.find("[routers]"), std::string::npos) << e;
}

TEST(Config, LoadOutOfRange) {
  Config c;
  const std::string e = error_of([&] { c.set_override("traffic.load=1.5"); });
  EXPECT_NE(e.find("traffic.load=1.5"), std::string::npos) << e;
  EXPECT_NE(e.find("[0, 1]"), std::string::npos) << e;
}

TEST(Config, ZeroP) {
  Config c;
  const std::string e = error_of([&] { c.set_override("topology.p=0"); });
  EXPECT_NE(e.find("topology.p=0"), std::string::npos) << e;
  EXPECT_NE(e.find("[1, 64]"), std::string::npos) << e;
}

TEST(Config, MalformedLine) {
  Config c;
  const std::string e = error_of([&] { c.load_ini("[sim]\nseed 3\n", "bad.ini"); });
  EXPECT_NE(e.find("bad.ini:2"), std::string::npos) << e;
  EXPECT_NE(e.find("malformed"), std::string::npos) << e;
}

TEST(Config, EnumAndBool) {
  Config c;
  std::string e = error_of([&] { c.set_override("routing.algorithm=ugal2"); });
  EXPECT_NE(e.find("min|val"), std::string::npos) << e;
  e = error_of([&] { c.set_override("sim.drain=maybe"); });
  EXPECT_NE(e.find("true or false"), std::string::npos) << e;
  c.set_override("sim.drain=yes");
  EXPECT_TRUE(c.get_bool("sim.drain"));
}

TEST(Config, ValiantNeedsFourTwoVcs) {
  Config c;
  c.set_override("routing.algorithm=val");
  const std::string e = error_of([&] { netcosim::validate_config(c); });
  EXPECT_NE(e.find("router.vcs_local=2"), std::string::npos) << e;
  EXPECT_NE(e.find("4 local and 2 global"), std::string::npos) << e;
  c.set_override("router.vcs_local=4");
  c.set_override("router.vcs_global=2");
  EXPECT_NO_THROW(netcosim::validate_config(c));
}

TEST(Config, BufferSmallerThanPacket) {
  Config c;
  c.set_override("router.buffer_local=4");
  const std::string e = error_of([&] { netcosim::validate_config(c); });
  EXPECT_NE(e.find("router.buffer_local=4"), std::string::npos) << e;
}

TEST(Config, AdvOffsetMultipleOfGroups) {
  Config c;
  c.set_override("traffic.pattern=adv");
  c.set_override("traffic.adv_offset=9");  // h2: 9 groups
  const std::string e = error_of([&] { netcosim::validate_config(c); });
  EXPECT_NE(e.find("traffic.adv_offset=9"), std::string::npos) << e;
}

// traffic.adv_target applies to adv/advc (as traffic.pattern or traffic.pattern2) only.
TEST(Config, AdvTargetIsRefusedWithoutAnAdversarialPattern) {
  Config c;
  c.set_override("traffic.adv_target=same_router");
  EXPECT_EQ(error_of([&] { netcosim::validate_config(c); }),
            "traffic.adv_target=same_router: applies to traffic.pattern or traffic.pattern2 = "
            "adv|advc only (traffic.pattern=uniform, traffic.pattern2=none)");
  for (const char* ok : {"traffic.pattern=adv", "traffic.pattern=advc"}) {
    Config d;
    d.set_override("traffic.adv_target=same_router");
    d.set_override(ok);
    EXPECT_EQ(error_of([&] { netcosim::validate_config(d); }), "") << ok;
  }
  Config m;
  for (const char* kv :
       {"traffic.adv_target=same_router", "traffic.pattern2=adv", "traffic.mix=0.5"})
    m.set_override(kv);
  EXPECT_EQ(error_of([&] { netcosim::validate_config(m); }), "");
}

// traffic.source_queue=0 (no queue, drops) is allowed; below 0 is out of range.
TEST(Config, SourceQueueZeroIsAllowedNegativeIsNot) {
  Config c;
  c.set_override("traffic.source_queue=0");
  EXPECT_EQ(error_of([&] { netcosim::validate_config(c); }), "");
  EXPECT_NE(error_of([&] {
              Config d;
              d.set_override("traffic.source_queue=-1");
            }),
            "");
}

TEST(Config, RadixLimit) {
  Config c;
  c.set_override("topology.p=40");
  c.set_override("topology.a=30");
  const std::string e = error_of([&] { netcosim::validate_config(c); });
  EXPECT_NE(e.find("radix"), std::string::npos) << e;
}

// The resolved configuration lists every key of the schema that applies to the topology: all
// but the other topologies' keys (topology.k, .n, .dims, .nodes_per_switch, .trunk,
// routing.torus_deadlock, routing.trunk_select), the 12 router/link keys of the classes tree, x,
// y, z and their 8 mapping tables (qos.sl2vl_<class>, qos.sc2vl_<class>).
TEST(Config, ResolvedListsEveryKeyOfTheTopology) {
  Config c;
  EXPECT_EQ(c.resolved().size(), netcosim::config_schema().size() - 7 - 12 - 8);
}

}  // namespace

namespace {

// Seed 001 Sec. VI-A: 2 x mean VCs per input port <= th <= p. h8 with OLM's 3/2 VCs: mean
// (8*3 + 15*3 + 8*2)/31 = 2.74, so 6 <= th <= 8 (the thesis's range).
TEST(Config, ContentionThresholdRule) {
  Config c;
  c.load_ini(
      "[topology]\np=8\na=16\nh=8\n[router]\nvcs_local=3\nvcs_global=2\n"
      "[routing]\nalgorithm=olm\ntrigger=contention\nthreshold=6\n",
      "h8.ini");
  EXPECT_EQ(netcosim::contention_threshold_warning(c), "");
  c.set_override("routing.threshold=8");
  EXPECT_EQ(netcosim::contention_threshold_warning(c), "");
  c.set_override("routing.threshold=5");
  EXPECT_NE(netcosim::contention_threshold_warning(c).find("6 <= th <= 8"), std::string::npos);
  c.set_override("routing.threshold=9");
  EXPECT_NE(netcosim::contention_threshold_warning(c).find("routing.threshold=9"),
            std::string::npos);
  // h4 (p = 4): th = 6 > p, and no threshold is valid.
  Config h4;
  h4.load_ini(
      "[topology]\np=4\na=8\nh=4\n[router]\nvcs_local=3\nvcs_global=2\n"
      "[routing]\nalgorithm=olm\ntrigger=contention\n",
      "h4.ini");
  const std::string w = netcosim::contention_threshold_warning(h4);
  EXPECT_NE(w.find("no threshold is valid"), std::string::npos) << w;
}

TEST(Config, OlmKeysOnlyForOlm) {
  Config c;
  c.set_override("routing.trigger=contention");
  std::string e = error_of([&] { netcosim::validate_config(c); });
  EXPECT_NE(e.find("routing.trigger=contention"), std::string::npos) << e;
  EXPECT_NE(e.find("olm only"), std::string::npos) << e;
  Config d;
  d.set_override("routing.algorithm=olm");
  d.set_override("router.vcs_local=3");
  d.set_override("router.vcs_global=2");
  d.set_override("routing.threshold=7");  // trigger is credit
  e = error_of([&] { netcosim::validate_config(d); });
  EXPECT_NE(e.find("routing.trigger=contention|filtered|hybrid|ectn only"), std::string::npos) << e;
  d.set_override("router.vcs_local=2");
  d.set_override("routing.trigger=contention");
  e = error_of([&] { netcosim::validate_config(d); });
  EXPECT_NE(e.find("3 local and 2 global"), std::string::npos) << e;
  // FOGSim's th_min belongs to the credit condition: credit and hybrid triggers only.
  Config f;
  for (const char* s : {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
                        "routing.trigger=ectn", "routing.credit_min_occupancy=50"})
    f.set_override(s);
  e = error_of([&] { netcosim::validate_config(f); });
  EXPECT_NE(e.find("routing.credit_min_occupancy=50"), std::string::npos) << e;
  EXPECT_NE(e.find("credit|hybrid only"), std::string::npos) << e;
  f.set_override("routing.trigger=hybrid");
  EXPECT_EQ(error_of([&] { netcosim::validate_config(f); }), "");
}

// UGAL weighted by hops: ugal and pb only; with ugal it has no F, so an explicit F is refused
// (PiggyBack keeps F for its saturation bits).
TEST(Config, UgalCompareForUgalAndPbAndQueueHopsTakesNoF) {
  Config c;
  for (const char* s : {"routing.algorithm=par", "router.vcs_local=5", "router.vcs_global=2",
                        "routing.ugal_compare=queue_hops"})
    c.set_override(s);
  std::string e = error_of([&] { netcosim::validate_config(c); });
  EXPECT_NE(e.find("routing.ugal_compare=queue_hops: applies to routing.algorithm=ugal|pb only"),
            std::string::npos)
      << e;
  c.set_override("routing.algorithm=ugal");
  EXPECT_EQ(error_of([&] { netcosim::validate_config(c); }), "");
  c.set_override("routing.ugal_f=3");
  e = error_of([&] { netcosim::validate_config(c); });
  EXPECT_NE(e.find("routing.ugal_f=3: not used by routing.ugal_compare=queue_hops"),
            std::string::npos)
      << e;
  // PiggyBack's UGAL comparison has no F either; its saturation bits have their own coefficient.
  c.set_override("routing.algorithm=pb");
  e = error_of([&] { netcosim::validate_config(c); });
  EXPECT_NE(e.find("routing.ugal_f=3: not used by routing.ugal_compare=queue_hops (Q_MIN*H_MIN <= "
                   "Q_VAL*H_VAL + T has no F) with routing.algorithm=pb"),
            std::string::npos)
      << e;
  Config d;
  for (const char* s : {"routing.algorithm=pb", "router.vcs_local=4", "router.vcs_global=2",
                        "routing.ugal_compare=queue_hops", "routing.piggyback_coef=150"})
    d.set_override(s);
  EXPECT_EQ(error_of([&] { netcosim::validate_config(d); }), "");
}

// PiggyBack's saturation-bit keys (thesis Eq. 1.3; FOGSim's piggybacking_coef and
// ugal_global_threshold) apply to pb only.
TEST(Config, PiggyBackKeysForPbOnly) {
  Config c;
  for (const char* s : {"routing.algorithm=ugal", "router.vcs_local=4", "router.vcs_global=2",
                        "routing.piggyback_t=5"})
    c.set_override(s);
  const std::string e = error_of([&] { netcosim::validate_config(c); });
  EXPECT_NE(e.find("routing.piggyback_t=5: applies to routing.algorithm=pb only"),
            std::string::npos)
      << e;
  c.set_override("routing.algorithm=pb");
  c.set_override("routing.piggyback_sensing=port");
  EXPECT_EQ(error_of([&] { netcosim::validate_config(c); }), "");
}

// The Valiant variants: val, ugal and pb; VAL-group needs one local VC less (3/2), the others
// VAL's 4/2; recomputation is valid for val too; the group draw only with routing.valiant=group.
TEST(Config, ValiantVariantsForValUgalPbWithTheirVcs) {
  Config c;
  for (const char* s : {"routing.algorithm=val", "router.vcs_local=3", "router.vcs_global=2",
                        "routing.valiant=group", "routing.recompute_valiant=true"})
    c.set_override(s);
  EXPECT_EQ(error_of([&] { netcosim::validate_config(c); }), "");
  c.set_override("routing.valiant=outside_source_group");
  std::string e = error_of([&] { netcosim::validate_config(c); });
  EXPECT_NE(e.find("needs at least 4 local and 2 global VCs"), std::string::npos) << e;
  c.set_override("router.vcs_local=2");
  c.set_override("routing.valiant=group");
  e = error_of([&] { netcosim::validate_config(c); });
  EXPECT_NE(e.find("needs at least 3 local and 2 global VCs"), std::string::npos) << e;
  for (const char* alg : {"ugal", "pb"}) {
    Config u;
    for (const char* s : {"router.vcs_local=3", "router.vcs_global=2", "routing.valiant=group",
                          "routing.valiant_group_draw=other_than_source"})
      u.set_override(s);
    u.set_override(std::string("routing.algorithm=") + alg);
    EXPECT_EQ(error_of([&] { netcosim::validate_config(u); }), "") << alg;
    u.set_override("routing.valiant=any");
    e = error_of([&] { netcosim::validate_config(u); });
    EXPECT_NE(e.find("routing.valiant_group_draw=other_than_source: applies to "
                     "routing.valiant=group only (routing.valiant=any)"),
              std::string::npos)
        << e;
    Config v;
    for (const char* s :
         {"router.vcs_local=3", "router.vcs_global=2", "routing.valiant=outside_source_group"})
      v.set_override(s);
    v.set_override(std::string("routing.algorithm=") + alg);
    e = error_of([&] { netcosim::validate_config(v); });
    EXPECT_NE(e.find("needs at least 4 local and 2 global VCs"), std::string::npos) << e;
  }
  Config o;
  for (const char* s : {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
                        "routing.valiant=group"})
    o.set_override(s);
  e = error_of([&] { netcosim::validate_config(o); });
  EXPECT_NE(e.find("routing.valiant=group: applies to routing.algorithm=val|ugal|pb only"),
            std::string::npos)
      << e;
}

// What the contention counters count: a property of the counters, so only with a trigger that
// reads them; head, head_until_tail, queued or queued_at_send.
TEST(Config, ContentionCountOnlyWithCountersAndOnlyItsFourRules) {
  Config c;
  for (const char* s : {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
                        "routing.contention_count=queued"})
    c.set_override(s);
  std::string e = error_of([&] { netcosim::validate_config(c); });  // trigger is credit
  EXPECT_NE(e.find("routing.contention_count=queued"), std::string::npos) << e;
  EXPECT_NE(e.find("routing.trigger=contention|filtered|hybrid|ectn only"), std::string::npos) << e;
  for (const char* trigger : {"contention", "filtered", "hybrid", "ectn"}) {
    c.set_override(std::string("routing.trigger=") + trigger);
    EXPECT_EQ(error_of([&] { netcosim::validate_config(c); }), "") << trigger;
  }
  e = error_of([&] { c.set_override("routing.contention_count=all"); });  // checked when set
  EXPECT_NE(e.find("allowed values are head|head_until_tail|queued|queued_at_send"),
            std::string::npos)
      << e;
}

// [curves] is the sweep's (docs/sweep.md "Curves"): read into IniCurves when the caller asks for
// it (each line split at its first '=', a trailing comment removed, file:line kept), refused with
// a message naming the sweep otherwise (`netcosim run` must not silently ignore it).
TEST(Config, CurvesSectionIsReadOnlyWhenTheCallerReadsCurves) {
  const std::string text =
      "[routing]\nalgorithm = min\n[curves]\nMIN = routing.algorithm=min  # minimal\n"
      "Base (th 6) = routing.algorithm=olm routing.trigger=contention\n[sim]\nseed = 5\n";
  Config c;
  netcosim::IniCurves curves;
  c.load_ini(text, "f.ini", &curves);
  EXPECT_TRUE(curves.present);
  EXPECT_EQ(curves.where, "f.ini:3");
  ASSERT_EQ(curves.lines.size(), 2u);
  EXPECT_EQ(curves.lines[0].name, "MIN");
  EXPECT_EQ(curves.lines[0].overrides, "routing.algorithm=min");
  EXPECT_EQ(curves.lines[0].where, "f.ini:4");
  EXPECT_EQ(curves.lines[1].name, "Base (th 6)");
  EXPECT_EQ(curves.lines[1].overrides, "routing.algorithm=olm routing.trigger=contention");
  EXPECT_EQ(c.get_int("sim.seed"), 5);  // the sections after [curves] are read as before
  EXPECT_EQ(c.get_str("routing.algorithm"), "min");  // a curve's keys are not applied here
  EXPECT_EQ(error_of([&] { Config().load_ini(text, "f.ini"); }),
            "f.ini:3: the [curves] section is read only by `netcosim sweep` (one curve per line, "
            "docs/sweep.md); this command simulates one configuration: remove the section, or "
            "give the curve's keys with --set");
  netcosim::IniCurves none;
  Config d;
  d.load_ini("[sim]\nseed = 5\n", "g.ini", &none);
  EXPECT_FALSE(none.present);
  EXPECT_TRUE(none.lines.empty());
  netcosim::IniCurves twice;
  EXPECT_EQ(error_of([&] { Config().load_ini("[curves]\nA = x=1\n[curves]\n", "h.ini", &twice); }),
            "h.ini:3: duplicate section [curves] (first at h.ini:1); give each section once");
}

}  // namespace

namespace {

// The credit trigger's candidate comparison (routing.credit_compare): for the credit and hybrid
// triggers only, below or at_most.
TEST(Config, CreditCompareForCreditAndHybridTriggersOnly) {
  Config c;
  for (const char* s : {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
                        "routing.trigger=contention", "routing.credit_compare=at_most"})
    c.set_override(s);
  std::string e;
  try {
    netcosim::validate_config(c);
  } catch (const ConfigError& x) {
    e = x.what();
  }
  EXPECT_NE(e.find("routing.credit_compare=at_most: applies to routing.trigger=credit|hybrid only"),
            std::string::npos)
      << e;
  for (const char* t : {"credit", "hybrid"}) {
    c.set_override(std::string("routing.trigger=") + t);
    EXPECT_NO_THROW(netcosim::validate_config(c)) << t;
  }
  EXPECT_THROW(c.set_override("routing.credit_compare=le"), ConfigError);
}

}  // namespace

// router.buffer_model=damq with its reservation (sim/blocks/damq_credits.h): the percentage is
// in [0, 100] and applies to DAMQs only.
TEST(Config, DamqPrivatePercentOnlyForDamqAndWithinZeroToHundred) {
  Config c;
  c.set_override("router.damq_private=50");
  EXPECT_EQ(error_of([&] { netcosim::validate_config(c); }),
            "router.damq_private=50: applies to router.buffer_model=damq only "
            "(router.buffer_model=static)");
  c.set_override("router.buffer_model=damq");
  EXPECT_EQ(error_of([&] { netcosim::validate_config(c); }), "");
  EXPECT_NE(
      error_of([&] { c.set_override("router.damq_private=101"); }).find("router.damq_private"),
      std::string::npos);
  EXPECT_NE(error_of([&] { c.set_override("router.buffer_model=shared"); }).find("static|damq"),
            std::string::npos);
}

// traffic.burst_wait (the waiting burst generator, docs/model.md §3): Bursty-UN without a source
// queue on the CIOQ router's NIC only; each missing condition named with its key and value.
TEST(Config, BurstWaitNeedsBurstyUniformWithoutASourceQueue) {
  Config c;
  c.set_override("traffic.burst_wait=true");
  EXPECT_EQ(
      error_of([&] { netcosim::validate_config(c); }),
      "traffic.burst_wait=true: needs traffic.pattern=bursty_uniform (traffic.pattern=uniform; "
      "the waiting burst generator, docs/model.md §3); allowed otherwise: "
      "traffic.burst_wait=false");
  c.set_override("traffic.pattern=bursty_uniform");
  EXPECT_EQ(error_of([&] { netcosim::validate_config(c); }),
            "traffic.burst_wait=true: needs traffic.source_queue=0 (traffic.source_queue=64; the "
            "waiting burst generator, docs/model.md §3); allowed otherwise: "
            "traffic.burst_wait=false");
  c.set_override("traffic.source_queue=0");
  EXPECT_EQ(error_of([&] { netcosim::validate_config(c); }), "");
  c.set_override("router.architecture=ib");
  EXPECT_NE(error_of([&] { netcosim::validate_config(c); }).find("needs router.architecture=cioq"),
            std::string::npos);
}

// traffic.pattern=bursty_uniform (thesis 000 Sec. 1.6.1.3): traffic.burst_length applies to it
// only, in [1, 10^6], and the bursts are the generation process: no second pattern.
TEST(Config, BurstLengthOnlyForBurstyUniformWhichTakesNoSecondPattern) {
  Config c;
  c.set_override("traffic.burst_length=3");
  EXPECT_EQ(error_of([&] { netcosim::validate_config(c); }),
            "traffic.burst_length=3: applies to traffic.pattern=bursty_uniform only "
            "(traffic.pattern=uniform)");
  c.set_override("traffic.pattern=bursty_uniform");
  EXPECT_EQ(error_of([&] { netcosim::validate_config(c); }), "");
  EXPECT_NE(error_of([&] { c.set_override("traffic.burst_length=0.5"); }).find("[1, 1000000]"),
            std::string::npos);
  c.set_override("traffic.pattern2=adv");
  c.set_override("traffic.mix=0.5");
  EXPECT_EQ(error_of([&] { netcosim::validate_config(c); }),
            "traffic.pattern2=adv: traffic.pattern=bursty_uniform takes no second pattern (none)");
  Config d;
  d.set_override("traffic.pattern2=bursty_uniform");
  d.set_override("traffic.mix=0.5");
  EXPECT_NE(error_of([&] {
              netcosim::validate_config(d);
            }).find("bursty_uniform is allowed as traffic.pattern only"),
            std::string::npos);
}
