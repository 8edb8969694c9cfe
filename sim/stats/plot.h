// The one plot runner: gnuplot, started without a shell (sim/util/process.h), reads the script on
// its stdin and writes each PNG to a temporary file in the PNG's directory; the temporary files
// are renamed onto the targets only when gnuplot succeeded (sim/util/output_file.h). Every path and
// title in a script is quoted by util::gnuplot_quote. Used by `netcosim run --timeseries-png` and
// `netcosim sweep`.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace netcosim::stats {

// Builds the script given the paths the PNGs are to be written to (in the order of run_plot's
// `pngs`).
using PlotScript = std::function<std::string(const std::vector<std::string>& png_paths)>;

// Runs gnuplot on script(temporary paths); returns "" on success, else what went wrong (gnuplot
// missing, its exit status and last error line). Throws util::OutputError when a PNG's directory
// cannot hold a file.
std::string run_plot(const PlotScript& script, const std::vector<std::string>& pngs);

// The time series plot of `netcosim run --timeseries-png` (seed 001 Fig. 7): average latency and
// misrouted percentage per bin of generation cycles, from the CSV written by --timeseries-csv.
std::string timeseries_plot_script(const std::string& csv, const std::string& png);

// Writes the time series of `res` (sim.timeseries_bin) as CSV to `csv` and, if `png` is not empty,
// plots it there. Returns "" or what went wrong with gnuplot; throws util::OutputError.
std::string write_timeseries(const std::string& csv_text, const std::string& csv,
                             const std::string& png);

// The per-node plot of `netcosim run --node-loads-png` (paper 004 Fig. 6-9: node throughput): the
// injected load of every node as a bar, its offered load as a line, and the mean and the minimum
// over the nodes as horizontal lines, from the CSV written by --node-loads-csv.
std::string node_loads_plot_script(const std::string& csv, const std::string& png);

// Writes the per-node loads (`csv_text`, sim/stats/report.h node_loads_csv) to `csv` and, if
// `png` is not empty, plots them there. Returns "" or what went wrong with gnuplot; throws
// util::OutputError.
std::string write_node_loads(const std::string& csv_text, const std::string& csv,
                             const std::string& png);

// The two plots of `netcosim sweep` (docs/sweep.md): latency and accepted load against offered
// load from results.csv, with 95% confidence bars when there are two seeds or more. With named
// curves (results.csv then starts with a `curve` column and holds `loads` rows per curve, in the
// order of `curves`) each plot has one line per curve, titled with its name.
struct SweepPlot {
  std::string csv, latency_png, throughput_png, title;
  size_t seeds = 1;
  double max_load = 1;
  std::vector<std::string> curves;  // empty: one unnamed curve
  size_t loads = 0;                 // rows per curve
  // Per-SL plots (runs with service levels, docs/sweep.md): latency and accepted load of each SL
  // against offered load from per_sl.csv, one line per SL (per curve and SL with named curves).
  // Empty `sls`: no per-SL plots.
  std::string sl_csv, sl_latency_png, sl_throughput_png;
  std::vector<std::string> sls;  // the SLs' names, in the order of per_sl.csv's rows
};
std::string sweep_plot_script(const SweepPlot& p);

// Writes DIR/plots.gp (absolute paths) and draws DIR/latency.png and DIR/throughput.png from
// DIR/results.csv and, when `sls` is not empty, DIR/per_sl_latency.png and
// DIR/per_sl_throughput.png from DIR/per_sl.csv (old PNGs are removed first, so a PNG in DIR
// always belongs to the CSVs).
// Returns "" or what went wrong with gnuplot; throws util::OutputError.
// The title: the configuration file's name and the --set overrides. `curves` and `loads` as in
// SweepPlot.
std::string write_sweep_plots(const std::string& dir, const std::string& config_file,
                              const std::vector<std::string>& sets, size_t seeds, double max_load,
                              const std::vector<std::string>& curves, size_t loads,
                              const std::vector<std::string>& sls = {});

}  // namespace netcosim::stats
