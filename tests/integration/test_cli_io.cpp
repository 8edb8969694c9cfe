// Child processes and output files of the front end (sim/util/process.h, sim/util/output_file.h,
// sim/stats/plot.h): no argument ever reaches a shell, a destination that cannot be written is
// exit status 2 naming the path and the OS error, and no output file is ever half-written.
// Every case runs the real binary through the argv-based runner of cli_runner.h.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/integration/cli_runner.h"
#include "tests/test_files.h"

namespace {

namespace fs = std::filesystem;
using netcosim::test::CliResult;
using netcosim::test::run_netcosim;
using Args = std::vector<std::string>;

// A short run of the embedded Dragonfly.
const Args kShort = {"--set", "sim.warmup=100", "--set", "sim.measure=200"};

Args with_short(Args a) {
  a.insert(a.end(), kShort.begin(), kShort.end());
  return a;
}

std::string fresh_dir() {
  return netcosim::test::fresh_dir("netcosim-cli-io-");
}
using netcosim::test::names_in;
using netcosim::test::read_text;

bool is_png(const std::string& path) {
  return read_text(path).compare(0, 8, "\x89PNG\r\n\x1a\n") == 0;
}

std::string h2_config() {
  return std::string(NETCOSIM_SOURCE_DIR) + "/configs/dragonfly-h2.ini";
}

// Exit status 2 and every fragment in stderr.
void expect_bad_destination(const CliResult& r, std::initializer_list<std::string> fragments) {
  EXPECT_EQ(r.status, 2) << r.err;
  for (const auto& f : fragments) EXPECT_NE(r.err.find(f), std::string::npos) << f << "\n" << r.err;
}

// ---- no shell (sim/util/process.h, sim/util/quote.h) ----

TEST(CliNoShell, HostileTimeseriesPngNameIsWrittenAndNothingIsExecuted) {
  const std::string dir = fresh_dir();
  const std::string name = "x';touch INJECTED;'$(touch INJ2)`touch INJ3` \"q\" \xc3\xa9.png";
  netcosim::util::ProcessOptions opt;
  opt.cwd = dir;
  const CliResult r = run_netcosim(
      with_short({"run", "--quiet", "--set", "sim.timeseries_bin=100", "--timeseries-png", name}),
      opt);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(fs::exists(dir + "/INJECTED"));
  EXPECT_FALSE(fs::exists(dir + "/INJ2"));
  EXPECT_FALSE(fs::exists(dir + "/INJ3"));
  EXPECT_TRUE(is_png(dir + "/" + name));
  EXPECT_EQ(names_in(dir), (std::vector<std::string>{name, name + ".csv"}));  // no leftovers
}

TEST(CliNoShell, HostileTimeseriesPngNameWithNewlineIsWritten) {
  const std::string dir = fresh_dir();
  const std::string png = dir + "/line1\nline2;touch INJECTED.png";
  const CliResult r = run_netcosim(
      with_short({"run", "--quiet", "--set", "sim.timeseries_bin=100", "--timeseries-png", png}));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(is_png(png));
  EXPECT_FALSE(fs::exists(dir + "/INJECTED.png"));
  EXPECT_FALSE(fs::exists("INJECTED.png"));
}

TEST(CliNoShell, HostileSweepOutDirectoryGetsItsPlotsAndNothingIsExecuted) {
  const std::string dir = fresh_dir();
  const std::string out = "s o';touch INJECTED;'$(touch INJ2)";
  netcosim::util::ProcessOptions opt;
  opt.cwd = dir;
  const CliResult r = run_netcosim({"sweep", h2_config(), "--loads", "0.1:0.2:0.1", "--set",
                                    "sim.warmup=100", "--set", "sim.measure=200", "--out", out},
                                   opt);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(fs::exists(dir + "/INJECTED"));
  EXPECT_FALSE(fs::exists(dir + "/INJ2"));
  EXPECT_TRUE(is_png(dir + "/" + out + "/latency.png"));
  EXPECT_TRUE(is_png(dir + "/" + out + "/throughput.png"));
  EXPECT_EQ(names_in(dir + "/" + out),
            (std::vector<std::string>{"latency.png", "plots.gp", "points.jsonl", "results.csv",
                                      "saturation.txt", "summary.json", "throughput.png"}));
}

// With service levels the sweep also plots per_sl.csv: per_sl_latency.png and
// per_sl_throughput.png, one line per SL in plots.gp (docs/sweep.md "Output files").
TEST(CliSweepPerSl, PerSlPlotsHaveOneLinePerSl) {
  const std::string dir = fresh_dir();
  const CliResult r = run_netcosim(
      {"sweep", std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos-ib-fattree-4-2.ini", "--loads",
       "0.2:0.4:0.2", "--set", "sim.warmup=100", "--set", "sim.measure=300", "--out", dir + "/s"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(
      names_in(dir + "/s"),
      (std::vector<std::string>{"latency.png", "per_sl.csv", "per_sl_latency.png",
                                "per_sl_throughput.png", "plots.gp", "points.jsonl", "results.csv",
                                "saturation.txt", "summary.json", "throughput.png"}));
  for (const char* png : {"/per_sl_latency.png", "/per_sl_throughput.png"})
    EXPECT_TRUE(is_png(dir + "/s" + png)) << png;
  // The config's 3 SLs (SL0, SL1, SL2): rows 0, 1, 2 of per_sl.csv, then every 3rd, on both
  // per-SL plots.
  const std::string gp = read_text(dir + "/s/plots.gp");
  for (int sl = 0; sl < 3; ++sl) {
    const std::string line = "/s/per_sl.csv' skip 1 every 3::" + std::to_string(sl) + "::5 using ";
    EXPECT_NE(gp.find(line + "1:8 with linespoints lw 2 lc " + std::to_string(sl + 1) +
                      " pt 7 title 'SL" + std::to_string(sl) + "'"),
              std::string::npos)
        << sl << "\n"
        << gp;
    EXPECT_NE(gp.find(line + "1:5 with linespoints lw 2 lc " + std::to_string(sl + 1) +
                      " pt 7 title 'SL" + std::to_string(sl) + "'"),
              std::string::npos)
        << sl << "\n"
        << gp;
  }
  size_t lines = 0;
  for (size_t at = gp.find("per_sl.csv' skip 1"); at != std::string::npos;
       at = gp.find("per_sl.csv' skip 1", at + 1))
    ++lines;
  EXPECT_EQ(lines, 6u) << gp;
}

// ---- no silent write failure (sim/util/output_file.h) ----

TEST(CliOutput, RunJsonToDevFullIsExit2) {
  expect_bad_destination(run_netcosim(with_short({"run", "--quiet", "--json", "/dev/full"})),
                         {"/dev/full", "No space left on device"});
}

TEST(CliOutput, RunTimeseriesCsvInMissingDirectoryIsExit2BeforeTheRun) {
  const CliResult r =
      run_netcosim({"run", "--quiet", "--set", "sim.timeseries_bin=100", "--set",
                    "sim.measure=100000000", "--timeseries-csv", "/nonexistent/dir/ts.csv"});
  expect_bad_destination(r, {"/nonexistent/dir/ts.csv", "No such file or directory"});
}

TEST(CliOutput, RunTimeseriesPngInMissingDirectoryIsExit2) {
  expect_bad_destination(
      run_netcosim(with_short({"run", "--quiet", "--set", "sim.timeseries_bin=100",
                               "--timeseries-png", "/nonexistent/dir/ts.png"})),
      {"/nonexistent/dir/ts.png"});
}

// Refused before the run: nothing is written (not even the CSV beside the plot, "-.csv").
TEST(CliOutput, RunTimeseriesPngToStdoutIsExit2) {
  const std::string dir = fresh_dir();
  netcosim::util::ProcessOptions opt;
  opt.cwd = dir;
  expect_bad_destination(
      run_netcosim(with_short({"run", "--quiet", "--set", "sim.timeseries_bin=100",
                               "--timeseries-png", "-"}),
                   opt),
      {"'-'"});
  EXPECT_TRUE(std::filesystem::is_empty(dir));
}

TEST(CliOutput, RunTimeseriesCsvOnStdoutWithPngIsExit2) {
  const std::string dir = fresh_dir();
  expect_bad_destination(
      run_netcosim(with_short({"run", "--quiet", "--set", "sim.timeseries_bin=100",
                               "--timeseries-csv", "-", "--timeseries-png", dir + "/t.png"})),
      {"--timeseries-csv -"});
}

TEST(CliOutput, RunJsonIntoDirectoryIsExit2) {
  const std::string dir = fresh_dir();
  expect_bad_destination(run_netcosim(with_short({"run", "--quiet", "--json", dir})),
                         {dir, "Is a directory"});
}

TEST(CliOutput, RunJsonUnderARegularFileIsExit2) {
  expect_bad_destination(run_netcosim(with_short({"run", "--quiet", "--json", "/dev/full/r.json"})),
                         {"/dev/full/r.json", "Not a directory"});
}

TEST(CliOutput, RunEmptyJsonFileNameIsExit2) {
  expect_bad_destination(run_netcosim(with_short({"run", "--quiet", "--json", ""})),
                         {"--json", "empty"});
}

TEST(CliOutput, RunHelpToDevFullIsExit2) {
  netcosim::util::ProcessOptions opt;
  opt.stdout_file = "/dev/full";
  expect_bad_destination(run_netcosim({"run", "--help"}, opt),
                         {"standard output", "No space left on device"});
}

TEST(CliOutput, TopLevelHelpToDevFullIsExit2) {
  netcosim::util::ProcessOptions opt;
  opt.stdout_file = "/dev/full";
  expect_bad_destination(run_netcosim({"help"}, opt), {"standard output"});
}

TEST(CliOutput, RunSummaryToDevFullIsExit2) {
  netcosim::util::ProcessOptions opt;
  opt.stdout_file = "/dev/full";
  expect_bad_destination(run_netcosim(with_short({"run"}), opt),
                         {"standard output", "No space left on device"});
}

TEST(CliOutput, RunJsonOnStdoutToDevFullIsExit2WithOneMessage) {
  netcosim::util::ProcessOptions opt;
  opt.stdout_file = "/dev/full";
  const CliResult r = run_netcosim(with_short({"run", "--json", "-"}), opt);
  expect_bad_destination(r, {"standard output", "No space left on device"});
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(CliOutput, RunJsonIsWholeAndAloneInItsDirectory) {
  const std::string dir = fresh_dir();
  const CliResult r = run_netcosim(with_short({"run", "--quiet", "--json", dir + "/r.json"}));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = read_text(dir + "/r.json");
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.front(), '{');
  EXPECT_EQ(text.substr(text.size() - 2), "}\n");
  EXPECT_EQ(names_in(dir), std::vector<std::string>{"r.json"});  // the temporary file is gone
}

TEST(CliOutput, SigtermDuringARunLeavesThePreviousFileAndNoTemporary) {
  const std::string dir = fresh_dir();
  const std::string json = dir + "/r.json";
  std::ofstream(json) << "previous\n";
  netcosim::util::ProcessOptions opt;
  opt.timeout_seconds = 1.0;
  opt.timeout_signal = SIGTERM;
  const CliResult r =
      run_netcosim({"run", "--quiet", "--set", "sim.measure=100000000", "--json", json}, opt);
  EXPECT_EQ(r.status, 128 + SIGTERM) << r.err;
  EXPECT_EQ(read_text(json), "previous\n");
  EXPECT_EQ(names_in(dir), std::vector<std::string>{"r.json"});
}

TEST(CliOutput, SweepWhoseResultsCsvIsADirectoryIsExit2BeforeRunning) {
  const std::string dir = fresh_dir();
  fs::create_directories(dir + "/results.csv");
  const CliResult r = run_netcosim({"sweep", h2_config(), "--loads", "0.1:0.9:0.1", "--out", dir});
  expect_bad_destination(r, {dir + "/results.csv", "Is a directory"});
  EXPECT_EQ(r.out, "");  // nothing ran
}

TEST(CliOutput, SweepWhoseLatencyPngIsADirectoryIsExit2) {
  const std::string dir = fresh_dir();
  fs::create_directories(dir + "/latency.png");
  expect_bad_destination(
      run_netcosim({"sweep", h2_config(), "--loads", "0.1:0.9:0.1", "--out", dir}),
      {dir + "/latency.png", "Is a directory"});
}

TEST(CliOutput, SweepOutThatIsARegularFileIsExit2) {
  const std::string dir = fresh_dir();
  std::ofstream(dir + "/f") << "x";
  expect_bad_destination(
      run_netcosim({"sweep", h2_config(), "--loads", "0.1:0.2:0.1", "--out", dir + "/f"}),
      {dir + "/f", "--out"});
}

TEST(CliOutput, SweepOutUnderDevFullIsExit2) {
  expect_bad_destination(
      run_netcosim({"sweep", h2_config(), "--loads", "0.1:0.2:0.1", "--out", "/dev/full/s"}),
      {"/dev/full/s"});
}

TEST(CliOutput, BenchJsonIntoDirectoryIsExit2BeforeTheSuite) {
  const std::string dir = fresh_dir();
  const CliResult r = run_netcosim({"bench", "--quick", "--json", dir});
  expect_bad_destination(r, {dir, "Is a directory"});
  EXPECT_EQ(r.out, "");
}

TEST(CliOutput, BenchJsonUnderDevFullIsExit2) {
  expect_bad_destination(run_netcosim({"bench", "--quick", "--json", "/dev/full/b.json"}),
                         {"/dev/full/b.json", "Not a directory"});
}

TEST(CliOutput, AreaJsonIntoDirectoryIsExit2BeforeYosys) {
  const std::string dir = fresh_dir();
  const CliResult r = run_netcosim({"area", "rr_arbiter", "--json", dir});
  expect_bad_destination(r, {dir, "Is a directory"});
  EXPECT_EQ(r.err.find("synthesizing"), std::string::npos) << r.err;
}

TEST(CliOutput, AreaJsonToDevFullIsExit2) {
  expect_bad_destination(run_netcosim({"area", "credit_counter", "--json", "/dev/full"}),
                         {"/dev/full", "No space left on device"});
}

TEST(CliOptions, ExtraPositionalArgumentIsNamed) {
  const CliResult r = run_netcosim({"run", "a.ini", "b.ini"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unexpected argument 'b.ini'"), std::string::npos) << r.err;
}

TEST(CliOptions, RepeatedSingleOptionIsExit2) {
  const CliResult r = run_netcosim({"run", "--json", "a.json", "--json", "b.json"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--json"), std::string::npos) << r.err;
}

TEST(CliOptions, ValueStartingWithADashStaysTheOptionsValue) {
  const CliResult r = run_netcosim({"sweep", h2_config(), "--loads", "-0.2:0.5:0.1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("FROM=-0.2 is outside [0, 1]"), std::string::npos) << r.err;
}

TEST(CliOptions, EveryCommandHasAGeneratedHelp) {
  for (const char* cmd : {"run", "sweep", "bench", "cosim", "area"}) {
    const CliResult r = run_netcosim({cmd, "--help"});
    EXPECT_EQ(r.status, 0) << cmd;
    EXPECT_EQ(r.out.rfind(std::string("usage: netcosim ") + cmd, 0), 0u) << r.out;
    EXPECT_NE(r.out.find("-h [ --help ]"), std::string::npos) << r.out;
  }
}

// ---- co-simulation destinations, checked by the front end (sim/cli/cosim_cmd.cpp) ----

TEST(CliCosim, VcdUnderDevFullIsOneLineExit2BeforeAnyBench) {
  const CliResult r = run_netcosim({"cosim", "rr_arbiter", "--vcd", "/dev/full/vcd"});
  expect_bad_destination(r, {"--vcd", "/dev/full/vcd"});
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err.find("SystemC"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(CliCosim, VcdThatIsARegularFileIsExit2) {
  const std::string dir = fresh_dir();
  std::ofstream(dir + "/v") << "x";
  expect_bad_destination(run_netcosim({"cosim", "rr_arbiter", "--vcd", dir + "/v"}),
                         {"--vcd", dir + "/v", "not a directory"});
}

TEST(CliCosim, JsonIntoDirectoryIsExit2) {
  const std::string dir = fresh_dir();
  expect_bad_destination(run_netcosim({"cosim", "rr_arbiter", "--json", dir}),
                         {"--json", "Is a directory"});
}

TEST(CliCosim, EmptyVcdDirectoryNameIsExit2) {
  expect_bad_destination(run_netcosim({"cosim", "rr_arbiter", "--vcd", ""}), {"--vcd", "empty"});
}

}  // namespace
