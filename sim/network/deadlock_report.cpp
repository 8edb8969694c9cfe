#include "sim/network/deadlock_report.h"

#include <sstream>

#include "sim/router/cioq/router.h"
#include "sim/util/json.h"

namespace netcosim {

DeadlockReport build_deadlock_report(const std::vector<const Router*>& routers,
                                     const Dragonfly& topo, Cycle now) {
  DeadlockReport rep;
  rep.cycle = now;
  if (routers.empty()) return rep;
  const uint32_t P = routers[0]->radix(), V = routers[0]->vcs_per_port();
  const uint32_t S = routers[0]->packet_size();
  rep.packet_size = S;
  const auto id = [&](uint32_t r, uint32_t p, uint32_t v) { return (size_t{r} * P + p) * V + v; };
  // The wait-for graph: an input VC whose routed head cannot get credits for its whole packet in
  // its output VC waits for the downstream input VC of that output (at most one edge per node).
  constexpr size_t kNoEdge = ~size_t{0};
  const size_t n = routers.size() * P * V;
  std::vector<size_t> next(n, kNoEdge);
  for (const Router* rt : routers) {
    for (uint32_t p = 0; p < P; ++p) {
      for (uint32_t v = 0; v < V; ++v) {
        const Router::HeadView h = rt->head_view(p, v);
        if (h.packets == 0) continue;
        ++rep.waiting_buffers;
        if (!h.routed || rt->port_kind(h.out_port) == PortKind::Injection) continue;
        if (rt->output_credits(h.out_port, h.out_vc) >= S) continue;
        const Dragonfly::PortRef peer = topo.peer(rt->id(), h.out_port);
        next[id(rt->id(), p, v)] = id(peer.router, peer.port, h.out_vc);
      }
    }
  }
  // Cycles of the functional graph: follow the edges from each unvisited node; meeting a node of
  // the current walk closes a cycle.
  std::vector<uint8_t> state(n, 0);  // 0 unvisited, 1 on the current walk, 2 done
  std::vector<size_t> walk;
  for (size_t s = 0; s < n; ++s) {
    if (state[s] != 0 || next[s] == kNoEdge) continue;
    walk.clear();
    size_t x = s;
    while (x != kNoEdge && state[x] == 0) {
      state[x] = 1;
      walk.push_back(x);
      x = next[x];
    }
    if (x != kNoEdge && state[x] == 1) {
      std::vector<BlockedBuffer> cyc;
      size_t k = 0;
      while (walk[k] != x) ++k;
      for (; k < walk.size(); ++k) {
        const size_t node = walk[k];
        const uint32_t v = static_cast<uint32_t>(node % V), p = static_cast<uint32_t>(node / V % P);
        const Router& rt = *routers[node / V / P];
        const Router::HeadView h = rt.head_view(p, v);
        BlockedBuffer b;
        b.router = rt.id();
        b.port = p;
        b.vc = v;
        b.port_class = rt.port_kind(p);
        b.occupancy_phits = rt.input_occupancy(p, v) * S;
        b.capacity_phits = rt.config().buffer[static_cast<unsigned>(b.port_class)];
        b.head_src = h.head->src;
        b.head_dst = h.head->dst;
        b.head_seq = h.head->seq;
        b.out_port = h.out_port;
        b.out_vc = h.out_vc;
        b.out_credits = rt.output_credits(h.out_port, h.out_vc);
        cyc.push_back(b);
      }
      rep.cycles.push_back(std::move(cyc));
    }
    for (const size_t w : walk) state[w] = 2;
  }
  std::ostringstream os;
  size_t shown = 0;
  for (const Router* rt : routers) {
    if (rt->resident() == 0) continue;
    os << rt->describe_blocked(now, 6);
    if (++shown == 8) {
      os << "  ... (further routers with waiting packets omitted)\n";
      break;
    }
  }
  rep.others = os.str();
  return rep;
}

std::string deadlock_text(const DeadlockReport& r) {
  std::ostringstream os;
  os << "deadlock: no packet moved for " << r.idle_cycles << " cycles (cycle " << r.cycle - 1
     << ", sim.watchdog=" << r.watchdog << ") with " << r.packets_in_flight
     << " packets in flight and none on a link or in a pipeline; ";
  if (r.cycles.empty()) {
    os << "no cycle in the wait-for graph of blocked heads\n";
  } else {
    os << r.cycles.size()
       << " cycle(s) in the wait-for graph (each buffer's head waits for credits of the next "
          "buffer):\n";
    constexpr size_t kShown = 10;  // the JSON object has them all
    for (size_t c = 0; c < r.cycles.size(); ++c) {
      if (c == kShown) {
        os << "  ... " << r.cycles.size() - kShown << " further cycle(s) omitted (all are in the "
           << "JSON report)\n";
        break;
      }
      os << "  cycle " << c + 1 << " (" << r.cycles[c].size() << " buffers):\n";
      for (const BlockedBuffer& b : r.cycles[c])
        os << "    router " << b.router << " input port " << b.port << " ("
           << port_class_name(b.port_class) << ") VC " << b.vc << ": " << b.occupancy_phits << "/"
           << b.capacity_phits << " phits; head src " << b.head_src << " -> dst " << b.head_dst
           << " seq " << b.head_seq << " waits for output " << b.out_port << " VC " << b.out_vc
           << " (credits " << b.out_credits << "/" << r.packet_size << " needed)\n";
    }
  }
  os << "where packets wait (" << r.waiting_buffers << " non-empty input buffers):\n" << r.others;
  return os.str();
}

namespace {
void write_deadlock(JsonWriter& w, const DeadlockReport& r) {
  w.begin_object();
  w.kv("cycle", static_cast<uint64_t>(r.cycle - 1));
  w.kv("idle_cycles", static_cast<uint64_t>(r.idle_cycles));
  w.kv("watchdog", static_cast<uint64_t>(r.watchdog));
  w.kv("packets_in_flight", r.packets_in_flight);
  w.kv("packet_size", r.packet_size);
  w.kv("waiting_buffers", r.waiting_buffers);
  w.key("cycles").begin_array();
  for (const auto& cyc : r.cycles) {
    w.begin_array();
    for (const BlockedBuffer& b : cyc) {
      w.begin_object();
      w.kv("router", b.router);
      w.kv("port", b.port);
      w.kv("port_class", port_class_name(b.port_class));
      w.kv("vc", b.vc);
      w.kv("occupancy_phits", b.occupancy_phits);
      w.kv("capacity_phits", b.capacity_phits);
      w.key("head").begin_object();
      w.kv("src", b.head_src);
      w.kv("dst", b.head_dst);
      w.kv("seq", b.head_seq);
      w.end_object();
      w.key("waits_for").begin_object();
      w.kv("port", b.out_port);
      w.kv("vc", b.out_vc);
      w.kv("credits", b.out_credits);
      w.end_object();
      w.end_object();
    }
    w.end_array();
  }
  w.end_array();
  w.end_object();
}
}  // namespace

std::string deadlock_json(const DeadlockReport& r) {
  JsonWriter w(0);
  write_deadlock(w, r);
  return w.str();
}

std::string failure_json(const SimulationFailure& e) {
  JsonWriter w;
  w.begin_object();
  w.kv("schema", "netcosim.failure/1");
  w.kv("error", e.what());
  if (const DeadlockReport* d = e.deadlock()) {
    w.key("deadlock");
    write_deadlock(w, *d);
  }
  w.end_object();
  return w.str() + "\n";
}

}  // namespace netcosim
