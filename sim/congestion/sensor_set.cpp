#include "sim/congestion/sensor_set.h"

#include <stdexcept>
#include <string>

namespace netcosim {

namespace {

// The router's ports whose links cross partitions (the Dragonfly's global ports), which
// PiggyBack's bits are indexed by: the first and how many.
struct GlobalPorts {
  uint32_t first = 0, count = 0;
};
GlobalPorts global_ports(const Topology& topo, uint32_t router, uint32_t radix) {
  GlobalPorts g;
  for (uint32_t port = 0; port < radix; ++port) {
    if (!topo.crosses_partitions(router, port)) continue;
    if (g.count == 0) g.first = port;
    if (port != g.first + g.count)
      throw std::logic_error("SensorSet: the partition-crossing ports of router " +
                             std::to_string(router) + " of " + topo.describe() +
                             " are not consecutive");
    ++g.count;
  }
  return g;
}

// The router-to-router ports whose links stay inside the partition (the Dragonfly's local ports).
uint64_t local_port_mask(const Topology& topo, uint32_t router, uint32_t radix) {
  uint64_t mask = 0;
  for (uint32_t port = 0; port < radix; ++port)
    if (topo.port_class_of(router, port) != kInjectionClass &&
        topo.peer(router, port).router != Topology::kNoRouter &&
        !topo.crosses_partitions(router, port))
      mask |= uint64_t{1} << port;
  return mask;
}

}  // namespace

SensorSet::SensorSet(const SensorNeeds& needs, const Topology& topo, uint32_t router,
                     uint32_t radix, uint32_t global_vcs)
    : ectn_needed_(needs.ectn),
      group_(topo.partition_of_router(router)),
      local_ports_(local_port_mask(topo, router, radix)),
      topo_(topo),
      contention_(needs, radix),
      saturation_(needs, global_ports(topo, router, radix).first,
                  global_ports(topo, router, radix).count, global_vcs) {}

void SensorSet::wire_group(const std::vector<SensorSet*>& group, Cycle local_latency,
                           Cycle ectn_period) {
  std::vector<const SaturationSensor*> sat;
  for (const SensorSet* s : group) sat.push_back(&s->saturation_);
  saturation_.set_peers(std::move(sat), local_latency);
  saturation_on_ = saturation_.enabled();  // its history is sized now
  if (!ectn_needed_) return;
  ectn_ = EctnSensor(topo_.partitions(), group_, local_latency, ectn_period);
  std::vector<const EctnSensor*> peers;
  for (const SensorSet* s : group) peers.push_back(&s->ectn_);
  ectn_.set_peers(std::move(peers));
  ectn_on_ = true;
}

}  // namespace netcosim
