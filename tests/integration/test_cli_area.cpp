// `netcosim area CONFIG.ini` (docs/area.md "Per router configuration"): the blocks of the
// configured router at the stand-alone figures of the same parameters, the cache, and bad input.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli_runner.h"
#include "tests/test_files.h"

namespace {

using namespace netcosim::test;

nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

const std::string kH2 = std::string(NETCOSIM_SOURCE_DIR) + "/configs/dragonfly-h2.ini";

TEST(CliArea, H2RouterBlocksEqualStandAloneAndSecondCallIsCached) {
  const std::string dir = fresh_dir("area");
  const CliResult first =
      run_netcosim({"area", kH2, "--cache", dir + "/cache", "--json", dir + "/a.json"});
  ASSERT_EQ(first.status, 0) << first.output;
  EXPECT_EQ(count(first.err, "synthesizing"), 3u) << first.err;
  const auto a = read_json(dir + "/a.json");
  ASSERT_EQ(a["blocks"].size(), 3u);
  EXPECT_EQ(a["routers"], 36);
  EXPECT_EQ(a["radix"], 7);

  // The same parameters synthesized stand-alone, without the cache.
  std::vector<std::string> args = {"area"};
  for (const auto& b : a["blocks"])
    args.push_back(b["block"].get<std::string>() + ":" + b["params"].get<std::string>());
  args.insert(args.end(), {"--no-cache", "--json", dir + "/s.json"});
  const CliResult alone = run_netcosim(args);
  ASSERT_EQ(alone.status, 0) << alone.output;
  const auto s = read_json(dir + "/s.json");
  ASSERT_EQ(s.size(), 3u);
  double logic = 0;
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(a["blocks"][i]["block"], s[i]["block"]);
    EXPECT_EQ(a["blocks"][i]["params"], s[i]["params"]);
    EXPECT_DOUBLE_EQ(a["blocks"][i]["nand2_each"].get<double>(), s[i]["nand2_eq"].get<double>());
    logic += s[i]["nand2_eq"].get<double>() * a["blocks"][i]["count"].get<double>();
  }
  EXPECT_DOUBLE_EQ(a["router"]["logic_nand2"].get<double>(), logic);

  // Served from the cache: nothing synthesized, every block marked, the same figures.
  const CliResult second =
      run_netcosim({"area", kH2, "--cache", dir + "/cache", "--json", dir + "/b.json"});
  ASSERT_EQ(second.status, 0) << second.output;
  EXPECT_EQ(count(second.err, "synthesizing"), 0u) << second.err;
  EXPECT_EQ(count(second.out, "(cached)"), 3u) << second.out;
  auto b = read_json(dir + "/b.json");
  for (auto& blk : b["blocks"]) {
    EXPECT_TRUE(blk["cached"].get<bool>());
    blk["cached"] = false;
  }
  EXPECT_EQ(b, a);
}

TEST(CliArea, BadInputIsExit2NamingWhat) {
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"area", kH2, "rr_arbiter"}, "give either blocks or configurations"},
      {{"area", "--compare", kH2}, "--compare: needs exactly two configurations"},
      {{"area", kH2, "--set-b", "router.vcs_local=4"}, "--set-b: applies to --compare only"},
      {{"area", "sep_alloc_if:P=7"}, "the parameters of sep_alloc_if are P=N,V=N,Q=N,ITER=N"},
      {{"area", "rr_arbiter", "--phit-bits", "80"}, "--phit-bits: applies to a configuration"},
      {{"area", kH2, "--memory", "dram"}, "--memory 'dram': allowed values are auto, rf, sram"},
      {{"area", kH2, "--set", "router.vc_management=flexvc", "--set", "router.vc_selection=random"},
       "router.vc_selection=random"},
  };
  for (const auto& c : cases) {
    const CliResult r = run_netcosim(c.args);
    EXPECT_EQ(r.status, 2) << c.args.back() << ": " << r.output;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("synthesizing"), std::string::npos) << r.err;
  }
}

}  // namespace
