#include "sim/network/deadlock_report.h"

#include <sstream>

#include <nlohmann/json.hpp>

#include "sim/network/network.h"

namespace netcosim {

namespace {
constexpr size_t kNoEdge = ~size_t{0};

// The wait-for graph over input VCs, node (router * P + port) * V + vc: an input VC whose routed
// head cannot get credits for its whole packet in its output VC waits for the downstream input VC
// of that output (at most one edge per node). When that VC is empty downstream, the credits are
// held by the port's other VCs (a buffer shared by the VCs: a DAMQ's pool, sim/blocks/
// damq_credits.h), and the head waits for the first VC of the port that holds packets. With
// static per-VC buffers a VC without credits is never empty once the network has settled (no
// credit on a link), so the rule changes nothing there. Counts the non-empty input VCs.
std::vector<size_t> wait_for_graph(const Network& net, uint32_t& waiting_buffers) {
  const Topology& topo = net.topology();
  const RouterModel& r0 = net.router(0);
  const uint32_t P = r0.radix(), V = r0.vcs_per_port(), S = r0.packet_size();
  const auto id = [&](uint32_t r, uint32_t p, uint32_t v) { return (size_t{r} * P + p) * V + v; };
  std::vector<size_t> next(size_t{net.routers()} * P * V, kNoEdge);
  for (uint32_t r = 0; r < net.routers(); ++r) {
    const RouterModel& rt = net.router(r);
    for (uint32_t p = 0; p < P; ++p) {
      for (uint32_t v = 0; v < V; ++v) {
        const RouterModel::HeadView h = rt.head_view(p, v);
        if (h.packets == 0) continue;
        ++waiting_buffers;
        if (!h.routed) continue;
        if (rt.port_class(h.out_port) == kInjectionClass) {
          // A request that cannot be consumed because its NIC's bounded reply queue is full
          // (traffic.reply_queue; thesis 000 Fig. 1.12, protocol deadlock) waits for the replies
          // that NIC holds, which wait to enter the injection port's first reply VC that holds
          // packets.
          const int first =
              h.head->cls == Packet::kRequest ? rt.full_reply_queue_vc(h.out_port) : -1;
          if (first < 0) continue;
          for (uint32_t w = static_cast<uint32_t>(first); w < V; ++w)
            if (rt.input_occupancy(h.out_port, w) != 0) {
              next[id(rt.id(), p, v)] = id(rt.id(), h.out_port, w);
              break;
            }
          continue;
        }
        if (rt.output_credits(h.out_port, h.out_vc) >= S) continue;
        const Topology::PortRef peer = topo.peer(rt.id(), h.out_port);
        const RouterModel& down = net.router(peer.router);
        uint32_t w = h.out_vc;
        for (uint32_t u = 0; u < V && down.input_occupancy(peer.port, w) == 0; ++u) w = u;
        next[id(rt.id(), p, v)] = id(peer.router, peer.port, w);
      }
    }
  }
  return next;
}

// The buffer of wait-for graph node `node` as the report shows it.
BlockedBuffer blocked_buffer(const Network& net, size_t node) {
  const RouterModel& r0 = net.router(0);
  const uint32_t P = r0.radix(), V = r0.vcs_per_port(), S = r0.packet_size();
  const uint32_t v = static_cast<uint32_t>(node % V), p = static_cast<uint32_t>(node / V % P);
  const RouterModel& rt = net.router(static_cast<uint32_t>(node / V / P));
  const RouterModel::HeadView h = rt.head_view(p, v);
  BlockedBuffer b;
  b.router = rt.id();
  b.port = p;
  b.vc = v;
  b.port_class = rt.port_class(p);
  b.port_class_name = net.topology().port_class_names()[b.port_class];
  b.occupancy_phits = rt.input_occupancy(p, v) * S;
  b.capacity_phits = rt.input_capacity_phits(p, v);
  b.head_src = h.head->src;
  b.head_dst = h.head->dst;
  b.head_seq = h.head->seq;
  b.out_port = h.out_port;
  b.out_vc = h.out_vc;
  b.waits_for_reply_queue =
      rt.port_class(h.out_port) == kInjectionClass && rt.full_reply_queue_vc(h.out_port) >= 0;
  b.out_credits = b.waits_for_reply_queue ? 0 : rt.output_credits(h.out_port, h.out_vc);
  return b;
}

// Cycles of the functional graph: follow the edges from each unvisited node; meeting a node of
// the current walk closes a cycle.
std::vector<std::vector<size_t>> graph_cycles(const std::vector<size_t>& next) {
  std::vector<std::vector<size_t>> cycles;
  std::vector<uint8_t> state(next.size(), 0);  // 0 unvisited, 1 on the current walk, 2 done
  std::vector<size_t> walk;
  for (size_t s = 0; s < next.size(); ++s) {
    if (state[s] != 0 || next[s] == kNoEdge) continue;
    walk.clear();
    size_t x = s;
    while (x != kNoEdge && state[x] == 0) {
      state[x] = 1;
      walk.push_back(x);
      x = next[x];
    }
    if (x != kNoEdge && state[x] == 1) {
      size_t k = 0;
      while (walk[k] != x) ++k;
      cycles.emplace_back(walk.begin() + static_cast<std::ptrdiff_t>(k), walk.end());
    }
    for (const size_t w : walk) state[w] = 2;
  }
  return cycles;
}
}  // namespace

DeadlockReport build_deadlock_report(const Network& net, Cycle now) {
  DeadlockReport rep;
  rep.cycle = now;
  if (net.routers() == 0) return rep;
  rep.packet_size = net.router(0).packet_size();
  const std::vector<size_t> next = wait_for_graph(net, rep.waiting_buffers);
  for (const std::vector<size_t>& cyc : graph_cycles(next)) {
    std::vector<BlockedBuffer> buffers;
    for (const size_t node : cyc) {
      buffers.push_back(blocked_buffer(net, node));
      rep.protocol = rep.protocol || buffers.back().waits_for_reply_queue;
    }
    rep.cycles.push_back(std::move(buffers));
  }
  std::ostringstream os;
  size_t shown = 0;
  for (uint32_t r = 0; r < net.routers(); ++r) {
    const RouterModel& rt = net.router(r);
    if (rt.resident() == 0) continue;
    os << rt.describe_blocked(now, 6);
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
    if (r.protocol)
      os << "  protocol deadlock: requests that cannot be consumed because their NICs' reply "
            "queues are full (traffic.reply_queue) are in the cycle(s)\n";
    constexpr size_t kShown = 10;  // the JSON object has them all
    for (size_t c = 0; c < r.cycles.size(); ++c) {
      if (c == kShown) {
        os << "  ... " << r.cycles.size() - kShown << " further cycle(s) omitted (all are in the "
           << "JSON report)\n";
        break;
      }
      os << "  cycle " << c + 1 << " (" << r.cycles[c].size() << " buffers):\n";
      for (const BlockedBuffer& b : r.cycles[c])
        if (b.waits_for_reply_queue)
          os << "    router " << b.router << " input port " << b.port << " (" << b.port_class_name
             << ") VC " << b.vc << ": " << b.occupancy_phits << "/" << b.capacity_phits
             << " phits; head request src " << b.head_src << " -> dst " << b.head_dst << " seq "
             << b.head_seq << " waits for room in the reply queue of the node on port "
             << b.out_port << " (full), whose replies wait in the next buffer\n";
        else
          os << "    router " << b.router << " input port " << b.port << " (" << b.port_class_name
             << ") VC " << b.vc << ": " << b.occupancy_phits << "/" << b.capacity_phits
             << " phits; head src " << b.head_src << " -> dst " << b.head_dst << " seq "
             << b.head_seq << " waits for output " << b.out_port << " VC " << b.out_vc
             << " (credits " << b.out_credits << "/" << r.packet_size << " needed)\n";
    }
  }
  os << "where packets wait (" << r.waiting_buffers << " non-empty input buffers):\n" << r.others;
  return os.str();
}

namespace {
nlohmann::ordered_json blocked_json(const BlockedBuffer& b) {
  nlohmann::ordered_json o;
  o["router"] = b.router;
  o["port"] = b.port;
  o["port_class"] = b.port_class_name;
  o["vc"] = b.vc;
  o["occupancy_phits"] = b.occupancy_phits;
  o["capacity_phits"] = b.capacity_phits;
  o["head"] = {{"src", b.head_src}, {"dst", b.head_dst}, {"seq", b.head_seq}};
  if (b.waits_for_reply_queue)
    o["waits_for"] = {{"port", b.out_port}, {"reply_queue", "full"}};
  else
    o["waits_for"] = {{"port", b.out_port}, {"vc", b.out_vc}, {"credits", b.out_credits}};
  return o;
}

nlohmann::ordered_json deadlock_object(const DeadlockReport& r) {
  nlohmann::ordered_json o;
  o["cycle"] = static_cast<uint64_t>(r.cycle - 1);
  o["idle_cycles"] = static_cast<uint64_t>(r.idle_cycles);
  o["watchdog"] = static_cast<uint64_t>(r.watchdog);
  o["packets_in_flight"] = r.packets_in_flight;
  o["packet_size"] = r.packet_size;
  o["waiting_buffers"] = r.waiting_buffers;
  o["protocol_deadlock"] = r.protocol;
  nlohmann::ordered_json cycles = nlohmann::ordered_json::array();
  for (const auto& cyc : r.cycles) {
    nlohmann::ordered_json c = nlohmann::ordered_json::array();
    for (const BlockedBuffer& b : cyc) c.push_back(blocked_json(b));
    cycles.push_back(std::move(c));
  }
  o["cycles"] = std::move(cycles);
  return o;
}
}  // namespace

std::string deadlock_json(const DeadlockReport& r) {
  return deadlock_object(r).dump();
}

std::string failure_json(const SimulationFailure& e) {
  nlohmann::ordered_json o;
  o["schema"] = "netcosim.failure/1";
  o["error"] = e.what();
  if (const DeadlockReport* d = e.deadlock()) o["deadlock"] = deadlock_object(*d);
  return o.dump(2) + "\n";
}

}  // namespace netcosim
