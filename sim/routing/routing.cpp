#include "sim/routing/routing.h"

#include <stdexcept>

#include "sim/routing/dragonfly/olm.h"
#include "sim/routing/dragonfly/par.h"
#include "sim/routing/dragonfly/ugal_piggyback.h"

namespace netcosim {

RouteResult MinRouting::route(const PortView& q, const Packet& pkt, Rng& /*rng*/) const {
  const uint32_t router = q.router;
  RouteResult r;
  const uint32_t dst_router = topo_.router_of_node(pkt.dst);
  if (router == dst_router) {
    r.port = static_cast<uint8_t>(topo_.port_of_node(pkt.dst));
    return r;
  }
  r.port = static_cast<uint8_t>(topo_.min_output(router, dst_router));
  r.vc = vc_for(r.port, pkt);
  return r;
}

RouteResult ValiantRouting::route(const PortView& q, const Packet& pkt, Rng& rng) const {
  const uint32_t router = q.router;
  RouteResult r;
  const uint32_t dst_router = topo_.router_of_node(pkt.dst);
  Packet view = pkt;  // the packet as it will be once this hop's state changes are applied
  if (view.phase == 0 && view.intermediate == kNone) {
    // At the source router (the packet arrived on an injection port): draw the intermediate.
    view.intermediate = rng.below(topo_.routers());
    r.set_intermediate = view.intermediate;
  }
  if (view.phase == 0 && router == view.intermediate) {
    view.phase = 1;
    view.flags &= static_cast<uint8_t>(~Packet::kGlobalDoneInPhase);
    r.set_phase = 1;
  }
  const uint32_t target = view.phase == 0 ? view.intermediate : dst_router;
  if (view.phase == 1 && router == dst_router) {
    r.port = static_cast<uint8_t>(topo_.port_of_node(pkt.dst));
    return r;
  }
  r.port = static_cast<uint8_t>(topo_.min_output(router, target));
  r.vc = vc_for(r.port, view);
  r.nonminimal =
      view.phase == 0 && (router == dst_router || r.port != topo_.min_output(router, dst_router));
  return r;
}

std::unique_ptr<RoutingAlgorithm> make_routing(const Config& cfg, const Dragonfly& topo) {
  const std::string name = cfg.get_str("routing.algorithm");
  if (name == "min") return std::make_unique<MinRouting>(topo);
  if (name == "val") return std::make_unique<ValiantRouting>(topo);
  if (name == "olm") {
    const std::string pol = cfg.get_str("routing.global_policy");
    const GlobalPolicy policy = pol == "rrg"   ? GlobalPolicy::Rrg
                                : pol == "crg" ? GlobalPolicy::Crg
                                : pol == "nrg" ? GlobalPolicy::Nrg
                                               : GlobalPolicy::Mm;
    const std::string t = cfg.get_str("routing.trigger");
    const MisrouteTrigger trigger = t == "contention" ? MisrouteTrigger::Contention
                                    : t == "filtered" ? MisrouteTrigger::Filtered
                                    : t == "hybrid"   ? MisrouteTrigger::Hybrid
                                    : t == "ectn"     ? MisrouteTrigger::Ectn
                                                      : MisrouteTrigger::Credit;
    return std::make_unique<OlmRouting>(
        topo, policy, trigger, static_cast<uint32_t>(cfg.get_int("routing.threshold")),
        cfg.get_float("routing.credit_threshold"), cfg.get_float("routing.credit_min_occupancy"),
        cfg.get_float("routing.filter_alpha"),
        static_cast<uint32_t>(cfg.get_int("routing.ectn_threshold")));
  }
  if (name == "ugal" || name == "pb")
    return std::make_unique<SourceAdaptiveRouting>(
        topo,
        name == "ugal" ? SourceAdaptiveRouting::Kind::Ugal : SourceAdaptiveRouting::Kind::PiggyBack,
        cfg.get_float("routing.ugal_f"),
        static_cast<uint32_t>(cfg.get_int("routing.ugal_t") * cfg.get_int("packet.size")),
        cfg.get_str("routing.sensing") == "port", cfg.get_bool("routing.recompute_valiant"));
  if (name == "par")
    return std::make_unique<ParRouting>(
        topo, cfg.get_float("routing.ugal_f"),
        static_cast<uint32_t>(cfg.get_int("routing.ugal_t") * cfg.get_int("packet.size")),
        cfg.get_str("routing.sensing") == "port");
  throw ConfigError("routing.algorithm=" + name + ": allowed values are min|val|olm|ugal|pb|par");
}

}  // namespace netcosim
