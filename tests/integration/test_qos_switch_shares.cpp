// Thesis 003 Ch. 4's bandwidth claim on a small fat tree (docs/validation.md, "Output schedulers on
// the switches"): the 4-ary 2-tree of OPA switches with Table 4.7's mix and Table 4.9's DTable at
// saturation (1 flit/cycle/NIC offered; the tree accepts about 0.99): every SL's normalised
// throughput is within +-2 points of its target share (Sec. 4.4.2.3: "an error of +-2%"). Round
// robin per SL gives equal packet turns, so at the saturated links the SL with the smallest
// packets among those with more demand than a turn's share (VI, 4 flits against CL's 8) carries
// the shortfall: its share is below its target and below the DTable's. The same tree with VLs of
// about one packet: the scheduler moves the maximum throughput, the DTable keeps Ch. 4's latency
// order and round robin stays within +-2% of the accepted load (the tests after the DRR one); Ch.
// 5's latency tiers on the 4-ary 3-tree, and its figure's configuration (the last two).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "test_util.h"

namespace {

using netcosim::test::run_cli;

const std::string kCh4Tree =
    std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos-ch4-opa-fattree-4-2.ini ";

// `netcosim run ARGS`'s JSON.
nlohmann::json run_json(const std::string& args, const std::string& tag) {
  const std::string json = testing::TempDir() + "qos_shares_" + tag + ".json";
  std::remove(json.c_str());
  const auto o = run_cli("run " + args + " --quiet --json " + json);
  EXPECT_EQ(o.status, 0) << o.output;
  return nlohmann::json::parse(netcosim::test::read_file(json));
}

// Each SL's normalised throughput of a run that accepts more than 0.9 flits/cycle/NIC.
std::vector<double> normalized_shares(const nlohmann::json& d) {
  EXPECT_GT(d.at("accepted_load").get<double>(), 0.9);
  std::vector<double> r;
  for (const auto& s : d.at("per_sl")) r.push_back(s.at("normalized_throughput").get<double>());
  return r;
}

std::vector<double> shares(const std::string& args, const std::string& tag) {
  return normalized_shares(run_json(kCh4Tree + args, tag));
}

TEST(QosSwitchShares, DTableWithinTwoPointsOfTable49AtSaturation) {
  const std::vector<double> target = {0.1, 0.3, 0.5, 0.05, 0.05};  // Table 4.9's phi
  const std::vector<double> dt =
      shares("--set router.output_scheduler=dtable --set qos.table=" NETCOSIM_SOURCE_DIR
             "/configs/qos/table4_9_dtable.json",
             "dtable");
  const std::vector<double> rr = shares("", "rr");
  ASSERT_EQ(dt.size(), target.size());
  ASSERT_EQ(rr.size(), target.size());
  for (size_t s = 0; s < target.size(); ++s) EXPECT_NEAR(dt[s], target[s], 0.02) << "SL " << s;
  EXPECT_LT(rr[1], target[1]) << "round robin's packet turns short VI at the saturated links";
  EXPECT_LT(rr[1], dt[1]);
}

// DRR (docs/model.md §10.5) on a 4-ary 2-tree of IB switches with two SLs, every SL of every NIC
// backlogged (qos.backlogged: each NIC's link is served by DRR too, so every SL always wants the
// whole link): the SLs' shares of the accepted traffic are the quanta's, in bytes, whatever the
// packets (Shreedhar and Varghese: each SL sends its quantum per round, within one packet).
// Quanta 8 and 24 credits with packets of 8: 1/4 and 3/4; quanta 8 and 8 with packets of 4 and 8
// credits: 1/2 and 1/2, where round robin's packet turns give 1/3 and 2/3. Each run 10^4 cycles of
// 16 nodes (about 0.1 s), within one point of the quanta's shares.
std::vector<double> backlogged_shares(const std::string& sched_keys, const std::string& mtu,
                                      const std::string& tag) {
  const std::string ini = testing::TempDir() + "qos_shares_drr_tree.ini";
  {
    std::ofstream f(ini);
    f << "[topology]\ntype = fattree\nk = 4\nn = 2\n"
         "[router]\narchitecture = ib\nport_buffer = 256\nbuffer_output = 256\nlatency = 4\n"
         "xbar_latency = 2\n"
         "[link]\nlatency_tree = 8\n"
         "[routing]\nalgorithm = updown_random\n"
         "[traffic]\nsource = service_levels\n"
         "[qos]\nsls = 2\nbacklogged = true\n"
         "[sim]\nseed = 1\nwarmup = 1000\nmeasure = 4000\n";
  }
  return normalized_shares(run_json(ini + " --set qos.sl_mtu=" + mtu + " " + sched_keys, tag));
}

TEST(QosSwitchShares, DrrGivesTheQuantaSharesInBytesOfBackloggedSls) {
  const std::string drr = "--set router.output_scheduler=drr --set qos.drr_quantum=";
  const std::vector<double> q13 = backlogged_shares(drr + "8,24", "512,512", "drr_1_3");
  ASSERT_EQ(q13.size(), 2u);
  EXPECT_NEAR(q13[0], 0.25, 0.01);
  EXPECT_NEAR(q13[1], 0.75, 0.01);
  const std::vector<double> bytes = backlogged_shares(drr + "8,8", "256,512", "drr_bytes");
  ASSERT_EQ(bytes.size(), 2u);
  EXPECT_NEAR(bytes[0], 0.5, 0.01);
  EXPECT_NEAR(bytes[1], 0.5, 0.01);
  const std::vector<double> rr = backlogged_shares("", "256,512", "rr_packets");
  ASSERT_EQ(rr.size(), 2u);
  EXPECT_NEAR(rr[0], 1.0 / 3, 0.01) << "round robin: equal packet turns";
  EXPECT_NEAR(rr[1], 2.0 / 3, 0.01);
}

// Thesis 003 Sec. 4.4.2 gives the DTable a higher maximum throughput than SBT and RR (0.95
// against 0.85 on the 8-ary 3-tree), from its "hit rate" and shorter bursts ("less head-of-line
// blocking"). In these switches the scheduler moves the maximum throughput only when a VL may
// hold about one packet of the largest MTU (docs/validation.md, "Ch. 4: maximum throughput,
// DTable vs SBT/RR"): with router.vl_max=16 flits (1 KB, one BE/BK packet) the 4-ary 2-tree
// accepts 0.9641 (DTable), 0.9467 (SBT), 0.9376 (RR) of 1 flit/cycle/NIC; with the file's
// buffers, shared by the VLs up to the whole port, 0.9788 with each (seed 1, 2,000 + 4,000
// cycles; seeds 2 and 3 keep DTable 0.013-0.029 above the others with 16 flits, all three within
// 0.0004 without). Six runs of 16 nodes, 0.45 s on a loaded host.
double accepted(const std::string& args, const std::string& tag) {
  return run_json(kCh4Tree + "--set sim.warmup=2000 --set sim.measure=4000 " + args,
                  "maxthr_" + tag)
      .at("accepted_load")
      .get<double>();
}

TEST(QosSwitchShares, TheSchedulerMovesMaximumThroughputOnlyWithVlsOfAboutOnePacket) {
  const std::string dtable =
      "--set router.output_scheduler=dtable --set qos.table=" + std::string(NETCOSIM_SOURCE_DIR) +
      "/configs/qos/table4_9_dtable.json";
  const std::string sbt = "--set router.output_scheduler=sbt --set qos.sbt_weights=10,30,50,5,5";
  const std::string small = " --set router.vl_max=16";
  const double rr_shared = accepted("", "rr_shared");
  const double sbt_shared = accepted(sbt, "sbt_shared");
  const double dt_shared = accepted(dtable, "dt_shared");
  EXPECT_NEAR(dt_shared, rr_shared, 0.002) << "VLs sharing the whole port: no scheduler effect";
  EXPECT_NEAR(dt_shared, sbt_shared, 0.002);
  const double rr_small = accepted(small, "rr_small");
  const double sbt_small = accepted(sbt + small, "sbt_small");
  const double dt_small = accepted(dtable + small, "dt_small");
  EXPECT_LT(rr_small, rr_shared - 0.02) << "VLs of one largest packet lose throughput";
  EXPECT_GT(dt_small, rr_small + 0.01) << "and the DTable loses less than round robin";
  EXPECT_GT(dt_small, sbt_small + 0.01) << "and than SBT";
}

}  // namespace

namespace {

// Each SL's average end-to-end latency (cycles) of a run.
std::vector<double> sl_latency(const nlohmann::json& d) {
  std::vector<double> r;
  for (const auto& s : d.at("per_sl")) r.push_back(s.at("latency_avg").get<double>());
  return r;
}

// The 4-ary 2-tree at 1 flit/cycle/NIC with router.vl_max=16 (VLs of one BE/BK packet, the
// saturating buffers of the previous test; 2,000 + 4,000 cycles, seed 1): round robin accepts
// 0.9376, the DTable 0.9641. Each run once per process ("rr" or "dtable"), 0.1 s each.
const nlohmann::json& saturated_tree(const std::string& sched) {
  static std::map<std::string, nlohmann::json> runs;
  auto it = runs.find(sched);
  if (it == runs.end()) {
    std::string keys = "--set sim.warmup=2000 --set sim.measure=4000 --set router.vl_max=16";
    if (sched == "dtable")
      keys += " --set router.output_scheduler=dtable --set qos.table=" +
              std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos/table4_9_dtable.json";
    it = runs.emplace(sched, run_json(kCh4Tree + keys, "saturated_" + sched)).first;
  }
  return it->second;
}

// Thesis 003 Sec. 4.4.2 (Figs. 4.3e-f, 4.4e-f): "the SL VO must have the lowest latency, the SL
// VI must have latency higher than the SL VO and so on", the order of Table 4.8's entry distances
// (VO 2, VI 4, CL 8, BE and BK 16), clearest "after the network gets saturated". On the
// saturated tree above the DTable keeps that order, VO < VI < CL < BE, BK, with seeds 1-3: VO /
// VI / CL / BE / BK 152 / 163 / 249 / 668 / 622, 165 / 182 / 233 / 759 / 632, 146 / 165 / 282 /
// 477 / 540 cycles (docs/validation.md, "Ch. 4 and Ch. 5 DTable latency orders"). Round robin
// on the same tree does not (seed 1: 109 / 381 / 365 / 96 / 90: VI above CL, BE and BK below
// VO): the order is the table's, not the packets' sizes'. With the file's buffers VO, VI and CL
// are within a few cycles of each other (157 / 154 / 160), hence the saturating buffers.
TEST(QosSwitchShares, Ch4DTableLatencyFollowsTheEntryDistancesAtSaturation) {
  const std::vector<double> dt = sl_latency(saturated_tree("dtable"));
  const std::vector<double> rr = sl_latency(saturated_tree("rr"));
  ASSERT_EQ(dt.size(), 5u);
  ASSERT_EQ(rr.size(), 5u);
  EXPECT_LT(dt[0], dt[1]) << "VO (distance 2) below VI (4)";
  EXPECT_LT(dt[1], dt[2]) << "VI (4) below CL (8)";
  EXPECT_LT(dt[2], dt[3]) << "CL (8) below BE (16)";
  EXPECT_LT(dt[2], dt[4]) << "CL (8) below BK (16)";
  EXPECT_GT(rr[1], rr[2]) << "round robin: VI above CL";
  EXPECT_LT(rr[3], rr[0]) << "round robin: BE below VO";
}

// Why round robin stays within the thesis's +-2% at these saturations (Sec. 4.4.2's normalised
// throughput is a share of the accepted load): its equal packet turns give VO, BE and BK, whose
// demand is below a turn's share, their whole offered load, so the shortfall 1 - A falls on VI
// and CL alone, and VO's normalised share is 0.1 / A, above 0.12 only for A < 0.833 (BE's and
// BK's 0.05 / A above 0.07 only for A < 0.714). At A = 0.9376 (seed 1) the shortfall moves VI and
// CL by 1.1 and 0.1 points of the accepted load, VO by 0.6: within, while VI and CL are 2.9 and
// 3.2 points of the offered load short (0.2706, 0.4680). Seeds 2 and 3 keep every assertion (A =
// 0.9501, 0.9242; VI 2.1 and 3.7 points short) (docs/validation.md, "Output schedulers on the
// switches"). The saturated round-robin run of the previous test, 0.2 s alone.
TEST(QosSwitchShares, RoundRobinAtSaturationServesTheSmallDemandsWholeAndShortsViAndCl) {
  const std::vector<double> target = {0.1, 0.3, 0.5, 0.05, 0.05};
  const nlohmann::json& rr = saturated_tree("rr");
  const double a = rr.at("accepted_load").get<double>();
  ASSERT_LT(a, 0.95) << "the tree saturates below the offered 1.0";
  for (int s : {0, 3, 4}) {
    const auto& sl = rr.at("per_sl").at(s);
    EXPECT_NEAR(sl.at("accepted_load").get<double>(), target[s], 0.001) << "SL " << s;
    EXPECT_NEAR(sl.at("normalized_throughput").get<double>(), target[s] / a, 0.001) << "SL " << s;
  }
  for (int s : {1, 2})
    EXPECT_LT(rr.at("per_sl").at(s).at("accepted_load").get<double>(), target[s] - 0.02)
        << "SL " << s << ": more than 2 points of the offered load short";
  for (size_t s = 0; s < target.size(); ++s)
    EXPECT_NEAR(rr.at("per_sl").at(s).at("normalized_throughput").get<double>(), target[s], 0.02)
        << "SL " << s << ": within 2 points of the accepted load";
}

// Thesis 003 Sec. 5.5.3 (Table 5.4): the maximum latencies "in ascending order are: NC, VO, VI,
// CL and best-effort SL" (distances 2, 4, 8, 16, 32, 64, 64), and Sec. 5.6: only BK (the smallest
// weight, 17 of 1,073 credits, for 0.1535 of the load) "piles up". On the 4-ary 3-tree of OPA
// switches with Table 5.4's DTable at its last point (0.9935 flits/cycle/NIC; 1,000 + 2,000
// cycles) the DTable gives three tiers in that order, with seeds 1-3: NC and VO (packets of 3 and
// 2 flits, distances 2 and 4) 161-170 cycles, VI and CL (32 flits, distances 8 and 16) 201-233,
// EE / BE / BK (distances 32, 64, 64) 585-964 with BK the highest (898, 914, 964); under round
// robin every real-time SL is slower (259-343) and BK faster (599, 661, 673). Not asserted,
// because they do not hold with margin here: NC below VO (NC's 3-flit packets against VO's 2:
// 169 / 169, 168 / 170, 167 / 161) and VI below CL (212 / 233, 218 / 218, 201 / 217)
// (docs/validation.md, "Ch. 4 and Ch. 5 DTable latency orders"). Two runs, 0.5-0.8 s.
TEST(QosSwitchShares, Ch5DTableLatencyTiersFollowTable54sDistances) {
  const std::string ch5 =
      std::string(NETCOSIM_SOURCE_DIR) +
      "/configs/qos-ch5-opa-fattree-4-3.ini --set sim.warmup=1000 --set sim.measure=2000 "
      "--set traffic.load=0.9935 --set qos.inject_share=0.0100654253,0.0161046804,0.2315047811,"
      "0.2818319074,0.1534977353,0.1534977353,0.1534977353 ";
  const std::vector<double> dt = sl_latency(
      run_json(ch5 + "--set router.output_scheduler=dtable --set qos.table=" + NETCOSIM_SOURCE_DIR +
                   "/configs/qos/table5_4_dtable.json",
               "ch5_dt"));
  const std::vector<double> rr = sl_latency(run_json(ch5, "ch5_rr"));
  ASSERT_EQ(dt.size(), 7u);
  ASSERT_EQ(rr.size(), 7u);
  enum { NC, VO, VI, CL, EE, BE, BK };
  for (int hi : {VI, CL})
    for (int lo : {NC, VO}) EXPECT_LT(dt[lo], dt[hi]) << "SL " << lo << " below SL " << hi;
  for (int hi : {EE, BE, BK})
    for (int lo : {VI, CL}) EXPECT_LT(dt[lo], dt[hi]) << "SL " << lo << " below SL " << hi;
  EXPECT_GT(dt[BK], dt[EE]) << "BK, the smallest weight, piles up";
  EXPECT_GT(dt[BK], dt[BE]);
  for (int s : {NC, VO, VI, CL}) EXPECT_LT(dt[s], rr[s]) << "SL " << s << " faster than under RR";
  EXPECT_GT(dt[BK], rr[BK]) << "and BK slower than under RR: the table, not the load, holds it";
}

}  // namespace

namespace {

// configs/qos-ch5-fig-fattree-4-3.ini draws docs/figures/qos/ch5/ (docs/validation.md, "Per-SL
// figures of Ch. 4 and Ch. 5"): the two shipped Ch. 5 4-ary 3-tree files as the curves of one
// sweep. Each curve's point must be the run of its file with the figure's mix and DTable, the
// same accepted load and per-SL latencies to the last digit (runs are deterministic), so the figure
// does not drift from the files. Run from the source directory (the files' qos.table paths are
// relative to it); 400 + 800 cycles at 0.7, four runs of 64 nodes, about 0.5 s.
TEST(QosSwitchShares, Ch5FigureCurvesAreTheShippedIbAndOpaFiles) {
  const std::string src = NETCOSIM_SOURCE_DIR;
  const std::string out = testing::TempDir() + "qos_ch5_fig";
  const std::string window = "sim.warmup=400";
  netcosim::util::ProcessOptions in_src;
  in_src.cwd = src;
  const auto sw = netcosim::test::run_netcosim(
      {"sweep", "configs/qos-ch5-fig-fattree-4-3.ini", "--loads", "0.7:0.7:0.1", "--jobs", "1",
       "--set", window, "--set", "sim.measure=800", "--out", out},
      in_src);
  ASSERT_EQ(sw.status, 0) << sw.output;
  std::map<std::string, nlohmann::json> point;
  std::istringstream lines(netcosim::test::read_file(out + "/points.jsonl"));
  for (std::string line; std::getline(lines, line);) {
    const nlohmann::json p = nlohmann::json::parse(line);
    point[p.at("curve").get<std::string>()] = p;
  }
  ASSERT_EQ(point.size(), 2u);
  const std::string mix =
      "0.0100654253,0.0161046804,0.2315047811,0.2818319074,0.1534977353,0.1534977353,0.1534977353";
  for (const auto& [curve, file, table] :
       {std::tuple<std::string, std::string, std::string>{"IB", "ib", "table5_4_dtable_ib"},
        {"OPA", "opa", "table5_4_dtable"}}) {
    const std::string json = testing::TempDir() + "qos_ch5_fig_" + file + ".json";
    const auto r = netcosim::test::run_netcosim(
        {"run", "configs/qos-ch5-" + file + "-fattree-4-3.ini", "--set", "traffic.load=0.7",
         "--set", "qos.inject_share=" + mix, "--set", "router.output_scheduler=dtable", "--set",
         "qos.table=configs/qos/" + table + ".json", "--set", window, "--set", "sim.measure=800",
         "--quiet", "--json", json},
        in_src);
    ASSERT_EQ(r.status, 0) << r.output;
    const nlohmann::json d = nlohmann::json::parse(netcosim::test::read_file(json));
    const nlohmann::json& p = point.at(curve);
    EXPECT_EQ(d.at("accepted_load"), p.at("accepted_load")) << curve;
    ASSERT_EQ(d.at("per_sl").size(), 7u);
    for (size_t s = 0; s < 7; ++s)
      EXPECT_EQ(d.at("per_sl").at(s).at("latency_avg"), p.at("per_sl").at(s).at("latency_avg"))
          << curve << " SL " << s;
  }
}

}  // namespace

namespace {

// Table 4.7's mix with every message to one node: each SL's pattern is paper 004's hot spot
// (Table 1, "Hot-spot: X% uniform, (1-X)% send to node 0"; its "endpoint congestion ... in the
// access to storage nodes") at traffic.hotspot_fraction=1, so the 16 NICs offer 16 flits/cycle
// to node 0's ejection link, which carries 1: that switch output is oversubscribed 16 times and
// its scheduler alone decides the SLs' split (docs/validation.md, "Per-SL shares at an
// oversubscribed ejection link"). Per-SL source queues (qos.nic_queues=per_sl, the thesis's NIC:
// with one FIFO each NIC injects its SLs in the proportions generated, and once the tree's
// buffers have absorbed the difference the hot link's split drifts to them: round robin after
// 20,000 cycles gives 0.133 / 0.267 / 0.531 / 0.031 / 0.039) and one VL per SC (with Table 4.6's
// VL6/VL7 shared by BE and BK on the tree links one waits behind the other's head: round robin's
// BE / BK 0.313 / 0.367 at seed 2, where its turns give 0.348 each). Each SL's
// demand there, 16 x its share, exceeds whatever any of the three schedulers gives it, so every
// SL is backlogged and the split is the scheduler's alone:
//   DTable (Table 4.9's table, 4,160 credits: VO 416, VI 1,248, CL 2,080, BE 208, BK 208): phi;
//   round robin per SL: one packet per SL per turn, L_s / sum L = 2, 4, 8, 16, 16 flits of 46;
//   SBT (weights 10, 30, 50, 5, 5 packets): w_s L_s / sum w L = 20, 120, 400, 80, 80 of 700.
// Each schedule is periodic while every SL is backlogged: the DTable's one pass of the table
// (4,160 cycles), round robin's turn (46), SBT's five rounds of 700 (the walk restarts at the
// SL that emptied the table, so each round starts one SL later). A window of whole periods holds
// each SL's exact share; the window's ends can move at most one packet per SL in or out, so the
// tolerance is 2 x 16 flits / W (0.0077 for the DTable's 4,160, 0.0046 for SBT's 7,000). The
// same shares to four digits with seeds 1-3 and warm-ups of 1,000-3,000 cycles. Three runs of
// 16 nodes, about 0.1 s each.
std::vector<double> hot_spot_shares(const std::string& sched, int window, const std::string& tag) {
  const nlohmann::json d =
      run_json(kCh4Tree +
                   "--set qos.pattern=hotspot,hotspot,hotspot,hotspot,hotspot "
                   "--set traffic.hotspot_fraction=1 --set qos.nic_queues=per_sl "
                   "--set qos.sc2vl=0,1,2,3,4,5,6,7,8,9 --set sim.warmup=1000 --set sim.measure=" +
                   std::to_string(window) + " " + sched,
               "hot_" + tag);
  // All 16 nodes' delivered flits are node 0's: its ejection link busy every cycle.
  EXPECT_NEAR(d.at("accepted_load").get<double>() * 16, 1.0, 32.0 / window) << tag;
  std::vector<double> r;
  for (const auto& s : d.at("per_sl")) r.push_back(s.at("normalized_throughput").get<double>());
  EXPECT_EQ(r.size(), 5u);
  return r;
}

const std::vector<double> kMtuFlits = {2, 4, 8, 16, 16};       // 128-1024 B at 64-B flits
const std::vector<double> kPhi = {0.1, 0.3, 0.5, 0.05, 0.05};  // Table 4.9

// Shares proportional to the weights w_s (a scheduler's flits per period).
std::vector<double> proportional(const std::vector<double>& w) {
  double sum = 0;
  for (double x : w) sum += x;
  std::vector<double> r;
  for (double x : w) r.push_back(x / sum);
  return r;
}

TEST(QosSwitchShares, HotSpotDTableGivesPhiAtTheOversubscribedEjectionLink) {
  const int window = 4160;  // one pass of Table 4.9's table
  const std::vector<double> dt = hot_spot_shares(
      "--set router.output_scheduler=dtable --set qos.table=" + std::string(NETCOSIM_SOURCE_DIR) +
          "/configs/qos/table4_9_dtable.json",
      window, "dtable");
  ASSERT_EQ(dt.size(), 5u);
  for (size_t s = 0; s < 5; ++s) EXPECT_NEAR(dt[s], kPhi[s], 32.0 / window) << "SL " << s;
}

TEST(QosSwitchShares, HotSpotRoundRobinGivesEqualPacketTurnsNotPhi) {
  const int window = 4140;  // 90 turns of 46 flits
  const std::vector<double> rr = hot_spot_shares("", window, "rr");
  ASSERT_EQ(rr.size(), 5u);
  const std::vector<double> turns = proportional(kMtuFlits);
  double miss = 0;
  for (size_t s = 0; s < 5; ++s) {
    EXPECT_NEAR(rr[s], turns[s], 32.0 / window) << "SL " << s;
    miss = std::max(miss, std::fabs(rr[s] - kPhi[s]));
  }
  EXPECT_GT(miss, 0.02) << "round robin misses Table 4.9's targets by more than 2 points";
  EXPECT_GT(rr[3], kPhi[3] + 0.25) << "BE's 16-flit packets take 16 of every 46 flits";
}

TEST(QosSwitchShares, HotSpotSbtGivesItsWeightsInPackets) {
  const int window = 7000;  // two periods of five rounds of 700 flits
  const std::vector<double> sbt = hot_spot_shares(
      "--set router.output_scheduler=sbt --set qos.sbt_weights=10,30,50,5,5", window, "sbt");
  ASSERT_EQ(sbt.size(), 5u);
  const std::vector<double> w = {10, 30, 50, 5, 5};
  std::vector<double> flits;
  for (size_t s = 0; s < 5; ++s) flits.push_back(w[s] * kMtuFlits[s]);
  const std::vector<double> expect = proportional(flits);
  for (size_t s = 0; s < 5; ++s) EXPECT_NEAR(sbt[s], expect[s], 32.0 / window) << "SL " << s;
}

}  // namespace
