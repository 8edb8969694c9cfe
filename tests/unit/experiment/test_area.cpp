// The yosys flow of `netcosim area` (sim/experiment/area.h): the script names no path, and the
// figures are read from the right sections of a yosys log.
#include <gtest/gtest.h>

#include <string>

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

}  // namespace
