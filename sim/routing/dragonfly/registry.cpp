#include "sim/routing/dragonfly/registry.h"

#include "sim/config/reply_vcs.h"
#include "sim/routing/dragonfly/dragonfly_routing.h"
#include "sim/routing/dragonfly/min.h"
#include "sim/routing/dragonfly/olm.h"
#include "sim/routing/dragonfly/par.h"
#include "sim/routing/dragonfly/piggyback.h"
#include "sim/routing/dragonfly/valiant.h"

namespace netcosim {

const Dragonfly& dragonfly_of(const Topology& topo, const std::string& algorithm) {
  if (const auto* df = dynamic_cast<const Dragonfly*>(&topo)) return *df;
  throw ConfigError("routing.algorithm=" + algorithm +
                    ": needs a Dragonfly topology (topology.type=dragonfly); the topology is " +
                    topo.describe());
}

namespace {

ValiantMode valiant_mode(const Config& c) {
  const std::string& v = c.get_str("routing.valiant");
  return v == "group"                  ? ValiantMode::Group
         : v == "outside_source_group" ? ValiantMode::OutsideSourceGroup
         : v == "current_router"       ? ValiantMode::CurrentRouter
                                       : ValiantMode::Any;
}
GroupDraw group_draw(const Config& c) {
  const std::string& d = c.get_str("routing.valiant_group_draw");
  return d == "other_than_source" ? GroupDraw::OtherThanSource
         : d == "current_router"  ? GroupDraw::CurrentRouter
                                  : GroupDraw::OtherThanSourceAndDestination;
}

UgalParams ugal_params(const Config& c) {
  UgalParams p;
  p.f = c.get_float("routing.ugal_f");
  p.t_phits = static_cast<uint32_t>(c.get_int("routing.ugal_t") * c.get_int("packet.size"));
  p.per_port = c.get_str("routing.sensing") == "port";
  p.recompute = c.get_bool("routing.recompute_valiant");
  p.hops = c.get_str("routing.ugal_compare") == "queue_hops";
  p.mincred = c.get_str("routing.mincred") != "off";
  p.mincred_per_port = c.get_str("routing.mincred") == "port";
  p.candidate = valiant_mode(c);
  p.group_draw = group_draw(c);
  return p;
}

PiggyBackParams piggyback_params(const Config& c) {
  PiggyBackParams p;
  p.coef_percent = static_cast<uint32_t>(c.get_int("routing.piggyback_coef"));
  p.t_phits = static_cast<uint32_t>(c.get_int("routing.piggyback_t") * c.get_int("packet.size"));
  p.per_port = c.get_str("routing.piggyback_sensing") == "port";
  p.min_only =
      c.get_str("routing.mincred") != "off" && c.get_str("routing.piggyback_bits") == "auto";
  return p;
}

bool flexvc(const Config& c) {
  return c.get_str("router.vc_management") == "flexvc";
}

// Under router.vc_management=flexvc: the check of the routing's longest path against the VC
// counts (seed 002 Table III), then the routing's FlexVC tables (flexvc_vcs.h).
template <class R>
std::unique_ptr<RoutingAlgorithm> with_vc_management(const Config& c, std::unique_ptr<R> r,
                                                     flexvc::PathKind kind) {
  if (!flexvc(c)) return r;
  const auto L = static_cast<uint32_t>(c.get_int("router.vcs_local"));
  const auto G = static_cast<uint32_t>(c.get_int("router.vcs_global"));
  // Request-reply (thesis 000 Sec. 5.2.2-5.2.3, Table 5.4): the reply part, at the end of the
  // sequence, is router.reply_vcs_local/global, by default dimensioned for safe MIN, 2/1
  // (l0-g1-l2); the request part has the other VCs, its extra VCs at its start, which replies may
  // use too.
  const uint32_t RL = reply_vcs(c, "local"), RG = reply_vcs(c, "global");
  check_flexvc_paths(r->name(), kind, L, G, RL, RG);
  r->use_flexvc(L, G, RL, RG);
  return r;
}

// UGAL's and PiggyBack's longest path under FlexVC: VAL's, or VAL-group's with a group candidate.
flexvc::PathKind source_adaptive_kind(const Config& c) {
  return valiant_mode(c) == ValiantMode::Group ? flexvc::PathKind::ValiantGroup
                                               : flexvc::PathKind::Valiant;
}

// PAR under FlexVC is not built (OLM is the in-transit routing of thesis 000 Fig. 5.14).
void refuse_flexvc(const Config& c, const char* algorithm) {
  if (flexvc(c))
    throw ConfigError(std::string("router.vc_management=flexvc: not available with "
                                  "routing.algorithm=") +
                      algorithm + "; FlexVC routes min, val, ugal, pb and olm (in-transit)");
}

std::unique_ptr<RoutingAlgorithm> make_min(const Config& c, const Topology& t) {
  return with_vc_management(c, std::make_unique<MinRouting>(dragonfly_of(t, "min")),
                            flexvc::PathKind::Minimal);
}
std::unique_ptr<RoutingAlgorithm> make_val(const Config& c, const Topology& t) {
  const ValiantMode mode = valiant_mode(c);
  return with_vc_management(
      c,
      std::make_unique<ValiantRouting>(dragonfly_of(t, "val"), mode,
                                       c.get_bool("routing.recompute_valiant"), group_draw(c)),
      mode == ValiantMode::Group ? flexvc::PathKind::ValiantGroup : flexvc::PathKind::Valiant);
}
std::unique_ptr<RoutingAlgorithm> make_olm(const Config& c, const Topology& t) {
  const Dragonfly& df = dragonfly_of(t, "olm");
  std::unique_ptr<RoutingAlgorithm> r =
      registry_entry(trigger_registry(), c, "routing.trigger")
          .make_olm(c, df, registry_entry(policy_registry(), c, "routing.global_policy").make(c));
  if (!flexvc(c)) return r;
  // In-transit adaptive routing under FlexVC (thesis 000 Sec. 5.2.3, Fig. 5.14: "In-transit"
  // with its credit trigger and "In-transit Cta" with the contention counters; docs/model.md
  // §4.6): every trigger; one that senses one VC senses the JSQ VC of the hop's set (olm.cpp).
  // The registry's OLM is an OlmRouting<Trigger>, a DragonflyRouting.
  return with_vc_management(
      c, std::unique_ptr<DragonflyRouting>(static_cast<DragonflyRouting*>(r.release())),
      flexvc::PathKind::InTransit);
}
std::unique_ptr<RoutingAlgorithm> make_ugal(const Config& c, const Topology& t) {
  return with_vc_management(c,
                            std::make_unique<UgalRouting>(dragonfly_of(t, "ugal"), ugal_params(c)),
                            source_adaptive_kind(c));
}
std::unique_ptr<RoutingAlgorithm> make_pb(const Config& c, const Topology& t) {
  return with_vc_management(c,
                            std::make_unique<PiggyBackRouting>(dragonfly_of(t, "pb"),
                                                               ugal_params(c), piggyback_params(c)),
                            source_adaptive_kind(c));
}
std::unique_ptr<RoutingAlgorithm> make_par(const Config& c, const Topology& t) {
  refuse_flexvc(c, "par");
  const UgalParams p = ugal_params(c);
  return std::make_unique<ParRouting>(dragonfly_of(t, "par"), p.f, p.t_phits, p.per_port);
}

}  // namespace

const std::vector<RoutingRegistryEntry>& dragonfly_routing_registry() {
  static const std::vector<RoutingRegistryEntry> registry = {
      {"min", make_min},   {"val", make_val}, {"olm", make_olm},
      {"ugal", make_ugal}, {"pb", make_pb},   {"par", make_par},
  };
  return registry;
}

}  // namespace netcosim
