// The figures of one run (docs/principles.md §8): what an engine's result collection
// (sim/engine/results.cpp) fills and the formatters (sim/stats/report.h) print.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/topology/topology.h"

#include "sim/link/packet.h"
#include "sim/stats/head_waits.h"
#include "sim/stats/switch_waits.h"

namespace netcosim {

// Fairness metrics over the injected loads of a set of nodes or of routers (thesis 000 Sec.
// 1.5.1: the lowest load, Max/Min, CoV = sigma/mu; Jain's index; paper 004 Sec. 3: min-to-average).
struct Fairness {
  double min_load = 0, max_load = 0, max_min_ratio = 0, cov = 0, jain = 0;
  double min_avg_ratio = 0;  // the lowest load over the mean
};

// The figures of one service level (docs/model.md "Service levels"; thesis 003 Sec. 2.5, 5.5):
// loads in flits per node and cycle over the measured window, latencies of the packets delivered
// in it in cycles and in ns (sim.cycle_ns).
struct SlResults {
  std::string name;
  double share = 0;                  // qos.inject_share
  double offered_load = 0;           // traffic.load x share
  double applied_load = 0;           // phits of the packets generated in the window
  double accepted_load = 0;          // throughput: phits delivered in the window
  double normalized_throughput = 0;  // accepted_load / the run's accepted load
  double latency_avg = 0, network_latency_avg = 0;
  double latency_avg_ns = 0, network_latency_avg_ns = 0;
  uint64_t packets_measured = 0;
  // Whole run (request-reply's classes): packets generated and delivered.
  uint64_t packets_generated = 0, packets_delivered = 0;
};

struct RunResults {
  std::string engine = "native";
  uint32_t threads = 1;
  uint32_t nodes = 0, routers = 0;
  std::string topology;  // Topology::describe(): for the summary (not in the JSON)
  // applied_load: phits of the packets generated in the window (admitted to a source queue or,
  // without one, injected) / (nodes x measured cycles); the offered load minus refusals and drops.
  double offered_load = 0, applied_load = 0, accepted_load = 0;
  double latency_avg = 0, network_latency_avg = 0, injection_latency_avg = 0;
  uint64_t latency_p50 = 0, latency_p99 = 0, latency_max = 0;
  // The topology's port classes (Topology::port_class_names()): the JSON names the per-class hop
  // figures hops_<class>_avg and hops_<class>_max after them.
  std::vector<std::string> port_classes;
  double hops_avg = 0, misrouted_fraction = 0;
  double hops_class_avg[kMaxPortClasses] = {};    // by port class (injection: 0)
  uint64_t hops_class_max[kMaxPortClasses] = {};  // per-packet maxima over the window
  // Misrouting metrics (docs/model.md §5): fractions of the measured packets; accepted load of
  // the packets with a nonminimal decision at injection, in the source group, in an intermediate
  // group, in the destination group (a packet with decisions at two places counts in both).
  double nonminimal_fraction = 0, global_misrouted_fraction = 0, local_misrouted_fraction = 0;
  double accepted_misrouted_injection = 0, accepted_misrouted_source_group = 0;
  double accepted_misrouted_intermediate_group = 0, accepted_misrouted_destination_group = 0;
  uint64_t packets_generated = 0, packets_delivered = 0, packets_in_flight = 0;
  uint64_t packets_refused = 0, packets_dropped = 0, packets_measured = 0;
  Fairness fairness;             // over the nodes' injected loads
  Fairness fairness_per_router;  // over the routers' (routers with nodes; docs/model.md §5)
  // Per node, in node order (netcosim run --node-loads-csv): the router it is attached to, its
  // offered load (traffic.load, or 1 for traffic.fullrate_nodes) and the phits it injected in the
  // window per measured cycle.
  std::vector<uint32_t> node_router;
  std::vector<double> node_offered, node_injected;
  Cycle cycles_warmup = 0, cycles_measured = 0, cycles_total = 0;
  bool drained = false;
  bool conservation_ok = false;  // meaningful when drained
  double wall_seconds = 0, cycles_per_second = 0;
  double peak_rss_mb = 0;
  // Batch mode (sim.mode=batch; docs/model.md §5 "Batches"; seed 004 Sec. 3): each batch's
  // cycles [start, end], deliveries, accepted load, per-node injected loads and fairness; the
  // mean and the standard deviation (population) of the figures over the batches.
  struct Batch {
    Cycle start = 0, end = 0;
    uint64_t packets = 0;
    double accepted_load = 0;
    bool cut = false;
    Fairness fairness, fairness_per_router;
    std::vector<double> node_injected;
  };
  bool batch_mode = false;
  uint64_t batch_packets = 0;  // the deliveries that end a batch
  std::vector<Batch> batches;
  struct BatchSummary {
    double accepted_load = 0;
    Fairness fairness, fairness_per_router;
  } batch_mean, batch_stddev;
  // Time series (sim.timeseries_bin > 0): per bin of `ts_bin` cycles from cycle 0.
  Cycle ts_bin = 0;
  std::vector<Cycle> ts_start;
  std::vector<uint64_t> ts_packets;  // packets generated in the bin and delivered
  std::vector<double> ts_latency;    // their average latency
  std::vector<double> ts_misrouted;  // the fraction of them that was misrouted
  std::vector<double> ts_accepted;   // phits delivered in the bin / (nodes * bin)
  // Per service level (qos.sls >= 1; empty otherwise), and the cycle time of their ns figures.
  std::vector<SlResults> per_sl;
  // Request-reply traffic (traffic.source=request_reply; empty otherwise): the request and the
  // reply class, in that order (their ns figures are not set).
  std::vector<SlResults> per_class;
  double cycle_ns = 0;
  // SAT injection throttling (traffic.throttling=sat; docs/model.md "SAT injection throttling"):
  // the ring (its nodes N, H = the signal's cycles around it when no NIC holds it), seed 004
  // Sec. 4.1's rule l >= A(H+N)/L at A = 1 phit/(node*cycle), L = packet.size, and the intervals
  // T_SAT between two arrivals of the signal at a NIC, over the window and every NIC.
  struct Sat {
    bool on = false;
    uint32_t ring_nodes = 0;
    uint64_t ring_cycles = 0;
    double l_rule = 0;
    uint64_t intervals = 0, interval_min = 0, interval_max = 0;
    double interval_avg = 0;
  } sat;
  // Head-wait counters (netcosim run --waits; docs/model.md "Head waits"): on when the run counted
  // them; per router its nonzero counts, by input port and VC (output = false: `port` the input
  // port, `vc` its VC) and by output port and the input port's class (output = true: `port` the
  // output port, `in_class` the class of the heads' input ports); reason: HeadWait
  // (sim/stats/head_waits.h). Totals per input port class and reason over every router.
  // With request-reply traffic (head_waits_split) each row is of one traffic class of the heads
  // (traffic_class: 0 request, 1 reply; head_wait_class), and the totals per class are kept too.
  struct HeadWaitRow {
    uint32_t router = 0, port = 0, vc = 0;
    uint8_t port_class = 0, in_class = 0, reason = 0, traffic_class = 0;
    bool output = false;
    uint64_t count = 0;
  };
  bool head_waits_on = false;
  Cycle head_waits_start = 0, head_waits_end = 0;
  std::vector<HeadWaitRow> head_waits;
  uint64_t head_waits_total[kMaxPortClasses][kHeadWaitReasons] = {};
  bool head_waits_split = false;
  uint64_t head_waits_class_total[kHeadWaitClasses][kHeadWaitReasons] = {};
  // The IB / OPA switches' head-wait counters (sim/stats/switch_waits.h; head_waits_on and the
  // window above set too): per switch its nonzero counts by stage, SL and VL; totals per stage
  // and reason; per SL and stage the head-cycles that were not a grant (the cycles its packets'
  // heads waited there).
  struct SwitchWaitRow {
    uint32_t router = 0;
    uint8_t stage = 0, sl = 0, vl = 0, reason = 0;
    uint64_t count = 0;
  };
  bool switch_waits_on = false;
  bool switch_waits_central = false;  // the OPA switch's central stage exists
  std::vector<SwitchWaitRow> switch_waits;
  uint64_t switch_waits_total[kSwitchStages][kSwitchWaitReasons] = {};
  std::vector<std::array<uint64_t, kSwitchStages>> switch_waits_sl;  // per SL: waiting head-cycles
};

}  // namespace netcosim
