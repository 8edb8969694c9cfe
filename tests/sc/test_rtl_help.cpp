// `netcosim run --help` on the Verilated blocks (sim/cli/run_cmd.cpp; docs/cosim.md, "Verilated
// blocks inside a network"), against the parsers' lists (systemc/rtl/rtl_sockets.cpp): --rtl names
// every block with a socket (sc::socketed_blocks()); --rtl-fault gives the syntax BLOCK:R:C[:...]
// of every block the fault parser accepts (sc::faultable_blocks()) and of no other block, and the
// parser refuses a block without fault injection naming the same list (exit 2).
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>

#include "systemc/rtl/rtl_sockets.h"
#include "tests/integration/cli_runner.h"

namespace {

using netcosim::test::run_netcosim;

// The help of option `opt`: from its line to the next option's.
std::string option_help(const std::string& help, const std::string& opt, const std::string& next) {
  const size_t from = help.find("\n  " + opt + " "), to = help.find("\n  " + next + " ");
  if (from == std::string::npos || to == std::string::npos || to < from) return "";
  return help.substr(from, to - from);
}

TEST(RunHelp, RtlNamesEverySocketedBlock) {
  const auto r = run_netcosim({"run", "--help"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string rtl = option_help(r.out, "--rtl", "--rtl-shadow");
  ASSERT_FALSE(rtl.empty()) << r.out;
  for (const std::string& b : netcosim::sc::socketed_blocks())  // a whole word: rr_ in drr_
    EXPECT_TRUE(std::regex_search(rtl, std::regex("[^a-z_]" + b + "[^a-z_]"))) << b << rtl;
}

TEST(RunHelp, RtlFaultGivesTheSyntaxOfEveryBlockTheParserAccepts) {
  const auto r = run_netcosim({"run", "--help"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string help = option_help(r.out, "--rtl-fault", "--rtl-vcd");
  ASSERT_FALSE(help.empty()) << r.out;
  const std::vector<std::string>& blocks = netcosim::sc::faultable_blocks();
  ASSERT_FALSE(blocks.empty());
  for (const std::string& b : blocks)
    EXPECT_NE(help.find(" " + b + ":R:C[:"), std::string::npos) << b << help;
  // Every BLOCK:R:C the help names is one the parser accepts (contention_counters, socketed
  // without fault injection, is not offered).
  const std::regex syntax("([a-z_]+):R:C\\[:");
  std::set<std::string> named;
  for (auto it = std::sregex_iterator(help.begin(), help.end(), syntax);
       it != std::sregex_iterator(); ++it)
    named.insert((*it)[1].str());
  EXPECT_EQ(named, std::set<std::string>(blocks.begin(), blocks.end()));
  EXPECT_EQ(help.find("contention_counters"), std::string::npos);
  // The port each block's fault takes, as docs/cosim.md names it.
  for (const char* s :
       {"sep_alloc_if:R:C[:INPUT]", "credit_counter:R:C[:OUTPUT]", "lrs_arbiter:R:C[:PORT]",
        "sbt_scheduler:R:C[:OUTPUT]", "shared_vl_credits:R:C[:PORT]"})
    EXPECT_NE(help.find(s), std::string::npos) << s;
}

TEST(RunHelp, RtlFaultOnABlockWithoutFaultInjectionNamesTheParsersBlocks) {
  std::string allowed;
  for (const std::string& b : netcosim::sc::faultable_blocks())
    allowed += (allowed.empty() ? "" : ", ") + b;
  const auto r = run_netcosim({"run", "--rtl-fault", "contention_counters:5:400", "--quiet"});
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.err.find("--rtl-fault 'contention_counters:5:400': block contention_counters has "
                       "no fault injection; allowed: " +
                       allowed + "\n"),
            std::string::npos)
      << r.err;
}

}  // namespace
