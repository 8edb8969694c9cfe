// The router-architecture registry (sim/router/architecture.h): its names are the allowed values
// of router.architecture, in order, and each entry builds one router per topology router, wired
// through the RouterModel interface by the builder.
#include <gtest/gtest.h>

#include <string>

#include "sim/config/config.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/router/architecture.h"

namespace netcosim {
namespace {

TEST(ArchitectureRegistry, NamesAreTheSchemasAllowedValues) {
  std::string names;
  for (const ArchitectureEntry& e : architecture_registry())
    names += (names.empty() ? "" : "|") + std::string(e.name);
  for (const KeySpec& k : config_schema()) {
    if (std::string(k.name) == "router.architecture") {
      EXPECT_EQ(names, k.choices);
    }
  }
}

TEST(ArchitectureRegistry, EachEntryBuildsEveryRouterOfTheTopology) {
  for (const ArchitectureEntry& e : architecture_registry()) {
    Config c;
    c.set_override(std::string("router.architecture=") + e.name);
    const auto net = build_network(c);
    ASSERT_EQ(net->routers(), 36u) << e.name;
    for (uint32_t r = 0; r < net->routers(); ++r) {
      EXPECT_EQ(net->router(r).id(), r) << e.name;
      EXPECT_EQ(net->router(r).radix(), 7u) << e.name;  // p + a - 1 + h on the default h2
    }
    // Zero-load timing through the interface: thesis 000 Table 1.2's crossbar latency, 3 cycles.
    EXPECT_EQ(net->router(0).zero_load_cycles(), 3u) << e.name;
  }
}

}  // namespace
}  // namespace netcosim
