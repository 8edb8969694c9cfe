// netcosim run [CONFIG.ini] [--set section.key=value]... [--json FILE] [--engine native|systemc]
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "sim/core/config.h"
#include "sim/core/network.h"
#include "sim/stats/plot.h"
#include "sim/util/output_file.h"
#include "subcommands.h"
#include "systemc/sc/sc_engine.h"

namespace netcosim::cli {

namespace {

void print_keys() {
  std::printf("configuration keys (section.key = default: meaning; allowed values):\n");
  for (const auto& s : config_schema()) {
    std::printf("  %-28s = %-10s %s", s.name, s.def, s.help);
    if (s.type == KeyType::Enum) std::printf("; %s", s.choices);
    if (s.type == KeyType::Int || s.type == KeyType::Float) std::printf("; [%g, %g]", s.min, s.max);
    if (s.type == KeyType::Bool) std::printf("; true|false");
    std::printf("\n");
  }
}

int usage_error(const std::string& msg) {
  std::fprintf(stderr, "netcosim run: %s\n", msg.c_str());
  std::fprintf(stderr,
               "usage: netcosim run [CONFIG.ini] [--set section.key=value]... [--json FILE] "
               "[--engine native|systemc] [--threads N] [--sc-quantum Q] [--quiet]\n");
  return 2;
}

}  // namespace

int run_main(int argc, char** argv) {
  std::string config_file, json_file, engine = "native";
  std::vector<std::string> sets;
  bool quiet = false;
  uint32_t threads = 1;
  ScEngineOptions sc_opt;
  std::string ts_csv, ts_png;
  bool sc_quantum_set = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto need_value = [&](const std::string& opt) -> std::string {
      if (i + 1 >= argc) throw std::string(opt + " needs a value");
      return argv[++i];
    };
    try {
      if (a == "--set")
        sets.push_back(need_value(a));
      else if (a.rfind("--set=", 0) == 0)
        sets.push_back(a.substr(6));
      else if (a == "--timeseries-csv" || a == "--timeseries-png" || a == "--json") {
        const std::string v = need_value(a);
        if (v.empty()) return usage_error(a + ": the file name is empty");
        (a == "--json" ? json_file : a == "--timeseries-csv" ? ts_csv : ts_png) = v;
      } else if (a == "--engine")
        engine = need_value(a);
      else if (a == "--threads") {
        const std::string v = need_value(a);
        char* end = nullptr;
        const long n = std::strtol(v.c_str(), &end, 10);
        if (v.empty() || *end != '\0' || n < 1 || n > 256)
          return usage_error("--threads " + v + ": must be an integer in [1, 256]");
        threads = static_cast<uint32_t>(n);
      } else if (a == "--sc-quantum") {
        const std::string v = need_value(a);
        char* end = nullptr;
        const long n = std::strtol(v.c_str(), &end, 10);
        if (v.empty() || *end != '\0' || n < 0 || n > 1000000)
          return usage_error(
              "--sc-quantum " + v +
              ": must be a number of cycles >= 1, or 0 for the shortest link latency");
        sc_opt.quantum = static_cast<Cycle>(n);
        sc_quantum_set = true;
      } else if (a == "--quiet" || a == "-q")
        quiet = true;
      else if (a == "--help" || a == "-h") {
        std::printf(
            "usage: netcosim run [CONFIG.ini] [--set section.key=value]... [--json FILE] "
            "[--engine native|systemc] [--threads N] [--sc-quantum Q] [--quiet]\n\n");
        print_keys();
        return 0;
      } else if (!a.empty() && a[0] == '-') {
        return usage_error("unknown option '" + a +
                           "'; options: --set, --json, --engine, --threads, --sc-quantum, "
                           "--timeseries-csv, --timeseries-png, --quiet, --help");
      } else if (config_file.empty()) {
        config_file = a;
      } else {
        return usage_error("unexpected argument '" + a + "' (the configuration file is '" +
                           config_file + "')");
      }
    } catch (const std::string& msg) {
      return usage_error(msg);
    }
  }
  if (engine != "native" && engine != "systemc")
    return usage_error("--engine " + engine + ": allowed values are native, systemc");
  if (engine == "systemc" && threads != 1)
    return usage_error("--threads " + std::to_string(threads) +
                       ": the systemc engine runs on one thread (use --engine native)");
  if (engine != "systemc" && sc_quantum_set)
    return usage_error("--sc-quantum applies to --engine systemc only");

  if (ts_csv == "-" && !ts_png.empty())
    return usage_error("--timeseries-csv -: the plot of --timeseries-png needs the CSV in a file");
  // Every destination is checked before the run (exit 2), written after it (output_file.h).
  const std::string ts_csv_path = ts_csv.empty() && !ts_png.empty() ? ts_png + ".csv" : ts_csv;
  try {
    for (const std::string& path : {json_file, ts_csv_path, ts_png})
      if (!path.empty()) util::check_output_path(path);
  } catch (const util::OutputError& e) {
    std::fprintf(stderr, "netcosim run: %s\n", e.what());
    return 2;
  }
  Config cfg;
  RunResults res;
  try {
    if (!config_file.empty()) cfg.load_file(config_file);
    for (const auto& s : sets) cfg.set_override(s);
    validate_config(cfg);
    if ((!ts_csv.empty() || !ts_png.empty()) && cfg.get_int("sim.timeseries_bin") == 0)
      throw ConfigError(
          "--timeseries-csv/--timeseries-png need a time series: set "
          "sim.timeseries_bin to a bin length in cycles (sim.timeseries_bin=0)");
    const std::string warning = contention_threshold_warning(cfg);
    if (!warning.empty()) std::fprintf(stderr, "netcosim: warning: %s\n", warning.c_str());
    const bool show = !quiet && isatty(STDERR_FILENO);
    std::function<void(Cycle, Cycle)> progress;
    if (show) {
      // Cycle, percent done and ETA, on the terminal only.
      const auto start = std::chrono::steady_clock::now();
      progress = [start](Cycle t, Cycle end) {
        const double el =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double frac = t >= end ? 1.0 : double(t) / end;
        const double eta = frac > 0 ? el * (1 - frac) / frac : 0;
        std::fprintf(stderr, "\r  cycle %u / %u (%3.0f%%)  ETA %.0f s   ", t, end, 100.0 * frac,
                     eta);
      };
    }
    if (engine == "systemc") {
      res = run_systemc(cfg, sc_opt, progress);
    } else {
      Network net(cfg);
      res = net.run(progress, threads);
    }
    if (show) std::fprintf(stderr, "\r%60s\r", "");
  } catch (const ConfigError& e) {
    std::fprintf(stderr, "netcosim: configuration error: %s\n", e.what());
    return 2;
  } catch (const SimulationFailure& e) {
    std::fprintf(stderr, "netcosim: simulation failed: %s\n", e.what());
    return 3;
  }
  if (!json_file.empty()) util::write_output_file(json_file, results_json(res, cfg));
  if (!ts_csv_path.empty()) util::write_output_file(ts_csv_path, timeseries_csv(res));
  if (!ts_png.empty()) {
    const std::string err = stats::run_plot(
        [&](const std::vector<std::string>& out) {
          return stats::timeseries_plot_script(ts_csv_path, out[0]);
        },
        {ts_png});
    if (!err.empty()) {
      std::fprintf(stderr, "netcosim run: --timeseries-png %s: %s; the time series is in %s\n",
                   ts_png.c_str(), err.c_str(), ts_csv_path.c_str());
      return 3;
    }
  }
  if (!quiet && json_file != "-") std::fputs(results_summary(res, cfg).c_str(), stdout);
  return 0;
}

}  // namespace netcosim::cli
