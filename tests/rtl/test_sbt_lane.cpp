// The SBT scheduler's RTL lane (SbtLaneRtl, systemc/rtl/table_sched_socket.h; docs/cosim.md,
// "Verilated blocks inside a network"): the Verilated rtl/sbt_scheduler.sv of a set carries its
// weights W0..W(S-1) as parameters the model does not expose, so its builder states them; a lane
// given another number of weights than the set's S is refused with std::invalid_argument naming
// the lane, S and the count. The lanes are only constructed here (no elaboration, no sc_start).
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "Vsbt_scheduler_s3_ch2a.h"
#include "systemc/rtl/table_sched_socket.h"

// libsystemc.so refers to sc_main; this binary has gtest's main.
extern "C" int sc_main(int, char**) {
  return 1;
}

namespace {

using Lane = netcosim::sc::SbtLaneRtl<Vsbt_scheduler_s3_ch2a, 3, 7>;  // S=3, WW=7 (rtl/catalog.h)

// The message of the std::invalid_argument a lane named `name` given `weights` throws; "" if none.
std::string refusal(const std::string& name, std::vector<uint32_t> weights) {
  static sc_core::sc_signal<bool> rst("sbt_lane_test_rst");
  try {
    Lane lane(name, rst, netcosim::sc::SocketOptions{}, std::move(weights));
    return "";
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
}

TEST(SbtLaneRtl, RefusesWeightsOfAnotherCountThanTheSetsS) {
  EXPECT_EQ(refusal("r0_o1", {60, 30}), "r0_o1: rtl/sbt_scheduler.sv of S=3 given 2 weights");
  EXPECT_EQ(refusal("r0_o2", {60, 30, 10, 5}),
            "r0_o2: rtl/sbt_scheduler.sv of S=3 given 4 weights");
  EXPECT_EQ(refusal("r0_o3", {}), "r0_o3: rtl/sbt_scheduler.sv of S=3 given 0 weights");
}

TEST(SbtLaneRtl, KeepsTheSetsWeightsWhenTheCountIsS) {
  static sc_core::sc_signal<bool> rst("sbt_lane_test_rst_ok");
  const Lane lane("r0_o0", rst, netcosim::sc::SocketOptions{}, {60, 30, 10});  // s3_ch2a's
  EXPECT_EQ(lane.sls(), 3u);
  EXPECT_EQ(lane.weights(), (std::vector<uint32_t>{60, 30, 10}));
}

}  // namespace
