#include "sim/routing/dragonfly/olm_policies.h"

#include "sim/routing/dragonfly/paths.h"

namespace netcosim {

uint32_t CrgPolicy::candidates(const Dragonfly& topo, const GlobalMisrouteAt& at, Rng& /*rng*/,
                               GlobalCandidate* out) const {
  for (uint32_t k = 0; k < topo.h(); ++k)
    out[k] = {topo.first_global_port() + k, topo.global_target_group(at.group, at.index, k)};
  return topo.h();
}

uint32_t NrgPolicy::candidates(const Dragonfly& topo, const GlobalMisrouteAt& at, Rng& rng,
                               GlobalCandidate* out) const {
  uint32_t n = 0;
  for (uint32_t A2 = 0; A2 < topo.a(); ++A2) {
    if (A2 == at.index) continue;
    const uint32_t k = rng.below(topo.h());
    out[n++] = {topo.local_port(at.index, A2), topo.global_target_group(at.group, A2, k)};
  }
  return n;
}

uint32_t RrgPolicy::candidates(const Dragonfly& topo, const GlobalMisrouteAt& at, Rng& rng,
                               GlobalCandidate* out) const {
  if (topo.groups() <= 2) return 0;
  const uint32_t g = group_other_than(rng.below(topo.groups() - 2), at.group, at.dst_group);
  out[0] = {port_towards_group(topo, at.router, g), g};
  return 1;
}

const std::vector<PolicyRegistryEntry>& policy_registry() {
  static const std::vector<PolicyRegistryEntry> registry = {
      {"rrg",
       [](const Config&) -> std::unique_ptr<GlobalMisroutePolicy> {
         return std::make_unique<RrgPolicy>();
       }},
      {"crg",
       [](const Config&) -> std::unique_ptr<GlobalMisroutePolicy> {
         return std::make_unique<CrgPolicy>();
       }},
      {"nrg",
       [](const Config&) -> std::unique_ptr<GlobalMisroutePolicy> {
         return std::make_unique<NrgPolicy>();
       }},
      {"mm",
       [](const Config&) -> std::unique_ptr<GlobalMisroutePolicy> {
         return std::make_unique<MmPolicy>();
       }},
  };
  return registry;
}

}  // namespace netcosim
