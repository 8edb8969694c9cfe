#include "sim/network/build.h"

#include <algorithm>
#include <stdexcept>

#include "sim/config/qos.h"
#include "sim/network/memory_estimate.h"
#include "sim/router/architecture.h"
#include "sim/topology/topology_catalog.h"
#include "sim/traffic/source_registry.h"

namespace netcosim {

namespace {
constexpr uint64_t kNicVcStream = 3;  // the NIC's random injection VC (2: the routers')
// The streams of the CBR SLs' connections (sim/traffic/sl_source.h cbr_connections), index the SL
// (stream 2 is the routers', 3 the NICs' injection VC).
constexpr uint64_t kCbrStream = 4;

uint32_t ceil_div(uint32_t a, uint32_t b) {
  return (a + b - 1) / b;
}
uint32_t get_u32(const Config& cfg, const char* key) {
  return static_cast<uint32_t>(cfg.get_int(key));
}

// The topology from the topology.* keys: its entry in the topology catalogue (validate_config has
// checked the name and the shape).
std::unique_ptr<Topology> make_topology(const Config& cfg) {
  return topology_entry(cfg.get_str("topology.type"))->make(cfg);
}

// The service levels' traffic ([qos] section, the service_levels source; thesis 003 Sec. 5.3):
// per SL its messages per node and cycle, packets per message and pattern; and the phits of a
// packet of each SL (the statistics' per-SL throughput).
void make_sl_traffic(const Config& cfg, const Topology& topo, NetworkParts& parts) {
  const ServiceLevels q = read_service_levels(cfg);
  if (!q.enabled()) return;
  auto t = std::make_unique<SlTraffic>();
  t->sls = q.sls;
  t->nodes = topo.nodes();
  t->hotspot_fraction = cfg.get_float("traffic.hotspot_fraction");
  const double load = cfg.get_float("traffic.load");
  for (uint32_t s = 0; s < q.sls; ++s) {
    SlTraffic::Level& l = t->level[s];
    // qos.backlogged: the NIC makes each packet when its scheduler grants the SL (VlSwitch).
    l.messages_per_cycle = q.backlogged ? 0.0 : load * q.share[s] / double(q.message_flits[s]);
    l.packets = q.packets_per_message(s);
    l.pattern = q.pattern[s];
    if (l.pattern == SlPattern::Cbr)
      t->cbr_dst[s] = cbr_connections(
          topo.nodes(), Rng(static_cast<uint64_t>(cfg.get_int("sim.seed")), kCbrStream, s));
    parts.sl_packet_phits.push_back(q.mtu_flits[s]);
  }
  parts.traffic->sl = t.get();
  parts.sl_traffic = std::move(t);
}

// The traffic patterns and the sources' parameters (traffic.* keys).
void make_traffic_params(const Config& cfg, const Topology& topo, NetworkParts& parts) {
  parts.traffic = std::make_unique<TrafficParams>();
  TrafficParams& tp = *parts.traffic;
  const uint32_t G = topo.partitions();
  PatternArgs args;
  args.same_router = cfg.get_str("traffic.adv_target") == "same_router";
  args.hotspot_fraction = cfg.get_float("traffic.hotspot_fraction");
  args.adv_offset = static_cast<uint32_t>(cfg.get_int("traffic.adv_offset") % G);
  parts.patterns.push_back(make_traffic(cfg.get_str("traffic.pattern"), topo, args));
  tp.packet_prob = cfg.get_float("traffic.load") / double(cfg.get_int("packet.size"));
  if (cfg.get_str("traffic.pattern") == "bursty_uniform")
    tp.burst_length = cfg.get_float("traffic.burst_length");
  tp.burst_wait = cfg.get_bool("traffic.burst_wait");
  // traffic.fullrate_nodes (paper 004 Sec. 5.3, Workload 1): these nodes generate at
  // 1 phit/(node*cycle).
  parse_node_list(cfg.get_str("traffic.fullrate_nodes"), topo.nodes(), tp.fullrate_nodes);
  tp.fullrate_prob = 1.0 / double(cfg.get_int("packet.size"));
  tp.pattern = parts.patterns.back().get();
  // Request-reply (thesis 000 Sec. 1.6.2: "the injection rate of the request messages needs to be
  // half of the injection rate in non request-reply patterns", replies of one packet): requests
  // at traffic.load / (1 + traffic.reply_size), so that requests and replies offer traffic.load
  // together. The statistics count the two classes apart (StatsSink's class counters).
  if (cfg.get_str("traffic.source") == "request_reply") {
    const double share = 1.0 + double(cfg.get_int("traffic.reply_size"));
    tp.packet_prob /= share;
    tp.fullrate_prob /= share;
    const auto S = static_cast<uint32_t>(cfg.get_int("packet.size"));
    parts.sl_packet_phits = {S, S};
  }
  make_sl_traffic(cfg, topo, parts);
  if (cfg.get_str("traffic.pattern2") == "none") return;
  args.adv_offset = static_cast<uint32_t>(cfg.get_int("traffic.adv_offset2") % G);
  parts.patterns.push_back(make_traffic(cfg.get_str("traffic.pattern2"), topo, args));
  tp.pattern2 = parts.patterns.back().get();
  tp.mix = cfg.get_float("traffic.mix");
  const int64_t sw = cfg.get_int("traffic.switch_cycle");
  tp.switch_cycle = sw < 0 ? kNone : static_cast<Cycle>(sw);
}

// The shortest latency of the router-to-router links that stay inside a partition (1 if none).
Cycle intra_partition_latency(const Topology& topo, const std::vector<Cycle>& latency) {
  Cycle m = kNone;
  for (uint32_t r = 0; r < topo.routers(); ++r)
    for (uint32_t port = 0; port < topo.router_radix(); ++port) {
      const PortClass c = topo.port_class_of(r, port);
      if (c == kInjectionClass || topo.peer(r, port).router == Topology::kNoRouter ||
          topo.crosses_partitions(r, port))
        continue;
      m = std::min(m, latency[c]);
    }
  return m == kNone ? 1 : m;
}

// Partition-wide mechanisms: the routers of a partition (a group of the Dragonfly) read each
// other with the latency of the links inside it (PiggyBack bits), and with ECtN every router reads
// the partial counters of the routers of its partition.
void wire_group_sensors(const Config& cfg, const Topology& topo, const std::vector<Cycle>& latency,
                        const std::vector<RouterModel*>& routers) {
  if (routers.empty() || routers[0]->sensor_set() == nullptr) return;
  const Cycle local_latency = intra_partition_latency(topo, latency);
  const Cycle ectn_period = static_cast<Cycle>(cfg.get_int("routing.ectn_period"));
  for (uint32_t r = 0; r < topo.routers(); ++r) {
    const uint32_t part = topo.partition_of_router(r), first = topo.partition_first(part);
    std::vector<SensorSet*> group;
    for (uint32_t i = 0; i < topo.partition_size(part); ++i)
      group.push_back(routers[first + i]->sensor_set());
    routers[r]->sensor_set()->wire_group(group, local_latency, ectn_period);
  }
}

// Inter-router links: one per connected router-to-router output port. Rings are sized for the
// worst case (one packet per packet_size cycles in flight; every downstream buffer slot's credit
// pending).
void wire_links(const Topology& topo, uint32_t S, const std::vector<Cycle>& latency,
                Cycle lookahead, Cycle local_lead, std::vector<Link>& links,
                const std::vector<RouterModel*>& routers) {
  for (uint32_t r = 0; r < topo.routers(); ++r) {
    for (uint32_t port = 0; port < topo.router_radix(); ++port) {
      const PortClass k = topo.port_class_of(r, port);
      if (k == kInjectionClass) continue;
      const Topology::PortRef peer = topo.peer(r, port);
      if (peer.router == Topology::kNoRouter) continue;
      const Cycle lat = latency[k];
      const bool crosses = topo.crosses_partitions(r, port);
      const uint32_t downstream_packets = routers[peer.router]->input_port_packets(peer.port);
      const uint32_t X = routers[peer.router]->credit_interval();
      links.emplace_back();
      Link& L = links.back();
      L.src_router = r;
      L.src_port = port;
      L.dst_router = peer.router;
      L.dst_port = peer.port;
      L.latency = L.credit_latency = lat;
      L.crosses_partitions = crosses;
      // A crossing link's producer runs up to one window ahead of its consumer.
      const Cycle ahead = crosses ? std::max(lookahead, local_lead) : local_lead;
      L.data = DelayRing<PacketMsg>(std::min(ceil_div(lat + ahead, S) + 2, downstream_packets + 1));
      // Credits are taken in their arrival cycle; one is sent per crossbar transfer of the
      // downstream input port, at most one every credit_interval cycles.
      // With credits per flit (router.credit_return=flit) a packet's transfer sends up to
      // credit_messages_per_packet, none arriving after the packet's one would.
      L.credits =
          DelayRing<CreditMsg>(std::min(ceil_div(lat + X + ahead, X) + 2, downstream_packets + 2) *
                               routers[peer.router]->credit_messages_per_packet());
      routers[r]->connect_output(port, &L);
      routers[peer.router]->connect_input(peer.port, &L);
    }
  }
}

// NICs and their injection links (latency 1: FOGSim's injection delay; the injection buffer's
// space is seen by the NIC as soon as the tail leaves it, so credits return with latency 0).
void make_nics(const Config& cfg, const Topology& topo, const NetworkParts& parts,
               std::vector<Link>& links, std::vector<Nic>& nics,
               const std::vector<RouterModel*>& routers) {
  const uint64_t seed = static_cast<uint64_t>(cfg.get_int("sim.seed"));
  // traffic.source_queue, or router.age_timestamp's queue with an age arbiter; unbounded
  // (traffic.application_queue, gen_qinf): a ring that doubles when full (Nic::grow_queue).
  const SourceQueuePlan queue = source_queue_plan(cfg);
  const uint32_t q_cap = queue.capacity;
  const bool unbounded = queue.unbounded;
  const uint32_t reply_size =
      cfg.get_str("traffic.source") == "request_reply" ? get_u32(cfg, "traffic.reply_size") : 0;
  // traffic.reply_queue (Nic::init_reply_queue): the replies' bounded queue, and the injection
  // VCs it splits by class.
  const uint32_t reply_queue = reply_size != 0 ? get_u32(cfg, "traffic.reply_queue") : 0;
  const uint32_t injection_vcs = get_u32(cfg, "router.vcs_injection");
  // The source of traffic.source, from the source registry (sim/traffic/source_registry.h).
  const TrafficSourceEntry& source = traffic_source_entry(cfg.get_str("traffic.source"));
  const Cycle gen_stop =
      cfg.get_bool("sim.drain")
          ? static_cast<Cycle>(cfg.get_int("sim.warmup") + cfg.get_int("sim.measure"))
          : kNone;
  // traffic.injection_vc (docs/model.md §3): selection applies router.vc_selection's function.
  const Nic::InjectionVc injection_policy = Nic::injection_policy_of(
      cfg.get_str("traffic.injection_vc"), cfg.get_str("router.vc_selection"));
  for (uint32_t n = 0; n < topo.nodes(); ++n) {
    nics.emplace_back();
    Nic& nic = nics.back();
    nic.node = n;
    nic.gen_stop = gen_stop;
    nic.set_source(source.make(n, Rng(seed, kNodeTrafficStream, n), *parts.traffic));
    nic.burst_wait = parts.traffic->burst_wait;  // the source is a BurstySource (validated)
    nic.queue.reset(new SourceEntry[q_cap]);
    nic.q_cap = q_cap;
    nic.q_limit = q_cap;
    if (reply_size != 0) {  // request-reply: the NIC answers requests (Nic::answer)
      nic.reply_size = reply_size;
      nic.wants_receive = true;
      if (reply_queue != 0) nic.init_reply_queue(reply_queue, injection_vcs);
    }
    nic.q_unbounded = unbounded;
    nic.injection_policy = injection_policy;
    nic.vc_rng = Rng(seed, kNicVcStream, n);
    nic.nodes = topo.nodes();
    links.emplace_back();
    Link& L = links.back();
    L.src_router = kNone;
    L.src_port = 0;
    L.dst_router = topo.node_router(n);
    L.dst_port = topo.node_port(n);
    L.latency = 1;
    L.credit_latency = 0;
    L.data = DelayRing<PacketMsg>(4);
    L.credits = DelayRing<CreditMsg>((routers[L.dst_router]->input_port_packets(L.dst_port) + 2) *
                                     routers[L.dst_router]->credit_messages_per_packet());
    nic.link = &L;
    routers[L.dst_router]->attach_nic(L.dst_port, &nic);
  }
}

// SAT injection throttling (traffic.throttling=sat; seed 004 Sec. 2.1, 4.1; docs/model.md "SAT
// injection throttling"): the signal's ring (Topology::sat_ring) over the NICs. A hop's latency is
// the sum of the latencies of the links it crosses (one cycle between two nodes of one router in a
// direct network); a hop between partitions crosses a link between them, so it takes at least
// the lookahead (enforced: the engines' windows rely on it). The signal starts at the ring's first
// node in cycle 0.
void make_sat(const Config& cfg, const Topology& topo, NetworkParts& parts,
              const std::vector<RouterModel*>& routers) {
  if (cfg.get_str("traffic.throttling") != "sat") return;
  const SatRing ring = topo.sat_ring();
  if (ring.nodes.empty()) throw ConfigError("traffic.throttling=sat: " + ring.why);
  std::vector<Nic>& nics = *parts.nics;
  const uint32_t l = get_u32(cfg, "traffic.sat_l"), k = get_u32(cfg, "traffic.sat_k");
  for (const uint32_t n : ring.nodes) {
    nics[n].sat = std::make_unique<SatNic>();
    nics[n].sat->l = l;
    nics[n].sat->k = k;
  }
  const size_t N = ring.nodes.size();
  uint64_t H = 0;
  for (size_t i = 0; i < N; ++i) {
    const uint32_t u = ring.nodes[i], v = ring.nodes[(i + 1) % N];
    const uint32_t ru = topo.node_router(u), rv = topo.node_router(v);
    Cycle lat = ring.node_links ? 2 * parts.link_latency[kInjectionClass] : 0;
    if (ru != rv) {
      uint32_t hops[kMaxPortClasses];
      topo.min_hops(ru, rv, hops);
      for (uint32_t c = 1; c < topo.port_classes(); ++c) lat += hops[c] * parts.link_latency[c];
    }
    lat = std::max<Cycle>(lat, 1);
    const bool remote = topo.partition_of_router(ru) != topo.partition_of_router(rv);
    if (remote) lat = std::max(lat, parts.lookahead);
    SatNic& s = *nics[u].sat;
    s.next = nics[v].sat.get();
    s.hop = lat;
    s.next_remote = remote;
    s.next_port = topo.node_port(v);
    s.wake_ctx = routers[rv];
    s.wake = [](void* r, uint32_t port, Cycle at) {
      static_cast<RouterModel*>(r)->wake_sat(port, at);
    };
    if (!routers[rv]->enable_sat(topo.node_port(v), remote))
      throw ConfigError("traffic.throttling=sat: needs router.architecture=cioq");
    H += lat;
  }
  const uint32_t first = ring.nodes[0];
  nics[first].sat->in.push(SatMsg{0});
  routers[topo.node_router(first)]->wake_sat(topo.node_port(first), 0);
  parts.sat = {true, static_cast<uint32_t>(N), H};
}

// Links the topology's routers need: one per connected inter-router output port, one per node.
size_t link_count(const Topology& topo) {
  size_t n = topo.nodes();
  for (uint32_t r = 0; r < topo.routers(); ++r)
    for (uint32_t port = 0; port < topo.router_radix(); ++port)
      n += topo.port_class_of(r, port) != kInjectionClass &&
           topo.peer(r, port).router != Topology::kNoRouter;
  return n;
}

// The shortest latency of the links that cross partitions: how far an engine may run a partition
// ahead of the others. Without such links, the longest link latency.
Cycle partition_lookahead(const Topology& topo, const std::vector<Cycle>& latency) {
  Cycle m = kNone, longest = 1;
  for (uint32_t r = 0; r < topo.routers(); ++r)
    for (uint32_t port = 0; port < topo.router_radix(); ++port) {
      const PortClass c = topo.port_class_of(r, port);
      if (c == kInjectionClass || topo.peer(r, port).router == Topology::kNoRouter) continue;
      longest = std::max(longest, latency[c]);
      if (topo.crosses_partitions(r, port)) m = std::min(m, latency[c]);
    }
  return m == kNone ? longest : m;
}

// The routers of the architecture (router.architecture's entry, sim/router/architecture.h, or
// the caller's) and the VC-order checker.
std::vector<RouterModel*> make_routers(const Config& cfg, const ArchitectureEntry& arch,
                                       NetworkParts& parts) {
  const uint32_t max_latency =
      *std::max_element(parts.link_latency.begin(), parts.link_latency.end());
  // Producers write slots up to lookahead + latency + transfer cycles (at most a packet's
  // phits) ahead of the consumer's window.
  const uint32_t wheel = 2 * (max_latency + static_cast<uint32_t>(cfg.get_int("packet.size"))) + 2;
  parts.routers = arch.make(cfg, *parts.topology, *parts.routing, wheel);
  std::vector<RouterModel*> routers;
  for (const auto& r : parts.routers) routers.push_back(r.get());
    // The VC-order checker: sim.check, always on in a checked build (the sanitizer build); custom
    // routings without a declared order are not checked.
#ifdef NETCOSIM_CHECKED
  const bool check = true;
#else
  const bool check = cfg.get_bool("sim.check");
#endif
  VcOrder order = parts.routing->vc_order();
  if (check && order.declared()) {
    parts.vc_order = std::make_unique<VcOrder>(std::move(order));
    for (RouterModel* r : routers) r->set_vc_check(parts.vc_order.get());
  }
  return routers;
}
}  // namespace

std::unique_ptr<Network> build_network(const Config& cfg, std::unique_ptr<RoutingAlgorithm> routing,
                                       Cycle local_lead, const ArchitectureEntry* architecture) {
  validate_config(cfg);
  check_memory_fits(cfg, 1);
  return build_validated_network(cfg, std::move(routing), local_lead, architecture);
}

std::unique_ptr<Network> build_validated_network(const Config& cfg,
                                                 std::unique_ptr<RoutingAlgorithm> routing,
                                                 Cycle local_lead,
                                                 const ArchitectureEntry* architecture) {
  NetworkParts parts;
  parts.topology = make_topology(cfg);
  const Topology& t = *parts.topology;
  parts.packet_size = get_u32(cfg, "packet.size");
  parts.routing = routing ? std::move(routing) : make_routing(cfg, t);
  make_traffic_params(cfg, t, parts);
  for (int64_t lat : link_latencies(cfg)) parts.link_latency.push_back(static_cast<Cycle>(lat));
  parts.link_latency[kInjectionClass] = 1;  // the NICs' injection links
  // Lookahead: the links that cross partitions (and their credits) take at least this long, so
  // partitions are independent for that long.
  parts.lookahead = parts.max_lookahead = partition_lookahead(t, parts.link_latency);
  if (const int64_t limit = engine_lookahead_limit(cfg); limit > 0)
    parts.lookahead = parts.max_lookahead = std::min(parts.lookahead, static_cast<Cycle>(limit));
  const std::vector<RouterModel*> routers =
      make_routers(cfg, architecture != nullptr ? *architecture : architecture_of(cfg), parts);
  wire_group_sensors(cfg, t, parts.link_latency, routers);
  parts.links = std::make_unique<std::vector<Link>>();
  parts.links->reserve(link_count(t));  // the routers and NICs keep pointers to the links
  parts.nics = std::make_unique<std::vector<Nic>>();
  parts.nics->reserve(t.nodes());
  // The rings carry packets of the smallest size the routers receive (one per SL on the switches).
  const uint32_t ring_packet =
      routers[0]->min_packet_phits() != 0 ? routers[0]->min_packet_phits() : parts.packet_size;
  wire_links(t, ring_packet, parts.link_latency, parts.lookahead, local_lead, *parts.links,
             routers);
  make_nics(cfg, t, parts, *parts.links, *parts.nics, routers);
  make_sat(cfg, t, parts, routers);
  return std::make_unique<Network>(cfg, std::move(parts));
}

uint64_t zero_load_latency(const Network& net, uint32_t src_node, uint32_t dst_node,
                           uint32_t packet_phits) {
  const uint64_t length = packet_phits != 0 ? packet_phits : net.packet_size();
  const Topology& topo = net.topology();
  uint32_t hops[kMaxPortClasses];
  topo.min_hops(topo.node_router(src_node), topo.node_router(dst_node), hops);
  uint64_t routers = 1, links = 0;
  for (uint32_t c = 1; c < topo.port_classes(); ++c) {
    routers += hops[c];
    links += uint64_t{hops[c]} * net.link_latency(static_cast<PortClass>(c));
  }
  const RouterModel& r0 = net.router(0);
  if (routers == 1 && r0.zero_load_depends_on_ports()) {
    // One switch: from the source's terminal port to the destination's.
    const Cycle sw = net.router(topo.node_router(src_node))
                         .zero_load_cycles(topo.node_port(src_node), topo.node_port(dst_node));
    return 1 + sw + length;
  }
  if (r0.zero_load_depends_on_ports())
    throw std::invalid_argument(
        "zero_load_latency: the switch's zero-load cycles depend on the ports the routing picks "
        "in every switch of a path longer than one switch (docs/model.md §11.2)");
  // Every router on the path adds the same pipeline and crossbar cycles (one architecture).
  return 1 + routers * r0.zero_load_cycles() + links + length;
}

}  // namespace netcosim
