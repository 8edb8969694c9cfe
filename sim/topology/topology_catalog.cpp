#include "sim/topology/topology_catalog.h"

#include "sim/topology/dragonfly.h"
#include "sim/topology/fattree.h"
#include "sim/topology/mesh.h"
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
// 000 Sec. 1.4.1), for VAL and for UGAL's and PiggyBack's Valiant paths.
int64_t dragonfly_min_vcs(const TopologyKeys& k, const char* port_class, int64_t catalogue_vcs) {
  const std::string& alg = k.get_str("routing.algorithm");
  const bool val_group =
      (alg == "val" || alg == "ugal" || alg == "pb") && k.get_str("routing.valiant") == "group";
  return val_group && std::string(port_class) == "local" ? 3 : catalogue_vcs;
}
std::unique_ptr<Topology> make_dragonfly(const TopologyKeys& k) {
  return std::make_unique<Dragonfly>(
      static_cast<uint32_t>(get_p(k)), static_cast<uint32_t>(get_a(k)),
      static_cast<uint32_t>(get_h(k)),
      k.get_str("topology.arrangement") == "consecutive" ? Arrangement::Consecutive
                                                         : Arrangement::Palmtree);
}

// The k-ary n-tree (fattree.h): topology.k, topology.n.
int64_t get_k(const TopologyKeys& k) {
  return k.get_int("topology.k");
}
int64_t get_n(const TopologyKeys& k) {
  return k.get_int("topology.n");
}
std::string fattree_check(const TopologyKeys& k) {
  return FatTree::check(get_k(k), get_n(k));
}
int64_t fattree_partitions(const TopologyKeys& k) {
  return get_n(k) >= 2 ? get_n(k) * get_k(k) : 1;
}
int64_t fattree_nodes(const TopologyKeys& k) {
  return FatTree::pow(get_k(k), get_n(k));
}
int64_t fattree_routers(const TopologyKeys& k) {
  return get_n(k) * FatTree::pow(get_k(k), get_n(k) - 1);
}
// Level 0 has k injection and k tree ports, the other levels 2k tree ports; n = 1 is one switch
// of k injection ports.
std::vector<ClassPorts> fattree_ports(const TopologyKeys& k) {
  const double K = double(get_k(k)), n = double(get_n(k));
  if (get_n(k) == 1) return {{"topology.k", K}, {"0 (n = 1)", 0}};
  return {{"topology.k/topology.n", K / n},
          {"2*topology.k - topology.k/topology.n", 2 * K - K / n}};
}
std::unique_ptr<Topology> make_fattree(const TopologyKeys& k) {
  return std::make_unique<FatTree>(static_cast<uint32_t>(get_k(k)),
                                   static_cast<uint32_t>(get_n(k)));
}

// Meshes and tori (mesh.h): topology.dims, topology.nodes_per_switch, topology.trunk.
std::vector<uint32_t> get_dims(const TopologyKeys& k) {
  std::vector<uint32_t> dims;
  mesh::parse_dims(k.get_str("topology.dims"), dims);
  return dims;
}
int64_t get_c(const TopologyKeys& k) {
  return k.get_int("topology.nodes_per_switch");
}
int64_t get_t(const TopologyKeys& k) {
  return k.get_int("topology.trunk");
}
std::string mesh_check(const TopologyKeys& k) {
  std::vector<uint32_t> dims;
  if (!mesh::parse_dims(k.get_str("topology.dims"), dims))
    return "topology.dims=" + k.get_str("topology.dims") +
           ": must be AxB or AxBxC (2 or 3 dimensions), each a decimal integer in [2, " +
           std::to_string(mesh::kMaxDim) + "] (a dimension's hops fit the 5-bit hop counter)";
  return Mesh::check(dims, get_c(k), get_t(k));
}
int64_t mesh_routers(const TopologyKeys& k) {
  int64_t r = 1;
  for (uint32_t d : get_dims(k)) r *= d;
  return r;
}
int64_t mesh_partitions(const TopologyKeys& k) {
  const std::vector<uint32_t> dims = get_dims(k);
  return dims.empty() ? 1 : dims.back();
}
int64_t mesh_nodes(const TopologyKeys& k) {
  return mesh_routers(k) * get_c(k);
}
// A mesh's edge switches have fewer connected ports; the estimate counts every port.
std::vector<ClassPorts> mesh_ports(const TopologyKeys& k) {
  const size_t n = get_dims(k).size();
  const double t = double(get_t(k));
  const char* two = get_t(k) == 1 ? "2" : "2*topology.trunk";
  return {{"topology.nodes_per_switch", double(get_c(k))},
          {two, 2 * t},
          {two, 2 * t},
          {n == 3 ? two : "0", n == 3 ? 2 * t : 0.0}};
}
// A 2D network has no z port: its routings need no z VC beyond the schema's minimum of 1.
int64_t mesh_min_vcs(const TopologyKeys& k, const char* port_class, int64_t catalogue_vcs) {
  const bool no_z = std::string(port_class) == "z" && get_dims(k).size() == 2;
  return no_z ? 1 : catalogue_vcs;
}
// DOR on a torus needs, on each dimension it has, 2 VCs with a dateline and 1 with bubble flow
// control (docs/model.md "Meshes and tori").
int64_t torus_min_vcs(const TopologyKeys& k, const char* port_class, int64_t catalogue_vcs) {
  const std::string cls = port_class;
  const bool no_z = cls == "z" && get_dims(k).size() == 2;
  if (cls == "injection" || no_z || k.get_str("routing.algorithm") != "dor")
    return mesh_min_vcs(k, port_class, catalogue_vcs);
  return k.get_str("routing.torus_deadlock") == "bubble" ? 1 : 2;
}
// Bubble flow control: a packet entering a ring needs room for two packets in the downstream VC;
// without it the routing's answer allows no VC (RouteResult::vcs = 0, sim/routing/mesh/dor.h).
// mesh_adaptive on a torus is the adaptive bubble router (paper 004 Sec. 3 [36]): its escape
// channel is DOR under bubble flow control, so it needs routing.torus_deadlock=bubble.
std::string torus_check_routing(const TopologyKeys& k) {
  if (k.get_str("routing.algorithm") == "mesh_adaptive" &&
      k.get_str("routing.torus_deadlock") != "bubble")
    return "routing.algorithm=mesh_adaptive with routing.torus_deadlock=" +
           k.get_str("routing.torus_deadlock") +
           ": on topology.type=torus the adaptive routing's escape channel is DOR under bubble "
           "flow control (the adaptive bubble router, paper 004 Sec. 3); allowed: "
           "routing.torus_deadlock=bubble";
  if (k.get_str("routing.torus_deadlock") != "bubble") return "";
  const int64_t two = 2 * k.get_int("packet.size");
  for (const char* key : {"router.buffer_x", "router.buffer_y", "router.buffer_z"})
    if (k.get_int(key) < two)
      return std::string(key) + "=" + std::to_string(k.get_int(key)) +
             ": at least 2*packet.size=" + std::to_string(two) +
             " with routing.torus_deadlock=bubble (a packet entering a ring needs room for two)";
  return "";
}
std::unique_ptr<Topology> make_mesh(const TopologyKeys& k) {
  return std::make_unique<Mesh>(get_dims(k), static_cast<uint32_t>(get_c(k)), false,
                                static_cast<uint32_t>(get_t(k)));
}
std::unique_ptr<Topology> make_torus(const TopologyKeys& k) {
  return std::make_unique<Mesh>(get_dims(k), static_cast<uint32_t>(get_c(k)), true,
                                static_cast<uint32_t>(get_t(k)));
}
GridShape mesh_grid(const TopologyKeys& k) {
  return GridShape{get_dims(k), static_cast<uint32_t>(get_c(k))};
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
       make_dragonfly,
       true},
      {"fattree",
       {"topology.k", "topology.n"},
       {"injection", "tree"},
       "partition count n*k",
       fattree_check,
       fattree_partitions,
       fattree_nodes,
       fattree_routers,
       fattree_ports,
       nullptr,
       nullptr,
       make_fattree},
      {"mesh",
       {"topology.dims", "topology.nodes_per_switch", "topology.trunk", "routing.trunk_select"},
       {"injection", "x", "y", "z"},
       "partition count (the last dimension)",
       mesh_check,
       mesh_partitions,
       mesh_nodes,
       mesh_routers,
       mesh_ports,
       nullptr,
       mesh_min_vcs,
       make_mesh,
       false,
       mesh_grid},
      {"torus",
       {"topology.dims", "topology.nodes_per_switch", "topology.trunk", "routing.trunk_select",
        "routing.torus_deadlock"},
       {"injection", "x", "y", "z"},
       "partition count (the last dimension)",
       mesh_check,
       mesh_partitions,
       mesh_nodes,
       mesh_routers,
       mesh_ports,
       torus_check_routing,
       torus_min_vcs,
       make_torus,
       false,
       mesh_grid},
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
