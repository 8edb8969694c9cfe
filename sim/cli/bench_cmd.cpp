// netcosim bench [--json FILE] [--quick] [--threads LIST]
//
// The speed figures of docs/performance.md: a fixed suite of networks (Dragonfly h2, h4, h8) x
// traffic (uniform with MIN routing, ADV+1 with Valiant routing, both at load 0.4) x engine x
// thread counts. Every point runs in its own child process (`/proc/self/exe run ... --json TMP
// --quiet`), so that the peak resident memory it reports (VmHWM) belongs to that run alone.
// Packet-hops per second = packets_delivered (whole run) x hops_avg (measured packets) /
// wall_seconds (the run() loop, without building the network).
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "sim/core/json.h"
#include "sim/util/output_file.h"
#include "sim/util/process.h"
#include "subcommands.h"

namespace netcosim::cli {

namespace {

constexpr const char* kUsage = "usage: netcosim bench [--json FILE] [--quick] [--threads LIST]\n";

// ---- the suite: edit here ----

// The engines every point is run on (passed to `netcosim run --engine`). The SystemC engine is
// added here when `netcosim run --engine systemc` exists.
// The SystemC engine runs on one thread: it is measured at thread count 1 only.
const std::vector<std::string> kEngines = {"native", "systemc"};

struct BenchNetwork {
  const char* name;
  const char* config;  // under NETCOSIM_SOURCE_DIR/configs
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
constexpr const char* kLoad = "0.4";
constexpr const char* kSeed = "1";

// ---- running one point ----

struct Row {
  std::string network, traffic, routing, engine;
  unsigned threads = 1, warmup = 0, measure = 0;
  double cycles = 0, cycles_per_second = 0, packet_hops_per_second = 0, peak_rss_mb = 0;
  double wall_seconds = 0, accepted_load = 0, hops_avg = 0, packets_delivered = 0;
};

int usage_error(const std::string& msg) {
  std::fprintf(stderr, "netcosim bench: %s\n%s", msg.c_str(), kUsage);
  return 2;
}

// The number after "key": in a netcosim.run/1 document (top-level keys are unique).
bool json_number(const std::string& text, const std::string& key, double& out) {
  const std::string k = "\"" + key + "\":";
  const size_t pos = text.find(k);
  if (pos == std::string::npos) return false;
  const char* p = text.c_str() + pos + k.size();
  char* end = nullptr;
  out = std::strtod(p, &end);
  return end != p;
}

std::string read_file(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Runs `netcosim run` (this executable) in a child process; returns "" on success or what went
// wrong, with the child's error output.
std::string run_child(const std::vector<std::string>& args) {
  std::vector<std::string> argv = args;
  argv[0] = util::self_exe_path();
  if (argv[0].empty()) return "cannot find this executable (/proc/self/exe)";
  const util::ProcessResult r = util::run_process(argv);
  if (r.ok()) return "";
  const std::string why = util::last_line(r.err);
  return r.describe() + (why.empty() ? "" : ": " + why);
}

std::string tmp_json_path() {
  const char* dir = std::getenv("TMPDIR");
  std::string tmpl =
      std::string(dir != nullptr && *dir != '\0' ? dir : "/tmp") + "/netcosim-bench-XXXXXX";
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  const int fd = mkstemp(buf.data());
  if (fd < 0) return "";
  close(fd);
  return buf.data();
}

std::string loadavg() {
  std::ifstream f("/proc/loadavg");
  double a = 0;
  if (!(f >> a)) return "unknown";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", a);
  return buf;
}

void print_row(const Row& r) {
  std::printf("%-7s %-8s %-7s %-7s %7u %9.0f %11.0f %14.4g %8.1f %8.2f\n", r.network.c_str(),
              r.traffic.c_str(), r.routing.c_str(), r.engine.c_str(), r.threads, r.cycles,
              r.cycles_per_second, r.packet_hops_per_second, r.peak_rss_mb, r.wall_seconds);
  std::fflush(stdout);
}

}  // namespace

int bench_main(int argc, char** argv) {
  std::string json_file;
  bool quick = false;
  std::vector<unsigned> threads = {1, 2};
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--json") {
      if (i + 1 >= argc) return usage_error("--json needs a value");
      json_file = argv[++i];
      if (json_file.empty()) return usage_error("--json: the file name is empty");
    } else if (a == "--quick") {
      quick = true;
    } else if (a == "--threads") {
      if (i + 1 >= argc) return usage_error("--threads needs a value");
      const std::string list = argv[++i];
      threads.clear();
      size_t pos = 0;
      for (;;) {
        const size_t comma = list.find(',', pos);
        const std::string item = list.substr(pos, comma == std::string::npos ? comma : comma - pos);
        char* end = nullptr;
        const long n = std::strtol(item.c_str(), &end, 10);
        if (item.empty() || *end != '\0' || n < 1 || n > 256)
          return usage_error("--threads " + list + ": '" + item +
                             "' is not a thread count; expected a comma-separated list of "
                             "integers in [1, 256], e.g. 1,2");
        threads.push_back(static_cast<unsigned>(n));
        if (comma == std::string::npos) break;
        pos = comma + 1;
      }
    } else if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      std::printf(
          "\nRuns the fixed speed suite (Dragonfly h2, h4, h8 x uniform/MIN and ADV+1/VAL at\n"
          "load 0.4 x engine x thread counts; --quick: h2 and h4 only), each point in its own\n"
          "process, and prints simulated cycles/s, packet-hops/s and peak memory.\n");
      return 0;
    } else {
      return usage_error("unknown argument '" + a +
                         "'; options: --json, --quick, --threads, --help");
    }
  }

  if (!json_file.empty()) {
    try {
      util::check_output_path(json_file);
    } catch (const util::OutputError& e) {
      return usage_error(std::string("--json: ") + e.what());
    }
  }
  std::printf("netcosim bench: %u cores, load average %s at start; load %s, seed %s%s\n",
              std::thread::hardware_concurrency(), loadavg().c_str(), kLoad, kSeed,
              quick ? " (--quick: h2 and h4 only)" : "");
  std::printf("%-7s %-8s %-7s %-7s %7s %9s %11s %14s %8s %8s\n", "network", "traffic", "routing",
              "engine", "threads", "cycles", "cycles/s", "packet-hops/s", "peak MB", "wall s");
  std::fflush(stdout);

  std::vector<Row> rows;
  for (const BenchNetwork& net : kNetworks) {
    if (quick && !net.quick) continue;
    const std::string config = std::string(NETCOSIM_SOURCE_DIR) + "/configs/" + net.config;
    if (access(config.c_str(), R_OK) != 0) {
      std::fprintf(stderr, "netcosim bench: cannot read the suite's configuration '%s'\n",
                   config.c_str());
      return 2;
    }
    for (const BenchTraffic& tr : kTraffics) {
      for (const std::string& engine : kEngines) {
        for (unsigned t : threads) {
          if (engine == "systemc" && t != 1) continue;
          const std::string tmp = tmp_json_path();
          if (tmp.empty()) {
            std::fprintf(stderr, "netcosim bench: cannot create a temporary file: %s\n",
                         std::strerror(errno));
            return 3;
          }
          std::vector<std::string> args = {
              "netcosim",        "run",    config, "--engine", engine, "--threads",
              std::to_string(t), "--json", tmp,    "--quiet"};
          std::vector<std::string> sets = tr.sets;
          sets.push_back(std::string("traffic.load=") + kLoad);
          sets.push_back(std::string("sim.seed=") + kSeed);
          sets.push_back("sim.warmup=" + std::to_string(net.warmup));
          sets.push_back("sim.measure=" + std::to_string(net.measure));
          sets.push_back("sim.drain=false");
          for (const auto& s : sets) {
            args.push_back("--set");
            args.push_back(s);
          }
          const std::string err = run_child(args);
          const std::string text = err.empty() ? read_file(tmp) : "";
          std::remove(tmp.c_str());
          Row r;
          r.network = net.name;
          r.traffic = tr.traffic;
          r.routing = tr.routing;
          r.engine = engine;
          r.threads = t;
          r.warmup = net.warmup;
          r.measure = net.measure;
          const bool ok = err.empty() && json_number(text, "cycles_total", r.cycles) &&
                          json_number(text, "cycles_per_second", r.cycles_per_second) &&
                          json_number(text, "wall_seconds", r.wall_seconds) &&
                          json_number(text, "peak_rss_mb", r.peak_rss_mb) &&
                          json_number(text, "packets_delivered", r.packets_delivered) &&
                          json_number(text, "hops_avg", r.hops_avg) &&
                          json_number(text, "accepted_load", r.accepted_load);
          if (!ok) {
            std::string cmd;
            for (const auto& a : args) cmd += " " + a;
            std::fprintf(stderr, "netcosim bench: %s %s %s %u threads failed (%s):%s\n", net.name,
                         tr.traffic, engine.c_str(), t,
                         err.empty() ? "no result in its JSON" : err.c_str(), cmd.c_str());
            return 3;
          }
          r.packet_hops_per_second =
              r.wall_seconds > 0 ? r.packets_delivered * r.hops_avg / r.wall_seconds : 0;
          print_row(r);
          rows.push_back(r);
        }
      }
    }
  }
  std::printf("load average at end: %s\n", loadavg().c_str());

  if (!json_file.empty()) {
    JsonWriter w;
    w.begin_array();
    for (const Row& r : rows) {
      w.begin_object();
      w.kv("network", r.network);
      w.kv("traffic", r.traffic);
      w.kv("routing", r.routing);
      w.kv("engine", r.engine);
      w.kv("threads", r.threads);
      w.kv("cycles", static_cast<uint64_t>(r.cycles));
      w.kv("cycles_per_second", r.cycles_per_second);
      w.kv("packet_hops_per_second", r.packet_hops_per_second);
      w.kv("peak_rss_mb", r.peak_rss_mb);
      w.kv("wall_seconds", r.wall_seconds);
      w.kv("load", std::strtod(kLoad, nullptr));
      w.kv("warmup", r.warmup);
      w.kv("measure", r.measure);
      w.kv("accepted_load", r.accepted_load);
      w.kv("hops_avg", r.hops_avg);
      w.kv("packets_delivered", static_cast<uint64_t>(r.packets_delivered));
      w.end_object();
    }
    w.end_array();
    util::write_output_file(json_file, w.str() + '\n');
  }
  return 0;
}

}  // namespace netcosim::cli
