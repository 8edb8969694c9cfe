// Helpers shared by the integration tests.
#pragma once

#include <sys/wait.h>
#include <cstdio>
#include <initializer_list>
#include <sstream>
#include <string>

#include "sim/config/config.h"

namespace netcosim::test {

// The outcome of running the netcosim binary (NETCOSIM_EXE) with a shell argument string.
struct Outcome {
  int status;          // exit status, -1 if it did not exit normally
  std::string output;  // stdout and stderr
};

inline Outcome run_cli(const std::string& args) {
  const std::string cmd = std::string(NETCOSIM_EXE) + " " + args + " 2>&1";
  Outcome o{-1, ""};
  FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) return o;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) o.output.append(buf, n);
  const int st = pclose(p);
  o.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return o;
}

// A configuration on the p=2 a=4 h=2 ("h2", the defaults) or p=4 a=8 h=4 ("h4") Dragonfly with
// the given overrides.
inline Config dragonfly(const std::string& size, std::initializer_list<std::string> sets) {
  Config c;
  if (size == "h4") {
    c.set_override("topology.p=4");
    c.set_override("topology.a=8");
    c.set_override("topology.h=4");
  }
  for (const auto& s : sets) c.set_override(s);
  return c;
}

// A run's JSON without the keys that may differ between equal runs (timing, memory, threads).
inline std::string strip_timing(const std::string& json) {
  std::string out, line;
  std::istringstream is(json);
  while (std::getline(is, line))
    if (line.find("wall_seconds") == std::string::npos &&
        line.find("cycles_per_second") == std::string::npos &&
        line.find("peak_rss_mb") == std::string::npos &&
        line.find("\"threads\"") == std::string::npos)
      out += line + "\n";
  return out;
}

}  // namespace netcosim::test
