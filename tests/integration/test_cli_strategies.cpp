// `netcosim run --help` lists the routing strategies from the strategy catalogue
// (sim/config/strategy_catalog.h): every algorithm with its minimum local/global VCs and the keys
// it reads, every OLM trigger and global policy; and an unknown name is refused with exit 2 and
// the registered names.
#include <gtest/gtest.h>

#include <algorithm>

#include "cli_runner.h"
#include "sim/config/strategy_catalog.h"

using namespace netcosim;
using netcosim::test::run_netcosim;

namespace {

TEST(RunHelp, ListsEveryStrategyWithItsVcsAndKeys) {
  const auto r = run_netcosim({"run", "--help"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const StrategyFamily& f : strategy_catalog()) {
    EXPECT_NE(r.out.find(std::string(f.what) + " (" + f.key), std::string::npos) << f.key;
    for (const StrategyInfo& e : f.entries) {
      std::string line = "  " + std::string(e.name);
      line.resize(std::max<size_t>(14, line.size() + 1), ' ');  // "  %-11s " (sim/cli/options.cpp)
      if (f.parent_key == nullptr) {
        line += e.topology != nullptr ? e.topology : "any topology";
        for (const ClassVcs& m : e.min_vcs)
          line += " " + std::string(m.port_class) + " " + std::to_string(m.vcs);
        line += ": ";
      }
      line += e.description;
      for (size_t k = 0; k < e.keys.size(); ++k)
        line += (k == 0 ? "; " : ", ") + std::string(e.keys[k]);
      EXPECT_NE(r.out.find(line + "\n"), std::string::npos) << line;
    }
  }
  EXPECT_NE(r.out.find("\n  olm         dragonfly local 3 global 2: "), std::string::npos);
  EXPECT_NE(r.out.find("\n  par         dragonfly local 5 global 2: "), std::string::npos);
}

TEST(RunStrategies, UnknownTriggerIsExitTwoWithTheRegisteredNames) {
  const auto r = run_netcosim({"run", "--set", "routing.trigger=credits", "--quiet"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("routing.trigger=credits (--set): allowed values are "
                       "credit|contention|filtered|hybrid|ectn"),
            std::string::npos)
      << r.err;
}

// routing.valiant's values (docs/model.md §4): a misspelt one is refused with exit 2 and the four
// allowed values; router-level CRG (current_router) is VAL's path, so it needs VAL's 4 local VCs,
// and it applies to val, ugal and pb only.
TEST(RunStrategies, ValiantCandidateIsValidatedWithExitTwo) {
  auto r = run_netcosim({"run", "--set", "routing.valiant=crg", "--quiet"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("routing.valiant=crg (--set): allowed values are "
                       "any|outside_source_group|group|current_router"),
            std::string::npos)
      << r.err;
  r = run_netcosim({"run", "--set", "routing.algorithm=val", "--set", "router.vcs_local=3", "--set",
                    "router.vcs_global=2", "--set", "routing.valiant=current_router", "--quiet"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("needs at least 4 local and 2 global VCs"), std::string::npos) << r.err;
  r = run_netcosim({"run", "--set", "routing.algorithm=olm", "--set", "router.vcs_local=3", "--set",
                    "router.vcs_global=2", "--set", "routing.valiant=current_router", "--quiet"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("routing.valiant=current_router: applies to routing.algorithm=val|ugal|pb "
                       "only"),
            std::string::npos)
      << r.err;
}

// The traffic-source registry (sim/traffic/source_registry.h) and the engine registry
// (sim/cli/engines.h) refuse unknown names the same way.
TEST(RunStrategies, UnknownTrafficSourceIsExitTwoWithTheRegisteredNames) {
  const auto r = run_netcosim({"run", "--set", "traffic.source=trace", "--quiet"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("traffic.source=trace (--set): allowed values are bernoulli"),
            std::string::npos)
      << r.err;
}

TEST(RunStrategies, UnknownEngineIsExitTwoWithTheRegisteredNames) {
  const auto r = run_netcosim({"run", "--engine", "gpu", "--quiet"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--engine gpu: allowed values are native, systemc"), std::string::npos)
      << r.err;
}

}  // namespace
