// The speed suite of `netcosim bench` (sim/experiment/bench_suite.h): which points run, the
// arguments of each child run, the thread list, and the figures read from a run's JSON.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/experiment/bench_suite.h"

namespace {

using namespace netcosim::experiment;

TEST(BenchSuite, QuickSuiteIsH2AndH4WithSystemcOnOneThread) {
  const auto pts = bench_points("/cfg", true, {1, 2});
  // 2 networks x 2 traffics x (native at 1 and 2 threads + systemc at 1 thread).
  ASSERT_EQ(pts.size(), 12u);
  for (const auto& p : pts) {
    EXPECT_NE(p.network, "h8");
    if (p.engine == "systemc") {
      EXPECT_EQ(p.threads, 1u);
    }
  }
  EXPECT_EQ(pts[0].config, "/cfg/dragonfly-h2.ini");
  // 3 Dragonflies x 2 traffics and the 512-node torus and fat tree and the OPA and IB 24-ary
  // 2-trees x 1 traffic, each on native 1 and 2 threads and SystemC.
  EXPECT_EQ(bench_points("/cfg", false, {1, 2}).size(), 30u);
  EXPECT_EQ(bench_points("/cfg", false, {4}).size(), 10u);  // 10 x native; systemc needs 1
  const auto full = bench_points("/cfg", false, {1});
  ASSERT_EQ(full.size(), 20u);
  EXPECT_EQ(full[12].network, "torus-8x8x8");
  EXPECT_EQ(full[12].config, "/cfg/torus-8x8x8.ini");
  EXPECT_EQ(full[14].network, "fattree-8-3");
  EXPECT_EQ(full[14].routing, "updown");
  // The switches of thesis 003 run their configuration's service-level traffic (no pattern set).
  for (unsigned i : {16u, 18u}) {
    EXPECT_EQ(full[i].traffic, "service_levels");
    EXPECT_EQ(full[i].routing, "updown_random");
    const auto args = run_arguments(full[i]);
    EXPECT_EQ(std::find(args.begin(), args.end(), "traffic.pattern=uniform"), args.end());
    // The NIC's shared queue, as the speeds recorded (the configurations set per_sl).
    EXPECT_NE(std::find(args.begin(), args.end(), "qos.nic_queues=shared"), args.end());
  }
  EXPECT_EQ(full[16].config, "/cfg/qos-ch5-opa-fattree-24-2.ini");
  EXPECT_EQ(full[18].config, "/cfg/qos-ch5-ib-fattree-24-2.ini");
  EXPECT_EQ(full[17].engine, "systemc");
}

TEST(BenchSuite, ChildRunArgumentsCarryTheSuiteSettings) {
  const BenchPoint p = bench_points("/cfg", true, {2})[0];  // h2, uniform/MIN, native, 2 threads
  const auto args = run_arguments(p);
  ASSERT_GE(args.size(), 9u);
  EXPECT_EQ(
      std::vector<std::string>(args.begin(), args.begin() + 9),
      (std::vector<std::string>{"run", "/cfg/dragonfly-h2.ini", "--engine", p.engine, "--threads",
                                std::to_string(p.threads), "--json", "-", "--quiet"}));
  for (const char* set : {"traffic.load=0.4", "sim.seed=1", "sim.warmup=20000", "sim.measure=80000",
                          "sim.drain=false", "routing.algorithm=min"})
    EXPECT_NE(std::find(args.begin(), args.end(), set), args.end()) << set;
}

TEST(BenchSuite, ThreadListParsing) {
  EXPECT_EQ(parse_thread_list("1,2,8"), (std::vector<unsigned>{1, 2, 8}));
  for (const char* bad : {"1,0", "", "1,,2", "x", "257", "2,"}) {
    try {
      parse_thread_list(bad);
      ADD_FAILURE() << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("--threads ") + bad), std::string::npos);
      EXPECT_NE(std::string(e.what()).find("[1, 256]"), std::string::npos);
    }
  }
}

TEST(BenchSuite, FiguresOfARunJson) {
  const std::string json =
      "{\"cycles_total\": 100000, \"cycles_per_second\": 250000.5, \"wall_seconds\": 0.4, "
      "\"peak_rss_mb\": 6.5, \"packets_delivered\": 1000, \"hops_avg\": 2.5, "
      "\"accepted_load\": 0.39}";
  BenchRow r;
  ASSERT_TRUE(read_run_json(json, r));
  EXPECT_DOUBLE_EQ(r.cycles, 100000);
  EXPECT_DOUBLE_EQ(r.peak_rss_mb, 6.5);
  EXPECT_DOUBLE_EQ(r.packet_hops_per_second, 1000 * 2.5 / 0.4);  // delivered x hops / wall
  BenchRow missing;
  EXPECT_FALSE(read_run_json("{\"cycles_total\": 1}", missing));
}

// The --json document: one object per row, the keys in the order of docs/performance.md, the
// figures as read (every double reads back to the same double), a figure that is not finite as
// null, and the suite's load.
TEST(BenchSuite, JsonRowsKeyOrderExactFiguresAndNullForNonFinite) {
  BenchRow r;
  r.point =
      BenchPoint{"h2", "adv+1", "val", "native", "/cfg/dragonfly-h2.ini", 2, 20000, 80000, {}};
  r.cycles = 100000;
  r.cycles_per_second = 1.0 / 3.0 * 1e6;
  r.packet_hops_per_second = NAN;
  r.peak_rss_mb = 6.5;
  r.wall_seconds = 0.4;
  r.accepted_load = 0.39;
  r.hops_avg = 2.5;
  r.packets_delivered = 1000;
  const std::string text = bench_json({r});
  EXPECT_EQ(text.back(), '\n');
  const nlohmann::ordered_json doc = nlohmann::ordered_json::parse(text);
  ASSERT_TRUE(doc.is_array());
  ASSERT_EQ(doc.size(), 1u);
  const auto& o = doc[0];
  std::vector<std::string> keys;
  for (const auto& kv : o.items()) keys.push_back(kv.key());
  EXPECT_EQ(keys,
            (std::vector<std::string>{"network", "traffic", "routing", "engine", "threads",
                                      "cycles", "cycles_per_second", "packet_hops_per_second",
                                      "peak_rss_mb", "wall_seconds", "load", "warmup", "measure",
                                      "accepted_load", "hops_avg", "packets_delivered"}));
  EXPECT_EQ(o["traffic"], "adv+1");
  EXPECT_EQ(o["threads"], 2u);
  EXPECT_TRUE(o["cycles"].is_number_unsigned());
  EXPECT_EQ(o["cycles"], 100000u);
  EXPECT_EQ(o["cycles_per_second"].get<double>(), 1.0 / 3.0 * 1e6);
  EXPECT_TRUE(o["packet_hops_per_second"].is_null());
  EXPECT_EQ(o["load"].get<double>(), std::strtod(kBenchLoad, nullptr));
  EXPECT_EQ(o["warmup"], 20000u);
  EXPECT_EQ(o["measure"], 80000u);
  EXPECT_EQ(o["accepted_load"].get<double>(), 0.39);
  EXPECT_EQ(o["packets_delivered"], 1000u);
  EXPECT_EQ(bench_json({}), "[]\n");
}

}  // namespace
