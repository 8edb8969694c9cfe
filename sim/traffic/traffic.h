// Synthetic traffic patterns (thesis 000 Sec. 1.6.1 and Sec. 3.2; extract §5): pluggable
// strategies that draw a destination node for a packet generated at `src`, from the node's stream.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "sim/topology/dragonfly.h"
#include "sim/util/rng.h"

namespace netcosim {

class TrafficPattern {
 public:
  explicit TrafficPattern(const Dragonfly& topo) : topo_(topo) {}
  virtual ~TrafficPattern() = default;
  virtual const char* name() const = 0;
  virtual uint32_t destination(uint32_t src, Rng& rng) const = 0;

 protected:
  uint32_t random_node_in_group(uint32_t group, Rng& rng) const {
    const uint32_t per_group = topo_.a() * topo_.p();
    return group * per_group + rng.below(per_group);
  }
  const Dragonfly& topo_;
};

// UN: uniform over all other nodes (the source itself is excluded; docs/model.md).
class UniformTraffic final : public TrafficPattern {
 public:
  using TrafficPattern::TrafficPattern;
  const char* name() const override { return "uniform"; }
  uint32_t destination(uint32_t src, Rng& rng) const override {
    const uint32_t d = rng.below(topo_.nodes() - 1);
    return d >= src ? d + 1 : d;
  }
};

// ADV+i: every node of group G sends to a random node of group G+i.
class AdversarialTraffic final : public TrafficPattern {
 public:
  AdversarialTraffic(const Dragonfly& topo, uint32_t offset)
      : TrafficPattern(topo), offset_(offset % topo.groups()) {}
  const char* name() const override { return "adv"; }
  uint32_t destination(uint32_t src, Rng& rng) const override {
    return random_node_in_group((topo_.group_of_node(src) + offset_) % topo_.groups(), rng);
  }

 private:
  uint32_t offset_;
};

// ADVc: a random node in the h groups reached by the global links of the last router (a-1) of the
// source group (thesis 000 Sec. 3.2; with palmtree these are groups G+1..G+h).
class AdvcTraffic final : public TrafficPattern {
 public:
  using TrafficPattern::TrafficPattern;
  const char* name() const override { return "advc"; }
  uint32_t destination(uint32_t src, Rng& rng) const override {
    const uint32_t G = topo_.group_of_node(src);
    const uint32_t k = rng.below(topo_.h());
    return random_node_in_group(topo_.global_target_group(G, topo_.a() - 1, k), rng);
  }
};

std::unique_ptr<TrafficPattern> make_traffic(const std::string& name, const Dragonfly& topo,
                                             uint32_t adv_offset);

}  // namespace netcosim
