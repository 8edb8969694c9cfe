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

Mesh::Mesh(std::vector<uint32_t> dims, uint32_t nodes_per_switch, bool torus)
    : dims_(std::move(dims)), c_(nodes_per_switch), routers_(1), torus_(torus) {
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
  return {router + nx * stride_[d] - x * stride_[d], this->port(d, !plus)};
}

void Mesh::min_hops(uint32_t src, uint32_t dst, uint32_t hops[kMaxPortClasses]) const {
  for (uint32_t c = 0; c < kMaxPortClasses; ++c) hops[c] = 0;
  for (uint32_t d = 0; d < ndims(); ++d) {
    const uint32_t a = coord(src, d), b = coord(dst, d);
    const uint32_t delta = a > b ? a - b : b - a;
    hops[mesh::kX + d] = torus_ && dims_[d] - delta < delta ? dims_[d] - delta : delta;
  }
}

std::string Mesh::check(const std::vector<uint32_t>& dims, int64_t nodes_per_switch) {
  const int64_t radix = nodes_per_switch + 2 * static_cast<int64_t>(dims.size());
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

std::string Mesh::describe() const {
  std::string shape;
  for (uint32_t d : dims_) shape += (shape.empty() ? "" : "x") + std::to_string(d);
  return std::string(torus_ ? "torus " : "mesh ") + shape + " (" + std::to_string(routers_) +
         " switches, " + std::to_string(c_) + " node" + (c_ == 1 ? "" : "s") + " per switch, " +
         std::to_string(nodes()) + " nodes)";
}

}  // namespace netcosim
