// The k-ary n-tree (Petrini and Vanneschi's fat tree; the 4-ary 3-tree, 8-ary 3-tree and 24-ary
// 2-tree of thesis 003 Sec. 4.4.1 and 5.5.2, the 4-ary n-tree of paper 004 Sec. 3). Numbering
// (docs/model.md "Fat tree"):
//   node p = n base-k digits p_{n-1}..p_0 (k^n nodes);
//   switch <l, w>: level l in 0..n-1, w an (n-1)-digit base-k word w_{n-2}..w_0; router
//   r = l*k^(n-1) + w (n*k^(n-1) switches, level-major);
//   node p is on level-0 switch w = p / k (w_i = p_{i+1}), port p_0;
//   every switch has radix 2k: ports 0..k-1 face down (on level 0 they are the injection ports
//   of its k nodes), ports k..2k-1 face up; up port k+j of <l, w> (l < n-1) reaches <l+1, w'>, w'
//   being w with digit l replaced by j, on its down port w_l; the top level's up ports have no
//   peer (Topology::kNoRouter).
// Port classes: "injection" (ports 0..k-1 of level 0) and "tree" (every link between switches).
// A class names a link (both ends have it: the credit counters of an output are sized by its
// class, as the downstream input buffer is), so a fat tree cannot name its up and down
// directions as classes; the class of ports 0..k-1 differs between level 0 and the other levels
// (docs/architecture.md "Port classes").
// Partitions: the k^(n-2) switches of one level that share the top digit w_{n-2} (n*k blocks,
// in router order; one block for n = 1). Every link joins two levels, so every link crosses
// partitions and the engines' lookahead is link.latency_tree.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/topology/topology.h"

namespace netcosim {

namespace ft {
constexpr PortClass kTree = 1;
// "injection", "tree".
const std::vector<std::string>& port_class_names();
}  // namespace ft

class FatTree final : public Topology {
 public:
  FatTree(uint32_t k, uint32_t n);

  // Supported shapes (the schema bounds topology.k to [2, 64]; radix 2k, or k for n = 1, within
  // the routers' 64-bit port masks, so k <= 32 for n >= 2; topology.n to [1, 16]: a minimal path's
  // 2(n-1) tree hops within the packet's 5-bit hop counter): at most 100,000,000 nodes. Empty when
  // supported, else the error naming the keys.
  static std::string check(int64_t k, int64_t n);
  // k^e, saturating at 2^40 (no overflow for any k, e of the schema).
  static int64_t pow(int64_t k, int64_t e) {
    int64_t r = 1;
    for (int64_t i = 0; i < e && r < (int64_t{1} << 40); ++i) r *= k;
    return r;
  }

  std::string describe() const override;
  uint32_t routers() const override { return n_ * per_level_; }
  uint32_t nodes() const override { return per_level_ * k_; }
  // n = 1 is one switch of k ports and k nodes (the single-switch testbed of thesis 003 Ch. 2:
  // 48 NICs on one 48-port switch): its top level has no up ports.
  uint32_t router_radix() const override { return n_ == 1 ? k_ : 2 * k_; }
  const std::vector<std::string>& port_class_names() const override {
    return ft::port_class_names();
  }
  PortClass port_class_of(uint32_t router, uint32_t port) const override {
    return router < per_level_ && port < k_ ? kInjectionClass : ft::kTree;
  }
  PortRef peer(uint32_t router, uint32_t port) const override;
  uint32_t node_router(uint32_t node) const override { return node / k_; }
  // The SAT ring (seed 004 Sec. 4.1; docs/model.md "SAT injection throttling"): the nodes in index
  // order, which is a depth-first walk of the tree below top switch 0; from node p to node p + 1
  // the signal goes up p's link, up to the lowest common level of the two and down again, and down
  // p + 1's link (H(n) = 8 + 4 H(n - 1) cycles around it for k = 4 and links of one cycle).
  SatRing sat_ring() const override {
    SatRing r;
    r.node_links = true;
    for (uint32_t n = 0; n < nodes(); ++n) r.nodes.push_back(n);
    return r;
  }
  uint32_t node_port(uint32_t node) const override { return node % k_; }
  uint32_t node_at(uint32_t router, uint32_t port) const override { return router * k_ + port; }
  uint32_t partitions() const override { return routers() / block_; }
  uint32_t partition_first(uint32_t partition) const override { return partition * block_; }
  uint32_t partition_of_router(uint32_t router) const override { return router / block_; }
  // The level-0 blocks hold k^(n-1) consecutive nodes each; the other blocks none.
  uint32_t partition_node_count(uint32_t partition) const override {
    return partition_first(partition) < per_level_ ? block_ * k_ : 0;
  }
  uint32_t partition_node(uint32_t partition, uint32_t index) const override {
    return partition * block_ * k_ + index;
  }
  void min_hops(uint32_t src_router, uint32_t dst_router,
                uint32_t hops[kMaxPortClasses]) const override;

  uint32_t k() const { return k_; }
  uint32_t n() const { return n_; }
  uint32_t per_level() const { return per_level_; }  // k^(n-1)
  uint32_t level(uint32_t router) const { return router / per_level_; }
  uint32_t word(uint32_t router) const { return router % per_level_; }
  uint32_t router_at(uint32_t level, uint32_t word) const { return level * per_level_ + word; }
  // Digit i (0 = least significant) of x in base k.
  uint32_t digit(uint32_t x, uint32_t i) const { return (x / pow_[i]) % k_; }
  // True if node `node` is below switch `router`: w_i = p_{i+1} for i >= level.
  bool below(uint32_t router, uint32_t node) const {
    return word(router) / pow_[level(router)] == node / pow_[level(router) + 1];
  }
  // The level of the lowest common ancestors of two nodes: the smallest l with p_i = q_i for all
  // i > l (0: the same level-0 switch).
  uint32_t common_level(uint32_t a, uint32_t b) const {
    uint32_t l = 0;
    while (a / pow_[l + 1] != b / pow_[l + 1]) ++l;
    return l;
  }
  // The down port of `router` towards `node` (below it): digit `level` of the node (at level 0,
  // its injection port).
  uint32_t down_port(uint32_t router, uint32_t node) const { return digit(node, level(router)); }
  uint32_t first_up_port() const { return k_; }

 private:
  uint32_t k_, n_, per_level_, block_;
  std::vector<uint32_t> pow_;  // k^0 .. k^n
};

}  // namespace netcosim
