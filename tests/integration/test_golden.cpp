// Golden results: every case of tests/golden/cases.txt is run through the real binary and its JSON
// compared with tests/golden/NAME.json, key by key, except the timing keys. The cases cover every
// routing, trigger and global policy, the traffic patterns (mix and transient included), drain,
// time series, both engines and 2 threads, on h2 and h4 with short windows. A change that moves a
// simulated number must update the golden file in the same commit and say why; keys added to the
// results later are allowed (only the golden file's keys are compared).
//
// NETCOSIM_GOLDEN_UPDATE=1 rewrites the golden files from the current binary instead.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
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

std::string golden_dir() {
  return std::string(NETCOSIM_SOURCE_DIR) + "/tests/golden/";
}

std::vector<GoldenCase> load_cases() {
  std::vector<GoldenCase> cases;
  std::ifstream f(golden_dir() + "cases.txt");
  std::string line;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t tab = line.find('\t');
    if (tab == std::string::npos) continue;
    GoldenCase c{line.substr(0, tab), {}};
    std::istringstream is(line.substr(tab + 1));
    std::string a;
    while (is >> a) {
      const bool ini = a.size() > 4 && a.compare(a.size() - 4, 4, ".ini") == 0;
      c.args.push_back(ini && a[0] != '/' ? std::string(NETCOSIM_SOURCE_DIR) + "/" + a : a);
    }
    cases.push_back(std::move(c));
  }
  return cases;
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

// Every key of `g` (recursively) must be in `a` with the same value; differences are appended.
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
        diffs.push_back(path + "/" + it.key() + ": missing");
        continue;
      }
      compare(it.value(), a.at(it.key()), path + "/" + it.key(), diffs);
    }
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
  const GoldenCase& c = GetParam();
  const std::string out = testing::TempDir() + "golden_" + c.name + ".json";
  std::vector<std::string> args{NETCOSIM_EXE, "run"};
  args.insert(args.end(), c.args.begin(), c.args.end());
  for (const char* a : {"--quiet", "--json"}) args.push_back(a);
  args.push_back(out);
  const auto run = netcosim::test::run_argv(args);
  ASSERT_EQ(run.status, 0) << c.name << "\n" << run.output;
  std::ifstream fa(out);
  const std::string text((std::istreambuf_iterator<char>(fa)), std::istreambuf_iterator<char>());
  const json actual = json::parse(text);
  const std::string path = golden_dir() + c.name + ".json";
  const char* update = std::getenv("NETCOSIM_GOLDEN_UPDATE");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream fg(path);
    fg << text;  // as the binary wrote it
    ASSERT_TRUE(fg.good()) << path;
    return;
  }
  std::ifstream fg(path);
  ASSERT_TRUE(fg.good()) << "no golden file " << path;
  const json golden = json::parse(fg);
  std::vector<std::string> diffs;
  compare(golden, actual, "", diffs);
  std::string all;
  for (const auto& d : diffs) all += "  " + d + "\n";
  EXPECT_TRUE(diffs.empty()) << c.name << " differs from " << path << ":\n" << all;
}

INSTANTIATE_TEST_SUITE_P(Runs, Golden, ::testing::ValuesIn(load_cases()),
                         [](const testing::TestParamInfo<GoldenCase>& i) { return i.param.name; });

// The golden set itself: about 30 cases, each with its file.
TEST(GoldenSet, EveryCaseHasItsFile) {
  const auto cases = load_cases();
  EXPECT_GE(cases.size(), 30u);
  for (const auto& c : cases)
    EXPECT_TRUE(std::ifstream(golden_dir() + c.name + ".json").good()) << c.name;
}

}  // namespace
