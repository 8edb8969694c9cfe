// The SBT scheduler's RTL lane (SbtLaneRtl, systemc/rtl/table_sched_socket.h; docs/cosim.md,
// "Verilated blocks inside a network"): the Verilated rtl/sbt_scheduler.sv of a set carries its
// weights W0..W(S-1) as parameters the model does not expose, so its builder states them; a lane
// given another number of weights than the set's S is refused with std::invalid_argument naming
// the lane, S and the count, before the lane is built. The lanes are only constructed here (no
// sc_start but in the child process of the last test).
#include <gtest/gtest.h>

#include <cstdlib>
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

// The count is checked before anything of the lane is built: once elaboration is done, when
// SystemC refuses every new signal and module (sc_report), a lane of the wrong count still throws
// its std::invalid_argument. In a child process (sc_start ends elaboration for good).
TEST(SbtLaneRtl, RefusesTheCountBeforeBuildingAnything) {
  // A child of its own (the binary run again for this test only): the earlier tests' Verilated
  // model leaves a thread that a plain fork does not carry.
  ::testing::GTEST_FLAG(death_test_style) = "threadsafe";
  EXPECT_EXIT(
      {
        static sc_core::sc_signal<bool> rst("sbt_lane_test_rst_late");
        sc_core::sc_start(sc_core::SC_ZERO_TIME);
        try {
          Lane lane("r1_o1", rst, netcosim::sc::SocketOptions{}, {60, 30});
        } catch (const std::invalid_argument& e) {
          std::_Exit(std::string(e.what()) == "r1_o1: rtl/sbt_scheduler.sv of S=3 given 2 weights"
                         ? 0
                         : 1);
        } catch (...) {
          std::_Exit(2);
        }
        std::_Exit(3);
      },
      ::testing::ExitedWithCode(0), "");
}

}  // namespace
