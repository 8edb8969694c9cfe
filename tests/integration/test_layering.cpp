// The folder layering of sim/ (docs/architecture.md): a file may include files of its own folder
// and of the folders below it, never of a folder above it, so the folder-level include graph has
// no loop. The front end does not include the testbench; routing and congestion never include a
// router. The SystemC layer, systemc/, sits above sim/'s model folders and below the front end
// (sim/cli, sim/experiment) and testbench/: only sim/cli includes it, and it includes neither.
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

// The quoted includes of every .h/.cpp under `dir` (a top-level folder), with the file's path
// below that folder.
std::vector<Include> includes_under(const std::string& dir) {
  const fs::path root = fs::path(NETCOSIM_SOURCE_DIR);
  const std::regex inc(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::vector<Include> out;
  for (const auto& e : fs::recursive_directory_iterator(root / dir)) {
    if (!e.is_regular_file()) continue;
    const std::string ext = e.path().extension().string();
    if (ext != ".h" && ext != ".cpp") continue;
    std::ifstream f(e.path());
    std::string line;
    std::smatch m;
    while (std::getline(f, line))
      if (std::regex_search(line, m, inc))
        out.push_back({fs::relative(e.path(), root / dir).generic_string(), m[1].str()});
  }
  return out;
}

std::vector<Include> sim_includes() {
  return includes_under("sim");
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

TEST(Layering, OnlyTheFrontEndOfSimIncludesSystemC) {
  for (const auto& i : sim_includes()) {
    if (i.file.rfind("cli/", 0) == 0) continue;
    EXPECT_NE(i.target.rfind("systemc/", 0), 0u)
        << "sim/" << i.file << " includes " << i.target << ": only sim/cli may include systemc/";
  }
}

TEST(Layering, SystemCIncludesNeitherTheFrontEndNorTheTestbench) {
  const auto incs = includes_under("systemc");
  ASSERT_GT(incs.size(), 3u);
  for (const auto& i : incs) {
    for (const char* above : {"sim/cli/", "sim/experiment/", "testbench/"})
      EXPECT_NE(i.target.rfind(above, 0), 0u)
          << "systemc/" << i.file << " includes " << i.target << ", a folder above systemc/";
    // Verilator's generated headers (V<prefix>.h) are on the include path of their target.
    const bool verilated = std::regex_match(i.target, std::regex(R"(V[A-Za-z0-9_]+\.h)"));
    EXPECT_TRUE(verilated || i.target.find('/') != std::string::npos)
        << "systemc/" << i.file << " includes \"" << i.target << "\" without its folder";
  }
}

// Inside systemc/, bottom-up (docs/architecture.md "Layers"): the block modules; the comparator
// of a co-simulation; the RTL block sockets; the engine; the TLM interface to a network (over the
// engine's modules); the router module (a network of one router behind the TLM interface, with
// its allocator socket); the examples. A folder includes only itself and the folders before it,
// and every folder of systemc/ is one of them.
const std::vector<std::string> kScLayers = {"blocks", "check",  "rtl",     "engine",
                                            "tlm",    "router", "examples"};

int sc_layer_of(const std::string& rel) {  // rel: path below systemc/
  const std::string top = rel.substr(0, rel.find('/'));
  for (size_t i = 0; i < kScLayers.size(); ++i)
    if (kScLayers[i] == top) return static_cast<int>(i);
  return -1;
}

TEST(Layering, SystemCFoldersIncludeOnlyTheFoldersBelow) {
  for (const auto& e : fs::directory_iterator(fs::path(NETCOSIM_SOURCE_DIR) / "systemc")) {
    if (e.is_directory()) {
      EXPECT_GE(sc_layer_of(e.path().filename().string()), 0)
          << "systemc/" << e.path().filename().string() << " is not a layer of kScLayers";
    }
  }
  int checked = 0;
  for (const auto& i : includes_under("systemc")) {
    if (i.target.rfind("systemc/", 0) != 0) continue;
    const int from = sc_layer_of(i.file), to = sc_layer_of(i.target.substr(8));
    EXPECT_LE(to, from) << "systemc/" << i.file << " includes " << i.target
                        << ", a folder above its own";
    ++checked;
  }
  EXPECT_GT(checked, 5);
}

// systemc/ holds only SystemC code: every source file includes SystemC (<systemc>, <tlm>, a
// Verilator SystemC header) or another file of systemc/, or is the header of a .cpp beside it that
// does (the engine's interface, sc_engine.h, hides the kernel from the front end).
TEST(Layering, SystemCHoldsOnlySystemCCode) {
  const fs::path root = fs::path(NETCOSIM_SOURCE_DIR) / "systemc";
  const std::regex sc(
      R"re(^\s*#\s*include\s*[<"](systemc|tlm|verilated_vcd_sc\.h|systemc/)[^>"]*[>"])re");
  auto uses_systemc = [&](const fs::path& p) {
    std::ifstream f(p);
    std::string line;
    while (std::getline(f, line))
      if (std::regex_search(line, sc)) return true;
    return false;
  };
  int files = 0;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file()) continue;
    const std::string ext = e.path().extension().string();
    if (ext != ".h" && ext != ".cpp") continue;
    ++files;
    fs::path cpp = e.path();
    cpp.replace_extension(".cpp");
    EXPECT_TRUE(uses_systemc(e.path()) || (ext == ".h" && fs::exists(cpp) && uses_systemc(cpp)))
        << e.path() << " includes no SystemC header: it belongs under sim/";
  }
  EXPECT_GT(files, 1);
}

}  // namespace
