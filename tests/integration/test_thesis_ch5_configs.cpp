// The thesis Chapter 5 figure configurations (configs/thesis-ch5-h8-*.ini, docs/validation.md
// "Thesis Chapter 5 figures") stay runnable: each one's [curves] section, swept at one load on
// the h2 Dragonfly with a tiny window, passes the sweep's validation of every curve and writes
// one results.csv row per curve. The figures themselves are h8 and h4 runs of minutes; the
// directions they show are asserted in tests/network/test_flexvc_ch5_directions.cpp and the
// tests listed there.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_util.h"

namespace {

using netcosim::test::CliResult;
using netcosim::test::read_file;
using netcosim::test::run_netcosim;

// The curves of a [curves] section: its lines with an '=' (comments and blank lines aside).
int curves_in(const std::string& path) {
  std::ifstream f(path);
  bool in = false;
  int n = 0;
  for (std::string l; std::getline(f, l);) {
    if (l.rfind("[", 0) == 0)
      in = l.rfind("[curves]", 0) == 0;
    else if (in && l.find('=') != std::string::npos && l.rfind("#", 0) != 0)
      ++n;
  }
  return n;
}

int lines_in(const std::string& text) {
  std::istringstream is(text);
  int n = 0;
  for (std::string l; std::getline(is, l);) ++n;
  return n;
}

}  // namespace

TEST(ThesisCh5Configs, EveryCurveRunsOnH2) {
  for (const char* name : {"min", "val", "memory", "rr", "vcsel", "damq", "pb", "pb-rr",
                           "memory-val", "rr-val", "pb-rr-noredraw", "intransit-rr"}) {
    const std::string config =
        std::string(NETCOSIM_SOURCE_DIR) + "/configs/thesis-ch5-h8-" + name + ".ini";
    const std::string dir = testing::TempDir() + "netcosim-ch5-" + name;
    std::filesystem::remove_all(dir);
    const int curves = curves_in(config);
    ASSERT_GE(curves, 4) << config;
    const CliResult r =
        run_netcosim({"sweep", config, "--loads", "0.5:0.5:0.1", "--jobs", "1", "--out", dir,
                      "--set", "topology.p=2", "--set", "topology.a=4", "--set", "topology.h=2",
                      "--set", "sim.warmup=50", "--set", "sim.measure=100"});
    ASSERT_EQ(r.status, 0) << name << ": " << r.output;
    EXPECT_EQ(lines_in(read_file(dir + "/results.csv")), curves + 1) << name;
    std::filesystem::remove_all(dir);
  }
}
