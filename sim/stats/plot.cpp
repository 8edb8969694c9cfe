// The one plot runner and the gnuplot scripts of netcosim (plot.h).
#include "sim/stats/plot.h"

#include <sys/stat.h>

#include <cstdio>
#include <filesystem>
#include <memory>

#include "sim/util/output_file.h"
#include "sim/util/process.h"
#include "sim/util/quote.h"

namespace netcosim::stats {

namespace {

constexpr double kGnuplotTimeoutSeconds = 300;

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

}  // namespace

std::string run_plot(const PlotScript& script, const std::vector<std::string>& pngs) {
  std::vector<std::unique_ptr<util::TempFile>> temps;
  std::vector<std::string> paths;
  for (const auto& png : pngs) {
    if (png == "-") throw util::OutputError("cannot write a PNG to '-' (standard output)");
    struct stat st;
    if (stat(png.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
      paths.push_back(png);  // a device or a FIFO: gnuplot writes it in place
      continue;
    }
    temps.push_back(std::make_unique<util::TempFile>(png));
    paths.push_back(temps.back()->path());
  }
  util::ProcessOptions opt;
  opt.stdin_text = script(paths);
  opt.search_path = true;
  opt.timeout_seconds = kGnuplotTimeoutSeconds;
  const util::ProcessResult r = util::run_process({"gnuplot"}, opt);
  if (!r.start_error.empty() || r.status == 127)
    return "gnuplot could not be started (" +
           (r.start_error.empty() ? "exit status 127" : r.start_error) +
           "); install it (Debian package gnuplot-nox)";
  if (!r.ok()) {
    const std::string why = util::last_line(r.err);
    return "gnuplot failed (" + r.describe() + ")" + (why.empty() ? "" : ": " + why);
  }
  for (size_t i = 0; i < pngs.size(); ++i) {
    struct stat st;
    if (stat(paths[i].c_str(), &st) != 0 || (S_ISREG(st.st_mode) && st.st_size == 0))
      return "gnuplot wrote no image for '" + pngs[i] + "'";
  }
  for (auto& t : temps) t->commit();
  return "";
}

std::string timeseries_plot_script(const std::string& csv, const std::string& png) {
  using util::gnuplot_quote;
  return "set terminal pngcairo size 900,600\nset output " + gnuplot_quote(png) + "\n" +
         "set datafile separator ','\nset key top left\n"
         "set xlabel 'generation cycle'\nset ylabel 'latency (cycles)'\n"
         "set y2label 'misrouted (%)'\nset y2range [0:100]\nset ytics nomirror\n"
         "set y2tics\nset grid\n"
         "plot " +
         gnuplot_quote(csv) +
         " using 1:4 skip 1 with lines lw 2 title 'average latency', "
         "'' using 1:($5*100) skip 1 axes x1y2 with lines title 'misrouted %'\n"
         "set output\n";
}

std::string write_timeseries(const std::string& csv_text, const std::string& csv,
                             const std::string& png) {
  util::write_output_file(csv, csv_text);
  if (png.empty()) return "";
  return run_plot(
      [&](const std::vector<std::string>& out) { return timeseries_plot_script(csv, out[0]); },
      {png});
}

std::string node_loads_plot_script(const std::string& csv, const std::string& png) {
  using util::gnuplot_quote;
  const std::string data = gnuplot_quote(csv);
  return "set terminal pngcairo size 900,600\nset output " + gnuplot_quote(png) + "\n" +
         "set datafile separator ','\nset key below horizontal\n"
         "set xlabel 'node'\nset ylabel 'load (phits/(node*cycle))'\nset grid\n"
         "set autoscale xfix\nset offsets 0.5, 0.5, 0, 0\n"
         "set yrange [0:*]\nset style fill solid 0.5 noborder\n"
         "stats " +
         data +
         " skip 1 using 4 nooutput\n"
         "plot " +
         data +
         " skip 1 using 1:4 with boxes title 'injected', "
         "'' skip 1 using 1:3 with steps lw 2 title 'offered', "
         "STATS_mean with lines dt 2 lw 2 title sprintf('mean %.4f', STATS_mean), "
         "STATS_min with lines dt 3 lw 2 title sprintf('min %.4f', STATS_min)\n"
         "set output\n";
}

std::string write_node_loads(const std::string& csv_text, const std::string& csv,
                             const std::string& png) {
  util::write_output_file(csv, csv_text);
  if (png.empty()) return "";
  return run_plot(
      [&](const std::vector<std::string>& out) { return node_loads_plot_script(csv, out[0]); },
      {png});
}

namespace {

// The preamble of both sweep plots: terminal, CSV format, axes.
std::string sweep_plot_head(const SweepPlot& p) {
  std::string s;
  s += "# netcosim sweep: the plots of results.csv (absolute paths: run gnuplot on it anywhere)\n";
  s += "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n";
  s += "  set terminal pngcairo size 900,600 enhanced font 'sans,11'\n";
  s += "} else {\n";
  s += "  set terminal png size 900,600\n";
  s += "}\n";
  s += "set datafile separator ','\n";
  s += "set grid\n";
  s += "set key top left\n";
  s += "set xlabel 'offered load (phits/(node*cycle))'\n";
  s += "set xrange [0:" + fmt("%g", p.max_load > 0 ? p.max_load * 1.05 : 1.0) + "]\n";
  return s;
}

// One line per named curve: its rows k*loads .. k*loads + loads - 1 of the CSV (after the
// header), columns shifted by the leading `curve` column; the same colour and point type in both
// plots.
std::string curve_lines(const SweepPlot& p, int x, int y, int ci) {
  static const int kPointTypes[] = {7, 5, 9, 11, 13, 15, 4, 6, 8, 10, 12, 14};
  const bool bars = p.seeds >= 2;
  std::string s;
  for (size_t k = 0; k < p.curves.size(); ++k) {
    const size_t first = k * p.loads, last = first + p.loads - 1;
    s += std::string(k == 0 ? "" : ", \\\n     ") + util::gnuplot_quote(p.csv) +
         " skip 1 every ::" + std::to_string(first) + "::" + std::to_string(last) + " using " +
         std::to_string(x) + ":" + std::to_string(y) +
         (bars ? ":" + std::to_string(ci) + " with yerrorlines" : "") +
         (bars ? "" : " with linespoints") + " lw 2 lc " + std::to_string(k % 8 + 1) + " pt " +
         std::to_string(kPointTypes[k % 12]) + " title " + util::gnuplot_quote(p.curves[k]) +
         " noenhanced";
  }
  return s;
}

// One line per SL (per named curve and SL) of per_sl.csv, whose rows are point-major: for each
// offered load (each curve's loads in turn) one row per SL. SL c of curve k is every S-th row
// from k*loads*S + c to the curve's last row (S SLs). Columns as in per_sl.csv, shifted by the
// leading `curve` column when the curves are named.
std::string sl_lines(const SweepPlot& p, int y) {
  static const int kPointTypes[] = {7, 5, 9, 11, 13, 15, 4, 6, 8, 10, 12, 14};
  const bool named = !p.curves.empty();
  const size_t curves = named ? p.curves.size() : 1, sls = p.sls.size();
  const int shift = named ? 1 : 0;
  std::string s;
  for (size_t k = 0; k < curves; ++k)
    for (size_t c = 0; c < sls; ++c) {
      const size_t first = k * p.loads * sls + c, last = (k + 1) * p.loads * sls - 1;
      const size_t line = k * sls + c;
      s += std::string(line == 0 ? "" : ", \\\n     ") + util::gnuplot_quote(p.sl_csv) +
           " skip 1 every " + std::to_string(sls) + "::" + std::to_string(first) +
           "::" + std::to_string(last) + " using " + std::to_string(1 + shift) + ":" +
           std::to_string(y + shift) + " with linespoints lw 2 lc " + std::to_string(c % 8 + 1) +
           " pt " + std::to_string(kPointTypes[k % 12]) + " title " +
           util::gnuplot_quote(named ? p.curves[k] + " " + p.sls[c] : p.sls[c]) + " noenhanced";
    }
  return s;
}

}  // namespace

std::string sweep_plot_script(const SweepPlot& p) {
  using util::gnuplot_quote;
  const std::string csv = gnuplot_quote(p.csv);
  const bool bars = p.seeds >= 2;
  std::string s = sweep_plot_head(p);
  // Each plot: its output, title, y label, then the main curve (with 95% CI error bars when
  // there are two seeds or more) and a reference curve; with named curves, one line per curve
  // (the latency plot then has no p99 line).
  const std::string latency_main =
      bars ? "1:4:5 with yerrorlines lw 2 pt 7 title 'latency avg (95% CI)'"
           : "1:4 with linespoints lw 2 pt 7 title 'latency avg'";
  const std::string accepted_main =
      bars ? "1:2:3 with yerrorlines lw 2 pt 7 title 'accepted (95% CI)'"
           : "1:2 with linespoints lw 2 pt 7 title 'accepted'";
  const std::string y_is_x = "x with lines dt 2 lc rgb 'gray40' title 'y = x'";
  const bool named = !p.curves.empty();
  const bool per_sl = !p.sls.empty() && p.loads > 0;
  const struct {
    std::string png, name, ylabel, lines;
  } plots[] = {
      {p.latency_png, "latency", "latency (cycles)",
       named ? curve_lines(p, 2, 5, 6)
             : csv + " skip 1 using " + latency_main + ", \\\n     " + csv +
                   " skip 1 using 1:7 with linespoints lw 1 pt 6 dt 2 title 'latency p99'"},
      {p.throughput_png, "throughput", "accepted load (phits/(node*cycle))",
       (named ? curve_lines(p, 2, 3, 4) : csv + " skip 1 using " + accepted_main) + ", \\\n     " +
           y_is_x},
      // per_sl.csv: latency_avg_ns is column 8, accepted_load column 5 (docs/sweep.md); the
      // per-SL latency in ns, as thesis 003 reports it (Sec. 4.4, 5.6).
      {per_sl ? p.sl_latency_png : std::string(), "latency per SL", "latency (ns)",
       per_sl ? sl_lines(p, 8) : std::string()},
      {per_sl ? p.sl_throughput_png : std::string(), "accepted load per SL",
       "accepted load (phits/(node*cycle))", per_sl ? sl_lines(p, 5) : std::string()},
  };
  for (const auto& pl : plots) {
    if (pl.png.empty()) continue;
    s += "set output " + gnuplot_quote(pl.png) + "\n";
    s += "set title " + gnuplot_quote(p.title + ": " + pl.name) + " noenhanced\n";
    s += "set ylabel '" + pl.ylabel + "'\n";
    s += "set yrange [0:*]\n";
    s += "plot " + pl.lines + "\n";
  }
  s += "set output\n";
  return s;
}

std::string write_sweep_plots(const std::string& dir, const std::string& config_file,
                              const std::vector<std::string>& sets, size_t seeds, double max_load,
                              const std::vector<std::string>& curves, size_t loads,
                              const std::vector<std::string>& sls) {
  std::error_code ec;
  const std::string abs_dir = std::filesystem::absolute(dir, ec).string();
  SweepPlot plot;
  plot.csv = (ec ? dir : abs_dir) + "/results.csv";
  plot.latency_png = (ec ? dir : abs_dir) + "/latency.png";
  plot.throughput_png = (ec ? dir : abs_dir) + "/throughput.png";
  plot.title = std::filesystem::path(config_file).filename().string();
  for (const auto& s : sets) plot.title += " " + s;
  plot.seeds = seeds;
  plot.max_load = max_load;
  plot.curves = curves;
  plot.loads = loads;
  plot.sls = sls;
  if (!sls.empty()) {
    plot.sl_csv = (ec ? dir : abs_dir) + "/per_sl.csv";
    plot.sl_latency_png = (ec ? dir : abs_dir) + "/per_sl_latency.png";
    plot.sl_throughput_png = (ec ? dir : abs_dir) + "/per_sl_throughput.png";
  }
  util::write_output_file(dir + "/plots.gp", sweep_plot_script(plot));
  for (const char* png :
       {"/latency.png", "/throughput.png", "/per_sl_latency.png", "/per_sl_throughput.png"})
    std::filesystem::remove(dir + png, ec);
  std::vector<std::string> pngs = {plot.latency_png, plot.throughput_png};
  if (!sls.empty()) {
    pngs.push_back(plot.sl_latency_png);
    pngs.push_back(plot.sl_throughput_png);
  }
  return run_plot(
      [plot](const std::vector<std::string>& out) {
        SweepPlot p = plot;
        p.latency_png = out[0];
        p.throughput_png = out[1];
        if (out.size() == 4) {
          p.sl_latency_png = out[2];
          p.sl_throughput_png = out[3];
        }
        return sweep_plot_script(p);
      },
      pngs);
}

}  // namespace netcosim::stats
