// The offline IB VL arbiter analysis (sim/qos/ib_analysis.h): thesis 003 Sec. 6.3 Algorithm 4
// with its two corrections, Table 6.1's configurations (Sec. 6.5.1: SL3 gets 8.57% under
// configuration A), the distances of Eq. 6.2 on hand cases, the table file format.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "sim/qos/ib_analysis.h"

namespace netcosim::qos {
namespace {

// Table 6.1: SL i on VL i; SL0 32 entries (every other one), SL1 and SL2 16 each (1 and 3 mod 4)
// of the 64 high-priority entries; SL3 one low-priority entry. Configuration A: weights 8-9 (264),
// 9-10 (158), 6-7 (106), SL3 6; B: 22 (704), 27 (432), 18 (288), SL3 2. The larger weights of A
// are on the last entries of each SL (the correction's order, Sec. 4.3.3.3).
IbAnalysisRequest table_6_1(bool a) {
  IbAnalysisRequest r;
  uint32_t c[3] = {};
  for (uint32_t e = 0; e < 64; ++e) {
    const uint32_t vl = e % 2 == 0 ? 0 : e % 4 == 1 ? 1 : 2;
    const uint32_t k = c[vl]++;
    uint32_t w;
    if (a) {
      w = vl == 0 ? (k < 24 ? 8 : 9) : vl == 1 ? (k < 2 ? 9 : 10) : (k < 6 ? 6 : 7);
    } else {
      w = vl == 0 ? 22 : vl == 1 ? 27 : 18;
    }
    r.high.push_back({vl, w});
  }
  r.low.push_back({3, a ? 6u : 2u});
  r.limit = 1;
  r.runs = 300;
  r.packet_bytes = 64;
  return r;
}

// Configuration A: 300 runs of 528 high-priority units (64-B packets) are 158,400 packets; the
// low-priority entry sends its 6 before every 64 x m + 1st of them (4096 bytes each time): m = 1
// .. 2474, so SL3 sends 14,844 packets: 14844 / 173244 = 8.57% (the thesis's tool: 8.57%, the
// switch 9%); in steady state 6 / (64 + 6).
TEST(IbAnalysis, Table61ConfigurationAGivesSl3EightPointFiftySevenPercent) {
  const auto r = table_6_1(true);
  uint64_t hw[3] = {};
  for (const auto& e : r.high) hw[e.vl] += e.weight;
  EXPECT_EQ(hw[0], 264u);
  EXPECT_EQ(hw[1], 158u);
  EXPECT_EQ(hw[2], 106u);
  const auto a = analyse_ib(r);
  ASSERT_EQ(a.vls.size(), 4u);
  const uint64_t packets[] = {300 * 264, 300 * 158, 300 * 106, 2474 * 6};
  for (int v = 0; v < 4; ++v) EXPECT_EQ(a.vls[v].packets, packets[v]) << v;
  EXPECT_EQ(a.packets, 173244u);
  EXPECT_EQ(a.low_turns, 2474u);
  EXPECT_DOUBLE_EQ(a.vls[3].share, 14844.0 / 173244);
  char pct[16];
  std::snprintf(pct, sizeof pct, "%.2f", 100 * a.vls[3].share);
  EXPECT_STREQ(pct, "8.57");
  EXPECT_NEAR(a.vls[3].share, 6.0 / 70, 5e-5);
  const std::string text = ib_analysis_text(a);
  EXPECT_NE(text.find("    8.57%"), std::string::npos) << text;
}

// Configuration B: 300 x 1424 = 427,200 high-priority packets, 6674 low-priority turns of 2:
// 47.94 / 29.42 / 19.61 / 3.03%.
TEST(IbAnalysis, Table61ConfigurationB) {
  const auto a = analyse_ib(table_6_1(false));
  const uint64_t packets[] = {300 * 704, 300 * 432, 300 * 288, 6674 * 2};
  const char* pct[] = {"47.94", "29.42", "19.61", "3.03"};
  for (int v = 0; v < 4; ++v) {
    EXPECT_EQ(a.vls[v].packets, packets[v]) << v;
    char b[16];
    std::snprintf(b, sizeof b, "%.2f", 100 * a.vls[v].share);
    EXPECT_STREQ(b, pct[v]) << v;
  }
}

// Limit 0: the low-priority entry goes before every high-priority packet (the counter starts at 0
// and 0 >= 0); 255: never.
TEST(IbAnalysis, LimitZeroAndNoLimit) {
  IbAnalysisRequest r;
  r.high = {{0, 3}};
  r.low = {{1, 2}};
  r.runs = 10;
  r.limit = 0;
  auto a = analyse_ib(r);
  EXPECT_EQ(a.vls[0].packets, 30u);
  EXPECT_EQ(a.vls[1].packets, 60u);  // 2 before each of the 30
  r.limit = 255;
  a = analyse_ib(r);
  EXPECT_EQ(a.vls[1].packets, 0u);
  EXPECT_EQ(a.vls[1].times_selected, 0u);
  EXPECT_DOUBLE_EQ(a.vls[0].share, 1.0);
}

// Weights are 64-B units rounded up to whole packets: with 4096-B packets every entry of weight
// 1..64 sends one packet, and the 4096-B limit is reached after each.
TEST(IbAnalysis, WeightsRoundUpToWholePackets) {
  IbAnalysisRequest r;
  r.high = {{0, 8}, {1, 65}, {2, 0}};
  r.low = {{3, 1}};
  r.runs = 2;
  r.packet_bytes = 4096;
  const auto a = analyse_ib(r);
  EXPECT_EQ(a.vls[0].packets, 2u);  // 1 per run
  EXPECT_EQ(a.vls[1].packets, 4u);  // ceil(65 x 64 / 4096) = 2 per run
  EXPECT_EQ(a.vls[2].packets, 0u);  // weight 0: never selected
  EXPECT_EQ(a.vls[2].times_selected, 0u);
  EXPECT_EQ(a.vls[3].packets, 5u);  // before every high-priority packet but the first
}

// Eq. 6.2's distance: VL0 on entries 0 and 2 of a 4-entry table, VL1 on 1, VL2 on 3, no low
// table, 10 runs: 40 selections; VL0 is selected 20 times at distances 2 (19 pairs): 38 / 20;
// VL1 10 times at distance 4: 36 / 10.
TEST(IbAnalysis, DistanceIsAccumulatedOverTimesSelected) {
  IbAnalysisRequest r;
  r.high = {{0, 1}, {1, 1}, {0, 1}, {2, 1}};
  r.runs = 10;
  const auto a = analyse_ib(r);
  EXPECT_EQ(a.selections, 40u);
  EXPECT_EQ(a.vls[0].times_selected, 20u);
  EXPECT_EQ(a.vls[0].accum_distance, 38u);
  EXPECT_DOUBLE_EQ(a.vls[0].distance, 1.9);
  EXPECT_EQ(a.vls[0].max_distance, 2u);
  EXPECT_DOUBLE_EQ(a.vls[1].distance, 3.6);
  EXPECT_EQ(a.vls[1].max_distance, 4u);
  // A low-priority turn every 4096 B adds one selection between two high-priority ones: with
  // 64-unit entries the turn comes before every entry but the first, distances grow to 8.
  r.high = {{0, 64}, {1, 64}, {0, 64}, {2, 64}};
  r.low = {{3, 1}};
  const auto b = analyse_ib(r);
  EXPECT_EQ(b.low_turns, 39u);
  EXPECT_EQ(b.vls[1].max_distance, 8u);
  EXPECT_EQ(b.vls[3].max_distance, 2u);
}

TEST(IbAnalysis, TableFilesAndBadInput) {
  const auto t = parse_ib_table_csv("# VL,weight\n0,8\n 1 , 9 \r\n\n2,6 # SL2\n", "hp.csv");
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[1].vl, 1u);
  EXPECT_EQ(t[1].weight, 9u);
  EXPECT_EQ(ib_table_csv(t), "0,8\n1,9\n2,6\n");
  auto err = [](const std::string& text) {
    try {
      parse_ib_table_csv(text, "t.csv");
    } catch (const QosError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  EXPECT_EQ(err("0,8\n3,256\n"),
            "t.csv:2: weight 256 exceeds 255, the 8-bit weight of an IB table entry");
  EXPECT_EQ(err("15,1\n"), "t.csv:1: VL 15 exceeds 14 (VL15 is the management lane)");
  EXPECT_EQ(err("a,b\n"), "t.csv:1: 'a,b': expected VL,weight (two non-negative integers)");
  EXPECT_EQ(err("1,2,3\n"), "t.csv:1: '1,2,3': expected VL,weight");
  std::string many;
  for (int k = 0; k < 65; ++k) many += "0,1\n";
  EXPECT_EQ(err(many), "t.csv:65: more than 64 entries (an IB arbitration table has at most 64)");
  IbAnalysisRequest r;
  r.high = {{0, 1}};
  r.packet_bytes = 100;
  try {
    analyse_ib(r);
    FAIL();
  } catch (const QosError& e) {
    EXPECT_STREQ(e.what(),
                 "--packet-size 100: a multiple of 64 bytes from 64 to 4096 (the IB MTU)");
  }
}

}  // namespace
}  // namespace netcosim::qos
