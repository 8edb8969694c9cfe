// netcosim cosim [BLOCK...] [--cycles N] [--seed S] [--vcd DIR] [--json FILE]
//
// Runs the co-simulation benches (testbench/cosim_<block>, one SystemC executable per block since
// SystemC elaborates once per process; DESIGN.md §6) over every parameter set of each block
// (testbench/param_sets.h) and tabulates cycles compared, mismatches and speeds.
// Exit status (DESIGN.md §5): 0 all sets matched; 2 bad usage, a bench that is not built, an
// output destination that cannot be written (checked before any bench starts) or a bench that
// reports bad usage itself (its exit status 2, e.g. an unwritable VCD path: its one-line message
// is shown); 3 a reported mismatch (bench exit status 1) or a bench that crashed or gave no result.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sim/experiment/cosim_verdict.h"
#include "sim/util/output_file.h"
#include "sim/util/process.h"
#include "subcommands.h"
#include "testbench/param_sets.h"

namespace netcosim::cli {
namespace {

constexpr const char* kCosimUsage =
    "usage: netcosim cosim [BLOCK...] [--cycles N] [--seed S] [--vcd DIR] [--json FILE]\n"
    "  BLOCK     rr_arbiter, sep_alloc_if, credit_counter, contention_counters (default: all)\n"
    "  --cycles  cycles compared per parameter set (default 100000)\n"
    "  --seed    stimulus seed (default 1)\n"
    "  --vcd     write VCD windows of the RTL into DIR\n"
    "  --json    write the results as a JSON array to FILE\n";

std::string exe_dir() {
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return ".";
  std::string p(buf, static_cast<size_t>(n));
  const size_t slash = p.rfind('/');
  return slash == std::string::npos ? "." : p.substr(0, slash);
}

// The bench executable: in the build tree that built this binary, else next to this binary.
std::string find_bench(const std::string& bench, std::string& looked) {
  std::vector<std::string> candidates;
#ifdef NETCOSIM_BINARY_DIR
  candidates.push_back(std::string(NETCOSIM_BINARY_DIR) + "/testbench/" + bench);
#endif
  const std::string here = exe_dir();
  candidates.push_back(here + "/testbench/" + bench);
  candidates.push_back(here + "/" + bench);
  for (const auto& c : candidates) {
    if (access(c.c_str(), X_OK) == 0) return c;
    looked += (looked.empty() ? "" : ", ") + c;
  }
  return "";
}

// Value of a numeric key in the bench's one-line JSON object.
bool json_number(const std::string& js, const std::string& key, double& v) {
  const std::string k = "\"" + key + "\":";
  const size_t p = js.find(k);
  if (p == std::string::npos) return false;
  const char* s = js.c_str() + p + k.size();
  char* end = nullptr;
  v = std::strtod(s, &end);
  return end != s;
}

bool parse_count(const std::string& s, bool allow_zero, unsigned long long& v) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos || s.size() > 18) {
    return false;
  }
  v = std::strtoull(s.c_str(), nullptr, 10);
  return allow_zero || v > 0;
}

struct Row {
  std::string block, params;
  unsigned long long cycles = 0, mismatches = 0;
  double rtl_cps = 0, model_cps = 0;
  bool failed = false;
  bool ran = true;  // the bench produced its results (false: it could not run or crashed)
};

std::string group_digits(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.0f", x);
  std::string s = buf, r;
  for (size_t i = 0; i < s.size(); ++i) {
    if (i > 0 && (s.size() - i) % 3 == 0) r += ',';
    r += s[i];
  }
  return r;
}

}  // namespace

int cosim_main(int argc, char** argv) {
  std::vector<const rtl::RtlBlock*> blocks;
  std::string cycles = "100000", seed = "1", vcd_dir, json_file;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    std::string inline_value;
    const size_t eq = a.find('=');
    if (a.rfind("--", 0) == 0 && eq != std::string::npos) {
      inline_value = a.substr(eq + 1);
      a = a.substr(0, eq);
    }
    if (a == "-h" || a == "--help") {
      std::fputs(kCosimUsage, stdout);
      return 0;
    }
    if (a == "--cycles" || a == "--seed" || a == "--vcd" || a == "--json") {
      std::string v = inline_value;
      if (eq == std::string::npos || a.rfind("--", 0) != 0) {
        if (i + 1 >= argc) {
          std::fprintf(stderr, "netcosim cosim: option %s needs a value\n%s", a.c_str(),
                       kCosimUsage);
          return 2;
        }
        v = argv[++i];
      }
      unsigned long long n = 0;
      if (a == "--cycles") {
        if (!parse_count(v, false, n)) {
          std::fprintf(stderr, "netcosim cosim: --cycles '%s': expected a positive integer\n",
                       v.c_str());
          return 2;
        }
        cycles = v;
      } else if (a == "--seed") {
        if (!parse_count(v, true, n)) {
          std::fprintf(stderr, "netcosim cosim: --seed '%s': expected a non-negative integer\n",
                       v.c_str());
          return 2;
        }
        seed = v;
      } else if (v.empty()) {
        std::fprintf(stderr, "netcosim cosim: %s: the %s name is empty\n", a.c_str(),
                     a == "--vcd" ? "directory" : "file");
        return 2;
      } else {
        (a == "--vcd" ? vcd_dir : json_file) = v;
      }
      continue;
    }
    if (a.rfind("-", 0) == 0) {
      std::fprintf(stderr,
                   "netcosim cosim: unknown option '%s'; allowed: --cycles N, --seed S, "
                   "--vcd DIR, --json FILE\n",
                   argv[i]);
      return 2;
    }
    const rtl::RtlBlock* b = rtl::find_rtl_block(a);
    if (b == nullptr) {
      std::fprintf(stderr, "netcosim cosim: unknown block '%s'; allowed: %s\n", a.c_str(),
                   rtl::rtl_block_names().c_str());
      return 2;
    }
    blocks.push_back(b);
  }
  if (blocks.empty()) {
    for (const auto& b : rtl::rtl_blocks()) blocks.push_back(&b);
  }

  // The destinations, before any bench starts.
  try {
    if (!vcd_dir.empty()) util::prepare_output_dir(vcd_dir);
  } catch (const util::OutputError& e) {
    std::fprintf(stderr, "netcosim cosim: --vcd: %s\n", e.what());
    return 2;
  }
  try {
    if (!json_file.empty()) util::check_output_path(json_file);
  } catch (const util::OutputError& e) {
    std::fprintf(stderr, "netcosim cosim: --json: %s\n", e.what());
    return 2;
  }

  // Locate every bench before running anything.
  std::vector<std::string> exes;
  for (const auto* b : blocks) {
    std::string looked;
    const std::string exe = find_bench(b->bench, looked);
    if (exe.empty()) {
      std::fprintf(stderr,
                   "netcosim cosim: co-simulation bench '%s' not found (looked in %s); build it "
                   "with: cmake --build BUILD_DIR --target %s\n",
                   b->bench, looked.c_str(), b->bench);
      return 2;
    }
    exes.push_back(exe);
  }

  char tmpl[] = "/tmp/netcosim_cosim_XXXXXX";
  const int fd = mkstemp(tmpl);
  if (fd < 0) {
    std::fprintf(stderr, "netcosim cosim: cannot create a temporary file: %s\n",
                 std::strerror(errno));
    return 3;
  }
  close(fd);
  const std::string tmp_json = tmpl;

  std::printf("%-19s %-22s %10s %10s %15s %15s\n", "block", "parameters", "cycles", "mismatches",
              "RTL cycles/s", "model cycles/s");
  std::fflush(stdout);
  std::vector<Row> rows;
  bool any_failure = false;
  for (size_t k = 0; k < blocks.size(); ++k) {
    for (const auto& set : blocks[k]->sets) {
      std::vector<std::string> args = {exes[k],  "--params", set.name, "--cycles", cycles,
                                       "--seed", seed,       "--json", tmp_json};
      if (!vcd_dir.empty()) {
        args.push_back("--vcd");
        args.push_back(vcd_dir);
      }
      std::remove(tmp_json.c_str());
      const util::ProcessResult pr = util::run_process(args);
      const int rc = pr.status;
      const std::string out = pr.start_error + pr.out + pr.err;
      Row row;
      row.block = blocks[k]->block;
      row.params = set.params;
      std::ifstream in(tmp_json);
      std::stringstream js;
      js << in.rdbuf();
      double c = 0, m = 0;
      const bool parsed = json_number(js.str(), "cycles", c) &&
                          json_number(js.str(), "mismatches", m) &&
                          json_number(js.str(), "rtl_cycles_per_s", row.rtl_cps) &&
                          json_number(js.str(), "model_cycles_per_s", row.model_cps);
      row.cycles = static_cast<unsigned long long>(c);
      row.mismatches = static_cast<unsigned long long>(m);
      const experiment::BenchVerdict verdict =
          experiment::classify_bench(pr, parsed, row.mismatches);
      if (verdict == experiment::BenchVerdict::BadUsage) {  // e.g. a VCD path it cannot write
        std::remove(tmp_json.c_str());
        const std::string line = util::last_line(pr.err);
        std::fprintf(stderr, "netcosim cosim: %s %s: %s\n", blocks[k]->block, set.params,
                     line.empty() ? "the bench exited with status 2" : line.c_str());
        return experiment::cosim_exit_status(verdict);
      }
      row.failed = verdict != experiment::BenchVerdict::Match;
      if (row.failed) {
        any_failure = true;
        std::fprintf(stderr, "netcosim cosim: %s %s failed (exit status %d):\n%s",
                     row.block.c_str(), row.params.c_str(), rc, out.c_str());
        row.ran = parsed;
      }
      const std::string mm = row.ran ? std::to_string(row.mismatches) : "error";
      std::printf("%-19s %-22s %10llu %10s %15s %15s\n", row.block.c_str(), row.params.c_str(),
                  row.cycles, mm.c_str(), group_digits(row.rtl_cps).c_str(),
                  group_digits(row.model_cps).c_str());
      std::fflush(stdout);
      rows.push_back(row);
    }
  }
  std::remove(tmp_json.c_str());

  if (!json_file.empty()) {
    std::string js = "[\n";
    for (size_t k = 0; k < rows.size(); ++k) {
      char rates[128];
      std::snprintf(rates, sizeof rates, "\"rtl_cycles_per_s\": %.1f, \"model_cycles_per_s\": %.1f",
                    rows[k].rtl_cps, rows[k].model_cps);
      js += "  {\"block\": \"" + rows[k].block + "\", \"params\": \"" + rows[k].params +
            "\", \"cycles\": " + std::to_string(rows[k].cycles) +
            ", \"mismatches\": " + (rows[k].ran ? std::to_string(rows[k].mismatches) : "null") +
            ", " + rates +
            (rows[k].ran ? "" : ", \"error\": \"the bench did not run to completion\"") + "}" +
            (k + 1 < rows.size() ? "," : "") + "\n";
    }
    util::write_output_file(json_file, js + "]\n");
  }
  if (any_failure) {
    std::fprintf(stderr, "netcosim cosim: RTL and model disagree (or a bench failed)\n");
    return 3;
  }
  return 0;
}

}  // namespace netcosim::cli
