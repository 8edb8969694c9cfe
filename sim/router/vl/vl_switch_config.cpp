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
  c.alloc_retry = static_cast<uint32_t>(cfg.get_int("router.alloc_retry"));
  c.credit_per_flit = cfg.get_str("router.credit_return") == "flit";
  const uint32_t half = static_cast<uint32_t>(cfg.get_int("router.central_buffer")) / 2;
  c.central_buffer = model::SharedVlBuffer{q.vls, half, b.vl_min, half};
  c.central_latency = static_cast<uint32_t>(cfg.get_int("router.central_latency"));
  c.mport_shared_central = cfg.get_str("router.mport_xbar") == "shared_central";
  c.mport_shared = cfg.get_str("router.mport_xbar") == "shared" || c.mport_shared_central;
  c.central_any = cfg.get_str("router.central_link") == "any";
  c.plan = switch_vl_plan(cfg, q);
  c.backlogged = q.backlogged;
  c.nic_per_sl = q.nic_per_sl;
  for (uint32_t s = 0; s < q.sls; ++s) {
    c.msg_pkts[s] = q.atomic_messages ? q.packets_per_message(s) : 1;
    c.unit_phits[s] = c.msg_pkts[s] * c.phits[s];
    c.max_unit_phits = std::max(c.max_unit_phits, c.unit_phits[s]);
    c.atomic = c.atomic || c.msg_pkts[s] > 1;
  }
  c.scheduler = read_output_scheduler(cfg, q);
  if (c.scheduler.kind == OutputSchedulerKind::DTable) {
    const qos::QosTable& t = c.scheduler.table;
    auto table = std::make_shared<model::DTableTable>(static_cast<unsigned>(t.entries.size()));
    for (unsigned e = 0; e < t.entries.size(); ++e)
      table->write(e, t.entries[e].sl, t.entries[e].weight);
    c.dtable = table;
    // OPA: wide registers; IB: the 8-bit table entries of Fig. 5.3 (the table file's IB target
    // is refused when an accumulator could overflow them).
    c.dtable_params = t.target == qos::DTableTarget::Ib ? model::ib_dtable_params(16)
                                                        : model::DTableParams{q.sls, 24, 32, 16};
    c.dtable_params.sls = q.sls;
  }
  if (c.scheduler.kind == OutputSchedulerKind::Drr)
    c.drr_params = VlSwitchConfig::drr_params_for(q.sls);
  return c;
}

std::vector<uint32_t> vl_fifo_capacity(const VlSwitchConfig& c, uint32_t vl_max) {
  std::vector<uint32_t> smallest(c.vls, c.max_phits), cap(c.vls);
  for (uint32_t k = 0; k < kMaxPortClasses; ++k)
    for (uint32_t s = 0; s < c.sls; ++s)
      for (uint32_t j = 0; j < kMaxRoutingVcs; ++j)
        for (const uint8_t vl : c.plan.candidates[k][s][j])
          smallest[vl] = std::min(smallest[vl], c.phits[s]);
  for (uint32_t v = 0; v < c.vls; ++v) cap[v] = std::max(1u, vl_max / smallest[v]);
  return cap;
}

}  // namespace netcosim
