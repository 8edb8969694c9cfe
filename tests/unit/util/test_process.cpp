// The one child-process runner (sim/util/process.h): argv reaches the program unchanged (no
// shell), stdin is fed, stdout and stderr are captured apart, exit statuses and timeouts reported.
#include <gtest/gtest.h>
#include <signal.h>

#include <fstream>
#include <string>

#include "sim/util/process.h"

namespace {

using netcosim::util::ProcessOptions;
using netcosim::util::ProcessResult;
using netcosim::util::run_process;

TEST(Process, ArgumentsReachTheProgramUninterpreted) {
  const ProcessResult r =
      run_process({"/bin/echo", "a  b", "$(touch x)", "`id`", "'", "\"", ";", "*", "\xc3\xa9"});
  ASSERT_TRUE(r.ok()) << r.describe();
  EXPECT_EQ(r.out, "a  b $(touch x) `id` ' \" ; * \xc3\xa9\n");
  EXPECT_EQ(r.err, "");
}

TEST(Process, ExitStatusIsReported) {
  EXPECT_EQ(run_process({"/bin/true"}).status, 0);
  const ProcessResult r = run_process({"/bin/false"});
  EXPECT_EQ(r.status, 1);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.describe(), "exit status 1");
}

TEST(Process, StderrIsCapturedApartFromStdout) {
  const ProcessResult r = run_process({"/bin/ls", "/nonexistent-netcosim-dir"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("nonexistent-netcosim-dir"), std::string::npos);
}

TEST(Process, StdinTextIsFedWhole) {
  ProcessOptions opt;
  opt.stdin_text = std::string(1 << 20, 'x') + "\nend\n";  // more than a pipe buffer
  const ProcessResult r = run_process({"/bin/cat"}, opt);
  ASSERT_TRUE(r.ok()) << r.describe();
  EXPECT_EQ(r.out, opt.stdin_text);
}

TEST(Process, ChildThatIgnoresItsStdinDoesNotKillTheParent) {
  ProcessOptions opt;
  opt.stdin_text = std::string(1 << 20, 'x');
  EXPECT_EQ(run_process({"/bin/true"}, opt).status, 0);
}

TEST(Process, ChildDoesNotInheritABlockedSigpipe) {
  // The runner blocks SIGPIPE in the parent while it feeds stdin; the child must get the default
  // disposition and an empty mask: SigBlk of /proc/self/status is all zeros.
  const ProcessResult r = run_process({"/bin/grep", "^SigBlk:", "/proc/self/status"});
  ASSERT_TRUE(r.ok()) << r.describe();
  EXPECT_EQ(r.out, "SigBlk:\t0000000000000000\n");
}

TEST(Process, MissingProgramIsAStartError) {
  const ProcessResult r = run_process({"/nonexistent/netcosim-prog"});
  EXPECT_EQ(r.status, 127);
  EXPECT_NE(r.start_error.find("/nonexistent/netcosim-prog"), std::string::npos);
  EXPECT_NE(r.start_error.find("No such file or directory"), std::string::npos);
}

TEST(Process, SearchPathFindsAProgramByName) {
  ProcessOptions opt;
  opt.search_path = true;
  const ProcessResult r = run_process({"echo", "found"}, opt);
  EXPECT_EQ(r.out, "found\n");
}

TEST(Process, WorkingDirectoryIsSet) {
  ProcessOptions opt;
  opt.cwd = "/";
  EXPECT_EQ(run_process({"/bin/pwd"}, opt).out, "/\n");
}

TEST(Process, TimeoutKillsTheChild) {
  ProcessOptions opt;
  opt.timeout_seconds = 0.2;
  const ProcessResult r = run_process({"/bin/sleep", "30"}, opt);
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.status, 128 + SIGKILL);
}

TEST(Process, TimeoutSignalIsConfigurable) {
  ProcessOptions opt;
  opt.timeout_seconds = 0.2;
  opt.timeout_signal = SIGTERM;
  EXPECT_EQ(run_process({"/bin/sleep", "30"}, opt).status, 128 + SIGTERM);
}

TEST(Process, StdoutCanGoToAFile) {
  const std::string path = testing::TempDir() + "netcosim-process-stdout.txt";
  ProcessOptions opt;
  opt.stdout_file = path;
  const ProcessResult r = run_process({"/bin/echo", "to file"}, opt);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "");
  std::ifstream f(path);
  std::string line;
  std::getline(f, line);
  EXPECT_EQ(line, "to file");
}

TEST(Process, LastLineSkipsTrailingNewlines) {
  using netcosim::util::last_line;
  EXPECT_EQ(last_line("first\nsecond\n\n"), "second");
  EXPECT_EQ(last_line("only"), "only");
  EXPECT_EQ(last_line("\n\n"), "");
  EXPECT_EQ(last_line(""), "");
}

}  // namespace
