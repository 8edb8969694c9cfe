// Two engines, one model (issue "two engines" acceptance): for h2 and h4 with MIN and VAL under
// uniform and ADV+1 traffic, the JSON of the SystemC engine (windowed, quantum 7 and strict), of
// the native engine and of the native engine with 2 threads are identical apart from `engine`, the
// thread count and the timing keys. SystemC elaborates once per process, so each run is a process.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace {

std::string run_json(const std::string& args, const std::string& tag) {
  const std::string json = testing::TempDir() + "engines_" + tag + ".json";
  const std::string cmd = std::string(NETCOSIM_EXE) + " run " + args + " --quiet --json " + json;
  const int st = std::system(cmd.c_str());
  EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0) << cmd;
  std::ifstream f(json);
  std::string out, line;
  while (std::getline(f, line)) {
    if (line.find("\"engine\"") != std::string::npos ||
        line.find("\"threads\"") != std::string::npos ||
        line.find("wall_seconds") != std::string::npos ||
        line.find("cycles_per_second") != std::string::npos ||
        line.find("peak_rss_mb") != std::string::npos)
      continue;
    out += line + "\n";
  }
  return out;
}

struct Case {
  const char* name;
  const char* args;
};

class EngineEquivalence : public ::testing::TestWithParam<Case> {};

TEST_P(EngineEquivalence, SameJson) {
  const Case c = GetParam();
  const std::string base = std::string(NETCOSIM_SOURCE_DIR) + "/configs/" + c.args;
  const std::string native = run_json(base, std::string(c.name) + "_native");
  ASSERT_NE(native.find("accepted_load"), std::string::npos);
  EXPECT_EQ(native, run_json(base + " --threads 2", std::string(c.name) + "_t2"));
  EXPECT_EQ(native, run_json(base + " --engine systemc", std::string(c.name) + "_sc"));
  EXPECT_EQ(native,
            run_json(base + " --engine systemc --sc-quantum 1", std::string(c.name) + "_sc1"));
}

#define VAL " --set routing.algorithm=val --set router.vcs_local=4 --set router.vcs_global=2"
#define OLM " --set routing.algorithm=olm --set router.vcs_local=3 --set router.vcs_global=2"
#define ADV " --set traffic.pattern=adv --set traffic.adv_offset=1"
#define H2 "dragonfly-h2.ini --set sim.warmup=1000 --set sim.measure=3000 --set traffic.load=0.6"
#define H4 "dragonfly-h4.ini --set sim.warmup=500 --set sim.measure=1500 --set traffic.load=0.6"

INSTANTIATE_TEST_SUITE_P(
    H2H4, EngineEquivalence,
    ::testing::Values(Case{"h2_min_uniform", H2}, Case{"h2_min_adv", H2 ADV},
                      Case{"h2_val_uniform", H2 VAL}, Case{"h2_val_adv", H2 VAL ADV},
                      Case{"h4_min_uniform", H4}, Case{"h4_min_adv", H4 ADV},
                      Case{"h4_val_uniform", H4 VAL}, Case{"h4_val_adv", H4 VAL ADV},
                      Case{"h2_val_adv_drain", H2 VAL ADV " --set sim.drain=true"},
                      Case{"h2_olm_contention_adv", H2 OLM " --set routing.trigger=contention" ADV},
                      Case{"h4_olm_credit_uniform", H4 OLM},
                      Case{"h2_olm_ectn_adv", H2 OLM " --set routing.trigger=ectn" ADV},
                      Case{"h2_olm_filtered_uniform", H2 OLM " --set routing.trigger=filtered"},
                      Case{"h2_pb_adv", H2 " --set routing.algorithm=pb --set router.vcs_local=4"
                                           " --set router.vcs_global=2" ADV},
                      Case{"h2_par_adv", H2 " --set routing.algorithm=par --set router.vcs_local=5"
                                            " --set router.vcs_global=2" ADV},
                      Case{"h2_ugal_uniform", H2 " --set routing.algorithm=ugal --set "
                                                 "router.vcs_local=4 --set router.vcs_global=2"}),
    [](const testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

TEST(Engines, SystemcRejectsThreadsAndLongQuantum) {
  const std::string exe = NETCOSIM_EXE;
  int st = std::system((exe + " run --engine systemc --threads 2 -q 2>/dev/null").c_str());
  EXPECT_EQ(WEXITSTATUS(st), 2);
  st = std::system((exe + " run --engine systemc --sc-quantum 11 -q 2>/dev/null").c_str());
  EXPECT_EQ(WEXITSTATUS(st), 2);
  st = std::system((exe + " run --sc-quantum 2 -q 2>/dev/null").c_str());
  EXPECT_EQ(WEXITSTATUS(st), 2);
}

}  // namespace
