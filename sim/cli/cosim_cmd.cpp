// netcosim cosim [BLOCK...] [--cycles N] [--seed S] [--vcd DIR] [--json FILE]
// Argument handling only: the bench runs are sim/experiment/cosim_suite.h; exit statuses (0, 2 bad
// usage/destination/bench exit 2, 3 mismatch or failed bench) in docs/cosim.md.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/cli/options.h"
#include "sim/cli/subcommands.h"
#include "sim/experiment/block_selection.h"
#include "sim/experiment/cosim_suite.h"
#include "sim/util/output_file.h"
#include "sim/util/process.h"

namespace netcosim::cli {

namespace {

// The BLOCK line of --help, from the catalogue (rtl/catalog.h).
const std::string& block_help() {
  static const std::string s = "\nBLOCK: " + rtl::rtl_block_names() + " (default: all)\n";
  return s;
}

// Where the benches are: the build tree that built this binary, else next to this binary.
std::vector<std::string> bench_dirs() {
  const std::string exe = util::self_exe_path();
  const std::string here = exe.empty() ? "." : exe.substr(0, exe.rfind('/'));
  return {std::string(NETCOSIM_BINARY_DIR) + "/testbench", here + "/testbench", here};
}

}  // namespace

int cosim_main(int argc, char** argv) {
  // The blocks of rtl/catalog.h.
  static const std::string blocks_help = "\nBLOCK: " + rtl::rtl_block_names() + " (default: all)\n";
  CommandLine cl(
      "cosim",
      "usage: netcosim cosim [BLOCK...] [--cycles N] [--seed S] [--vcd DIR] [--json FILE]\n",
      block_help().c_str());
  cl.options.add_options()("cycles", text("N")->default_value("100000"),
                           "cycles compared per parameter set")(
      "seed", text("S")->default_value("1"), "stimulus seed")(
      "vcd", text("DIR"), "write VCD windows of the RTL into DIR")(
      "json", text("FILE"), "write the results as a JSON array to FILE");
  cl.hidden.add_options()("block", texts("BLOCK"));
  cl.positional.add("block", -1);
  if (const int rc = parse_command_line(cl, argc, argv); rc >= 0) return rc;
  experiment::CosimSettings s{opt_string(cl, "cycles"), opt_string(cl, "seed"),
                              opt_string(cl, "vcd")};
  const std::string json = opt_string(cl, "json");
  long long n = 0;
  if (!parse_int(s.cycles, 1, 999999999999999999LL, n))
    return usage_error(cl, "--cycles '" + s.cycles + "': expected a positive integer");
  if (!parse_int(s.seed, 0, 999999999999999999LL, n))
    return usage_error(cl, "--seed '" + s.seed + "': expected a non-negative integer");
  for (const char* o : {"vcd", "json"})
    if (cl.vm.count(o) != 0 && opt_string(cl, o).empty())
      return usage_error(cl, std::string("--") + o + ": the name is empty");
  std::string unknown;
  const auto blocks = experiment::select_blocks(opt_strings(cl, "block"), unknown);
  if (!unknown.empty()) return usage_error(cl, unknown);
  try {  // the destinations, before any bench starts
    if (!s.vcd_dir.empty()) util::prepare_output_dir(s.vcd_dir);
  } catch (const util::OutputError& e) {
    std::fprintf(stderr, "netcosim cosim: --vcd: %s\n", e.what());
    return 2;
  }
  if (const int rc = check_destinations(cl, {{"--json", json}}); rc >= 0) return rc;
  std::vector<std::string> exes;
  try {
    exes = experiment::locate_benches(blocks, bench_dirs());
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "netcosim cosim: %s\n", e.what());
    return 2;
  }
  std::fputs(experiment::cosim_header().c_str(), stdout);
  std::vector<experiment::CosimRow> rows;
  int status = 0;
  for (size_t k = 0; k < blocks.size(); ++k)
    for (const auto& set : blocks[k]->sets) {
      rows.push_back(experiment::run_cosim_set(exes[k], *blocks[k], set, s));
      const auto& r = rows.back();
      if (r.verdict == experiment::BenchVerdict::BadUsage) {
        std::fprintf(stderr, "netcosim cosim: %s %s: %s\n", r.block.c_str(), r.params.c_str(),
                     r.output.c_str());
        return 2;
      }
      if (r.verdict != experiment::BenchVerdict::Match) {
        status = 3;
        std::fprintf(stderr, "netcosim cosim: %s %s failed, %s", r.block.c_str(), r.params.c_str(),
                     r.output.c_str());
      }
      std::fputs(experiment::cosim_row_text(r).c_str(), stdout);
      std::fflush(stdout);
    }
  if (!json.empty()) util::write_output_file(json, experiment::cosim_json(rows));
  if (status != 0)
    std::fprintf(stderr, "netcosim cosim: RTL and model disagree (or a bench failed)\n");
  return status;
}

}  // namespace netcosim::cli
