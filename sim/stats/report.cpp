#include "sim/stats/report.h"

#include <cstdio>
#include <cstdlib>

#include <nlohmann/json.hpp>

namespace netcosim {

namespace {
using ordered_json = nlohmann::ordered_json;

// The resolved configuration, one object per section, each value with its schema type.
ordered_json config_json(const Config& cfg) {
  ordered_json out = ordered_json::object();
  const auto& schema = config_schema();
  for (const auto& kv : cfg.resolved()) {
    const size_t dot = kv.first.find('.');
    const std::string sec = kv.first.substr(0, dot), key = kv.first.substr(dot + 1);
    KeyType type = KeyType::Enum;
    for (const auto& s : schema)
      if (kv.first == s.name) type = s.type;
    ordered_json& v = out[sec][key];
    if (type == KeyType::Int)
      v = static_cast<int64_t>(std::stoll(kv.second));
    else if (type == KeyType::Float)
      v = std::strtod(kv.second.c_str(), nullptr);
    else if (type == KeyType::Bool)
      v = kv.second == "true";
    else
      v = kv.second;
  }
  return out;
}

// `of`: "node" or "router" (min_node_load, min_router_load, ...).
ordered_json fairness_json(const Fairness& f, const std::string& of) {
  ordered_json o;
  o["min_" + of + "_load"] = f.min_load;
  o["max_" + of + "_load"] = f.max_load;
  o["max_min_ratio"] = f.max_min_ratio;
  o["cov"] = f.cov;
  o["jain"] = f.jain;
  o["min_avg_ratio"] = f.min_avg_ratio;
  return o;
}

// Batch mode (docs/model.md §5 "Batches"): the batches, and the mean and standard deviation of
// their figures.
ordered_json batches_json(const RunResults& r) {
  ordered_json o;
  o["packets_per_batch"] = r.batch_packets;
  ordered_json list = ordered_json::array();
  for (const RunResults::Batch& b : r.batches) {
    ordered_json x;
    x["start"] = static_cast<uint64_t>(b.start);
    x["end"] = static_cast<uint64_t>(b.end);
    x["cycles"] = static_cast<uint64_t>(b.end - b.start + 1);
    x["packets"] = b.packets;
    x["cut"] = b.cut;
    x["accepted_load"] = b.accepted_load;
    x["fairness"] = fairness_json(b.fairness, "node");
    x["fairness_per_router"] = fairness_json(b.fairness_per_router, "router");
    list.push_back(x);
  }
  o["batches"] = list;
  for (const auto& [name, v] :
       {std::pair<const char*, const RunResults::BatchSummary*>{"mean", &r.batch_mean},
        {"stddev", &r.batch_stddev}}) {
    ordered_json x;
    x["accepted_load"] = v->accepted_load;
    x["fairness"] = fairness_json(v->fairness, "node");
    x["fairness_per_router"] = fairness_json(v->fairness_per_router, "router");
    o[name] = x;
  }
  return o;
}

ordered_json timeseries_json(const RunResults& r) {
  ordered_json o;
  o["bin"] = static_cast<uint64_t>(r.ts_bin);
  o["start"] = std::vector<uint64_t>(r.ts_start.begin(), r.ts_start.end());
  o["packets"] = r.ts_packets;
  o["latency_avg"] = r.ts_latency;
  o["misrouted_fraction"] = r.ts_misrouted;
  o["accepted_load"] = r.ts_accepted;
  return o;
}

// The service levels' figures (thesis 003 Sec. 2.5, 5.5): one object per SL.
ordered_json per_sl_json(const RunResults& r) {
  ordered_json a = ordered_json::array();
  for (size_t c = 0; c < r.per_sl.size(); ++c) {
    const SlResults& x = r.per_sl[c];
    ordered_json o;
    o["sl"] = c;
    o["name"] = x.name;
    o["share"] = x.share;
    o["offered_load"] = x.offered_load;
    o["applied_load"] = x.applied_load;
    o["accepted_load"] = x.accepted_load;
    o["normalized_throughput"] = x.normalized_throughput;
    o["latency_avg"] = x.latency_avg;
    o["latency_avg_ns"] = x.latency_avg_ns;
    o["network_latency_avg"] = x.network_latency_avg;
    o["network_latency_avg_ns"] = x.network_latency_avg_ns;
    o["packets_measured"] = x.packets_measured;
    a.push_back(o);
  }
  return a;
}

// Request-reply traffic: one object per class (request, reply).
ordered_json per_class_json(const RunResults& r) {
  ordered_json a = ordered_json::array();
  for (const SlResults& x : r.per_class) {
    ordered_json o;
    o["class"] = x.name;
    o["share"] = x.share;
    o["offered_load"] = x.offered_load;
    o["applied_load"] = x.applied_load;
    o["accepted_load"] = x.accepted_load;
    o["normalized_throughput"] = x.normalized_throughput;
    o["latency_avg"] = x.latency_avg;
    o["network_latency_avg"] = x.network_latency_avg;
    o["packets_measured"] = x.packets_measured;
    o["packets_generated"] = x.packets_generated;
    o["packets_delivered"] = x.packets_delivered;
    a.push_back(o);
  }
  return a;
}

// The per-run figures between "routers" and "fairness".
void add_figures(ordered_json& w, const RunResults& r) {
  w["offered_load"] = r.offered_load;
  w["applied_load"] = r.applied_load;
  w["accepted_load"] = r.accepted_load;
  w["latency_avg"] = r.latency_avg;
  w["latency_p50"] = r.latency_p50;
  w["latency_p99"] = r.latency_p99;
  w["latency_max"] = r.latency_max;
  w["network_latency_avg"] = r.network_latency_avg;
  w["injection_latency_avg"] = r.injection_latency_avg;
  w["hops_avg"] = r.hops_avg;
  for (size_t c = 1; c < r.port_classes.size(); ++c)
    w["hops_" + r.port_classes[c] + "_avg"] = r.hops_class_avg[c];
  for (size_t c = 1; c < r.port_classes.size(); ++c)
    w["hops_" + r.port_classes[c] + "_max"] = r.hops_class_max[c];
  w["misrouted_fraction"] = r.misrouted_fraction;
  w["nonminimal_fraction"] = r.nonminimal_fraction;
  w["global_misrouted_fraction"] = r.global_misrouted_fraction;
  w["local_misrouted_fraction"] = r.local_misrouted_fraction;
  w["accepted_misrouted_injection"] = r.accepted_misrouted_injection;
  w["accepted_misrouted_source_group"] = r.accepted_misrouted_source_group;
  w["accepted_misrouted_intermediate_group"] = r.accepted_misrouted_intermediate_group;
  w["accepted_misrouted_destination_group"] = r.accepted_misrouted_destination_group;
  w["packets_generated"] = r.packets_generated;
  w["packets_delivered"] = r.packets_delivered;
  w["packets_in_flight"] = r.packets_in_flight;
  w["packets_refused"] = r.packets_refused;
  w["packets_dropped"] = r.packets_dropped;
  w["packets_measured"] = r.packets_measured;
}

ordered_json results_document(const RunResults& r, const Config& cfg) {
  ordered_json w;
  w["schema"] = "netcosim.run/1";
  w["engine"] = r.engine;
  w["threads"] = r.threads;
  w["config"] = config_json(cfg);
  w["nodes"] = r.nodes;
  w["routers"] = r.routers;
  add_figures(w, r);
  w["fairness"] = fairness_json(r.fairness, "node");
  w["fairness_per_router"] = fairness_json(r.fairness_per_router, "router");
  if (!r.per_sl.empty()) {
    w["cycle_ns"] = r.cycle_ns;
    w["per_sl"] = per_sl_json(r);
  }
  if (!r.per_class.empty()) w["per_class"] = per_class_json(r);
  if (r.ts_bin != 0) w["timeseries"] = timeseries_json(r);
  if (r.batch_mode) w["batches"] = batches_json(r);
  if (r.sat.on) {
    ordered_json x;
    x["ring_nodes"] = r.sat.ring_nodes;
    x["ring_cycles"] = r.sat.ring_cycles;
    x["l_rule"] = r.sat.l_rule;
    x["intervals"] = r.sat.intervals;
    x["interval_avg"] = r.sat.interval_avg;
    x["interval_min"] = r.sat.interval_min;
    x["interval_max"] = r.sat.interval_max;
    w["sat"] = x;
  }
  if (r.head_waits_on) {  // netcosim run --waits (docs/model.md "Head waits")
    ordered_json x, by_class;
    x["cycles_start"] = static_cast<uint64_t>(r.head_waits_start);
    x["cycles_end"] = static_cast<uint64_t>(r.head_waits_end);
    if (!r.switch_waits_on) {
      for (size_t c = 0; c < r.port_classes.size() && c < kMaxPortClasses; ++c) {
        ordered_json reasons;
        for (uint32_t k = 0; k < kHeadWaitReasons; ++k)
          reasons[head_wait_name(k)] = r.head_waits_total[c][k];
        by_class[r.port_classes[c]] = reasons;
      }
      x["by_input_class"] = by_class;
      if (r.head_waits_split) {  // request-reply traffic: the totals per traffic class
        ordered_json by_tc;
        for (uint32_t tc = 0; tc < kHeadWaitClasses; ++tc) {
          ordered_json reasons;
          for (uint32_t k = 0; k < kHeadWaitReasons; ++k)
            reasons[head_wait_name(k)] = r.head_waits_class_total[tc][k];
          by_tc[head_wait_class_name(tc)] = reasons;
        }
        x["by_traffic_class"] = by_tc;
      }
    } else {  // the IB / OPA switches (docs/model.md "The switches' stages")
      ordered_json by_stage, per_sl = ordered_json::array();
      for (uint32_t st = 0; st < kSwitchStages; ++st) {
        if (st == static_cast<uint32_t>(SwitchStage::Central) && !r.switch_waits_central) continue;
        ordered_json reasons;
        for (uint32_t k = 0; k < kSwitchWaitReasons; ++k)
          if (switch_wait_applies(static_cast<SwitchStage>(st), static_cast<SwitchWait>(k),
                                  r.switch_waits_central))
            reasons[switch_wait_name(k)] = r.switch_waits_total[st][k];
        by_stage[switch_stage_name(st)] = reasons;
      }
      // Per SL: the head-cycles each stage's heads of the SL waited (every reason but granted)
      // over the window, per packet of the SL delivered in it.
      for (size_t c = 0; c < r.switch_waits_sl.size(); ++c) {
        ordered_json e;
        // Without qos.sls every packet is of SL 0: the run's measured packets.
        const uint64_t packets = c < r.per_sl.size() ? r.per_sl[c].packets_measured
                                 : r.per_sl.empty()  ? r.packets_measured
                                                     : 0;
        e["name"] = c < r.per_sl.size() ? r.per_sl[c].name : std::to_string(c);
        e["packets"] = packets;
        for (uint32_t st = 0; st < kSwitchStages; ++st) {
          if (st == static_cast<uint32_t>(SwitchStage::Central) && !r.switch_waits_central)
            continue;
          e[std::string(switch_stage_name(st)) + "_wait"] =
              packets != 0 ? double(r.switch_waits_sl[c][st]) / double(packets) : 0.0;
        }
        per_sl.push_back(e);
      }
      x["by_stage"] = by_stage;
      x["per_sl"] = per_sl;
    }
    w["head_waits"] = x;
  }
  w["drained"] = r.drained;
  if (r.drained) w["conservation_ok"] = r.conservation_ok;
  w["cycles_warmup"] = static_cast<uint64_t>(r.cycles_warmup);
  w["cycles_measured"] = static_cast<uint64_t>(r.cycles_measured);
  w["cycles_total"] = static_cast<uint64_t>(r.cycles_total);
  w["wall_seconds"] = r.wall_seconds;
  w["cycles_per_second"] = r.cycles_per_second;
  w["peak_rss_mb"] = r.peak_rss_mb;
  return w;
}
}  // namespace

std::string results_json(const RunResults& r, const Config& cfg) {
  return results_document(r, cfg).dump(2) + "\n";
}
std::string results_json_line(const RunResults& r, const Config& cfg) {
  return results_document(r, cfg).dump();
}
std::string results_summary(const RunResults& r, const Config& cfg) {
  // "(local 1.436, global 0.905)": the hops by port class.
  std::string by_class;
  char num[64];
  for (size_t c = 1; c < r.port_classes.size(); ++c) {
    std::snprintf(num, sizeof num, "%.3f", r.hops_class_avg[c]);
    by_class += (by_class.empty() ? "(" : ", ") + r.port_classes[c] + " " + num;
  }
  if (!by_class.empty()) by_class += ")";
  char buf[2048];
  std::snprintf(
      buf, sizeof buf,
      "netcosim run: %s; routing %s, traffic %s\n"
      "  offered load      %.4f phits/(node*cycle) (applied %.4f)\n"
      "  accepted load     %.4f phits/(node*cycle)\n"
      "  latency           avg %.2f  p50 %llu  p99 %llu  max %llu cycles\n"
      "    network         avg %.2f   injection avg %.2f\n"
      "  hops              avg %.3f %s; misrouted %.2f%%\n"
      "  nonminimal        %.2f%% (global misroute %.2f%%, local %.2f%%); accepted load "
      "misrouted at injection %.4f, source group %.4f, intermediate group %.4f, destination "
      "group %.4f\n"
      "  packets           generated %llu, delivered %llu, in flight %llu, refused %llu, "
      "dropped %llu\n"
      "  fairness/node     min %.4f  max %.4f  max/min %.3f  CoV %.4f  Jain %.4f  min/avg "
      "%.3f\n"
      "  fairness/router   min %.4f  max %.4f  max/min %.3f  CoV %.4f  Jain %.4f  min/avg "
      "%.3f\n"
      "  cycles            warm-up %u, measured %u, total %u%s\n"
      "  speed             %.0f cycles/s (%.2f s wall, %.0f MB peak)\n",
      r.topology.c_str(), cfg.get_str("routing.algorithm").c_str(),
      cfg.get_str("traffic.pattern").c_str(), r.offered_load, r.applied_load, r.accepted_load,
      r.latency_avg, (unsigned long long)r.latency_p50, (unsigned long long)r.latency_p99,
      (unsigned long long)r.latency_max, r.network_latency_avg, r.injection_latency_avg, r.hops_avg,
      by_class.c_str(), 100.0 * r.misrouted_fraction, 100.0 * r.nonminimal_fraction,
      100.0 * r.global_misrouted_fraction, 100.0 * r.local_misrouted_fraction,
      r.accepted_misrouted_injection, r.accepted_misrouted_source_group,
      r.accepted_misrouted_intermediate_group, r.accepted_misrouted_destination_group,
      (unsigned long long)r.packets_generated, (unsigned long long)r.packets_delivered,
      (unsigned long long)r.packets_in_flight, (unsigned long long)r.packets_refused,
      (unsigned long long)r.packets_dropped, r.fairness.min_load, r.fairness.max_load,
      r.fairness.max_min_ratio, r.fairness.cov, r.fairness.jain, r.fairness.min_avg_ratio,
      r.fairness_per_router.min_load, r.fairness_per_router.max_load,
      r.fairness_per_router.max_min_ratio, r.fairness_per_router.cov, r.fairness_per_router.jain,
      r.fairness_per_router.min_avg_ratio, r.cycles_warmup, r.cycles_measured, r.cycles_total,
      r.drained
          ? (r.conservation_ok ? " (drained; conservation ok)" : " (drained; CONSERVATION FAILED)")
          : "",
      r.cycles_per_second, r.wall_seconds, r.peak_rss_mb);
  std::string out = buf;
  if (r.sat.on) {  // seed 004 Sec. 4.1: k >= l >= A(H+N)/L, A at most 1 phit/(node*cycle)
    std::snprintf(buf, sizeof buf,
                  "  SAT               ring of %u nodes, H = %llu cycles; rule l >= A(H+N)/L = "
                  "%.3f at A = 1 (traffic.sat_l=%s, traffic.sat_k=%s); T_SAT avg %.2f min %llu "
                  "max %llu cycles (%llu intervals)\n",
                  r.sat.ring_nodes, (unsigned long long)r.sat.ring_cycles, r.sat.l_rule,
                  cfg.get_str("traffic.sat_l").c_str(), cfg.get_str("traffic.sat_k").c_str(),
                  r.sat.interval_avg, (unsigned long long)r.sat.interval_min,
                  (unsigned long long)r.sat.interval_max, (unsigned long long)r.sat.intervals);
    out += buf;
  }
  if (r.batch_mode) {  // seed 004 Sec. 3: batches of sim.batch_packets deliveries
    std::snprintf(buf, sizeof buf, "  batches           %zu of %llu delivered packets\n",
                  r.batches.size(), (unsigned long long)r.batch_packets);
    out += buf;
    for (size_t i = 0; i < r.batches.size(); ++i) {
      const RunResults::Batch& b = r.batches[i];
      std::snprintf(buf, sizeof buf,
                    "    batch %-3zu cycles %u-%u accepted %.4f  node min %.4f min/avg %.3f  "
                    "router min %.4f max/min %.3f CoV %.4f%s\n",
                    i + 1, b.start, b.end, b.accepted_load, b.fairness.min_load,
                    b.fairness.min_avg_ratio, b.fairness_per_router.min_load,
                    b.fairness_per_router.max_min_ratio, b.fairness_per_router.cov,
                    b.cut ? "  CUT (sim.batch_max_cycles)" : "");
      out += buf;
    }
    const RunResults::BatchSummary &m = r.batch_mean, &d = r.batch_stddev;
    std::snprintf(buf, sizeof buf,
                  "    mean (sd)   accepted %.4f (%.4f)  node min %.4f (%.4f) min/avg %.3f "
                  "(%.3f)  router min %.4f (%.4f) max/min %.3f (%.3f) CoV %.4f (%.4f)\n",
                  m.accepted_load, d.accepted_load, m.fairness.min_load, d.fairness.min_load,
                  m.fairness.min_avg_ratio, d.fairness.min_avg_ratio,
                  m.fairness_per_router.min_load, d.fairness_per_router.min_load,
                  m.fairness_per_router.max_min_ratio, d.fairness_per_router.max_min_ratio,
                  m.fairness_per_router.cov, d.fairness_per_router.cov);
    out += buf;
  }
  if (!r.per_sl.empty()) {
    std::snprintf(buf, sizeof buf,
                  "  service levels    load in flits/(node*cycle), latency in cycles (ns at "
                  "%.4g ns/cycle)\n",
                  r.cycle_ns);
    out += buf;
    for (const SlResults& x : r.per_sl) {
      std::snprintf(buf, sizeof buf,
                    "    %-16s offered %.4f accepted %.4f (%.1f%% of all)  latency %.2f (%.1f ns)"
                    "  network %.2f (%.1f ns)\n",
                    x.name.c_str(), x.offered_load, x.accepted_load,
                    100.0 * x.normalized_throughput, x.latency_avg, x.latency_avg_ns,
                    x.network_latency_avg, x.network_latency_avg_ns);
      out += buf;
    }
  }
  if (!r.per_class.empty()) {
    out += "  request-reply     load in phits/(node*cycle), latency in cycles\n";
    for (const SlResults& x : r.per_class) {
      std::snprintf(buf, sizeof buf,
                    "    %-16s offered %.4f accepted %.4f (%.1f%% of all)  latency %.2f  network "
                    "%.2f  packets %llu\n",
                    x.name.c_str(), x.offered_load, x.accepted_load,
                    100.0 * x.normalized_throughput, x.latency_avg, x.network_latency_avg,
                    (unsigned long long)x.packets_measured);
      out += buf;
    }
  }
  return out;
}

std::string node_loads_csv(const RunResults& r) {
  // Batch mode: one more column per batch, the node's injected load in it.
  std::string out = "node,router,offered_load,injected_load";
  for (size_t b = 0; b < r.batches.size(); ++b) out += ",batch" + std::to_string(b + 1);
  out += "\n";
  char buf[128];
  for (size_t n = 0; n < r.node_injected.size(); ++n) {
    std::snprintf(buf, sizeof buf, "%zu,%u,%.6g,%.6g", n, r.node_router[n], r.node_offered[n],
                  r.node_injected[n]);
    out += buf;
    for (const RunResults::Batch& b : r.batches) {
      std::snprintf(buf, sizeof buf, ",%.6g", b.node_injected[n]);
      out += buf;
    }
    out += "\n";
  }
  return out;
}

// The IB / OPA switches' rows (docs/model.md "The switches' stages").
std::string switch_waits_csv(const RunResults& r) {
  std::string out = "router,stage,sl,vl,reason,head_cycles\n";
  for (const RunResults::SwitchWaitRow& w : r.switch_waits)
    out += std::to_string(w.router) + "," + switch_stage_name(w.stage) + "," +
           (w.sl < r.per_sl.size() ? r.per_sl[w.sl].name : std::to_string(w.sl)) + "," +
           std::to_string(w.vl) + "," + switch_wait_name(w.reason) + "," + std::to_string(w.count) +
           "\n";
  return out;
}

std::string head_waits_csv(const RunResults& r) {
  if (r.switch_waits_on) return switch_waits_csv(r);
  std::string out =
      "router,in_port,in_class,in_vc,out_port,out_class,traffic_class,reason,head_cycles\n";
  const auto name = [&](uint32_t c) {
    return c < r.port_classes.size() ? r.port_classes[c] : std::to_string(c);
  };
  for (const RunResults::HeadWaitRow& w : r.head_waits) {
    const std::string router = std::to_string(w.router) + ",";
    if (!w.output)
      out += router + std::to_string(w.port) + "," + name(w.port_class) + "," +
             std::to_string(w.vc) + ",,,";
    else
      out += router + "," + name(w.in_class) + ",," + std::to_string(w.port) + "," +
             name(w.port_class) + ",";
    // The head's traffic class with request-reply traffic, else empty.
    out += std::string(r.head_waits_split ? head_wait_class_name(w.traffic_class) : "") + "," +
           head_wait_name(w.reason) + "," + std::to_string(w.count) + "\n";
  }
  return out;
}

std::string timeseries_csv(const RunResults& r) {
  std::string out = "start,end,packets,latency_avg,misrouted_fraction,accepted_load\n";
  char buf[256];
  for (size_t i = 0; i < r.ts_start.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%u,%u,%llu,%.6g,%.6g,%.6g\n", r.ts_start[i],
                  r.ts_start[i] + r.ts_bin, static_cast<unsigned long long>(r.ts_packets[i]),
                  r.ts_latency[i], r.ts_misrouted[i], r.ts_accepted[i]);
    out += buf;
  }
  return out;
}

}  // namespace netcosim
