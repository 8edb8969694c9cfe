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
#include <tuple>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/deadlock_report.h"
#include "sim/network/network.h"
#include "sim/topology/topology_catalog.h"
#include "systemc/engine/sc_engine.h"
#include "tests/integration/bad_routings.h"
#include "tests/integration/test_util.h"
#include "tests/network/switch_test_util.h"

// libsystemc.so refers to sc_main; this binary has gtest's main (as the CLI has its own).
extern "C" int sc_main(int, char**) {
  return 1;
}

using namespace netcosim;

namespace {

enum class Bad { ValiantOnVc0, SwappedMin, DorWithoutDateline };

// The configured torus's DOR without its dateline (tests/network/switch_test_util.h): every hop
// on routing VC 0, so a ring's VLs can form a cycle. Owns the topology DOR reads.
class TorusDorWithoutDateline final : public RoutingAlgorithm {
 public:
  explicit TorusDorWithoutDateline(const Config& c)
      : topo_(topology_entry("torus")->make(c)), dor_(make_routing(c, *topo_)) {}
  const char* name() const override { return dor_.name(); }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override {
    return dor_.route(q, pkt, rng);
  }
  uint32_t minimal_output(uint32_t router, const Packet& pkt) const override {
    return dor_.minimal_output(router, pkt);
  }

 private:
  std::unique_ptr<Topology> topo_;
  switchtest::DorWithoutDateline dor_;
};

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
      else if (routing == Bad::DorWithoutDateline)
        r = std::make_unique<TorusDorWithoutDateline>(c);
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

// The IB and OPA switches' watchdog on the SystemC engine: an 8x2 torus of one node per switch
// under uniform traffic at load 1.0 with DOR on one VL (no dateline) and VL buffers of two
// packets deadlocks on its x rings; the SystemC run (windowed and strict) stops with the same
// report as the native engine's (docs/model.md §10.4: the switches' blocked buffers), apart from
// the cycle the watchdog fired and the idle cycles counted to it in strict mode.
class ScSwitchDeadlock : public ::testing::TestWithParam<std::tuple<const char*, Cycle>> {};

TEST_P(ScSwitchDeadlock, SameReportAsTheNativeEngine) {
  const auto [arch, quantum] = GetParam();
  Config c;
  for (const char* kv :
       {"topology.type=torus", "topology.dims=8x2", "topology.nodes_per_switch=1",
        "routing.algorithm=dor", "traffic.source=service_levels", "qos.sls=1", "qos.sl_mtu=512",
        "router.port_buffer=16", "router.buffer_output=16", "traffic.load=1.0", "sim.warmup=0",
        "sim.measure=50000", "sim.watchdog=300"})
    c.set_override(kv);
  c.set_override(std::string("router.architecture=") + arch);
  if (std::string(arch) == "ib") {
    c.set_override("qos.sl2vl=0 1");
  } else {
    c.set_override("qos.sl2sc=0 1");
    c.set_override("router.central_buffer=32");
  }
  nlohmann::json native;
  try {
    run_native(*build_network(c, std::make_unique<TorusDorWithoutDateline>(c)));
    FAIL() << arch << ": expected a deadlock on the native engine";
  } catch (const SimulationFailure& e) {
    native = nlohmann::json::parse(failure_json(e));
  }
  ASSERT_TRUE(native.contains("deadlock")) << native.dump();
  ASSERT_FALSE(native["deadlock"].at("cycles").empty()) << native.dump();
  const std::string json =
      testing::TempDir() + "sc_switch_deadlock_" + arch + "_q" + std::to_string(quantum) + ".json";
  ASSERT_EQ(run_systemc_child(c, quantum, Bad::DorWithoutDateline, json), 3);
  nlohmann::json sc = read_json(json);
  ASSERT_TRUE(sc.contains("deadlock")) << sc.dump();
  EXPECT_GE(sc["deadlock"].at("idle_cycles").get<uint64_t>(), 300u);
  if (quantum == 1)
    for (auto* j : {&native, &sc}) {
      (*j)["deadlock"].erase("cycle");
      (*j)["deadlock"].erase("idle_cycles");
    }
  EXPECT_EQ(sc["deadlock"], native["deadlock"]) << arch;
}

INSTANTIATE_TEST_SUITE_P(Switches, ScSwitchDeadlock,
                         ::testing::Combine(::testing::Values("ib", "opa"),
                                            ::testing::Values(Cycle{0}, Cycle{1})),
                         [](const testing::TestParamInfo<std::tuple<const char*, Cycle>>& i) {
                           return std::string(std::get<0>(i.param)) +
                                  (std::get<1>(i.param) == 0 ? "_windowed" : "_strict");
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
