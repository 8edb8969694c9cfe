// The switch architectures built on service levels (docs/model.md §10) through the binary: the
// native engine with 1 and 2 threads and the SystemC engine (windowed and strict) give the same
// JSON on a small fat tree and a small torus, drained with every packet delivered; bad tables and
// buffers exit 2 naming the key.
#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine_json.h"
#include "test_util.h"

namespace {

using netcosim::test::comparable;
using netcosim::test::run_cli;

std::string run_json(const std::string& args, const std::string& tag) {
  const std::string json = testing::TempDir() + "switches_" + tag + ".json";
  std::remove(json.c_str());
  const auto o = run_cli("run " + args + " --quiet --json " + json);
  EXPECT_EQ(o.status, 0) << args << "\n" << o.output;
  return json;
}

struct Case {
  const char* name;
  const char* args;
};

class SwitchEngines : public ::testing::TestWithParam<Case> {};

TEST_P(SwitchEngines, SameJsonAndDrained) {
  const Case c = GetParam();
  const std::string base =
      std::string(NETCOSIM_SOURCE_DIR) + "/configs/" + c.args + " --set sim.drain=true";
  const std::vector<std::string> files = {
      run_json(base, std::string(c.name) + "_native"),
      run_json(base + " --threads 2", std::string(c.name) + "_t2"),
      run_json(base + " --engine systemc", std::string(c.name) + "_sc"),
      run_json(base + " --engine systemc --sc-quantum 1", std::string(c.name) + "_sc1")};
  EXPECT_TRUE(netcosim::test::valid_run_json(files));
  const nlohmann::json native = comparable(files[0]);
  ASSERT_TRUE(native.contains("per_sl"));
  EXPECT_EQ(native.at("conservation_ok"), true);
  EXPECT_GT(native.at("packets_measured").get<uint64_t>(), 1000u);
  for (size_t i = 1; i < files.size(); ++i)
    EXPECT_EQ(native, comparable(files[i])) << files[i] << " differs from " << files[0];
}

INSTANTIATE_TEST_SUITE_P(
    Ib, SwitchEngines,
    ::testing::Values(Case{"ib_fattree", "qos-ib-fattree-4-2.ini"},
                      Case{"ib_torus", "qos-ib-torus-4x4.ini --set traffic.load=0.9"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Opa, SwitchEngines,
    ::testing::Values(Case{"opa_fattree", "qos-opa-fattree-4-2.ini"},
                      Case{"opa_torus", "qos-opa-torus-4x4.ini --set traffic.load=0.9"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

struct Bad {
  const char* args;
  const char* message;
};

TEST(SwitchConfig, BadTablesAndBuffersExit2NamingTheKey) {
  const std::string torus =
      std::string("run ") + NETCOSIM_SOURCE_DIR + "/configs/qos-ib-torus-4x4.ini";
  for (const Bad b : {
           Bad{" --set qos.vls=3",
               "qos.sl2vl=0 1,2 3: sends a service level to VL3, which does "
               "not exist (qos.vls=3"},
           Bad{" --set qos.sl2vl=0,1",
               "qos.sl2vl=0,1: SL HI has 1 VL; routing.algorithm=dor "
               "needs 2 per SL on the x ports for deadlock freedom"},
           Bad{" --set qos.sl_mtu=256,32768 --set qos.message_size=256,32768",
               "qos.sl_mtu=256,32768: SL LO's packets of 512 "
               "flits are larger than a VL buffer"},
       }) {
    const auto o = run_cli(torus + b.args);
    EXPECT_EQ(o.status, 2) << b.args << "\n" << o.output;
    EXPECT_NE(o.output.find(b.message), std::string::npos) << b.args << "\n" << o.output;
  }
  // The OPA switch's tables and central buffers.
  const std::string opa =
      std::string("run ") + NETCOSIM_SOURCE_DIR + "/configs/qos-opa-torus-4x4.ini";
  for (const Bad b : {
           Bad{" --set qos.sl2sc=0,1",
               "qos.sl2sc=0,1: SL HI has 1 SC; routing.algorithm=dor needs "
               "2 per SL on the x ports for deadlock freedom"},
           Bad{" --set qos.sc2vl=0,1,2,5 --set qos.vls=4",
               "qos.sc2vl=0,1,2,5: sends a service level to VL5, which does not exist"},
           Bad{" --set router.central_buffer=40",
               "router.central_buffer=40: each of an MPort's 2 central buffers (20 flits) must "
               "guarantee 4 VLs x router.vl_min=8 flits"},
       }) {
    const auto o = run_cli(opa + b.args);
    EXPECT_EQ(o.status, 2) << b.args << "\n" << o.output;
    EXPECT_NE(o.output.find(b.message), std::string::npos) << b.args << "\n" << o.output;
  }
}

}  // namespace
