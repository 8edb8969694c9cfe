// `netcosim sweep` with named curves (docs/sweep.md "Curves"): a tiny 2-curve sweep on the h2
// Dragonfly, its CSV rows against direct `netcosim run`s of each curve's configuration, the
// per-curve files and both plots with the curve names as legend; the same curves from a
// [curves] section; `netcosim run` refusing a [curves] section; bad curves exit 2 before any run.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "test_util.h"

namespace {

using netcosim::test::CliResult;
using netcosim::test::load_json;
using netcosim::test::read_file;
using netcosim::test::run_netcosim;

const std::string kH2 = std::string(NETCOSIM_SOURCE_DIR) + "/configs/dragonfly-h2.ini";
const std::vector<std::string> kShort = {"--set", "sim.warmup=200", "--set", "sim.measure=400"};
const char* const kMin = "routing.algorithm=min";
const char* const kVal = "routing.algorithm=val router.vcs_local=4 router.vcs_global=2";

std::string out_dir(const std::string& name) {
  const std::string dir = testing::TempDir() + "netcosim-curves-" + name;
  std::filesystem::remove_all(dir);
  return dir;
}

CliResult sweep(const std::string& config, const std::string& dir,
                const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"sweep", config, "--loads", "0.1:0.2:0.1", "--out", dir};
  args.insert(args.end(), kShort.begin(), kShort.end());
  args.insert(args.end(), extra.begin(), extra.end());
  return run_netcosim(args);
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream is(text);
  for (std::string l; std::getline(is, l);) out.push_back(l);
  return out;
}

// One direct run: its JSON.
nlohmann::json direct_run(const std::string& overrides, double load) {
  const std::string json = testing::TempDir() + "netcosim-curves-direct.json";
  std::vector<std::string> args = {"run", kH2, "--quiet", "--json", json};
  args.insert(args.end(), kShort.begin(), kShort.end());
  std::istringstream is(overrides);
  for (std::string kv; is >> kv;) args.insert(args.end(), {"--set", kv});
  char l[32];
  std::snprintf(l, sizeof l, "traffic.load=%g", load);
  args.insert(args.end(), {"--set", l});
  const CliResult r = run_netcosim(args);
  EXPECT_EQ(r.status, 0) << r.output;
  return load_json(json);
}

std::string g6(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.6g", v);
  return b;
}

TEST(SweepCurves, TwoCurvesGiveOneRowPerCurveAndLoadAndOneLineEachOnBothPlots) {
  const std::string dir = out_dir("two");
  const CliResult r = sweep(kH2, dir,
                            {"--curve", std::string("MIN: ") + kMin, "--curve",
                             std::string("VAL: ") + kVal, "--jobs", "2"});
  ASSERT_EQ(r.status, 0) << r.output;
  const auto csv = lines(read_file(dir + "/results.csv"));
  ASSERT_EQ(csv.size(), 5u) << read_file(dir + "/results.csv");
  EXPECT_EQ(csv[0].rfind("curve,offered_load,accepted_load,accepted_ci95,latency_avg,", 0), 0u)
      << csv[0];
  // Each row: the curve, the load, then the accepted load and latency of the direct run of the
  // curve's configuration at that load (one seed: sim.seed of the file).
  const struct {
    const char* name;
    const char* overrides;
    double load;
  } rows[] = {{"MIN", kMin, 0.1}, {"MIN", kMin, 0.2}, {"VAL", kVal, 0.1}, {"VAL", kVal, 0.2}};
  for (size_t i = 0; i < 4; ++i) {
    const nlohmann::json run = direct_run(rows[i].overrides, rows[i].load);
    const std::string expect = std::string(rows[i].name) + "," + g6(rows[i].load) + "," +
                               g6(run.at("accepted_load").get<double>()) + ",nan," +
                               g6(run.at("latency_avg").get<double>()) + ",nan,";
    EXPECT_EQ(csv[i + 1].rfind(expect, 0), 0u) << csv[i + 1] << "\nexpected " << expect;
  }
  // points.jsonl: one record per point, curve-major, each naming its curve.
  const auto points = lines(read_file(dir + "/points.jsonl"));
  ASSERT_EQ(points.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    const auto doc = nlohmann::json::parse(points[i]);
    EXPECT_EQ(doc.at("curve"), rows[i].name);
    EXPECT_EQ(doc.at("config").at("routing").at("algorithm"), i < 2 ? "min" : "val");
  }
  EXPECT_TRUE(netcosim::test::valid_run_json(dir + "/points.jsonl"));
  // summary.json and saturation.txt: per curve.
  const nlohmann::json summary = load_json(dir + "/summary.json");
  EXPECT_EQ(summary.at("schema"), "netcosim.sweep-curves/1");
  ASSERT_EQ(summary.at("curves").size(), 2u);
  EXPECT_EQ(summary["curves"][1]["name"], "VAL");
  EXPECT_EQ(summary["curves"][1]["overrides"],
            nlohmann::json::array(
                {"routing.algorithm=val", "router.vcs_local=4", "router.vcs_global=2"}));
  const auto sat = lines(read_file(dir + "/saturation.txt"));
  ASSERT_EQ(sat.size(), 4u);
  EXPECT_EQ(sat[0].rfind("MIN: saturation throughput: ", 0), 0u) << sat[0];
  EXPECT_EQ(sat[3].rfind("VAL: saturation point: ", 0), 0u) << sat[3];
  // Both plots exist; plots.gp draws one line per curve, titled with its name, on each.
  for (const char* png : {"/latency.png", "/throughput.png"}) {
    const std::string data = read_file(dir + png);
    EXPECT_EQ(data.compare(0, 8, "\x89PNG\r\n\x1a\n"), 0) << png << "\n" << r.output;
  }
  const std::string gp = read_file(dir + "/plots.gp");
  for (const char* title : {"title 'MIN' noenhanced", "title 'VAL' noenhanced"}) {
    size_t n = 0;
    for (size_t p = gp.find(title); p != std::string::npos; p = gp.find(title, p + 1)) ++n;
    EXPECT_EQ(n, 2u) << title << "\n" << gp;
  }
  EXPECT_NE(gp.find("every ::2::3 using 2:5 "), std::string::npos) << gp;  // VAL's latency rows
}

TEST(SweepCurves, CurvesSectionGivesTheSameRowsAsCurveOptions) {
  const std::string config = testing::TempDir() + "netcosim-curves-section.ini";
  std::ofstream(config) << read_file(kH2) << "\n[curves]\nMIN = " << kMin << "\nVAL = " << kVal
                        << "  # Valiant\n";
  const std::string a = out_dir("section"), b = out_dir("options");
  const CliResult ra = sweep(config, a, {"--jobs", "1"});
  ASSERT_EQ(ra.status, 0) << ra.output;
  const CliResult rb = sweep(kH2, b,
                             {"--curve", std::string("MIN: ") + kMin, "--curve",
                              std::string("VAL: ") + kVal, "--jobs", "2"});
  ASSERT_EQ(rb.status, 0) << rb.output;
  EXPECT_EQ(read_file(a + "/results.csv"), read_file(b + "/results.csv"));
  EXPECT_EQ(read_file(a + "/saturation.txt"), read_file(b + "/saturation.txt"));
  // `netcosim run` does not ignore the section: it refuses it.
  const CliResult run = run_netcosim({"run", config, "--quiet"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("the [curves] section is read only by `netcosim sweep`"),
            std::string::npos)
      << run.err;
  // Both at once: exit status 2 before any run.
  const std::string c = out_dir("both");
  const CliResult both = sweep(config, c, {"--curve", "X: sim.seed=2"});
  EXPECT_EQ(both.status, 2);
  EXPECT_NE(both.err.find("--curve is given and " + config), std::string::npos) << both.err;
  EXPECT_FALSE(std::filesystem::exists(c + "/results.csv"));
}

TEST(SweepCurves, BadCurvesExitTwoNamingTheCurveBeforeAnyRun) {
  const std::string dir = out_dir("bad");
  const struct {
    const char* curve;
    const char* message;
  } cases[] = {
      {"X: routing.algorithm=foo", "curve 'X': routing.algorithm=foo: allowed values are "},
      {"VAL: routing.algorithm=val", "curve 'VAL': routing.algorithm=val needs"},
      {"X: traffic.load=0.5", "curve 'X' sets traffic.load; the sweep sets it"},
      {"X routing.algorithm=min", "expected NAME: section.key=value"},
  };
  for (const auto& c : cases) {
    const CliResult r = sweep(kH2, dir, {"--curve", "MIN: sim.seed=3", "--curve", c.curve});
    EXPECT_EQ(r.status, 2) << c.curve << "\n" << r.output;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.curve << "\n" << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir + "/results.csv")) << c.curve;
  }
  const CliResult dup = sweep(kH2, dir, {"--curve", "A:", "--curve", "A: sim.seed=2"});
  EXPECT_EQ(dup.status, 2);
  EXPECT_NE(dup.err.find("duplicate curve name 'A'"), std::string::npos) << dup.err;
}

}  // namespace
