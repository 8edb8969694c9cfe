// Runs the netcosim binary (NETCOSIM_EXE) with an argument vector through the project's process
// runner (sim/util/process.h): no shell, so every argument reaches netcosim byte for byte.
#pragma once

#include <string>
#include <vector>

#include "sim/util/process.h"

namespace netcosim::test {

struct CliResult {
  int status = -1;       // exit status; 128 + signal if killed
  std::string out, err;  // stdout and stderr
};

// `opt.stdout_file` redirects stdout (e.g. to /dev/full); `opt.cwd` sets the working directory.
inline CliResult run_netcosim(const std::vector<std::string>& args, util::ProcessOptions opt = {}) {
  std::vector<std::string> argv = {NETCOSIM_EXE};
  argv.insert(argv.end(), args.begin(), args.end());
  const util::ProcessResult r = util::run_process(argv, opt);
  return {r.start_error.empty() ? r.status : -1, r.out, r.err + r.start_error};
}

}  // namespace netcosim::test
