// Number formatting shared by the experiments' text tables.
#pragma once

#include <cstdio>
#include <string>

namespace netcosim::experiment {

// x rounded to an integer with ',' between groups of three digits ("-1,234,568").
inline std::string group_digits(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.0f", x);
  const std::string s = buf;
  const size_t first = (s[0] == '-') ? 1 : 0;
  std::string r;
  for (size_t i = 0; i < s.size(); ++i) {
    if (i > first && (s.size() - i) % 3 == 0) r += ',';
    r += s[i];
  }
  return r;
}

}  // namespace netcosim::experiment
