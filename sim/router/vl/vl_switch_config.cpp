#include "sim/router/vl/vl_switch_config.h"

#include <algorithm>

namespace netcosim {

VlSwitchConfig vl_switch_config(const Config& cfg, const Topology& topo) {
  VlSwitchConfig c;
  for (uint32_t port = 0; port < topo.router_radix(); ++port)
    c.classes.push_back(topo.port_class_of(0, port));
  const ServiceLevels q = read_service_levels(cfg);
  c.sls = q.sls;
  c.vls = q.vls;
  c.min_phits = ~0u;
  for (uint32_t s = 0; s < q.sls; ++s) {
    c.phits[s] = q.mtu_flits[s];
    c.min_phits = std::min(c.min_phits, c.phits[s]);
    c.max_phits = std::max(c.max_phits, c.phits[s]);
  }
  const SwitchBuffers b = switch_buffers(cfg, q);
  c.in_buffer = model::SharedVlBuffer{q.vls, b.port_buffer, b.vl_min, b.vl_max};
  c.out_buffer =
      model::SharedVlBuffer{q.vls, b.output_buffer, b.vl_min, std::min(b.vl_max, b.output_buffer)};
  c.latency = static_cast<uint32_t>(cfg.get_int("router.latency"));
  c.xbar_latency = static_cast<uint32_t>(cfg.get_int("router.xbar_latency"));
  c.speedup = static_cast<uint32_t>(cfg.get_int("router.speedup"));
  const uint32_t half = static_cast<uint32_t>(cfg.get_int("router.central_buffer")) / 2;
  c.central_buffer = model::SharedVlBuffer{q.vls, half, b.vl_min, half};
  c.central_latency = static_cast<uint32_t>(cfg.get_int("router.central_latency"));
  c.plan = switch_vl_plan(cfg, q);
  return c;
}

}  // namespace netcosim
