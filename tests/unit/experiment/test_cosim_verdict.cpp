// How `netcosim cosim` reads a bench's outcome (sim/experiment/cosim_verdict.h): the bench's exit
// status 2 (bad usage, unwritable VCD) is the front end's exit 2; only a reported mismatch, or a
// bench that failed, is exit 3.
#include <gtest/gtest.h>
#include <signal.h>

#include "sim/experiment/cosim_verdict.h"

namespace {

using netcosim::experiment::BenchVerdict;
using netcosim::experiment::classify_bench;
using netcosim::experiment::cosim_exit_status;
using netcosim::util::ProcessResult;

ProcessResult exited(int status) {
  ProcessResult r;
  r.status = status;
  return r;
}

TEST(CosimVerdict, CleanRunIsAMatch) {
  EXPECT_EQ(classify_bench(exited(0), true, 0), BenchVerdict::Match);
  EXPECT_EQ(cosim_exit_status(BenchVerdict::Match), 0);
}

TEST(CosimVerdict, ReportedMismatchIsExit3) {
  EXPECT_EQ(classify_bench(exited(1), true, 4), BenchVerdict::Mismatch);
  EXPECT_EQ(cosim_exit_status(BenchVerdict::Mismatch), 3);
}

TEST(CosimVerdict, BenchExit2IsExit2EvenWithoutAResult) {
  EXPECT_EQ(classify_bench(exited(2), false, 0), BenchVerdict::BadUsage);
  EXPECT_EQ(cosim_exit_status(BenchVerdict::BadUsage), 2);
}

TEST(CosimVerdict, CrashesAndMissingResultsAreFailures) {
  EXPECT_EQ(classify_bench(exited(128 + SIGABRT), false, 0), BenchVerdict::Failed);
  EXPECT_EQ(classify_bench(exited(0), false, 0), BenchVerdict::Failed);  // no JSON
  EXPECT_EQ(classify_bench(exited(1), false, 0), BenchVerdict::Failed);
  ProcessResult missing;
  missing.start_error = "cannot execute 'x': No such file or directory";
  EXPECT_EQ(classify_bench(missing, false, 0), BenchVerdict::Failed);
  ProcessResult timed_out = exited(128 + SIGKILL);
  timed_out.timed_out = true;
  EXPECT_EQ(classify_bench(timed_out, false, 0), BenchVerdict::Failed);
  EXPECT_EQ(cosim_exit_status(BenchVerdict::Failed), 3);
}

}  // namespace
