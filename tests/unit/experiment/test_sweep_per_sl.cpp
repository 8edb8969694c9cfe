// The sweep's per_sl.csv (sim/experiment/sweep.h per_sl_csv; docs/model.md §9.3): one row per
// load and SL with the seed means of the SL's figures, and no file without service levels.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sim/experiment/sweep.h"

namespace {

using namespace netcosim;
using namespace netcosim::experiment;

SweepPoint point(double load, double acc0, double acc1, double lat0, uint64_t packets) {
  SweepPoint p;
  p.load = load;
  for (int c = 0; c < 2; ++c) {
    SlResults x;
    x.name = c == 0 ? "VO" : "BE";
    x.offered_load = load * (c == 0 ? 0.25 : 0.75);
    x.accepted_load = c == 0 ? acc0 : acc1;
    x.normalized_throughput = x.accepted_load / (acc0 + acc1);
    x.latency_avg = c == 0 ? lat0 : 2 * lat0;
    x.latency_avg_ns = x.latency_avg * 5;
    x.network_latency_avg = x.latency_avg - 1;
    x.network_latency_avg_ns = x.network_latency_avg * 5;
    x.packets_measured = packets;
    p.res.per_sl.push_back(x);
  }
  return p;
}

TEST(SweepPerSl, RowsAverageTheSeedsOfEachLoadAndSl) {
  const std::vector<SweepPoint> pts = {point(0.4, 0.1, 0.3, 100, 10), point(0.4, 0.1, 0.3, 120, 30),
                                       point(0.8, 0.2, 0.5, 300, 5), point(0.8, 0.2, 0.5, 500, 5)};
  EXPECT_EQ(per_sl_csv(pts, 2),
            "offered_load,sl,name,sl_offered_load,accepted_load,normalized_throughput,latency_avg,"
            "latency_avg_ns,network_latency_avg,network_latency_avg_ns,packets_measured,seeds\n"
            "0.4,0,VO,0.1,0.1,0.25,110,550,109,545,40,2\n"
            "0.4,1,BE,0.3,0.3,0.75,220,1100,219,1095,40,2\n"
            "0.8,0,VO,0.2,0.2,0.285714,400,2000,399,1995,10,2\n"
            "0.8,1,BE,0.6,0.5,0.714286,800,4000,799,3995,10,2\n");
  // Named curves get a first column.
  std::vector<SweepPoint> named = {point(0.4, 0.1, 0.3, 100, 1)};
  named[0].curve = 0;
  EXPECT_EQ(per_sl_csv(named, 1, {"ib"}).substr(0, 19), "curve,offered_load,");
  EXPECT_NE(per_sl_csv(named, 1, {"ib"}).find("\nib,0.4,0,VO,"), std::string::npos);
}

TEST(SweepPerSl, NoServiceLevelsNoFile) {
  std::vector<SweepPoint> pts(2);
  EXPECT_EQ(per_sl_csv(pts, 1), "");
}

}  // namespace

namespace {

// Request-reply's per_class.csv (per_class_csv; docs/model.md §4.7): the same seed means per load
// and class, without SL numbers or ns columns.
TEST(SweepPerClass, RowsAverageTheSeedsOfEachLoadAndClass) {
  const auto point = [](double load, double acc, double lat) {
    SweepPoint p;
    p.load = load;
    for (int c = 0; c < 2; ++c) {
      SlResults x;
      x.name = c == 0 ? "request" : "reply";
      x.offered_load = load / 2;
      x.accepted_load = acc;
      x.normalized_throughput = 0.5;
      x.latency_avg = lat + c;
      x.network_latency_avg = lat - 10;
      x.packets_measured = 7;
      p.res.per_class.push_back(x);
    }
    return p;
  };
  const std::vector<SweepPoint> pts = {point(0.6, 0.3, 100), point(0.6, 0.2, 200)};
  EXPECT_EQ(per_class_csv(pts, 2),
            "offered_load,class,class_offered_load,accepted_load,normalized_throughput,"
            "latency_avg,network_latency_avg,packets_measured,seeds\n"
            "0.6,request,0.3,0.25,0.5,150,140,14,2\n"
            "0.6,reply,0.3,0.25,0.5,151,140,14,2\n");
  EXPECT_EQ(per_class_csv(std::vector<SweepPoint>(2), 1), "");
}

}  // namespace
