// netcosim bench [--json FILE] [--quick] [--threads LIST]
// Argument handling only: the suite and its runs are sim/experiment/bench_suite.h.
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "sim/cli/options.h"
#include "sim/cli/subcommands.h"
#include "sim/experiment/bench_suite.h"
#include "sim/util/output_file.h"
#include "sim/util/process.h"

namespace netcosim::cli {

namespace {

constexpr const char* kAbout =
    "\nRuns the fixed speed suite (configs/dragonfly-h{2,4,8}.ini x uniform/MIN and ADV+1/VAL\n"
    "at load 0.4 x engine x thread counts; --quick: h2 and h4 only), each point in its own\n"
    "process, and prints simulated cycles/s, packet-hops/s and peak memory.\n";

std::string loadavg() {
  std::ifstream f("/proc/loadavg");
  double a = 0;
  if (!(f >> a)) return "unknown";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", a);
  return buf;
}

}  // namespace

int bench_main(int argc, char** argv) {
  CommandLine cl("bench", "usage: netcosim bench [--json FILE] [--quick] [--threads LIST]\n",
                 kAbout);
  cl.options.add_options()("json", text("FILE"), "write the rows as a JSON array to FILE")(
      "quick", "h2 and h4 only")("threads", text("LIST")->default_value("1,2"),
                                 "native engine thread counts, e.g. 1,2");
  if (const int rc = parse_command_line(cl, argc, argv); rc >= 0) return rc;
  const std::string json = opt_string(cl, "json");
  const bool quick = cl.vm.count("quick") != 0;
  std::vector<unsigned> threads;
  try {
    threads = experiment::parse_thread_list(opt_string(cl, "threads"));
  } catch (const std::invalid_argument& e) {
    return usage_error(cl, e.what());
  }
  if (cl.vm.count("json") != 0 && json.empty())
    return usage_error(cl, "--json: the file name is empty");
  if (const int rc = check_destinations(cl, {{"--json", json}}); rc >= 0) return rc;
  const std::string config_dir = std::string(NETCOSIM_SOURCE_DIR) + "/configs";
  const auto points = experiment::bench_points(config_dir, quick, threads);
  for (const auto& p : points)
    if (access(p.config.c_str(), R_OK) != 0)
      return usage_error(cl, "cannot read the suite's configuration '" + p.config + "'");
  const std::string exe = util::self_exe_path();
  if (exe.empty()) return usage_error(cl, "cannot find this executable (/proc/self/exe)");

  std::printf("netcosim bench: %u cores, load average %s at start; load %s, seed %s%s\n%s",
              std::thread::hardware_concurrency(), loadavg().c_str(), experiment::kBenchLoad,
              experiment::kBenchSeed, quick ? " (--quick: h2 and h4 only)" : "",
              experiment::bench_header().c_str());
  std::fflush(stdout);
  std::vector<experiment::BenchRow> rows;
  for (const auto& p : points) {
    try {
      rows.push_back(experiment::run_bench_point(exe, p));
    } catch (const std::runtime_error& e) {
      std::fprintf(stderr, "netcosim bench: %s\n", e.what());
      return 3;
    }
    std::fputs(experiment::bench_row_text(rows.back()).c_str(), stdout);
    std::fflush(stdout);
  }
  std::printf("load average at end: %s\n", loadavg().c_str());
  if (!json.empty()) util::write_output_file(json, experiment::bench_json(rows));
  return 0;
}

}  // namespace netcosim::cli
