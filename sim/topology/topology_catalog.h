// The topology catalogue: one entry per value of topology.type, with the topology.* keys it reads,
// the check of its shape (run by validate_config before anything is built), its partition and
// node counts (read by the traffic checks), and its factory (the network builder's one
// make_topology line). The configuration sits above this folder, so an entry reads the
// configuration through TopologyKeys (implemented by Config), and returns its errors as text.
// A new topology (fat tree, torus) is a Topology implementation (sim/topology/<name>.{h,cpp}) and
// one entry here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/topology/topology.h"

namespace netcosim {

// The values of the configuration keys, as the schema checked them (integers within their range,
// enumerations among their allowed values). Config implements it.
class TopologyKeys {
 public:
  virtual int64_t get_int(const std::string& key) const = 0;
  virtual const std::string& get_str(const std::string& key) const = 0;

 protected:
  ~TopologyKeys() = default;
};

// The ports of one class on a router, as the memory estimate and its messages count them: how many
// (a mean over the routers where they differ) and how the message names the count.
struct ClassPorts {
  std::string what;  // e.g. "topology.h" (the key giving the count) or "2*topology.k"
  double per_router;
};

struct TopologyEntry {
  const char* name;  // the value of topology.type
  // The topology.* keys it reads, and the keys of other sections that apply to this topology
  // only (e.g. routing.torus_deadlock): a key listed by some entry applies to those entries only.
  std::vector<const char*> keys;
  // Its port classes, class 0 ("injection") first: the names Topology::port_class_names() returns,
  // from which the per-class keys router.vcs_<class>, router.buffer_<class> and
  // link.latency_<class> are spelled.
  std::vector<const char*> port_classes;
  // How error messages name the partition count, e.g. "group count a*h+1".
  const char* partition_count_name;
  // Empty when the shape is supported, else the error naming the keys, values and limit.
  std::string (*check)(const TopologyKeys& keys);
  int64_t (*partitions)(const TopologyKeys& keys);
  int64_t (*nodes)(const TopologyKeys& keys);
  int64_t (*routers)(const TopologyKeys& keys);
  // Ports of each class per router, in class order (memory estimate, threshold warning).
  std::vector<ClassPorts> (*ports)(const TopologyKeys& keys);
  // The checks of the topology's routings beyond the schema and the VC minima (nullptr: none):
  // empty, or the error naming the keys.
  std::string (*check_routing)(const TopologyKeys& keys);
  // The VCs routing.algorithm needs on `port_class` when its options change the catalogue's
  // minimum `catalogue_vcs` (nullptr: the catalogue's minimum).
  int64_t (*min_vcs)(const TopologyKeys& keys, const char* port_class, int64_t catalogue_vcs);
  // The topology (the shape has passed check).
  std::unique_ptr<Topology> (*make)(const TopologyKeys& keys);
  // Its partitions all hold nodes, as the partition-based traffic patterns (adv, advc) need: the
  // Dragonfly's groups. A fat tree's upper levels hold none.
  bool partition_traffic = false;
  // The grid of a mesh or torus (Topology::grid() of the topology `make` builds), read by the
  // traffic patterns' checks (tornado, transpose); nullptr for other topologies.
  GridShape (*grid)(const TopologyKeys& keys) = nullptr;
};

const std::vector<TopologyEntry>& topology_catalog();
// The entry named `name`, nullptr if none.
const TopologyEntry* topology_entry(const std::string& name);
// The class index of `port_class` in `entry`, or -1 when the topology has no such class.
int port_class_index(const TopologyEntry& entry, const std::string& port_class);
// The entries' names, '|'-separated (the allowed values of topology.type).
std::string topology_names();

}  // namespace netcosim
