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
// Also the destinations of bursty_uniform, one per burst (BurstySource,
// sim/traffic/bursty_source.h).
class UniformTraffic final : public TrafficPattern {
 public:
  explicit UniformTraffic(const Topology& topo, const char* name = "uniform")
      : TrafficPattern(topo), name_(name), nodes_(topo.nodes()) {}
  const char* name() const override { return name_; }
  uint32_t destination(uint32_t src, Rng& rng) const override {
    const uint32_t d = rng.below(nodes_ - 1);
    return d >= src ? d + 1 : d;
  }

 private:
  const char* name_;
  uint32_t nodes_;
};

// The permutations of Dally & Towles (Principles and Practices of Interconnection Networks,
// Sec. 3.2, Table 3.1; cited by paper 004 as [12] for its synthetic patterns) on the b address bits
// of the node index, nodes = 2^b (validate_config checks the node count): with s_i the bits of the
// source, d_i those of the destination,
//   bit complement  d_i = not s_i             shuffle   d_i = s_{(i-1) mod b}
//   bit reversal    d_i = s_{b-1-i}           transpose d_i = s_{(i+b/2) mod b} (b even)
// Node indices follow the topology's numbering (docs/model.md: on a mesh or torus with one node
// per switch, n = x + X*y, so the bit permutations are those of BookSim's k-ary n-cubes; paper 004
// ran its 8x8 mesh in such a simulator). A node a permutation maps to itself sends to itself: the
// packet enters its router and leaves by its own ejection port (as BookSim's permutations do).
// None draws from the stream.

// Bit complement: node n sends to n XOR (nodes - 1). On a mesh or torus with one node per switch
// and power-of-2 dimensions it is the coordinate complement (x -> X-1-x, ...); on a k-ary n-tree
// with k a power of 2 every packet crosses the top level. Registered as `bitcomp` and, its first
// name, `bit_complement` (the same pattern).
class BitComplementTraffic final : public TrafficPattern {
 public:
  BitComplementTraffic(const Topology& topo, const char* name = "bitcomp")
      : TrafficPattern(topo), mask_(topo.nodes() - 1), name_(name) {}
  const char* name() const override { return name_; }
  uint32_t destination(uint32_t src, Rng& /*rng*/) const override { return src ^ mask_; }

 private:
  uint32_t mask_;
  const char* name_;
};

// The number b of address bits of a power-of-2 node count (nodes = 2^b).
inline uint32_t address_bits(uint32_t nodes) {
  return static_cast<uint32_t>(__builtin_ctz(nodes));
}

// Perfect shuffle: the address rotated left by one bit, d = (2n + n / 2^(b-1)) mod 2^b.
class ShuffleTraffic final : public TrafficPattern {
 public:
  explicit ShuffleTraffic(const Topology& topo)
      : TrafficPattern(topo), bits_(address_bits(topo.nodes())), mask_(topo.nodes() - 1) {}
  const char* name() const override { return "shuffle"; }
  uint32_t destination(uint32_t src, Rng& /*rng*/) const override {
    return ((src << 1) | (src >> (bits_ - 1))) & mask_;
  }

 private:
  uint32_t bits_, mask_;
};

// Bit reversal: bit i of the address moves to bit b-1-i.
class BitReverseTraffic final : public TrafficPattern {
 public:
  explicit BitReverseTraffic(const Topology& topo)
      : TrafficPattern(topo), bits_(address_bits(topo.nodes())) {}
  const char* name() const override { return "bitrev"; }
  uint32_t destination(uint32_t src, Rng& /*rng*/) const override {
    uint32_t d = 0;
    for (uint32_t i = 0; i < bits_; ++i) d |= ((src >> i) & 1u) << (bits_ - 1 - i);
    return d;
  }

 private:
  uint32_t bits_;
};

// Transpose. On a 2D mesh or torus (square: X = Y, any size; checked by validate_config) node i
// of switch (x, y) sends to node i of switch (y, x), the matrix transpose of paper 004 Fig. 3a
// (under XY routing the nodes of row 0 all send into column 0). On other topologies the address
// halves are swapped (Dally & Towles: d_i = s_{(i+b/2) mod b}, b even): the same pattern on a
// square power-of-2 mesh with one node per switch.
class TransposeTraffic final : public TrafficPattern {
 public:
  explicit TransposeTraffic(const Topology& topo);
  const char* name() const override { return "transpose"; }
  uint32_t destination(uint32_t src, Rng& /*rng*/) const override {
    if (side_ != 0) {  // the grid: src = i + c*(x + X*y)
      const uint32_t i = src % c_, r = src / c_;
      return i + c_ * (r / side_ + side_ * (r % side_));
    }
    return ((src << half_) | (src >> half_)) & mask_;
  }

 private:
  uint32_t side_ = 0, c_ = 1;     // the grid's X = Y and nodes per switch; side_ 0: not a grid
  uint32_t half_ = 0, mask_ = 0;  // address bits / 2, nodes - 1
};

// Tornado (Dally & Towles Sec. 3.2; BookSim's `tornado`): on a mesh or torus every coordinate
// moves ceil(k/2) - 1 positions forward, modulo its dimension k, d_x = (s_x + ceil(k/2) - 1) mod k,
// the node's index on its switch kept (on an 8-ring: +3, the farthest a minimal torus route goes
// in one direction without a tie). On other topologies (fat trees, Dragonflies) the N nodes are
// taken as one ring: d = (n + ceil(N/2) - 1) mod N. A dimension of 2 (or N = 2) moves 0: the node
// sends to itself.
class TornadoTraffic final : public TrafficPattern {
 public:
  explicit TornadoTraffic(const Topology& topo);
  const char* name() const override { return "tornado"; }
  uint32_t destination(uint32_t src, Rng& /*rng*/) const override {
    const uint32_t i = src % c_;
    uint32_t r = src / c_, d = 0, stride = 1;
    for (size_t k = 0; k < dims_.size(); ++k) {
      const uint32_t x = r % dims_[k];
      r /= dims_[k];
      d += stride * ((x + shift_[k]) % dims_[k]);
      stride *= dims_[k];
    }
    return i + c_ * d;
  }

 private:
  uint32_t c_ = 1;                      // nodes per switch (1 for the ring of nodes)
  std::vector<uint32_t> dims_, shift_;  // per dimension: size and ceil(size/2) - 1
};

// Hot spot (paper 004 Sec. 5.4, Table 1 "Hot-spot: X% uniform, (1-X)% send to node 0"): a
// fraction traffic.hotspot_fraction of the packets goes to node 0, the others are uniform over
// the other nodes (as `uniform`). One draw decides (uniform() < fraction), then the uniform part
// draws below(nodes - 1). Node 0's hot packets go to node 0 itself (through its router, like a
// permutation's fixed point): every node sends the same fraction to the hot node.
class HotspotTraffic final : public TrafficPattern {
 public:
  HotspotTraffic(const Topology& topo, double fraction)
      : TrafficPattern(topo), nodes_(topo.nodes()), fraction_(fraction) {}
  const char* name() const override { return "hotspot"; }
  uint32_t destination(uint32_t src, Rng& rng) const override {
    if (rng.uniform() < fraction_) return 0;
    const uint32_t d = rng.below(nodes_ - 1);
    return d >= src ? d + 1 : d;
  }
  double fraction() const { return fraction_; }

 private:
  uint32_t nodes_;
  double fraction_;
};

// Hot region (paper 004 Table 1: "75% uniform, 25% packets sent to {0, N/8 - 1}"): a quarter of
// the packets goes to a node drawn uniformly from the first N/8 nodes (0 .. N/8 - 1, N/8 rounded
// down; at least 8 nodes, checked by validate_config), the others are uniform over the other
// nodes. One draw decides (uniform() < 1/4), then below(N/8) or below(N - 1). A source inside the
// region may draw itself (as hotspot's node 0).
class HotRegionTraffic final : public TrafficPattern {
 public:
  explicit HotRegionTraffic(const Topology& topo)
      : TrafficPattern(topo), nodes_(topo.nodes()), region_(topo.nodes() / 8) {}
  const char* name() const override { return "hotregion"; }
  uint32_t destination(uint32_t src, Rng& rng) const override {
    if (rng.uniform() < 0.25) return rng.below(region_);
    const uint32_t d = rng.below(nodes_ - 1);
    return d >= src ? d + 1 : d;
  }

 private:
  uint32_t nodes_, region_;
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
// pattern, {name, description, factory, check}. The schema's allowed values of traffic.pattern and
// traffic.pattern2 (sim/config/config.cpp), validate_config (the check) and make_traffic all read
// it; a new pattern is a class above and one line in traffic_pattern_registry() (traffic.cpp).
struct PatternArgs {
  uint32_t adv_offset = 1;        // traffic.adv_offset (ADV+i)
  bool same_router = false;       // traffic.adv_target=same_router
  double hotspot_fraction = 0.1;  // traffic.hotspot_fraction (its default)
};
// What a pattern's check sees of the configured topology, before it is built.
struct PatternShape {
  int64_t nodes = 0;
  GridShape grid;  // a mesh's or torus's grid; empty dims for other topologies
};
struct TrafficPatternEntry {
  const char* name;
  const char* description;
  std::unique_ptr<TrafficPattern> (*make)(const Topology& topo, const PatternArgs& args);
  // Empty when the pattern applies to the shape, else why not (validate_config prefixes the key
  // and the value); nullptr: any shape.
  std::string (*check)(const PatternShape& shape) = nullptr;
};
const std::vector<TrafficPatternEntry>& traffic_pattern_registry();
// The registry's names joined by `sep` ("uniform|adv|advc|...").
std::string traffic_pattern_names(const char* sep = "|");
// The entry named `name`, nullptr if none.
const TrafficPatternEntry* traffic_pattern_entry(const std::string& name);

// `same_router`: traffic.adv_target=same_router (adv and advc only; validate_config refuses it
// for the other patterns). An unknown name is a std::invalid_argument naming the allowed values.
std::unique_ptr<TrafficPattern> make_traffic(const std::string& name, const Topology& topo,
                                             uint32_t adv_offset, bool same_router = false);
std::unique_ptr<TrafficPattern> make_traffic(const std::string& name, const Topology& topo,
                                             const PatternArgs& args);

}  // namespace netcosim
