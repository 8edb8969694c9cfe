// How `netcosim cosim` (sim/cli/cosim_cmd.cpp) reads the outcome of one co-simulation bench run
// (the benches' common code, testbench/bench_top.cpp: exit status 0 no mismatch, 1 mismatch, 2 bad
// usage or an output it cannot write).
#pragma once

#include <cstdint>

#include "sim/util/process.h"

namespace netcosim::experiment {

enum class BenchVerdict {
  Match,     // exit 0 and its JSON reports no mismatch
  Mismatch,  // its JSON reports mismatches: `netcosim cosim` exits 3 ("RTL and model disagree")
  BadUsage,  // exit 2: `netcosim cosim` exits 2 with the bench's one-line message
  Failed,    // anything else (could not start, killed, no result): `netcosim cosim` exits 3
};

// `parsed`: the bench's JSON result was read; `mismatches`: the count it reports.
BenchVerdict classify_bench(const util::ProcessResult& r, bool parsed, uint64_t mismatches);

// The exit status of `netcosim cosim` for one verdict (0, 2 or 3).
int cosim_exit_status(BenchVerdict v);

}  // namespace netcosim::experiment
