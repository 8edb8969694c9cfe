// The load sweep of `netcosim sweep` (docs/sweep.md): the offered loads of FROM:TO:STEP, the
// (load, seed) points run in parallel (one Network per point and thread; simulations share no
// state, DESIGN.md §2.5), the seed-averaged rows with Student's t 95% confidence intervals
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

struct SweepSpec {
  Config base;  // the configuration file and the --set overrides
  std::vector<double> loads;
  size_t seeds = 1;
  uint64_t seed0 = 0;  // sim.seed of the base: the seeds are seed0 .. seed0 + seeds - 1
};
// Builds the spec and validates the configuration at every load; throws ConfigError, or
// UsageError for a --set of traffic.load.
SweepSpec make_spec(const std::string& config_file, const std::vector<std::string>& sets,
                    const std::vector<double>& loads, size_t seeds);
Config point_config(const Config& base, double load, uint64_t seed);

struct SweepPoint {
  double load = 0;
  uint64_t seed = 0;
  RunResults res;
  std::string json;  // netcosim.run/1 on one line
};
// fraction of simulated cycles done over all points, points finished, points in all.
using SweepProgress = std::function<void(double, size_t, size_t)>;
// Runs every point, load-major, on `jobs` threads (the highest loads first); calls progress from
// the calling thread about every 250 ms. A failed point throws ConfigError or SimulationFailure
// naming its load and seed (the other points are abandoned).
std::vector<SweepPoint> run_points(const SweepSpec& spec, size_t jobs,
                                   const SweepProgress& progress);

// One row of results.csv: the seed-averaged results at one offered load.
struct SweepRow {
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
// The points are load-major with `seeds` points per load.
std::vector<SweepRow> aggregate(const std::vector<SweepPoint>& points, size_t seeds);

// best: the row of the maximum seed-averaged accepted load (the saturation throughput); point:
// the first row whose accepted load is below kSaturationFraction of its offered load, -1 if none.
struct Saturation {
  size_t best = 0;
  long point = -1;
};
Saturation saturation(const std::vector<SweepRow>& rows);

// The inputs recorded in summary.json.
struct SweepInfo {
  std::string config_file, loads_spec;
  std::vector<std::string> sets;
  size_t seeds = 1, jobs = 1, runs = 0;
  uint64_t seed0 = 0;
  double wall_seconds = 0;
};

std::string results_csv(const std::vector<SweepRow>& rows);
std::string points_jsonl(const std::vector<SweepPoint>& points);
std::string saturation_text(const std::vector<SweepRow>& rows, const Saturation& sat);
std::string summary_json(const SweepInfo& info, const std::vector<SweepRow>& rows,
                         const Saturation& sat);
// The table printed on stdout (without the saturation lines).
std::string table_text(const SweepInfo& info, size_t loads, const std::vector<SweepRow>& rows);

// Aggregates the points and writes DIR/results.csv, points.jsonl, saturation.txt and summary.json
// (sim/util/output_file.h; throws util::OutputError); returns the table and saturation lines for
// stdout.
std::string write_outputs(const std::string& dir, const SweepInfo& info, const SweepSpec& spec,
                          const std::vector<SweepPoint>& points);

}  // namespace netcosim::experiment
