// `netcosim qos` (sim/cli/qos_cmd.cpp, sim/qos/, docs/qos.md) through the binary: thesis 003's
// Table 5.4 designed and written as a table file that `qos check` reads back; Table 6.1's
// configuration A through the analyser (SL3 = 8.57%); bad input is exit 2 naming the SL and the
// bound, and leaves no output file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/integration/cli_runner.h"
#include "tests/test_files.h"

namespace {

namespace fs = std::filesystem;
using netcosim::test::run_netcosim;
using Args = std::vector<std::string>;

const std::string kSrc = NETCOSIM_SOURCE_DIR;

Args table_5_4(Args extra = {}) {
  Args a = {"qos",       "dtable",
            "--entries", "64",
            "--gmtu",    "32",
            "--w",       "3",
            "--k",       "0.5",
            "--sl",      "NC:distance=2,mtu=3,phi=0.094",
            "--sl",      "VO:distance=4,mtu=2,phi=0.164",
            "--sl",      "VI:distance=8,mtu=32,phi=0.3",
            "--sl",      "CL:distance=16,mtu=32,phi=0.35",
            "--sl",      "EE:distance=32,mtu=16,phi=0.04",
            "--sl",      "BE:distance=64,mtu=16,phi=0.036",
            "--sl",      "BK:distance=64,mtu=16,phi=0.016"};
  a.insert(a.end(), extra.begin(), extra.end());
  return a;
}

TEST(CliQos, Table54DesignedWrittenAndCheckedBack) {
  const std::string dir = netcosim::test::fresh_dir("qos-");
  const std::string table = dir + "/t54.json", report = dir + "/t54-report.json",
                    csv = dir + "/t54.csv";
  const auto r =
      run_netcosim(table_5_4({"--target", "ib", "--table", table, "--json", report, "--csv", csv}));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.out.find("total: 1072 before the correction, 1073 after"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("3    CL        16      4  6.250%    32    0.125    0.375     0.35        "
                       "90    360  0.33582      +15    93-94      375  0.34949"),
            std::string::npos)
      << r.out;
  const auto j = nlohmann::json::parse(netcosim::test::read_text(report));
  EXPECT_EQ(j["schema"], "netcosim.qos-dtable/1");
  EXPECT_EQ(j["total_weight"], 1073);
  EXPECT_EQ(j["sls"][0]["dweight"], -27);
  EXPECT_EQ(j["table"].size(), 64u);
  const auto c = run_netcosim({"qos", "check", table});
  ASSERT_EQ(c.status, 0) << c.output;
  EXPECT_NE(c.out.find("DTable (IB): 64 entries, total weight 1073"), std::string::npos) << c.out;
  EXPECT_NE(c.out.find("3    CL          32        4     93     94  34.9487%       16"),
            std::string::npos)
      << c.out;
  // The CSV is the analyser's input (the IB mapping's high-priority table is the DTable).
  const auto a = run_netcosim({"qos", "ib-analyse", "--high", csv, "--limit", "255"});
  ASSERT_EQ(a.status, 0) << a.output;
  EXPECT_NE(a.out.find("3          4      375       0        0        11250    34.95%"),
            std::string::npos)
      << a.out;
}

TEST(CliQos, Table61ConfigurationAThroughTheAnalyser) {
  const std::string dir = netcosim::test::fresh_dir("qos-");
  const auto r =
      run_netcosim({"qos", "ib-analyse", "--high", kSrc + "/configs/qos/table6_1_a_high.csv",
                    "--low", kSrc + "/configs/qos/table6_1_a_low.csv", "--runs", "300", "--json",
                    dir + "/a.json", "--table", dir + "/a-table.json"});
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.out.find("3          0        0       1        6        14844     8.57%"),
            std::string::npos)
      << r.out;
  const auto j = nlohmann::json::parse(netcosim::test::read_text(dir + "/a.json"));
  EXPECT_EQ(j["vls"][3]["packets"], 14844);
  EXPECT_EQ(j["packets"], 173244);
  const auto c = run_netcosim({"qos", "check", dir + "/a-table.json"});
  EXPECT_EQ(c.status, 0) << c.output;
}

TEST(CliQos, BadInputNamesTheSlAndTheBoundAndWritesNothing) {
  const std::string dir = netcosim::test::fresh_dir("qos-");
  const std::string table = dir + "/t.json";
  // A share below min phi (its entries would be below its MTU).
  Args a = table_5_4({"--table", table});
  a[11] = "NC:distance=2,mtu=3,phi=0.09";
  a[23] = "BK:distance=64,mtu=16,phi=0.02";
  auto r = run_netcosim(a);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("netcosim qos dtable: SL NC: share 0.09 is below min phi = 0.09375"),
            std::string::npos)
      << r.err;
  // A share above max phi.
  a = table_5_4({"--table", table});
  a[17] = "CL:distance=16,mtu=32,phi=0.38";
  a[15] = "VI:distance=8,mtu=32,phi=0.27";
  r = run_netcosim(a);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("SL CL: share 0.38 is above max phi = 0.375"), std::string::npos) << r.err;
  // IB: an entry weight above the 8-bit field.
  r = run_netcosim({"qos", "dtable", "--entries", "64", "--gmtu", "32", "--w", "32", "--k", "1",
                    "--target", "ib", "--sl", "A:distance=2,mtu=1,phi=0.5", "--sl",
                    "B:distance=64,mtu=16,phi=0.5", "--table", table});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("SL B: entry weight 1024 exceeds 255, the 8-bit weight of an IB table "
                       "entry"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(table));
  // The analyser's tables: a weight above 255 names the file, the line and the bound.
  const std::string hp = dir + "/hp.csv";
  {
    std::ofstream f(hp);
    f << "0,8\n1,256\n";
  }
  r = run_netcosim({"qos", "ib-analyse", "--high", hp});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(hp + ":2: weight 256 exceeds 255, the 8-bit weight of an IB table entry"),
            std::string::npos)
      << r.err;
  // A table file whose entry is below its SL's MTU.
  const std::string bad = dir + "/bad.json";
  {
    std::ofstream f(bad);
    f << R"({"schema": "netcosim.qos-table/1", "scheduler": "dtable", "credit_bytes": 64,
             "target": "opa", "sls": [{"sl": 0, "name": "VI", "mtu": 4}],
             "entries": [{"sl": 0, "weight": 4}, {"sl": 0, "weight": 3}]})";
  }
  r = run_netcosim({"qos", "check", bad});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("entries[1]: SL VI weight 3 is below its MTU (4 credits)"),
            std::string::npos)
      << r.err;
}

TEST(CliQos, Usage) {
  auto r = run_netcosim({"qos"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("netcosim qos: a tool is required; allowed: dtable, ib-analyse, check"),
            std::string::npos);
  r = run_netcosim({"qos", "analyse"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown tool 'analyse'"), std::string::npos);
  r = run_netcosim({"qos", "dtable", "--gmtu", "32"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("netcosim qos dtable: --entries is required"), std::string::npos);
  r = run_netcosim({"qos", "ib-analyse", "--high", "x.csv", "--limit", "256"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--limit '256': allowed 0 to 255"), std::string::npos);
  r = run_netcosim({"qos", "check", "/nonexistent/t.json"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("cannot read '/nonexistent/t.json'"), std::string::npos);
  r = run_netcosim({"qos", "dtable", "--help"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("--sl SPEC"), std::string::npos);
}

}  // namespace
