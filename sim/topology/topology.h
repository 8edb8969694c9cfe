// What the network builder, the engines, traffic and the routers need to know of a topology
// (docs/architecture.md "Layers", "Port classes"): routers, nodes, radix, the named port classes
// and the class of each port, the peer of each port, and partitions (contiguous ranges of routers).
// The Dragonfly (dragonfly.h) is the first implementation; a fat tree or a torus implements the
// same interface. Topology-specific routing (sim/routing/<topology>/) may hold the concrete type.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace netcosim {

// Port classes (docs/architecture.md "Port classes"). Each topology declares its named classes
// (Topology::port_class_names(); the catalogue entry lists the same names): class 0 is always the
// terminal class "injection" (a node's NIC injects on such a port and packets eject from it); the
// others are the classes of its router-to-router links, e.g. the Dragonfly's local and global
// links, a fat tree's up and down links, a mesh's dimensions. A class indexes the per-class router
// parameters (VCs and buffer per VC: router.vcs_<class>, router.buffer_<class>), the link latency
// (link.latency_<class>), the routings' VC minima and VC orders, and the per-class hop statistics.
// A topology numbers its ports so that port i has the same class on every router.
using PortClass = uint8_t;
constexpr PortClass kInjectionClass = 0;
// Classes a topology may declare, injection included (sizes the per-class tables).
constexpr uint32_t kMaxPortClasses = 4;

// The grid of a mesh or torus, as the coordinate-based traffic patterns (tornado, transpose;
// sim/traffic/traffic.h) read it: switches per dimension (x first) and nodes per switch, with
// node n = i + c*(x + X*(y + Y*z)) on port i of switch (x, y, z). Empty dims: not a grid.
struct GridShape {
  std::vector<uint32_t> dims;
  uint32_t nodes_per_switch = 1;
};

// The ring of the SAT signal (traffic.throttling=sat; seed 004 Sec. 2.1, 4.1; docs/model.md "SAT
// injection throttling"): every node once, in the order the signal visits them; from the last back
// to the first. Between two nodes on different routers the signal crosses the links of a minimal
// path between their routers (Topology::min_hops), between two nodes of one router it takes one
// cycle; `node_links`: it also crosses the two nodes' links (a fat tree, whose switches hold no
// node: seed 004's H(n) counts them). Empty `nodes` when the topology has no ring, `why` saying
// why.
struct SatRing {
  std::vector<uint32_t> nodes;
  bool node_links = false;
  std::string why;
};

class Topology {
 public:
  struct PortRef {
    uint32_t router;
    uint32_t port;
  };

  virtual ~Topology() = default;
  // A one-line description (name and parameters) for summaries and error messages.
  virtual std::string describe() const = 0;

  virtual uint32_t routers() const = 0;
  virtual uint32_t nodes() const = 0;
  // Ports per router (every router has the same radix in the topologies modelled so far).
  virtual uint32_t router_radix() const = 0;
  // The names of the port classes, class 0 first ("injection"); at most kMaxPortClasses.
  virtual const std::vector<std::string>& port_class_names() const = 0;
  uint32_t port_classes() const { return static_cast<uint32_t>(port_class_names().size()); }
  virtual PortClass port_class_of(uint32_t router, uint32_t port) const = 0;
  // The class of which every minimal path takes at most one hop, so that a packet with two hops
  // of it left its minimal path at that level (the statistics' global_misrouted_fraction);
  // kInjectionClass when the topology has none.
  virtual PortClass single_hop_class() const { return kInjectionClass; }
  // The router and input port at the other end of an inter-router output port; {kNoRouter, 0}
  // for a port that is not connected (a mesh's edge, a fat tree's top-level up ports).
  static constexpr uint32_t kNoRouter = 0xffffffffu;
  virtual PortRef peer(uint32_t router, uint32_t port) const = 0;
  // Where node n is attached (an Injection port) and which node is attached to a terminal port.
  virtual uint32_t node_router(uint32_t node) const = 0;
  virtual uint32_t node_port(uint32_t node) const = 0;
  virtual uint32_t node_at(uint32_t router, uint32_t port) const = 0;

  // Partitions: routers [partition_first(i), partition_first(i + 1)), in router order. An engine
  // may simulate a partition ahead of the others by the shortest latency of the links that cross
  // partitions (its lookahead; the builder computes it from the topology's links).
  virtual uint32_t partitions() const = 0;
  virtual uint32_t partition_first(uint32_t partition) const = 0;
  virtual uint32_t partition_of_router(uint32_t router) const = 0;
  // Virtual so that a topology answers in one call (ECtN asks it for every counted head).
  virtual uint32_t partition_of_node(uint32_t node) const {
    return partition_of_router(node_router(node));
  }
  // The nodes of a partition (those attached to its routers): how many, and the index-th of them
  // (0 <= index < partition_node_count). Traffic patterns draw destinations through these.
  virtual uint32_t partition_node_count(uint32_t partition) const = 0;
  virtual uint32_t partition_node(uint32_t partition, uint32_t index) const = 0;
  // Router-to-router hops of a minimal path from `src_router` to `dst_router`, by port class
  // (hops[c] for the class of each hop's output port; hops[kInjectionClass] = 0): the zero-load
  // latency (docs/model.md) is computed from them.
  virtual void min_hops(uint32_t src_router, uint32_t dst_router,
                        uint32_t hops[kMaxPortClasses]) const = 0;
  // True if the link of output `port` of `router` joins two partitions (never for a terminal
  // port).
  bool crosses_partitions(uint32_t router, uint32_t port) const {
    if (port_class_of(router, port) == kInjectionClass) return false;
    const PortRef q = peer(router, port);
    return q.router != kNoRouter && partition_of_router(q.router) != partition_of_router(router);
  }
  // The SAT ring (SatRing); the default: none.
  virtual SatRing sat_ring() const {
    SatRing r;
    r.why = describe() + " defines no SAT ring";
    return r;
  }
  // The grid of a mesh or torus; empty dims for other topologies (the default).
  virtual GridShape grid() const { return {}; }
  uint32_t partition_size(uint32_t partition) const {
    const uint32_t last = partition + 1 < partitions() ? partition_first(partition + 1) : routers();
    return last - partition_first(partition);
  }
};

}  // namespace netcosim
