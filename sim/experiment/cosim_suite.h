// The runs of `netcosim cosim` (docs/cosim.md): one co-simulation bench (the executable
// cosim_<block> built from the testbench folder, one SystemC executable per block since SystemC
// elaborates once per process; docs/principles.md §9) per block, over every parameter set of
// rtl/catalog.h, started by the process runner.
#pragma once

#include <string>
#include <vector>

#include "rtl/catalog.h"
#include "sim/experiment/cosim_verdict.h"

namespace netcosim::experiment {

// The bench executable: the first of `dirs` that holds it (executable); else "" and `looked`
// lists where it was looked for.
std::string find_bench(const std::string& bench, const std::vector<std::string>& dirs,
                       std::string& looked);
// The bench of every block (find_bench); throws std::runtime_error naming the missing one, where
// it was looked for and how to build it.
std::vector<std::string> locate_benches(const std::vector<const rtl::RtlBlock*>& blocks,
                                        const std::vector<std::string>& dirs);

struct CosimSettings {
  std::string cycles = "100000", seed = "1", vcd_dir;  // vcd_dir: empty for no VCD
};

struct CosimRow {
  std::string block, params;
  unsigned long long cycles = 0, mismatches = 0;
  double rtl_cps = 0, model_cps = 0;
  bool ran = true;  // the bench produced its results (false: it could not run or crashed)
  BenchVerdict verdict = BenchVerdict::Failed;
  std::string output;  // the bench's stdout and stderr, or its one-line message for BadUsage
};

// Runs the bench `exe` of `block` on one parameter set (its JSON result in a temporary file).
CosimRow run_cosim_set(const std::string& exe, const rtl::RtlBlock& block,
                       const rtl::RtlParamSet& set, const CosimSettings& s);

std::string cosim_header();
std::string cosim_row_text(const CosimRow& r);
std::string cosim_json(const std::vector<CosimRow>& rows);

}  // namespace netcosim::experiment
