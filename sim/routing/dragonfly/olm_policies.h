// The global misrouting policies of OLM (routing.global_policy; thesis 000 Sec. 1.4.3): the
// candidate first hops of a global misrouting in the source group, each with the intermediate
// group it leads to. OLM keeps the candidates that do not lead to the current or the destination
// group and that its trigger accepts, and picks one at random.
// - CRG: the global links of the current router (one hop to the intermediate group).
// - NRG: for each other router of the group, the local hop to it, towards one of its global links
//   drawn at random (a local hop, then a forced global hop).
// - RRG: one random group other than the source and destination groups, through its first hop.
// - MM: CRG at injection, NRG in transit (the thesis default for in-transit routing).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "sim/config/config.h"
#include "sim/topology/dragonfly.h"
#include "sim/util/rng.h"

namespace netcosim {

// Where a global misrouting is decided.
struct GlobalMisrouteAt {
  uint32_t router = 0, group = 0, index = 0;  // the current router, its group and index in it
  uint32_t dst_group = 0;
  bool at_injection = false;  // else after a minimal local hop
};

// No default member initializers: OLM keeps kMaxCandidates of them on the stack for every
// global misrouting attempt, and zeroing those arrays took a third of global_misroute's cycles on
// h8 past saturation. The policies write every entry they return.
struct GlobalCandidate {
  uint32_t port;
  uint32_t group;  // the intermediate group it leads to
};

class GlobalMisroutePolicy {
 public:
  static constexpr uint32_t kMaxCandidates = 64;  // radix limit; OLM indexes them with uint8_t
  virtual ~GlobalMisroutePolicy() = default;
  // Writes the candidates to `out` (at most kMaxCandidates) and returns their number; draws from
  // `rng` in a fixed order.
  virtual uint32_t candidates(const Dragonfly& topo, const GlobalMisrouteAt& at, Rng& rng,
                              GlobalCandidate* out) const = 0;
};

class CrgPolicy final : public GlobalMisroutePolicy {
 public:
  uint32_t candidates(const Dragonfly& topo, const GlobalMisrouteAt& at, Rng& rng,
                      GlobalCandidate* out) const override;
};

class NrgPolicy final : public GlobalMisroutePolicy {
 public:
  uint32_t candidates(const Dragonfly& topo, const GlobalMisrouteAt& at, Rng& rng,
                      GlobalCandidate* out) const override;
};

class RrgPolicy final : public GlobalMisroutePolicy {
 public:
  uint32_t candidates(const Dragonfly& topo, const GlobalMisrouteAt& at, Rng& rng,
                      GlobalCandidate* out) const override;
};

class MmPolicy final : public GlobalMisroutePolicy {
 public:
  uint32_t candidates(const Dragonfly& topo, const GlobalMisrouteAt& at, Rng& rng,
                      GlobalCandidate* out) const override {
    return at.at_injection ? crg_.candidates(topo, at, rng, out)
                           : nrg_.candidates(topo, at, rng, out);
  }

 private:
  CrgPolicy crg_;
  NrgPolicy nrg_;
};

// The policy registry: one factory per entry of the catalogue's routing.global_policy family, in
// its order (sim/config/strategy_catalog.h).
using PolicyFactory = std::unique_ptr<GlobalMisroutePolicy> (*)(const Config&);
struct PolicyRegistryEntry {
  const char* name;
  PolicyFactory make;
};
const std::vector<PolicyRegistryEntry>& policy_registry();

}  // namespace netcosim
