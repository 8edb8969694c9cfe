// netcosim area [BLOCK...] [--json FILE]
// Argument handling only: the synthesis and its figures are sim/experiment/area.h (docs/area.md).
// Exit status: 0 success; 2 bad usage, an unwritable --json or yosys missing; 3 a synthesis failed
// or inferred a latch.
#include <cstdio>
#include <string>
#include <vector>

#include "sim/cli/options.h"
#include "sim/cli/subcommands.h"
#include "sim/experiment/area.h"
#include "sim/experiment/block_selection.h"
#include "sim/util/output_file.h"

namespace netcosim::cli {

namespace {

// The BLOCK line of --help, from the catalogue (rtl/catalog.h).
const std::string& block_help() {
  static const std::string s = "\nBLOCK: " + rtl::rtl_block_names() + " (default: all)\n";
  return s;
}

}  // namespace

int area_main(int argc, char** argv) {
  CommandLine cl("area", "usage: netcosim area [BLOCK...] [--json FILE]\n", block_help().c_str());
  cl.options.add_options()("json", text("FILE"), "write the results as a JSON array to FILE");
  cl.hidden.add_options()("block", texts("BLOCK"));
  cl.positional.add("block", -1);
  if (const int rc = parse_command_line(cl, argc, argv); rc >= 0) return rc;
  const std::string json = opt_string(cl, "json");
  if (cl.vm.count("json") != 0 && json.empty())
    return usage_error(cl, "--json: the file name is empty");
  std::string unknown;
  const auto blocks = experiment::select_blocks(opt_strings(cl, "block"), unknown);
  if (!unknown.empty()) return usage_error(cl, unknown);
  if (const int rc = check_destinations(cl, {{"--json", json}}); rc >= 0) return rc;
  const std::string yosys = experiment::find_in_path("yosys");
  if (yosys.empty()) {
    std::fprintf(stderr,
                 "netcosim area: yosys not found in PATH; install it (Debian package 'yosys', "
                 "0.23 is what docs/area.md was measured with)\n");
    return 2;
  }
  std::vector<experiment::AreaRow> rows;
  bool failed = false;
  for (const auto* b : blocks)
    for (const auto& set : b->sets) {
      std::fprintf(stderr, "netcosim area: synthesizing %s %s ...\n", b->block, set.params);
      experiment::AreaRow row;
      std::string why;
      const auto r = experiment::synthesize(yosys, std::string(NETCOSIM_SOURCE_DIR) + "/rtl", *b,
                                            set, row, why);
      if (r != experiment::SynthResult::Ok) {
        std::fprintf(stderr, "netcosim area: %s %s: %s\n", b->block, set.params, why.c_str());
        failed = true;
      }
      if (r != experiment::SynthResult::Failed) rows.push_back(row);
    }
  std::fputs(experiment::area_table_text(rows).c_str(), stdout);
  std::fputs(experiment::area_ratio_text(rows).c_str(), stdout);
  std::fputs(experiment::area_vc_selector_text(rows).c_str(), stdout);
  if (!json.empty()) util::write_output_file(json, experiment::area_json(rows));
  return failed ? 3 : 0;
}

}  // namespace netcosim::cli
