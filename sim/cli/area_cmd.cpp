// netcosim area [BLOCK...] [--json FILE]
//
// yosys area estimates of the RTL blocks at the parameter sets of testbench/param_sets.h
// (DESIGN.md §1 and §7; method and limits in docs/area.md). Per block and parameter set:
//   read_verilog -sv FILES; chparam -set K V ... TOP; synth -flatten -top TOP; stat
//   dffunmap; abc -g cmos2; stat -tech cmos; ltp -noff
// cells and flip-flops come from the first stat (yosys's generic gate library, before dffunmap);
// transistors from the second (without dffunmap some flip-flops are not counted and yosys prints
// the total with a '+'); NAND2 equivalents = transistors / 4 (a CMOS NAND2 has 4 transistors);
// logic depth = the longest path in cmos2 gates between flip-flops and ports (ltp -noff).
// Exit status: 0 success; 2 bad usage or yosys missing; 3 a synthesis failed or inferred a latch.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sim/util/output_file.h"
#include "sim/util/process.h"
#include "subcommands.h"
#include "testbench/param_sets.h"

namespace netcosim::cli {
namespace {

constexpr const char* kAreaUsage =
    "usage: netcosim area [BLOCK...] [--json FILE]\n"
    "  BLOCK   rr_arbiter, sep_alloc_if, credit_counter, contention_counters (default: all)\n"
    "  --json  write the results as a JSON array to FILE\n";

std::string find_in_path(const std::string& prog) {
  const char* path = std::getenv("PATH");
  std::stringstream ss(path != nullptr ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(ss, dir, ':')) {
    const std::string p = (dir.empty() ? "." : dir) + "/" + prog;
    if (access(p.c_str(), X_OK) == 0) return p;
  }
  return "";
}

std::string rtl_dir() {
#ifdef NETCOSIM_SOURCE_DIR
  return std::string(NETCOSIM_SOURCE_DIR) + "/rtl";
#else
  return "rtl";
#endif
}

constexpr const char* kSafeNameChars =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.";

struct AreaRow {
  std::string block, params;
  long long cells = 0, flip_flops = 0, cmos_cells = 0, transistors = 0, depth = 0;
  bool transistors_partial = false;
  double nand2 = 0;
};

// The statistics sections of a flattened design ("=== TOP ===" ... up to the next section).
std::vector<std::string> stat_sections(const std::string& log, const std::string& top) {
  std::vector<std::string> r;
  const std::string mark = "=== " + top + " ===";
  size_t p = log.find(mark);
  while (p != std::string::npos) {
    const size_t next = log.find(mark, p + mark.size());
    r.push_back(log.substr(p, next == std::string::npos ? std::string::npos : next - p));
    p = next;
  }
  return r;
}

long long number_after(const std::string& s, const std::string& label, bool* plus = nullptr) {
  const size_t p = s.find(label);
  if (p == std::string::npos) return -1;
  const char* c = s.c_str() + p + label.size();
  char* end = nullptr;
  const long long v = std::strtoll(c, &end, 10);
  if (end == c) return -1;
  if (plus != nullptr) *plus = (*end == '+');
  return v;
}

// Sum of the counts of the flip-flop cell types ($_DFF_P_, $_SDFFE_PP0P_, ...) of a stat section.
long long count_flip_flops(const std::string& section) {
  long long n = 0;
  std::istringstream in(section);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string type;
    long long count = 0;
    if (ls >> type >> count && type.rfind("$", 0) == 0 && type.find("DFF") != std::string::npos) {
      n += count;
    }
  }
  return n;
}

}  // namespace

int area_main(int argc, char** argv) {
  std::vector<const rtl::RtlBlock*> blocks;
  std::string json_file;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "-h" || a == "--help") {
      std::fputs(kAreaUsage, stdout);
      return 0;
    }
    if (a == "--json" || a.rfind("--json=", 0) == 0) {
      if (a == "--json") {
        if (i + 1 >= argc) {
          std::fprintf(stderr, "netcosim area: option --json needs a value\n%s", kAreaUsage);
          return 2;
        }
        json_file = argv[++i];
      } else {
        json_file = a.substr(7);
      }
      if (json_file.empty()) {
        std::fprintf(stderr, "netcosim area: --json: the file name is empty\n");
        return 2;
      }
      continue;
    }
    if (a.rfind("-", 0) == 0) {
      std::fprintf(stderr, "netcosim area: unknown option '%s'; allowed: --json FILE\n", a.c_str());
      return 2;
    }
    const rtl::RtlBlock* b = rtl::find_rtl_block(a);
    if (b == nullptr) {
      std::fprintf(stderr, "netcosim area: unknown block '%s'; allowed: %s\n", a.c_str(),
                   rtl::rtl_block_names().c_str());
      return 2;
    }
    blocks.push_back(b);
  }
  if (blocks.empty()) {
    for (const auto& b : rtl::rtl_blocks()) blocks.push_back(&b);
  }
  if (!json_file.empty()) {
    try {
      util::check_output_path(json_file);
    } catch (const util::OutputError& e) {
      std::fprintf(stderr, "netcosim area: --json: %s\n", e.what());
      return 2;
    }
  }
  const std::string yosys = find_in_path("yosys");
  if (yosys.empty()) {
    std::fprintf(stderr,
                 "netcosim area: yosys not found in PATH; install it (Debian package 'yosys', "
                 "0.23 is what docs/area.md was measured with)\n");
    return 2;
  }

  std::vector<AreaRow> rows;
  bool failed = false;
  for (const auto* b : blocks) {
    for (const auto& set : b->sets) {
      // No path in the script: yosys runs in the RTL directory and reads the files by their bare
      // names (plain identifiers with .sv, checked), so nothing in the script needs quoting.
      std::string files, chparam;
      for (const char* f : b->rtl_files) {
        if (std::string(f).find_first_not_of(kSafeNameChars) != std::string::npos) {
          std::fprintf(stderr, "netcosim area: internal error: RTL file name '%s'\n", f);
          return 3;
        }
        files += std::string(" ") + f;
      }
      std::stringstream ps(set.params);
      std::string kv;
      while (std::getline(ps, kv, ',')) {
        const size_t eq = kv.find('=');
        chparam += " -set " + kv.substr(0, eq) + " " + kv.substr(eq + 1);
      }
      const std::string script = "read_verilog -sv" + files + "; chparam" + chparam + " " +
                                 b->block + "; synth -flatten -top " + b->block +
                                 "; stat; dffunmap; abc -g cmos2; stat -tech cmos; ltp -noff";
      std::fprintf(stderr, "netcosim area: synthesizing %s %s ...\n", b->block, set.params);
      std::string log;
      util::ProcessOptions popt;
      popt.cwd = rtl_dir();
      const util::ProcessResult pr = util::run_process({yosys, "-p", script}, popt);
      const int rc = pr.status;
      log = pr.start_error + pr.out + pr.err;
      AreaRow row;
      row.block = b->block;
      row.params = set.params;
      const auto sections = stat_sections(log, b->block);
      if (rc != 0 || sections.size() < 2) {
        std::fprintf(stderr, "netcosim area: yosys failed on %s %s (exit status %d); script:\n%s\n",
                     b->block, set.params, rc, script.c_str());
        const size_t tail = log.size() > 3000 ? log.size() - 3000 : 0;
        std::fprintf(stderr, "%s\n", log.c_str() + tail);
        failed = true;
        continue;
      }
      if (log.find("Latch inferred") != std::string::npos ||
          sections[0].find("DLATCH") != std::string::npos) {
        std::fprintf(stderr, "netcosim area: %s %s infers a latch\n", b->block, set.params);
        failed = true;
      }
      row.cells = number_after(sections[0], "Number of cells:");
      row.flip_flops = count_flip_flops(sections[0]);
      row.cmos_cells = number_after(sections.back(), "Number of cells:");
      row.transistors = number_after(sections.back(),
                                     "Estimated number of transistors:", &row.transistors_partial);
      row.nand2 = static_cast<double>(row.transistors) / 4.0;
      row.depth = number_after(log, "Longest topological path in " + row.block + " (length=");
      rows.push_back(row);
    }
  }

  std::printf("%-19s %-22s %9s %11s %11s %12s %11s %6s\n", "block", "parameters", "cells",
              "flip-flops", "cmos2 cells", "transistors", "NAND2 eq.", "depth");
  for (const auto& r : rows) {
    std::printf("%-19s %-22s %9lld %11lld %11lld %11lld%s %11.0f %6lld\n", r.block.c_str(),
                r.params.c_str(), r.cells, r.flip_flops, r.cmos_cells, r.transistors,
                r.transistors_partial ? "+" : " ", r.nand2, r.depth);
  }
  std::printf(
      "cells: yosys generic gates after synth; cmos2 cells: NAND/NOR/NOT/DFF after "
      "'dffunmap; abc -g cmos2'; NAND2 eq. = transistors / 4; depth: longest path in cmos2 "
      "gates (docs/area.md)\n");

  if (!json_file.empty()) {
    std::string js = "[\n";
    for (size_t k = 0; k < rows.size(); ++k) {
      const auto& r = rows[k];
      char nand[64];
      std::snprintf(nand, sizeof nand, "%.1f", r.nand2);
      js += "  {\"block\": \"" + r.block + "\", \"params\": \"" + r.params +
            "\", \"cells\": " + std::to_string(r.cells) +
            ", \"flip_flops\": " + std::to_string(r.flip_flops) +
            ", \"cmos_cells\": " + std::to_string(r.cmos_cells) +
            ", \"transistors\": " + std::to_string(r.transistors) +
            ", \"transistors_complete\": " + (r.transistors_partial ? "false" : "true") +
            ", \"nand2_eq\": " + nand + ", \"logic_depth\": " + std::to_string(r.depth) + "}" +
            (k + 1 < rows.size() ? "," : "") + "\n";
    }
    util::write_output_file(json_file, js + "]\n");
  }
  return failed ? 3 : 0;
}

}  // namespace netcosim::cli
