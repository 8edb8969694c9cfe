// The parts the router-module examples share (systemc/examples/router_ports.cpp, the CIOQ
// routers; switch_ports.cpp, the InfiniBand switches): one module per router of a configured
// network, wired as its topology says, fed by TLM traffic generators that replay the native
// sources, and checked packet by packet against the native engine's run of the same traffic
// (docs/systemc.md, "Router-facing ports"). Copy it with the example.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "systemc/router/router_module.h"
#include "systemc/tlm/source_initiator.h"

namespace netcosim::sc::example {

// One delivery: node, source, number, generation cycle, tail cycle.
inline std::string delivery_line(uint32_t node, uint32_t src, uint32_t seq, Cycle t_gen,
                                 Cycle tail) {
  return std::to_string(node) + " " + std::to_string(src) + " " + std::to_string(seq) + " " +
         std::to_string(t_gen) + " " + std::to_string(tail);
}

// The native run: a node's source, its receptions logged (the NIC calls on_receive with the
// head's cycle; the tail is the head plus its class's phits; the simulated numbers do not change).
class Logged final : public TrafficSource {
 public:
  Logged(uint32_t node, const Network& net, std::vector<std::string>& log)
      : TrafficSource(true), node_(node), net_(net), log_(log) {}
  void wrap(std::unique_ptr<TrafficSource> inner) { inner_ = std::move(inner); }
  Cycle next() const override { return inner_ ? inner_->next() : kNone; }
  TrafficDescriptor generate() override { return inner_->generate(); }
  void on_receive(const Packet& p, Cycle head) override {
    log_.push_back(delivery_line(node_, p.src, p.seq, p.t_gen, head + net_.packet_phits(p.cls)));
  }

 private:
  std::unique_ptr<TrafficSource> inner_;
  uint32_t node_;
  const Network& net_;
  std::vector<std::string>& log_;
};

// The user's target on a node's `out` socket: logs each delivery.
class NodeSink : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<NodeSink> socket{"socket"};
  NodeSink(const sc_core::sc_module_name& n, uint32_t node, std::vector<std::string>& log)
      : sc_core::sc_module(n), node_(node), log_(log) {
    socket.register_b_transport(this, &NodeSink::b_transport);
  }

 private:
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& /*delay: the tail's time*/) {
    PacketExtension* e = nullptr;
    gp.get_extension(e);
    log_.push_back(delivery_line(node_, e->src, e->seq, e->t_gen, e->tail));
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  uint32_t node_;
  std::vector<std::string>& log_;
};

// A non-negative integer of at most 9 digits.
inline bool parse_count(const std::string& s, uint64_t& v) {
  if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos)
    return false;
  v = std::stoull(s);
  return true;
}

// "R:C" of --fault: a router and a cycle.
inline bool parse_fault(const std::string& v, uint64_t& router, uint64_t& cycle) {
  const size_t colon = v.find(':');
  return colon != std::string::npos && parse_count(v.substr(0, colon), router) &&
         parse_count(v.substr(colon + 1), cycle);
}

// "--fault R:C" at args[k], R a `unit` ("router", "switch"): R and C into `router` and `cycle`,
// the option and its value taken out of args; "" or the usage error naming the value.
inline std::string take_fault(std::vector<std::string>& args, size_t k, const char* unit,
                              int64_t& router, uint64_t& cycle) {
  const std::string v = k + 1 < args.size() ? args[k + 1] : "";
  uint64_t r = 0;
  if (!parse_fault(v, r, cycle))
    return "--fault '" + v + "': expected R:C, a " + unit + " R and a cycle C";
  router = static_cast<int64_t>(r);
  args.erase(args.begin() + static_cast<long>(k), args.begin() + static_cast<long>(k) + 2);
  return "";
}

// The native engine on the whole network of `cfg`, every node's receptions in `log`.
struct NativeRun {
  Cycle total = 0;       // cycles simulated (the drain included)
  uint32_t routers = 0;  // the network's routers
};
inline NativeRun run_native_logged(const Config& cfg, std::vector<std::string>& log) {
  std::unique_ptr<Network> net = build_network(cfg);
  for (uint32_t n = 0; n < net->topology().nodes(); ++n) {
    auto logged = std::make_unique<Logged>(n, *net, log);
    Logged* l = logged.get();
    l->wrap(net->set_source(n, std::move(logged)));
    net->source_moved(n);
  }
  NativeRun r;
  r.routers = net->routers();
  r.total = run_native(*net).cycles_total;
  return r;
}

// One module per router of `cfg`'s network (names prefix + index), in strict mode with the
// routers as threads: the block sockets wait delta cycles inside a router's step.
inline std::vector<std::unique_ptr<RouterModule>> make_modules(const Config& cfg, uint32_t routers,
                                                               const std::string& prefix) {
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  ScEngineOptions opt;
  opt.quantum = 1;
  opt.router_threads = true;
  std::vector<std::unique_ptr<RouterModule>> mods;
  for (uint32_t r = 0; r < routers; ++r)
    mods.push_back(
        std::make_unique<RouterModule>((prefix + std::to_string(r)).c_str(), cfg, r, opt));
  return mods;
}

// Each link as the topology says: every module's router-facing `out` to its peer's `in`.
inline void wire_links(std::vector<std::unique_ptr<RouterModule>>& mods) {
  for (auto& m : mods)
    for (uint32_t p = 0; p < m->ports(); ++p)
      if (m->facing(p) == RouterModule::Facing::Router) {
        RouterPort& here = m->link(p);
        here.out.bind(mods[here.peer_router()]->link(here.peer_port()).in);
      }
}

// Every node-facing port: a generator replaying the node's native source until `cycles`, and a
// sink logging its deliveries in `log`.
struct NodeEnds {
  std::vector<std::unique_ptr<SourceInitiator>> gens;
  std::vector<std::unique_ptr<NodeSink>> sinks;
};
inline void attach_nodes(std::vector<std::unique_ptr<RouterModule>>& mods, Cycle cycles,
                         std::vector<std::string>& log, NodeEnds& ends) {
  for (auto& m : mods)
    for (uint32_t p = 0; p < m->ports(); ++p) {
      if (m->facing(p) != RouterModule::Facing::Node) continue;
      TlmNode& node = m->port(p);
      const std::string n = std::to_string(node.node());
      ends.gens.push_back(std::make_unique<SourceInitiator>(
          ("gen_" + n).c_str(), m->network().take_native_source(node.node()),
          m->network().packet_phits(), cycles));
      ends.gens.back()->set_class_phits(m->network().class_phits());
      ends.gens.back()->socket.bind(node.in);
      ends.sinks.push_back(std::make_unique<NodeSink>(("sink_" + n).c_str(), node.node(), log));
      node.out.bind(ends.sinks.back()->socket);
    }
}

// The modules' run: links wired, node ends attached (kept in `ends`, deliveries in `log`),
// `span` cycles simulated; true with the results in `res`, false with why the run stopped.
inline bool run_modules(std::vector<std::unique_ptr<RouterModule>>& mods, Cycle cycles, Cycle span,
                        std::vector<std::string>& log, NodeEnds& ends, RunResults& res,
                        std::string& why) {
  wire_links(mods);
  attach_nodes(mods, cycles, log, ends);
  sc_core::sc_start(sc_core::sc_time(double(span), sc_core::SC_NS));
  std::vector<RouterModule*> all;
  for (auto& m : mods) all.push_back(m.get());
  try {
    res = RouterModule::results(all);
  } catch (const std::exception& e) {
    why = e.what();
    return false;
  }
  return true;
}

// The modules' deliveries against the native run's: 0 and a line saying so when identical,
// else 3 and the first difference.
inline int compare_with_native(std::vector<std::string> log, std::vector<std::string> native) {
  std::sort(log.begin(), log.end());
  std::sort(native.begin(), native.end());
  if (log != native) {
    size_t k = 0;
    while (k < log.size() && k < native.size() && log[k] == native[k]) ++k;
    std::printf(
        "  native run: differs: %zu deliveries against %zu; first difference (node src seq "
        "t_gen tail): native '%s', modules '%s'\n",
        native.size(), log.size(), k < native.size() ? native[k].c_str() : "none",
        k < log.size() ? log[k].c_str() : "none");
    return 3;
  }
  std::printf(
      "  native run of the same traffic: identical (%zu deliveries: node, source, number, "
      "generation and tail cycles)\n",
      log.size());
  return 0;
}

}  // namespace netcosim::sc::example
