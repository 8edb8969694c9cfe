// The command-line contract (DESIGN.md §5): exit status 2 with a message naming the key, the value
// and what is allowed; exit 0 and the JSON keys of netcosim.run/1 on success.
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
  std::ifstream f(json);
  const std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  for (const char* key : {"\"schema\": \"netcosim.run/1\"",
                          "\"engine\": \"native\"",
                          "\"config\"",
                          "\"nodes\": 72",
                          "\"routers\": 36",
                          "\"offered_load\"",
                          "\"accepted_load\"",
                          "\"latency_avg\"",
                          "\"latency_p50\"",
                          "\"latency_p99\"",
                          "\"latency_max\"",
                          "\"network_latency_avg\"",
                          "\"injection_latency_avg\"",
                          "\"hops_avg\"",
                          "\"misrouted_fraction\"",
                          "\"packets_generated\"",
                          "\"packets_delivered\"",
                          "\"packets_in_flight\"",
                          "\"fairness\"",
                          "\"min_node_load\"",
                          "\"max_node_load\"",
                          "\"max_min_ratio\"",
                          "\"cov\"",
                          "\"jain\"",
                          "\"cycles_warmup\"",
                          "\"cycles_measured\"",
                          "\"wall_seconds\"",
                          "\"cycles_per_second\""})
    EXPECT_NE(text.find(key), std::string::npos) << key;
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
  for (const char* name : {"dragonfly-h2.ini", "dragonfly-h4.ini", "dragonfly-h8.ini"}) {
    const Outcome o = netcosim(std::string("run ") + NETCOSIM_SOURCE_DIR + "/configs/" + name +
                               " --set sim.warmup=0 --set sim.measure=20 --quiet");
    EXPECT_EQ(o.status, 0) << name << ": " << o.output;
  }
}

}  // namespace

namespace {

TEST(Cli, TimeSeriesCsvAndPlot) {
  const std::string png = testing::TempDir() + "ts.png", csv = testing::TempDir() + "ts.csv";
  const Outcome o = netcosim(
      "run --set traffic.pattern2=adv --set traffic.switch_cycle=3000 "
      "--set sim.warmup=1000 --set sim.measure=4000 "
      "--set sim.timeseries_bin=500 --quiet --timeseries-csv " +
      csv + " --timeseries-png " + png);
  ASSERT_EQ(o.status, 0) << o.output;
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
