#include "sim/engine/results.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include "sim/config/qos.h"
#include "sim/network/network.h"
#include "sim/traffic/source.h"
#include "sim/util/failure.h"

namespace netcosim {

namespace {
// The routers' head-wait counters (RouterModel::head_waits; docs/model.md "Head waits"): their
// nonzero counts in router order, input side then output side, and the totals per input port
// class; with request-reply traffic (traffic.source=request_reply) each count per traffic class
// of the head (request, then reply) and the totals per class.
void collect_head_waits(const Network& net, RunResults& r) {
  r.head_waits_on = true;
  const bool split = net.config().get_str("traffic.source") == "request_reply";
  r.head_waits_split = split;
  const uint32_t classes = split ? kHeadWaitClasses : 1;
  for (uint32_t id = 0; id < net.routers(); ++id) {
    const RouterModel& router = net.router(id);
    const HeadWaits& w = *router.head_waits();
    r.head_waits_start = w.start;
    r.head_waits_end = w.end;
    for (uint32_t p = 0; p < w.ports; ++p)
      for (uint32_t v = 0; v < w.vcs; ++v)
        for (uint32_t tc = 0; tc < classes; ++tc)
          for (uint32_t k = 0; k < kHeadWaitReasons; ++k) {
            const HeadWait why = static_cast<HeadWait>(k);
            const uint64_t n = split ? w.in_count(p, v, tc, why) : w.in_count(p, v, why);
            if (n == 0) continue;
            RunResults::HeadWaitRow row;
            row.router = id;
            row.port = p;
            row.vc = v;
            row.port_class = row.in_class = router.port_class(p);
            row.traffic_class = static_cast<uint8_t>(tc);
            row.reason = static_cast<uint8_t>(k);
            row.count = n;
            r.head_waits.push_back(row);
            r.head_waits_total[row.in_class][k] += n;
            r.head_waits_class_total[tc][k] += n;
          }
    for (uint32_t p = 0; p < w.ports; ++p)
      for (uint32_t c = 0; c < kMaxPortClasses; ++c)
        for (uint32_t tc = 0; tc < classes; ++tc)
          for (uint32_t k = 0; k < kHeadWaitReasons; ++k) {
            const PortClass pc = static_cast<PortClass>(c);
            const HeadWait why = static_cast<HeadWait>(k);
            const uint64_t n = split ? w.out_count(p, pc, tc, why) : w.out_count(p, pc, why);
            if (n == 0) continue;
            RunResults::HeadWaitRow row;
            row.router = id;
            row.port = p;
            row.port_class = router.port_class(p);
            row.in_class = static_cast<uint8_t>(c);
            row.traffic_class = static_cast<uint8_t>(tc);
            row.reason = static_cast<uint8_t>(k);
            row.output = true;
            row.count = n;
            r.head_waits.push_back(row);
          }
  }
}

// The IB / OPA switches' head-wait counters (RouterModel::switch_waits; docs/model.md "The
// switches' stages"): their nonzero counts in switch order, the totals per stage and reason and
// per SL the head-cycles of each stage that were not a grant.
void collect_switch_waits(const Network& net, RunResults& r) {
  r.head_waits_on = r.switch_waits_on = true;
  for (uint32_t id = 0; id < net.routers(); ++id) {
    const SwitchWaits& w = *net.router(id).switch_waits();
    r.head_waits_start = w.start;
    r.head_waits_end = w.end;
    if (r.switch_waits_sl.size() < w.sls) r.switch_waits_sl.resize(w.sls);
    for (uint32_t st = 0; st < kSwitchStages; ++st)
      for (uint32_t sl = 0; sl < w.sls; ++sl)
        for (uint32_t vl = 0; vl < w.vls; ++vl)
          for (uint32_t k = 0; k < kSwitchWaitReasons; ++k) {
            const uint64_t n =
                w.count(static_cast<SwitchStage>(st), sl, vl, static_cast<SwitchWait>(k));
            if (n == 0) continue;
            RunResults::SwitchWaitRow row;
            row.router = id;
            row.stage = static_cast<uint8_t>(st);
            row.sl = static_cast<uint8_t>(sl);
            row.vl = static_cast<uint8_t>(vl);
            row.reason = static_cast<uint8_t>(k);
            row.count = n;
            r.switch_waits.push_back(row);
            r.switch_waits_total[st][k] += n;
            if (k != static_cast<uint32_t>(SwitchWait::Granted)) r.switch_waits_sl[sl][st] += n;
          }
  }
}

double peak_rss_mb() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("VmHWM:", 0) == 0) {
      std::istringstream is(line.substr(6));
      double kb = 0;
      is >> kb;
      return kb / 1024.0;
    }
  }
  return 0;
}

// The time series of the sink, per bin of s.ts_bin cycles up to the end of measurement.
void collect_timeseries(const StatsSink& s, Cycle end, uint32_t nodes, RunResults& r) {
  const double nan = std::nan("");
  r.ts_bin = s.ts_bin;
  for (size_t i = 0; i < s.ts_packets.size(); ++i) {
    const double n = double(s.ts_packets[i]);
    const Cycle start = static_cast<Cycle>(i) * s.ts_bin;
    const Cycle len = std::min<Cycle>(s.ts_bin, end - start);
    r.ts_start.push_back(start);
    r.ts_packets.push_back(s.ts_packets[i]);
    r.ts_latency.push_back(n > 0 ? double(s.ts_latency_sum[i]) / n : nan);
    r.ts_misrouted.push_back(n > 0 ? double(s.ts_misrouted[i]) / n : nan);
    r.ts_accepted.push_back(double(s.ts_phits[i]) / (double(nodes) * len));
  }
}
// The per-SL figures (qos.sls >= 1) from the merged sink.
void collect_service_levels(const StatsSink& s, const Config& cfg, const RunPlan& plan,
                            RunResults& r) {
  const ServiceLevels q = read_service_levels(cfg);
  if (!q.enabled()) return;
  const double nan = std::nan("");
  const double node_cycles = double(r.nodes) * plan.measure;
  const double load = cfg.get_float("traffic.load");
  r.cycle_ns = q.cycle_ns;
  r.applied_load = 0;  // the packets' phits are their SL's
  for (uint32_t c = 0; c < q.sls; ++c) {
    const StatsSink::ClassCounters& k = s.per_sl[c];
    SlResults x;
    x.name = q.names[c];
    x.share = q.share[c];
    x.offered_load = load * q.share[c];
    x.applied_load = double(k.generated) * s.sl_phits[c] / node_cycles;
    r.applied_load += x.applied_load;
    x.accepted_load = double(k.phits) / node_cycles;
    x.normalized_throughput = s.window_phits > 0 ? double(k.phits) / double(s.window_phits) : nan;
    const double np = double(k.packets);
    x.latency_avg = np > 0 ? double(k.latency_sum) / np : nan;
    x.network_latency_avg = np > 0 ? double(k.network_latency_sum) / np : nan;
    x.latency_avg_ns = x.latency_avg * q.cycle_ns;
    x.network_latency_avg_ns = x.network_latency_avg * q.cycle_ns;
    x.packets_measured = k.packets;
    r.per_sl.push_back(x);
  }
}
// Request-reply traffic (traffic.source=request_reply; thesis 000 Sec. 1.6.3: "throughput is also
// separately reported by traffic flow (request or reply)"): the request and reply classes' figures
// from the sink's class counters. Offered: requests traffic.load / (1 + reply_size), replies the
// rest.
void collect_classes(const StatsSink& s, const Config& cfg, const RunPlan& plan, RunResults& r) {
  if (cfg.get_str("traffic.source") != "request_reply") return;
  const double nan = std::nan("");
  const double node_cycles = double(r.nodes) * plan.measure;
  const double load = cfg.get_float("traffic.load");
  const double reply = double(cfg.get_int("traffic.reply_size"));
  static const char* const kNames[2] = {"request", "reply"};
  for (uint32_t c = 0; c < 2; ++c) {
    const StatsSink::ClassCounters& k = s.per_sl[c];
    SlResults x;
    x.name = kNames[c];
    x.share = c == 0 ? 1.0 / (1.0 + reply) : reply / (1.0 + reply);
    x.offered_load = load * x.share;
    x.applied_load = double(k.generated) * s.sl_phits[c] / node_cycles;
    x.accepted_load = double(k.phits) / node_cycles;
    x.normalized_throughput = s.window_phits > 0 ? double(k.phits) / double(s.window_phits) : nan;
    const double np = double(k.packets);
    x.latency_avg = np > 0 ? double(k.latency_sum) / np : nan;
    x.network_latency_avg = np > 0 ? double(k.network_latency_sum) / np : nan;
    x.latency_avg_ns = nan;  // no cycle time outside the switches' service levels
    x.network_latency_avg_ns = nan;
    x.packets_measured = k.packets;
    x.packets_generated = k.generated_all;
    x.packets_delivered = k.delivered_all;
    r.per_class.push_back(x);
  }
}
// Batch mode: each batch's figures from the run control's batches, and their mean and standard
// deviation (docs/model.md §5 "Batches").
void collect_batches(const RunControl& control, RunResults& r) {
  r.batch_mode = true;
  r.batch_packets = control.plan().batch_packets;
  const double nodes = double(r.nodes);
  for (const RunControl::Batch& b : control.batches()) {
    RunResults::Batch x;
    x.start = b.start;
    x.end = b.end;
    x.packets = b.packets;
    x.cut = b.cut;
    const double cycles = double(b.end - b.start + 1);
    x.accepted_load = double(b.phits) / (nodes * cycles);
    for (const uint64_t p : b.node_phits) x.node_injected.push_back(double(p) / cycles);
    x.fairness = fairness_of(x.node_injected);
    x.fairness_per_router = fairness_of(router_loads(x.node_injected, r.node_router, r.routers));
    r.batches.push_back(std::move(x));
  }
  const double n = double(r.batches.size());
  if (n == 0) return;
  // Mean and population standard deviation of one figure over the batches.
  auto stats = [&](auto get, double& mean, double& sd) {
    double s = 0, s2 = 0;
    for (const RunResults::Batch& b : r.batches) {
      const double v = get(b);
      s += v;
      s2 += v * v;
    }
    mean = s / n;
    sd = std::sqrt(std::max(0.0, s2 / n - mean * mean));
  };
  stats([](const RunResults::Batch& b) { return b.accepted_load; }, r.batch_mean.accepted_load,
        r.batch_stddev.accepted_load);
  auto fair = [&](Fairness RunResults::Batch::*which, Fairness& mean, Fairness& sd) {
    stats([&](const RunResults::Batch& b) { return (b.*which).min_load; }, mean.min_load,
          sd.min_load);
    stats([&](const RunResults::Batch& b) { return (b.*which).max_load; }, mean.max_load,
          sd.max_load);
    stats([&](const RunResults::Batch& b) { return (b.*which).max_min_ratio; }, mean.max_min_ratio,
          sd.max_min_ratio);
    stats([&](const RunResults::Batch& b) { return (b.*which).cov; }, mean.cov, sd.cov);
    stats([&](const RunResults::Batch& b) { return (b.*which).jain; }, mean.jain, sd.jain);
    stats([&](const RunResults::Batch& b) { return (b.*which).min_avg_ratio; }, mean.min_avg_ratio,
          sd.min_avg_ratio);
  };
  fair(&RunResults::Batch::fairness, r.batch_mean.fairness, r.batch_stddev.fairness);
  fair(&RunResults::Batch::fairness_per_router, r.batch_mean.fairness_per_router,
       r.batch_stddev.fairness_per_router);
}
}  // namespace

RunResults collect_results(const StatsSink& s, const RunPlan& plan, uint32_t nodes, Cycle total) {
  RunResults r;
  r.nodes = nodes;
  r.cycles_warmup = plan.warmup;
  r.cycles_measured = plan.measure;
  r.cycles_total = total;
  const double nan = std::nan("");
  const double np = static_cast<double>(s.window_packets);
  r.packets_measured = s.window_packets;
  r.accepted_load = static_cast<double>(s.window_phits) / (double(r.nodes) * plan.measure);
  r.applied_load = double(s.window_generated) * s.packet_size / (double(r.nodes) * plan.measure);
  r.latency_avg = np > 0 ? s.latency_sum / np : nan;
  r.network_latency_avg = np > 0 ? s.network_latency_sum / np : nan;
  r.injection_latency_avg = np > 0 ? s.injection_latency_sum / np : nan;
  r.hops_avg = np > 0 ? s.hops_sum / np : nan;
  for (uint32_t c = 1; c < kMaxPortClasses; ++c) {
    r.hops_class_avg[c] = np > 0 ? double(s.hops_class_sum[c]) / np : nan;
    r.hops_class_max[c] = s.hops_class_max[c];
  }
  r.misrouted_fraction = np > 0 ? s.misrouted / np : nan;
  r.nonminimal_fraction = np > 0 ? s.nonminimal / np : nan;
  r.global_misrouted_fraction = np > 0 ? s.global_misrouted / np : nan;
  r.local_misrouted_fraction = np > 0 ? s.local_misrouted / np : nan;
  const double node_cycles = double(r.nodes) * plan.measure;
  r.accepted_misrouted_injection = s.misrouted_at_phits[0] / node_cycles;
  r.accepted_misrouted_source_group = s.misrouted_at_phits[1] / node_cycles;
  r.accepted_misrouted_intermediate_group = s.misrouted_at_phits[2] / node_cycles;
  r.accepted_misrouted_destination_group = s.misrouted_at_phits[3] / node_cycles;
  r.latency_max = s.latency_max;
  // Nearest-rank percentiles from the histogram (exact below 2^16 cycles: latency_histogram.h).
  auto percentile = [&](double q) -> uint64_t {
    if (s.window_packets == 0) return 0;
    const uint64_t rank = static_cast<uint64_t>(std::ceil(q * double(s.window_packets)));
    return s.latency_hist.percentile_at_rank(rank, s.latency_max);
  };
  r.latency_p50 = percentile(0.50);
  r.latency_p99 = percentile(0.99);
  r.packets_generated = s.generated;
  r.packets_delivered = s.delivered;
  r.packets_in_flight = s.generated - s.delivered;
  r.packets_refused = s.refused;
  r.packets_dropped = s.dropped;
  r.drained = plan.drain;
  r.conservation_ok = s.generated == s.delivered && s.generated_hash == s.delivered_hash;
  if (s.ts_bin != 0) collect_timeseries(s, plan.end(), nodes, r);
  return r;
}

Fairness fairness_of(const std::vector<double>& loads) {
  const double nan = std::nan("");
  double sum = 0, sum2 = 0, mn = 1e300, mx = 0;
  for (const double x : loads) {
    sum += x;
    sum2 += x * x;
    mn = std::min(mn, x);
    mx = std::max(mx, x);
  }
  const double N = static_cast<double>(loads.size());
  const double mean = sum / N;
  Fairness f;
  f.min_load = mn;
  f.max_load = mx;
  f.max_min_ratio = mn > 0 ? mx / mn : nan;
  f.cov = mean > 0 ? std::sqrt(std::max(0.0, sum2 / N - mean * mean)) / mean : nan;
  f.jain = sum2 > 0 ? sum * sum / (N * sum2) : nan;
  f.min_avg_ratio = mean > 0 ? mn / mean : nan;
  return f;
}

std::vector<double> router_loads(const std::vector<double>& node_loads,
                                 const std::vector<uint32_t>& node_router, uint32_t routers) {
  std::vector<double> sum(routers, 0.0);
  std::vector<uint32_t> count(routers, 0);
  for (size_t n = 0; n < node_loads.size(); ++n) {
    sum[node_router[n]] += node_loads[n];
    ++count[node_router[n]];
  }
  std::vector<double> out;
  for (uint32_t r = 0; r < routers; ++r)
    if (count[r] != 0) out.push_back(sum[r] / count[r]);
  return out;
}

void collect_class_results(const StatsSink& s, const Config& cfg, const RunPlan& plan,
                           RunResults& r) {
  collect_service_levels(s, cfg, plan, r);
  collect_classes(s, cfg, plan, r);
}

RunResults finish_run(const Network& net, const RunControl& control,
                      const std::vector<StatsSink>& sinks, double wall) {
  StatsSink merged;
  net.init_sink(merged);
  for (const auto& s : sinks) merged.merge(s);
  const RunPlan& plan = control.plan();
  const Cycle total = control.total_cycles(merged.last_eject);
  RunResults r = collect_results(merged, plan, net.topology().nodes(), total);
  r.routers = net.topology().routers();
  r.topology = net.topology().describe();
  r.port_classes = net.topology().port_class_names();
  r.offered_load = net.config().get_float("traffic.load");
  collect_class_results(merged, net.config(), plan, r);
  const Topology& topo = net.topology();
  std::vector<uint32_t> fullrate;
  parse_node_list(net.config().get_str("traffic.fullrate_nodes"), topo.nodes(), fullrate);
  for (const Nic& n : net.nics()) {
    r.node_router.push_back(topo.node_router(n.node));
    // Batch mode: the window has no end; the run's last window ended at plan.end().
    const uint64_t phits =
        plan.batch ? n.injected_through(plan.end() - 1) : n.window_injected_phits;
    r.node_injected.push_back(double(phits) / plan.measure);
    const bool full = std::find(fullrate.begin(), fullrate.end(), n.node) != fullrate.end();
    r.node_offered.push_back(full ? 1.0 : r.offered_load);
  }
  if (net.sat_ring().on) {
    RunResults::Sat& x = r.sat;
    x.on = true;
    x.ring_nodes = net.sat_ring().nodes;
    x.ring_cycles = net.sat_ring().cycles;
    x.l_rule = double(x.ring_cycles + x.ring_nodes) / double(net.packet_size());
    x.intervals = merged.sat_intervals;
    x.interval_min = merged.sat_intervals != 0 ? merged.sat_interval_min : 0;
    x.interval_max = merged.sat_interval_max;
    x.interval_avg = merged.sat_intervals != 0
                         ? double(merged.sat_interval_sum) / double(merged.sat_intervals)
                         : std::nan("");
  }
  if (net.routers() != 0 && net.router(0).head_waits() != nullptr) collect_head_waits(net, r);
  if (net.routers() != 0 && net.router(0).switch_waits() != nullptr) {
    collect_switch_waits(net, r);
    r.switch_waits_central = net.config().get_str("router.architecture") == "opa";
  }
  r.fairness = fairness_of(r.node_injected);
  r.fairness_per_router = fairness_of(router_loads(r.node_injected, r.node_router, r.routers));
  if (plan.batch) collect_batches(control, r);
  r.wall_seconds = wall;
  r.cycles_per_second = wall > 0 ? total / wall : 0;
  r.peak_rss_mb = peak_rss_mb();
  if (plan.drain && !r.conservation_ok)
    throw SimulationFailure(
        "conservation check failed after drain: " + std::to_string(r.packets_generated) +
        " packets generated, " + std::to_string(r.packets_delivered) +
        " delivered, identity hashes differ (a packet was lost or duplicated)");
  return r;
}

}  // namespace netcosim
