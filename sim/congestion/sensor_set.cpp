#include "sim/congestion/sensor_set.h"

namespace netcosim {

SensorSet::SensorSet(const SensorNeeds& needs, const Dragonfly& topo, uint32_t router,
                     uint32_t radix, uint32_t global_vcs)
    : ectn_needed_(needs.ectn),
      group_(router / topo.a()),
      topo_(topo),
      contention_(needs, radix),
      saturation_(needs, topo.first_global_port(), topo.h(), global_vcs) {}

void SensorSet::wire_group(const std::vector<SensorSet*>& group, Cycle local_latency,
                           Cycle ectn_period) {
  std::vector<const SaturationSensor*> sat;
  for (const SensorSet* s : group) sat.push_back(&s->saturation_);
  saturation_.set_peers(std::move(sat), local_latency);
  saturation_on_ = saturation_.enabled();  // its history is sized now
  if (!ectn_needed_) return;
  ectn_ = EctnSensor(topo_.groups(), group_, local_latency, ectn_period);
  std::vector<const EctnSensor*> peers;
  for (const SensorSet* s : group) peers.push_back(&s->ectn_);
  ectn_.set_peers(std::move(peers));
  ectn_on_ = true;
}

}  // namespace netcosim
