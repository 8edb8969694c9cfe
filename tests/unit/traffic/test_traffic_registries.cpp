// The pattern and source registries (sim/traffic/traffic.h, sim/traffic/source_registry.h) are
// what the schema allows for traffic.pattern, traffic.pattern2 and traffic.source
// (sim/config/config.cpp), and every name builds.
#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <string>

#include "sim/config/config.h"
#include "sim/topology/dragonfly.h"
#include "sim/topology/mesh.h"
#include "sim/traffic/sl_source.h"
#include "sim/traffic/source_registry.h"
#include "sim/traffic/traffic.h"

using namespace netcosim;

namespace {

std::string choices_of(const char* key) {
  for (const KeySpec& k : config_schema())
    if (std::strcmp(k.name, key) == 0) return k.choices;
  ADD_FAILURE() << key << " is not in the schema";
  return "";
}

TEST(TrafficRegistries, NamesAreTheSchemaAllowedValues) {
  std::string patterns, sources;
  for (const TrafficPatternEntry& e : traffic_pattern_registry())
    patterns += (patterns.empty() ? "" : "|") + std::string(e.name);
  for (const TrafficSourceEntry& e : traffic_source_registry())
    sources += (sources.empty() ? "" : "|") + std::string(e.name);
  EXPECT_EQ(patterns,
            "uniform|adv|advc|bursty_uniform|bitcomp|bit_complement|shuffle|bitrev|transpose|"
            "tornado|hotspot|"
            "hotregion");
  EXPECT_EQ(sources, "bernoulli|request_reply|service_levels");
  EXPECT_EQ(choices_of("traffic.pattern"), patterns);
  EXPECT_EQ(choices_of("traffic.pattern2"), "none|" + patterns);
  EXPECT_EQ(choices_of("traffic.source"), sources);
}

// Every name builds on a topology its check accepts: the group-based ones on the Dragonfly, the
// others on a 4x4 mesh (16 nodes: a power of 4 on a square grid).
TEST(TrafficRegistries, EveryNameBuildsAndUnknownNamesAreRefused) {
  const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  const Mesh mesh({4, 4}, 1, false);
  PatternShape shape;
  shape.nodes = 16;
  shape.grid = mesh.grid();
  for (const TrafficPatternEntry& e : traffic_pattern_registry()) {
    const bool group = std::string(e.name) == "adv" || std::string(e.name) == "advc";
    if (!group && e.check != nullptr) {
      EXPECT_EQ(e.check(shape), "") << e.name;
    }
    const auto p = make_traffic(e.name, group ? static_cast<const Topology&>(topo) : mesh, 1);
    ASSERT_NE(p, nullptr) << e.name;
    EXPECT_STREQ(p->name(), e.name);
  }
  TrafficParams params;
  params.packet_prob = 0.1;
  SlTraffic sl;  // one service level (the service_levels source reads it)
  sl.sls = 1;
  sl.nodes = topo.nodes();
  sl.level[0].messages_per_cycle = 0.1;
  params.sl = &sl;
  for (const TrafficSourceEntry& e : traffic_source_registry())
    EXPECT_NE(traffic_source_entry(e.name).make(0, Rng(1, 1, 0), params), nullptr) << e.name;
  EXPECT_THROW(make_traffic("neighbor", topo, 1), std::invalid_argument);
  EXPECT_THROW(traffic_source_entry("trace"), std::invalid_argument);
}

}  // namespace
