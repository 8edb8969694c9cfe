#include "sim/router/architecture.h"

#include "sim/router/cioq/router.h"
#include "sim/util/registry.h"

namespace netcosim {

namespace {

// The CIOQ router's parameters (thesis 000 Table 1.2 values are the defaults), per port class.
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
  rc.count_queued = cfg.get_str("routing.contention_count") == "queued";
  return rc;
}

std::vector<std::unique_ptr<RouterModel>> make_cioq(const Config& cfg, const Topology& topo,
                                                    const RoutingAlgorithm& routing,
                                                    uint32_t wheel) {
  RouterConfig rc = cioq_config(cfg, topo);
  const uint64_t seed = static_cast<uint64_t>(cfg.get_int("sim.seed"));
  std::vector<std::unique_ptr<RouterModel>> routers;
  routers.reserve(topo.routers());
  // Each router gets its own ports' classes: a topology may give port i another class on some
  // routers (a fat tree's level-0 switches have injection ports where the others have tree
  // ports; docs/architecture.md "Port classes").
  for (uint32_t r = 0; r < topo.routers(); ++r) {
    for (uint32_t port = 0; port < topo.router_radix(); ++port)
      rc.classes[port] = topo.port_class_of(r, port);
    routers.push_back(std::make_unique<Router>(r, rc, routing, topo, seed, wheel));
  }
  return routers;
}

}  // namespace

const std::vector<ArchitectureEntry>& architecture_registry() {
  static const std::vector<ArchitectureEntry> registry = {
      {"cioq",
       "combined input-output queued router with internal speedup and a separable input-first "
       "allocator (thesis 000 Sec. 1.2.2, Table 1.2)",
       make_cioq},
  };
  return registry;
}

const ArchitectureEntry& architecture_of(const Config& cfg) {
  const std::string& name = cfg.get_str("router.architecture");
  if (const ArchitectureEntry* e = find_entry(architecture_registry(), name)) return *e;
  throw ConfigError("router.architecture=" + name + ": not a registered architecture");
}

}  // namespace netcosim
