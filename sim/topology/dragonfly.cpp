#include "sim/topology/dragonfly.h"

#include <cassert>

namespace netcosim {

const std::vector<std::string>& df::port_class_names() {
  static const std::vector<std::string> names = {"injection", "local", "global"};
  return names;
}

Dragonfly::Dragonfly(uint32_t p, uint32_t a, uint32_t h, Arrangement arr)
    : p_(p), a_(a), h_(h), arr_(arr) {
  const uint32_t g = groups();
  link_index_.assign(static_cast<size_t>(g) * g, 0xffffffffu);
  target_.resize(static_cast<size_t>(g) * a_ * h_);
  for (uint32_t G = 0; G < g; ++G)
    for (uint32_t A = 0; A < a_; ++A)
      for (uint32_t k = 0; k < h_; ++k) {
        const uint32_t Gd = compute_target_group(G, A, k);
        target_[(static_cast<size_t>(G) * a_ + A) * h_ + k] = Gd;
        link_index_[static_cast<size_t>(G) * g + Gd] = A * h_ + k;
      }
}

uint32_t Dragonfly::compute_target_group(uint32_t G, uint32_t A, uint32_t k) const {
  const uint32_t g = groups();
  const uint32_t j = A * h_ + k;  // 0 .. a*h-1
  if (arr_ == Arrangement::Palmtree) return (G + g - (j + 1) % g) % g;
  return j < G ? j : j + 1;
}

Dragonfly::PortRef Dragonfly::peer(uint32_t router, uint32_t port) const {
  const uint32_t G = router / a_, A = router % a_;
  if (port_class(port) == df::kLocal) {
    const uint32_t A2 = local_neighbor(A, port);
    return {G * a_ + A2, local_port(A2, A)};
  }
  assert(port_class(port) == df::kGlobal);
  const uint32_t k = port - first_global_port();
  const uint32_t Gt = global_target_group(G, A, k);
  const uint32_t j = global_link_index(Gt, G);
  return {Gt * a_ + j / h_, first_global_port() + j % h_};
}

void Dragonfly::min_hops(uint32_t src, uint32_t dst, uint32_t hops[kMaxPortClasses]) const {
  for (uint32_t c = 0; c < kMaxPortClasses; ++c) hops[c] = 0;
  uint32_t r = src;
  while (r != dst) {
    const uint32_t port = min_output(r, dst);
    ++hops[port_class(port)];
    r = peer(r, port).router;
  }
}

std::string Dragonfly::check(int64_t p, int64_t a, int64_t h) {
  const int64_t radix = p + a - 1 + h;
  if (radix > 64)
    return "topology.p=" + std::to_string(p) + ", topology.a=" + std::to_string(a) +
           ", topology.h=" + std::to_string(h) +
           ": router radix p+a-1+h = " + std::to_string(radix) +
           " exceeds the supported maximum of 64 ports";
  const int64_t nodes = node_count(p, a, h);
  if (nodes > 100000000)
    return "topology: a*p*(a*h+1) = " + std::to_string(nodes) +
           " nodes exceeds the supported maximum of 100,000,000";
  return "";
}

std::string Dragonfly::describe() const {
  return "dragonfly p=" + std::to_string(p_) + " a=" + std::to_string(a_) +
         " h=" + std::to_string(h_) + " (" + std::to_string(groups()) + " groups, " +
         std::to_string(routers()) + " routers, " + std::to_string(nodes()) + " nodes, radix " +
         std::to_string(radix()) + ", " +
         (arr_ == Arrangement::Palmtree ? "palmtree" : "consecutive") + ")";
}

}  // namespace netcosim
