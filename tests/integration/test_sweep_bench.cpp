// `netcosim sweep` and `netcosim bench` (docs/principles.md §8, docs/sweep.md,
// docs/performance.md): the real binary, real output files. The sweep's numbers are checked against
// direct `netcosim run` invocations (runs are deterministic for a configuration and seed) and
// against the saturation behaviour of MIN routing under uniform traffic on the h2 Dragonfly.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "test_util.h"

namespace {

using netcosim::test::Outcome;
Outcome run_netcosim(const std::string& args) {
  return netcosim::test::run_cli(args);
}

std::string read_text(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream is(s);
  while (std::getline(is, cur, sep)) out.push_back(cur);
  return out;
}

bool is_png(const std::string& path) {
  const std::string data = read_text(path);
  return data.size() > 8 && data.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0;
}

// ---- the sweep of the test: h2, MIN, uniform, loads 0.1..0.9, 2 seeds (run once per process) ----

const char* const kSweepSets = " --set sim.warmup=2000 --set sim.measure=4000";

struct CsvTable {
  std::vector<std::string> header;
  std::vector<std::vector<double>> rows;
  size_t col(const std::string& name) const {
    for (size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return i;
    ADD_FAILURE() << "results.csv has no column " << name;
    return 0;
  }
};

struct SweepRun {
  std::string dir;
  Outcome outcome;
  CsvTable csv;
};

const SweepRun& h2_sweep() {
  static const SweepRun run = [] {
    SweepRun r;
    // Named after the test that runs it: ctest runs each test in its own process, in parallel.
    r.dir = testing::TempDir() + "netcosim-sweep-h2-" +
            testing::UnitTest::GetInstance()->current_test_info()->name();
    std::filesystem::remove_all(r.dir);
    r.outcome = run_netcosim("sweep " + std::string(NETCOSIM_SOURCE_DIR) +
                             "/configs/dragonfly-h2.ini --loads 0.1:0.9:0.1 --seeds 2" +
                             kSweepSets + " --out " + r.dir);
    const auto lines = split(read_text(r.dir + "/results.csv"), '\n');
    if (!lines.empty()) r.csv.header = split(lines[0], ',');
    for (size_t i = 1; i < lines.size(); ++i) {
      if (lines[i].empty()) continue;
      std::vector<double> row;
      for (const auto& cell : split(lines[i], ','))
        row.push_back(std::strtod(cell.c_str(), nullptr));
      r.csv.rows.push_back(row);
    }
    return r;
  }();
  return run;
}

// Accepted load of one direct `netcosim run` of the sweep's configuration.
double direct_accepted(double load, int seed) {
  const std::string json = testing::TempDir() + "netcosim-sweep-direct-" +
                           testing::UnitTest::GetInstance()->current_test_info()->name() + ".json";
  char l[32];
  std::snprintf(l, sizeof l, "%g", load);
  const Outcome o = run_netcosim("run " + std::string(NETCOSIM_SOURCE_DIR) +
                                 "/configs/dragonfly-h2.ini --set traffic.load=" + l +
                                 " --set sim.seed=" + std::to_string(seed) + kSweepSets +
                                 " --quiet --json " + json);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(netcosim::test::valid_run_json(json));
  return netcosim::test::load_json(json).at("accepted_load").get<double>();
}

TEST(Sweep, WritesCsvWithOneRowPerLoad) {
  const SweepRun& s = h2_sweep();
  ASSERT_EQ(s.outcome.status, 0) << s.outcome.output;
  for (const char* name :
       {"offered_load", "accepted_load", "accepted_ci95", "latency_avg", "latency_ci95",
        "latency_p99", "network_latency_avg", "injection_latency_avg", "hops_avg",
        "misrouted_fraction", "jain", "seeds"})
    EXPECT_NE(std::find(s.csv.header.begin(), s.csv.header.end(), name), s.csv.header.end())
        << "missing column " << name;
  EXPECT_EQ(s.csv.header.front(), "offered_load");
  ASSERT_EQ(s.csv.rows.size(), 9u);
  for (size_t i = 0; i < 9; ++i) {
    const auto& row = s.csv.rows[i];
    ASSERT_EQ(row.size(), s.csv.header.size()) << "row " << i;
    EXPECT_NEAR(row[s.csv.col("offered_load")], 0.1 * static_cast<double>(i + 1), 1e-9);
    EXPECT_EQ(row[s.csv.col("seeds")], 2.0);
    EXPECT_GT(row[s.csv.col("latency_avg")], 100.0);       // > the 100-cycle global link
    EXPECT_GE(row[s.csv.col("accepted_ci95")], 0.0);       // two seeds: a finite interval
    EXPECT_EQ(row[s.csv.col("misrouted_fraction")], 0.0);  // MIN never misroutes
  }
  // Below saturation the network accepts what is offered.
  for (size_t i = 0; i < 3; ++i) {
    const double offered = s.csv.rows[i][s.csv.col("offered_load")];
    EXPECT_NEAR(s.csv.rows[i][s.csv.col("accepted_load")], offered, 0.03 * offered) << offered;
  }
  EXPECT_NEAR(s.csv.rows[2][s.csv.col("accepted_load")], 0.3, 0.02 * 0.3);

  // points.jsonl: every (load, seed) run's netcosim.run/1 JSON, one per line, each valid against
  // the schema; every (load, seed) pair exactly once.
  EXPECT_TRUE(netcosim::test::valid_run_json(s.dir + "/points.jsonl"));
  const auto points = split(read_text(s.dir + "/points.jsonl"), '\n');
  ASSERT_EQ(points.size(), 18u);
  std::set<std::pair<long, long>> seen;
  for (const auto& p : points) {
    const nlohmann::json j = nlohmann::json::parse(p);
    EXPECT_EQ(j.at("schema"), "netcosim.run/1");
    const long load10 = std::lround(j.at("config").at("traffic").at("load").get<double>() * 10);
    seen.insert({load10, j.at("config").at("sim").at("seed").get<long>()});
  }
  EXPECT_EQ(seen.size(), 18u);
  EXPECT_EQ(seen.begin()->first, 1);
  EXPECT_EQ(seen.rbegin()->first, 9);
}

// |csv - exact| within half a unit of the 6th significant digit (the CSV writes %.6g), plus the
// JSON's own rounding (%.12g per value).
bool equal_to_6_digits(double csv, double exact) {
  if (exact == 0) return csv == 0;
  const double unit = std::pow(10.0, std::floor(std::log10(std::fabs(exact))) - 5);
  return std::fabs(csv - exact) <= 0.5 * unit * (1 + 1e-9) + 1e-11 * std::fabs(exact);
}

// results.csv recomputed from the runs it aggregates (points.jsonl): 3 loads x 3 seeds. Means,
// maxima and sums are compared exactly (up to the CSV's 6 significant digits). The 95% CI
// half-width is t(0.975, n-1) * s / sqrt(n) with s the sample standard deviation and the exact
// Student-t quantile (Boost.Math); it is compared with 2e-3 relative tolerance because the sweep
// may use a tabulated or Cornish-Fisher quantile (t(0.975, 2) = 4.303 tabulated vs 4.302653
// exact: 8e-5 relative) -- a wrong formula (n instead of n-1, the normal 1.96, no sqrt(n)) is off
// by 20% or more.
TEST(Sweep, CsvColumnsRecomputedFromTheRuns) {
  const std::string dir = testing::TempDir() + "netcosim-sweep-recompute";
  std::filesystem::remove_all(dir);
  const Outcome o = run_netcosim("sweep " + std::string(NETCOSIM_SOURCE_DIR) +
                                 "/configs/dragonfly-h2.ini --loads 0.2:0.6:0.2 --seeds 3"
                                 " --set sim.warmup=1000 --set sim.measure=2000 --out " +
                                 dir);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(netcosim::test::valid_run_json(dir + "/points.jsonl"));
  // Group the runs by offered load.
  std::map<long, std::vector<nlohmann::json>> by_load;
  std::set<long> seeds;
  for (const auto& line : split(read_text(dir + "/points.jsonl"), '\n')) {
    if (line.empty()) continue;
    const nlohmann::json j = nlohmann::json::parse(line);
    by_load[std::lround(j.at("offered_load").get<double>() * 10)].push_back(j);
    seeds.insert(j.at("config").at("sim").at("seed").get<long>());
  }
  EXPECT_EQ(seeds, (std::set<long>{1, 2, 3}));
  ASSERT_EQ(by_load.size(), 3u);

  const auto lines = split(read_text(dir + "/results.csv"), '\n');
  ASSERT_GE(lines.size(), 4u);
  const std::vector<std::string> header = split(lines[0], ',');
  EXPECT_EQ(header, (std::vector<std::string>{"offered_load",
                                              "accepted_load",
                                              "accepted_ci95",
                                              "latency_avg",
                                              "latency_ci95",
                                              "latency_p50",
                                              "latency_p99",
                                              "latency_max",
                                              "network_latency_avg",
                                              "injection_latency_avg",
                                              "hops_avg",
                                              "misrouted_fraction",
                                              "jain",
                                              "nonminimal_fraction",
                                              "global_misrouted_fraction",
                                              "local_misrouted_fraction",
                                              "accepted_misrouted_injection",
                                              "accepted_misrouted_source_group",
                                              "accepted_misrouted_intermediate_group",
                                              "accepted_misrouted_destination_group",
                                              "packets_measured",
                                              "seeds"}));
  const auto col = [&](const std::string& name) {
    return static_cast<size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  const boost::math::students_t t2(2.0);
  const double t975 = boost::math::quantile(boost::math::complement(t2, 0.025));
  size_t rows = 0;
  for (size_t i = 1; i < lines.size(); ++i) {
    if (lines[i].empty()) continue;
    ++rows;
    std::vector<double> row;
    for (const auto& cell : split(lines[i], ',')) row.push_back(std::strtod(cell.c_str(), nullptr));
    ASSERT_EQ(row.size(), header.size());
    const long load10 = std::lround(row[col("offered_load")] * 10);
    ASSERT_EQ(by_load.count(load10), 1u) << lines[i];
    const auto& runs = by_load[load10];
    ASSERT_EQ(runs.size(), 3u);
    EXPECT_EQ(row[col("seeds")], 3.0);
    const auto values = [&](const char* key) {
      std::vector<double> v;
      for (const auto& r : runs) v.push_back(r.at(key).get<double>());
      return v;
    };
    const auto mean = [](const std::vector<double>& v) {
      double s = 0;
      for (double x : v) s += x;
      return s / double(v.size());
    };
    for (const char* key :
         {"accepted_load", "latency_avg", "latency_p50", "latency_p99", "network_latency_avg",
          "injection_latency_avg", "hops_avg", "misrouted_fraction", "nonminimal_fraction",
          "global_misrouted_fraction", "local_misrouted_fraction", "accepted_misrouted_injection",
          "accepted_misrouted_source_group", "accepted_misrouted_intermediate_group",
          "accepted_misrouted_destination_group"})
      EXPECT_PRED2(equal_to_6_digits, row[col(key)], mean(values(key))) << key << " " << lines[i];
    std::vector<double> jain;
    for (const auto& r : runs) jain.push_back(r.at("fairness").at("jain").get<double>());
    EXPECT_PRED2(equal_to_6_digits, row[col("jain")], mean(jain)) << lines[i];
    const auto lmax = values("latency_max");
    EXPECT_EQ(row[col("latency_max")], *std::max_element(lmax.begin(), lmax.end())) << lines[i];
    const auto measured = values("packets_measured");
    EXPECT_EQ(row[col("packets_measured")], measured[0] + measured[1] + measured[2]) << lines[i];
    for (const char* key : {"accepted_load", "latency_avg"}) {
      const auto v = values(key);
      const double m = mean(v);
      double ss = 0;
      for (double x : v) ss += (x - m) * (x - m);
      const double half = t975 * std::sqrt(ss / 2.0) / std::sqrt(3.0);
      const std::string ci =
          std::string(key == std::string("accepted_load") ? "accepted" : "latency") + "_ci95";
      EXPECT_NEAR(row[col(ci)], half, 2e-3 * half + 1e-12) << ci << " " << lines[i];
      EXPECT_GT(half, 0) << key << ": three seeds give three different results";
    }
  }
  EXPECT_EQ(rows, 3u);
}

TEST(Sweep, WritesPngPlots) {
  const SweepRun& s = h2_sweep();
  ASSERT_EQ(s.outcome.status, 0) << s.outcome.output;
  // gnuplot is a declared dependency (Makefile PACKAGES): the plots are required.
  EXPECT_TRUE(is_png(s.dir + "/latency.png")) << s.outcome.output;
  EXPECT_TRUE(is_png(s.dir + "/throughput.png")) << s.outcome.output;
}

TEST(Sweep, SaturationOfMinUniformOnH2) {
  const SweepRun& s = h2_sweep();
  ASSERT_EQ(s.outcome.status, 0) << s.outcome.output;
  ASSERT_EQ(s.csv.rows.size(), 9u);
  const size_t off = s.csv.col("offered_load"), acc = s.csv.col("accepted_load");
  // Saturation point: the lowest offered load whose accepted load is below 95% of it.
  int sat = -1;
  for (size_t i = 0; i < s.csv.rows.size() && sat < 0; ++i)
    if (s.csv.rows[i][acc] < 0.95 * s.csv.rows[i][off]) sat = static_cast<int>(i);
  ASSERT_GE(sat, 0) << "MIN/uniform on h2 must saturate below load 0.9";
  const double sat_load = s.csv.rows[sat][off];
  // Measured: accepted 0.70 at 0.7 and 0.79 at 0.8, then 0.805 at 0.9 (about 0.81
  // phits/(node*cycle) is where MIN saturates on this network): the point is 0.9; 0.7 and 0.8 leave
  // room.
  EXPECT_GE(sat_load, 0.7 - 1e-9);
  EXPECT_LE(sat_load, 0.9 + 1e-9);
  EXPECT_GE(s.csv.rows[sat - 1][acc], 0.95 * s.csv.rows[sat - 1][off]);

  // The same value in saturation.txt, summary.json and on stdout.
  char text[64];
  std::snprintf(text, sizeof text, "saturation point: %g", sat_load);
  EXPECT_NE(read_text(s.dir + "/saturation.txt").find(text), std::string::npos)
      << read_text(s.dir + "/saturation.txt");
  EXPECT_NE(s.outcome.output.find(text), std::string::npos) << s.outcome.output;
  const nlohmann::json summary = netcosim::test::load_json(s.dir + "/summary.json");
  const nlohmann::json& saturation = summary.at("saturation");
  EXPECT_NEAR(saturation.at("point").get<double>(), sat_load, 1e-9) << summary.dump();
  // Saturation throughput: the maximum seed-averaged accepted load.
  double max_acc = 0;
  for (const auto& row : s.csv.rows) max_acc = std::max(max_acc, row[acc]);
  EXPECT_NEAR(saturation.at("throughput").get<double>(), max_acc, 1e-5);
  EXPECT_EQ(summary.at("rows").size(), s.csv.rows.size());
  EXPECT_GT(max_acc, 0.7);
  EXPECT_LT(max_acc, 0.9);

  // Direct runs at the saturation point, with the sweep's seeds 1 and 2, give the same numbers
  // (deterministic) and an average below 95% of the offered load; one load lower is above it.
  const double a1 = direct_accepted(sat_load, 1), a2 = direct_accepted(sat_load, 2);
  EXPECT_NEAR((a1 + a2) / 2, s.csv.rows[sat][acc], 1e-5);
  EXPECT_LT((a1 + a2) / 2, 0.95 * sat_load);
  const double below = s.csv.rows[sat - 1][off];
  const double b1 = direct_accepted(below, 1), b2 = direct_accepted(below, 2);
  EXPECT_NEAR((b1 + b2) / 2, s.csv.rows[sat - 1][acc], 1e-5);
  EXPECT_GE((b1 + b2) / 2, 0.95 * below);
}

TEST(Sweep, BadLoadRangesAreUsageErrors) {
  const std::string cfg = std::string(NETCOSIM_SOURCE_DIR) + "/configs/dragonfly-h2.ini";
  const std::string out = " --out " + testing::TempDir() + "netcosim-sweep-bad";
  struct Case {
    const char* loads;
    const char* expect;  // the message names the value and what is allowed
  };
  for (const Case& c : {Case{"0.1:1.5:0.1", "TO=1.5"}, Case{"0.1:1.5:0.1", "[0, 1]"},
                        Case{"-0.2:0.5:0.1", "FROM=-0.2"}, Case{"0.6:0.2:0.1", "FROM=0.6"},
                        Case{"0.6:0.2:0.1", "FROM must be <= TO"}, Case{"0.1:0.5:0", "STEP=0"},
                        Case{"0.1:0.5:0", "> 0"}, Case{"0.1:0.5:-0.1", "STEP=-0.1"},
                        Case{"0.1:0.5", "FROM:TO:STEP"}, Case{"x:0.5:0.1", "'x'"}}) {
    const Outcome o = run_netcosim("sweep " + cfg + " --loads " + c.loads + out);
    EXPECT_EQ(o.status, 2) << c.loads << "\n" << o.output;
    EXPECT_NE(o.output.find(c.loads), std::string::npos) << c.loads << "\n" << o.output;
    EXPECT_NE(o.output.find(c.expect), std::string::npos) << c.loads << "\n" << o.output;
  }
  EXPECT_EQ(run_netcosim("sweep " + cfg + out).status, 2);  // --loads is required
  const Outcome key =
      run_netcosim("sweep " + cfg + " --loads 0.1:0.2:0.1 --set router.colour=red" + out);
  EXPECT_EQ(key.status, 2);
  EXPECT_NE(key.output.find("router.colour"), std::string::npos) << key.output;
  EXPECT_EQ(run_netcosim("sweep " + cfg + " --loads 0.1:0.2:0.1 --seeds 0" + out).status, 2);
}

// ---- bench ----

TEST(Bench, QuickSuiteWritesJsonRows) {
  const std::string json = testing::TempDir() + "netcosim-bench.json";
  std::remove(json.c_str());
  const Outcome o = run_netcosim("bench --quick --json " + json);
  ASSERT_EQ(o.status, 0) << o.output;
  const nlohmann::json rows = netcosim::test::load_json(json);
  ASSERT_TRUE(rows.is_array()) << rows.dump();
  // {h2, h4} x {uniform/MIN, ADV+1/VAL} x (native x threads {1, 2} + systemc x 1 thread)
  ASSERT_EQ(rows.size(), 12u) << rows.dump();
  double peak_h2 = 0, peak_h4 = 0;
  for (const char* net : {"h2", "h4"})
    for (const char* traffic : {"uniform", "adv+1"})
      for (const auto& [engine, threads] :
           {std::pair<std::string, int>{"native", 1}, {"native", 2}, {"systemc", 1}}) {
        int found = 0;
        for (const auto& r : rows) {
          if (r.at("network") != net || r.at("traffic") != traffic || r.at("threads") != threads ||
              r.at("engine") != engine)
            continue;
          ++found;
          EXPECT_EQ(r.at("routing"), std::string(traffic) == "uniform" ? "min" : "val");
          for (const char* key : {"cycles", "cycles_per_second", "packet_hops_per_second",
                                  "wall_seconds", "peak_rss_mb"})
            EXPECT_GT(r.at(key).get<double>(), 0) << key << " " << r.dump();
          EXPECT_TRUE(r.at("cycles").is_number_unsigned()) << r.dump();
          double& peak = std::string(net) == "h2" ? peak_h2 : peak_h4;
          peak = std::max(peak, r.at("peak_rss_mb").get<double>());
        }
        EXPECT_EQ(found, 1) << net << " " << traffic << " " << engine << " " << threads;
      }
  // Each point runs in its own process, so its peak memory is its own network's (h4 has 7x the
  // routers of h2).
  EXPECT_LT(peak_h2, peak_h4);
  // The table on stdout.
  EXPECT_NE(o.output.find("packet-hops/s"), std::string::npos) << o.output;
  EXPECT_EQ(o.output.find("h8"), std::string::npos) << "--quick runs h2 and h4 only";
}

TEST(Bench, BadThreadList) {
  const Outcome o = run_netcosim("bench --quick --threads 1,0");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("1,0"), std::string::npos) << o.output;
}

}  // namespace
