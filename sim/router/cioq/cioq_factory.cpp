#include "sim/router/cioq/cioq_factory.h"

#include <string>

#include "sim/blocks/damq_credits.h"

namespace netcosim {

RouterConfig cioq_config(const Config& cfg, const Topology& topo) {
  const auto u32 = [&](const std::string& key) { return static_cast<uint32_t>(cfg.get_int(key)); };
  RouterConfig rc;
  for (uint32_t port = 0; port < topo.router_radix(); ++port)
    rc.classes.push_back(topo.port_class_of(0, port));
  const std::vector<std::string>& names = topo.port_class_names();
  for (size_t c = 0; c < names.size(); ++c) {
    rc.vcs[c] = u32("router.vcs_" + names[c]);
    rc.buffer[c] = u32("router.buffer_" + names[c]);
  }
  rc.buffer_output = u32("router.buffer_output");
  rc.packet_size = u32("packet.size");
  rc.speedup = u32("router.speedup");
  rc.latency = u32("router.latency");
  rc.xbar_latency = u32("router.xbar_latency");
  rc.iterations = u32("router.allocator_iterations");
  rc.xbar_until_tail = cfg.get_bool("router.xbar_until_tail");
  const std::string& count = cfg.get_str("routing.contention_count");
  rc.count_queued = count == "queued" || count == "queued_at_send";
  rc.count_until_tail = count == "head_until_tail";
  rc.count_at_send = count == "queued_at_send";
  if (cfg.get_str("router.buffer_model") == "damq") {
    rc.damq_private = u32("router.damq_private");
    rc.damq_injection = cfg.get_str("router.damq_injection") == "damq";
  }
  rc.mincred = cfg.get_str("routing.mincred") != "off";
  const std::string& sel = cfg.get_str("router.vc_selection");
  rc.vc_selection = sel == "highest"  ? VcSelection::Highest
                    : sel == "lowest" ? VcSelection::Lowest
                    : sel == "random" ? VcSelection::Random
                                      : VcSelection::Jsq;
  rc.input_arbitration = parse_arb_policy(cfg.get_str("router.input_arbitration"));
  rc.output_arbitration = parse_arb_policy(cfg.get_str("router.output_arbitration"));
  rc.allocator_options.transit_rr_per_class =
      cfg.get_str("router.transit_rr_pointer") == "per_class";
  rc.allocator_options.input_update_on_request =
      cfg.get_str("router.input_arbiter_update") == "request";
  rc.age_stamp = cfg.get_str("router.age_timestamp") == "inj_time" ? AgeStamp::Injection
                                                                   : AgeStamp::Generation;
  return rc;
}

std::vector<std::unique_ptr<RouterModel>> make_cioq(const Config& cfg, const Topology& topo,
                                                    const RoutingAlgorithm& routing,
                                                    uint32_t wheel) {
  if (cfg.get_str("router.buffer_model") == "damq")
    return make_cioq_routers<model::DamqCredits>(cfg, topo, routing, wheel);
  return make_cioq_routers<model::StaticCredits>(cfg, topo, routing, wheel);
}

}  // namespace netcosim
