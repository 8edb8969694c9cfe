#include "sim/topology/mesh.h"

namespace netcosim {

const std::vector<std::string>& mesh::port_class_names() {
  static const std::vector<std::string> names = {"injection", "x", "y", "z"};
  return names;
}

bool mesh::parse_dims(const std::string& text, std::vector<uint32_t>& dims) {
  dims.clear();
  size_t i = 0;
  while (true) {
    const size_t start = i;
    uint32_t v = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9' && i - start < 3)
      v = v * 10 + static_cast<uint32_t>(text[i++] - '0');
    if (i == start || text[start] == '0' || v < 2 || v > kMaxDim) return false;
    dims.push_back(v);
    if (i == text.size()) break;
    if (text[i] != 'x' || dims.size() == 3) return false;
    ++i;
  }
  return dims.size() >= 2;
}

Mesh::Mesh(std::vector<uint32_t> dims, uint32_t nodes_per_switch, bool torus, uint32_t trunk)
    : dims_(std::move(dims)), c_(nodes_per_switch), routers_(1), t_(trunk), torus_(torus) {
  for (uint32_t d : dims_) {
    stride_.push_back(routers_);
    routers_ *= d;
  }
}

Topology::PortRef Mesh::peer(uint32_t router, uint32_t port) const {
  const uint32_t d = dim_of_port(port), x = coord(router, d), D = dims_[d];
  const bool plus = is_plus(port);
  uint32_t nx;
  if (plus)
    nx = x + 1 < D ? x + 1 : (torus_ ? 0 : D);
  else
    nx = x > 0 ? x - 1 : (torus_ ? D - 1 : D);
  if (nx == D) return {kNoRouter, 0};
  return {router + nx * stride_[d] - x * stride_[d], this->port(d, !plus, link_of_port(port))};
}

void Mesh::min_hops(uint32_t src, uint32_t dst, uint32_t hops[kMaxPortClasses]) const {
  for (uint32_t c = 0; c < kMaxPortClasses; ++c) hops[c] = 0;
  for (uint32_t d = 0; d < ndims(); ++d) {
    const uint32_t a = coord(src, d), b = coord(dst, d);
    const uint32_t delta = a > b ? a - b : b - a;
    hops[mesh::kX + d] = torus_ && dims_[d] - delta < delta ? dims_[d] - delta : delta;
  }
}

std::string Mesh::check(const std::vector<uint32_t>& dims, int64_t nodes_per_switch,
                        int64_t trunk) {
  const int64_t radix = nodes_per_switch + 2 * static_cast<int64_t>(dims.size()) * trunk;
  if (trunk > 1 && radix > 64)
    return "topology.trunk=" + std::to_string(trunk) +
           ": router radix nodes_per_switch + 2*dimensions*trunk = " +
           std::to_string(nodes_per_switch) + " + 2*" + std::to_string(dims.size()) + "*" +
           std::to_string(trunk) + " = " + std::to_string(radix) +
           " exceeds the supported maximum of 64 ports (the routers' 64-bit port masks)";
  if (radix > 64)
    return "topology.nodes_per_switch=" + std::to_string(nodes_per_switch) +
           ": router radix nodes_per_switch + 2*dimensions = " + std::to_string(radix) +
           " exceeds the supported maximum of 64 ports";
  int64_t nodes = nodes_per_switch;
  for (uint32_t d : dims) nodes *= d;
  if (nodes > 100000000)
    return "topology.dims, topology.nodes_per_switch: " + std::to_string(nodes) +
           " nodes exceeds the supported maximum of 100,000,000";
  return "";
}

// The cycle: the x axis (length X) and a boustrophedon path over the other dimensions (length M,
// consecutive entries one link apart) span an X x M grid; with B, the even one of the two, as the
// rows: row 0 along A from 0 to A-1, rows 1..B-1 back and forth over A-positions 1..A-1 (odd rows
// from A-1 down to 1), then A-position 0 from row B-1 down to row 1, and back to the start.
SatRing Mesh::sat_ring() const {
  SatRing ring;
  if (routers_ % 2 != 0) {
    ring.why = describe() + " has an odd number of switches (" + std::to_string(routers_) +
               (torus_ ? "): netcosim builds the SAT ring of a torus with an even switch count only"
                       : "): a mesh is bipartite, so it has no Hamiltonian cycle") +
               " (allowed: a dimension of even size)";
    return ring;
  }
  const uint32_t X = dims_[0];
  std::vector<uint32_t> path;  // router offsets of the other dimensions' boustrophedon path
  if (ndims() == 2) {
    for (uint32_t y = 0; y < dims_[1]; ++y) path.push_back(y * stride_[1]);
  } else {
    for (uint32_t z = 0; z < dims_[2]; ++z)
      for (uint32_t i = 0; i < dims_[1]; ++i) {
        const uint32_t y = z % 2 == 0 ? i : dims_[1] - 1 - i;
        path.push_back(y * stride_[1] + z * stride_[2]);
      }
  }
  const uint32_t M = static_cast<uint32_t>(path.size());
  const bool rows_are_path = M % 2 == 0;  // B = the even one
  const uint32_t A = rows_are_path ? X : M, B = rows_are_path ? M : X;
  auto router = [&](uint32_t a, uint32_t b) { return rows_are_path ? a + path[b] : b + path[a]; };
  std::vector<uint32_t> order;
  for (uint32_t a = 0; a < A; ++a) order.push_back(router(a, 0));
  for (uint32_t b = 1; b < B; ++b)
    for (uint32_t i = 1; i < A; ++i) order.push_back(router(b % 2 == 1 ? A - i : i, b));
  for (uint32_t b = B - 1; b >= 1; --b) order.push_back(router(0, b));
  for (const uint32_t r : order)
    for (uint32_t i = 0; i < c_; ++i) ring.nodes.push_back(r * c_ + i);
  return ring;
}

std::string Mesh::describe() const {
  std::string shape;
  for (uint32_t d : dims_) shape += (shape.empty() ? "" : "x") + std::to_string(d);
  return std::string(torus_ ? "torus " : "mesh ") + shape + " (" + std::to_string(routers_) +
         " switches, " + std::to_string(c_) + " node" + (c_ == 1 ? "" : "s") + " per switch, " +
         (t_ > 1 ? "trunks of " + std::to_string(t_) + " links, " : std::string()) +
         std::to_string(nodes()) + " nodes)";
}

}  // namespace netcosim
