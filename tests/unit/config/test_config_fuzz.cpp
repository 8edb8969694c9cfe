// Configuration fuzz (README "Configuration files"): thousands of mutations of the shipped
// configurations (tests/config_mutations.h, fixed seed), each parsed and validated in-process.
// Every mutant either parses and validates or throws ConfigError (exit status 2 in the CLI) with a
// bounded, printable message; nothing else may escape and nothing may crash (the sanitizer build
// runs the same test with fewer mutations). docs/validation.md records the figures.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "sim/config/config.h"
#include "tests/config_mutations.h"

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr int kDefaultMutationsPerConfig = 200;
#else
constexpr int kDefaultMutationsPerConfig = 1500;
#endif

int mutations_per_config() {
  const char* env = std::getenv("NETCOSIM_FUZZ_MUTATIONS");
  if (env != nullptr && std::atoi(env) > 0) return std::atoi(env);
  return kDefaultMutationsPerConfig;
}

std::string read(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string printable(const std::string& s) {
  return netcosim::quote_value(s.size() > 300 ? s.substr(0, 300) : s);
}

TEST(ConfigFuzz, MutantsOfShippedConfigsParseOrFailWithConfigError) {
  const int per_config = mutations_per_config();
  netcosim::test::ConfigMutator mut(20261123);
  int valid = 0, refused = 0;
  int kind_seen[netcosim::test::ConfigMutator::kKinds] = {};
  const auto t0 = std::chrono::steady_clock::now();
  for (const char* name : {"dragonfly-h2.ini", "dragonfly-h4.ini", "dragonfly-h8.ini"}) {
    const std::string base = read(std::string(NETCOSIM_SOURCE_DIR) + "/configs/" + name);
    ASSERT_FALSE(base.empty()) << name;
    for (int i = 0; i < per_config; ++i) {
      unsigned kinds = 0;
      const std::string text = mut.mutate(base, &kinds);
      for (int k = 0; k < netcosim::test::ConfigMutator::kKinds; ++k)
        if (kinds & (1u << k)) ++kind_seen[k];
      try {
        netcosim::Config c;
        c.load_ini(text, name);
        netcosim::validate_config(c);
        ++valid;
      } catch (const netcosim::ConfigError& e) {
        ++refused;
        const std::string msg = e.what();
        // A message quotes at most 80 characters of any value and no control character but tab.
        EXPECT_LT(msg.size(), 1200u) << name << " mutant " << i << ": " << printable(text);
        for (const char ch : msg) {
          const auto u = static_cast<unsigned char>(ch);
          ASSERT_FALSE((u < 0x20 && u != '\t') || u == 0x7f)
              << name << " mutant " << i << ": raw control character in: " << printable(msg);
        }
      } catch (const std::exception& e) {
        ADD_FAILURE() << name << " mutant " << i << ": " << typeid(e).name() << ": " << e.what()
                      << "\ninput: " << printable(text);
      }
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("config fuzz: %d mutants, %d valid, %d ConfigError, %.2f s\n", valid + refused, valid,
              refused, secs);
  for (int k = 0; k < netcosim::test::ConfigMutator::kKinds; ++k)
    std::printf("  %-18s in %d mutants\n", netcosim::test::ConfigMutator::kind_name(k),
                kind_seen[k]);
  EXPECT_EQ(valid + refused, 3 * per_config);
  // Both outcomes occur: the fuzz reaches the validator, not only the line reader.
  EXPECT_GT(valid, 0);
  EXPECT_GT(refused, 0);
  for (int k = 0; k < netcosim::test::ConfigMutator::kKinds; ++k) EXPECT_GT(kind_seen[k], 0) << k;
}

}  // namespace
