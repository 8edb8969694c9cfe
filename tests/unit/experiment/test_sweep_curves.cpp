// The named curves of a sweep (sim/experiment/sweep.h, docs/sweep.md "Curves"): parsing of
// --curve and [curves] lines with their exact error texts, the spec built from a file (curve
// overrides on top of the file and --set, every curve validated before a run), the exact
// results.csv / points.jsonl / saturation.txt / summary.json content of two curves, and the
// independence of the points from the number of threads.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <functional>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "sim/config/config.h"
#include "sim/experiment/sweep.h"

namespace {

using namespace netcosim::experiment;
using netcosim::Config;
using netcosim::ConfigError;

// The message of the UsageError (or, with config = true, the ConfigError) f throws; "" if none.
std::string usage_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}
std::string config_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(SweepCurves, CurveOptionGivesNameAndOverridesInOrder) {
  const CurveDef c =
      parse_curve_option("  Base (th 6) :  routing.algorithm=olm\trouting.trigger=contention  ");
  EXPECT_EQ(c.name, "Base (th 6)");
  EXPECT_EQ(c.overrides,
            (std::vector<std::string>{"routing.algorithm=olm", "routing.trigger=contention"}));
  EXPECT_EQ(c.origin,
            "--curve '  Base (th 6) :  routing.algorithm=olm\trouting.trigger=contention  '");
  // A curve without overrides is the configuration of the file and the --sets.
  const CurveDef plain = parse_curve_option("MIN:");
  EXPECT_EQ(plain.name, "MIN");
  EXPECT_TRUE(plain.overrides.empty());
  // Every allowed character; exactly kMaxCurveNameChars characters.
  const std::string longest = "aZ09 _-+.()/*" + std::string(kMaxCurveNameChars - 13, 'x');
  EXPECT_EQ(parse_curve_option(longest + ": sim.seed=2").name, longest);
}

TEST(SweepCurves, BadCurveOptionsNameTheTextAndWhatIsAllowed) {
  auto err = [](const std::string& text) { return usage_error([&] { parse_curve_option(text); }); };
  EXPECT_EQ(err("OLM routing.algorithm=olm"),
            "--curve 'OLM routing.algorithm=olm': expected NAME: section.key=value ..., e.g. "
            "--curve 'OLM: routing.algorithm=olm'");
  EXPECT_EQ(err(" : routing.algorithm=olm"),
            "--curve ' : routing.algorithm=olm': the curve name is empty; expected NAME: "
            "section.key=value ...");
  const std::string allowed =
      "a curve name is 1 to 32 characters among letters, digits, space and _-+.()/*";
  EXPECT_EQ(err("A,B: sim.seed=2"), "--curve 'A,B: sim.seed=2': curve name 'A,B': " + allowed);
  EXPECT_EQ(err("say \"x\": sim.seed=2"),
            "--curve 'say \"x\": sim.seed=2': curve name 'say \"x\"': " + allowed);
  const std::string too_long(kMaxCurveNameChars + 1, 'n');
  EXPECT_EQ(err(too_long + ":"),
            "--curve '" + too_long + ":': curve name '" + too_long + "': " + allowed);
  EXPECT_EQ(err("OLM: routing.algorithm"),
            "--curve 'OLM: routing.algorithm': curve 'OLM': 'routing.algorithm' is not "
            "section.key=value");
  EXPECT_EQ(err("OLM: =olm"), "--curve 'OLM: =olm': curve 'OLM': '=olm' is not section.key=value");
  EXPECT_EQ(err("OLM: traffic.load=0.3"),
            "--curve 'OLM: traffic.load=0.3': curve 'OLM' sets traffic.load; the sweep sets it "
            "(use --loads FROM:TO:STEP)");
  EXPECT_EQ(err("OLM: routing.algorithm=olm routing.algorithm=min"),
            "--curve 'OLM: routing.algorithm=olm routing.algorithm=min': curve 'OLM' sets "
            "routing.algorithm twice");
}

TEST(SweepCurves, CurvesSectionLinesAreCheckedLikeOptionsWithTheirFileAndLine) {
  const CurveDef c =
      parse_curve_line({"VAL", "routing.algorithm=val router.vcs_local=4", "f.ini:7"});
  EXPECT_EQ(c.name, "VAL");
  EXPECT_EQ(c.overrides, (std::vector<std::string>{"routing.algorithm=val", "router.vcs_local=4"}));
  EXPECT_EQ(c.origin, "f.ini:7");
  EXPECT_EQ(usage_error([] {
              parse_curve_line({"Base", "routing.algorithm=olm x", "f.ini:8"});
            }),
            "f.ini:8: curve 'Base': 'x' is not section.key=value");
  EXPECT_EQ(usage_error([] {
              parse_curve_line({"a;b", "sim.seed=1", "f.ini:9"});
            }),
            "f.ini:9: curve name 'a;b': a curve name is 1 to 32 characters among letters, "
            "digits, space and _-+.()/*");
  EXPECT_EQ(usage_error([] {
              parse_curve_line({"X", "traffic.load=0.1", "f.ini:10"});
            }),
            "f.ini:10: curve 'X' sets traffic.load; the sweep sets it (use --loads FROM:TO:STEP)");
}

// A configuration file: the h2 network of configs/dragonfly-h2.ini plus `extra`.
std::string write_config(const std::string& name, const std::string& extra) {
  std::ifstream in(std::string(NETCOSIM_SOURCE_DIR) + "/configs/dragonfly-h2.ini");
  const std::string base((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string path = testing::TempDir() + "netcosim-curves-" + name + ".ini";
  std::ofstream(path) << base << extra;
  return path;
}
int lines_of(const std::string& path) {
  std::ifstream in(path);
  int n = 0;
  for (std::string l; std::getline(in, l);) ++n;
  return n;
}

TEST(SweepCurves, SpecAppliesEachCurveOnTopOfFileAndSets) {
  const std::string path =
      write_config("spec",
                   "\n[curves]\nMIN = routing.algorithm=min\nVAL = routing.algorithm=val "
                   "router.vcs_local=4 sim.seed=40\n");
  const SweepSpec spec = make_spec(path, {"router.vcs_global=2", "sim.seed=9"}, {}, {0.1, 0.2}, 2);
  ASSERT_EQ(spec.curves.size(), 2u);
  EXPECT_TRUE(spec.named());
  EXPECT_EQ(spec.seed0, 9u);
  EXPECT_EQ(spec.curves[0].name, "MIN");
  EXPECT_EQ(spec.curves[0].overrides, (std::vector<std::string>{"routing.algorithm=min"}));
  EXPECT_EQ(spec.curves[0].base.get_str("routing.algorithm"), "min");
  EXPECT_EQ(spec.curves[0].base.get_int("router.vcs_global"), 2);  // the --set
  EXPECT_EQ(spec.curves[0].base.get_int("router.vcs_local"), 2);   // the file
  EXPECT_EQ(spec.curves[0].seed0, 9u);
  EXPECT_EQ(spec.curves[1].base.get_str("routing.algorithm"), "val");
  EXPECT_EQ(spec.curves[1].base.get_int("router.vcs_local"), 4);  // the curve over the file
  EXPECT_EQ(spec.curves[1].seed0, 40u);                           // the curve over the --set
  // Without curves: one unnamed curve, the file and the --sets.
  const SweepSpec plain =
      make_spec(std::string(NETCOSIM_SOURCE_DIR) + "/configs/dragonfly-h2.ini", {}, {}, {0.1}, 1);
  ASSERT_EQ(plain.curves.size(), 1u);
  EXPECT_FALSE(plain.named());
  EXPECT_EQ(plain.curves[0].name, "");
}

TEST(SweepCurves, SpecRefusesCurvesTwiceEmptySectionAndDuplicateNames) {
  const std::string h2 = std::string(NETCOSIM_SOURCE_DIR) + "/configs/dragonfly-h2.ini";
  const std::string both = write_config("both", "\n[curves]\nMIN = routing.algorithm=min\n");
  const int header = lines_of(both) - 1;
  EXPECT_EQ(usage_error([&] { make_spec(both, {}, {"MIN: routing.algorithm=min"}, {0.1}, 1); }),
            "--curve is given and " + both + ":" + std::to_string(header) +
                " starts a [curves] section: give the curves either on the command line or in "
                "the file, not both");
  const std::string empty = write_config("empty", "\n[curves]\n# none yet\n");
  EXPECT_EQ(usage_error([&] { make_spec(empty, {}, {}, {0.1}, 1); }),
            empty + ":" + std::to_string(lines_of(empty) - 1) +
                ": the [curves] section lists no curve; give one line per curve (NAME = "
                "section.key=value ...) or remove the section");
  const std::string dup =
      write_config("dup", "\n[curves]\nA = sim.seed=1\nB = sim.seed=2\nA = sim.seed=3\n");
  const int last = lines_of(dup);
  EXPECT_EQ(usage_error([&] { make_spec(dup, {}, {}, {0.1}, 1); }),
            dup + ":" + std::to_string(last) + ": duplicate curve name 'A' (first given at " + dup +
                ":" + std::to_string(last - 2) + "); give each curve its own name");
  EXPECT_EQ(usage_error([&] {
              make_spec(h2, {}, {"A: sim.seed=1", "A: sim.seed=2"}, {0.1}, 1);
            }),
            "--curve 'A: sim.seed=2': duplicate curve name 'A' (first given at --curve 'A: "
            "sim.seed=1'); give each curve its own name");
  std::vector<std::string> many;
  for (size_t i = 0; i <= kMaxCurves; ++i) many.push_back("c" + std::to_string(i) + ":");
  EXPECT_EQ(usage_error([&] { make_spec(h2, {}, many, {0.1}, 1); }),
            "65 curves: at most 64 curves per sweep");
  EXPECT_EQ(usage_error([&] { make_spec(h2, {"traffic.load=0.2"}, {"A:"}, {0.1}, 1); }),
            "--set traffic.load=0.2: the sweep sets traffic.load; use --loads FROM:TO:STEP");
}

// A bad key or value in a curve: a ConfigError (exit status 2) naming the curve (and the file and
// line of a [curves] line), the key, the value and what is allowed, before any run.
TEST(SweepCurves, BadKeyOrValueInACurveNamesTheCurve) {
  const std::string h2 = std::string(NETCOSIM_SOURCE_DIR) + "/configs/dragonfly-h2.ini";
  std::string choices;
  for (const auto& k : netcosim::config_schema())
    if (std::string(k.name) == "routing.algorithm") choices = k.choices;
  ASSERT_FALSE(choices.empty());
  EXPECT_EQ(
      config_error([&] {
        make_spec(h2, {}, {"MIN: routing.algorithm=min", "X: routing.algorithm=foo"}, {0.1}, 1);
      }),
      "curve 'X': routing.algorithm=foo: allowed values are " + choices);
  const std::string file =
      write_config("badvalue", "\n[curves]\nMIN =\nY = routing.algorithm=bar\n");
  EXPECT_EQ(config_error([&] { make_spec(file, {}, {}, {0.1}, 1); }),
            "curve 'Y' (" + file + ":" + std::to_string(lines_of(file)) +
                "): routing.algorithm=bar: allowed values are " + choices);
  const std::string unknown =
      config_error([&] { make_spec(h2, {}, {"Z: routing.nope=1"}, {0.1}, 1); });
  EXPECT_EQ(unknown.rfind("curve 'Z': unknown key 'routing.nope'; keys of [routing]: ", 0), 0u)
      << unknown;
  // Cross-key validation per curve: VAL on the file's 2 local / 1 global VCs.
  const std::string val =
      config_error([&] { make_spec(h2, {}, {"VAL: routing.algorithm=val"}, {0.1}, 1); });
  EXPECT_EQ(val.rfind("curve 'VAL': routing.algorithm=val needs", 0), 0u) << val;
}

SweepPoint point(size_t curve, double load, double accepted, double latency, uint32_t p99,
                 const std::string& json) {
  SweepPoint p;
  p.curve = curve;
  p.load = load;
  p.seed = 1;
  p.res.accepted_load = accepted;
  p.res.latency_avg = latency;
  p.res.latency_p99 = p99;
  p.res.latency_max = p99 + 10;
  p.res.packets_measured = 100;
  p.res.hops_avg = curve == 0 ? 2.5 : 4.5;
  p.json = json;
  return p;
}

// Two curves, two loads, one seed: MIN saturates at 0.2 (0.15 < 0.95 x 0.2), VAL does not.
std::vector<SweepPoint> two_curves() {
  return {point(0, 0.1, 0.1, 125, 150, R"({"schema":"netcosim.run/1","curve":"MIN","a":1})"),
          point(0, 0.2, 0.15, 300, 900, R"({"schema":"netcosim.run/1","curve":"MIN","a":2})"),
          point(1, 0.1, 0.0975, 230, 280, R"({"schema":"netcosim.run/1","curve":"VAL","a":3})"),
          point(1, 0.2, 0.195, 240, 300, R"({"schema":"netcosim.run/1","curve":"VAL","a":4})")};
}

TEST(SweepCurvesOutput, CsvHasACurveColumnFirstAndOneRowPerCurveAndLoad) {
  const auto rows = aggregate(two_curves(), 1, {"MIN", "VAL"});
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(results_csv(rows),
            "curve,offered_load,accepted_load,accepted_ci95,latency_avg,latency_ci95,latency_p50,"
            "latency_p99,latency_max,network_latency_avg,injection_latency_avg,hops_avg,"
            "misrouted_fraction,jain,nonminimal_fraction,global_misrouted_fraction,"
            "local_misrouted_fraction,accepted_misrouted_injection,"
            "accepted_misrouted_source_group,accepted_misrouted_intermediate_group,"
            "accepted_misrouted_destination_group,packets_measured,seeds\n"
            "MIN,0.1,0.1,nan,125,nan,0,150,160,0,0,2.5,0,0,0,0,0,0,0,0,0,100,1\n"
            "MIN,0.2,0.15,nan,300,nan,0,900,910,0,0,2.5,0,0,0,0,0,0,0,0,0,100,1\n"
            "VAL,0.1,0.0975,nan,230,nan,0,280,290,0,0,4.5,0,0,0,0,0,0,0,0,0,100,1\n"
            "VAL,0.2,0.195,nan,240,nan,0,300,310,0,0,4.5,0,0,0,0,0,0,0,0,0,100,1\n");
  // Without names the CSV is the one of a sweep without curves.
  const auto plain = aggregate(two_curves(), 1);
  EXPECT_EQ(results_csv(plain).rfind("offered_load,accepted_load,", 0), 0u);
}

TEST(SweepCurvesOutput, SaturationTextHasTheLinesOfEachCurve) {
  EXPECT_EQ(curves_saturation_text(aggregate(two_curves(), 1, {"MIN", "VAL"})),
            "MIN: saturation throughput: 0.15 phits/(node*cycle) (maximum seed-averaged accepted "
            "load; at offered load 0.2)\n"
            "MIN: saturation point: 0.2 (lowest offered load whose accepted load 0.15 is below "
            "95% of it)\n"
            "VAL: saturation throughput: 0.195 phits/(node*cycle) (maximum seed-averaged accepted "
            "load; at offered load 0.2)\n"
            "VAL: saturation point: not reached (accepted >= 95% of offered at every load up to "
            "0.2)\n");
}

TEST(SweepCurvesOutput, PointsJsonlCarriesTheCurveAfterTheSchema) {
  // The rest of the document is kept byte for byte (numbers read back to the same double).
  EXPECT_EQ(with_curve(R"({"schema":"netcosim.run/1","x":0.30000000000000004,"n":[1,-2],"z":null})",
                       "Base (th 6)"),
            R"j({"schema":"netcosim.run/1","curve":"Base (th 6)","x":0.30000000000000004,)j"
            R"j("n":[1,-2],"z":null})j");
  const auto pts = two_curves();
  EXPECT_EQ(points_jsonl(pts),
            pts[0].json + "\n" + pts[1].json + "\n" + pts[2].json + "\n" + pts[3].json + "\n");
}

TEST(SweepCurvesOutput, SummaryListsCurvesWithOverridesAndSaturation) {
  SweepInfo info;
  info.config_file = "h2.ini";
  info.loads_spec = "0.1:0.2:0.1";
  info.seeds = 1;
  info.seed0 = 1;
  info.jobs = 2;
  info.runs = 4;
  info.curves = {{"MIN", {"routing.algorithm=min"}, 1},
                 {"VAL", {"routing.algorithm=val", "sim.seed=5"}, 5}};
  const auto doc = nlohmann::ordered_json::parse(
      curves_summary_json(info, aggregate(two_curves(), 1, {"MIN", "VAL"})));
  std::vector<std::string> keys;
  for (const auto& kv : doc.items()) keys.push_back(kv.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"schema", "config_file", "sets", "loads", "seeds",
                                            "first_seed", "jobs", "runs", "wall_seconds", "curves",
                                            "rows"}));
  EXPECT_EQ(doc["schema"], "netcosim.sweep-curves/1");
  const auto expected_curves = nlohmann::ordered_json::parse(R"([
    {"name": "MIN", "overrides": ["routing.algorithm=min"], "first_seed": 1,
     "saturation": {"throughput": 0.15, "throughput_offered_load": 0.2, "point": 0.2,
                    "threshold": 0.95}},
    {"name": "VAL", "overrides": ["routing.algorithm=val", "sim.seed=5"], "first_seed": 5,
     "saturation": {"throughput": 0.195, "throughput_offered_load": 0.2, "point": null,
                    "threshold": 0.95}}])");
  EXPECT_EQ(doc["curves"], expected_curves);
  ASSERT_EQ(doc["rows"].size(), 4u);
  const auto expected_row = nlohmann::ordered_json::parse(R"(
    {"curve": "VAL", "offered_load": 0.1, "accepted_load": 0.0975, "accepted_ci95": null,
     "latency_avg": 230.0, "latency_ci95": null, "latency_p99": 280.0, "hops_avg": 4.5,
     "misrouted_fraction": 0.0, "nonminimal_fraction": 0.0, "global_misrouted_fraction": 0.0,
     "local_misrouted_fraction": 0.0, "jain": 0.0})");
  EXPECT_EQ(doc["rows"][2], expected_row);
  EXPECT_EQ(doc["rows"][1]["curve"], "MIN");
}

// Every (curve, load, seed) point through the parallel runner: the files do not depend on the
// number of threads, and a curve without overrides gives the rows of the sweep without curves.
std::string without_timing(const std::string& jsonl) {
  std::string out;
  std::istringstream in(jsonl);
  for (std::string line; std::getline(in, line);) {
    auto doc = nlohmann::ordered_json::parse(line);
    for (const char* k : {"wall_seconds", "cycles_per_second", "peak_rss_mb"}) doc.erase(k);
    out += doc.dump() + "\n";
  }
  return out;
}

TEST(SweepCurvesRun, PointsOfSeveralCurvesAreTheSameWithOneOrTwoThreads) {
  const std::string h2 = std::string(NETCOSIM_SOURCE_DIR) + "/configs/dragonfly-h2.ini";
  const std::vector<std::string> sets = {"sim.warmup=200", "sim.measure=400"};
  const SweepSpec spec =
      make_spec(h2, sets,
                {"base:", "VAL: routing.algorithm=val router.vcs_local=4 router.vcs_global=2",
                 "seed 7: sim.seed=7"},
                {0.1, 0.3}, 2);
  const auto one = run_points(spec, 1, nullptr), two = run_points(spec, 2, nullptr);
  ASSERT_EQ(one.size(), 12u);
  ASSERT_EQ(two.size(), 12u);
  const std::vector<std::string> names = {"base", "VAL", "seed 7"};
  const std::string csv = results_csv(aggregate(one, 2, names));
  EXPECT_EQ(csv, results_csv(aggregate(two, 2, names)));
  EXPECT_EQ(without_timing(points_jsonl(one)), without_timing(points_jsonl(two)));
  // Curve-major, then load, then seed; each record names its curve and has its seed.
  for (size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].curve, i / 4);
    EXPECT_EQ(one[i].load, i % 4 < 2 ? 0.1 : 0.3);
    const auto doc = nlohmann::json::parse(one[i].json);
    EXPECT_EQ(doc["curve"], names[i / 4]);
    EXPECT_EQ(doc["config"]["sim"]["seed"], (i / 4 == 2 ? 7u : 1u) + i % 2);
  }
  EXPECT_NE(nlohmann::json::parse(one[4].json)["hops_avg"],
            nlohmann::json::parse(one[0].json)["hops_avg"]);  // VAL is not the base
  // The "base" rows are the rows of the same sweep without curves.
  const SweepSpec plain = make_spec(h2, sets, {}, {0.1, 0.3}, 2);
  const std::string plain_csv = results_csv(aggregate(run_points(plain, 2, nullptr), 2));
  std::string base_rows;
  std::istringstream in(csv);
  for (std::string l; std::getline(in, l);)
    if (l.rfind("base,", 0) == 0) base_rows += l.substr(5) + "\n";
  EXPECT_EQ(base_rows, plain_csv.substr(plain_csv.find('\n') + 1));
}

}  // namespace
