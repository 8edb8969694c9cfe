// The catalogue of routing strategies: what the configuration knows about each registered routing
// algorithm, OLM misrouting trigger and global misrouting policy (docs/architecture.md "The
// strategy registries"). One entry per strategy: its
// name, a one-line description, the routing.* keys it reads, and for a routing algorithm the
// topology it routes on and the VCs per port class it needs for deadlock freedom. The schema's
// allowed values, validate_config() and `netcosim run --help` read this table;
// the registries of sim/routing pair each entry with the factory that builds it (the configuration sits
// below routing in the layers, so the factories cannot live here; a unit test checks that the two
// list the same names in the same order).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace netcosim {

// The VCs a routing needs on the ports of one class for deadlock freedom.
struct ClassVcs {
  const char* port_class;  // a class name of the routing's topology ("local")
  uint32_t vcs;
};

struct StrategyInfo {
  const char* name;
  const char* description;
  std::vector<const char*> keys;  // the routing.* keys it reads
  // Routing algorithms: the topology.type they route on ('|'-separated when several, e.g.
  // "mesh|torus"; nullptr: any) and the VCs they need per port class (empty: no requirement of
  // their own; the topology entry's min_vcs hook may change them).
  const char* topology = nullptr;
  std::vector<ClassVcs> min_vcs = {};
};

// A family of strategies selected by one key. A family with a parent applies only when the
// parent key selects `parent_value` (the OLM triggers and policies apply to routing.algorithm=olm).
struct StrategyFamily {
  const char* key;   // "routing.algorithm"
  const char* what;  // "routing algorithms": the heading of --help
  const char* parent_key = nullptr;
  const char* parent_value = nullptr;
  std::vector<StrategyInfo> entries;
};

// The families: routing.algorithm, routing.trigger, routing.global_policy.
const std::vector<StrategyFamily>& strategy_catalog();
// The family selected by `key`, or nullptr.
const StrategyFamily* strategy_family(const std::string& key);
// The entry `name` of `family`, or nullptr.
const StrategyInfo* strategy_info(const StrategyFamily& family, const std::string& name);
// The names of a family, '|'-separated (the schema's allowed values).
std::string strategy_names(const StrategyFamily& family);

}  // namespace netcosim
