#include "sim/topology/fattree.h"

namespace netcosim {

const std::vector<std::string>& ft::port_class_names() {
  static const std::vector<std::string> names = {"injection", "tree"};
  return names;
}

FatTree::FatTree(uint32_t k, uint32_t n)
    : k_(k),
      n_(n),
      per_level_(static_cast<uint32_t>(pow(k, n - 1))),
      block_(static_cast<uint32_t>(n >= 2 ? pow(k, n - 2) : 1)) {
  for (uint32_t i = 0; i <= n; ++i) pow_.push_back(static_cast<uint32_t>(pow(k, i)));
}

Topology::PortRef FatTree::peer(uint32_t router, uint32_t port) const {
  const uint32_t l = level(router), w = word(router);
  if (port >= k_) {  // up port k + j: digit l of w becomes j
    if (l + 1 == n_) return {kNoRouter, 0};
    const uint32_t j = port - k_, wl = digit(w, l);
    return {router_at(l + 1, w + (j - wl) * pow_[l]), wl};
  }
  // Down port d of a level >= 1 switch: digit l-1 of w becomes d.
  const uint32_t wl = digit(w, l - 1);
  return {router_at(l - 1, w + (port - wl) * pow_[l - 1]), k_ + wl};
}

void FatTree::min_hops(uint32_t src, uint32_t dst, uint32_t hops[kMaxPortClasses]) const {
  for (uint32_t c = 0; c < kMaxPortClasses; ++c) hops[c] = 0;
  // Up to the lowest common ancestor and down again: the level-0 switches' words are the nodes'
  // digits 1..n-1.
  hops[ft::kTree] = 2 * common_level(src * k_, dst * k_);
}

std::string FatTree::check(int64_t k, int64_t n) {
  if (n >= 2 && k > 32)
    return "topology.k=" + std::to_string(k) + ", topology.n=" + std::to_string(n) +
           ": a switch of a k-ary n-tree with n >= 2 has radix 2k, at most 64 ports (k <= 32; "
           "k up to 64 for n = 1, one switch of k ports)";
  const int64_t nodes = pow(k, n);
  if (nodes > 100000000)
    return "topology.k=" + std::to_string(k) + ", topology.n=" + std::to_string(n) +
           ": k^n = " + std::to_string(nodes) +
           " nodes exceeds the supported maximum of 100,000,000";
  return "";
}

std::string FatTree::describe() const {
  return std::to_string(k_) + "-ary " + std::to_string(n_) + "-tree (" + std::to_string(routers()) +
         " switches of radix " + std::to_string(router_radix()) + ", " + std::to_string(nodes()) +
         " nodes)";
}

}  // namespace netcosim
