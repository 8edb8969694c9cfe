// The number after "key": in a JSON text whose keys are unique (a netcosim.run/1 document, a
// co-simulation bench's one-line result): enough to read a few figures back from a child process.
#pragma once

#include <cstdlib>
#include <string>

namespace netcosim::util {

// False if the key is absent or not followed by a number.
inline bool find_json_number(const std::string& text, const std::string& key, double& out) {
  const std::string k = "\"" + key + "\":";
  const size_t pos = text.find(k);
  if (pos == std::string::npos) return false;
  const char* p = text.c_str() + pos + k.size();
  char* end = nullptr;
  out = std::strtod(p, &end);
  return end != p;
}

}  // namespace netcosim::util
