// The block selection shared by `netcosim cosim` and `netcosim area` (block_selection.h).
#include <gtest/gtest.h>

#include "sim/experiment/block_selection.h"

namespace netcosim::experiment {
namespace {

TEST(SelectBlocks, NoNameSelectsEveryBlockOfTheCatalogueInItsOrder) {
  std::string unknown;
  const auto blocks = select_blocks({}, unknown);
  EXPECT_EQ(unknown, "");
  ASSERT_EQ(blocks.size(), rtl::rtl_blocks().size());
  for (size_t i = 0; i < blocks.size(); ++i) EXPECT_EQ(blocks[i], &rtl::rtl_blocks()[i]);
}

TEST(SelectBlocks, NamedBlocksInTheOrderGiven) {
  std::string unknown;
  const auto blocks = select_blocks({"credit_counter", "rr_arbiter"}, unknown);
  EXPECT_EQ(unknown, "");
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_STREQ(blocks[0]->block, "credit_counter");
  EXPECT_STREQ(blocks[1]->block, "rr_arbiter");
}

TEST(SelectBlocks, UnknownNameIsNamedWithTheAllowedBlocks) {
  std::string unknown;
  const auto blocks = select_blocks({"rr_arbiter", "fifo"}, unknown);
  EXPECT_TRUE(blocks.empty());
  EXPECT_EQ(
      unknown,
      "unknown block 'fifo'; allowed: rr_arbiter, sep_alloc_if, credit_counter, "
      "contention_counters, dtable_arbiter, drr_arbiter, sbt_scheduler, lrs_arbiter, age_arbiter, "
      "vc_selector, ib_vl_arbiter, shared_vl_credits");
}

}  // namespace
}  // namespace netcosim::experiment
