#include "sim/routing/fattree/updown.h"

namespace netcosim {

RouteResult UpDownRouting::route(const PortView& q, const Packet& pkt, Rng& rng) const {
  RouteResult r;
  const uint32_t router = q.router;
  if (topo_.below(router, pkt.dst)) {  // down (at level 0: the ejection port)
    r.port = static_cast<uint8_t>(topo_.down_port(router, pkt.dst));
    return r;
  }
  const uint32_t k = topo_.k();
  uint32_t up = 0;
  switch (choice_) {
    case UpChoice::DestinationDigit:
      up = topo_.digit(pkt.dst, topo_.level(router));
      break;
    case UpChoice::SourceDigit:
      up = topo_.digit(pkt.src, topo_.level(router));
      break;
    case UpChoice::Random:
      up = rng.below(k);
      break;
    case UpChoice::MostCredits: {
      uint32_t best = 0xffffffffu;
      for (uint32_t j = 0; j < k; ++j) {
        const uint32_t occ = q.downstream_occupancy(k + j, 0);
        if (occ < best) best = occ, up = j;
      }
      break;
    }
  }
  r.port = static_cast<uint8_t>(k + up);
  return r;
}

uint32_t UpDownRouting::minimal_output(uint32_t router, const Packet& pkt) const {
  if (topo_.below(router, pkt.dst)) return topo_.down_port(router, pkt.dst);
  return topo_.k() + topo_.digit(pkt.dst, topo_.level(router));
}

const FatTree& fattree_of(const Topology& topo, const std::string& algorithm) {
  if (const auto* t = dynamic_cast<const FatTree*>(&topo)) return *t;
  throw ConfigError("routing.algorithm=" + algorithm +
                    ": needs a fat tree (topology.type=fattree); the topology is " +
                    topo.describe());
}

namespace {
std::unique_ptr<RoutingAlgorithm> make_updown(const Config&, const Topology& t) {
  return std::make_unique<UpDownRouting>(fattree_of(t, "updown"), UpChoice::DestinationDigit);
}
std::unique_ptr<RoutingAlgorithm> make_updown_source(const Config&, const Topology& t) {
  return std::make_unique<UpDownRouting>(fattree_of(t, "updown_source"), UpChoice::SourceDigit);
}
std::unique_ptr<RoutingAlgorithm> make_updown_random(const Config&, const Topology& t) {
  return std::make_unique<UpDownRouting>(fattree_of(t, "updown_random"), UpChoice::Random);
}
std::unique_ptr<RoutingAlgorithm> make_updown_adaptive(const Config&, const Topology& t) {
  return std::make_unique<UpDownRouting>(fattree_of(t, "updown_adaptive"), UpChoice::MostCredits);
}
}  // namespace

const std::vector<RoutingRegistryEntry>& fattree_routing_registry() {
  static const std::vector<RoutingRegistryEntry> registry = {
      {"updown", make_updown},
      {"updown_source", make_updown_source},
      {"updown_random", make_updown_random},
      {"updown_adaptive", make_updown_adaptive},
  };
  return registry;
}

}  // namespace netcosim
