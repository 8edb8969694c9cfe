// The yosys flow of `netcosim area` (sim/experiment/area.h): the script names no path, and the
// figures are read from the right sections of a yosys log.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sim/experiment/area.h"

namespace {

using namespace netcosim::experiment;

TEST(Area, ScriptNamesBareFilesAndTheParameters) {
  const auto* b = netcosim::rtl::find_rtl_block("rr_arbiter");
  ASSERT_NE(b, nullptr);
  const std::string s = yosys_script(*b, b->sets[0]);
  EXPECT_EQ(s.find('/'), std::string::npos) << s;
  EXPECT_EQ(
      s.rfind("read_verilog -sv rr_arbiter.sv rr_arb_core.sv; chparam -set N 3 rr_arbiter;", 0), 0u)
      << s;
  EXPECT_NE(s.find("synth -flatten -top rr_arbiter; stat; dffunmap; abc -g cmos2; stat -tech "
                   "cmos; ltp -noff"),
            std::string::npos);
}

// A log with the two stat sections of a made-up design "blk": 3 + 2 flip-flops among 12 generic
// cells, then 40 cmos2 cells and 150+ transistors, and a longest path of 7 gates.
const char* const kLog =
    "=== blk ===\n   Number of cells:                 12\n     $_AND_    7\n"
    "     $_DFF_P_                          3\n     $_SDFFE_PP0P_   2\n"
    "=== blk ===\n   Number of cells:                 40\n     $_NAND_   30\n"
    "   Estimated number of transistors:        150+\n"
    "Longest topological path in blk (length=7):\n";

TEST(Area, FiguresComeFromTheFirstAndLastStatSections) {
  AreaRow row;
  std::string why;
  ASSERT_TRUE(parse_yosys_log(kLog, "blk", row, why)) << why;
  EXPECT_EQ(row.cells, 12);
  EXPECT_EQ(row.flip_flops, 5);
  EXPECT_EQ(row.cmos_cells, 40);
  EXPECT_EQ(row.transistors, 150);
  EXPECT_TRUE(row.transistors_partial);
  EXPECT_DOUBLE_EQ(row.nand2, 37.5);
  EXPECT_EQ(row.depth, 7);
}

TEST(Area, LatchAndMissingSectionsAreFailures) {
  AreaRow row;
  std::string why;
  EXPECT_FALSE(
      parse_yosys_log(std::string(kLog) + "Latch inferred for signal x\n", "blk", row, why));
  EXPECT_EQ(why, "infers a latch");
  EXPECT_FALSE(parse_yosys_log("=== blk ===\n", "blk", row, why));
  EXPECT_EQ(why, "no statistics in the yosys log");
}

// The --json document of `netcosim area`: one object per row, keys in order, strings escaped,
// transistors_complete the negation of the '+' of yosys, NAND2 equivalents exact (transistors / 4).
TEST(Area, JsonRowsKeyOrderAndExactFigures) {
  AreaRow row;
  ASSERT_TRUE([&] {
    std::string why;
    return parse_yosys_log(kLog, "blk", row, why);
  }());
  row.block = "blk";  // set by synthesize(), not by the log
  row.params = "N=3,\"q\"";
  const std::string text = area_json({row});
  EXPECT_NE(text.find(R"("params": "N=3,\"q\"")"), std::string::npos) << text;
  const nlohmann::ordered_json doc = nlohmann::ordered_json::parse(text);
  ASSERT_EQ(doc.size(), 1u);
  std::vector<std::string> keys;
  for (const auto& kv : doc[0].items()) keys.push_back(kv.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"block", "params", "cells", "flip_flops", "cmos_cells",
                                            "transistors", "transistors_complete", "nand2_eq",
                                            "logic_depth"}));
  EXPECT_EQ(doc[0]["block"], "blk");
  EXPECT_EQ(doc[0]["cells"], 12);
  EXPECT_EQ(doc[0]["flip_flops"], 5);
  EXPECT_EQ(doc[0]["transistors"], 150);
  EXPECT_EQ(doc[0]["transistors_complete"], false);
  EXPECT_EQ(doc[0]["nand2_eq"].get<double>(), 37.5);
  EXPECT_EQ(doc[0]["logic_depth"], 7);
  EXPECT_EQ(area_json({}), "[]\n");
}

// The DTable / DRR ratio pairs rows with the same lanes and widths (S = V, WW = QW, SW).
TEST(Area, DTableOverDrrRatioPairsTheSameLanesAndWidths) {
  AreaRow d8, d16, r8, r16, other;
  d8.block = d16.block = "dtable_arbiter";
  r8.block = r16.block = "drr_arbiter";
  other.block = "rr_arbiter";
  d8.params = "S=8,N=16,WW=8,AW=9,SW=6";
  d16.params = "S=16,N=64,WW=8,AW=8,SW=6";
  r8.params = "V=8,QW=8,SW=6";
  r16.params = "V=16,QW=4,SW=6";  // other quantum width: no pair
  other.params = "N=8";
  d8.nand2 = 3000;
  d8.flip_flops = 250;
  r8.nand2 = 1500;
  r8.flip_flops = 140;
  r16.nand2 = 10;
  r16.flip_flops = 1;
  EXPECT_EQ(area_ratio_text({d8, d16, r8, r16, other}),
            "DTable / DRR (the same lanes and widths; thesis 003 Sec. 5.4 cites about 2x, its ref. "
            "[72]):\n  dtable_arbiter S=8,N=16,WW=8,AW=9,SW=6 / drr_arbiter V=8,QW=8,SW=6: 2.00x "
            "NAND2 eq. (3000 / 1500), 1.79x flip-flops (250 / 140)\n");
  EXPECT_EQ(area_ratio_text({r8, other}), "");
}

// The h8 router's VC selectors: 15 local outputs (W=6) and 8 global ones (W=9) per VC set of seed
// 002 (2/1: the one global VC needs no selector); a VC set without both rows is left out.
TEST(Area, VcSelectorsOfAnH8RouterAddFifteenLocalAndEightGlobalOutputs) {
  auto row = [](const char* params, double nand2) {
    AreaRow r;
    r.block = "vc_selector";
    r.params = params;
    r.nand2 = nand2;
    return r;
  };
  AreaRow other;
  other.block = "rr_arbiter";
  other.params = "N=3";
  other.nand2 = 34;
  const std::vector<AreaRow> rows = {row("V=2,W=6,MODE=0", 40), row("V=4,W=6,MODE=0", 100),
                                     row("V=2,W=9,MODE=0", 50), row("V=8,W=6,MODE=0", 300),
                                     row("V=2,W=6,MODE=2", 10), other};
  // 8/4 has no V=4,W=9 row; highest has no rows; lowest has 2/1 only.
  EXPECT_EQ(area_vc_selector_text(rows),
            "VC selectors of an h8 router (seed 002 Table V: one per output to a router, 15 local "
            "of 32 phits per VC and 8 global of 256; docs/area.md):\n"
            "  jsq     2/1 VCs: 15 x 40 (V=2,W=6,MODE=0) + 8 x 0 (1 VC: no selector) = 600 NAND2 "
            "eq.\n"
            "  jsq     4/2 VCs: 15 x 100 (V=4,W=6,MODE=0) + 8 x 50 (V=2,W=9,MODE=0) = 1900 NAND2 "
            "eq.\n"
            "  lowest  2/1 VCs: 15 x 10 (V=2,W=6,MODE=2) + 8 x 0 (1 VC: no selector) = 150 NAND2 "
            "eq.\n");
  EXPECT_EQ(area_vc_selector_text({other}), "");
}

}  // namespace
