// netcosim run --waits FILE (docs/model.md "Head waits"): the CSV of the head-wait counters, the
// JSON's head_waits totals, the same counts on every engine, a JSON without the flag unchanged,
// and bad input refused with exit 2 naming --waits. The exact counts are derived in
// tests/network/test_head_waits.cpp.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "engine_json.h"
#include "test_util.h"

namespace {

using netcosim::test::load_json;
using netcosim::test::read_file;
using netcosim::test::run_cli;

#define H2 \
  "/configs/dragonfly-h2.ini --set sim.warmup=200 --set sim.measure=500 --set traffic.load=0.7"

#define OPA \
  "/configs/qos-ch5-opa-fattree-4-3.ini --set sim.warmup=300 --set sim.measure=600 --quiet"

std::string tmp(const std::string& name) {
  const std::string p = testing::TempDir() + "waits_" + name;
  std::remove(p.c_str());  // a run that exits 0 without writing must not pass on an old file
  return p;
}

// The input rows' totals per input class and reason (the CSV's in_port column set).
std::map<std::string, std::map<std::string, uint64_t>> input_totals(const std::string& csv) {
  std::map<std::string, std::map<std::string, uint64_t>> t;
  std::istringstream is(csv);
  std::string line;
  std::getline(is, line);
  EXPECT_EQ(line,
            "router,in_port,in_class,in_vc,out_port,out_class,traffic_class,reason,head_cycles");
  while (std::getline(is, line)) {
    std::vector<std::string> f;
    std::stringstream ls(line);
    for (std::string x; std::getline(ls, x, ',');) f.push_back(x);
    EXPECT_EQ(f.size(), 9u) << line;
    if (f.size() != 9 || f[1].empty()) continue;  // an output row
    EXPECT_EQ(f[6], "");                          // no request-reply traffic: no class
    t[f[2]][f[7]] += std::stoull(f[8]);
  }
  return t;
}

// Runs `base` with --waits on native, native on 2 threads and SystemC; the CSV and JSON paths
// (named `prefix` + engine) in that order, each run checked to exit 0.
std::pair<std::vector<std::string>, std::vector<std::string>> run_every_engine(
    const std::string& base, const std::string& prefix) {
  std::vector<std::string> csvs, jsons;
  for (const char* e : {"native", "t2", "systemc"}) {
    csvs.push_back(tmp(prefix + e + ".csv"));
    jsons.push_back(tmp(prefix + e + ".json"));
    const std::string engine = std::string(e) == "t2"        ? " --threads 2"
                               : std::string(e) == "systemc" ? " --engine systemc"
                                                             : "";
    const auto o =
        run_cli("run " + base + engine + " --waits " + csvs.back() + " --json " + jsons.back());
    EXPECT_EQ(o.status, 0) << o.output;
  }
  return {csvs, jsons};
}

// One h2 run under MIN at 0.7 (above its saturation, so every reason but reply_gate occurs):
// native, native on 2 threads and SystemC give the same CSV and the same JSON; the JSON equals the
// run's without --waits but for its head_waits object, whose totals are the CSV's input rows'.
TEST(CliWaits, SameCountsOnEveryEngineAndTheJsonOtherwiseUnchanged) {
  const std::string base = std::string(NETCOSIM_SOURCE_DIR) + H2 + " --quiet";
  const std::string plain = tmp("plain.json");
  ASSERT_EQ(run_cli("run " + base + " --json " + plain).status, 0);
  const auto [csvs, jsons] = run_every_engine(base, "");
  ASSERT_FALSE(HasFailure());
  EXPECT_TRUE(netcosim::test::valid_run_json(jsons));
  const std::string csv = read_file(csvs[0]);
  EXPECT_EQ(csv, read_file(csvs[1]));
  EXPECT_EQ(csv, read_file(csvs[2]));
  nlohmann::json with = netcosim::test::comparable(jsons[0]);
  for (size_t i = 1; i < jsons.size(); ++i)
    EXPECT_EQ(with, netcosim::test::comparable(jsons[i])) << jsons[i];
  ASSERT_TRUE(with.contains("head_waits"));
  const nlohmann::json hw = with["head_waits"];
  EXPECT_EQ(hw["cycles_start"], 200);
  EXPECT_EQ(hw["cycles_end"], 700);
  const auto totals = input_totals(csv);
  for (const char* cls : {"injection", "local", "global"})
    for (const char* r :
         {"input_busy", "output_room", "credits", "reply_gate", "lost", "granted"}) {
      const auto c = totals.find(cls);
      const uint64_t from_csv = c == totals.end() || c->second.count(r) == 0 ? 0 : c->second.at(r);
      EXPECT_EQ(hw["by_input_class"][cls][r].get<uint64_t>(), from_csv) << cls << " " << r;
    }
  // Saturated: the injection heads wait for credits and lose arbitrations; packets are granted.
  EXPECT_GT(hw["by_input_class"]["injection"]["credits"].get<uint64_t>(), 0u);
  EXPECT_GT(hw["by_input_class"]["injection"]["lost"].get<uint64_t>(), 0u);
  EXPECT_GT(hw["by_input_class"]["global"]["granted"].get<uint64_t>(), 0u);
  with.erase("head_waits");
  EXPECT_EQ(with, netcosim::test::comparable(plain));
}

// The IB and OPA switches (docs/model.md "The switches' stages"): the OPA and IB Ch. 5 4-ary
// 3-trees (their load 0.5735) give the same CSV and JSON on native, native on 2 threads and
// SystemC; the JSON equals the run's without --waits but for head_waits, whose totals per stage are
// the CSV's and whose per-SL means are the CSV's waiting head-cycles over the SL's packets.
TEST(CliWaits, SwitchesCountTheSameOnEveryEngine) {
  for (const char* arch : {"opa", "ib"}) {
    const std::string base = std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos-ch5-" + arch +
                             "-fattree-4-3.ini --set sim.warmup=200 --set sim.measure=300 --quiet";
    const std::string plain = tmp(std::string(arch) + "_plain.json");
    ASSERT_EQ(run_cli("run " + base + " --json " + plain).status, 0);
    const auto [csvs, jsons] = run_every_engine(base, arch);
    ASSERT_FALSE(HasFailure());
    EXPECT_TRUE(netcosim::test::valid_run_json(jsons));
    const std::string csv = read_file(csvs[0]);
    EXPECT_EQ(csv, read_file(csvs[1])) << arch;
    EXPECT_EQ(csv, read_file(csvs[2])) << arch;
    nlohmann::json with = netcosim::test::comparable(jsons[0]);
    for (size_t i = 1; i < jsons.size(); ++i)
      EXPECT_EQ(with, netcosim::test::comparable(jsons[i])) << jsons[i];
    ASSERT_TRUE(with.contains("head_waits"));
    const nlohmann::json hw = with["head_waits"];
    EXPECT_EQ(hw["cycles_start"], 200);
    EXPECT_EQ(hw["cycles_end"], 500);
    // The CSV's totals per stage and reason, and per SL and stage its waiting head-cycles.
    std::map<std::string, std::map<std::string, uint64_t>> totals;
    std::map<std::string, std::map<std::string, uint64_t>> waiting;
    std::istringstream is(csv);
    std::string line;
    std::getline(is, line);
    EXPECT_EQ(line, "router,stage,sl,vl,reason,head_cycles");
    while (std::getline(is, line)) {
      std::vector<std::string> f;
      std::stringstream ls(line);
      for (std::string x; std::getline(ls, x, ',');) f.push_back(x);
      ASSERT_EQ(f.size(), 6u) << line;
      totals[f[1]][f[4]] += std::stoull(f[5]);
      if (f[4] != "granted") waiting[f[2]][f[1]] += std::stoull(f[5]);
    }
    const bool opa = std::string(arch) == "opa";
    EXPECT_EQ(hw["by_stage"].contains("central"), opa);
    for (const auto& [stage, reasons] : hw["by_stage"].items())
      for (const auto& [reason, n] : reasons.items())
        EXPECT_EQ(n.get<uint64_t>(), totals[stage][reason])
            << arch << " " << stage << " " << reason;
    for (const auto& [stage, reasons] : totals)
      for (const auto& [reason, n] : reasons)
        EXPECT_EQ(hw["by_stage"][stage][reason].get<uint64_t>(), n) << stage << " " << reason;
    for (const auto& sl : hw["per_sl"]) {
      const double packets = sl["packets"].get<double>();
      ASSERT_GT(packets, 0) << arch;
      for (const char* stage : {"input", "central", "output"}) {
        if (!opa && std::string(stage) == "central") continue;
        EXPECT_DOUBLE_EQ(sl[std::string(stage) + "_wait"].get<double>(),
                         double(waiting[sl["name"].get<std::string>()][stage]) / packets)
            << arch << " " << sl["name"] << " " << stage;
      }
    }
    // Under load the output heads wait for their links, and every stage grants packets.
    EXPECT_GT(hw["by_stage"]["output"]["link_busy"].get<uint64_t>(), 0u);
    EXPECT_GT(hw["by_stage"]["input"]["granted"].get<uint64_t>(), 0u);
    with.erase("head_waits");
    EXPECT_EQ(with, netcosim::test::comparable(plain)) << arch;
  }
}

TEST(CliWaits, BadInputIsRefusedNamingTheFlag) {
  const std::string base = std::string(NETCOSIM_SOURCE_DIR) + H2 + " --quiet";
  for (const std::string& args :
       {base + " --waits /nonexistent-dir/w.csv", base + " --waits=",
        std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos-ch4-ib-fattree-4-2.ini --quiet --waits " +
            tmp("ib.csv") + " --set qos.atomic_messages=true",
        std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos-ch4-ib-fattree-4-2.ini --quiet --waits " +
            tmp("ib2.csv") + " --set router.alloc_retry=3",
        std::string(NETCOSIM_SOURCE_DIR) + OPA + " --waits " + tmp("opa.csv") +
            " --set router.mport_xbar=shared",
        std::string(NETCOSIM_SOURCE_DIR) + OPA + " --waits " + tmp("opa2.csv") +
            " --set router.mport_xbar=shared_central",
        base + " --set sim.mode=batch --waits " + tmp("batch.csv"),
        base + " --rtl all --waits " + tmp("rtl.csv"), base + " --json - --waits -"}) {
    const auto o = run_cli("run " + args);
    EXPECT_EQ(o.status, 2) << args << "\n" << o.output;
    EXPECT_NE(o.err.find("--waits"), std::string::npos) << args << "\n" << o.err;
  }
}

}  // namespace
