// Failures on the SystemC engine, in-process with a custom routing (docs/model.md §5):
// the watchdog's deadlock report (the same decision and builder as the native engine,
// RunControl) and a VC-order violation raised inside a router process both end the run
// with a SimulationFailure. SystemC elaborates once per process, so each run is a forked child
// that writes failure_json to a file and exits 3 on a SimulationFailure.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "sim/network/network.h"
#include "systemc/engine/sc_engine.h"
#include "tests/integration/bad_routings.h"
#include "tests/integration/test_util.h"

// libsystemc.so refers to sc_main; this binary has gtest's main (as the CLI has its own).
extern "C" int sc_main(int, char**) {
  return 1;
}

using namespace netcosim;

namespace {

enum class Bad { ValiantOnVc0, SwappedMin };

// Runs the SystemC engine in a child process; returns its exit status (3: SimulationFailure,
// whose failure_json is in `json`; 0: the run completed).
int run_systemc_child(const Config& c, Cycle quantum, Bad routing, const std::string& json) {
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    int code = 0;
    try {
      std::unique_ptr<RoutingAlgorithm> r;
      if (routing == Bad::ValiantOnVc0)
        r = std::make_unique<test::ValiantOnVc0>(test::h2_topology());
      else
        r = std::make_unique<test::SwappedMinRouting>(test::h2_topology());
      ScEngineOptions opt;
      opt.quantum = quantum;
      run_systemc(c, opt, nullptr, std::move(r));
    } catch (const SimulationFailure& e) {
      std::ofstream(json) << failure_json(e);
      code = 3;
    } catch (...) {
      code = 4;
    }
    std::fflush(nullptr);
    _exit(code);
  }
  int st = 0;
  waitpid(pid, &st, 0);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

nlohmann::json read_json(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return nlohmann::json::parse(ss.str());
}

class ScDeadlock : public ::testing::TestWithParam<Cycle> {};

// The deadlock of Valiant on VC 0 under ADV+1 at load 1.0: exit 3 with a report whose cycles
// chain through the topology (each buffer's output leads to the next buffer, on its VC) and
// whose credits are the next buffer's free space (nothing is in flight when it is built).
TEST_P(ScDeadlock, ReportsTheCycle) {
  const Config c =
      test::dragonfly("h2", {"traffic.load=1.0", "traffic.pattern=adv", "sim.warmup=1000",
                             "sim.measure=20000", "sim.watchdog=500"});
  const std::string json =
      testing::TempDir() + "sc_deadlock_q" + std::to_string(GetParam()) + ".json";
  ASSERT_EQ(run_systemc_child(c, GetParam(), Bad::ValiantOnVc0, json), 3);
  const nlohmann::json doc = read_json(json);
  EXPECT_EQ(doc.at("schema"), "netcosim.failure/1");
  ASSERT_TRUE(doc.contains("deadlock")) << doc.dump();
  const nlohmann::json& d = doc["deadlock"];
  EXPECT_GE(d.at("idle_cycles").get<uint64_t>(), 500u);
  ASSERT_FALSE(d.at("cycles").empty()) << doc.dump();
  const Dragonfly& topo = test::h2_topology();
  for (const auto& cyc : d["cycles"]) {
    ASSERT_GE(cyc.size(), 2u);
    for (size_t k = 0; k < cyc.size(); ++k) {
      const auto& b = cyc[k];
      const auto& nb = cyc[(k + 1) % cyc.size()];
      const auto down =
          topo.peer(b["router"].get<uint32_t>(), b["waits_for"]["port"].get<uint32_t>());
      EXPECT_EQ(down.router, nb["router"].get<uint32_t>());
      EXPECT_EQ(down.port, nb["port"].get<uint32_t>());
      EXPECT_EQ(b["waits_for"]["vc"], nb["vc"]);
      EXPECT_LT(b["waits_for"]["credits"].get<uint32_t>(), 8u);
      EXPECT_EQ(b["waits_for"]["credits"].get<uint32_t>(),
                nb["capacity_phits"].get<uint32_t>() - nb["occupancy_phits"].get<uint32_t>());
    }
  }
}

// Windowed (default) and strict (every router and NIC on every clock edge).
INSTANTIATE_TEST_SUITE_P(Quanta, ScDeadlock, ::testing::Values(Cycle{0}, Cycle{1}),
                         [](const testing::TestParamInfo<Cycle>& i) {
                           return i.param == 0 ? std::string("windowed") : std::string("strict");
                         });

// A VC-order violation inside a router process stops the SystemC run with the checker's failure.
TEST(ScVcOrder, ViolationInARouterProcessFailsTheRun) {
  const Config c = test::dragonfly(
      "h2", {"traffic.load=0.5", "sim.warmup=0", "sim.measure=2000", "sim.check=true"});
  const std::string json = testing::TempDir() + "sc_vc_order.json";
  ASSERT_EQ(run_systemc_child(c, 0, Bad::SwappedMin, json), 3);
  const nlohmann::json doc = read_json(json);
  const std::string err = doc.at("error").get<std::string>();
  EXPECT_NE(err.find("VC order violated"), std::string::npos) << err;
  EXPECT_NE(err.find("(local) VC 1 -> output port"), std::string::npos) << err;
  EXPECT_FALSE(doc.contains("deadlock"));
}

}  // namespace
