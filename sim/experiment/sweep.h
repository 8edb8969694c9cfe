// The load sweep of `netcosim sweep` (docs/sweep.md): the offered loads of FROM:TO:STEP, the
// (load, seed) points run in parallel (one Network per point and thread; simulations share no
// state, docs/principles.md §5), the seed-averaged rows with Student's t 95% confidence intervals
// (Boost.Math), the saturation figures, and the texts of the output files.
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/config/config.h"
#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"

namespace netcosim::experiment {

// Bad usage (exit 2); the message names the value and what is allowed.
class UsageError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

constexpr double kSaturationFraction = 0.95;  // saturation point: accepted < 95% of offered
constexpr size_t kMaxLoads = 100000;

// The offered loads FROM, FROM+STEP, ... <= TO, each in [0, 1]; throws UsageError.
std::vector<double> expand_loads(const std::string& spec);

// The two-sided 95% quantile of Student's t with `df` degrees of freedom (t_{0.975, df}); NaN for
// df = 0.
double student_t975(size_t df);

struct Stat {
  double mean = NAN, ci95 = NAN;  // ci95: half-width of the 95% confidence interval of the mean
};
// Mean and t_{0.975, n-1} * s / sqrt(n) (s: the sample standard deviation); ci95 is NaN with
// fewer than two samples, both are NaN with none.
Stat summarize(const std::vector<double>& x);

// A named curve (docs/sweep.md "Curves"): configuration overrides applied, for this curve only,
// on top of the configuration file and the --set overrides. From `--curve 'NAME: k=v k=v ...'` or
// a line `NAME = k=v k=v ...` of the file's [curves] section (sim/config/config.h IniCurves).
struct CurveDef {
  std::string name;
  std::vector<std::string> overrides;  // "section.key=value", in the order given
  std::string origin;                  // where it was given, for messages
};
constexpr size_t kMaxCurves = 64;
constexpr size_t kMaxCurveNameChars = 32;
// Parses the text of one --curve option; throws UsageError naming the option's text.
CurveDef parse_curve_option(const std::string& text);
// Parses one line of a [curves] section; throws UsageError naming its file and line.
CurveDef parse_curve_line(const CurveLine& line);

// One curve of a sweep: its configuration (file, --set, the curve's overrides) and first seed.
struct SweepCurve {
  std::string name;  // "" for the one curve of a sweep without curves
  std::vector<std::string> overrides;
  Config base;
  uint64_t seed0 = 0;  // its sim.seed: the seeds are seed0 .. seed0 + seeds - 1
};
struct SweepSpec {
  std::vector<SweepCurve> curves;  // one unnamed curve when no curve is given
  std::vector<double> loads;
  size_t seeds = 1;
  uint64_t seed0 = 0;  // sim.seed of the file and the --sets (a curve may set its own)
  bool named() const { return !curves.empty() && !curves.front().name.empty(); }
};
// Builds the spec and validates every curve's configuration at every load before anything runs;
// `curve_options` are the --curve texts (the file's [curves] section is read here; both at once
// is a UsageError). Throws ConfigError (a named curve's message starts with "curve 'NAME'"), or
// UsageError for a --set or a curve that sets traffic.load, a bad or duplicate curve.
SweepSpec make_spec(const std::string& config_file, const std::vector<std::string>& sets,
                    const std::vector<std::string>& curve_options, const std::vector<double>& loads,
                    size_t seeds);
Config point_config(const Config& base, double load, uint64_t seed);

struct SweepPoint {
  size_t curve = 0;  // index in SweepSpec::curves
  double load = 0;
  uint64_t seed = 0;
  RunResults res;
  std::string json;  // netcosim.run/1 on one line (with "curve" after "schema" for a named curve)
};
// fraction of simulated cycles done over all points, points finished, points in all.
using SweepProgress = std::function<void(double, size_t, size_t)>;
// Runs every point, curve-major then load-major, on `jobs` threads (the highest loads first, over
// all curves); the points and their files do not depend on `jobs`. Calls progress from
// the calling thread about every 250 ms. A failed point throws ConfigError or SimulationFailure
// naming its load and seed (the other points are abandoned).
std::vector<SweepPoint> run_points(const SweepSpec& spec, size_t jobs,
                                   const SweepProgress& progress);

// One row of results.csv: the seed-averaged results of one curve at one offered load.
struct SweepRow {
  std::string curve;  // the curve's name; "" without curves
  double offered = 0;
  Stat accepted, latency;
  double latency_p50 = 0, latency_p99 = 0, latency_max = 0;
  double network_latency = 0, injection_latency = 0, hops = 0, misrouted = 0, jain = 0;
  // The misrouting metrics' means (docs/model.md §5): nonminimal, global and local misrouted
  // fractions; accepted load misrouted at injection, in the source, intermediate and destination
  // group.
  double nonminimal = 0, global_misrouted = 0, local_misrouted = 0;
  double misrouted_at[4] = {0, 0, 0, 0};
  uint64_t packets_measured = 0;
  size_t seeds = 0;
};
// The points are curve-major, then load-major with `seeds` points per load; `curves` names the
// curves by index (empty: every row unnamed).
std::vector<SweepRow> aggregate(const std::vector<SweepPoint>& points, size_t seeds,
                                const std::vector<std::string>& curves = {});
// The point's run/1 JSON line with "curve": name inserted after "schema".
std::string with_curve(const std::string& json_line, const std::string& name);

// best: the row of the maximum seed-averaged accepted load (the saturation throughput); point:
// the first row whose accepted load is below kSaturationFraction of its offered load, -1 if none.
struct Saturation {
  size_t best = 0;
  long point = -1;
};
Saturation saturation(const std::vector<SweepRow>& rows);

// A curve as recorded in summary.json.
struct CurveInfo {
  std::string name;
  std::vector<std::string> overrides;
  uint64_t seed0 = 0;
};
// The inputs recorded in summary.json.
struct SweepInfo {
  std::vector<CurveInfo> curves;  // empty without curves
  std::string config_file, loads_spec;
  std::vector<std::string> sets;
  size_t seeds = 1, jobs = 1, runs = 0;
  uint64_t seed0 = 0;
  double wall_seconds = 0;
};

// With named rows (rows[0].curve not empty) the CSV starts with a `curve` column.
std::string results_csv(const std::vector<SweepRow>& rows);
std::string points_jsonl(const std::vector<SweepPoint>& points);
// With service levels (the points' RunResults::per_sl): per_sl.csv, one row per curve, offered
// load and SL with the seed means of the SL's figures (docs/model.md §9.3); "" without them.
std::string per_sl_csv(const std::vector<SweepPoint>& points, size_t seeds,
                       const std::vector<std::string>& curves = {});
// With request-reply traffic (RunResults::per_class): per_class.csv, one row per curve, offered
// load and class (request, reply) with the seed means of the class's figures; "" without it.
std::string per_class_csv(const std::vector<SweepPoint>& points, size_t seeds,
                          const std::vector<std::string>& curves = {});
std::string saturation_text(const std::vector<SweepRow>& rows, const Saturation& sat);
// Without curves (info.curves empty): the rows and their saturation.
std::string summary_json(const SweepInfo& info, const std::vector<SweepRow>& rows,
                         const Saturation& sat);
// The rows of one curve each (consecutive rows of the same name), in order.
std::vector<std::vector<SweepRow>> rows_by_curve(const std::vector<SweepRow>& rows);
// With curves: saturation.txt holds each curve's two lines prefixed "NAME: "; summary.json lists
// the curves (name, overrides, first seed, saturation) and the rows with their curve.
std::string curves_saturation_text(const std::vector<SweepRow>& rows);
std::string curves_summary_json(const SweepInfo& info, const std::vector<SweepRow>& rows);
// The table printed on stdout (without the saturation lines).
std::string table_text(const SweepInfo& info, size_t loads, const std::vector<SweepRow>& rows);

// Aggregates the points and writes DIR/results.csv, points.jsonl, saturation.txt, summary.json
// and, with service levels, per_sl.csv, with request-reply traffic per_class.csv
// (sim/util/output_file.h; throws util::OutputError); returns the table and saturation lines for
// stdout.
std::string write_outputs(const std::string& dir, const SweepInfo& info, const SweepSpec& spec,
                          const std::vector<SweepPoint>& points);

}  // namespace netcosim::experiment
