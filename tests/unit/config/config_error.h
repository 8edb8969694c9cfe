// The message of the ConfigError a call throws ("" if it throws none): the configuration tests
// assert on what the message names.
#pragma once

#include <functional>
#include <string>

#include "sim/config/config.h"

namespace netcosim::test {

inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

}  // namespace netcosim::test
