// The rows of `netcosim cosim` (sim/experiment/cosim_suite.h): the --json document.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sim/experiment/cosim_suite.h"

namespace {

using namespace netcosim::experiment;

// One object per parameter set with the keys of docs/cosim.md in order; a bench that did not run
// has null mismatches and an "error" key; the rates read back to the same doubles.
TEST(CosimSuite, JsonRowsKeyOrderNullMismatchesForABenchThatDidNotRun) {
  CosimRow ran;
  ran.block = "rr_arbiter";
  ran.params = "N=3";
  ran.cycles = 100000;
  ran.mismatches = 0;
  ran.rtl_cps = 1465253.25;
  ran.model_cps = 1.0 / 3.0 * 1e9;
  CosimRow broken = ran;
  broken.ran = false;
  broken.cycles = 0;
  const nlohmann::ordered_json doc = nlohmann::ordered_json::parse(cosim_json({ran, broken}));
  ASSERT_EQ(doc.size(), 2u);
  std::vector<std::string> keys;
  for (const auto& kv : doc[0].items()) keys.push_back(kv.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"block", "params", "cycles", "mismatches",
                                            "rtl_cycles_per_s", "model_cycles_per_s"}));
  EXPECT_EQ(doc[0]["cycles"], 100000u);
  EXPECT_EQ(doc[0]["mismatches"], 0u);
  EXPECT_EQ(doc[0]["rtl_cycles_per_s"].get<double>(), 1465253.25);
  EXPECT_EQ(doc[0]["model_cycles_per_s"].get<double>(), 1.0 / 3.0 * 1e9);
  EXPECT_TRUE(doc[1]["mismatches"].is_null());
  EXPECT_EQ(doc[1]["error"], "the bench did not run to completion");
  EXPECT_FALSE(doc[0].contains("error"));
}

}  // namespace
