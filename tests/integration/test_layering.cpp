// The folder layering of sim/ (docs/architecture.md): a file may include files of its own folder
// and of the folders below it, never of a folder above it, so the folder-level include graph has
// no loop. The front end does not include the testbench; routing and congestion never include a
// router.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// Bottom-up: each folder may use only itself and the folders before it.
const std::vector<std::string> kLayers = {
    "util",    "link",  "blocks", "qos",    "topology", "traffic", "config",     "congestion",
    "routing", "stats", "nic",    "router", "network",  "engine",  "experiment", "cli"};

int layer_of(const std::string& rel) {  // rel: path below sim/
  const std::string top = rel.substr(0, rel.find('/'));
  for (size_t i = 0; i < kLayers.size(); ++i)
    if (kLayers[i] == top) return static_cast<int>(i);
  return -1;
}

struct Include {
  std::string file, target;
};

std::vector<Include> sim_includes() {
  const fs::path root = fs::path(NETCOSIM_SOURCE_DIR);
  const std::regex inc(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::vector<Include> out;
  for (const auto& e : fs::recursive_directory_iterator(root / "sim")) {
    if (!e.is_regular_file()) continue;
    const std::string ext = e.path().extension().string();
    if (ext != ".h" && ext != ".cpp") continue;
    std::ifstream f(e.path());
    std::string line;
    std::smatch m;
    while (std::getline(f, line))
      if (std::regex_search(line, m, inc))
        out.push_back({fs::relative(e.path(), root / "sim").generic_string(), m[1].str()});
  }
  return out;
}

TEST(Layering, EveryFolderOfSimIsALayer) {
  const fs::path root = fs::path(NETCOSIM_SOURCE_DIR) / "sim";
  for (const auto& e : fs::directory_iterator(root)) {
    if (!e.is_directory()) continue;
    EXPECT_GE(layer_of(e.path().filename().string() + "/"), 0)
        << "sim/" << e.path().filename().string() << " is not in docs/architecture.md's layers";
  }
}

TEST(Layering, IncludesOnlyGoDown) {
  const auto incs = sim_includes();
  ASSERT_GT(incs.size(), 50u);
  for (const auto& i : incs) {
    if (i.target.rfind("sim/", 0) != 0) {
      // Project headers are included by their full path from the root.
      EXPECT_NE(i.target.find('/'), std::string::npos)
          << "sim/" << i.file << " includes \"" << i.target << "\" without its folder";
      continue;
    }
    const int from = layer_of(i.file), to = layer_of(i.target.substr(4));
    EXPECT_GE(from, 0) << i.file;
    EXPECT_GE(to, 0) << i.target;
    EXPECT_LE(to, from) << "sim/" << i.file << " (" << kLayers[from] << ") includes " << i.target
                        << " (" << kLayers[to] << "), a folder above it";
  }
}

TEST(Layering, SimulatorDoesNotIncludeTheTestbench) {
  for (const auto& i : sim_includes())
    EXPECT_EQ(i.target.find("testbench/"), std::string::npos) << "sim/" << i.file;
}

TEST(Layering, RoutingAndCongestionDoNotIncludeARouter) {
  for (const auto& i : sim_includes()) {
    const bool reader = i.file.rfind("routing/", 0) == 0 || i.file.rfind("congestion/", 0) == 0;
    if (!reader) continue;
    EXPECT_EQ(i.target.find("router"), std::string::npos) << "sim/" << i.file;
  }
}

}  // namespace
