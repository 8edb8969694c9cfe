#include "sim/network/network.h"

#include "sim/network/memory_estimate.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "sim/util/json.h"

namespace netcosim {

namespace {
constexpr uint64_t kNodeStream = 1;

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

uint32_t ceil_div(uint32_t a, uint32_t b) {
  return (a + b - 1) / b;
}
}  // namespace

Network::Network(const Config& cfg, std::unique_ptr<RoutingAlgorithm> routing, Cycle local_lead)
    : cfg_(cfg),
      topo_((validate_config(cfg), check_memory_fits(cfg, 1),
             static_cast<uint32_t>(cfg.get_int("topology.p"))),
            static_cast<uint32_t>(cfg.get_int("topology.a")),
            static_cast<uint32_t>(cfg.get_int("topology.h")),
            cfg.get_str("topology.arrangement") == "consecutive" ? Arrangement::Consecutive
                                                                 : Arrangement::Palmtree) {
  // Router configuration (thesis 000 Table 1.2 values are the defaults).
  for (uint32_t port = 0; port < topo_.radix(); ++port)
    rcfg_.kinds.push_back(topo_.port_kind(port));
  rcfg_.vcs[0] = static_cast<uint32_t>(cfg.get_int("router.vcs_injection"));
  rcfg_.vcs[1] = static_cast<uint32_t>(cfg.get_int("router.vcs_local"));
  rcfg_.vcs[2] = static_cast<uint32_t>(cfg.get_int("router.vcs_global"));
  rcfg_.buffer[0] = static_cast<uint32_t>(cfg.get_int("router.buffer_injection"));
  rcfg_.buffer[1] = static_cast<uint32_t>(cfg.get_int("router.buffer_local"));
  rcfg_.buffer[2] = static_cast<uint32_t>(cfg.get_int("router.buffer_global"));
  rcfg_.buffer_output = static_cast<uint32_t>(cfg.get_int("router.buffer_output"));
  rcfg_.packet_size = static_cast<uint32_t>(cfg.get_int("packet.size"));
  rcfg_.speedup = static_cast<uint32_t>(cfg.get_int("router.speedup"));
  rcfg_.latency = static_cast<uint32_t>(cfg.get_int("router.latency"));
  rcfg_.xbar_latency = static_cast<uint32_t>(cfg.get_int("router.xbar_latency"));
  rcfg_.iterations = static_cast<uint32_t>(cfg.get_int("router.allocator_iterations"));
  const uint32_t S = rcfg_.packet_size;

  routing_ = routing ? std::move(routing) : make_routing(cfg, topo_);
  pattern_ =
      make_traffic(cfg.get_str("traffic.pattern"), topo_,
                   static_cast<uint32_t>(cfg.get_int("traffic.adv_offset") % topo_.groups()));
  warmup_ = static_cast<Cycle>(cfg.get_int("sim.warmup"));
  measure_ = static_cast<Cycle>(cfg.get_int("sim.measure"));
  drain_ = cfg.get_bool("sim.drain");
  watchdog_ = static_cast<Cycle>(cfg.get_int("sim.watchdog"));
  const uint64_t seed = static_cast<uint64_t>(cfg.get_int("sim.seed"));
  traffic_.packet_prob = cfg.get_float("traffic.load") / S;
  traffic_.pattern = pattern_.get();
  if (cfg.get_str("traffic.pattern2") != "none") {
    pattern2_ =
        make_traffic(cfg.get_str("traffic.pattern2"), topo_,
                     static_cast<uint32_t>(cfg.get_int("traffic.adv_offset2") % topo_.groups()));
    traffic_.pattern2 = pattern2_.get();
    traffic_.mix = cfg.get_float("traffic.mix");
    const int64_t sw = cfg.get_int("traffic.switch_cycle");
    traffic_.switch_cycle = sw < 0 ? kNone : static_cast<Cycle>(sw);
  }
  ts_bin_ = static_cast<Cycle>(cfg.get_int("sim.timeseries_bin"));
  init_sink(sink_);
  // Lookahead: global links (and their credits) take at least latency_global cycles, so groups
  // are independent for that long. Local links stay inside a group.
  lookahead_ = static_cast<Cycle>(cfg.get_int("link.latency_global"));

  const uint32_t R = topo_.routers(), N = topo_.nodes();
  routers_.reserve(R);
  const uint32_t max_latency = static_cast<uint32_t>(
      std::max(cfg.get_int("link.latency_local"), cfg.get_int("link.latency_global")));
  // Producers write slots up to lookahead + latency + xfer cycles ahead of the consumer's window.
  const uint32_t wheel = 2 * (max_latency + rcfg_.xfer_cycles()) + 2;
  for (uint32_t r = 0; r < R; ++r)
    routers_.push_back(std::make_unique<Router>(r, rcfg_, *routing_, seed, wheel));
    // The VC-order checker: sim.check, always on in a checked build (the sanitizer build).
#ifdef NETCOSIM_CHECKED
  vc_checked_ = true;
#else
  vc_checked_ = cfg.get_bool("sim.check");
#endif
  vc_order_ = routing_->vc_order();
  if (!vc_order_.declared()) vc_checked_ = false;  // custom routings without a declared order
  if (vc_checked_)
    for (auto& r : routers_) r->set_vc_check(&vc_order_);

  // Group-wide sensors (PiggyBack bits, ECtN counters) read the sensors of the other routers of
  // the group with the local links' latency (sim/congestion/sensor_set.h).
  {
    const uint32_t a = topo_.a();
    for (uint32_t r = 0; r < R; ++r) {
      std::vector<SensorSet*> group;
      for (uint32_t i = 0; i < a; ++i) group.push_back(&routers_[r / a * a + i]->sensors());
      routers_[r]->sensors().wire_group(group,
                                        static_cast<Cycle>(cfg.get_int("link.latency_local")),
                                        static_cast<Cycle>(cfg.get_int("routing.ectn_period")));
    }
  }
  // Inter-router links: one per local and global output port. Rings are sized for the worst case
  // (one packet per packet_size cycles in flight; every downstream buffer slot's credit pending).
  links_.reserve(static_cast<size_t>(R) * (topo_.a() - 1 + topo_.h()) + N);
  for (uint32_t r = 0; r < R; ++r) {
    for (uint32_t port = topo_.first_local_port(); port < topo_.radix(); ++port) {
      const auto kind = topo_.port_kind(port);
      const auto peer = topo_.peer(r, port);
      const Cycle lat = static_cast<Cycle>(
          cfg.get_int(kind == PortKind::Global ? "link.latency_global" : "link.latency_local"));
      const uint32_t k = static_cast<uint32_t>(kind);
      const uint32_t downstream_packets = rcfg_.vcs[k] * (rcfg_.buffer[k] / S);
      links_.emplace_back();
      Link& L = links_.back();
      L.src_router = r;
      L.src_port = port;
      L.dst_router = peer.router;
      L.dst_port = peer.port;
      L.latency = L.credit_latency = lat;
      L.crosses_partitions = kind == PortKind::Global;  // partitions are Dragonfly groups
      // A global link's producer runs up to one window ahead of its consumer.
      const Cycle ahead = kind == PortKind::Global ? std::max(lookahead_, local_lead) : local_lead;
      L.data = DelayRing<PacketMsg>(std::min(ceil_div(lat + ahead, S) + 2, downstream_packets + 1));
      // Credits are taken in their arrival cycle; one is sent per crossbar transfer of the
      // downstream input port, at most one every xfer_cycles.
      const uint32_t X = rcfg_.xfer_cycles();
      L.credits =
          DelayRing<CreditMsg>(std::min(ceil_div(lat + X + ahead, X) + 2, downstream_packets + 2));
      routers_[r]->connect_output(port, &L, *routers_[peer.router]);
    }
  }
  // NICs and their injection links (latency 1: FOGSim's injection delay; the injection buffer's
  // space is seen by the NIC as soon as the tail leaves it, so credits return with latency 0).
  nics_.reserve(N);
  const uint32_t q_cap = static_cast<uint32_t>(cfg.get_int("traffic.source_queue"));
  for (uint32_t n = 0; n < N; ++n) {
    nics_.emplace_back();
    Nic& nic = nics_.back();
    nic.node = n;
    nic.source = std::make_unique<BernoulliSource>(n, Rng(seed, kNodeStream, n), traffic_);
    nic.next_gen = nic.source->next();
    nic.gen_stop = drain_ ? warmup_ + measure_ : kNone;
    nic.queue.reset(new SourceEntry[q_cap]);
    nic.q_cap = q_cap;
    nic.credits = model::CreditCounter(rcfg_.vcs[0], rcfg_.buffer[0]);
    links_.emplace_back();
    Link& L = links_.back();
    L.src_router = kNone;
    L.src_port = 0;
    L.dst_router = topo_.router_of_node(n);
    L.dst_port = topo_.port_of_node(n);
    L.latency = 1;
    L.credit_latency = 0;
    L.data = DelayRing<PacketMsg>(4);
    L.credits = DelayRing<CreditMsg>(rcfg_.vcs[0] * (rcfg_.buffer[0] / S) + 2);
    nic.link = &L;
    routers_[L.dst_router]->attach_nic(L.dst_port, &nic);
  }
}

void Network::init_sink(StatsSink& s) const {
  s.init(warmup_, warmup_ + measure_, rcfg_.packet_size);
  s.init_timeseries(ts_bin_, warmup_ + measure_);
}

void Network::set_lookahead(Cycle cycles) {
  if (cycles < 1 || cycles > static_cast<Cycle>(cfg_.get_int("link.latency_global")))
    throw std::invalid_argument("lookahead must be in [1, link.latency_global]");
  lookahead_ = cycles;
}

void Network::preload_packet(uint32_t src, uint32_t dst) {
  Nic& nic = nics_.at(src);
  if (nic.queue_full())
    throw std::invalid_argument("source queue of node " + std::to_string(src) + " is full");
  routers_[topo_.router_of_node(src)]->enqueue_at_source(nic, SourceEntry{0, dst, nic.seq});
  preloaded_.on_generate(src, nic.seq);
  ++nic.seq;
}

void Network::run_window(Partition& part, Cycle from, Cycle to) {
  // Arrivals from other partitions in this window were all queued before it started.
  for (uint32_t r = part.first; r < part.last; ++r) routers_[r]->collect_remote();
  for (Cycle t = from; t < to; ++t) {
    bool moved = false;
    for (uint32_t r = part.first; r < part.last; ++r) {
      Router& router = *routers_[r];
      if (router.active(t)) moved |= router.step(t, *part.sink);
    }
    if (moved) part.last_move = t;
  }
}

namespace {
// A reusable barrier for the worker threads of one run (C++17 has no std::barrier).
class Barrier {
 public:
  explicit Barrier(uint32_t n) : n_(n) {}
  void arrive_and_wait() {
    std::unique_lock<std::mutex> lock(m_);
    const uint64_t gen = gen_;
    if (++count_ == n_) {
      count_ = 0;
      ++gen_;
      cv_.notify_all();
    } else {
      cv_.wait(lock, [&] { return gen_ != gen; });
    }
  }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  uint32_t n_, count_ = 0;
  uint64_t gen_ = 0;
};
}  // namespace

std::optional<DeadlockReport> Network::watchdog(Cycle t, Cycle last_move,
                                                uint64_t in_flight) const {
  if (in_flight == 0 || t - 1 - last_move < watchdog_) return std::nullopt;
  for (const auto& r : routers_)
    if (!r->settled(t)) return std::nullopt;  // something is still on its way
  std::vector<const Router*> rs;
  for (const auto& r : routers_) rs.push_back(r.get());
  DeadlockReport rep = build_deadlock_report(rs, topo_, t);
  rep.idle_cycles = t - 1 - last_move;
  rep.watchdog = watchdog_;
  rep.packets_in_flight = in_flight;
  return rep;
}

// The native engine (DESIGN.md §4). Time advances in windows of `lookahead_` cycles: inside a
// window each group is simulated cycle by cycle on its own, because nothing another group does in
// the window can reach it before the window ends (global links take at least lookahead_ cycles,
// credits too). Groups are processed one after the other, so a group's state stays in cache for
// the whole window; with several threads each thread owns a fixed block of groups and the threads
// meet once per window. Every router still evaluates and commits cycle by cycle, so results are
// those of a cycle-by-cycle loop over all routers, for any window size and thread count.
RunResults Network::run(const std::function<void(Cycle, Cycle)>& progress, uint32_t threads) {
  const auto t0 = std::chrono::steady_clock::now();
  const uint32_t G = topo_.groups(), a = topo_.a();
  const uint32_t T = std::max<uint32_t>(1, std::min<uint32_t>(threads, G));
  std::vector<StatsSink> sinks(T);
  for (auto& s : sinks) init_sink(s);
  sinks[0].merge(preloaded_);
  std::vector<Partition> parts;
  std::vector<uint32_t> first_part(T + 1, 0);
  for (uint32_t k = 0; k < T; ++k) {
    first_part[k] = static_cast<uint32_t>(parts.size());
    const uint32_t g0 = static_cast<uint32_t>(uint64_t{G} * k / T);
    const uint32_t g1 = static_cast<uint32_t>(uint64_t{G} * (k + 1) / T);
    for (uint32_t g = g0; g < g1; ++g) parts.push_back({g * a, (g + 1) * a, &sinks[k], 0});
  }
  first_part[T] = static_cast<uint32_t>(parts.size());

  const Cycle end = warmup_ + measure_;
  Cycle win_from = 0, win_to = 0;
  bool stop = false;
  Barrier start(T), done(T);
  std::vector<std::exception_ptr> errors(T);  // a failure inside a window (VC-order check)
  auto work = [&](uint32_t k) {
    try {
      for (uint32_t i = first_part[k]; i < first_part[k + 1]; ++i)
        run_window(parts[i], win_from, win_to);
    } catch (...) {
      errors[k] = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (uint32_t k = 1; k < T; ++k) {
    pool.emplace_back([&, k] {
      for (;;) {
        start.arrive_and_wait();
        if (stop) return;
        work(k);
        done.arrive_and_wait();
      }
    });
  }
  auto finish_pool = [&] {
    stop = true;
    start.arrive_and_wait();
    for (auto& th : pool) th.join();
  };

  Cycle t = 0;
  std::optional<DeadlockReport> deadlock;
  std::exception_ptr error;
  for (;;) {
    win_from = t;
    win_to = t + lookahead_;
    if (t < end) win_to = std::min(win_to, end);
    start.arrive_and_wait();
    work(0);
    done.arrive_and_wait();
    t = win_to;
    for (const auto& e : errors)
      if (e && !error) error = e;
    if (error) break;
    uint64_t gen = 0, del = 0;
    Cycle last_move = 0;
    for (const auto& s : sinks) {
      gen += s.generated;
      del += s.delivered;
    }
    for (const auto& p : parts) last_move = std::max(last_move, p.last_move);
    if (t >= end && (!drain_ || gen == del)) break;
    deadlock = watchdog(t, last_move, gen - del);
    if (deadlock) break;
    if (progress) progress(t, end);
  }
  finish_pool();
  if (error) std::rethrow_exception(error);
  if (deadlock) throw DeadlockFailure(std::move(*deadlock));
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  RunResults res = finish(sinks, wall);
  res.threads = T;
  return res;
}

RunResults Network::finish(const std::vector<StatsSink>& sinks, double wall) {
  init_sink(sink_);
  for (const auto& s : sinks) sink_.merge(s);
  // A drained run ends in the cycle after the last packet left the network.
  const Cycle end = warmup_ + measure_;
  const Cycle total = drain_ ? std::max(end, sink_.last_eject + 1) : end;
  RunResults res = collect(total, wall);
  if (drain_ && !res.conservation_ok)
    throw SimulationFailure(
        "conservation check failed after drain: " + std::to_string(res.packets_generated) +
        " packets generated, " + std::to_string(res.packets_delivered) +
        " delivered, identity hashes differ (a packet was lost or duplicated)");
  return res;
}

uint64_t Network::zero_load_latency(uint32_t src_node, uint32_t dst_node) const {
  uint32_t l = 0, g = 0;
  const uint32_t rs = topo_.router_of_node(src_node), rd = topo_.router_of_node(dst_node);
  topo_.min_hops(rs, rd, l, g);
  const uint64_t routers = l + g + 1;
  return 1 + routers * (rcfg_.latency + rcfg_.xbar_latency) +
         l * static_cast<uint64_t>(cfg_.get_int("link.latency_local")) +
         g * static_cast<uint64_t>(cfg_.get_int("link.latency_global")) + rcfg_.packet_size;
}

RunResults Network::collect(Cycle total, double wall) const {
  RunResults r;
  const StatsSink& s = sink_;
  r.nodes = topo_.nodes();
  r.routers = topo_.routers();
  r.offered_load = cfg_.get_float("traffic.load");
  r.cycles_warmup = warmup_;
  r.cycles_measured = measure_;
  r.cycles_total = total;
  const double nan = std::nan("");
  const double np = static_cast<double>(s.window_packets);
  r.packets_measured = s.window_packets;
  r.accepted_load = static_cast<double>(s.window_phits) / (double(r.nodes) * measure_);
  r.latency_avg = np > 0 ? s.latency_sum / np : nan;
  r.network_latency_avg = np > 0 ? s.network_latency_sum / np : nan;
  r.injection_latency_avg = np > 0 ? s.injection_latency_sum / np : nan;
  r.hops_avg = np > 0 ? s.hops_sum / np : nan;
  r.hops_local_avg = np > 0 ? s.hops_local_sum / np : nan;
  r.hops_global_avg = np > 0 ? s.hops_global_sum / np : nan;
  r.misrouted_fraction = np > 0 ? s.misrouted / np : nan;
  r.hops_local_max = s.hops_local_max;
  r.hops_global_max = s.hops_global_max;
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
  r.drained = drain_;
  r.conservation_ok = s.generated == s.delivered && s.generated_hash == s.delivered_hash;
  // Fairness over per-node injected load in the window (thesis 000 Sec. 1.5.1).
  double sum = 0, sum2 = 0, mn = 1e300, mx = 0;
  for (const Nic& n : nics_) {
    const double x = double(n.window_injected_phits) / measure_;
    sum += x;
    sum2 += x * x;
    mn = std::min(mn, x);
    mx = std::max(mx, x);
  }
  const double N = r.nodes;
  const double mean = sum / N;
  r.fairness.min_node_load = mn;
  r.fairness.max_node_load = mx;
  r.fairness.max_min_ratio = mn > 0 ? mx / mn : nan;
  r.fairness.cov = mean > 0 ? std::sqrt(std::max(0.0, sum2 / N - mean * mean)) / mean : nan;
  r.fairness.jain = sum2 > 0 ? sum * sum / (N * sum2) : nan;
  if (s.ts_bin != 0) {
    r.ts_bin = s.ts_bin;
    for (size_t i = 0; i < s.ts_packets.size(); ++i) {
      const double n = double(s.ts_packets[i]);
      const Cycle start = static_cast<Cycle>(i) * s.ts_bin;
      const Cycle len = std::min<Cycle>(s.ts_bin, warmup_ + measure_ - start);
      r.ts_start.push_back(start);
      r.ts_packets.push_back(s.ts_packets[i]);
      r.ts_latency.push_back(n > 0 ? double(s.ts_latency_sum[i]) / n : nan);
      r.ts_misrouted.push_back(n > 0 ? double(s.ts_misrouted[i]) / n : nan);
      r.ts_accepted.push_back(double(s.ts_phits[i]) / (double(r.nodes) * len));
    }
  }
  r.wall_seconds = wall;
  r.cycles_per_second = wall > 0 ? total / wall : 0;
  r.peak_rss_mb = peak_rss_mb();
  return r;
}

std::string results_json(const RunResults& r, const Config& cfg) {
  JsonWriter w;
  w.begin_object();
  w.kv("schema", "netcosim.run/1");
  w.kv("engine", r.engine);
  w.kv("threads", r.threads);
  w.key("config").begin_object();
  std::string section;
  const auto& schema = config_schema();
  for (const auto& kv : cfg.resolved()) {
    const std::string sec = kv.first.substr(0, kv.first.find('.'));
    if (sec != section) {
      if (!section.empty()) w.end_object();
      w.key(sec).begin_object();
      section = sec;
    }
    const std::string key = kv.first.substr(kv.first.find('.') + 1);
    KeyType type = KeyType::Enum;
    for (const auto& s : schema)
      if (kv.first == s.name) type = s.type;
    if (type == KeyType::Int)
      w.kv(key, static_cast<int64_t>(std::stoll(kv.second)));
    else if (type == KeyType::Float)
      w.kv(key, std::strtod(kv.second.c_str(), nullptr));
    else if (type == KeyType::Bool)
      w.kv(key, kv.second == "true");
    else
      w.kv(key, kv.second);
  }
  if (!section.empty()) w.end_object();
  w.end_object();
  w.kv("nodes", r.nodes);
  w.kv("routers", r.routers);
  w.kv("offered_load", r.offered_load);
  w.kv("accepted_load", r.accepted_load);
  w.kv("latency_avg", r.latency_avg);
  w.kv("latency_p50", r.latency_p50);
  w.kv("latency_p99", r.latency_p99);
  w.kv("latency_max", r.latency_max);
  w.kv("network_latency_avg", r.network_latency_avg);
  w.kv("injection_latency_avg", r.injection_latency_avg);
  w.kv("hops_avg", r.hops_avg);
  w.kv("hops_local_avg", r.hops_local_avg);
  w.kv("hops_global_avg", r.hops_global_avg);
  w.kv("hops_local_max", r.hops_local_max);
  w.kv("hops_global_max", r.hops_global_max);
  w.kv("misrouted_fraction", r.misrouted_fraction);
  w.kv("packets_generated", r.packets_generated);
  w.kv("packets_delivered", r.packets_delivered);
  w.kv("packets_in_flight", r.packets_in_flight);
  w.kv("packets_refused", r.packets_refused);
  w.kv("packets_measured", r.packets_measured);
  w.key("fairness").begin_object();
  w.kv("min_node_load", r.fairness.min_node_load);
  w.kv("max_node_load", r.fairness.max_node_load);
  w.kv("max_min_ratio", r.fairness.max_min_ratio);
  w.kv("cov", r.fairness.cov);
  w.kv("jain", r.fairness.jain);
  w.end_object();
  if (r.ts_bin != 0) {
    w.key("timeseries").begin_object();
    w.kv("bin", static_cast<uint64_t>(r.ts_bin));
    const auto arr = [&](const char* k, const auto& v) {
      w.key(k).begin_array();
      for (const auto& x : v) w.value(x);
      w.end_array();
    };
    std::vector<uint64_t> starts(r.ts_start.begin(), r.ts_start.end());
    arr("start", starts);
    arr("packets", r.ts_packets);
    arr("latency_avg", r.ts_latency);
    arr("misrouted_fraction", r.ts_misrouted);
    arr("accepted_load", r.ts_accepted);
    w.end_object();
  }
  w.kv("drained", r.drained);
  if (r.drained) w.kv("conservation_ok", r.conservation_ok);
  w.kv("cycles_warmup", static_cast<uint64_t>(r.cycles_warmup));
  w.kv("cycles_measured", static_cast<uint64_t>(r.cycles_measured));
  w.kv("cycles_total", static_cast<uint64_t>(r.cycles_total));
  w.kv("wall_seconds", r.wall_seconds);
  w.kv("cycles_per_second", r.cycles_per_second);
  w.kv("peak_rss_mb", r.peak_rss_mb);
  w.end_object();
  return w.str() + "\n";
}

std::string results_summary(const RunResults& r, const Config& cfg) {
  char buf[2048];
  std::snprintf(
      buf, sizeof buf,
      "netcosim run: dragonfly p=%s a=%s h=%s, %u nodes, %u routers; routing %s, traffic %s\n"
      "  offered load      %.4f phits/(node*cycle)\n"
      "  accepted load     %.4f phits/(node*cycle)\n"
      "  latency           avg %.2f  p50 %llu  p99 %llu  max %llu cycles\n"
      "    network         avg %.2f   injection avg %.2f\n"
      "  hops              avg %.3f (local %.3f, global %.3f); misrouted %.2f%%\n"
      "  packets           generated %llu, delivered %llu, in flight %llu, refused %llu\n"
      "  fairness          min %.4f  max %.4f  max/min %.3f  CoV %.4f  Jain %.4f\n"
      "  cycles            warm-up %u, measured %u, total %u%s\n"
      "  speed             %.0f cycles/s (%.2f s wall, %.0f MB peak)\n",
      cfg.get_str("topology.p").c_str(), cfg.get_str("topology.a").c_str(),
      cfg.get_str("topology.h").c_str(), r.nodes, r.routers,
      cfg.get_str("routing.algorithm").c_str(), cfg.get_str("traffic.pattern").c_str(),
      r.offered_load, r.accepted_load, r.latency_avg, (unsigned long long)r.latency_p50,
      (unsigned long long)r.latency_p99, (unsigned long long)r.latency_max, r.network_latency_avg,
      r.injection_latency_avg, r.hops_avg, r.hops_local_avg, r.hops_global_avg,
      100.0 * r.misrouted_fraction, (unsigned long long)r.packets_generated,
      (unsigned long long)r.packets_delivered, (unsigned long long)r.packets_in_flight,
      (unsigned long long)r.packets_refused, r.fairness.min_node_load, r.fairness.max_node_load,
      r.fairness.max_min_ratio, r.fairness.cov, r.fairness.jain, r.cycles_warmup, r.cycles_measured,
      r.cycles_total,
      r.drained
          ? (r.conservation_ok ? " (drained; conservation ok)" : " (drained; CONSERVATION FAILED)")
          : "",
      r.cycles_per_second, r.wall_seconds, r.peak_rss_mb);
  return buf;
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
