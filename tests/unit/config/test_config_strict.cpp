// The configuration reader's exact rules (README "Configuration"): only regular files of at most
// 1 MiB, control characters other than tab are errors naming the line, duplicate keys and
// sections are errors naming both lines, a leading BOM is accepted, CR, LF and CRLF end lines,
// messages quote at most 80 characters of a value, and one number grammar for files and --set.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <string>

#include "config_error.h"
#include "sim/config/config.h"
#include "sim/traffic/traffic.h"

using netcosim::Config;
using netcosim::ConfigError;

namespace {

using netcosim::test::error_of;

std::string ini_error(const std::string& text) {
  return error_of([&] {
    Config c;
    c.load_ini(text, "f.ini");
  });
}

std::string set_error(const std::string& assignment) {
  return error_of([&] {
    Config c;
    c.set_override(assignment);
  });
}

// A fresh directory for files of one test.
std::string temp_dir() {
  char tmpl[] = "/tmp/netcosim_cfgXXXXXX";
  const char* d = mkdtemp(tmpl);
  EXPECT_NE(d, nullptr);
  return d ? d : "/tmp";
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
}

// --- inputs that are not configuration files ---

TEST(ConfigInput, DirectoryIsRefusedNamingThePath) {
  const std::string d = temp_dir();
  const std::string e = error_of([&] { Config().load_file(d); });
  EXPECT_NE(e.find("'" + d + "' is a directory: expected a regular file"), std::string::npos) << e;
  rmdir(d.c_str());
}

TEST(ConfigInput, CharacterDeviceIsRefusedWithoutReading) {
  const std::string e = error_of([] { Config().load_file("/dev/zero"); });
  EXPECT_NE(e.find("'/dev/zero' is a character device"), std::string::npos) << e;
}

TEST(ConfigInput, PipeIsRefusedWithoutWaitingForAWriter) {
  const std::string d = temp_dir();
  const std::string p = d + "/fifo";
  ASSERT_EQ(mkfifo(p.c_str(), 0600), 0);
  const std::string e = error_of([&] { Config().load_file(p); });
  EXPECT_NE(e.find("is a pipe"), std::string::npos) << e;
  unlink(p.c_str());
  rmdir(d.c_str());
}

TEST(ConfigInput, MissingFileNamesPathAndReason) {
  const std::string e = error_of([] { Config().load_file("/nonexistent/x.ini"); });
  EXPECT_NE(e.find("cannot read configuration file '/nonexistent/x.ini': No such file"),
            std::string::npos)
      << e;
}

TEST(ConfigInput, FileOfOneMiBIsReadOneByteMoreIsRefused) {
  const std::string d = temp_dir();
  // "[traffic]\nload = 0.5\n" then comment lines up to exactly 1048576 bytes.
  std::string text = "[traffic]\nload = 0.5\n";
  while (text.size() < netcosim::kMaxConfigFileBytes) {
    const size_t left = netcosim::kMaxConfigFileBytes - text.size();
    text += left >= 64 ? "#" + std::string(62, 'c') + "\n" : std::string(left, '\n');
  }
  ASSERT_EQ(text.size(), 1048576u);
  write_file(d + "/ok.ini", text);
  Config c;
  c.load_file(d + "/ok.ini");
  EXPECT_EQ(c.get_float("traffic.load"), 0.5);
  write_file(d + "/big.ini", text + "\n");
  const std::string e = error_of([&] { Config().load_file(d + "/big.ini"); });
  EXPECT_NE(e.find("is 1048577 bytes: larger than the limit of 1048576 bytes (1 MiB)"),
            std::string::npos)
      << e;
  unlink((d + "/ok.ini").c_str());
  unlink((d + "/big.ini").c_str());
  rmdir(d.c_str());
}

// --- control characters ---

TEST(ConfigStrict, NulByteIsAnErrorNamingLineAndColumn) {
  const std::string e = ini_error(std::string("[traffic]\nload =\0 0.9\n", 22));
  EXPECT_NE(e.find("f.ini:2: control character 0x00 at column 7; only tab is allowed"),
            std::string::npos)
      << e;
}

TEST(ConfigStrict, BellEscapeAndDelAreErrors) {
  for (const char c : {'\x07', '\x1b', '\x7f', '\x0b', '\x0c'}) {
    const std::string e = ini_error(std::string("[sim]\nseed = 3") + c + "\n");
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(c));
    EXPECT_NE(e.find(std::string("f.ini:2: control character ") + hex + " at column 9"),
              std::string::npos)
        << e;
  }
}

TEST(ConfigStrict, ControlCharacterInsideACommentIsAlsoAnError) {
  EXPECT_NE(ini_error("# a \x01 comment\n").find("f.ini:1: control character 0x01"),
            std::string::npos);
}

TEST(ConfigStrict, TabsAreAllowedAroundKeysAndValues) {
  Config c;
  c.load_ini("[traffic]\n\tload\t=\t0.25\t# note\n", "f.ini");
  EXPECT_EQ(c.get_float("traffic.load"), 0.25);
}

TEST(ConfigStrict, ControlCharacterInSetValueIsAnError) {
  const std::string e = set_error(std::string("traffic.pattern=adv\x01"));
  EXPECT_NE(e.find("control character 0x01 in the value of 'traffic.pattern' (--set)"),
            std::string::npos)
      << e;
  EXPECT_NE(set_error(std::string("traffic.load=0.5\0junk", 21)).find("control character 0x00"),
            std::string::npos);
}

// --- duplicates ---

TEST(ConfigStrict, DuplicateKeyNamesBothLines) {
  const std::string e = ini_error("[traffic]\nload = 0.5\n# x\n load=0.6\n");
  EXPECT_NE(e.find("f.ini:4: duplicate key traffic.load (first set at f.ini:2)"), std::string::npos)
      << e;
}

TEST(ConfigStrict, DuplicateKeyWithTheSameValueIsAlsoAnError) {
  EXPECT_NE(ini_error("[sim]\nseed = 1\nseed = 1\n").find("duplicate key sim.seed"),
            std::string::npos);
}

TEST(ConfigStrict, DuplicateSectionNamesBothLines) {
  const std::string e = ini_error("[traffic]\nload = 0.5\n[sim]\nseed = 2\n[ traffic ]\n");
  EXPECT_NE(e.find("f.ini:5: duplicate section [traffic] (first at f.ini:1)"), std::string::npos)
      << e;
}

TEST(ConfigStrict, SetOfTheSameKeyTwiceTakesTheLastAndOverridesTheFile) {
  Config c;
  c.load_ini("[traffic]\nload = 0.5\n", "f.ini");
  c.set_override("traffic.load=0.6");
  c.set_override("traffic.load=0.7");
  EXPECT_EQ(c.get_float("traffic.load"), 0.7);
}

// --- BOM and line ends ---

TEST(ConfigStrict, ByteOrderMarkAtTheStartIsAccepted) {
  Config c;
  c.load_ini("\xEF\xBB\xBF[traffic]\nload = 0.5\n", "f.ini");
  EXPECT_EQ(c.get_float("traffic.load"), 0.5);
}

TEST(ConfigStrict, ByteOrderMarkElsewhereIsNotSkipped) {
  const std::string e = ini_error("[traffic]\n\xEF\xBB\xBFload = 0.5\n");
  EXPECT_NE(e.find("unknown key"), std::string::npos) << e;
}

TEST(ConfigStrict, CrLfAndCrlfAreLineEndsCountedOnce) {
  for (const std::string eol : {"\n", "\r", "\r\n"}) {
    Config c;
    c.load_ini("[traffic]" + eol + "load = 0.5" + eol + eol + "[sim]" + eol + "seed = 7" + eol,
               "f.ini");
    EXPECT_EQ(c.get_float("traffic.load"), 0.5);
    EXPECT_EQ(c.get_int("sim.seed"), 7);
    // Line 4 of the text is the bad one in every ending.
    const std::string e = ini_error("[sim]" + eol + eol + "# c" + eol + "seed = x" + eol);
    EXPECT_NE(e.find("sim.seed=x (f.ini:4)"), std::string::npos) << e;
  }
}

TEST(ConfigStrict, CrOnlyFileDoesNotEchoTheWholeFile) {
  std::string text = "[traffic]\r";
  for (int i = 0; i < 100; ++i) text += "# comment line " + std::to_string(i) + "\r";
  text += "bogus\r";
  const std::string e = ini_error(text);
  EXPECT_NE(e.find("f.ini:102: malformed line 'bogus'"), std::string::npos) << e;
  EXPECT_LT(e.size(), 120u) << e;
}

// --- long values ---

TEST(ConfigStrict, LongValueIsQuotedToEightyCharactersWithTotalLength) {
  const std::string v(1000000, 'x');
  const std::string e = set_error("traffic.pattern=" + v);
  EXPECT_NE(e.find("traffic.pattern=" + std::string(80, 'x') + "... (1000000 characters)"),
            std::string::npos);
  // The rest is the message's fixed text and the allowed patterns.
  EXPECT_LT(e.size(), 150u + netcosim::traffic_pattern_names().size());
}

TEST(ConfigStrict, LongMalformedLineAndLongKeyAreQuotedToEightyCharacters) {
  const std::string e1 = ini_error("[sim]\n" + std::string(5000, 'k') + "\n");
  EXPECT_NE(e1.find(std::string(80, 'k') + "... (5000 characters)"), std::string::npos);
  EXPECT_LT(e1.size(), 200u);
  const std::string e2 = set_error("sim." + std::string(3000, 'k') + "=1");
  EXPECT_NE(e2.find("... (3004 characters)"), std::string::npos) << e2.substr(0, 300);
  EXPECT_LT(e2.size(), 300u);
}

TEST(ConfigStrict, QuotedValueIsNotCutInsideAUtf8Character) {
  // 79 ASCII characters then a 2-byte character: the cut falls inside it and moves before it.
  const std::string v = std::string(79, 'a') + "\xC3\xA9" + "zz";
  EXPECT_EQ(netcosim::quote_value(v), std::string(79, 'a') + "... (83 characters)");
  EXPECT_EQ(netcosim::quote_value("ab\x01"), "ab\\x01");
}

// --- number grammar ---

TEST(ConfigNumbers, FloatGrammarAcceptsDecimalWithOptionalExponent) {
  for (const auto& [text, value] :
       std::vector<std::pair<std::string, double>>{{"1", 1.0},
                                                   {"+0.5", 0.5},
                                                   {".5", 0.5},
                                                   {"0.", 0.0},
                                                   {"5e-1", 0.5},
                                                   {"5E-1", 0.5},
                                                   {"25e-2", 0.25},
                                                   {"0.125e+0", 0.125},
                                                   {"-0", 0.0},
                                                   {"007.5e-1", 0.75}}) {
    Config c;
    c.set_override("traffic.load=" + text);
    EXPECT_EQ(c.get_float("traffic.load"), value) << text;
  }
}

TEST(ConfigNumbers, FloatGrammarRejectsHexInfNanAndJunk) {
  for (const std::string v :
       {"",    ".",    "e5",  "1e",       "1e+",  "0.5.", "0.5x", "1,5", "0x1",     "0x1p-2",
        "inf", "-inf", "nan", "infinity", "0.5f", "1_0",  "--1",  "+-1", "0.5 0.6", "1e400"}) {
    const std::string e = set_error("traffic.load=" + v);
    EXPECT_NE(e.find("must be a number in [0, 1]"), std::string::npos) << "'" << v << "': " << e;
  }
}

TEST(ConfigNumbers, SubnormalIsAcceptedAndComparedExactly) {
  Config c;
  c.set_override("traffic.load=1e-320");
  EXPECT_EQ(c.get_float("traffic.load"), std::strtod("1e-320", nullptr));
  EXPECT_GT(c.get_float("traffic.load"), 0.0);
  // Below 0 by a subnormal, or above 1 by one unit in the last place: out of range.
  EXPECT_NE(set_error("traffic.load=-1e-320").find("must be a number in [0, 1]"),
            std::string::npos);
  EXPECT_NE(set_error("traffic.load=1.0000000000000002").find("must be a number in [0, 1]"),
            std::string::npos);
}

TEST(ConfigNumbers, IntegerGrammarIsSignAndDigitsOnly) {
  Config c;
  c.set_override("topology.p=+3");
  EXPECT_EQ(c.get_int("topology.p"), 3);
  c.set_override("topology.p=007");
  EXPECT_EQ(c.get_int("topology.p"), 7);
  for (const std::string v : {"3.0", "3e0", "0x3", "3 4", "", "+", "-", "1e3", "3.", "three"}) {
    const std::string e = set_error("topology.p=" + v);
    EXPECT_NE(e.find("must be an integer in [1, 64]"), std::string::npos) << v << ": " << e;
  }
}

TEST(ConfigNumbers, IntegerLimitsAreExactAndOverflowIsOutOfRange) {
  Config c;
  c.set_override("sim.seed=9007199254740991");
  EXPECT_EQ(c.get_int("sim.seed"), 9007199254740991LL);
  for (const std::string v : {"9007199254740992", "99999999999999999999", "-1"}) {
    const std::string e = set_error("sim.seed=" + v);
    EXPECT_NE(e.find("must be an integer in [0, 9007199254740991]"), std::string::npos) << e;
  }
  const std::string e = set_error("router.buffer_local=1048577");
  EXPECT_NE(e.find("[1, 1048576]"), std::string::npos) << e;
}

TEST(ConfigNumbers, FileAndSetFollowTheSameGrammar) {
  for (const std::string v : {"0.5", ".5", "5.", "1e-320", "0x1p-2", "inf", "nan", "1e400", "+1",
                              "-0", "1,0", "2", "1e0"}) {
    const std::string from_set = set_error("traffic.load=" + v);
    const std::string from_file = ini_error("[traffic]\nload = " + v + "\n");
    EXPECT_EQ(from_set.empty(), from_file.empty()) << v;
  }
}

TEST(ConfigNumbers, LimitsFormatExactly) {
  EXPECT_EQ(netcosim::format_limit(1048576), "1048576");
  EXPECT_EQ(netcosim::format_limit(9007199254740991.0), "9007199254740991");
  EXPECT_EQ(netcosim::format_limit(2147483647.0), "2147483647");
  EXPECT_EQ(netcosim::format_limit(-1), "-1");
  EXPECT_EQ(netcosim::format_limit(0.99), "0.99");
  EXPECT_EQ(netcosim::format_limit(1e6), "1000000");
}

TEST(ConfigNumbers, ResolvedValueReadsBackAsTheSameDouble) {
  // 0.1 keeps its 15-digit form; a subnormal needs 17 digits to read back unchanged.
  Config c;
  c.set_override("traffic.load=0.1");
  c.set_override("traffic.mix=1e-320");
  std::string load, mix;
  for (const auto& [k, v] : c.resolved()) {
    if (k == "traffic.load") load = v;
    if (k == "traffic.mix") mix = v;
  }
  EXPECT_EQ(load, "0.1");
  EXPECT_EQ(std::strtod(mix.c_str(), nullptr), std::strtod("1e-320", nullptr));
}

}  // namespace
