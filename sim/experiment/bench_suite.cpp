// The speed suite (bench_suite.h).
#include "sim/experiment/bench_suite.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "sim/util/json_number.h"
#include "sim/util/process.h"

namespace netcosim::experiment {

namespace {

// ---- the suite: edit here ----

// The engines every point is run on (passed to `netcosim run --engine`).
const char* const kEngines[] = {"native", "systemc"};

struct BenchNetwork {
  const char* name;
  const char* config;  // under config_dir
  unsigned warmup, measure;
  bool quick;  // part of --quick
};
// Lengths chosen so that the whole suite takes well under 3 minutes on 2 cores
// (docs/performance.md).
const BenchNetwork kNetworks[] = {
    {"h2", "dragonfly-h2.ini", 20000, 80000, true},
    {"h4", "dragonfly-h4.ini", 5000, 15000, true},
    {"h8", "dragonfly-h8.ini", 2000, 4000, false},
};

struct BenchTraffic {
  const char* traffic;
  const char* routing;
  std::vector<std::string> sets;
};
const BenchTraffic kTraffics[] = {
    {"uniform", "min", {"traffic.pattern=uniform", "routing.algorithm=min"}},
    {"adv+1",
     "val",
     {"traffic.pattern=adv", "traffic.adv_offset=1", "routing.algorithm=val", "router.vcs_local=4",
      "router.vcs_global=2"}},
};

// The other topologies (docs/model.md §7): 512-node networks under uniform traffic with the
// configuration's own routing, and the switches of thesis 003 (docs/model.md §10-11): the 24-ary
// 2-tree of 48-port Omni-Path (12 MPorts) and InfiniBand switches, 576 nodes, with the Ch. 5
// traffic of seven service levels; not part of --quick.
struct BenchTopology {
  const char* name;
  const char* config;
  const char* traffic;  // the points' label: uniform, or the configuration's service levels
  const char* routing;
  unsigned warmup, measure;
  std::vector<std::string> sets;
};
// The switches' points keep the NIC's shared queue, with which the speeds of
// docs/performance.md were recorded (the configurations' own is per_sl, docs/model.md §9.2).
const BenchTopology kTopologies[] = {
    {"torus-8x8x8", "torus-8x8x8.ini", "uniform", "dor", 1000, 3000, {"traffic.pattern=uniform"}},
    {"fattree-8-3",
     "fattree-8-3.ini",
     "uniform",
     "updown",
     1000,
     3000,
     {"traffic.pattern=uniform"}},
    {"opa-fattree-24-2",
     "qos-ch5-opa-fattree-24-2.ini",
     "service_levels",
     "updown_random",
     1000,
     3000,
     {"qos.nic_queues=shared"}},
    {"ib-fattree-24-2",
     "qos-ch5-ib-fattree-24-2.ini",
     "service_levels",
     "updown_random",
     1000,
     3000,
     {"qos.nic_queues=shared"}},
};

// The keys every point sets: the bench load and seed, its window, no drain.
BenchPoint with_run_keys(BenchPoint p) {
  p.sets.push_back(std::string("traffic.load=") + kBenchLoad);
  p.sets.push_back(std::string("sim.seed=") + kBenchSeed);
  p.sets.push_back("sim.warmup=" + std::to_string(p.warmup));
  p.sets.push_back("sim.measure=" + std::to_string(p.measure));
  p.sets.push_back("sim.drain=false");
  return p;
}

}  // namespace

std::vector<BenchPoint> bench_points(const std::string& config_dir, bool quick,
                                     const std::vector<unsigned>& threads) {
  std::vector<BenchPoint> points;
  for (const BenchNetwork& net : kNetworks) {
    if (quick && !net.quick) continue;
    for (const BenchTraffic& tr : kTraffics)
      for (const char* engine : kEngines)
        for (unsigned t : threads) {
          if (std::string(engine) == "systemc" && t != 1) continue;
          BenchPoint p{net.name, tr.traffic, tr.routing,  engine, config_dir + "/" + net.config,
                       t,        net.warmup, net.measure, tr.sets};
          points.push_back(with_run_keys(p));
        }
  }
  if (quick) return points;
  for (const BenchTopology& net : kTopologies)
    for (const char* engine : kEngines)
      for (unsigned t : threads) {
        if (std::string(engine) == "systemc" && t != 1) continue;
        BenchPoint p{net.name, net.traffic, net.routing, engine,  config_dir + "/" + net.config,
                     t,        net.warmup,  net.measure, net.sets};
        points.push_back(with_run_keys(p));
      }
  return points;
}

std::vector<std::string> run_arguments(const BenchPoint& p) {
  std::vector<std::string> args = {"run",    p.config,    "--engine",
                                   p.engine, "--threads", std::to_string(p.threads),
                                   "--json", "-",         "--quiet"};
  for (const auto& s : p.sets) {
    args.push_back("--set");
    args.push_back(s);
  }
  return args;
}

std::vector<unsigned> parse_thread_list(const std::string& list) {
  std::vector<unsigned> threads;
  size_t pos = 0;
  for (;;) {
    const size_t comma = list.find(',', pos);
    const std::string item = list.substr(pos, comma == std::string::npos ? comma : comma - pos);
    char* end = nullptr;
    const long n = std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || n < 1 || n > 256)
      throw std::invalid_argument("--threads " + list + ": '" + item +
                                  "' is not a thread count; expected a comma-separated list of "
                                  "integers in [1, 256], e.g. 1,2");
    threads.push_back(static_cast<unsigned>(n));
    if (comma == std::string::npos) return threads;
    pos = comma + 1;
  }
}

bool read_run_json(const std::string& text, BenchRow& r) {
  const bool ok = util::find_json_number(text, "cycles_total", r.cycles) &&
                  util::find_json_number(text, "cycles_per_second", r.cycles_per_second) &&
                  util::find_json_number(text, "wall_seconds", r.wall_seconds) &&
                  util::find_json_number(text, "peak_rss_mb", r.peak_rss_mb) &&
                  util::find_json_number(text, "packets_delivered", r.packets_delivered) &&
                  util::find_json_number(text, "hops_avg", r.hops_avg) &&
                  util::find_json_number(text, "accepted_load", r.accepted_load);
  r.packet_hops_per_second =
      ok && r.wall_seconds > 0 ? r.packets_delivered * r.hops_avg / r.wall_seconds : 0;
  return ok;
}

BenchRow run_bench_point(const std::string& exe, const BenchPoint& p) {
  std::vector<std::string> argv = run_arguments(p);
  argv.insert(argv.begin(), exe);
  const util::ProcessResult r = util::run_process(argv);
  BenchRow row;
  row.point = p;
  std::string err;
  if (!r.ok()) {
    const std::string why = util::last_line(r.err);
    err = r.describe() + (why.empty() ? "" : ": " + why);
  } else if (!read_run_json(r.out, row)) {
    err = "no result in its JSON";
  }
  if (err.empty()) return row;
  std::string cmd;
  for (const auto& a : argv) cmd += " " + a;
  throw std::runtime_error(p.network + " " + p.traffic + " " + p.engine + " " +
                           std::to_string(p.threads) + " threads failed (" + err + "):" + cmd);
}

std::string bench_header() {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-7s %-8s %-7s %-7s %7s %9s %11s %14s %8s %8s\n", "network",
                "traffic", "routing", "engine", "threads", "cycles", "cycles/s", "packet-hops/s",
                "peak MB", "wall s");
  return buf;
}

std::string bench_row_text(const BenchRow& r) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-7s %-8s %-7s %-7s %7u %9.0f %11.0f %14.4g %8.1f %8.2f\n",
                r.point.network.c_str(), r.point.traffic.c_str(), r.point.routing.c_str(),
                r.point.engine.c_str(), r.point.threads, r.cycles, r.cycles_per_second,
                r.packet_hops_per_second, r.peak_rss_mb, r.wall_seconds);
  return buf;
}

std::string bench_json(const std::vector<BenchRow>& rows) {
  using util::finite_or_null;
  nlohmann::ordered_json doc = nlohmann::ordered_json::array();
  for (const BenchRow& r : rows) {
    nlohmann::ordered_json& o = doc.emplace_back();
    o["network"] = r.point.network;
    o["traffic"] = r.point.traffic;
    o["routing"] = r.point.routing;
    o["engine"] = r.point.engine;
    o["threads"] = r.point.threads;
    o["cycles"] = static_cast<uint64_t>(r.cycles);
    o["cycles_per_second"] = finite_or_null(r.cycles_per_second);
    o["packet_hops_per_second"] = finite_or_null(r.packet_hops_per_second);
    o["peak_rss_mb"] = finite_or_null(r.peak_rss_mb);
    o["wall_seconds"] = finite_or_null(r.wall_seconds);
    o["load"] = std::strtod(kBenchLoad, nullptr);
    o["warmup"] = r.point.warmup;
    o["measure"] = r.point.measure;
    o["accepted_load"] = finite_or_null(r.accepted_load);
    o["hops_avg"] = finite_or_null(r.hops_avg);
    o["packets_delivered"] = static_cast<uint64_t>(r.packets_delivered);
  }
  return doc.dump(2) + '\n';
}

}  // namespace netcosim::experiment
