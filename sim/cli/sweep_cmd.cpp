// netcosim sweep CONFIG.ini --loads FROM:TO:STEP [--seeds N] [--out DIR] [--set k=v]... [--jobs J]
//
// Runs the configuration at every offered load of the range and for N seeds (sim.seed,
// sim.seed+1, ...), the (load, seed) points in parallel on J threads of this process (each point is
// one Network object run on one thread; simulations share no state, DESIGN.md §2.5). Writes
// DIR/results.csv (one row per load, seed-averaged, Student's t 95% confidence intervals),
// DIR/points.jsonl (every run's netcosim.run/1 JSON on one line), DIR/summary.json,
// DIR/saturation.txt and, with gnuplot, DIR/latency.png and DIR/throughput.png (docs/sweep.md).
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "sim/core/config.h"
#include "sim/core/json.h"
#include "sim/core/network.h"
#include "sim/stats/plot.h"
#include "sim/util/output_file.h"
#include "subcommands.h"

namespace netcosim::cli {

namespace {

constexpr const char* kUsage =
    "usage: netcosim sweep CONFIG.ini --loads FROM:TO:STEP [--seeds N] [--out DIR]\n"
    "                      [--set section.key=value]... [--jobs J]\n";
constexpr double kSaturationFraction = 0.95;  // saturation point: accepted < 95% of offered
constexpr size_t kMaxPoints = 100000;
constexpr const char* kOutputFiles[] = {"results.csv",    "points.jsonl", "summary.json",
                                        "saturation.txt", "plots.gp",     "latency.png",
                                        "throughput.png"};

int usage_error(const std::string& msg) {
  std::fprintf(stderr, "netcosim sweep: %s\n%s", msg.c_str(), kUsage);
  return 2;
}

// Strict number parsing: the whole text must be a finite number.
bool parse_double(const std::string& s, double& out) {
  if (s.empty()) return false;
  char* end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return *end == '\0' && std::isfinite(out);
}

bool parse_uint(const std::string& s, long lo, long hi, long& out) {
  if (s.empty()) return false;
  char* end = nullptr;
  out = std::strtol(s.c_str(), &end, 10);
  return *end == '\0' && out >= lo && out <= hi;
}

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

// The offered loads FROM, FROM+STEP, ... <= TO; throws std::string with the message for exit 2.
std::vector<double> parse_loads(const std::string& spec) {
  const size_t c1 = spec.find(':');
  const size_t c2 = c1 == std::string::npos ? std::string::npos : spec.find(':', c1 + 1);
  if (c2 == std::string::npos || spec.find(':', c2 + 1) != std::string::npos)
    throw "--loads " + spec + ": expected FROM:TO:STEP, e.g. 0.1:0.9:0.1";
  const std::string parts[3] = {spec.substr(0, c1), spec.substr(c1 + 1, c2 - c1 - 1),
                                spec.substr(c2 + 1)};
  const char* names[3] = {"FROM", "TO", "STEP"};
  double v[3];
  for (int k = 0; k < 3; ++k)
    if (!parse_double(parts[k], v[k]))
      throw "--loads " + spec + ": " + names[k] + " '" + parts[k] + "' is not a number";
  const double from = v[0], to = v[1], step = v[2];
  if (from < 0 || from > 1)
    throw "--loads " + spec + ": FROM=" + parts[0] +
        " is outside [0, 1] (offered loads are phits/(node*cycle) in [0, 1])";
  if (to < 0 || to > 1)
    throw "--loads " + spec + ": TO=" + parts[1] +
        " is outside [0, 1] (offered loads are phits/(node*cycle) in [0, 1])";
  if (from > to)
    throw "--loads " + spec + ": FROM=" + parts[0] + " is greater than TO=" + parts[1] +
        " (FROM must be <= TO)";
  if (!(step > 0)) throw "--loads " + spec + ": STEP=" + parts[2] + " must be > 0";
  const double n = std::floor((to - from) / step + 1e-9) + 1;
  if (n > static_cast<double>(kMaxPoints))
    throw "--loads " + spec + ": STEP=" + parts[2] + " gives more than " +
        std::to_string(kMaxPoints) + " loads";
  std::vector<double> loads;
  for (size_t i = 0; i < static_cast<size_t>(n); ++i) {
    // Round away the accumulated binary error (0.1 + 2*0.1 = 0.30000000000000004).
    double l = std::round((from + static_cast<double>(i) * step) * 1e9) / 1e9;
    loads.push_back(std::min(l, 1.0));
  }
  return loads;
}

// Two-sided 95% quantile of Student's t distribution with `df` degrees of freedom.
double t975(size_t df) {
  static const double kTable[30] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
                                    2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
                                    2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
                                    2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
  if (df == 0) return NAN;
  if (df <= 30) return kTable[df - 1];
  // Cornish-Fisher expansion around the normal quantile (error < 1e-4 for df > 30).
  const double z = 1.959964, d = static_cast<double>(df);
  return z + (z * z * z + z) / (4 * d) +
         (5 * std::pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * d * d);
}

struct Stat {
  double mean = NAN, ci95 = NAN;
};

// Mean and the half-width of its 95% confidence interval (NaN with fewer than two samples).
Stat summarize(const std::vector<double>& x) {
  Stat s;
  if (x.empty()) return s;
  double sum = 0;
  for (double v : x) sum += v;
  s.mean = sum / static_cast<double>(x.size());
  if (x.size() < 2) return s;
  double ss = 0;
  for (double v : x) ss += (v - s.mean) * (v - s.mean);
  const double sd = std::sqrt(ss / static_cast<double>(x.size() - 1));
  s.ci95 = t975(x.size() - 1) * sd / std::sqrt(static_cast<double>(x.size()));
  return s;
}

// One (load, seed) simulation.
struct Point {
  double load = 0;
  uint64_t seed = 0;
  RunResults res;
  std::string json;  // netcosim.run/1, one line
  bool done = false;
};

// One line of JSON: drops the writer's indentation (whitespace outside strings).
std::string compact_json(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  bool in_str = false, esc = false;
  for (char c : s) {
    if (in_str) {
      out += c;
      if (esc)
        esc = false;
      else if (c == '\\')
        esc = true;
      else if (c == '"')
        in_str = false;
    } else if (c == '"') {
      in_str = true;
      out += c;
    } else if (c != ' ' && c != '\n' && c != '\t' && c != '\r') {
      out += c;
    }
  }
  return out;
}

// One row of results.csv: the seed-averaged results at one offered load.
struct Row {
  double offered = 0;
  Stat accepted, latency;
  double latency_p50 = 0, latency_p99 = 0, latency_max = 0;
  double network_latency = 0, injection_latency = 0, hops = 0, misrouted = 0, jain = 0;
  uint64_t packets_measured = 0;
  size_t seeds = 0;
};

double mean_of(const std::vector<const Point*>& pts, double (*f)(const RunResults&)) {
  double s = 0;
  for (const Point* p : pts) s += f(p->res);
  return pts.empty() ? NAN : s / static_cast<double>(pts.size());
}

std::string csv_num(double v) {
  if (!std::isfinite(v)) return "nan";
  return fmt("%.6g", v);
}

std::string format_duration(double s) {
  if (!std::isfinite(s) || s < 0) return "--:--";
  const long t = static_cast<long>(s + 0.5);
  char buf[32];
  if (t >= 3600)
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
  else
    std::snprintf(buf, sizeof buf, "%ld:%02ld", t / 60, t % 60);
  return buf;
}

}  // namespace

int sweep_main(int argc, char** argv) {
  std::string config_file, loads_spec, out_dir = "sweep-out";
  std::vector<std::string> sets;
  long seeds = 1;
  long jobs = std::max(1u, std::thread::hardware_concurrency());
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto need_value = [&](const std::string& opt) -> std::string {
      if (i + 1 >= argc) throw std::string(opt + " needs a value");
      return argv[++i];
    };
    try {
      if (a == "--loads") {
        loads_spec = need_value(a);
      } else if (a.rfind("--loads=", 0) == 0) {
        loads_spec = a.substr(8);
      } else if (a == "--seeds") {
        const std::string v = need_value(a);
        if (!parse_uint(v, 1, 1000, seeds))
          return usage_error("--seeds " + v + ": must be an integer in [1, 1000]");
      } else if (a == "--jobs" || a == "-j") {
        const std::string v = need_value(a);
        if (!parse_uint(v, 1, 1024, jobs))
          return usage_error("--jobs " + v + ": must be an integer in [1, 1024]");
      } else if (a == "--out") {
        out_dir = need_value(a);
      } else if (a == "--set") {
        sets.push_back(need_value(a));
      } else if (a.rfind("--set=", 0) == 0) {
        sets.push_back(a.substr(6));
      } else if (a == "--help" || a == "-h") {
        std::fputs(kUsage, stdout);
        std::printf(
            "\nRuns every offered load FROM, FROM+STEP, ..., TO (in [0, 1]) with N seeds\n"
            "(sim.seed, sim.seed+1, ...; default N=1) on J threads (default: the number of\n"
            "cores) and writes DIR (default ./sweep-out): results.csv, points.jsonl,\n"
            "summary.json, saturation.txt, latency.png, throughput.png (docs/sweep.md).\n");
        return 0;
      } else if (!a.empty() && a[0] == '-') {
        return usage_error("unknown option '" + a +
                           "'; options: --loads, --seeds, --out, --set, --jobs, --help");
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
  if (config_file.empty()) return usage_error("a configuration file is required");
  if (loads_spec.empty()) return usage_error("--loads FROM:TO:STEP is required");
  std::vector<double> loads;
  try {
    loads = parse_loads(loads_spec);
  } catch (const std::string& msg) {
    return usage_error(msg);
  }
  if (out_dir.empty()) return usage_error("--out: the directory name is empty");

  // The base configuration, validated at every load before anything runs.
  Config base;
  uint64_t seed0 = 0;
  try {
    base.load_file(config_file);
    for (const auto& s : sets) {
      std::string key = s.substr(0, s.find('='));
      key.erase(0, key.find_first_not_of(" \t"));
      key.erase(key.find_last_not_of(" \t") + 1);
      if (key == "traffic.load")
        return usage_error("--set " + s +
                           ": the sweep sets traffic.load; use --loads FROM:TO:STEP");
      base.set_override(s);
    }
    seed0 = static_cast<uint64_t>(base.get_int("sim.seed"));
    for (double l : loads) {
      Config c = base;
      c.set("traffic.load", fmt("%.9g", l), "--loads");
      c.set("sim.seed", std::to_string(seed0 + static_cast<uint64_t>(seeds - 1)), "--seeds");
      validate_config(c);
    }
  } catch (const ConfigError& e) {
    std::fprintf(stderr, "netcosim: configuration error: %s\n", e.what());
    return 2;
  }
  // Every destination is checked before the runs (exit 2), written after them (output_file.h).
  try {
    util::prepare_output_dir(out_dir);
    for (const char* f : kOutputFiles) util::check_output_path(out_dir + "/" + f);
  } catch (const util::OutputError& e) {
    std::fprintf(stderr, "netcosim sweep: --out %s: %s\n", out_dir.c_str(), e.what());
    return 2;
  }

  // ---- run the points: load-major order; scheduled from the highest load (the slowest) ----
  std::vector<Point> points;
  for (double l : loads)
    for (long s = 0; s < seeds; ++s)
      points.push_back({l, seed0 + static_cast<uint64_t>(s), {}, "", false});
  const size_t n = points.size();
  const size_t J = std::min<size_t>(static_cast<size_t>(jobs), n);
  std::vector<std::atomic<double>> frac(n);  // progress of each point in [0, 1]
  for (auto& f : frac) f.store(0.0);
  std::atomic<size_t> next{0}, finished{0};
  std::atomic<bool> abort{false};
  std::mutex mu;
  std::condition_variable cv;
  std::string failure;
  int failure_status = 0;
  const auto t0 = std::chrono::steady_clock::now();

  auto worker = [&] {
    for (;;) {
      if (abort.load()) return;
      const size_t k = next.fetch_add(1);
      if (k >= n) return;
      const size_t idx = n - 1 - k;
      Point& p = points[idx];
      try {
        Config c = base;
        c.set("traffic.load", fmt("%.9g", p.load), "--loads");
        c.set("sim.seed", std::to_string(p.seed), "--seeds");
        Network net(c);
        std::atomic<double>& f = frac[idx];
        p.res = net.run([&f](Cycle t, Cycle end) { f.store(std::min(1.0, double(t) / end)); }, 1);
        p.json = compact_json(results_json(p.res, c));
        p.done = true;
      } catch (const std::exception& e) {
        std::lock_guard<std::mutex> lock(mu);
        if (failure.empty()) {
          failure =
              "load " + fmt("%g", p.load) + ", seed " + std::to_string(p.seed) + ": " + e.what();
          failure_status = dynamic_cast<const ConfigError*>(&e) != nullptr ? 2 : 3;
        }
        abort.store(true);
      }
      frac[idx].store(1.0);
      finished.fetch_add(1);
      cv.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (size_t j = 0; j < J; ++j) pool.emplace_back(worker);

  const bool show = isatty(STDERR_FILENO) != 0;
  {
    std::unique_lock<std::mutex> lock(mu);
    while (finished.load() < n && !abort.load()) {
      cv.wait_for(lock, std::chrono::milliseconds(250));
      if (show) {
        double f = 0;
        for (const auto& x : frac) f += x.load();
        f /= static_cast<double>(n);
        const double el =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const int width = 30, fill = static_cast<int>(f * width);
        std::fprintf(stderr, "\r  [%s%s] %3.0f%%  %zu/%zu runs  elapsed %s  ETA %s ",
                     std::string(fill, '#').c_str(), std::string(width - fill, '.').c_str(),
                     100 * f, finished.load(), n, format_duration(el).c_str(),
                     f > 0.005 ? format_duration(el * (1 - f) / f).c_str() : "--:--");
        std::fflush(stderr);
      }
    }
  }
  for (auto& th : pool) th.join();
  if (show) std::fprintf(stderr, "\r%90s\r", "");
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!failure.empty()) {
    std::fprintf(stderr, "netcosim: %s: %s\n",
                 failure_status == 2 ? "configuration error" : "simulation failed",
                 failure.c_str());
    return failure_status;
  }

  // ---- aggregate per load ----
  std::vector<Row> rows;
  for (size_t li = 0; li < loads.size(); ++li) {
    std::vector<const Point*> pts;
    for (long s = 0; s < seeds; ++s) pts.push_back(&points[li * seeds + s]);
    Row r;
    r.offered = loads[li];
    std::vector<double> acc, lat;
    for (const Point* p : pts) {
      acc.push_back(p->res.accepted_load);
      lat.push_back(p->res.latency_avg);
      r.latency_max = std::max(r.latency_max, static_cast<double>(p->res.latency_max));
      r.packets_measured += p->res.packets_measured;
    }
    r.accepted = summarize(acc);
    r.latency = summarize(lat);
    r.latency_p50 = mean_of(pts, [](const RunResults& x) { return double(x.latency_p50); });
    r.latency_p99 = mean_of(pts, [](const RunResults& x) { return double(x.latency_p99); });
    r.network_latency = mean_of(pts, [](const RunResults& x) { return x.network_latency_avg; });
    r.injection_latency = mean_of(pts, [](const RunResults& x) { return x.injection_latency_avg; });
    r.hops = mean_of(pts, [](const RunResults& x) { return x.hops_avg; });
    r.misrouted = mean_of(pts, [](const RunResults& x) { return x.misrouted_fraction; });
    r.jain = mean_of(pts, [](const RunResults& x) { return x.fairness.jain; });
    r.seeds = pts.size();
    rows.push_back(r);
  }
  // Saturation throughput: the maximum seed-averaged accepted load. Saturation point: the lowest
  // offered load whose seed-averaged accepted load is below 95% of it (docs/sweep.md).
  size_t best = 0;
  for (size_t i = 1; i < rows.size(); ++i)
    if (rows[i].accepted.mean > rows[best].accepted.mean) best = i;
  int sat_point = -1;
  for (size_t i = 0; i < rows.size(); ++i)
    if (rows[i].accepted.mean < kSaturationFraction * rows[i].offered) {
      sat_point = static_cast<int>(i);
      break;
    }

  // ---- results.csv ----
  const std::string csv_path = out_dir + "/results.csv";
  {
    std::string f =
        "offered_load,accepted_load,accepted_ci95,latency_avg,latency_ci95,latency_p50,"
        "latency_p99,latency_max,network_latency_avg,injection_latency_avg,hops_avg,"
        "misrouted_fraction,jain,packets_measured,seeds\n";
    for (const Row& r : rows)
      f += csv_num(r.offered) + ',' + csv_num(r.accepted.mean) + ',' + csv_num(r.accepted.ci95) +
           ',' + csv_num(r.latency.mean) + ',' + csv_num(r.latency.ci95) + ',' +
           csv_num(r.latency_p50) + ',' + csv_num(r.latency_p99) + ',' + csv_num(r.latency_max) +
           ',' + csv_num(r.network_latency) + ',' + csv_num(r.injection_latency) + ',' +
           csv_num(r.hops) + ',' + csv_num(r.misrouted) + ',' + csv_num(r.jain) + ',' +
           std::to_string(r.packets_measured) + ',' + std::to_string(r.seeds) + '\n';
    util::write_output_file(csv_path, f);
  }
  {
    std::string f;
    for (const Point& p : points) f += p.json + '\n';
    util::write_output_file(out_dir + "/points.jsonl", f);
  }

  // ---- saturation.txt and summary.json ----
  std::string sat_text;
  sat_text += "saturation throughput: " + fmt("%.6g", rows[best].accepted.mean) +
              " phits/(node*cycle) (maximum seed-averaged accepted load; at offered load " +
              fmt("%g", rows[best].offered) + ")\n";
  if (sat_point >= 0)
    sat_text += "saturation point: " + fmt("%g", rows[sat_point].offered) +
                " (lowest offered load whose accepted load " +
                fmt("%.6g", rows[sat_point].accepted.mean) + " is below 95% of it)\n";
  else
    sat_text += "saturation point: not reached (accepted >= 95% of offered at every load up to " +
                fmt("%g", rows.back().offered) + ")\n";
  util::write_output_file(out_dir + "/saturation.txt", sat_text);

  {
    JsonWriter w;
    w.begin_object();
    w.kv("schema", "netcosim.sweep/1");
    w.kv("config_file", config_file);
    w.key("sets").begin_array();
    for (const auto& s : sets) w.value(s);
    w.end_array();
    w.kv("loads", loads_spec);
    w.kv("seeds", static_cast<uint64_t>(seeds));
    w.kv("first_seed", seed0);
    w.kv("jobs", static_cast<uint64_t>(J));
    w.kv("runs", static_cast<uint64_t>(n));
    w.kv("wall_seconds", wall);
    w.key("saturation").begin_object();
    w.kv("throughput", rows[best].accepted.mean);
    w.kv("throughput_offered_load", rows[best].offered);
    w.key("point");
    if (sat_point >= 0)
      w.value(rows[sat_point].offered);
    else
      w.null();
    w.kv("threshold", kSaturationFraction);
    w.end_object();
    w.key("rows").begin_array();
    for (const Row& r : rows) {
      w.begin_object();
      w.kv("offered_load", r.offered);
      w.kv("accepted_load", r.accepted.mean);
      w.kv("accepted_ci95", r.accepted.ci95);
      w.kv("latency_avg", r.latency.mean);
      w.kv("latency_ci95", r.latency.ci95);
      w.kv("latency_p99", r.latency_p99);
      w.kv("hops_avg", r.hops);
      w.kv("misrouted_fraction", r.misrouted);
      w.kv("jain", r.jain);
      w.end_object();
    }
    w.end_array();
    w.end_object();
    util::write_output_file(out_dir + "/summary.json", w.str() + '\n');
  }

  // ---- stdout table ----
  std::printf("netcosim sweep: %s, %zu loads x %ld seed(s) = %zu runs on %zu threads, %.1f s\n",
              config_file.c_str(), loads.size(), seeds, n, J, wall);
  std::printf("  %7s %9s %9s %9s %9s %6s %6s %7s\n", "offered", "accepted", "+-ci95", "latency",
              "+-ci95", "p99", "hops", "jain");
  for (const Row& r : rows)
    std::printf("  %7.3f %9.4f %9.4f %9.1f %9.1f %6.0f %6.2f %7.4f\n", r.offered, r.accepted.mean,
                r.accepted.ci95, r.latency.mean, r.latency.ci95, r.latency_p99, r.hops, r.jain);
  std::fputs(sat_text.c_str(), stdout);

  // ---- plots ----
  std::string title = std::filesystem::path(config_file).filename().string();
  for (const auto& s : sets) title += " " + s;
  std::error_code ec;
  const std::string abs_dir = std::filesystem::absolute(out_dir, ec).string();
  stats::SweepPlot plot;
  plot.csv = (ec ? out_dir : abs_dir) + "/results.csv";
  plot.latency_png = (ec ? out_dir : abs_dir) + "/latency.png";
  plot.throughput_png = (ec ? out_dir : abs_dir) + "/throughput.png";
  plot.title = title;
  plot.seeds = static_cast<size_t>(seeds);
  plot.max_load = loads.back();
  util::write_output_file(out_dir + "/plots.gp", stats::sweep_plot_script(plot));
  for (const char* png : {"/latency.png", "/throughput.png"})  // never leave stale plots
    std::filesystem::remove(out_dir + png, ec);
  const std::string gp_err = stats::run_plot(
      [plot](const std::vector<std::string>& out) {
        stats::SweepPlot p = plot;
        p.latency_png = out[0];
        p.throughput_png = out[1];
        return stats::sweep_plot_script(p);
      },
      {plot.latency_png, plot.throughput_png});
  if (!gp_err.empty()) {
    std::fprintf(stderr,
                 "netcosim sweep: warning: %s; plots not written (results.csv and the other files "
                 "are)\n",
                 gp_err.c_str());
  } else {
    std::printf(
        "wrote %s/{results.csv,points.jsonl,summary.json,saturation.txt,latency.png,"
        "throughput.png}\n",
        out_dir.c_str());
    return 0;
  }
  std::printf("wrote %s/{results.csv,points.jsonl,summary.json,saturation.txt}\n", out_dir.c_str());
  return 0;
}

}  // namespace netcosim::cli
