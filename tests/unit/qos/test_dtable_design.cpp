// The DTable configuration tools (sim/qos/dtable_design.h) against thesis 003's tables, checked
// number by number against the thesis text: Table 4.4 (Sec. 4.3.3.3), Table 4.5, Tables 4.8/4.9
// (Sec. 4.4.2.2), Table 5.4 (Sec. 5.5.3) and the backtracking of Sec. 5.5.3; bad input names the
// SL and the bound.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sim/qos/dtable_design.h"

namespace netcosim::qos {
namespace {

Decimal dec(const std::string& s) {
  Decimal d;
  EXPECT_TRUE(parse_decimal(s, d)) << s;
  return d;
}

SlRequest sl(const std::string& name, uint32_t distance, uint32_t mtu, const std::string& phi) {
  return SlRequest{name, distance, mtu, dec(phi)};
}

DTableRequest request(uint32_t n, uint32_t gmtu, const char* w, const char* k,
                      std::vector<SlRequest> sls) {
  DTableRequest r;
  r.entries = n;
  r.gmtu = gmtu;
  if (w != nullptr) r.w = dec(w);
  if (k != nullptr) r.k = dec(k);
  r.sls = std::move(sls);
  return r;
}

// Table 4.8/4.9: N = 128, GMTU = 16 credits (1 KB), w = 8, k = 2; distances 2/4/8/16/16, MTUs
// 128/256/512/1024/1024 B = 2/4/8/16/16 credits, shares 0.1/0.3/0.5/0.05/0.05.
DTableRequest table_4_9() {
  return request(128, 16, "8", "2",
                 {sl("VO", 2, 2, "0.1"), sl("VI", 4, 4, "0.3"), sl("CL", 8, 8, "0.5"),
                  sl("BE", 16, 16, "0.05"), sl("BK", 16, 16, "0.05")});
}

// Table 5.4: N = 64, GMTU = 32 packets of 64 B, w = 3, k = 0.5; MTUs in 64-B packets.
std::vector<SlRequest> table_5_4_sls() {
  return {sl("NC", 2, 3, "0.094"),  sl("VO", 4, 2, "0.164"),  sl("VI", 8, 32, "0.3"),
          sl("CL", 16, 32, "0.35"), sl("EE", 32, 16, "0.04"), sl("BE", 64, 16, "0.036"),
          sl("BK", 64, 16, "0.016")};
}

std::vector<uint32_t> weights_of(const DTableDesign& d, uint32_t s) {
  std::vector<uint32_t> w;
  for (const auto& e : d.table)
    if (e.sl == s && e.weight != 0) w.push_back(e.weight);
  return w;
}

// Table 4.4: N = 128, GMTU = 3, w = 4, k = 3: pool 1152, M 12. Entry weights 7/12/12, sums
// 448/384/384 (1216); R phi = 448/1216, 384/1216; Dweight -43, +21, +21; Fweight 405 each (1215),
// F phi = 1/3.
TEST(DTableDesign, Table44ReproducedExactly) {
  const auto d = design_dtable(
      request(128, 3, "4", "3",
              {sl("0", 2, 1, "0.33334"), sl("1", 4, 2, "0.33333"), sl("2", 4, 3, "0.33333")}));
  EXPECT_EQ(d.pool, 1152);
  EXPECT_EQ(d.max_weight, 12);
  const uint32_t n[] = {64, 32, 32}, ew[] = {7, 12, 12};
  const uint64_t before[] = {448, 384, 384};
  const int64_t dw[] = {-43, 21, 21};
  const double min_phi[] = {64.0 / 1152, 64.0 / 1152, 96.0 / 1152};  // 0.05556 0.05556 0.08333
  const double max_phi[] = {64.0 * 4 / (128 * 3), 32.0 * 4 / (128 * 3), 32.0 * 4 / (128 * 3)};
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(d.sl[i].entries, n[i]) << i;
    EXPECT_EQ(d.sl[i].entry_weight, ew[i]) << i;
    EXPECT_EQ(d.sl[i].total_before, before[i]) << i;
    EXPECT_DOUBLE_EQ(d.sl[i].r_phi, before[i] / 1216.0) << i;
    EXPECT_EQ(d.sl[i].dweight, dw[i]) << i;
    EXPECT_EQ(d.sl[i].total_after, 405u) << i;
    EXPECT_DOUBLE_EQ(d.sl[i].f_phi, 1.0 / 3) << i;
    EXPECT_DOUBLE_EQ(d.sl[i].min_phi, min_phi[i]) << i;
    EXPECT_DOUBLE_EQ(d.sl[i].max_phi, max_phi[i]) << i;
  }
  EXPECT_EQ(d.total_before, 1216u);
  EXPECT_EQ(d.total_after, 1215u);
  // SL0: 43 of its 64 entries of 7 lose one, from the end: the first 21 stay at 7.
  const auto w0 = weights_of(d, 0);
  for (size_t e = 0; e < w0.size(); ++e) EXPECT_EQ(w0[e], e < 21 ? 7u : 6u) << e;
  // SL1 and SL2: 21 of 32 entries of 12 gain one, from the end.
  for (uint32_t s : {1u, 2u}) {
    const auto w = weights_of(d, s);
    for (size_t e = 0; e < w.size(); ++e) EXPECT_EQ(w[e], e < 11 ? 12u : 13u) << s << " " << e;
  }
}

// Table 4.5: Dweight (-3, +1, +2) on the 8-entry table: SL0 loses one at entries 6, 4, 2, SL1
// gains one at entry 5, SL2 at entries 7 and 3.
TEST(DTableDesign, Table45SpreadFromTheEndOfTheTable) {
  std::vector<TableEntry> t = {{0, 4}, {1, 2}, {0, 4}, {2, 3}, {0, 4}, {1, 2}, {0, 4}, {2, 3}};
  spread_correction(t, {-3, 1, 2}, {1, 1, 1}, 0, {"0", "1", "2"});
  const std::vector<TableEntry> after = {{0, 4}, {1, 2}, {0, 3}, {2, 4},
                                         {0, 3}, {1, 3}, {0, 3}, {2, 4}};
  ASSERT_EQ(t.size(), after.size());
  for (size_t e = 0; e < t.size(); ++e) {
    EXPECT_EQ(t[e].sl, after[e].sl) << e;
    EXPECT_EQ(t[e].weight, after[e].weight) << e;
  }
}

// Round robin over the SL's entries: a Dweight larger than its entry count wraps back to the end.
TEST(DTableDesign, SpreadWrapsAndStopsAtTheMtu) {
  std::vector<TableEntry> t = {{0, 5}, {0, 5}, {1, 2}};
  spread_correction(t, {-3, 0}, {3, 1}, 0, {"A", "B"});
  EXPECT_EQ(t[0].weight, 4u);
  EXPECT_EQ(t[1].weight, 3u);
  // Two more would take entry 1 below the MTU of 3; entry 0 gives one, then nothing is left.
  try {
    spread_correction(t, {-3, 0}, {3, 1}, 0, {"A", "B"});
    FAIL() << "no error";
  } catch (const QosError& e) {
    EXPECT_NE(std::string(e.what()).find("SL A: Dweight -3 cannot be spread: its entries would go "
                                         "below its MTU (3 credits)"),
              std::string::npos)
        << e.what();
  }
}

// Table 4.9: pool 4096; entry weights ceil(409.6/64) = 7, ceil(1228.8/32) = 39, 2048/16 = 128,
// ceil(204.8/8) = 26 (twice); total 4160; R phi VO 0.1077, CL 0.4923; Dweight VO -32 (32 entries
// of 7 then 32 of 6: 416), CL +32 (16 x 130 = 2080); shares exactly 0.1/0.3/0.5/0.05/0.05.
TEST(DTableDesign, Table49ReproducedExactly) {
  const auto d = design_dtable(table_4_9());
  EXPECT_EQ(d.pool, 4096);
  EXPECT_EQ(d.max_weight, 128);
  const uint32_t ew[] = {7, 39, 128, 26, 26};
  const int64_t dw[] = {-32, 0, 32, 0, 0};
  const uint64_t tw[] = {416, 1248, 2080, 208, 208};
  const double phi[] = {0.1, 0.3, 0.5, 0.05, 0.05};
  const double max_phi[] = {2, 1, 0.5, 0.25, 0.25};
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(d.sl[i].entry_weight, ew[i]) << i;
    EXPECT_EQ(d.sl[i].dweight, dw[i]) << i;
    EXPECT_EQ(d.sl[i].total_after, tw[i]) << i;
    EXPECT_DOUBLE_EQ(d.sl[i].f_phi, phi[i]) << i;
    EXPECT_DOUBLE_EQ(d.sl[i].min_phi, 0.03125) << i;
    EXPECT_DOUBLE_EQ(d.sl[i].max_phi, max_phi[i]) << i;
  }
  EXPECT_NEAR(d.sl[0].r_phi, 0.1077, 5e-5);
  EXPECT_NEAR(d.sl[2].r_phi, 0.4923, 5e-5);
  EXPECT_EQ(d.total_before, 4160u);
  EXPECT_EQ(d.total_after, 4160u);
  const auto vo = weights_of(d, 0);
  ASSERT_EQ(vo.size(), 64u);
  for (size_t e = 0; e < 64; ++e) EXPECT_EQ(vo[e], e < 32 ? 7u : 6u) << e;
  for (uint32_t w : weights_of(d, 2)) EXPECT_EQ(w, 130u);
  // The layout of the distances: VO on even entries, VI on 1 mod 4, CL on 3 mod 8, BE on 7 mod
  // 16, BK on 15 mod 16.
  for (uint32_t e = 0; e < 128; ++e) {
    const uint32_t s = e % 2 == 0 ? 0 : e % 4 == 1 ? 1 : e % 8 == 3 ? 2 : e % 16 == 7 ? 3 : 4;
    EXPECT_EQ(d.table[e].sl, s) << e;
  }
  // CL's 130 is above M = GMTU x w = 128, as in the thesis's own table: a note, not an error.
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0], "SL CL: entry weight 130 exceeds M = GMTU x w = 128");
}

// Table 5.4: pool 1024; weights NC 4 x 32 = 128, VO 11 x 16 = 176, VI 39 x 8 = 312, CL 90 x 4 =
// 360, EE 21 x 2 = 42, BE 37, BK 17 (1072); Dweight -27, 0, +10, +15, +1, +2, 0; final 101 /
// 176 / 322 / 375 / 43 / 39 / 17 (1073): NC 5 x 4 + 27 x 3, VI 6 x 40 + 2 x 41, CL 93 + 3 x 94,
// EE 21 + 22.
TEST(DTableDesign, Table54ReproducedExactly) {
  const auto d = design_dtable(request(64, 32, "3", "0.5", table_5_4_sls()));
  EXPECT_EQ(d.pool, 1024);
  EXPECT_EQ(d.max_weight, 96);
  const uint32_t ew[] = {4, 11, 39, 90, 21, 37, 17};
  const uint64_t before[] = {128, 176, 312, 360, 42, 37, 17};
  const int64_t dw[] = {-27, 0, 10, 15, 1, 2, 0};
  const uint64_t tw[] = {101, 176, 322, 375, 43, 39, 17};
  const uint32_t lo[] = {3, 11, 40, 93, 21, 39, 17}, hi[] = {4, 11, 41, 94, 22, 39, 17};
  // min phi and max phi from the formulas (the thesis prints VO's as 0.047 and BK's as 0.008 /
  // 0.047; docs/model.md "QoS configuration").
  const double min_phi[] = {0.09375, 0.03125, 0.25, 0.125, 0.03125, 0.015625, 0.015625};
  const double max_phi[] = {3, 1.5, 0.75, 0.375, 0.1875, 0.09375, 0.09375};
  for (int i = 0; i < 7; ++i) {
    EXPECT_EQ(d.sl[i].entry_weight, ew[i]) << i;
    EXPECT_EQ(d.sl[i].total_before, before[i]) << i;
    EXPECT_EQ(d.sl[i].dweight, dw[i]) << i;
    EXPECT_EQ(d.sl[i].total_after, tw[i]) << i;
    EXPECT_EQ(d.sl[i].min_entry, lo[i]) << i;
    EXPECT_EQ(d.sl[i].max_entry, hi[i]) << i;
    EXPECT_DOUBLE_EQ(d.sl[i].f_phi, tw[i] / 1073.0) << i;
    EXPECT_DOUBLE_EQ(d.sl[i].min_phi, min_phi[i]) << i;
    EXPECT_DOUBLE_EQ(d.sl[i].max_phi, max_phi[i]) << i;
  }
  EXPECT_EQ(d.total_before, 1072u);
  EXPECT_EQ(d.total_after, 1073u);
  const auto nc = weights_of(d, 0);
  ASSERT_EQ(nc.size(), 32u);
  for (size_t e = 0; e < 32; ++e) EXPECT_EQ(nc[e], e < 5 ? 4u : 3u) << e;
  EXPECT_EQ(weights_of(d, 2), (std::vector<uint32_t>{40, 40, 40, 40, 40, 40, 41, 41}));
  EXPECT_EQ(weights_of(d, 3), (std::vector<uint32_t>{93, 94, 94, 94}));
  EXPECT_EQ(weights_of(d, 4), (std::vector<uint32_t>{21, 22}));
  // The final shares, as printed by the extract: 0.0941 / 0.1640 / 0.3001 / 0.3495 / 0.0401 /
  // 0.0363 / 0.0158.
  const double f[] = {0.0941, 0.1640, 0.3001, 0.3495, 0.0401, 0.0363, 0.0158};
  for (int i = 0; i < 7; ++i) EXPECT_NEAR(d.sl[i].f_phi, f[i], 5e-5) << i;
  // The same configuration fits the IB mapping (64 entries, 8-bit weights and accumulator).
  auto ib = request(64, 32, "3", "0.5", table_5_4_sls());
  ib.target = DTableTarget::Ib;
  EXPECT_EQ(design_dtable(ib).total_after, 1073u);
}

// Sec. 5.5.3's backtracking on Table 5.4's inputs: k = 0.5 (at 0.4 NC's min phi is 0.117 > 0.094);
// the text's rule for w stops at 2.9 (CL: 4 x 2.9 / 32 = 0.3625 > 0.35), where M = 92.8 is below
// CL's corrected entries of 94; raising w until no entry exceeds M gives the thesis's w = 3.
TEST(DTableDesign, BacktrackingGivesTable54sKAndW) {
  Decimal k, w;
  backtrack_k_w(64, 32, table_5_4_sls(), k, w);
  EXPECT_EQ(k.text, "0.5");
  EXPECT_EQ(w.text, "2.9");
  const auto d = design_dtable(request(64, 32, nullptr, nullptr, table_5_4_sls()));
  EXPECT_TRUE(d.backtracked);
  EXPECT_TRUE(d.k_backtracked);
  EXPECT_EQ(d.k.text, "0.5");
  EXPECT_EQ(d.w_text_rule.text, "2.9");
  EXPECT_EQ(d.w.text, "3");
  EXPECT_EQ(d.total_after, 1073u);
  // Table 4.9's inputs: k = 1.3 (BE and BK: 8 x 16 / (2048 k) < 0.05 needs k > 1.25), w from 1.3
  // until CL's 16 w / (128 x 1.3) > 0.5: 5.3. With pool 2662.4, CL's entries are 84 before and
  // 85-86 after the correction (Dweight +24 over 16 entries): M = 16 w >= 86 needs w = 5.4.
  backtrack_k_w(128, 16, table_4_9().sls, k, w);
  EXPECT_EQ(k.text, "1.3");
  EXPECT_EQ(w.text, "5.3");
  auto r = table_4_9();
  r.w.reset();
  r.k.reset();
  const auto d49 = design_dtable(r);
  uint32_t largest = 0;
  for (const auto& e : d49.table) largest = std::max(largest, e.weight);
  EXPECT_EQ(largest, 86u);
  EXPECT_EQ(d49.k.text, "1.3");
  EXPECT_EQ(d49.w_text_rule.text, "5.3");
  EXPECT_EQ(d49.w.text, "5.4");
}

// The layout from each SL's maximum distance: Table 5.4's distances 2..64 fill the 64 entries.
TEST(DTableDesign, LayoutFromMaximumDistances) {
  const auto slot = layout_entries(64, table_5_4_sls());
  ASSERT_EQ(slot.size(), 64u);
  std::vector<uint32_t> count(7, 0);
  for (uint32_t e = 0; e < 64; ++e) {
    ASSERT_GE(slot[e], 0) << e;
    ++count[slot[e]];
  }
  EXPECT_EQ(count, (std::vector<uint32_t>{32, 16, 8, 4, 2, 1, 1}));
  // Every SL's consecutive entries are exactly its distance apart (cyclically).
  const uint32_t dist[] = {2, 4, 8, 16, 32, 64, 64};
  for (int s = 0; s < 7; ++s) {
    int first = -1, prev = -1;
    for (int e = 0; e < 64; ++e) {
      if (slot[e] != s) continue;
      if (prev >= 0) {
        EXPECT_EQ(static_cast<uint32_t>(e - prev), dist[s]) << s;
      }
      if (first < 0) first = e;
      prev = e;
    }
    EXPECT_EQ(static_cast<uint32_t>(first + 64 - prev), dist[s]) << s;
  }
  EXPECT_EQ(slot[0], 0);
  EXPECT_EQ(slot[1], 1);
  EXPECT_EQ(slot[3], 2);
  EXPECT_EQ(slot[7], 3);
  EXPECT_EQ(slot[15], 4);
  EXPECT_EQ(slot[31], 5);
  EXPECT_EQ(slot[63], 6);
}

std::string error_of(const DTableRequest& r) {
  try {
    design_dtable(r);
  } catch (const QosError& e) {
    return e.what();
  }
  return "(no error)";
}

// Bad input names the SL and the bound.
TEST(DTableDesign, SharesOutsideTheirRangeNameTheSlAndTheBound) {
  auto sls = table_5_4_sls();
  sls[0].phi = dec("0.09");  // below 0.09375
  sls[6].phi = dec("0.02");  // keep the sum at 1
  EXPECT_NE(error_of(request(64, 32, "3", "0.5", sls))
                .find("SL NC: share 0.09 is below min phi = 0.09375 (n_i x MTU_i / pool = 32 x 3 "
                      "/ 1024): its entries would be below its MTU"),
            std::string::npos);
  sls = table_5_4_sls();
  sls[3].phi = dec("0.38");  // above 0.375
  sls[2].phi = dec("0.27");
  EXPECT_NE(error_of(request(64, 32, "3", "0.5", sls))
                .find("SL CL: share 0.38 is above max phi = 0.375 (n_i x w / (N x k) = 4 x 3 / "
                      "(64 x 0.5))"),
            std::string::npos);
  sls = table_5_4_sls();
  sls[6].phi = dec("0.1");
  EXPECT_NE(error_of(request(64, 32, "3", "0.5", sls)).find("the shares add up to 1.084"),
            std::string::npos);
  sls = table_5_4_sls();
  sls[1].distance = 5;
  EXPECT_NE(error_of(request(64, 32, "3", "0.5", sls))
                .find("SL VO: distance 5 does not divide the 64 entries"),
            std::string::npos);
  sls = table_5_4_sls();
  sls[2].mtu = 33;
  EXPECT_NE(error_of(request(64, 32, "3", "0.5", sls))
                .find("SL VI: MTU 33 credits is outside [1, GMTU = 32]"),
            std::string::npos);
}

// IB target: an entry weight above the 8-bit field, or an accumulator (entry + deficit up to
// MTU - 1) above the 8-bit entry that holds it.
TEST(DTableDesign, IbTargetRefusesWeightsAndAccumulatorsAbove255) {
  auto r = request(64, 32, "32", "1", {sl("A", 2, 1, "0.5"), sl("B", 64, 16, "0.5")});
  r.target = DTableTarget::Ib;
  EXPECT_NE(error_of(r).find("SL B: entry weight 1024 exceeds 255, the 8-bit weight of an IB "
                             "table entry"),
            std::string::npos)
      << error_of(r);
  // B: pool 1024 x 0.24 = 245.76 -> 246, corrected to 251 (Dweight round(0.24 x 1046 - 246) = 5);
  // with a deficit of up to 15 its accumulator reaches 266.
  r = request(64, 32, "32", "0.5", {sl("A", 2, 1, "0.76"), sl("B", 64, 16, "0.24")});
  r.target = DTableTarget::Ib;
  EXPECT_NE(error_of(r).find("SL B: its accumulated weight can reach 266 (entry 251 + deficit up "
                             "to MTU - 1 = 15), above 255"),
            std::string::npos)
      << error_of(r);
  r.target = DTableTarget::Opa;  // OPA's counters are wide
  EXPECT_EQ(error_of(r), "(no error)");
  r = request(128, 32, "3", "0.5", table_5_4_sls());
  r.target = DTableTarget::Ib;
  EXPECT_NE(error_of(r).find("--entries 128: allowed 1 to 64"), std::string::npos);
}

TEST(DTableDesign, DecimalsAreExact) {
  Decimal d;
  EXPECT_TRUE(parse_decimal("0.094", d));
  EXPECT_EQ(d.num, 94);
  EXPECT_EQ(d.den, 1000);
  EXPECT_TRUE(parse_decimal("3", d));
  EXPECT_EQ(d.num, 3);
  EXPECT_EQ(d.den, 1);
  EXPECT_TRUE(parse_decimal(".5", d));
  EXPECT_EQ(d.num, 5);
  for (const char* bad : {"", ".", "1.", "-1", "1e3", "0.1234567891", "1.2.3", "x"})
    EXPECT_FALSE(parse_decimal(bad, d)) << bad;
  EXPECT_EQ(ceil_div(7, 1), 7);
  EXPECT_EQ(ceil_div(64, 10), 7);
  EXPECT_EQ(round_div(-4265856, 100000), -43);  // Table 4.4's Dweight_0 in 1e-5 units
  EXPECT_EQ(round_div(5, 10), 1);               // half away from zero
  EXPECT_EQ(round_div(-5, 10), -1);
}

}  // namespace
}  // namespace netcosim::qos
