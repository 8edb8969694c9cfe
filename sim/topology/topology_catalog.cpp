#include "sim/topology/topology_catalog.h"

#include "sim/topology/dragonfly.h"

namespace netcosim {

namespace {

// The Dragonfly (dragonfly.h): topology.p, topology.a, topology.h and topology.arrangement.
int64_t get_p(const TopologyKeys& k) {
  return k.get_int("topology.p");
}
int64_t get_a(const TopologyKeys& k) {
  return k.get_int("topology.a");
}
int64_t get_h(const TopologyKeys& k) {
  return k.get_int("topology.h");
}

std::string dragonfly_check(const TopologyKeys& k) {
  return Dragonfly::check(get_p(k), get_a(k), get_h(k));
}
int64_t dragonfly_groups(const TopologyKeys& k) {
  return Dragonfly::group_count(get_a(k), get_h(k));
}
int64_t dragonfly_nodes(const TopologyKeys& k) {
  return Dragonfly::node_count(get_p(k), get_a(k), get_h(k));
}
std::unique_ptr<Topology> make_dragonfly(const TopologyKeys& k) {
  return std::make_unique<Dragonfly>(
      static_cast<uint32_t>(get_p(k)), static_cast<uint32_t>(get_a(k)),
      static_cast<uint32_t>(get_h(k)),
      k.get_str("topology.arrangement") == "consecutive" ? Arrangement::Consecutive
                                                         : Arrangement::Palmtree);
}

}  // namespace

const std::vector<TopologyEntry>& topology_catalog() {
  static const std::vector<TopologyEntry> catalog = {
      {"dragonfly",
       {"topology.p", "topology.a", "topology.h", "topology.arrangement"},
       "group count a*h+1",
       dragonfly_check,
       dragonfly_groups,
       dragonfly_nodes,
       make_dragonfly},
  };
  return catalog;
}

const TopologyEntry* topology_entry(const std::string& name) {
  for (const TopologyEntry& e : topology_catalog())
    if (name == e.name) return &e;
  return nullptr;
}

std::string topology_names() {
  std::string names;
  for (const TopologyEntry& e : topology_catalog())
    names += (names.empty() ? "" : "|") + std::string(e.name);
  return names;
}

}  // namespace netcosim
