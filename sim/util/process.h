// The one child-process runner of netcosim: a program is started with an argument vector
// (posix_spawn, never a shell), optionally fed stdin text, its stdout and stderr captured, its exit
// status returned, and it is killed after an optional timeout.
#pragma once

#include <string>
#include <vector>

namespace netcosim::util {

struct ProcessOptions {
  std::string stdin_text;  // written to the child's stdin, then closed (empty: /dev/null)
  double timeout_seconds =
      0;                     // > 0: send timeout_signal after this long (ProcessResult::timed_out)
  int timeout_signal = 9;    // SIGKILL
  std::string cwd;           // the child's working directory (empty: ours)
  bool search_path = false;  // look argv[0] up in PATH (posix_spawnp) when it has no '/'
  bool capture = true;       // false: the child writes to our stdout and stderr
  std::string stdout_file;   // non-empty: the child's stdout is this file (not captured)
};

struct ProcessResult {
  // Exit status; 128 + signal number if it was killed; 127 if it could not be started.
  int status = 127;
  bool timed_out = false;
  std::string out, err;     // captured stdout and stderr (ProcessOptions::capture)
  std::string start_error;  // why it could not be started (strerror), empty if it started
  bool ok() const { return status == 0 && !timed_out && start_error.empty(); }
  // One line: "exit status N", "killed by signal N", "timed out after S s" or the start error.
  std::string describe() const;
};

// Runs argv[0] with the arguments argv (argv must not be empty).
ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& opt = {});

// The last non-empty line of a child's output (without its newline), "" if there is none.
std::string last_line(const std::string& text);

// This executable's absolute path (readlink /proc/self/exe), empty if unknown.
std::string self_exe_path();

}  // namespace netcosim::util
