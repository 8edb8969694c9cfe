// The command-line contract (docs/principles.md §8): exit status 2 with a message naming the key,
// the value and what is allowed; exit 0 and the JSON keys of netcosim.run/1 on success.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "test_util.h"

namespace {

using netcosim::test::Outcome;
Outcome netcosim(const std::string& args) {
  return netcosim::test::run_cli(args);
}

std::string write_tmp(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(Cli, EmbeddedDefaultRunsAndWritesJson) {
  const std::string json = testing::TempDir() + "default.json";
  const Outcome o = netcosim("run --set sim.measure=2000 --json " + json);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("accepted load"), std::string::npos);
  // Types, nesting and every key: the schema (docs/netcosim.run-1.schema.json).
  EXPECT_TRUE(netcosim::test::valid_run_json(json));
  const nlohmann::json j = netcosim::test::load_json(json);
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j.at("schema"), "netcosim.run/1");
  EXPECT_EQ(j.at("engine"), "native");
  EXPECT_EQ(j.at("threads"), 1);
  // The default Dragonfly p=2 a=4 h=2: g = a*h+1 = 9 groups, 36 routers, 72 nodes.
  EXPECT_EQ(j.at("nodes"), 72);
  EXPECT_EQ(j.at("routers"), 36);
  EXPECT_EQ(j.at("config").at("topology").at("p"), 2);
  EXPECT_EQ(j.at("config").at("sim").at("measure"), 2000);
  EXPECT_EQ(j.at("config").at("sim").at("warmup"), 5000);  // the default
  EXPECT_EQ(j.at("cycles_warmup"), 5000);
  EXPECT_EQ(j.at("cycles_measured"), 2000);
  EXPECT_EQ(j.at("cycles_total"), 7000);
  EXPECT_EQ(j.at("offered_load"), 0.3);
  EXPECT_EQ(j.at("drained"), false);
  EXPECT_FALSE(j.contains("conservation_ok"));  // only with drain
  EXPECT_FALSE(j.contains("timeseries"));       // only with sim.timeseries_bin
  // Consistency between keys.
  EXPECT_EQ(j.at("packets_in_flight").get<uint64_t>(),
            j.at("packets_generated").get<uint64_t>() - j.at("packets_delivered").get<uint64_t>());
  EXPECT_NEAR(j.at("hops_avg").get<double>(),
              j.at("hops_local_avg").get<double>() + j.at("hops_global_avg").get<double>(), 1e-9);
  // MIN: at most the l-g-l path, and uniform traffic on 9 groups uses all of it.
  EXPECT_EQ(j.at("hops_local_max"), 2);
  EXPECT_EQ(j.at("hops_global_max"), 1);
  EXPECT_LE(j.at("latency_p50").get<uint64_t>(), j.at("latency_p99").get<uint64_t>());
  EXPECT_LE(j.at("latency_p99").get<uint64_t>(), j.at("latency_max").get<uint64_t>());
  const auto& f = j.at("fairness");
  EXPECT_LE(f.at("min_node_load").get<double>(), f.at("max_node_load").get<double>());
  EXPECT_NEAR(f.at("max_min_ratio").get<double>(),
              f.at("max_node_load").get<double>() / f.at("min_node_load").get<double>(), 1e-9);
}

TEST(Cli, UnknownKey) {
  const Outcome o = netcosim("run --set router.colour=red");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("router.colour"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("vcs_local"), std::string::npos) << o.output;
}

TEST(Cli, LoadOutOfRange) {
  const Outcome o = netcosim("run --set traffic.load=1.5");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("traffic.load=1.5"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("[0, 1]"), std::string::npos) << o.output;
}

TEST(Cli, ValiantWithTooFewVcs) {
  const Outcome o = netcosim("run --set routing.algorithm=val");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("routing.algorithm=val"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("router.vcs_local=2"), std::string::npos) << o.output;
}

// routing.piggyback_bits (docs/model.md §4.6) belongs to PiggyBack under minCred: set without
// PiggyBack or with routing.mincred=off, exit 2 naming the key and what it applies to.
TEST(Cli, PiggyBackBitsWithoutPiggyBackOrMinCred) {
  const Outcome ugal = netcosim(
      "run --set routing.algorithm=ugal --set routing.mincred=vc --set router.vcs_local=4 "
      "--set router.vcs_global=2 --set routing.piggyback_bits=combined");
  EXPECT_EQ(ugal.status, 2);
  EXPECT_NE(ugal.output.find("routing.piggyback_bits=combined: applies to routing.algorithm=pb"),
            std::string::npos)
      << ugal.output;
  const Outcome off = netcosim(
      "run --set routing.algorithm=pb --set router.vcs_local=4 --set router.vcs_global=2 --set "
      "routing.piggyback_bits=auto");
  EXPECT_EQ(off.status, 2);
  EXPECT_NE(off.output.find("routing.piggyback_bits=auto: applies to routing.mincred=vc|port"),
            std::string::npos)
      << off.output;
}

// Under FlexVC, run prints the allowed VCs of each hop of every path kind the routing uses
// beside the baseline's (docs/model.md §4.6; the lines themselves in
// FlexVc.PerHopLinesOfTheRunSummary): OLM 4/2's in-transit path is opportunistic (thesis 000
// Table 5.3), PiggyBack prints its minimal and Valiant paths, the baseline prints none.
TEST(Cli, FlexVcSummaryPrintsTheAllowedVcsPerHop) {
  const std::string run =
      "run --set topology.h=2 --set sim.warmup=10 --set sim.measure=10 "
      "--set router.vcs_local=4 --set router.vcs_global=2 --set routing.algorithm=";
  const Outcome olm = netcosim(run + "olm --set router.vc_management=flexvc");
  ASSERT_EQ(olm.status, 0) << olm.output;
  EXPECT_NE(olm.out.find("  FlexVC            reference l0-g1-l2-l3-g4-l5 (4/2); per hop of each "
                         "path: the baseline's VC -> the VCs FlexVC allows\n"
                         "  FlexVC hops       minimal l-g-l, safe: l0 -> l0-2 safe, g0 -> g0-1 "
                         "safe, l1 -> l0-3 safe\n"
                         "  FlexVC hops       in-transit l-l-g-l-l-g-l, opportunistic: l0 -> l0-1 "
                         "opportunistic, l0 -> l0 safe, g0 -> g0 safe, l0 -> l0-1 safe, l1 -> "
                         "l0-2 safe, g1 -> g0-1 safe, l2 -> l0-3 safe\n"),
            std::string::npos)
      << olm.out;
  const Outcome pb = netcosim(run + "pb --set router.vc_management=flexvc");
  ASSERT_EQ(pb.status, 0) << pb.output;
  EXPECT_NE(pb.out.find("  FlexVC hops       minimal l-g-l, safe:"), std::string::npos) << pb.out;
  EXPECT_NE(pb.out.find("  FlexVC hops       Valiant l-g-l-l-g-l, safe:"), std::string::npos)
      << pb.out;
  const Outcome base = netcosim(run + "pb");
  ASSERT_EQ(base.status, 0) << base.output;
  EXPECT_EQ(base.out.find("FlexVC"), std::string::npos) << base.out;
}

// traffic.request_reply and traffic.source must agree (docs/model.md §4.7): exit 2 naming both.
TEST(Cli, RequestReplyKeyContradictingTheSource) {
  const Outcome o = netcosim("run --set traffic.request_reply=true --set traffic.source=bernoulli");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("traffic.request_reply=true contradicts traffic.source=bernoulli"),
            std::string::npos)
      << o.output;
}

// A reply larger than a buffer (docs/model.md §4.7): a reply of 4 packets with a reply queue of
// 3, and a packet (a reply's too) of 40 phits with 32-phit local VCs, each exit 2 naming the key,
// its value and the bound.
TEST(Cli, ReplyLargerThanItsBufferExitsTwo) {
  const std::string rr =
      "run --set traffic.request_reply=true --set router.vcs_local=4 --set router.vcs_global=2 ";
  const Outcome queue = netcosim(rr + "--set traffic.reply_size=4 --set traffic.reply_queue=3");
  EXPECT_EQ(queue.status, 2);
  EXPECT_NE(queue.err.find("traffic.reply_queue=3 is smaller than traffic.reply_size=4: a reply "
                           "would never fit and no request could be consumed; allowed: 0 "
                           "(unbounded) or at least traffic.reply_size"),
            std::string::npos)
      << queue.output;
  const Outcome vc = netcosim(rr + "--set packet.size=40");
  EXPECT_EQ(vc.status, 2);
  EXPECT_NE(vc.err.find("router.buffer_local=32: must hold at least one whole packet "
                        "(packet.size=40 phits) under Virtual Cut-Through"),
            std::string::npos)
      << vc.output;
}

TEST(Cli, ZeroNodesPerRouter) {
  const Outcome o = netcosim("run --set topology.p=0");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("topology.p=0"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("[1, 64]"), std::string::npos) << o.output;
}

TEST(Cli, MalformedIniLine) {
  const std::string path = write_tmp("bad.ini", "[topology]\np = 2\nthis line is wrong\n");
  const Outcome o = netcosim("run " + path);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("bad.ini:3"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("key = value"), std::string::npos) << o.output;
}

TEST(Cli, UnknownOptionAndCommand) {
  EXPECT_EQ(netcosim("run --fast").status, 2);
  EXPECT_EQ(netcosim("frobnicate").status, 2);
  EXPECT_EQ(netcosim("run --threads 0").status, 2);
  EXPECT_EQ(netcosim("run --engine quantum").status, 2);
}

TEST(Cli, ShippedConfigsAreValid) {
  for (const char* name : {"dragonfly-h2.ini", "dragonfly-h4.ini", "dragonfly-h8.ini",
                           "fattree-4-3.ini", "fattree-8-3.ini", "fattree-24-2.ini", "mesh-8x8.ini",
                           "torus-8x8.ini", "torus-8x8x8.ini"}) {
    const Outcome o = netcosim(std::string("run ") + NETCOSIM_SOURCE_DIR + "/configs/" + name +
                               " --set sim.warmup=0 --set sim.measure=20 --quiet");
    EXPECT_EQ(o.status, 0) << name << ": " << o.output;
  }
}

}  // namespace

namespace {

// Paper 004 Workload 1 on the 8x8 mesh: the per-node loads as CSV (one row per node, the
// full-rate nodes offering 1) and their plot.
TEST(Cli, NodeLoadsCsvAndPlot) {
  const std::string png = testing::TempDir() + "nodes.png", json = testing::TempDir() + "n.json";
  const Outcome o = netcosim(
      "run --set topology.type=mesh --set routing.algorithm=dor --set traffic.load=0.1 "
      "--set traffic.fullrate_nodes=20,51 --set sim.warmup=500 --set sim.measure=2000 --quiet "
      "--node-loads-png " +
      png + " --json " + json);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(netcosim::test::valid_run_json(json));
  const nlohmann::json doc = netcosim::test::load_json(json);
  EXPECT_EQ(doc.at("config").at("traffic").at("fullrate_nodes"), "20,51");
  EXPECT_EQ(doc.at("fairness").at("max_node_load"),
            doc.at("fairness_per_router").at("max_router_load"));  // one node per switch
  std::ifstream f(png + ".csv");
  std::string header, line;
  std::getline(f, header);
  EXPECT_EQ(header, "node,router,offered_load,injected_load");
  int rows = 0;
  while (std::getline(f, line)) {
    const std::string prefix = std::to_string(rows) + "," + std::to_string(rows) + ",";
    EXPECT_EQ(line.rfind(prefix + (rows == 20 || rows == 51 ? "1," : "0.1,"), 0), 0u) << line;
    ++rows;
  }
  EXPECT_EQ(rows, 64);
  std::ifstream p(png, std::ios::binary);
  char sig[8] = {};
  p.read(sig, 8);
  EXPECT_EQ(std::string(sig + 1, 3), "PNG");
}

TEST(Cli, TimeSeriesCsvAndPlot) {
  const std::string png = testing::TempDir() + "ts.png", csv = testing::TempDir() + "ts.csv",
                    json = testing::TempDir() + "ts.json";
  const Outcome o = netcosim(
      "run --set traffic.pattern2=adv --set traffic.switch_cycle=3000 "
      "--set sim.warmup=1000 --set sim.measure=4000 "
      "--set sim.timeseries_bin=500 --quiet --timeseries-csv " +
      csv + " --timeseries-png " + png + " --json " + json);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(netcosim::test::valid_run_json(json));
  const nlohmann::json ts = netcosim::test::load_json(json).at("timeseries");
  EXPECT_EQ(ts.at("bin"), 500);
  EXPECT_EQ(ts.at("start").size(), 10u);
  EXPECT_EQ(ts.at("start").at(9), 4500);
  std::ifstream f(csv);
  std::string header, line;
  std::getline(f, header);
  EXPECT_EQ(header, "start,end,packets,latency_avg,misrouted_fraction,accepted_load");
  int rows = 0;
  while (std::getline(f, line)) ++rows;
  EXPECT_EQ(rows, 10);  // 5000 cycles in bins of 500
  std::ifstream p(png, std::ios::binary);
  char sig[8] = {};
  p.read(sig, 8);
  EXPECT_EQ(std::string(sig + 1, 3), "PNG");
  EXPECT_EQ(netcosim("run --timeseries-csv " + csv).status, 2);  // no sim.timeseries_bin
}

}  // namespace
