// Golden results: every case of tests/golden/cases.txt is run through the real binary and its JSON
// compared with tests/golden/NAME.json, key by key, except the timing keys. The cases cover every
// routing, trigger and global policy, the traffic patterns (mix and transient included), drain,
// time series, both engines and 2 threads, on h2 and h4 with short windows. A change that moves a
// simulated number must update the golden file in the same commit and say why. The comparison is
// strict both ways: a key of the golden file the binary no longer writes, and a key the binary
// writes that the golden file lacks, both fail, named.
//
// The test never writes a golden file: tests/golden/regenerate.py re-records them and reports every
// value that moved (docs/architecture.md, "Guard rails").
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "test_util.h"

namespace {

using nlohmann::json;

struct GoldenCase {
  std::string name;
  std::vector<std::string> args;
};

// gtest prints a failing case's parameter: its name, not its bytes.
void PrintTo(const GoldenCase& c, std::ostream* os) {
  *os << c.name;
}

std::string golden_dir() {
  return std::string(NETCOSIM_SOURCE_DIR) + "/tests/golden/";
}

// cases.txt: NAME <TAB> arguments; '#' starts a comment line. A line without a tab, a bad or
// repeated NAME is an error (reported by GoldenSet.CasesFileIsWellFormed), never skipped. The
// rule for the arguments is also tests/golden/regenerate.py's: split at whitespace, an argument
// ending in .ini that is not absolute is relative to the source tree.
struct CaseFile {
  std::vector<GoldenCase> cases;
  std::vector<std::string> errors;
};

CaseFile read_cases() {
  CaseFile file;
  const std::string path = golden_dir() + "cases.txt";
  std::ifstream f(path);
  if (!f) file.errors.push_back(path + ": cannot be read");
  std::string line;
  for (int number = 1; std::getline(f, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    const std::string where = path + ":" + std::to_string(number) + ": ";
    const size_t tab = line.find('\t');
    if (tab == std::string::npos) {
      file.errors.push_back(where + "no tab between NAME and the arguments");
      continue;
    }
    GoldenCase c{line.substr(0, tab), {}};
    const bool good_name =
        !c.name.empty() && c.name.find_first_not_of(
                               "abcdefghijklmnopqrstuvwxyz"
                               "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == std::string::npos;
    if (!good_name) {
      file.errors.push_back(where + "bad case name '" + c.name + "'");
      continue;
    }
    bool repeated = false;
    for (const auto& other : file.cases) repeated = repeated || other.name == c.name;
    if (repeated) {
      file.errors.push_back(where + "case " + c.name + " given twice");
      continue;
    }
    std::istringstream is(line.substr(tab + 1));
    std::string a;
    while (is >> a) {
      const bool ini = a.size() > 4 && a.compare(a.size() - 4, 4, ".ini") == 0;
      c.args.push_back(ini && a[0] != '/' ? std::string(NETCOSIM_SOURCE_DIR) + "/" + a : a);
    }
    file.cases.push_back(std::move(c));
  }
  return file;
}

const CaseFile& case_file() {
  static const CaseFile file = read_cases();
  return file;
}

json load_golden(const std::string& name) {
  std::ifstream f(golden_dir() + name + ".json");
  if (!f) {
    ADD_FAILURE() << "no golden file " << golden_dir() << name << ".json";
    return json();
  }
  return json::parse(f);
}

bool is_timing_key(const std::string& k) {
  return k == "wall_seconds" || k == "cycles_per_second" || k == "peak_rss_mb";
}

// Golden numbers carry the writer's 12 significant digits: equal within 1e-11 relative (a rounding
// of the last printed digit); integers compare exactly.
bool same_number(const json& g, const json& a) {
  if (g.is_number_integer() && a.is_number_integer()) return g == a;
  const double x = g.get<double>(), y = a.get<double>();
  if (x == y) return true;
  return std::fabs(x - y) <= 1e-11 * std::fmax(std::fabs(x), std::fabs(y));
}

// `g` (golden) and `a` (actual) must have the same keys (recursively; the top-level timing keys
// excepted) with the same values; differences are appended.
void compare(const json& g, const json& a, const std::string& path,
             std::vector<std::string>& diffs) {
  if (g.is_object()) {
    if (!a.is_object()) {
      diffs.push_back(path + ": not an object");
      return;
    }
    for (auto it = g.begin(); it != g.end(); ++it) {
      if (path.empty() && is_timing_key(it.key())) continue;
      if (!a.contains(it.key())) {
        diffs.push_back(path + "/" + it.key() + ": in the golden file, not written by the binary");
        continue;
      }
      compare(it.value(), a.at(it.key()), path + "/" + it.key(), diffs);
    }
    for (auto it = a.begin(); it != a.end(); ++it)
      if (!(path.empty() && is_timing_key(it.key())) && !g.contains(it.key()))
        diffs.push_back(path + "/" + it.key() + ": written by the binary, not in the golden file");
  } else if (g.is_array()) {
    if (!a.is_array() || a.size() != g.size()) {
      diffs.push_back(path + ": array size " + std::to_string(g.size()) + " vs " +
                      (a.is_array() ? std::to_string(a.size()) : std::string("non-array")));
      return;
    }
    for (size_t i = 0; i < g.size(); ++i)
      compare(g[i], a[i], path + "[" + std::to_string(i) + "]", diffs);
  } else if (g.is_number() && a.is_number()) {
    if (!same_number(g, a)) diffs.push_back(path + ": " + g.dump() + " vs " + a.dump());
  } else if (g != a) {
    diffs.push_back(path + ": " + g.dump() + " vs " + a.dump());
  }
}

class Golden : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(Golden, SameResultsAsRecorded) {
  ASSERT_EQ(std::getenv("NETCOSIM_GOLDEN_UPDATE"), nullptr)
      << "NETCOSIM_GOLDEN_UPDATE is set: the test never rewrites a golden file; re-record with "
         "tests/golden/regenerate.py (docs/architecture.md, \"Guard rails\")";
  const GoldenCase& c = GetParam();
  const std::string out = testing::TempDir() + "golden_" + c.name + ".json";
  std::remove(out.c_str());  // a binary that exits 0 without writing must fail
  std::vector<std::string> args{NETCOSIM_EXE, "run"};
  args.insert(args.end(), c.args.begin(), c.args.end());
  for (const char* a : {"--quiet", "--json"}) args.push_back(a);
  args.push_back(out);
  const auto run = netcosim::test::run_argv(args);
  ASSERT_EQ(run.status, 0) << c.name << "\n" << run.output;
  std::ifstream fa(out);
  ASSERT_TRUE(fa.good()) << c.name << ": exit 0 but no JSON written to " << out;
  const json actual = json::parse(fa);
  const json golden = load_golden(c.name);
  ASSERT_FALSE(golden.is_null());
  std::vector<std::string> diffs;
  compare(golden, actual, "", diffs);
  std::string all;
  for (const auto& d : diffs) all += "  " + d + "\n";
  EXPECT_TRUE(diffs.empty()) << c.name << " differs from " << golden_dir() << c.name << ".json:\n"
                             << all << "(tests/golden/regenerate.py re-records and reports)";
}

INSTANTIATE_TEST_SUITE_P(Runs, Golden, ::testing::ValuesIn(case_file().cases),
                         [](const testing::TestParamInfo<GoldenCase>& i) { return i.param.name; });

// The golden set itself: about 30 cases, each with its file, no file without its case.
TEST(GoldenSet, CasesFileIsWellFormed) {
  for (const auto& e : case_file().errors) ADD_FAILURE() << e;
  EXPECT_GE(case_file().cases.size(), 30u);
}

TEST(GoldenSet, EveryCaseHasItsFileAndEveryFileItsCase) {
  std::vector<std::string> names;
  for (const auto& c : case_file().cases) {
    names.push_back(c.name);
    EXPECT_TRUE(std::ifstream(golden_dir() + c.name + ".json").good()) << c.name;
  }
  for (const auto& entry : std::filesystem::directory_iterator(golden_dir())) {
    if (entry.path().extension() != ".json") continue;
    const std::string stem = entry.path().stem().string();
    EXPECT_NE(std::find(names.begin(), names.end(), stem), names.end())
        << entry.path() << " has no case in cases.txt";
  }
}

// PiggyBack's saturation bit can only be set when routing.piggyback_coef < 100 h (the link's own
// Q is part of the mean; tests/integration/test_piggyback_saturation.cpp): otherwise PB takes
// UGAL-L's decisions and its golden runs would test nothing of its own. Every PB run uses
// coef < 100 h, and h2_pb_adv's recorded results differ from h2_ugal_adv's (same traffic and
// VCs).
TEST(GoldenSet, PiggyBackRunsCanSetTheSaturationBit) {
  size_t pb_runs = 0;
  for (const auto& c : case_file().cases) {
    const json g = load_golden(c.name);
    if (g.is_null() || g.at("config").at("routing").at("algorithm") != "pb") continue;
    ++pb_runs;
    EXPECT_LT(g.at("config").at("routing").at("piggyback_coef").get<double>(),
              100 * g.at("config").at("topology").at("h").get<double>())
        << c.name;
  }
  EXPECT_EQ(pb_runs, 4u);  // h2_pb_adv, h2_pb_port_recompute_adv_drain, h2_systemc_strict_pb_adv,
                           // h4_pb_uniform
  const json pb = load_golden("h2_pb_adv"), ugal = load_golden("h2_ugal_adv");
  ASSERT_FALSE(pb.is_null() || ugal.is_null());
  EXPECT_EQ(ugal.at("config").at("routing").at("algorithm"), "ugal");
  EXPECT_EQ(pb.at("config").at("traffic"), ugal.at("config").at("traffic"));
  EXPECT_EQ(pb.at("config").at("router"), ugal.at("config").at("router"));
  EXPECT_FALSE(same_number(pb.at("accepted_load"), ugal.at("accepted_load")) &&
               same_number(pb.at("nonminimal_fraction"), ugal.at("nonminimal_fraction")))
      << "h2_pb_adv and h2_ugal_adv have the same accepted_load and nonminimal_fraction";
}

}  // namespace
