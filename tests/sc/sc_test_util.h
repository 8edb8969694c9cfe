// Helpers of the in-process SystemC tests (tests/sc/): SystemC elaborates once per process, so
// each run of a network on the SystemC kernel is made in a forked child.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <fstream>
#include <string>
#include <vector>

namespace netcosim::sctest {

// Runs `body` (returning an exit status) in a child process; returns the child's exit status,
// 4 when `body` threw (its message on stderr), -1 when the child did not exit.
template <class F>
int in_child(F body) {
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    int code = 4;
    try {
      code = body();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "child: %s\n", e.what());
    }
    std::fflush(nullptr);
    _exit(code);
  }
  int st = 0;
  waitpid(pid, &st, 0);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

// Writes `lines` sorted, one per line (delivery logs compared as sets of lines).
inline void write_lines(const std::string& path, std::vector<std::string> lines) {
  std::sort(lines.begin(), lines.end());
  std::ofstream f(path);
  for (const auto& l : lines) f << l << '\n';
}

}  // namespace netcosim::sctest
