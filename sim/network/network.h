// The network model (docs/principles.md §7): routers, NICs, links and partitions, made by the
// builder (sim/network/build.h) from a Topology and the Config. It holds no run loop: the engines
// (sim/engine/native, systemc/engine) step its routers under one run control
// (sim/engine/run_control.h), and sim/engine/results.h collects the results. A simulation is an
// object with no global state; two can run in one process (docs/principles.md §5).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "sim/config/config.h"
#include "sim/link/channel.h"
#include "sim/network/deadlock_report.h"
#include "sim/nic/nic.h"
#include "sim/router/router_model.h"
#include "sim/routing/routing.h"
#include "sim/stats/stats.h"
#include "sim/topology/topology.h"
#include "sim/traffic/sl_source.h"
#include "sim/traffic/traffic.h"

namespace netcosim {

// What the builder hands to the Network: the model's parts, wired.
struct NetworkParts {
  std::unique_ptr<Topology> topology;
  uint32_t packet_size = 0;  // phits
  std::unique_ptr<RoutingAlgorithm> routing;
  std::unique_ptr<VcOrder> vc_order;  // the VC-order checker's reference (nullptr: no check)
  std::vector<std::unique_ptr<TrafficPattern>> patterns;
  std::unique_ptr<TrafficParams> traffic;
  std::unique_ptr<SlTraffic> sl_traffic;  // the service levels' traffic (nullptr: none)
  std::vector<uint32_t> sl_packet_phits;  // the phits of a packet of each SL (empty: no SLs)
  std::unique_ptr<std::vector<Link>> links;
  std::unique_ptr<std::vector<Nic>> nics;
  std::vector<std::unique_ptr<RouterModel>> routers;
  // The latency of each port class's links (link.latency_<class>; 1 for the injection links).
  std::vector<Cycle> link_latency;
  // The shortest latency of the links that cross partitions (the partitions' lookahead; the
  // longest link latency when no link crosses partitions).
  Cycle lookahead = 1;
  Cycle max_lookahead = 1;  // the lookahead as built: set_lookahead may only shorten it
  // SAT injection throttling (traffic.throttling=sat; docs/model.md "SAT injection throttling"):
  // the ring's nodes and H, the signal's cycles around it when no NIC holds it (the sum of its
  // hops' latencies).
  struct SatRingInfo {
    bool on = false;
    uint32_t nodes = 0;
    uint64_t cycles = 0;
  } sat;
};

class Network {
 public:
  Network(const Config& cfg, NetworkParts parts);
  Network(const Network&) = delete;
  Network& operator=(const Network&) = delete;

  const Config& config() const { return cfg_; }
  const Topology& topology() const { return *p_.topology; }
  uint32_t packet_size() const { return p_.packet_size; }
  // The phits of a packet of class `cls`: its service level's (NetworkParts::sl_packet_phits,
  // the switches built on service levels, docs/model.md §10), else packet.size.
  uint32_t packet_phits(uint32_t cls) const {
    return cls < p_.sl_packet_phits.size() ? p_.sl_packet_phits[cls] : p_.packet_size;
  }
  // The largest packet_phits of any class.
  uint32_t max_packet_phits() const {
    uint32_t m = p_.packet_size;
    for (const uint32_t x : p_.sl_packet_phits) m = x > m ? x : m;
    return m;
  }
  // The most packets a node's configured source generates in one cycle: on the service levels'
  // traffic (sim/traffic/sl_source.h) a message of each SL may fall in the same cycle, a Bursts4
  // SL's four at once; 1 otherwise.
  uint32_t max_packets_per_cycle() const {
    if (!p_.sl_traffic) return 1;
    uint32_t n = 0;
    for (uint32_t s = 0; s < p_.sl_traffic->sls; ++s) {
      const SlTraffic::Level& l = p_.sl_traffic->level[s];
      n += (l.pattern == SlPattern::Bursts4 ? 4 : 1) * l.packets;
    }
    return n > 1 ? n : 1;
  }
  // The classes with a size of their own (the service levels; 0: every packet is packet.size).
  uint32_t sized_classes() const { return static_cast<uint32_t>(p_.sl_packet_phits.size()); }
  // link.latency_<class> by port class.
  Cycle link_latency(PortClass c) const { return p_.link_latency[c]; }
  uint32_t routers() const { return static_cast<uint32_t>(p_.routers.size()); }
  RouterModel& router(uint32_t r) { return *p_.routers[r]; }
  const RouterModel& router(uint32_t r) const { return *p_.routers[r]; }
  const std::vector<Nic>& nics() const { return *p_.nics; }
  const NetworkParts::SatRingInfo& sat_ring() const { return p_.sat; }

  // The lookahead of the engines: cycles a partition can be simulated before another partition can
  // see any of its effects (the shortest latency of the links that cross partitions).
  Cycle lookahead() const { return p_.lookahead; }
  // The lookahead as built (set_lookahead may only shorten it): no engine's window is longer.
  Cycle max_lookahead() const { return p_.max_lookahead; }
  // A shorter window (>= 1) gives the same results; 1 is a plain cycle-by-cycle loop (tests).
  void set_lookahead(Cycle cycles);

  // Queues a packet from node src to node dst, generated in cycle 0, before a run (tests, traces).
  void preload_packet(uint32_t src, uint32_t dst);
  // Replaces node `node`'s traffic source before the run (tests with a source of their own,
  // tests/network/test_nic_reception.cpp; the TLM interface, systemc/tlm/); the node's router is
  // told (RouterModel::source_replaced). Returns the source it replaced.
  std::unique_ptr<TrafficSource> set_source(uint32_t node, std::unique_ptr<TrafficSource> source);
  // Node `node`'s source moved its next generation attempt earlier outside the NIC's step (a
  // packet offered through the TLM interface): the NIC re-reads it and its router wakes the NIC.
  // The new attempt must be at a cycle the NIC has not simulated yet.
  void source_moved(uint32_t node);
  // The NIC of node `node` (its source queue's occupancy and bound: the TLM interface's
  // back-pressure).
  const Nic& nic(uint32_t node) const { return (*p_.nics)[node]; }
  // The generation records of the preloaded packets (an engine merges them into its first sink).
  const StatsSink& preloaded() const { return preloaded_; }
  // Prepares a statistics sink for this network's measurement window and time series.
  void init_sink(StatsSink& s) const;

  // True when every router is settled in cycle `now` (the watchdog, docs/model.md).
  bool settled(Cycle now) const;
  // True when the VC-order checker is on (sim.check, or a NETCOSIM_CHECKED build).
  bool vc_checked() const { return p_.vc_order != nullptr; }

 private:
  Config cfg_;
  NetworkParts p_;
  StatsSink preloaded_;
  Cycle warmup_, measure_, ts_bin_;
  // Batch mode (sim.mode=batch): the sinks' delivery rings' length (0: off).
  uint32_t batch_ring_ = 0;
};

}  // namespace netcosim
