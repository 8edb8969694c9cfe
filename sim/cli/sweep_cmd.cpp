// netcosim sweep CONFIG.ini --loads FROM:TO:STEP [--seeds N] [--out DIR] [--set k=v]...
//                [--curve 'NAME: k=v ...']... [--jobs J]
// Argument handling only: the sweep is sim/experiment/sweep.h, the plots sim/stats/plot.h.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "sim/cli/options.h"
#include "sim/cli/progress.h"
#include "sim/cli/subcommands.h"
#include "sim/experiment/sweep.h"
#include "sim/stats/plot.h"
#include "sim/util/output_file.h"

namespace netcosim::cli {

namespace {

constexpr const char* kOutputFiles[] = {
    "results.csv", "points.jsonl",   "summary.json", "saturation.txt",     "plots.gp",
    "latency.png", "throughput.png", "per_sl.csv",   "per_sl_latency.png", "per_sl_throughput.png"};
constexpr const char* kAbout =
    "\nRuns every offered load FROM, FROM+STEP, ..., TO (in [0, 1]) with N seeds (sim.seed,\n"
    "sim.seed+1, ...) on J threads and writes DIR: results.csv, points.jsonl, summary.json,\n"
    "saturation.txt, plots.gp, latency.png, throughput.png and, with service levels,\n"
    "per_sl.csv, per_sl_latency.png, per_sl_throughput.png (docs/sweep.md).\n"
    "Each --curve (or each line NAME = k=v ... of the file's [curves] section) is one named\n"
    "curve: its keys are applied on top of the file and the --sets; the curves share the loads\n"
    "and seeds and are drawn as one line each, e.g.\n"
    "  --curve 'MIN: routing.algorithm=min' --curve 'VAL: routing.algorithm=val'\n";

void describe(CommandLine& cl) {
  cl.options.add_options()("loads", text("FROM:TO:STEP"), "the offered loads (required)")(
      "seeds", text("N")->default_value("1"), "seeds per load, 1..1000")(
      "out", text("DIR")->default_value("sweep-out"), "output directory (created if needed)")(
      "set", texts("K=V"), "override a configuration key (repeatable; not traffic.load)")(
      "curve", texts("'NAME: K=V ...'"),
      "a named curve: its overrides on top of the file and the --sets (repeatable; not "
      "traffic.load; not with a [curves] section)")(
      "jobs,j", text("J"), "points run in parallel, 1..1024 (default: the number of cores)");
  cl.hidden.add_options()("config", text("CONFIG"));
  cl.positional.add("config", 1);
}

}  // namespace

int sweep_main(int argc, char** argv) {
  CommandLine cl("sweep",
                 "usage: netcosim sweep CONFIG.ini --loads FROM:TO:STEP [--seeds N] [--out DIR]\n"
                 "                      [--set section.key=value]... [--jobs J]\n"
                 "                      [--curve 'NAME: section.key=value ...']...\n",
                 kAbout);
  describe(cl);
  if (const int rc = parse_command_line(cl, argc, argv); rc >= 0) return rc;
  experiment::SweepInfo info;
  info.config_file = opt_string(cl, "config");
  info.loads_spec = opt_string(cl, "loads");
  info.sets = opt_strings(cl, "set");
  const std::string out = opt_string(cl, "out"), seeds = opt_string(cl, "seeds");
  const std::string jobs = cl.vm.count("jobs") != 0
                               ? opt_string(cl, "jobs")
                               : std::to_string(std::max(1u, std::thread::hardware_concurrency()));
  long long n = 0;
  if (info.config_file.empty()) return usage_error(cl, "a configuration file is required");
  if (info.loads_spec.empty()) return usage_error(cl, "--loads FROM:TO:STEP is required");
  if (!parse_int(seeds, 1, 1000, n))
    return usage_error(cl, "--seeds " + seeds + ": must be an integer in [1, 1000]");
  info.seeds = static_cast<size_t>(n);
  if (!parse_int(jobs, 1, 1024, n))
    return usage_error(cl, "--jobs " + jobs + ": must be an integer in [1, 1024]");
  experiment::SweepSpec spec;
  try {
    spec = experiment::make_spec(info.config_file, info.sets, opt_strings(cl, "curve"),
                                 experiment::expand_loads(info.loads_spec), info.seeds);
  } catch (const experiment::UsageError& e) {
    return usage_error(cl, e.what());
  }
  try {  // every destination, before the runs
    util::prepare_output_dir(out);
    for (const char* f : kOutputFiles) util::check_output_path(out + "/" + f);
  } catch (const util::OutputError& e) {
    return usage_error(cl, "--out " + out + ": " + e.what());
  }
  info.seed0 = spec.seed0;
  std::vector<std::string> names;
  if (spec.named())
    for (const auto& c : spec.curves) {
      info.curves.push_back({c.name, c.overrides, c.seed0});
      names.push_back(c.name);
    }
  info.runs = spec.curves.size() * spec.loads.size() * info.seeds;
  info.jobs = std::min<size_t>(static_cast<size_t>(n), info.runs);
  const auto t0 = std::chrono::steady_clock::now();
  const bool show = isatty(STDERR_FILENO) != 0;
  const auto points = experiment::run_points(spec, info.jobs, sweep_bar(show));
  if (show) erase_sweep_bar();
  info.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::fputs(experiment::write_outputs(out, info, spec, points).c_str(), stdout);
  // Per-SL plots when the runs carry service levels (per_sl.csv written by write_outputs).
  std::vector<std::string> sls;
  if (!points.empty())
    for (const auto& x : points.front().res.per_sl) sls.push_back(x.name);
  const std::string err =
      stats::write_sweep_plots(out, info.config_file, info.sets, info.seeds, spec.loads.back(),
                               names, spec.loads.size(), sls);
  if (!err.empty())
    std::fprintf(stderr, "netcosim sweep: warning: %s; plots not written (the other files are)\n",
                 err.c_str());
  std::printf("wrote %s/{results.csv,points.jsonl,summary.json,saturation.txt%s%s%s}\n",
              out.c_str(), sls.empty() ? "" : ",per_sl.csv",
              err.empty() ? ",latency.png,throughput.png" : "",
              err.empty() && !sls.empty() ? ",per_sl_latency.png,per_sl_throughput.png" : "");
  return 0;
}

}  // namespace netcosim::cli
