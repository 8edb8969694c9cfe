// Dragonfly topology (thesis 000 Sec. 1.2.1, Table 1.1; extract §3). Parameters p (nodes per
// router), a (routers per group), h (global links per router); a*h+1 groups, a complete graph of
// local links inside each group and exactly one global link between every pair of groups.
//
// Numbering (FOGSim's, documented in docs/model.md):
//   node n = p_idx + A*p + G*a*p;  router r = A + G*a;  node n is on router n/p, port n%p.
//   ports of a router: 0..p-1 injection/ejection, p..p+a-2 local, p+a-1..p+a+h-2 global.
//   local port of router A towards A' = p + (A' > A ? A'-1 : A').
// Global-link arrangements:
//   palmtree (default): router A of group G, global port k, reaches group (G - (A*h+k+1)) mod g;
//   consecutive: the group's global link j = A*h+k reaches group j if j < G, else j+1.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/topology/topology.h"

namespace netcosim {

enum class Arrangement : uint8_t { Palmtree, Consecutive };

// The Dragonfly's port classes (Topology::port_class_names()): injection, local (links inside a
// group) and global (links between groups). Only this folder and sim/routing/dragonfly/ name them.
namespace df {
constexpr PortClass kLocal = 1;
constexpr PortClass kGlobal = 2;
// "injection", "local", "global".
const std::vector<std::string>& port_class_names();
}  // namespace df

class Dragonfly final : public Topology {
 public:
  Dragonfly(uint32_t p, uint32_t a, uint32_t h, Arrangement arr);

  // The shapes netcosim supports, checked before one is built (validate_config): a router radix
  // p+a-1+h of at most 64 ports (the routers' port masks are 64-bit) and at most 100,000,000
  // nodes. Empty when (p, a, h) is supported, else the error naming the keys and the limit.
  static std::string check(int64_t p, int64_t a, int64_t h);
  static int64_t group_count(int64_t a, int64_t h) { return a * h + 1; }
  static int64_t node_count(int64_t p, int64_t a, int64_t h) { return group_count(a, h) * a * p; }

  // Topology (a partition is a group).
  std::string describe() const override;
  uint32_t routers() const override { return a_ * groups(); }
  uint32_t nodes() const override { return p_ * routers(); }
  uint32_t router_radix() const override { return radix(); }
  const std::vector<std::string>& port_class_names() const override {
    return df::port_class_names();
  }
  // One global link joins every pair of groups: a minimal path has at most one global hop.
  PortClass single_hop_class() const override { return df::kGlobal; }
  PortClass port_class_of(uint32_t /*router*/, uint32_t port) const override {
    return port_class(port);
  }
  PortRef peer(uint32_t router, uint32_t port) const override;
  uint32_t node_router(uint32_t node) const override { return router_of_node(node); }
  // The SAT ring (docs/model.md "SAT injection throttling"): the nodes in index order, so router
  // after router of a group over its local links, and from the last router of group g to the
  // first of group g + 1 (and from the last group to group 0) over a minimal path, whose one
  // global link crosses the partitions.
  SatRing sat_ring() const override {
    SatRing r;
    for (uint32_t n = 0; n < nodes(); ++n) r.nodes.push_back(n);
    return r;
  }
  uint32_t node_port(uint32_t node) const override { return port_of_node(node); }
  uint32_t node_at(uint32_t router, uint32_t port) const override { return router * p_ + port; }
  uint32_t partitions() const override { return groups(); }
  uint32_t partition_first(uint32_t partition) const override { return partition * a_; }
  uint32_t partition_of_router(uint32_t router) const override { return group_of_router(router); }
  uint32_t partition_of_node(uint32_t node) const override { return group_of_node(node); }
  // The nodes of group G are G*a*p .. (G+1)*a*p - 1.
  uint32_t partition_node_count(uint32_t /*partition*/) const override { return a_ * p_; }
  uint32_t partition_node(uint32_t partition, uint32_t index) const override {
    return partition * a_ * p_ + index;
  }

  uint32_t p() const { return p_; }
  uint32_t a() const { return a_; }
  uint32_t h() const { return h_; }
  Arrangement arrangement() const { return arr_; }
  uint32_t groups() const { return a_ * h_ + 1; }
  uint32_t radix() const { return p_ + a_ - 1 + h_; }

  uint32_t router_of_node(uint32_t n) const { return n / p_; }
  uint32_t port_of_node(uint32_t n) const { return n % p_; }
  uint32_t group_of_router(uint32_t r) const { return r / a_; }
  uint32_t index_in_group(uint32_t r) const { return r % a_; }
  uint32_t group_of_node(uint32_t n) const { return n / (a_ * p_); }

  PortClass port_class(uint32_t port) const {
    return port < p_ ? kInjectionClass : (port < p_ + a_ - 1 ? df::kLocal : df::kGlobal);
  }
  uint32_t first_local_port() const { return p_; }
  uint32_t first_global_port() const { return p_ + a_ - 1; }

  // Local port of router index A (in its group) that reaches router index A2 != A.
  uint32_t local_port(uint32_t A, uint32_t A2) const { return p_ + (A2 > A ? A2 - 1 : A2); }
  // Router index reached by local port `port` of router index A.
  uint32_t local_neighbor(uint32_t A, uint32_t port) const {
    const uint32_t i = port - p_;
    return i >= A ? i + 1 : i;
  }

  // Group reached by global port k of router index A in group G.
  uint32_t global_target_group(uint32_t G, uint32_t A, uint32_t k) const {
    return target_[(static_cast<size_t>(G) * a_ + A) * h_ + k];
  }
  // Index j = A*h + k of the global link of group G that reaches group Gd != G.
  uint32_t global_link_index(uint32_t G, uint32_t Gd) const {
    return link_index_[G * groups() + Gd];
  }

  // Minimal output port at `router` towards `dst_router` (!= router): thesis 000 Sec. 1.4.1, the
  // l-g-l minimal path (source local hop only when the global link is on another router,
  // destination local hop only when the global link does not land on the destination router).
  uint32_t min_output(uint32_t router, uint32_t dst_router) const {
    const uint32_t G = router / a_, Gd = dst_router / a_, A = router % a_;
    if (G == Gd) return local_port(A, dst_router % a_);
    const uint32_t j = link_index_[G * groups() + Gd];
    const uint32_t Ag = j / h_;
    return Ag == A ? p_ + a_ - 1 + (j % h_) : local_port(A, Ag);
  }

  // Router-to-router hops of the minimal path (0 to 3) by class, and their local and global parts.
  void min_hops(uint32_t src_router, uint32_t dst_router,
                uint32_t hops[kMaxPortClasses]) const override;
  void min_hops(uint32_t src_router, uint32_t dst_router, uint32_t& local, uint32_t& global) const {
    uint32_t hops[kMaxPortClasses];
    min_hops(src_router, dst_router, hops);
    local = hops[df::kLocal];
    global = hops[df::kGlobal];
  }

 private:
  uint32_t p_, a_, h_;
  Arrangement arr_;
  std::vector<uint32_t> link_index_;  // [G][Gd] -> A*h + k
  std::vector<uint32_t> target_;      // [G][A][k] -> the group global link k of router A reaches
  uint32_t compute_target_group(uint32_t G, uint32_t A, uint32_t k) const;
};

}  // namespace netcosim
