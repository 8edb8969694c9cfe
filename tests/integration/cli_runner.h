// The one way the integration tests start a program: through the project's process runner
// (sim/util/process.h: posix_spawn with an argument vector, no shell, so every argument reaches
// the child byte for byte). run_netcosim starts the netcosim binary (NETCOSIM_EXE); run_argv any
// program; run_cli splits a space-separated argument string (the tests' arguments contain no
// quoting); run_netcosim_limited caps the child's address space (prlimit(1), util-linux).
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "sim/util/process.h"

namespace netcosim::test {

struct CliResult {
  int status = -1;       // exit status; 128 + signal if killed; -1 if it could not be started
  std::string out, err;  // stdout and stderr (err also holds why it could not be started)
  std::string output;    // stdout then stderr
};

// Runs argv[0] with the arguments argv. `opt.stdout_file` redirects stdout (e.g. to /dev/full);
// `opt.cwd` sets the working directory.
inline CliResult run_argv(const std::vector<std::string>& argv, util::ProcessOptions opt = {}) {
  const util::ProcessResult r = util::run_process(argv, opt);
  CliResult c{r.start_error.empty() ? r.status : -1, r.out, r.err + r.start_error, ""};
  c.output = c.out + c.err;
  return c;
}

inline CliResult run_netcosim(const std::vector<std::string>& args, util::ProcessOptions opt = {}) {
  std::vector<std::string> argv = {NETCOSIM_EXE};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_argv(argv, opt);
}

inline CliResult run_cli(const std::string& args) {
  std::vector<std::string> argv;
  std::istringstream is(args);
  std::string a;
  while (is >> a) argv.push_back(a);
  return run_netcosim(argv);
}

// netcosim with its address space (RLIMIT_AS) capped at `bytes`.
inline CliResult run_netcosim_limited(const std::vector<std::string>& args, unsigned long bytes) {
  std::vector<std::string> argv = {"/usr/bin/prlimit", "--as=" + std::to_string(bytes), "--",
                                   NETCOSIM_EXE};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_argv(argv);
}

}  // namespace netcosim::test
