// The strategy registries (sim/routing/routing.h, dragonfly/olm_triggers.h, olm_policies.h) and
// the strategy catalogue they pair with (sim/config/strategy_catalog.h): the same names in the
// same order, every registered name builds, the configuration's allowed values are exactly the
// registry's, the minimum VCs come from the catalogue, and a routing.* key applies exactly to the
// strategies whose catalogue entry lists it.
#include <gtest/gtest.h>

#include <set>

#include "../config/config_error.h"
#include "sim/config/strategy_catalog.h"
#include "sim/routing/dragonfly/olm.h"
#include "sim/routing/routing.h"
#include "sim/topology/fattree.h"
#include "sim/topology/mesh.h"

using namespace netcosim;
using netcosim::test::error_of;

namespace {

template <class Registry>
std::string names_of(const Registry& registry) {
  std::string out;
  for (const auto& e : registry) out += (out.empty() ? "" : "|") + std::string(e.name);
  return out;
}

TEST(StrategyRegistry, EachRegistryListsItsCatalogueFamilyInOrder) {
  EXPECT_EQ(names_of(routing_registry()), strategy_names(*strategy_family("routing.algorithm")));
  EXPECT_EQ(names_of(trigger_registry()), strategy_names(*strategy_family("routing.trigger")));
  EXPECT_EQ(names_of(policy_registry()), strategy_names(*strategy_family("routing.global_policy")));
  EXPECT_EQ(names_of(routing_registry()),
            "min|val|olm|ugal|pb|par|updown|updown_source|updown_random|updown_adaptive|dor|mesh_"
            "adaptive");
  EXPECT_EQ(names_of(trigger_registry()), "credit|contention|filtered|hybrid|ectn");
  EXPECT_EQ(names_of(policy_registry()), "rrg|crg|nrg|mm");
}

// Every algorithm, and OLM with every trigger and policy, builds from the configuration; its
// name() is its registry name.
TEST(StrategyRegistry, EveryRegisteredNameBuilds) {
  const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  const FatTree tree(2, 2);
  const Mesh mesh({4, 4}, 1, false);
  for (const auto& e : routing_registry()) {
    Config c;
    c.set_override(std::string("routing.algorithm=") + e.name);
    const StrategyInfo& info = *strategy_info(*strategy_family("routing.algorithm"), e.name);
    const std::string on_type = info.topology;
    const Topology* on = &mesh;
    if (on_type == "fattree") on = &tree;
    if (on_type == "dragonfly") on = &topo;
    const auto r = make_routing(c, *on);
    ASSERT_NE(r, nullptr) << e.name;
    EXPECT_STREQ(r->name(), e.name);
  }
  for (const auto& t : trigger_registry())
    for (const auto& p : policy_registry()) {
      Config c;
      c.set_override("routing.algorithm=olm");
      c.set_override(std::string("routing.trigger=") + t.name);
      c.set_override(std::string("routing.global_policy=") + p.name);
      EXPECT_STREQ(make_routing(c, topo)->name(), "olm") << t.name << " " << p.name;
    }
}

// A topology that is not a Dragonfly: two routers joined by one Global link, one node each.
class TwoRouterTopology final : public Topology {
 public:
  std::string describe() const override { return "two routers"; }
  uint32_t routers() const override { return 2; }
  uint32_t nodes() const override { return 2; }
  uint32_t router_radix() const override { return 2; }
  PortClass port_class_of(uint32_t, uint32_t port) const override {
    return port == 0 ? kInjectionClass : df::kGlobal;
  }
  PortRef peer(uint32_t router, uint32_t) const override { return {1 - router, 1}; }
  uint32_t node_router(uint32_t node) const override { return node; }
  uint32_t node_port(uint32_t) const override { return 0; }
  uint32_t node_at(uint32_t router, uint32_t) const override { return router; }
  uint32_t partitions() const override { return 2; }
  uint32_t partition_first(uint32_t partition) const override { return partition; }
  uint32_t partition_of_router(uint32_t router) const override { return router; }
  uint32_t partition_node_count(uint32_t) const override { return 1; }
  uint32_t partition_node(uint32_t partition, uint32_t) const override { return partition; }
  const std::vector<std::string>& port_class_names() const override {
    return df::port_class_names();
  }
  void min_hops(uint32_t src, uint32_t dst, uint32_t hops[kMaxPortClasses]) const override {
    for (uint32_t c = 0; c < kMaxPortClasses; ++c) hops[c] = 0;
    hops[df::kGlobal] = src == dst ? 0 : 1;
  }
};

// Every algorithm of the registry is written for one topology: on another each is refused with a
// ConfigError naming the algorithm, what it needs and the topology it was given.
TEST(StrategyRegistry, AlgorithmRefusesAnotherTopologyNamingIt) {
  const TwoRouterTopology topo;
  for (const auto& e : routing_registry()) {
    Config c;
    c.set_override(std::string("routing.algorithm=") + e.name);
    const std::string type = strategy_info(*strategy_family("routing.algorithm"), e.name)->topology;
    const std::string needs = type == "dragonfly" ? "a Dragonfly topology (topology.type=dragonfly)"
                              : type == "fattree" ? "a fat tree (topology.type=fattree)"
                              : type == "mesh"    ? "a mesh (topology.type=mesh)"
                                                  : "a mesh or torus (topology.type=mesh|torus)";
    EXPECT_EQ(error_of([&] { make_routing(c, topo); }), std::string("routing.algorithm=") + e.name +
                                                            ": needs " + needs +
                                                            "; the topology is two routers");
  }
}

// The minimal output every Dragonfly algorithm reports to the sensors is the topology's: the
// ejection port at the destination router, else Dragonfly::min_output.
TEST(StrategyRegistry, DragonflyAlgorithmsReportTheTopologysMinimalOutput) {
  const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  Packet to_node_13;
  to_node_13.dst = 13;  // router 6 (group 1), port 1
  for (const auto& e : routing_registry()) {
    if (std::string(strategy_info(*strategy_family("routing.algorithm"), e.name)->topology) !=
        "dragonfly")
      continue;
    Config c;
    c.set_override(std::string("routing.algorithm=") + e.name);
    const auto r = make_routing(c, topo);
    EXPECT_EQ(r->minimal_output(6, to_node_13), 1u) << e.name;
    for (uint32_t router : {0u, 3u, 5u, 20u})
      EXPECT_EQ(r->minimal_output(router, to_node_13), topo.min_output(router, 6))
          << e.name << " at " << router;
  }
}

TEST(StrategyRegistry, TriggersDeclareTheirSensors) {
  const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  const std::set<std::string> counted = {"contention", "filtered", "hybrid", "ectn"};
  for (const auto& t : trigger_registry()) {
    Config c;
    c.set_override("routing.algorithm=olm");
    c.set_override(std::string("routing.trigger=") + t.name);
    const SensorNeeds n = make_routing(c, topo)->sensor_needs();
    EXPECT_EQ(n.contention, counted.count(t.name) == 1) << t.name;
    EXPECT_EQ(n.filtered, std::string(t.name) == "filtered") << t.name;
    EXPECT_EQ(n.ectn, std::string(t.name) == "ectn") << t.name;
  }
}

// An unknown name is refused when it is set, naming exactly the registered names.
TEST(StrategyCatalog, AllowedValuesMessageListsExactlyTheRegistry) {
  const std::pair<const char*, std::string> keys[] = {
      {"routing.algorithm", names_of(routing_registry())},
      {"routing.trigger", names_of(trigger_registry())},
      {"routing.global_policy", names_of(policy_registry())}};
  for (const auto& [key, names] : keys) {
    Config c;
    const std::string e = error_of([&] { c.set_override(std::string(key) + "=nope"); });
    EXPECT_EQ(e, std::string(key) + "=nope (--set): allowed values are " + names);
  }
}

Config with_vcs(const std::string& alg, uint32_t local, uint32_t global) {
  Config c;
  c.set_override("routing.algorithm=" + alg);
  c.set_override("router.vcs_local=" + std::to_string(local));
  c.set_override("router.vcs_global=" + std::to_string(global));
  return c;
}

// The minimum VCs of each algorithm: accepted at the minimum, refused one local or one global VC
// below it, with the message naming the algorithm, both minima and both values.
TEST(StrategyCatalog, MinimumVcCheckRefusesOneBelowEachEntrysMinimum) {
  for (const StrategyInfo& a : strategy_family("routing.algorithm")->entries) {
    if (std::string(a.topology) != "dragonfly")
      continue;  // TopologyRoutings.* (test_topology_routings)
    ASSERT_EQ(a.min_vcs.size(), 2u) << a.name;
    const uint32_t L = a.min_vcs[0].vcs, Gl = a.min_vcs[1].vcs;
    EXPECT_EQ(error_of([&] { validate_config(with_vcs(a.name, L, Gl)); }), "") << a.name;
    const std::string need = std::string("routing.algorithm=") + a.name + " needs at least " +
                             std::to_string(L) + " local and " + std::to_string(Gl) +
                             " global VCs for deadlock freedom; ";
    EXPECT_EQ(error_of([&] { validate_config(with_vcs(a.name, L - 1, Gl)); }),
              need + "router.vcs_local=" + std::to_string(L - 1) +
                  ", router.vcs_global=" + std::to_string(Gl));
    if (Gl > 1) {
      EXPECT_EQ(error_of([&] { validate_config(with_vcs(a.name, L, Gl - 1)); }),
                need + "router.vcs_local=" + std::to_string(L) +
                    ", router.vcs_global=" + std::to_string(Gl - 1));
    }
  }
  const std::pair<const char*, std::pair<uint32_t, uint32_t>> thesis[] = {
      {"min", {2, 1}}, {"val", {4, 2}}, {"ugal", {4, 2}},
      {"pb", {4, 2}},  {"par", {5, 2}}, {"olm", {3, 2}}};
  for (const auto& [name, vcs] : thesis) {
    const StrategyInfo* i = strategy_info(*strategy_family("routing.algorithm"), name);
    ASSERT_NE(i, nullptr);
    ASSERT_EQ(i->min_vcs.size(), 2u) << name;
    EXPECT_STREQ(i->min_vcs[0].port_class, "local") << name;
    EXPECT_STREQ(i->min_vcs[1].port_class, "global") << name;
    EXPECT_EQ(i->min_vcs[0].vcs, vcs.first) << name;
    EXPECT_EQ(i->min_vcs[1].vcs, vcs.second) << name;
  }
}

// Each catalogue key set explicitly: accepted when the selected algorithm (and, for OLM, the
// selected trigger) lists it, refused otherwise.
TEST(StrategyCatalog, KeyAppliesExactlyToTheStrategiesThatReadIt) {
  const std::pair<const char*, const char*> values[] = {{"routing.ugal_f", "2"},
                                                        {"routing.ugal_t", "3"},
                                                        {"routing.sensing", "vc"},
                                                        {"routing.recompute_valiant", "false"},
                                                        {"routing.trigger", "credit"},
                                                        {"routing.global_policy", "mm"},
                                                        {"routing.threshold", "6"},
                                                        {"routing.ectn_threshold", "10"},
                                                        {"routing.ectn_period", "100"},
                                                        {"routing.filter_alpha", "0.5"},
                                                        {"routing.credit_threshold", "50"},
                                                        {"routing.credit_min_occupancy", "0"}};
  const auto lists = [](const StrategyInfo& e, const std::string& key) {
    for (const char* k : e.keys)
      if (key == k) return true;
    return false;
  };
  for (const StrategyInfo& a : strategy_family("routing.algorithm")->entries)
    for (const StrategyInfo& t : strategy_family("routing.trigger")->entries)
      for (const auto& [key, value] : values) {
        Config c = with_vcs(a.name, 5, 2);
        if (std::string(a.name) == "olm") c.set_override(std::string("routing.trigger=") + t.name);
        c.set_override(std::string(key) + "=" + value);
        const bool read = lists(a, key) || (std::string(a.name) == "olm" && lists(t, key));
        const std::string e = error_of([&] { validate_config(c); });
        EXPECT_EQ(e.empty(), read) << a.name << "/" << t.name << " " << key << ": " << e;
      }
}

}  // namespace
