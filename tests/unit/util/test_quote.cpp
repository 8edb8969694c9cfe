// The gnuplot escaping function (sim/util/quote.h): exact forms, and gnuplot itself reading back
// each hostile text unchanged (quotes, semicolons, newlines, $(), backticks, macros, spaces,
// backslashes, non-ASCII), with no command run.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "sim/util/process.h"
#include "sim/util/quote.h"

namespace {

using netcosim::util::gnuplot_quote;

TEST(GnuplotQuote, ExactForms) {
  EXPECT_EQ(gnuplot_quote("plain.png"), "'plain.png'");
  EXPECT_EQ(gnuplot_quote("it's"), "'it''s'");
  EXPECT_EQ(gnuplot_quote("''"), "''''''");
  EXPECT_EQ(gnuplot_quote("a\nb"), "'a'.\"\\012\".'b'");
  EXPECT_EQ(gnuplot_quote("\t"), "''.\"\\011\".''");
  EXPECT_EQ(gnuplot_quote("\xc3\xa9"), "'\xc3\xa9'");
  EXPECT_EQ(gnuplot_quote(""), "''");
}

TEST(GnuplotQuote, GnuplotReadsEveryHostileTextBackUnchanged) {
  const std::string dir = testing::TempDir() + "netcosim-quote";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string texts[] = {
      "x';touch INJECTED;'.png",
      "a;b",
      "line1\nline2",
      "cr\rtab\t",
      "$(touch INJECTED)",
      "`touch INJECTED`",
      "@macro and @@",
      "with  spaces ",
      "back\\slash\\n",
      "\"double\" 'single'",
      "\xc3\xa9t\xc3\xa9 \xe2\x82\xac",
  };
  std::string script = "set print '-'\n";
  std::string expected;
  for (const auto& t : texts) {
    script += "print " + gnuplot_quote(t) + "\n";
    expected += t + "\n";
  }
  netcosim::util::ProcessOptions opt;
  opt.stdin_text = script;
  opt.search_path = true;
  opt.cwd = dir;
  const netcosim::util::ProcessResult r = netcosim::util::run_process({"gnuplot"}, opt);
  ASSERT_TRUE(r.ok()) << r.describe() << "\n" << r.err;
  EXPECT_EQ(r.out, expected);
  EXPECT_FALSE(std::filesystem::exists(dir + "/INJECTED"));
}

}  // namespace
