// The load sweep (sim/experiment/sweep.h): the load range, Student's t quantile against its
// closed forms, the seed aggregation and confidence intervals of known samples, the saturation
// figures and the exact text of the output rows.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sim/experiment/sweep.h"

namespace {

using namespace netcosim::experiment;

// t_{p, nu} in closed form for nu = 1, 2, 4 (Hill 1970; Shaw 2006, "New methods for managing
// Student's T distribution"): nu=1 is Cauchy, tan(pi (p - 1/2)); nu=2, (2p - 1) / sqrt(2p(1 - p));
// nu=4, 2 sqrt(q - 1) with a = 4p(1 - p), q = cos(acos(sqrt(a)) / 3) / sqrt(a).
double t_closed_form(int nu, double p) {
  if (nu == 1) return std::tan(M_PI * (p - 0.5));
  if (nu == 2) return (2 * p - 1) / std::sqrt(2 * p * (1 - p));
  const double a = 4 * p * (1 - p);
  const double q = std::cos(std::acos(std::sqrt(a)) / 3) / std::sqrt(a);
  return 2 * std::sqrt(q - 1);
}

TEST(SweepStats, StudentTQuantileMatchesClosedForms) {
  EXPECT_NEAR(student_t975(1), t_closed_form(1, 0.975), 1e-11);
  EXPECT_NEAR(student_t975(2), t_closed_form(2, 0.975), 1e-12);
  EXPECT_NEAR(student_t975(4), t_closed_form(4, 0.975), 1e-12);
  EXPECT_NEAR(student_t975(4), 2.7764451051977987, 1e-12);
  EXPECT_TRUE(std::isnan(student_t975(0)));
}

TEST(SweepStats, StudentTQuantileTendsToTheNormalQuantile) {
  // z_{0.975} = 1.959963984540054; t_{0.975, nu} - z = (z^3 + z) / (4 nu) + O(nu^-2).
  const double z = 1.959963984540054;
  EXPECT_NEAR(student_t975(1000000) - z, (z * z * z + z) / 4e6, 1e-9);
  EXPECT_GT(student_t975(30), student_t975(31));
}

TEST(SweepStats, MeanAndHalfWidthOfKnownSamples) {
  // 1..5: mean 3, sample variance 2.5, half-width t_{0.975,4} * sqrt(2.5 / 5).
  const Stat s = summarize({1, 2, 3, 4, 5});
  EXPECT_DOUBLE_EQ(s.mean, 3.0);
  EXPECT_NEAR(s.ci95, 2.7764451051977987 * std::sqrt(0.5), 1e-12);
  // Two samples a, b: half-width t_{0.975,1} * |a - b| / 2.
  const Stat two = summarize({0.1, 0.12});
  EXPECT_NEAR(two.mean, 0.11, 1e-15);
  EXPECT_NEAR(two.ci95, t_closed_form(1, 0.975) * 0.01, 1e-12);
}

TEST(SweepStats, TooFewSamplesGiveNaN) {
  const Stat one = summarize({0.4});
  EXPECT_DOUBLE_EQ(one.mean, 0.4);
  EXPECT_TRUE(std::isnan(one.ci95));
  const Stat none = summarize({});
  EXPECT_TRUE(std::isnan(none.mean));
  EXPECT_TRUE(std::isnan(none.ci95));
}

TEST(SweepLoads, RangeIsInclusiveAndExact) {
  EXPECT_EQ(expand_loads("0.1:0.5:0.1"), (std::vector<double>{0.1, 0.2, 0.3, 0.4, 0.5}));
  EXPECT_EQ(expand_loads("0.5:0.5:0.1"), (std::vector<double>{0.5}));
  EXPECT_EQ(expand_loads("0:1:0.25"), (std::vector<double>{0, 0.25, 0.5, 0.75, 1}));
}

TEST(SweepLoads, BadRangesNameTheValueAndWhatIsAllowed) {
  auto message = [](const std::string& spec) -> std::string {
    try {
      expand_loads(spec);
    } catch (const UsageError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_NE(message("0.1:1.5:0.1").find("TO=1.5 is outside [0, 1]"), std::string::npos);
  EXPECT_NE(message("0.6:0.2:0.1").find("FROM must be <= TO"), std::string::npos);
  EXPECT_NE(message("0.1:0.5:0").find("STEP=0 must be > 0"), std::string::npos);
  EXPECT_NE(message("0.1:0.5").find("FROM:TO:STEP"), std::string::npos);
  EXPECT_NE(message("x:0.5:0.1").find("FROM 'x' is not a number"), std::string::npos);
  EXPECT_NE(message("0:1:0.000001").find("more than 100000 loads"), std::string::npos);
}

SweepPoint point(double load, double accepted, double latency, uint32_t p99, uint64_t measured) {
  SweepPoint p;
  p.load = load;
  p.res.accepted_load = accepted;
  p.res.latency_avg = latency;
  p.res.latency_p99 = p99;
  p.res.latency_max = p99 + 10;
  p.res.packets_measured = measured;
  p.res.hops_avg = 2.5;
  return p;
}

TEST(SweepAggregate, RowsAverageTheSeedsOfEachLoad) {
  const std::vector<SweepPoint> pts = {
      point(0.1, 0.10, 100, 150, 40), point(0.1, 0.12, 110, 160, 60),
      point(0.2, 0.20, 120, 170, 80), point(0.2, 0.18, 140, 200, 70)};
  const auto rows = aggregate(pts, 2);
  ASSERT_EQ(rows.size(), 2u);
  const double t1 = t_closed_form(1, 0.975);
  EXPECT_DOUBLE_EQ(rows[0].offered, 0.1);
  EXPECT_NEAR(rows[0].accepted.mean, 0.11, 1e-15);
  EXPECT_NEAR(rows[0].accepted.ci95, t1 * 0.01, 1e-12);
  EXPECT_DOUBLE_EQ(rows[0].latency.mean, 105);
  EXPECT_NEAR(rows[0].latency.ci95, t1 * 5, 1e-9);
  EXPECT_DOUBLE_EQ(rows[0].latency_p99, 155);
  EXPECT_DOUBLE_EQ(rows[0].latency_max, 170);
  EXPECT_EQ(rows[0].packets_measured, 100u);
  EXPECT_DOUBLE_EQ(rows[0].hops, 2.5);
  EXPECT_EQ(rows[0].seeds, 2u);
  EXPECT_NEAR(rows[1].accepted.mean, 0.19, 1e-15);
  EXPECT_DOUBLE_EQ(rows[1].latency_max, 210);
  EXPECT_EQ(rows[1].packets_measured, 150u);
}

std::vector<SweepRow> rows_of(const std::vector<double>& offered,
                              const std::vector<double>& accepted) {
  std::vector<SweepRow> rows(offered.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    rows[i].offered = offered[i];
    rows[i].accepted.mean = accepted[i];
  }
  return rows;
}

TEST(SweepSaturation, BestRowAndFirstRowBelow95Percent) {
  // 0.27 < 0.95 * 0.3 = 0.285: the saturation point is 0.3; the throughput is the maximum 0.27.
  const Saturation s = saturation(rows_of({0.1, 0.2, 0.3, 0.4}, {0.1, 0.2, 0.27, 0.26}));
  EXPECT_EQ(s.best, 2u);
  EXPECT_EQ(s.point, 2);
  // 0.19 = 0.95 * 0.2 exactly is not below it: not reached.
  EXPECT_EQ(saturation(rows_of({0.1, 0.2}, {0.1, 0.19})).point, -1);
}

TEST(SweepOutput, CsvRowAndSaturationText) {
  auto rows = rows_of({0.3}, {0.297944});
  rows[0].accepted.ci95 = 0.0096;
  rows[0].latency = {129.751, NAN};
  rows[0].packets_measured = 16089;
  rows[0].seeds = 1;
  rows[0].nonminimal = 0.5;
  rows[0].global_misrouted = 0.25;
  rows[0].local_misrouted = 0.125;
  rows[0].misrouted_at[0] = 0.1;
  rows[0].misrouted_at[1] = 0.2;
  rows[0].misrouted_at[2] = 0.3;
  rows[0].misrouted_at[3] = 0.4;
  const std::string csv = results_csv(rows);
  EXPECT_EQ(csv.substr(0, csv.find('\n') + 1),
            "offered_load,accepted_load,accepted_ci95,latency_avg,latency_ci95,latency_p50,"
            "latency_p99,latency_max,network_latency_avg,injection_latency_avg,hops_avg,"
            "misrouted_fraction,jain,nonminimal_fraction,global_misrouted_fraction,"
            "local_misrouted_fraction,accepted_misrouted_injection,accepted_misrouted_source_group,"
            "accepted_misrouted_intermediate_group,accepted_misrouted_destination_group,"
            "packets_measured,seeds\n");
  EXPECT_EQ(csv.substr(csv.find('\n') + 1),
            "0.3,0.297944,0.0096,129.751,nan,0,0,0,0,0,0,0,0,0.5,0.25,0.125,0.1,0.2,0.3,0.4,16089,"
            "1\n");
  EXPECT_EQ(saturation_text(rows, saturation(rows)),
            "saturation throughput: 0.297944 phits/(node*cycle) (maximum seed-averaged accepted "
            "load; at offered load 0.3)\nsaturation point: not reached (accepted >= 95% of offered "
            "at every load up to 0.3)\n");
}

// summary.json: the keys in the documented order (docs/sweep.md), strings escaped, a value that
// does not exist (a CI of one seed, a saturation point not reached) written as null, and every
// double written so that it reads back to the same double.
TEST(SweepOutput, SummaryJsonKeyOrderEscapesNullsAndExactNumbers) {
  auto rows = rows_of({0.1, 0.3}, {0.1, 1.0 / 3.0});
  rows[0].accepted.ci95 = NAN;
  rows[1].latency = {129.751, 2.5};
  SweepInfo info;
  info.config_file = "dir/a \"b\".ini";
  info.sets = {"routing.algorithm=min"};
  info.loads_spec = "0.1:0.3:0.2";
  info.seeds = 1;
  info.jobs = 2;
  info.runs = 2;
  info.seed0 = 7;
  info.wall_seconds = 0.25;
  const Saturation sat = saturation(rows);  // not reached: 1/3 >= 0.95 * 0.3
  ASSERT_EQ(sat.point, -1);
  const std::string text = summary_json(info, rows, sat);
  EXPECT_NE(text.find(R"("config_file": "dir/a \"b\".ini")"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("point": null)"), std::string::npos) << text;
  EXPECT_EQ(text.back(), '\n');
  const nlohmann::ordered_json doc = nlohmann::ordered_json::parse(text);
  std::vector<std::string> keys;
  for (const auto& kv : doc.items()) keys.push_back(kv.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"schema", "config_file", "sets", "loads", "seeds",
                                            "first_seed", "jobs", "runs", "wall_seconds",
                                            "saturation", "rows"}));
  EXPECT_EQ(doc["schema"], "netcosim.sweep/1");
  EXPECT_EQ(doc["sets"], nlohmann::ordered_json::array({"routing.algorithm=min"}));
  EXPECT_EQ(doc["first_seed"], 7u);
  EXPECT_EQ(doc["saturation"]["throughput"].get<double>(), 1.0 / 3.0);  // bit-exact round trip
  EXPECT_EQ(doc["saturation"]["throughput_offered_load"].get<double>(), 0.3);
  EXPECT_EQ(doc["saturation"]["threshold"].get<double>(), kSaturationFraction);
  ASSERT_EQ(doc["rows"].size(), 2u);
  EXPECT_TRUE(doc["rows"][0]["accepted_ci95"].is_null());
  EXPECT_EQ(doc["rows"][1]["latency_avg"].get<double>(), 129.751);
  EXPECT_EQ(doc["rows"][1]["latency_ci95"].get<double>(), 2.5);
  std::vector<std::string> row_keys;
  for (const auto& kv : doc["rows"][1].items()) row_keys.push_back(kv.key());
  EXPECT_EQ(row_keys,
            (std::vector<std::string>{
                "offered_load", "accepted_load", "accepted_ci95", "latency_avg", "latency_ci95",
                "latency_p99", "hops_avg", "misrouted_fraction", "nonminimal_fraction",
                "global_misrouted_fraction", "local_misrouted_fraction", "jain"}));
}

TEST(SweepOutput, SummaryJsonSaturationPointIsTheOfferedLoadOfItsRow) {
  const auto rows = rows_of({0.1, 0.2, 0.3}, {0.1, 0.15, 0.16});  // 0.15 < 0.95 * 0.2
  const nlohmann::json doc = nlohmann::json::parse(summary_json({}, rows, saturation(rows)));
  EXPECT_EQ(doc["saturation"]["point"].get<double>(), 0.2);
  EXPECT_EQ(doc["saturation"]["throughput"].get<double>(), 0.16);
}

// points.jsonl: each point's netcosim.run/1 document on one line, exactly as stored.
TEST(SweepOutput, PointsJsonlIsOneDocumentPerLine) {
  std::vector<SweepPoint> pts(2);
  pts[0].json = R"({"schema":"netcosim.run/1","a":1})";
  pts[1].json = R"({"schema":"netcosim.run/1","a":2})";
  EXPECT_EQ(points_jsonl(pts), pts[0].json + "\n" + pts[1].json + "\n");
}

}  // namespace
