// Thesis 003 Ch. 2's single-switch testbed (configs/qos-ch2-opa-switch-48.ini: one 48-port OPA
// switch with 48 NICs, Table 2.2 Config A; docs/validation.md "The Ch. 2 single-switch
// testbed") on short windows:
//   - without contention ((src + 1) mod 48) the network latency stays on the zero-load path at
//     any load: every packet takes RT + X + L = 132 + 18 + 16 = 166 cycles inside an MPort or
//     RT + X + X2 + L = 184 across MPorts (docs/model.md §11.2), so the average is within
//     [166, 184] at 0.3 and at 1 flit/cycle/NIC;
//   - under random uniform traffic at saturation, SBT with Config A's weights 60/30/10 moves
//     bandwidth from SL1 (40% of the injection, weight 30) to SL0 (50%, weight 60) against round
//     robin per SL (Sec. 2.6: SL0 gains, SL1 is squeezed).
#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "test_util.h"

namespace {

using netcosim::test::run_cli;

nlohmann::json run(const std::string& args, const std::string& tag) {
  const std::string json = testing::TempDir() + "qos_ch2_" + tag + ".json";
  std::remove(json.c_str());
  const auto o = run_cli("run " + std::string(NETCOSIM_SOURCE_DIR) +
                         "/configs/qos-ch2-opa-switch-48.ini --set sim.warmup=2000 --set "
                         "sim.measure=4000 " +
                         args + " --quiet --json " + json);
  EXPECT_EQ(o.status, 0) << o.output;
  return nlohmann::json::parse(netcosim::test::read_file(json));
}

TEST(QosSingleSwitch, NoContentionLatencyStaysOnTheZeroLoadPath) {
  for (const char* load : {"0.3", "1.0"}) {
    const nlohmann::json d =
        run(std::string("--set qos.pattern=next,next,next --set traffic.load=") + load,
            std::string("next_") + load);
    const double lat = d.at("network_latency_avg").get<double>();
    EXPECT_GE(lat, 166.0) << load;
    EXPECT_LE(lat, 184.0) << load;
  }
  // Random uniform at saturation queues inside the switch.
  EXPECT_GT(run("", "ru").at("network_latency_avg").get<double>(), 184.0);
}

TEST(QosSingleSwitch, SbtMovesBandwidthFromSl1ToSl0AtSaturation) {
  const nlohmann::json rr = run("", "rr");
  const nlohmann::json sbt =
      run("--set router.output_scheduler=sbt --set qos.sbt_weights=60,30,10", "sbt");
  auto share = [](const nlohmann::json& d, int sl) {
    return d.at("per_sl").at(sl).at("normalized_throughput").get<double>();
  };
  EXPECT_GT(share(sbt, 0), share(rr, 0));
  EXPECT_LT(share(sbt, 1), share(rr, 1));
}

}  // namespace
