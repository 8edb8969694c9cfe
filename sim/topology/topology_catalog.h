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

struct TopologyEntry {
  const char* name;               // the value of topology.type
  std::vector<const char*> keys;  // the topology.* keys it reads
  // How error messages name the partition count, e.g. "group count a*h+1".
  const char* partition_count_name;
  // Empty when the shape is supported, else the error naming the keys, values and limit.
  std::string (*check)(const TopologyKeys& keys);
  int64_t (*partitions)(const TopologyKeys& keys);
  int64_t (*nodes)(const TopologyKeys& keys);
  // The topology (the shape has passed check).
  std::unique_ptr<Topology> (*make)(const TopologyKeys& keys);
};

const std::vector<TopologyEntry>& topology_catalog();
// The entry named `name`, nullptr if none.
const TopologyEntry* topology_entry(const std::string& name);
// The entries' names, '|'-separated (the allowed values of topology.type).
std::string topology_names();

}  // namespace netcosim
