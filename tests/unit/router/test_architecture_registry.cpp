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
    // The switches built on service levels route on fat trees, meshes and tori (docs/model.md
    // §10): a 4-ary 2-tree, 8 switches of radix 8; the others the default h2, 36 routers of
    // radix p + a - 1 + h = 7.
    const bool switch_arch = std::string(e.name) != "cioq";
    if (switch_arch)
      for (const char* kv :
           {"topology.type=fattree", "topology.k=4", "topology.n=2", "routing.algorithm=updown",
            "traffic.source=service_levels", "qos.sls=1"})
        c.set_override(kv);
    const auto net = build_network(c);
    ASSERT_EQ(net->routers(), switch_arch ? 8u : 36u) << e.name;
    for (uint32_t r = 0; r < net->routers(); ++r) {
      EXPECT_EQ(net->router(r).id(), r) << e.name;
      EXPECT_EQ(net->router(r).radix(), switch_arch ? 8u : 7u) << e.name;
    }
    // Zero-load timing through the interface: thesis 000 Table 1.2's crossbar latency, 3 cycles.
    EXPECT_EQ(net->router(0).zero_load_cycles(), 3u) << e.name;
  }
}

}  // namespace
}  // namespace netcosim
