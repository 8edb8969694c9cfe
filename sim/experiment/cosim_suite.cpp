// The runs of `netcosim cosim` (cosim_suite.h).
#include "sim/experiment/cosim_suite.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "sim/experiment/text_format.h"
#include "sim/util/json_number.h"
#include "sim/util/output_file.h"
#include "sim/util/process.h"

namespace netcosim::experiment {

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

std::string find_bench(const std::string& bench, const std::vector<std::string>& dirs,
                       std::string& looked) {
  for (const auto& d : dirs) {
    const std::string c = d + "/" + bench;
    if (access(c.c_str(), X_OK) == 0) return c;
    looked += (looked.empty() ? "" : ", ") + c;
  }
  return "";
}

std::vector<std::string> locate_benches(const std::vector<const rtl::RtlBlock*>& blocks,
                                        const std::vector<std::string>& dirs) {
  std::vector<std::string> exes;
  for (const auto* b : blocks) {
    std::string looked;
    exes.push_back(find_bench(b->bench, dirs, looked));
    if (exes.back().empty())
      throw std::runtime_error(std::string("co-simulation bench '") + b->bench +
                               "' not found (looked in " + looked +
                               "); build it with: cmake --build BUILD_DIR --target " + b->bench);
  }
  return exes;
}

CosimRow run_cosim_set(const std::string& exe, const rtl::RtlBlock& block,
                       const rtl::RtlParamSet& set, const CosimSettings& s) {
  const char* tmpdir = std::getenv("TMPDIR");
  util::TempFile tmp(std::string(tmpdir != nullptr && *tmpdir != '\0' ? tmpdir : "/tmp") +
                     "/netcosim-cosim.json");
  const std::string& tmp_json = tmp.path();
  std::vector<std::string> args = {exe,      "--params", set.name, "--cycles", s.cycles,
                                   "--seed", s.seed,     "--json", tmp_json};
  if (!s.vcd_dir.empty()) {
    args.push_back("--vcd");
    args.push_back(s.vcd_dir);
  }
  const util::ProcessResult pr = util::run_process(args);
  const std::string js = read_text(tmp_json);
  CosimRow row;
  row.block = block.block;
  row.params = set.params;
  double c = 0, m = 0;
  const bool parsed = util::find_json_number(js, "cycles", c) &&
                      util::find_json_number(js, "mismatches", m) &&
                      util::find_json_number(js, "rtl_cycles_per_s", row.rtl_cps) &&
                      util::find_json_number(js, "model_cycles_per_s", row.model_cps);
  row.cycles = static_cast<unsigned long long>(c);
  row.mismatches = static_cast<unsigned long long>(m);
  row.verdict = classify_bench(pr, parsed, row.mismatches);
  row.ran = parsed;
  if (row.verdict == BenchVerdict::BadUsage) {
    const std::string line = util::last_line(pr.err);
    row.output = line.empty() ? "the bench exited with status 2" : line;
  } else if (row.verdict != BenchVerdict::Match) {
    row.output =
        "exit status " + std::to_string(pr.status) + ":\n" + pr.start_error + pr.out + pr.err;
  }
  return row;
}

std::string cosim_header() {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-19s %-22s %10s %10s %15s %15s\n", "block", "parameters",
                "cycles", "mismatches", "RTL cycles/s", "model cycles/s");
  return buf;
}

std::string cosim_row_text(const CosimRow& r) {
  char buf[256];
  const std::string mm = r.ran ? std::to_string(r.mismatches) : "error";
  std::snprintf(buf, sizeof buf, "%-19s %-22s %10llu %10s %15s %15s\n", r.block.c_str(),
                r.params.c_str(), r.cycles, mm.c_str(), group_digits(r.rtl_cps).c_str(),
                group_digits(r.model_cps).c_str());
  return buf;
}

std::string cosim_json(const std::vector<CosimRow>& rows) {
  nlohmann::ordered_json doc = nlohmann::ordered_json::array();
  for (const CosimRow& r : rows) {
    nlohmann::ordered_json& o = doc.emplace_back();
    o["block"] = r.block;
    o["params"] = r.params;
    o["cycles"] = r.cycles;
    o["mismatches"] = r.ran ? nlohmann::ordered_json(r.mismatches) : nlohmann::ordered_json();
    o["rtl_cycles_per_s"] = util::finite_or_null(r.rtl_cps);
    o["model_cycles_per_s"] = util::finite_or_null(r.model_cps);
    if (!r.ran) o["error"] = "the bench did not run to completion";
  }
  return doc.dump(2) + '\n';
}

}  // namespace netcosim::experiment
