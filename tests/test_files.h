// Files and directories of the tests that check what netcosim writes (unit and integration).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace netcosim::test {

// An empty directory of its own for the running test (named after the test).
inline std::string fresh_dir(const std::string& prefix) {
  const std::string d =
      testing::TempDir() + prefix + testing::UnitTest::GetInstance()->current_test_info()->name();
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

inline std::string read_text(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// The names in a directory, sorted.
inline std::vector<std::string> names_in(const std::string& dir) {
  std::vector<std::string> r;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    r.push_back(e.path().filename().string());
  std::sort(r.begin(), r.end());
  return r;
}

}  // namespace netcosim::test
