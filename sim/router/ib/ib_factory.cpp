#include "sim/router/ib/ib_factory.h"

#include <algorithm>

#include "sim/router/ib/ib_switch.h"
#include "sim/router/vl/rr_sl_scheduler.h"
#include "sim/router/vl/table_schedulers.h"
#include "sim/router/vl/vl_switch_config.h"

namespace netcosim {

namespace {

// The output scheduler is the switch's template parameter (router.output_scheduler, chosen here
// once: docs/model.md §10.5); kWaits: the switches with head-wait counters (netcosim run --waits).
template <bool kOpa, bool kWaits, class Sched>
std::vector<std::unique_ptr<RouterModel>> make_switches_with(VlSwitchConfig c, const Config& cfg,
                                                             const Topology& topo,
                                                             const RoutingAlgorithm& routing,
                                                             uint32_t wheel) {
  const uint64_t seed = static_cast<uint64_t>(cfg.get_int("sim.seed"));
  const uint32_t iterations = static_cast<uint32_t>(cfg.get_int("router.allocator_iterations"));
  // The builder's wheel covers packets of packet.size; a switch's packets are up to its largest
  // MTU (a credit arrives a packet's length and a link latency after its grant).
  // With qos.atomic_messages an input returns a message's credits together, a message's
  // transfer after its grant (docs/model.md §9.2).
  const uint32_t wheel_size = wheel + 2 * std::max(c.max_phits, c.max_unit_phits);
  std::vector<std::unique_ptr<RouterModel>> routers;
  routers.reserve(topo.routers());
  for (uint32_t r = 0; r < topo.routers(); ++r) {
    for (uint32_t port = 0; port < topo.router_radix(); ++port)
      c.classes[port] = topo.port_class_of(r, port);
    routers.push_back(std::make_unique<VlSwitch<Sched, kOpa, kWaits>>(r, c, routing, topo, seed,
                                                                      wheel_size, iterations));
  }
  return routers;
}

template <bool kOpa, bool kWaits>
std::vector<std::unique_ptr<RouterModel>> make_switches(const Config& cfg, const Topology& topo,
                                                        const RoutingAlgorithm& routing,
                                                        uint32_t wheel) {
  VlSwitchConfig c = vl_switch_config(cfg, topo);
  switch (c.scheduler.kind) {
    case OutputSchedulerKind::Sbt:
      return make_switches_with<kOpa, kWaits, SbtSlScheduler>(std::move(c), cfg, topo, routing,
                                                              wheel);
    case OutputSchedulerKind::DTable:
      return make_switches_with<kOpa, kWaits, DTableSlScheduler>(std::move(c), cfg, topo, routing,
                                                                 wheel);
    case OutputSchedulerKind::Drr:
      return make_switches_with<kOpa, kWaits, DrrSlScheduler>(std::move(c), cfg, topo, routing,
                                                              wheel);
    case OutputSchedulerKind::IbVlArb:
      return make_switches_with<kOpa, kWaits, IbVlArbScheduler>(std::move(c), cfg, topo, routing,
                                                                wheel);
    case OutputSchedulerKind::Rr:
      break;
  }
  return make_switches_with<kOpa, kWaits, RrSlScheduler>(std::move(c), cfg, topo, routing, wheel);
}

}  // namespace

std::vector<std::unique_ptr<RouterModel>> make_ib_switches(const Config& cfg, const Topology& topo,
                                                           const RoutingAlgorithm& routing,
                                                           uint32_t wheel) {
  return make_switches<false, false>(cfg, topo, routing, wheel);
}

std::vector<std::unique_ptr<RouterModel>> make_opa_switches(const Config& cfg, const Topology& topo,
                                                            const RoutingAlgorithm& routing,
                                                            uint32_t wheel) {
  return make_switches<true, false>(cfg, topo, routing, wheel);
}

std::vector<std::unique_ptr<RouterModel>> make_ib_switches_waits(const Config& cfg,
                                                                 const Topology& topo,
                                                                 const RoutingAlgorithm& routing,
                                                                 uint32_t wheel) {
  return make_switches<false, true>(cfg, topo, routing, wheel);
}

std::vector<std::unique_ptr<RouterModel>> make_opa_switches_waits(const Config& cfg,
                                                                  const Topology& topo,
                                                                  const RoutingAlgorithm& routing,
                                                                  uint32_t wheel) {
  return make_switches<true, true>(cfg, topo, routing, wheel);
}

}  // namespace netcosim
