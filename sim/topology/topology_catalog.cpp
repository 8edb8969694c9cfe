#include "sim/topology/topology_catalog.h"

#include "sim/topology/dragonfly.h"
#include "sim/util/registry.h"

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
int64_t dragonfly_routers(const TopologyKeys& k) {
  return Dragonfly::group_count(get_a(k), get_h(k)) * get_a(k);
}
std::vector<ClassPorts> dragonfly_ports(const TopologyKeys& k) {
  return {{"topology.p", double(get_p(k))},
          {"topology.a-1", double(get_a(k) - 1)},
          {"topology.h", double(get_h(k))}};
}
// ECtN broadcasts its partial counters over the local links: a broadcast must arrive before the
// next one is sent (seed 001 Sec. III-D).
std::string dragonfly_check_routing(const TopologyKeys& k) {
  if (k.get_str("routing.algorithm") == "olm" && k.get_str("routing.trigger") == "ectn" &&
      k.get_int("routing.ectn_period") < k.get_int("link.latency_local"))
    return "routing.ectn_period=" + std::to_string(k.get_int("routing.ectn_period")) +
           ": must be at least link.latency_local=" +
           std::to_string(k.get_int("link.latency_local")) +
           " (a broadcast must arrive before the next one is sent)";
  return "";
}
// VAL-group saves the local hop at the intermediate router: l0-g0-l1-g1-l2, 3 local VCs (thesis
// 000 Sec. 1.4.1).
int64_t dragonfly_min_vcs(const TopologyKeys& k, const char* port_class, int64_t catalogue_vcs) {
  const bool val_group =
      k.get_str("routing.algorithm") == "val" && k.get_str("routing.valiant") == "group";
  return val_group && std::string(port_class) == "local" ? 3 : catalogue_vcs;
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
       {"injection", "local", "global"},
       "group count a*h+1",
       dragonfly_check,
       dragonfly_groups,
       dragonfly_nodes,
       dragonfly_routers,
       dragonfly_ports,
       dragonfly_check_routing,
       dragonfly_min_vcs,
       make_dragonfly},
  };
  return catalog;
}

const TopologyEntry* topology_entry(const std::string& name) {
  return find_entry(topology_catalog(), name);
}

int port_class_index(const TopologyEntry& entry, const std::string& port_class) {
  for (size_t c = 0; c < entry.port_classes.size(); ++c)
    if (port_class == entry.port_classes[c]) return static_cast<int>(c);
  return -1;
}

std::string topology_names() {
  return entry_names(topology_catalog());
}

}  // namespace netcosim
