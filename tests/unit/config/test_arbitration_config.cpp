// The arbitration keys (router.input_arbitration, router.output_arbitration,
// router.age_timestamp, router.transit_rr_pointer, router.input_arbiter_update; docs/model.md
// §2.4): the values allowed, the errors naming the key, and
// the NIC source queue that the age timestamps set (seed 004 Sec. 4.2).
#include <gtest/gtest.h>

#include "config_error.h"
#include "sim/config/config.h"

namespace netcosim {
namespace {

Config with(const std::vector<std::string>& sets) {
  Config c;
  for (const auto& s : sets) c.set_override(s);
  return c;
}

TEST(ArbitrationConfig, AgeTimestampValues) {
  for (const char* ok :
       {"gen_qinf", "gen_q1", "gen_q24", "gen_q1048576", "inj_time", "accumulated"})
    EXPECT_EQ(
        test::error_of([&] { validate_config(with({std::string("router.age_timestamp=") + ok})); }),
        "")
        << ok;
  for (const char* bad : {"gen_q0", "gen_q", "gen_q024", "gen_q1048577", "gen_qx", "age"}) {
    const std::string e = test::error_of(
        [&] { validate_config(with({std::string("router.age_timestamp=") + bad})); });
    EXPECT_NE(e.find("router.age_timestamp"), std::string::npos) << bad;
    EXPECT_NE(e.find("gen_q<x>"), std::string::npos) << bad;
  }
}

TEST(ArbitrationConfig, SourceQueueOfTheTimestamps) {
  // Without an age arbiter the key changes nothing.
  SourceQueuePlan p = source_queue_plan(with({"router.age_timestamp=gen_q24"}));
  EXPECT_EQ(p.capacity, 64u);
  EXPECT_FALSE(p.unbounded);
  p = source_queue_plan(with({"router.output_arbitration=age", "router.age_timestamp=gen_q24"}));
  EXPECT_EQ(p.capacity, 24u);
  EXPECT_FALSE(p.unbounded);
  p = source_queue_plan(with(
      {"router.input_arbitration=age", "router.age_timestamp=gen_qinf", "traffic.source_queue=0"}));
  EXPECT_EQ(p.capacity, 1u);
  EXPECT_TRUE(p.unbounded);
  for (const char* ts : {"inj_time", "accumulated"}) {
    p = source_queue_plan(
        with({"router.output_arbitration=age", std::string("router.age_timestamp=") + ts,
              "traffic.source_queue=24"}));
    EXPECT_EQ(p.capacity, 24u) << ts;
    EXPECT_FALSE(p.unbounded) << ts;
  }
}

TEST(ArbitrationConfig, UnknownPolicyNamesTheAllowedValues) {
  const std::string e =
      test::error_of([&] { validate_config(with({"router.input_arbitration=fifo"})); });
  EXPECT_NE(e.find("rr|lrs|transit_rr|transit_lrs|age"), std::string::npos) << e;
}

// FOGSim's allocator readings (docs/model.md "Arbiters"): per-class pointers only with
// transit_rr; the input update takes grant|request.
TEST(ArbitrationConfig, FogsimAllocatorReadings) {
  EXPECT_EQ(test::error_of([&] {
              validate_config(with({"router.output_arbitration=transit_rr",
                                    "router.transit_rr_pointer=per_class",
                                    "router.input_arbiter_update=request"}));
            }),
            "");
  const std::string e = test::error_of([&] {
    validate_config(
        with({"router.output_arbitration=transit_lrs", "router.transit_rr_pointer=per_class"}));
  });
  EXPECT_NE(e.find("router.transit_rr_pointer=per_class"), std::string::npos) << e;
  EXPECT_NE(e.find("transit_lrs"), std::string::npos) << e;
  EXPECT_NE(e.find("allowed here: shared"), std::string::npos) << e;
  const std::string u =
      test::error_of([&] { validate_config(with({"router.input_arbiter_update=always"})); });
  EXPECT_NE(u.find("router.input_arbiter_update"), std::string::npos) << u;
  EXPECT_NE(u.find("grant|request"), std::string::npos) << u;
}

}  // namespace
}  // namespace netcosim
