#include "sim/experiment/cosim_verdict.h"

namespace netcosim::experiment {

BenchVerdict classify_bench(const util::ProcessResult& r, bool parsed, uint64_t mismatches) {
  if (!r.start_error.empty() || r.timed_out) return BenchVerdict::Failed;
  if (r.status == 2) return BenchVerdict::BadUsage;
  if (parsed && mismatches != 0 && (r.status == 0 || r.status == 1)) return BenchVerdict::Mismatch;
  if (parsed && r.status == 0) return BenchVerdict::Match;
  return BenchVerdict::Failed;
}

int cosim_exit_status(BenchVerdict v) {
  switch (v) {
    case BenchVerdict::Match:
      return 0;
    case BenchVerdict::BadUsage:
      return 2;
    case BenchVerdict::Mismatch:
    case BenchVerdict::Failed:
      return 3;
  }
  return 3;
}

}  // namespace netcosim::experiment
