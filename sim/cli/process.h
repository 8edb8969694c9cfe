// Running a child process for the subcommands that drive external tools (co-simulation benches,
// yosys).
#pragma once

#include <string>
#include <vector>

namespace netcosim::cli {

// Runs argv (no shell), returns its exit status (128 + signal if killed, 127 if it could not be
// executed) and its stdout and stderr in `out`.
int run_capture(const std::vector<std::string>& args, std::string& out);

}  // namespace netcosim::cli
