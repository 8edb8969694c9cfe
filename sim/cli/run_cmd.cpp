// netcosim run [CONFIG.ini] [--set section.key=value]... [--json FILE] [--engine native|systemc]
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "sim/core/config.h"
#include "sim/core/network.h"
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
      else if (a == "--timeseries-csv")
        ts_csv = need_value(a);
      else if (a == "--timeseries-png")
        ts_png = need_value(a);
      else if (a == "--json")
        json_file = need_value(a);
      else if (a == "--engine")
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
      } else if (a == "--check")
        sets.push_back("sim.check=true");
      else if (a == "--quiet" || a == "-q")
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
    if (json_file == "-") {
      std::fputs(failure_json(e).c_str(), stdout);
    } else if (!json_file.empty()) {  // written whole, then renamed into place
      const std::string tmp = json_file + ".tmp";
      if ((std::ofstream(tmp) << failure_json(e)).good())
        std::rename(tmp.c_str(), json_file.c_str());
    }
    return 3;
  }
  const std::string json = results_json(res, cfg);
  if (!json_file.empty()) {
    if (json_file == "-") {
      std::fputs(json.c_str(), stdout);
    } else {
      std::ofstream f(json_file);
      if (!f) {
        std::fprintf(stderr, "netcosim: cannot write --json file '%s'\n", json_file.c_str());
        return 2;
      }
      f << json;
    }
  }
  if (!ts_csv.empty() || !ts_png.empty()) {
    const std::string csv = timeseries_csv(res);
    const std::string csv_path = ts_csv.empty() ? ts_png + ".csv" : ts_csv;
    std::ofstream(csv_path) << csv;
    if (!ts_png.empty()) {
      // Latency and misrouted percentage per bin of generation cycles (seed 001 Fig. 7).
      const std::string script = ts_png + ".gp";
      std::ofstream gp(script);
      gp << "set terminal pngcairo size 900,600\nset output '" << ts_png << "'\n"
         << "set datafile separator ','\nset key top left\n"
         << "set xlabel 'generation cycle'\nset ylabel 'latency (cycles)'\n"
         << "set y2label 'misrouted (%)'\nset y2range [0:100]\nset ytics nomirror\n"
         << "set y2tics\nset grid\n"
         << "plot '" << csv_path << "' using 1:4 skip 1 with lines lw 2 title 'average latency', "
         << "'' using 1:($5*100) skip 1 axes x1y2 with lines title 'misrouted %'\n";
      gp.close();
      const std::string cmd = "gnuplot '" + script + "' 2>&1";
      if (std::system(cmd.c_str()) != 0)
        std::fprintf(stderr, "netcosim: warning: gnuplot failed; the time series is in %s\n",
                     csv_path.c_str());
    }
  }
  if (!quiet && json_file != "-") std::fputs(results_summary(res, cfg).c_str(), stdout);
  return 0;
}

}  // namespace netcosim::cli
