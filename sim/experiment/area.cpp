// yosys area estimates (area.h).
#include "sim/experiment/area.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <stdexcept>

#include "sim/util/json_number.h"
#include "sim/util/process.h"

namespace netcosim::experiment {

namespace {

constexpr const char* kLatch = "infers a latch";
constexpr const char* kPlainNameChars =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.";

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
    if (ls >> type >> count && type.rfind("$", 0) == 0 && type.find("DFF") != std::string::npos)
      n += count;
  }
  return n;
}

// "K=V,K=V" as a map.
std::map<std::string, std::string> param_map(const std::string& text) {
  std::map<std::string, std::string> kv;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ','))
    if (const size_t eq = item.find('='); eq != std::string::npos)
      kv[item.substr(0, eq)] = item.substr(eq + 1);
  return kv;
}

}  // namespace

std::string yosys_script(const rtl::RtlBlock& b, const rtl::RtlParamSet& set) {
  std::string files, chparam;
  for (const char* f : b.rtl_files) {
    if (std::string(f).find_first_not_of(kPlainNameChars) != std::string::npos)
      throw std::invalid_argument(std::string("RTL file name '") + f + "' is not a plain name");
    files += std::string(" ") + f;
  }
  std::stringstream ps(set.params);
  std::string kv;
  while (std::getline(ps, kv, ',')) {
    const size_t eq = kv.find('=');
    chparam += " -set " + kv.substr(0, eq) + " " + kv.substr(eq + 1);
  }
  return "read_verilog -sv" + files + "; chparam" + chparam + " " + b.block +
         "; synth -flatten -top " + b.block +
         "; stat; dffunmap; abc -g cmos2; stat -tech cmos; ltp -noff";
}

bool parse_yosys_log(const std::string& log, const std::string& top, AreaRow& row,
                     std::string& why) {
  const auto sections = stat_sections(log, top);
  if (sections.size() < 2) {
    why = "no statistics in the yosys log";
    return false;
  }
  row.cells = number_after(sections[0], "Number of cells:");
  row.flip_flops = count_flip_flops(sections[0]);
  row.cmos_cells = number_after(sections.back(), "Number of cells:");
  row.transistors =
      number_after(sections.back(), "Estimated number of transistors:", &row.transistors_partial);
  row.nand2 = static_cast<double>(row.transistors) / 4.0;
  row.depth = number_after(log, "Longest topological path in " + top + " (length=");
  if (log.find("Latch inferred") != std::string::npos ||
      sections[0].find("DLATCH") != std::string::npos) {
    why = kLatch;
    return false;
  }
  return true;
}

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

SynthResult synthesize(const std::string& yosys, const std::string& rtl_dir, const rtl::RtlBlock& b,
                       const rtl::RtlParamSet& set, AreaRow& row, std::string& why) {
  const std::string script = yosys_script(b, set);
  util::ProcessOptions opt;
  opt.cwd = rtl_dir;
  const util::ProcessResult pr = util::run_process({yosys, "-p", script}, opt);
  const std::string log = pr.start_error + pr.out + pr.err;
  row.block = b.block;
  row.params = set.params;
  if (pr.ok() && parse_yosys_log(log, b.block, row, why)) return SynthResult::Ok;
  if (pr.ok() && row.cells >= 0 && why == kLatch) return SynthResult::Latch;
  // The RTL's parameter checks name their block: "ERROR: sbt_scheduler: every weight ...".
  const std::string refusal = std::string("ERROR: ") + b.block + ": ";
  if (const size_t at = log.find(refusal); !pr.ok() && at != std::string::npos) {
    const size_t from = at + 7, end = log.find('\n', from);
    why = log.substr(from, end == std::string::npos ? std::string::npos : end - from);
    if (!why.empty() && why.back() == '.') why.pop_back();  // yosys ends its errors with a period
    return SynthResult::BadParameters;
  }
  const size_t tail = log.size() > 3000 ? log.size() - 3000 : 0;
  why = "yosys failed (" + pr.describe() + "); script:\n" + script + "\n" + log.substr(tail);
  return SynthResult::Failed;
}

std::string area_table_text(const std::vector<AreaRow>& rows) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%-19s %-22s %9s %11s %11s %12s %11s %6s\n", "block", "parameters",
                "cells", "flip-flops", "cmos2 cells", "transistors", "NAND2 eq.", "depth");
  std::string t = buf;
  for (const auto& r : rows) {
    std::snprintf(buf, sizeof buf, "%-19s %-22s %9lld %11lld %11lld %11lld%s %11.0f %6lld\n",
                  r.block.c_str(), r.params.c_str(), r.cells, r.flip_flops, r.cmos_cells,
                  r.transistors, r.transistors_partial ? "+" : " ", r.nand2, r.depth);
    t += buf;
  }
  return t +
         "cells: yosys generic gates after synth; cmos2 cells: NAND/NOR/NOT/DFF after "
         "'dffunmap; abc -g cmos2'; NAND2 eq. = transistors / 4; depth: longest path in cmos2 "
         "gates (docs/area.md)\n";
}

std::string area_ratio_text(const std::vector<AreaRow>& rows) {
  std::string t;
  char buf[512];
  for (const AreaRow& d : rows) {
    if (d.block != "dtable_arbiter") continue;
    auto dp = param_map(d.params);
    for (const AreaRow& r : rows) {
      if (r.block != "drr_arbiter") continue;
      auto rp = param_map(r.params);
      if (dp["S"] != rp["V"] || dp["WW"] != rp["QW"] || dp["SW"] != rp["SW"] || r.nand2 <= 0 ||
          r.flip_flops <= 0)
        continue;
      if (t.empty())
        t = "DTable / DRR (the same lanes and widths; thesis 003 Sec. 5.4 cites about 2x, its "
            "ref. [72]):\n";
      std::snprintf(buf, sizeof buf,
                    "  dtable_arbiter %s / drr_arbiter %s: %.2fx NAND2 eq. (%.0f / %.0f), %.2fx "
                    "flip-flops (%lld / %lld)\n",
                    d.params.c_str(), r.params.c_str(), d.nand2 / r.nand2, d.nand2, r.nand2,
                    static_cast<double>(d.flip_flops) / static_cast<double>(r.flip_flops),
                    d.flip_flops, r.flip_flops);
      t += buf;
    }
  }
  return t;
}

std::string area_vc_selector_text(const std::vector<AreaRow>& rows) {
  // Seed 002 Table V: the h8 router's 31 ports are 8 injection, 15 local and 8 global; local
  // input buffers of 32 phits per VC (6-bit credits), global ones of 256 (9 bits). The outputs to
  // the nodes select no VC (sim/router/cioq/router_allocate.h); a port with one VC needs no
  // selector (its grant is the credit counter's can_send and the allowed bit).
  constexpr int kLocal = 15, kGlobal = 8;
  struct VcSet {
    const char* name;
    int local_vcs, global_vcs;
  };
  static constexpr VcSet kVcSets[] = {{"2/1", 2, 1}, {"4/2", 4, 2}, {"8/4", 8, 4}};
  static constexpr const char* kModes[] = {"jsq", "highest", "lowest"};
  auto find = [&](int vcs, int w, int mode) -> const AreaRow* {
    for (const AreaRow& r : rows) {
      if (r.block != "vc_selector" || r.nand2 <= 0) continue;
      auto p = param_map(r.params);
      if (p["V"] == std::to_string(vcs) && p["W"] == std::to_string(w) &&
          p["MODE"] == std::to_string(mode))
        return &r;
    }
    return nullptr;
  };
  std::string t;
  char buf[512];
  for (int mode = 0; mode < 3; ++mode) {
    for (const VcSet& s : kVcSets) {
      const AreaRow* local = find(s.local_vcs, 6, mode);
      const AreaRow* global = s.global_vcs > 1 ? find(s.global_vcs, 9, mode) : nullptr;
      if (local == nullptr || (s.global_vcs > 1 && global == nullptr)) continue;
      if (t.empty())
        t = "VC selectors of an h8 router (seed 002 Table V: one per output to a router, 15 local "
            "of 32 phits per VC and 8 global of 256; docs/area.md):\n";
      const double g = global != nullptr ? global->nand2 : 0.0;
      char gtext[160];
      if (global != nullptr)
        std::snprintf(gtext, sizeof gtext, "%d x %.0f (%s)", kGlobal, g, global->params.c_str());
      else
        std::snprintf(gtext, sizeof gtext, "%d x 0 (1 VC: no selector)", kGlobal);
      std::snprintf(buf, sizeof buf, "  %-7s %s VCs: %d x %.0f (%s) + %s = %.0f NAND2 eq.\n",
                    kModes[mode], s.name, kLocal, local->nand2, local->params.c_str(), gtext,
                    kLocal * local->nand2 + kGlobal * g);
      t += buf;
    }
  }
  return t;
}

std::string area_json(const std::vector<AreaRow>& rows) {
  nlohmann::ordered_json doc = nlohmann::ordered_json::array();
  for (const AreaRow& r : rows) {
    nlohmann::ordered_json& o = doc.emplace_back();
    o["block"] = r.block;
    o["params"] = r.params;
    o["cells"] = r.cells;
    o["flip_flops"] = r.flip_flops;
    o["cmos_cells"] = r.cmos_cells;
    o["transistors"] = r.transistors;
    o["transistors_complete"] = !r.transistors_partial;
    o["nand2_eq"] = util::finite_or_null(r.nand2);
    o["logic_depth"] = r.depth;
  }
  return doc.dump(2) + '\n';
}

}  // namespace netcosim::experiment
