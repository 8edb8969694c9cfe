// netcosim area [BLOCK[:K=V,...]...] [--json FILE]
// netcosim area CONFIG.ini [--set K=V]... [--json FILE]
// netcosim area --compare A.ini B.ini [--json FILE]
// Argument handling only: the synthesis and its figures are sim/experiment/area.h, the router
// plans sim/experiment/router_area.h, the cache sim/experiment/area_cache.h (docs/area.md).
// Exit status: 0 success; 2 bad usage, a bad configuration, an unwritable --json, yosys missing or
// parameters a block's RTL refuses; 3 a synthesis failed or inferred a latch.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sim/cli/options.h"
#include "sim/cli/subcommands.h"
#include "sim/config/config.h"
#include "sim/experiment/area.h"
#include "sim/experiment/area_cache.h"
#include "sim/experiment/block_selection.h"
#include "sim/experiment/router_area.h"
#include "sim/util/output_file.h"
#include "sim/util/process.h"

namespace netcosim::cli {

namespace {

// The BLOCK line of --help, from the catalogue (rtl/catalog.h).
const std::string& block_help() {
  static const std::string s =
      "\nBLOCK: " + rtl::rtl_block_names() +
      " (default: all, at the parameter sets of rtl/catalog.h); BLOCK:K=V,K=V synthesizes other "
      "parameters (the keys of the block's catalogue sets).\nCONFIG.ini: the blocks and storage "
      "of the configured router, per router and per network (docs/area.md).\n";
  return s;
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// The keys of "K=V,K=V" in order; false if the text is not of that form with K in [A-Z_] and V
// a decimal number.
bool param_keys(const std::string& params, std::vector<std::string>& keys) {
  keys.clear();
  size_t start = 0;
  while (start <= params.size()) {
    const size_t end = std::min(params.find(',', start), params.size());
    const std::string kv = params.substr(start, end - start);
    const size_t eq = kv.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == kv.size()) return false;
    for (size_t i = 0; i < eq; ++i)  // upper case and '_', digits after the first (W0, W1)
      if (!std::isupper(static_cast<unsigned char>(kv[i])) && kv[i] != '_' &&
          (i == 0 || !std::isdigit(static_cast<unsigned char>(kv[i]))))
        return false;
    for (size_t i = eq + 1; i < kv.size(); ++i)
      if (!std::isdigit(static_cast<unsigned char>(kv[i]))) return false;
    keys.push_back(kv.substr(0, eq));
    start = end + 1;
  }
  return true;
}

// Synthesizes or reads from the cache, once per block and parameters of a call.
class Synthesizer {
 public:
  Synthesizer(std::string yosys, std::string cache_dir)
      : yosys_(std::move(yosys)),
        rtl_dir_(std::string(NETCOSIM_SOURCE_DIR) + "/rtl"),
        cache_dir_(std::move(cache_dir)) {
    const util::ProcessResult pr = util::run_process({yosys_, "-V"}, {});
    version_ = pr.ok() ? pr.out.substr(0, pr.out.find('\n')) : "unknown";
  }

  // False if the synthesis failed or inferred a latch (reported on stderr); bad_parameters() then
  // says whether the block's RTL refused the parameters (exit 2, as other bad input).
  bool area(const rtl::RtlBlock& b, const std::string& params, experiment::AreaRow& row,
            bool& cached) {
    const std::string key = experiment::area_cache_key(rtl_dir_, b, params, version_);
    if (const auto it = done_.find(key); it != done_.end()) {
      row = it->second.first;
      cached = it->second.second;
      return true;
    }
    cached = experiment::area_cache_load(cache_dir_, key, row);
    if (!cached) {
      std::fprintf(stderr, "netcosim area: synthesizing %s %s ...\n", b.block, params.c_str());
      const rtl::RtlParamSet set{"", params.c_str()};
      std::string why;
      const auto r = experiment::synthesize(yosys_, rtl_dir_, b, set, row, why);
      if (r == experiment::SynthResult::BadParameters) {
        std::fprintf(stderr, "netcosim area: %s:%s: %s (the block's parameter check)\n", b.block,
                     params.c_str(), why.c_str());
        bad_parameters_ = true;
        return false;
      }
      if (r != experiment::SynthResult::Ok) {
        std::fprintf(stderr, "netcosim area: %s %s: %s\n", b.block, params.c_str(), why.c_str());
        return false;
      }
      if (!experiment::area_cache_store(cache_dir_, key, row, why))
        std::fprintf(stderr, "netcosim area: cache not written (%s)\n", why.c_str());
    }
    done_[key] = {row, cached};
    return true;
  }

  bool bad_parameters() const { return bad_parameters_; }

 private:
  bool bad_parameters_ = false;
  std::string yosys_, rtl_dir_, cache_dir_, version_;
  std::map<std::string, std::pair<experiment::AreaRow, bool>> done_;
};

}  // namespace

int area_main(int argc, char** argv) {
  CommandLine cl("area",
                 "usage: netcosim area [BLOCK[:K=V,...]...] [options]\n"
                 "       netcosim area CONFIG.ini [--set K=V]... [options]\n"
                 "       netcosim area --compare A.ini B.ini [--set K=V]... [options]\n",
                 block_help().c_str());
  cl.options.add_options()("json", text("FILE"), "write the results as JSON to FILE")(
      "set", texts("K=V"), "override a configuration key of CONFIG.ini (repeatable)")(
      "compare", po::bool_switch(), "two configurations side by side, with B / A")(
      "set-b", texts("K=V"), "with --compare: override a key of B only, after --set")(
      "phit-bits", text("N"),
      "bits per phit of the CIOQ router's storage (default 80: thesis 000's 10-byte phit; the "
      "ib and opa switches' flits are link.flit_bytes)")(
      "memory", text("KIND"),
      "storage as auto (flip-flops up to --rf-max-bits, SRAM above; default), rf or sram")(
      "rf-max-bits", text("N"), "largest array built of flip-flops under --memory auto (4096)")(
      "cache", text("DIR"),
      "the synthesis cache (default: $NETCOSIM_CACHE_DIR/area, "
      "$XDG_CACHE_HOME/netcosim/area or ~/.cache/netcosim/area)")(
      "no-cache", po::bool_switch(), "synthesize every block, read and write no cache");
  cl.hidden.add_options()("block", texts("BLOCK"));
  cl.positional.add("block", -1);
  if (const int rc = parse_command_line(cl, argc, argv); rc >= 0) return rc;
  const std::string json = opt_string(cl, "json");
  if (cl.vm.count("json") != 0 && json.empty())
    return usage_error(cl, "--json: the file name is empty");
  const std::vector<std::string> args = opt_strings(cl, "block");
  const bool compare = cl.vm["compare"].as<bool>();
  size_t configs = 0;
  for (const auto& a : args) configs += ends_with(a, ".ini") ? 1 : 0;
  if (configs > 0 && configs != args.size())
    return usage_error(cl, "'" + args.front() +
                               "' ...: give either blocks or configurations "
                               "(.ini), not both");
  if (compare && configs != 2)
    return usage_error(cl, "--compare: needs exactly two configurations (A.ini B.ini), got " +
                               std::to_string(configs));
  if (!compare && configs > 1)
    return usage_error(cl, "'" + args[1] + "': one configuration at a time (or --compare A B)");
  if (!compare && cl.vm.count("set-b") != 0)
    return usage_error(cl, "--set-b: applies to --compare only");
  for (const char* k : {"set", "phit-bits", "memory", "rf-max-bits"})
    if (configs == 0 && cl.vm.count(k) != 0)
      return usage_error(cl, std::string("--") + k + ": applies to a configuration (CONFIG.ini)");
  long long phit_bits = 80, rf_max = 4096;
  const std::string pb = opt_string(cl, "phit-bits"), rm = opt_string(cl, "rf-max-bits");
  if (!pb.empty() && !parse_int(pb, 1, 4096, phit_bits))
    return usage_error(cl, "--phit-bits '" + pb + "': expected an integer from 1 to 4096");
  if (!rm.empty() && !parse_int(rm, 0, 1LL << 40, rf_max))
    return usage_error(cl, "--rf-max-bits '" + rm + "': expected a non-negative integer");
  experiment::MemoryModel memory;
  memory.rf_max_bits = static_cast<uint64_t>(rf_max);
  if (const std::string m = opt_string(cl, "memory"); !m.empty()) {
    if (m == "rf")
      memory.kind = experiment::MemoryKind::RegisterFile;
    else if (m == "sram")
      memory.kind = experiment::MemoryKind::Sram;
    else if (m != "auto")
      return usage_error(cl, "--memory '" + m + "': allowed values are auto, rf, sram");
  }
  if (cl.vm.count("cache") != 0 && opt_string(cl, "cache").empty())
    return usage_error(cl, "--cache: the directory name is empty");
  if (cl.vm.count("cache") != 0 && cl.vm["no-cache"].as<bool>())
    return usage_error(cl, "--cache and --no-cache: give one of them");

  // The blocks and parameters of a block call, checked before anything is synthesized.
  std::vector<std::pair<const rtl::RtlBlock*, std::string>> todo;
  if (configs == 0) {
    std::vector<std::string> names;
    std::vector<std::string> custom;
    for (const auto& a : args) {
      const size_t colon = a.find(':');
      names.push_back(a.substr(0, colon));
      custom.push_back(colon == std::string::npos ? "" : a.substr(colon + 1));
    }
    std::string unknown;
    const auto blocks = experiment::select_blocks(names, unknown);
    if (!unknown.empty()) return usage_error(cl, unknown);
    if (args.empty()) {
      for (const auto* b : blocks)
        for (const auto& set : b->sets) todo.emplace_back(b, set.params);
    } else {
      for (size_t i = 0; i < args.size(); ++i) {
        const rtl::RtlBlock* b = rtl::find_rtl_block(names[i]);
        if (custom[i].empty()) {
          for (const auto& set : b->sets) todo.emplace_back(b, set.params);
          continue;
        }
        // The keys of one of the block's parameter sets, in its order (a block whose sets differ
        // in their keys, as sbt_scheduler's weights per SL, takes any of them).
        std::vector<std::string> keys;
        std::vector<std::vector<std::string>> forms;
        std::string list;
        for (const auto& set : b->sets) {
          std::vector<std::string> form;
          param_keys(set.params, form);
          if (std::find(forms.begin(), forms.end(), form) != forms.end()) continue;
          std::string one;
          for (const auto& k : form) one += (one.empty() ? "" : ",") + k + "=N";
          list += (list.empty() ? "" : " or ") + one;
          forms.push_back(form);
        }
        if (!param_keys(custom[i], keys) ||
            std::find(forms.begin(), forms.end(), keys) == forms.end())
          return usage_error(cl, "'" + args[i] + "': the parameters of " + b->block + " are " +
                                     list + " (decimal values, in that order)");
        todo.emplace_back(b, custom[i]);
      }
    }
  }

  if (const int rc = check_destinations(cl, {{"--json", json}}); rc >= 0) return rc;

  // The configurations' plans (configuration errors exit 2 before any synthesis).
  std::vector<experiment::RouterAreaReport> reports;
  for (const auto& a : args) {
    if (configs == 0) break;
    Config cfg;
    cfg.load_file(a);
    for (const auto& s : opt_strings(cl, "set")) cfg.set_override(s);
    if (!reports.empty())
      for (const auto& s : opt_strings(cl, "set-b")) cfg.set_override(s);
    experiment::RouterAreaReport r;
    r.config = a;
    if (!reports.empty())
      for (const auto& s : opt_strings(cl, "set-b")) r.config += " --set-b " + s;
    r.plan = experiment::plan_router_area(cfg, static_cast<uint32_t>(phit_bits));
    if (r.plan.architecture != "cioq" && !pb.empty())
      return usage_error(cl, "--phit-bits: router.architecture=" + r.plan.architecture +
                                 " sizes its buffers in flits of link.flit_bytes (--set "
                                 "link.flit_bytes=N)");
    r.memory = memory;
    r.phit_bits = r.plan.phit_bits;
    reports.push_back(std::move(r));
  }

  const std::string yosys = experiment::find_in_path("yosys");
  if (yosys.empty()) {
    std::fprintf(stderr,
                 "netcosim area: yosys not found in PATH; install it (Debian package 'yosys', "
                 "0.23 is what docs/area.md was measured with)\n");
    return 2;
  }
  Synthesizer synth(yosys,
                    cl.vm["no-cache"].as<bool>()
                        ? std::string()
                        : (cl.vm.count("cache") != 0 ? opt_string(cl, "cache")
                                                     : experiment::default_area_cache_dir()));
  bool failed = false;
  if (configs == 0) {
    std::vector<experiment::AreaRow> rows;
    for (const auto& [b, params] : todo) {
      experiment::AreaRow row;
      bool cached = false;
      if (synth.area(*b, params, row, cached))
        rows.push_back(row);
      else
        failed = true;
    }
    if (synth.bad_parameters()) return 2;  // bad input: no table, no file
    std::fputs(experiment::area_table_text(rows).c_str(), stdout);
    std::fputs(experiment::area_ratio_text(rows).c_str(), stdout);
    std::fputs(experiment::area_vc_selector_text(rows).c_str(), stdout);
    if (!json.empty()) util::write_output_file(json, experiment::area_json(rows));
    return failed ? 3 : 0;
  }
  for (auto& r : reports) {
    for (const auto& use : r.plan.blocks) {
      experiment::AreaRow row;
      bool cached = false;
      if (!synth.area(*rtl::find_rtl_block(use.block), use.params, row, cached)) failed = true;
      r.rows.push_back(row);
      r.cached.push_back(cached);
    }
    for (const auto& use : r.plan.nic_blocks) {
      experiment::AreaRow row;
      bool cached = false;
      if (!synth.area(*rtl::find_rtl_block(use.block), use.params, row, cached)) failed = true;
      r.nic_rows.push_back(row);
      r.nic_cached.push_back(cached);
    }
  }
  if (failed) return 3;
  nlohmann::ordered_json doc;
  if (compare) {
    std::fputs(experiment::router_area_text(reports[0]).c_str(), stdout);
    std::fputs(experiment::router_area_text(reports[1]).c_str(), stdout);
    std::fputs(experiment::router_area_compare_text(reports[0], reports[1]).c_str(), stdout);
    doc["a"] = experiment::router_area_json(reports[0]);
    doc["b"] = experiment::router_area_json(reports[1]);
  } else {
    std::fputs(experiment::router_area_text(reports[0]).c_str(), stdout);
    doc = experiment::router_area_json(reports[0]);
  }
  if (!json.empty()) util::write_output_file(json, doc.dump(2) + "\n");
  return 0;
}

}  // namespace netcosim::cli
