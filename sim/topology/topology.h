// What the network builder, the engines, traffic and the routers need to know of a topology
// (docs/architecture.md "Layers"): routers, nodes, radix, the class of each port, the peer of each
// port, and partitions (contiguous ranges of routers) with the port class whose links cross them.
// The Dragonfly (dragonfly.h) is the first implementation; a fat tree or a torus implements the
// same interface. Topology-specific routing (sim/routing/<topology>/) may hold the concrete type.
#pragma once

#include <cstdint>
#include <string>

namespace netcosim {

// The class of a router port. It indexes the per-class router parameters (VCs, buffer sizes) and
// the per-class link latencies:
//   Injection: a terminal port (a node's NIC injects on it, packets eject from it);
//   Local:     a link between two routers of the same partition;
//   Global:    a link between routers of different partitions.
// In the Dragonfly these are the injection, local and global ports and a partition is a group.
enum class PortKind : uint8_t { Injection = 0, Local = 1, Global = 2 };
constexpr uint32_t kPortKinds = 3;
// "injection", "local", "global": the class's name in messages and reports.
inline const char* port_class_name(PortKind k) {
  return k == PortKind::Injection ? "injection" : k == PortKind::Local ? "local" : "global";
}

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
  virtual PortKind port_kind_of(uint32_t router, uint32_t port) const = 0;
  // The router and input port at the other end of an inter-router output port.
  virtual PortRef peer(uint32_t router, uint32_t port) const = 0;
  // Where node n is attached (an Injection port) and which node is attached to a terminal port.
  virtual uint32_t node_router(uint32_t node) const = 0;
  virtual uint32_t node_port(uint32_t node) const = 0;
  virtual uint32_t node_at(uint32_t router, uint32_t port) const = 0;

  // Partitions: routers [partition_first(i), partition_first(i + 1)), in router order. Only
  // Global links connect different partitions, so an engine may simulate a partition up to the
  // Global links' latency ahead of the others (its lookahead; docs/principles.md §7).
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
  // (Local, Global): the zero-load latency (docs/model.md) is computed from them.
  virtual void min_hops(uint32_t src_router, uint32_t dst_router, uint32_t& local,
                        uint32_t& global) const = 0;
  uint32_t partition_size(uint32_t partition) const {
    const uint32_t last = partition + 1 < partitions() ? partition_first(partition + 1) : routers();
    return last - partition_first(partition);
  }
};

}  // namespace netcosim
