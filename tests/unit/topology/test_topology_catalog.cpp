// The topology catalogue (sim/topology/topology_catalog.h): the Dragonfly's entry checks the shape
// with Dragonfly::check's messages, counts groups and nodes before anything is built, and builds
// the Dragonfly the keys describe; the configuration's topology.type allows exactly its names.
#include <gtest/gtest.h>

#include <map>

#include "sim/config/config.h"
#include "sim/topology/dragonfly.h"
#include "sim/topology/topology_catalog.h"

using namespace netcosim;

namespace {

// Key values as the schema would have checked them.
class Keys final : public TopologyKeys {
 public:
  Keys(int64_t p, int64_t a, int64_t h, std::string arrangement)
      : ints_{{"topology.p", p}, {"topology.a", a}, {"topology.h", h}},
        arrangement_(std::move(arrangement)) {}
  int64_t get_int(const std::string& key) const override { return ints_.at(key); }
  const std::string& get_str(const std::string& key) const override {
    EXPECT_EQ(key, "topology.arrangement");
    return arrangement_;
  }

 private:
  std::map<std::string, int64_t> ints_;
  std::string arrangement_;
};

TEST(TopologyCatalog, ListsTheDragonflyWithItsKeys) {
  EXPECT_EQ(topology_names(), "dragonfly|fattree|mesh|torus");
  const TopologyEntry* e = topology_entry("dragonfly");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(topology_entry("hypercube"), nullptr);
  std::string keys;
  for (const char* k : e->keys) keys += std::string(keys.empty() ? "" : " ") + k;
  EXPECT_EQ(keys, "topology.p topology.a topology.h topology.arrangement");
  // Every key it reads is a key of the configuration schema.
  for (const char* k : e->keys) {
    bool in_schema = false;
    for (const KeySpec& s : config_schema()) in_schema = in_schema || s.name == std::string(k);
    EXPECT_TRUE(in_schema) << k;
  }
}

TEST(TopologyCatalog, DragonflyCheckAndCountsAreDragonflysBeforeBuilding) {
  const TopologyEntry& e = *topology_entry("dragonfly");
  EXPECT_EQ(e.check(Keys(2, 4, 2, "palmtree")), "");
  EXPECT_EQ(e.check(Keys(32, 32, 2, "palmtree")),
            "topology.p=32, topology.a=32, topology.h=2: router radix p+a-1+h = 65 exceeds the "
            "supported maximum of 64 ports");
  EXPECT_EQ(e.partitions(Keys(8, 16, 8, "palmtree")), 129);  // a*h+1
  EXPECT_EQ(e.nodes(Keys(8, 16, 8, "palmtree")), 16512);     // (a*h+1)*a*p
  EXPECT_STREQ(e.partition_count_name, "group count a*h+1");
}

TEST(TopologyCatalog, DragonflyFactoryBuildsTheShapeAndArrangementOfTheKeys) {
  const TopologyEntry& e = *topology_entry("dragonfly");
  const auto palm = e.make(Keys(2, 4, 2, "palmtree"));
  const auto cons = e.make(Keys(2, 4, 2, "consecutive"));
  const auto* d = dynamic_cast<const Dragonfly*>(palm.get());
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->arrangement(), Arrangement::Palmtree);
  EXPECT_EQ(dynamic_cast<const Dragonfly&>(*cons).arrangement(), Arrangement::Consecutive);
  EXPECT_EQ(palm->describe(),
            "dragonfly p=2 a=4 h=2 (9 groups, 36 routers, 72 nodes, radix 7, palmtree)");
}

}  // namespace
