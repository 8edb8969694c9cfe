// The speed suite of `netcosim bench` (docs/performance.md): a fixed set of networks (the
// configurations h2, h4, h8 of configs/) x traffic (uniform with MIN routing, ADV+1 with Valiant
// routing, both at load 0.4) x engine x thread counts. Every point runs in its own child process
// (`netcosim run ... --json - --quiet`, sim/util/process.h), so that the peak resident memory it
// reports (VmHWM) belongs to that run alone. Packet-hops per second = packets_delivered (whole
// run) x hops_avg (measured packets) / wall_seconds (the run() loop, without building the
// network).
#pragma once

#include <string>
#include <vector>

namespace netcosim::experiment {

constexpr const char* kBenchLoad = "0.4";
constexpr const char* kBenchSeed = "1";

struct BenchPoint {
  std::string network, traffic, routing, engine, config;  // config: the INI file's path
  unsigned threads = 1, warmup = 0, measure = 0;
  std::vector<std::string> sets;  // the --set overrides of the run
};

// The points of the suite, in the order they run; the SystemC engine runs on one thread and is
// measured at thread count 1 only. `config_dir` holds dragonfly-h{2,4,8}.ini.
std::vector<BenchPoint> bench_points(const std::string& config_dir, bool quick,
                                     const std::vector<unsigned>& threads);

// The arguments of `netcosim run` for one point (after the executable's name).
std::vector<std::string> run_arguments(const BenchPoint& p);

// "1,2" -> {1, 2}; throws std::invalid_argument naming the item and what is allowed.
std::vector<unsigned> parse_thread_list(const std::string& list);

struct BenchRow {
  BenchPoint point;
  double cycles = 0, cycles_per_second = 0, packet_hops_per_second = 0, peak_rss_mb = 0;
  double wall_seconds = 0, accepted_load = 0, hops_avg = 0, packets_delivered = 0;
};

// Reads the figures of a netcosim.run/1 document into `row`; false if one is missing.
bool read_run_json(const std::string& text, BenchRow& row);

// Runs one point with the executable `exe`; throws std::runtime_error saying what went wrong.
BenchRow run_bench_point(const std::string& exe, const BenchPoint& p);

std::string bench_header();
std::string bench_row_text(const BenchRow& r);
std::string bench_json(const std::vector<BenchRow>& rows);

}  // namespace netcosim::experiment
