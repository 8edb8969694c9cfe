// A Dragonfly network of reference routers and NICs, and the native engine that runs it
// (DESIGN.md §4): a cycle loop over the routers that have work. A simulation is an object with no
// global state; two can run in one process (DESIGN.md §2.5).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/config/config.h"
#include "sim/network/deadlock_report.h"
#include "sim/nic/nic.h"
#include "sim/router/cioq/router.h"
#include "sim/routing/routing.h"
#include "sim/stats/stats.h"
#include "sim/topology/dragonfly.h"
#include "sim/traffic/source.h"
#include "sim/traffic/traffic.h"

namespace netcosim {

struct Fairness {
  double min_node_load = 0, max_node_load = 0, max_min_ratio = 0, cov = 0, jain = 0;
};

struct RunResults {
  std::string engine = "native";
  uint32_t threads = 1;
  uint32_t nodes = 0, routers = 0;
  double offered_load = 0, accepted_load = 0;
  double latency_avg = 0, network_latency_avg = 0, injection_latency_avg = 0;
  uint64_t latency_p50 = 0, latency_p99 = 0, latency_max = 0;
  double hops_avg = 0, hops_local_avg = 0, hops_global_avg = 0, misrouted_fraction = 0;
  uint64_t hops_local_max = 0, hops_global_max = 0;  // per-packet maxima over the window
  uint64_t packets_generated = 0, packets_delivered = 0, packets_in_flight = 0;
  uint64_t packets_refused = 0, packets_measured = 0;
  Fairness fairness;
  Cycle cycles_warmup = 0, cycles_measured = 0, cycles_total = 0;
  bool drained = false;
  bool conservation_ok = false;  // meaningful when drained
  double wall_seconds = 0, cycles_per_second = 0;
  double peak_rss_mb = 0;
  // Time series (sim.timeseries_bin > 0): per bin of `ts_bin` cycles from cycle 0.
  Cycle ts_bin = 0;
  std::vector<Cycle> ts_start;
  std::vector<uint64_t> ts_packets;  // packets generated in the bin and delivered
  std::vector<double> ts_latency;    // their average latency
  std::vector<double> ts_misrouted;  // the fraction of them that was misrouted
  std::vector<double> ts_accepted;   // phits delivered in the bin / (nodes * bin)
};

class ScNetwork;  // the SystemC engine (sim/engine/systemc/sc_engine.cpp)

class Network {
 public:
  // Validates the configuration (ConfigError). `routing` replaces the configured algorithm (tests
  // and experiments with a custom strategy).
  // `local_lead`: how many cycles an engine may run the producer of a local link ahead of its
  // consumer (the SystemC engine's quantum); the link rings are sized for it.
  explicit Network(const Config& cfg, std::unique_ptr<RoutingAlgorithm> routing = nullptr,
                   Cycle local_lead = 0);
  Network(const Network&) = delete;
  Network& operator=(const Network&) = delete;

  const Dragonfly& topology() const { return topo_; }
  const RouterConfig& router_config() const { return rcfg_; }
  Router& router(uint32_t r) { return *routers_[r]; }

  // Runs warm-up, measurement and (with sim.drain) the drain on `threads` threads; throws
  // SimulationFailure. `progress` (optional) is called between windows with (cycle, total).
  RunResults run(const std::function<void(Cycle, Cycle)>& progress = nullptr, uint32_t threads = 1);

  // The lookahead of the engine: cycles a group can be simulated before another group can see
  // any of its effects (the global links' latency, DESIGN.md §4).
  Cycle lookahead() const { return lookahead_; }
  // A shorter window (>= 1) gives the same results; 1 is a plain cycle-by-cycle loop (tests).
  void set_lookahead(Cycle cycles);

  // Queues a packet from node src to node dst, generated in cycle 0, before run() (tests, traces).
  void preload_packet(uint32_t src, uint32_t dst);

  // Result assembly shared by the engines: merges the run's sinks, checks conservation (throws
  // SimulationFailure).
  RunResults finish(const std::vector<StatsSink>& sinks, double wall_seconds);

  // The watchdog, shared by the engines, at the end of a window (cycles before t simulated; the
  // last packet movement in cycle last_move): a deadlock when packets are in flight, none moved
  // for sim.watchdog cycles and nothing is on a link or in a router pipeline (docs/model.md
  // "Watchdog and deadlock report"). Returns the report, or nothing.
  std::optional<DeadlockReport> watchdog(Cycle t, Cycle last_move, uint64_t in_flight) const;
  // True when the VC-order checker is on (sim.check, or a NETCOSIM_CHECKED build).
  bool vc_checked() const { return vc_checked_; }

  // Zero-load latency of a packet between two nodes under the default timing (docs/model.md).
  uint64_t zero_load_latency(uint32_t src_node, uint32_t dst_node) const;

 private:
  friend class ScNetwork;

  struct Partition {  // a contiguous range of routers (one or more Dragonfly groups)
    uint32_t first, last;
    StatsSink* sink;
    Cycle last_move;  // last cycle in which a packet moved in this partition
  };
  void run_window(Partition& part, Cycle from, Cycle to);
  RunResults collect(Cycle total, double wall) const;

  Config cfg_;
  Dragonfly topo_;
  RouterConfig rcfg_;
  std::unique_ptr<RoutingAlgorithm> routing_;
  VcOrder vc_order_;  // the routing's VC order (the checker's reference)
  bool vc_checked_ = false;
  std::unique_ptr<TrafficPattern> pattern_, pattern2_;
  Cycle ts_bin_ = 0;
  void init_sink(StatsSink& s) const;
  TrafficParams traffic_;
  std::vector<Link> links_;
  std::vector<Nic> nics_;
  std::vector<std::unique_ptr<Router>> routers_;
  StatsSink sink_;
  StatsSink preloaded_;  // generation records of preloaded packets
  Cycle lookahead_ = 1;
  Cycle warmup_, measure_;
  bool drain_;
  Cycle watchdog_;
};

// Writes the results as the netcosim.run/1 JSON object (DESIGN.md §5).
std::string results_json(const RunResults& r, const Config& cfg);
// The time series as CSV (start,end,packets,latency_avg,misrouted_fraction,accepted_load).
std::string timeseries_csv(const RunResults& r);
// A short human-readable summary.
std::string results_summary(const RunResults& r, const Config& cfg);

}  // namespace netcosim
