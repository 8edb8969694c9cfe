// Meshes and tori in two and three dimensions (k-ary n-cubes: the 8x8 and 8x8x8 tori of thesis
// 003 Sec. 4.4.1 and 5.5.2, the 8x8 mesh and torus of paper 004 Sec. 3). Numbering
// (docs/model.md "Meshes and tori"):
//   dims X x Y (x Z); switch r = x + X*(y + Y*z); c = topology.nodes_per_switch nodes per
//   switch, node n = r*c + i on port i (0 <= i < c);
//   t = topology.trunk parallel links per neighbour direction (a trunk: thesis 003 Sec. 4.4.1 and
//   5.5.2, "four 10x trunk links", whose ports "work independently");
//   ports 0..c-1 injection, then per dimension d (x, y, z) the ports c+2dt+k towards coordinate
//   + 1 and c+(2d+1)t+k towards coordinate - 1, k = 0..t-1 the link of the trunk; port k of the
//   + trunk of one switch and port k of the - trunk of its neighbour are the two ends of one
//   link (t = 1: ports c+2d and c+2d+1). A mesh's edge ports have no peer (Topology::kNoRouter);
//   a torus wraps around (coordinate D-1 + 1 = 0).
// Port classes: "injection", "x", "y", "z" (both directions of a dimension share its class). A
// 2D network declares "z" too (the catalogue's classes are per topology.type) but has no z port.
// Partitions: the switches with the same last coordinate (a row y of a 2D network, a plane z of
// a 3D one), in router order; the links of the last dimension cross partitions (lookahead:
// link.latency_y in 2D, link.latency_z in 3D).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/topology/topology.h"

namespace netcosim {

namespace mesh {
// The class of dimension d is 1 + d.
constexpr PortClass kX = 1;
// "injection", "x", "y", "z".
const std::vector<std::string>& port_class_names();
// Parses topology.dims: "AxB" or "AxBxC", each a decimal integer in [2, kMaxDim] without sign
// or leading zeros; false if malformed.
constexpr uint32_t kMaxDim = 32;
bool parse_dims(const std::string& text, std::vector<uint32_t>& dims);
}  // namespace mesh

class Mesh final : public Topology {
 public:
  Mesh(std::vector<uint32_t> dims, uint32_t nodes_per_switch, bool torus, uint32_t trunk = 1);

  // Empty when the shape is supported (radix c + 2*dims*trunk <= 64, at most 100,000,000
  // nodes), else the error naming the keys.
  static std::string check(const std::vector<uint32_t>& dims, int64_t nodes_per_switch,
                           int64_t trunk = 1);

  std::string describe() const override;
  uint32_t routers() const override { return routers_; }
  uint32_t nodes() const override { return routers_ * c_; }
  uint32_t router_radix() const override { return c_ + 2 * ndims() * t_; }
  const std::vector<std::string>& port_class_names() const override {
    return mesh::port_class_names();
  }
  PortClass port_class_of(uint32_t /*router*/, uint32_t port) const override {
    return port < c_ ? kInjectionClass : static_cast<PortClass>(mesh::kX + dim_of_port(port));
  }
  PortRef peer(uint32_t router, uint32_t port) const override;
  uint32_t node_router(uint32_t node) const override { return node / c_; }
  uint32_t node_port(uint32_t node) const override { return node % c_; }
  uint32_t node_at(uint32_t router, uint32_t port) const override { return router * c_ + port; }
  uint32_t partitions() const override { return dims_.back(); }
  uint32_t partition_first(uint32_t partition) const override { return partition * stride_.back(); }
  uint32_t partition_of_router(uint32_t router) const override { return router / stride_.back(); }
  uint32_t partition_node_count(uint32_t /*partition*/) const override {
    return stride_.back() * c_;
  }
  uint32_t partition_node(uint32_t partition, uint32_t index) const override {
    return partition * stride_.back() * c_ + index;
  }
  void min_hops(uint32_t src_router, uint32_t dst_router,
                uint32_t hops[kMaxPortClasses]) const override;
  GridShape grid() const override { return GridShape{dims_, c_}; }
  // The SAT ring (docs/model.md "SAT injection throttling"): a Hamiltonian cycle of the switches,
  // each hop one link, the nodes of a switch one after the other; none when the switch count is
  // odd (a mesh is bipartite; a torus of odd sides has one, not built here).
  SatRing sat_ring() const override;

  bool torus() const { return torus_; }
  uint32_t ndims() const { return static_cast<uint32_t>(dims_.size()); }
  uint32_t dim(uint32_t d) const { return dims_[d]; }
  uint32_t nodes_per_switch() const { return c_; }
  uint32_t coord(uint32_t router, uint32_t d) const { return (router / stride_[d]) % dims_[d]; }
  uint32_t trunk() const { return t_; }
  // The output towards coordinate + 1 (plus) or - 1 of dimension d: link k of the trunk.
  uint32_t port(uint32_t d, bool plus, uint32_t k = 0) const {
    return c_ + (2 * d + (plus ? 0 : 1)) * t_ + k;
  }
  uint32_t dim_of_port(uint32_t port) const { return (port - c_) / (2 * t_); }
  bool is_plus(uint32_t port) const { return ((port - c_) / t_ & 1) == 0; }
  uint32_t link_of_port(uint32_t port) const { return (port - c_) % t_; }
  uint32_t stride(uint32_t d) const { return stride_[d]; }

 private:
  std::vector<uint32_t> dims_, stride_;
  uint32_t c_, routers_, t_;
  bool torus_;
};

}  // namespace netcosim
