#include "sim/routing/routing.h"

#include "sim/config/strategy_catalog.h"
#include "sim/routing/dragonfly/min.h"
#include "sim/routing/dragonfly/olm.h"
#include "sim/routing/dragonfly/par.h"
#include "sim/routing/dragonfly/piggyback.h"
#include "sim/routing/dragonfly/valiant.h"

namespace netcosim {

namespace {

UgalParams ugal_params(const Config& c) {
  UgalParams p;
  p.f = c.get_float("routing.ugal_f");
  p.t_phits = static_cast<uint32_t>(c.get_int("routing.ugal_t") * c.get_int("packet.size"));
  p.per_port = c.get_str("routing.sensing") == "port";
  p.recompute = c.get_bool("routing.recompute_valiant");
  return p;
}

// The registry entry named by `key` (the schema has already refused names outside the catalogue,
// which lists the same names).
template <class Entry>
const Entry& lookup(const std::vector<Entry>& registry, const Config& c, const char* key) {
  const std::string& name = c.get_str(key);
  for (const auto& e : registry)
    if (name == e.name) return e;
  throw ConfigError(std::string(key) + "=" + name + ": allowed values are " +
                    strategy_names(*strategy_family(key)));
}

std::unique_ptr<RoutingAlgorithm> make_olm(const Config& c, const Dragonfly& topo) {
  return lookup(trigger_registry(), c, "routing.trigger")
      .make_olm(c, topo, lookup(policy_registry(), c, "routing.global_policy").make(c));
}

}  // namespace

const std::vector<RoutingRegistryEntry>& routing_registry() {
  static const std::vector<RoutingRegistryEntry> registry = {
      {"min",
       [](const Config&, const Dragonfly& t) -> std::unique_ptr<RoutingAlgorithm> {
         return std::make_unique<MinRouting>(t);
       }},
      {"val",
       [](const Config&, const Dragonfly& t) -> std::unique_ptr<RoutingAlgorithm> {
         return std::make_unique<ValiantRouting>(t);
       }},
      {"olm", make_olm},
      {"ugal",
       [](const Config& c, const Dragonfly& t) -> std::unique_ptr<RoutingAlgorithm> {
         return std::make_unique<UgalRouting>(t, ugal_params(c));
       }},
      {"pb",
       [](const Config& c, const Dragonfly& t) -> std::unique_ptr<RoutingAlgorithm> {
         return std::make_unique<PiggyBackRouting>(t, ugal_params(c));
       }},
      {"par",
       [](const Config& c, const Dragonfly& t) -> std::unique_ptr<RoutingAlgorithm> {
         const UgalParams p = ugal_params(c);
         return std::make_unique<ParRouting>(t, p.f, p.t_phits, p.per_port);
       }},
  };
  return registry;
}

std::unique_ptr<RoutingAlgorithm> make_routing(const Config& cfg, const Dragonfly& topo) {
  return lookup(routing_registry(), cfg, "routing.algorithm").make(cfg, topo);
}

}  // namespace netcosim
