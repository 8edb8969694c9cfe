// Synthetic traffic patterns (thesis 000 Sec. 1.6.1 and Sec. 3.2; extract §5): pluggable
// strategies that draw a destination node for a packet generated at `src`, from the node's stream.
// They read the network through the Topology interface only: a Dragonfly group is a partition.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/topology/topology.h"
#include "sim/util/rng.h"

namespace netcosim {

class TrafficPattern {
 public:
  explicit TrafficPattern(const Topology& topo) : topo_(topo) {}
  virtual ~TrafficPattern() = default;
  virtual const char* name() const = 0;
  virtual uint32_t destination(uint32_t src, Rng& rng) const = 0;

 protected:
  // One draw: a node of `partition`, uniformly.
  uint32_t random_node_in_partition(uint32_t partition, Rng& rng) const {
    return topo_.partition_node(partition, rng.below(topo_.partition_node_count(partition)));
  }
  // One draw: a node, uniformly, of the router of `partition` whose index in it is the index of
  // src's router in its own partition (traffic.adv_target=same_router; FOGSim's ADV, docs/model.md
  // §3). Partitions list their nodes router by router (Topology::partition_node) and every
  // partition has the same routers and nodes (checked by check_same_router_shape).
  uint32_t same_router_node(uint32_t src, uint32_t partition, Rng& rng) const {
    const uint32_t r = topo_.node_router(src);
    const uint32_t index = r - topo_.partition_first(topo_.partition_of_router(r));
    return topo_.partition_node(partition,
                                index * nodes_per_router_ + rng.below(nodes_per_router_));
  }
  // For same_router: every partition has as many routers and nodes as partition 0, and every
  // router as many nodes; a std::invalid_argument naming the pattern otherwise.
  void check_same_router_shape(const char* pattern);
  const Topology& topo_;
  uint32_t nodes_per_router_ = 0;  // set by check_same_router_shape
};

// UN: uniform over all other nodes (the source itself is excluded; docs/model.md).
class UniformTraffic final : public TrafficPattern {
 public:
  explicit UniformTraffic(const Topology& topo) : TrafficPattern(topo), nodes_(topo.nodes()) {}
  const char* name() const override { return "uniform"; }
  uint32_t destination(uint32_t src, Rng& rng) const override {
    const uint32_t d = rng.below(nodes_ - 1);
    return d >= src ? d + 1 : d;
  }

 private:
  uint32_t nodes_;
};

// Bit complement: node n sends to n XOR (nodes - 1), the node whose index has every bit of n's
// inverted (nodes a power of 2, checked by validate_config; paper 004 Sec. 4 evaluates
// permutations of this kind). On a mesh or torus with one node per switch and power-of-2
// dimensions it is the coordinate complement (x -> X-1-x, ...); on a k-ary n-tree with k a power
// of 2 every packet crosses the top level.
class BitComplementTraffic final : public TrafficPattern {
 public:
  explicit BitComplementTraffic(const Topology& topo)
      : TrafficPattern(topo), mask_(topo.nodes() - 1) {}
  const char* name() const override { return "bit_complement"; }
  uint32_t destination(uint32_t src, Rng& /*rng*/) const override { return src ^ mask_; }

 private:
  uint32_t mask_;
};

// ADV+i: every node of partition P sends to a random node of partition (P + i) mod partitions
// (a Dragonfly group is a partition: every node of group G sends to group G+i).
// With `same_router` (traffic.adv_target=same_router) the destination is a random node of the
// router with the source router's index in partition P + i (FOGSim's ADV), one draw below p.
class AdversarialTraffic final : public TrafficPattern {
 public:
  AdversarialTraffic(const Topology& topo, uint32_t offset, bool same_router = false)
      : TrafficPattern(topo),
        partitions_(topo.partitions()),
        offset_(offset % partitions_),
        same_router_(same_router) {
    if (same_router) check_same_router_shape("adv");
  }
  const char* name() const override { return "adv"; }
  uint32_t destination(uint32_t src, Rng& rng) const override {
    const uint32_t target = (topo_.partition_of_node(src) + offset_) % partitions_;
    return same_router_ ? same_router_node(src, target, rng)
                        : random_node_in_partition(target, rng);
  }

 private:
  uint32_t partitions_;
  uint32_t offset_;
  bool same_router_;
};

// ADVc: a random node in the partitions reached by the Global ports of the last router of the
// source partition, the port drawn first (thesis 000 Sec. 3.2: the h groups reached by router a-1
// of the source group; with palmtree these are groups G+1..G+h). The targets of each partition
// are listed once, in port order, at construction. With `same_router` the node is drawn on the
// router with the source router's index in the drawn partition (the port draw, then one below p).
class AdvcTraffic final : public TrafficPattern {
 public:
  explicit AdvcTraffic(const Topology& topo, bool same_router = false);
  const char* name() const override { return "advc"; }
  uint32_t destination(uint32_t src, Rng& rng) const override {
    const uint32_t P = topo_.partition_of_node(src);
    const uint32_t k = rng.below(first_[P + 1] - first_[P]);
    const uint32_t target = targets_[first_[P] + k];
    return same_router_ ? same_router_node(src, target, rng)
                        : random_node_in_partition(target, rng);
  }

 private:
  bool same_router_;
  std::vector<uint32_t> first_;    // [partition] -> its first entry in targets_; one extra
  std::vector<uint32_t> targets_;  // the partition reached by each Global port, in port order
};

// The pattern registry (docs/architecture.md "The traffic and engine registries"): one entry per
// pattern, {name, description, factory}. The schema's allowed values of traffic.pattern and
// traffic.pattern2 (sim/config/config.cpp) and make_traffic both read it; a new pattern is a class
// above and one line in traffic_pattern_registry() (traffic.cpp).
struct PatternArgs {
  uint32_t adv_offset = 1;   // traffic.adv_offset (ADV+i)
  bool same_router = false;  // traffic.adv_target=same_router
};
struct TrafficPatternEntry {
  const char* name;
  const char* description;
  std::unique_ptr<TrafficPattern> (*make)(const Topology& topo, const PatternArgs& args);
};
const std::vector<TrafficPatternEntry>& traffic_pattern_registry();
// The registry's names joined by `sep` ("uniform|adv|advc").
std::string traffic_pattern_names(const char* sep = "|");

// `same_router`: traffic.adv_target=same_router (adv and advc only; validate_config refuses it
// for the other patterns). An unknown name is a std::invalid_argument naming the allowed values.
std::unique_ptr<TrafficPattern> make_traffic(const std::string& name, const Topology& topo,
                                             uint32_t adv_offset, bool same_router = false);

}  // namespace netcosim
