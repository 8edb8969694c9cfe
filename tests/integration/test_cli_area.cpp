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

// The router's 3 blocks and the NIC's credit counter (V=3,W=9,CAP=256: the injection buffer's 3
// VCs of 256 phits), each synthesized once; the network is 36 routers and 72 NICs.
TEST(CliArea, H2RouterBlocksEqualStandAloneAndSecondCallIsCached) {
  const std::string dir = fresh_dir("area");
  const CliResult first =
      run_netcosim({"area", kH2, "--cache", dir + "/cache", "--json", dir + "/a.json"});
  ASSERT_EQ(first.status, 0) << first.output;
  EXPECT_EQ(count(first.err, "synthesizing"), 4u) << first.err;
  const auto a = read_json(dir + "/a.json");
  ASSERT_EQ(a["blocks"].size(), 3u);
  EXPECT_EQ(a["routers"], 36);
  EXPECT_EQ(a["radix"], 7);
  EXPECT_EQ(a["nics"], 72);
  ASSERT_EQ(a["nic"]["blocks"].size(), 1u);
  EXPECT_EQ(a["nic"]["blocks"][0]["params"], "V=3,W=9,CAP=256");

  // The same parameters synthesized stand-alone, without the cache.
  std::vector<std::string> args = {"area"};
  for (const auto* list : {&a["blocks"], &a["nic"]["blocks"]})
    for (const auto& b : *list)
      args.push_back(b["block"].get<std::string>() + ":" + b["params"].get<std::string>());
  args.insert(args.end(), {"--no-cache", "--json", dir + "/s.json"});
  const CliResult alone = run_netcosim(args);
  ASSERT_EQ(alone.status, 0) << alone.output;
  const auto s = read_json(dir + "/s.json");
  ASSERT_EQ(s.size(), 4u);
  double logic = 0;
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(a["blocks"][i]["block"], s[i]["block"]);
    EXPECT_EQ(a["blocks"][i]["params"], s[i]["params"]);
    EXPECT_DOUBLE_EQ(a["blocks"][i]["nand2_each"].get<double>(), s[i]["nand2_eq"].get<double>());
    logic += s[i]["nand2_eq"].get<double>() * a["blocks"][i]["count"].get<double>();
  }
  EXPECT_DOUBLE_EQ(a["router"]["logic_nand2"].get<double>(), logic);
  // The NIC is not in the router; the network adds 72 of it.
  const double nic = s[3]["nand2_eq"].get<double>();
  EXPECT_EQ(s[3]["block"], "credit_counter");
  EXPECT_DOUBLE_EQ(a["nic"]["nand2"].get<double>(), nic);
  EXPECT_DOUBLE_EQ(a["network"]["nics_nand2"].get<double>(), 72 * nic);
  const double network = 36 * a["router"]["nand2"].get<double>() + 72 * nic;
  EXPECT_NEAR(a["network"]["nand2"].get<double>(), network, 1e-9 * network);

  // Served from the cache: nothing synthesized, every block marked, the same figures.
  const CliResult second =
      run_netcosim({"area", kH2, "--cache", dir + "/cache", "--json", dir + "/b.json"});
  ASSERT_EQ(second.status, 0) << second.output;
  EXPECT_EQ(count(second.err, "synthesizing"), 0u) << second.err;
  EXPECT_EQ(count(second.out, "(cached)"), 4u) << second.out;
  auto b = read_json(dir + "/b.json");
  for (auto* list : {&b["blocks"], &b["nic"]["blocks"]})
    for (auto& blk : *list) {
      EXPECT_TRUE(blk["cached"].get<bool>());
      blk["cached"] = false;
    }
  EXPECT_EQ(b, a);
}

const std::string kIb = std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos-ib-fattree-4-2.ini";
const std::string kOpa = std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos-opa-fattree-4-2.ini";

// The IB switch of the 4-ary 2-tree (sim/experiment/router_area.h): its 4 block lines (3 distinct
// syntheses: the two shared_vl_credits lines, the downstream buffers' credits and the output
// buffers' space, share parameters), per block, per switch and per network (8 switches and 16
// NICs, each NIC's credits of its switch's input buffer at the downstream credits' set), cached on
// the second call; then compared with the OPA switch of the same tree.
TEST(CliArea, IbSwitchPerBlockRouterNetworkCachedAndComparedWithOpa) {
  const std::string dir = fresh_dir("area_ib");
  const CliResult first =
      run_netcosim({"area", kIb, "--cache", dir + "/cache", "--json", dir + "/a.json"});
  ASSERT_EQ(first.status, 0) << first.output;
  EXPECT_EQ(count(first.err, "synthesizing"), 3u) << first.err;
  EXPECT_NE(first.out.find("8 switches (router.architecture=ib) of radix 8, flits of 512 bits"),
            std::string::npos)
      << first.out;
  EXPECT_NE(first.out.find("network (8 routers, 16 NICs): 8 x "), std::string::npos) << first.out;
  const auto a = read_json(dir + "/a.json");
  EXPECT_EQ(a["architecture"], "ib");
  EXPECT_EQ(a["phit_bits"], 512);
  ASSERT_EQ(a["blocks"].size(), 4u);
  double logic = 0;
  for (const auto& b : a["blocks"]) {
    EXPECT_GT(b["nand2_each"].get<double>(), 0.0);
    EXPECT_DOUBLE_EQ(b["nand2"].get<double>(),
                     b["nand2_each"].get<double>() * b["count"].get<double>());
    logic += b["nand2"].get<double>();
  }
  EXPECT_DOUBLE_EQ(a["blocks"][1]["nand2_each"].get<double>(),
                   a["blocks"][2]["nand2_each"].get<double>());
  EXPECT_DOUBLE_EQ(a["router"]["logic_nand2"].get<double>(), logic);
  // Storage: 8 input and 8 output buffers of 131,072 bits (SRAM, 0.692 um2 a bit), their lists
  // of 2,112 bits and the 9-bit SL2VL table (flip-flops, 6.384 um2 a bit).
  ASSERT_EQ(a["storage"].size(), 5u);
  const double storage_um2 = 16 * 131072 * 0.692 + 16 * 2112 * 6.384 + 9 * 6.384;
  EXPECT_NEAR(a["router"]["storage_nand2"].get<double>(), storage_um2 / 0.798, 1e-9 * storage_um2);
  // The network: 8 switches and 16 NICs, each NIC one shared_vl_credits of the downstream
  // credits' parameters.
  EXPECT_EQ(a["nics"], 16);
  ASSERT_EQ(a["nic"]["blocks"].size(), 1u);
  EXPECT_EQ(a["nic"]["blocks"][0]["params"], a["blocks"][1]["params"]);
  const double nic = a["blocks"][1]["nand2_each"].get<double>();
  EXPECT_DOUBLE_EQ(a["nic"]["nand2"].get<double>(), nic);
  const double network = 8 * a["router"]["nand2"].get<double>() + 16 * nic;
  EXPECT_NEAR(a["network"]["nand2"].get<double>(), network, 1e-9 * network);

  const CliResult second =
      run_netcosim({"area", kIb, "--cache", dir + "/cache", "--json", dir + "/b.json"});
  ASSERT_EQ(second.status, 0) << second.output;
  EXPECT_EQ(count(second.err, "synthesizing"), 0u) << second.err;
  EXPECT_EQ(count(second.out, "(cached)"), 5u) << second.out;
  auto b = read_json(dir + "/b.json");
  for (auto* list : {&b["blocks"], &b["nic"]["blocks"]})
    for (auto& blk : *list) blk["cached"] = false;
  EXPECT_EQ(b, a);

  // IB against OPA: the OPA allocators are new syntheses, the rest is cached; every line and the
  // ratios of the router and the network.
  const CliResult cmp = run_netcosim(
      {"area", "--compare", kIb, kOpa, "--cache", dir + "/cache", "--json", dir + "/c.json"});
  ASSERT_EQ(cmp.status, 0) << cmp.output;
  EXPECT_EQ(count(cmp.err, "synthesizing"), 2u) << cmp.err;
  const auto c = read_json(dir + "/c.json");
  EXPECT_EQ(c["a"]["architecture"], "ib");
  EXPECT_EQ(c["b"]["architecture"], "opa");
  for (const char* line : {"separable allocator (VA-SA)", "MPort allocator (VA-SA, 4:6)",
                           "central allocator (VA-SA)", "central buffer space, shared by the VLs",
                           "router storage", "NIC (one per node)", "network"})
    EXPECT_NE(cmp.out.find(line), std::string::npos) << line << "\n" << cmp.out;
  // The OPA switch has the IB's input and output buffers and 4 central buffers more: storage
  // B / A = (16 + 4) / 16 on the buffers; the SL2VL and SL2SC/SC2VL tables differ.
  const double sa = c["a"]["router"]["storage_nand2"].get<double>();
  const double sb = c["b"]["router"]["storage_nand2"].get<double>();
  const double tables_a = 9 * 6.384 / 0.798, tables_b = (96 + 12) * 6.384 / 0.798;
  EXPECT_NEAR((sb - tables_b) / (sa - tables_a), 20.0 / 16.0, 1e-9);
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
      {{"area", "sbt_scheduler:S=3,WW=7"},
       "the parameters of sbt_scheduler are S=N,WW=N,W0=N,W1=N,W2=N"},
      {{"area", "rr_arbiter", "--phit-bits", "80"}, "--phit-bits: applies to a configuration"},
      {{"area", kH2, "--memory", "dram"}, "--memory 'dram': allowed values are auto, rf, sram"},
      {{"area", kH2, "--set", "router.vc_management=flexvc", "--set", "router.vc_selection=random"},
       "router.vc_selection=random"},
      {{"area", kIb, "--phit-bits", "80"},
       "--phit-bits: router.architecture=ib sizes its buffers in flits of link.flit_bytes"},
      {{"area", kOpa, "--set", "router.output_scheduler=sbt", "--set", "qos.sls=1", "--set",
        "qos.inject_share=1", "--set", "qos.sl_mtu=512", "--set", "qos.message_size=512", "--set",
        "qos.pattern=uniform", "--set", "qos.sbt_weights=100"},
       "router.output_scheduler=sbt with qos.sls=1: netcosim area prices SBT's block, "
       "sbt_scheduler, for 2 to 8 SLs"},
      {{"area", "sbt_scheduler:S=6,WW=7,W0=1,W1=1,W2=1,W3=1,W4=1,W5=1"},
       "the parameters of sbt_scheduler are S=N,WW=N,W0=N,W1=N,W2=N or "
       "S=N,WW=N,W0=N,W1=N,W2=N,W3=N,W4=N or S=N,WW=N,W0=N,W1=N,W2=N,W3=N"},
      {{"area", kIb, "--set", "router.architecture=omnipath"},
       "router.architecture=omnipath (--set): allowed values are cioq|ib|opa"},
  };
  for (const auto& c : cases) {
    const CliResult r = run_netcosim(c.args);
    EXPECT_EQ(r.status, 2) << c.args.back() << ": " << r.output;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("synthesizing"), std::string::npos) << r.err;
  }
}

// Parameters a block's own RTL check refuses (an elaboration-time $error naming the block): exit 2
// with the RTL's message and the parameters, no table and no JSON, as other bad input.
TEST(CliArea, ParametersTheBlocksRtlRefusesAreExit2) {
  const std::string dir = fresh_dir("area_bad_params");
  const CliResult r = run_netcosim(
      {"area", "sbt_scheduler:S=3,WW=4,W0=99,W1=1,W2=1", "--no-cache", "--json", dir + "/a.json"});
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.err.find("netcosim area: sbt_scheduler:S=3,WW=4,W0=99,W1=1,W2=1: sbt_scheduler: "
                       "every weight W0..W7 must be below 2^WW (the block's parameter check)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out.find("NAND2"), std::string::npos) << r.out;
  EXPECT_FALSE(std::ifstream(dir + "/a.json").good());
}

}  // namespace
