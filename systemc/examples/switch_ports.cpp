// Example sc_main to copy: a network of InfiniBand switch modules (netcosim::sc::RouterModule
// with router.architecture=ib, systemc/router/router_module.h; docs/systemc.md, "The switches as
// modules"): the eight switches of the 4-ary 2-tree of configs/qos-ib-fattree-4-2.ini (16 nodes,
// three service levels on VLs 0-2 with packets of 8, 4 and 8 flits), each its own module, wired
// through their switch-facing ports (packets and credits as TLM-2.0 b_transport calls), and each
// switch's VA-SA allocator in RTL: the Verilated rtl/sep_alloc_if.sv of parameter set p8v3q8i2
// (8 ports, 3 VLs, 2 iterations) in the switch's allocator socket (netcosim::sc::SepAllocIfSocket,
// systemc/rtl/sep_alloc_if_socket.h; docs/cosim.md, "The IB switch's allocator"). Each node is
// fed its configured service-level source by a loosely timed TLM generator, with its SLs' packet
// sizes (netcosim::sc::SourceInitiator::set_class_phits); the same traffic is first run by the
// native engine on the whole network, and the two must agree packet by packet.
//
//   switch_ports CONFIG [CYCLES] [--shadow] [--fault R:C]
//     CONFIG   the IB network (configs/qos-ib-fattree-4-2.ini; its switches must be 8 ports of 3
//              VLs with 2 allocator iterations, the linked set)
//     CYCLES   cycles of generation (default 2000); the run then drains
//     --shadow the C++ allocator drives, the RTL is compared at every evaluation (default: the
//              RTL's grants drive the switches)
//     --fault  in switch R, the RTL's first grant at or after cycle C is lost on its way out
// Exit status: 0, 2 for a bad argument, 3 when the run differs from the native run (or the
// shadow comparison fails).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

// Verilator's runtime names sc_time_stamp() unqualified when SystemC is included.
using sc_core::sc_time_stamp;

#include "Vsep_alloc_if_p8v3q8i2.h"

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "systemc/router/router_module.h"
#include "systemc/rtl/sep_alloc_if_socket.h"
#include "systemc/tlm/source_initiator.h"

namespace {

// SystemC 2.3 prints its banner on stderr unless SC_COPYRIGHT_MESSAGE=DISABLE before sc_main.
const bool kQuietSystemC = (setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 0), true);

using namespace netcosim;

std::string line_of(uint32_t node, uint32_t src, uint32_t seq, Cycle t_gen, Cycle tail) {
  return std::to_string(node) + " " + std::to_string(src) + " " + std::to_string(seq) + " " +
         std::to_string(t_gen) + " " + std::to_string(tail);
}

// The native run: a node's source, its receptions logged (a packet's tail: its head plus its
// SL's phits).
class Logged final : public TrafficSource {
 public:
  Logged(uint32_t node, const Network& net, std::vector<std::string>& log)
      : TrafficSource(true), node_(node), net_(net), log_(log) {}
  void wrap(std::unique_ptr<TrafficSource> inner) { inner_ = std::move(inner); }
  Cycle next() const override { return inner_ ? inner_->next() : kNone; }
  TrafficDescriptor generate() override { return inner_->generate(); }
  void on_receive(const Packet& p, Cycle head) override {
    log_.push_back(line_of(node_, p.src, p.seq, p.t_gen, head + net_.packet_phits(p.cls)));
  }

 private:
  std::unique_ptr<TrafficSource> inner_;
  uint32_t node_;
  const Network& net_;
  std::vector<std::string>& log_;
};

// The user's target on a node's `out` socket.
class NodeSink : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<NodeSink> socket{"socket"};
  NodeSink(const sc_core::sc_module_name& n, uint32_t node, std::vector<std::string>& log)
      : sc_core::sc_module(n), node_(node), log_(log) {
    socket.register_b_transport(this, &NodeSink::b_transport);
  }

 private:
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& /*delay: the tail's time*/) {
    sc::PacketExtension* e = nullptr;
    gp.get_extension(e);
    log_.push_back(line_of(node_, e->src, e->seq, e->t_gen, e->tail));
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  uint32_t node_;
  std::vector<std::string>& log_;
};

int usage(const std::string& msg) {
  std::fprintf(stderr, "error: %s\nusage: switch_ports CONFIG [CYCLES] [--shadow] [--fault R:C]\n",
               msg.c_str());
  return 2;
}

bool parse_count(const std::string& s, uint64_t& v) {
  if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos)
    return false;
  v = std::stoull(s);
  return true;
}

}  // namespace

int sc_main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  bool shadow = false;
  int64_t fault_router = -1;
  uint64_t fault_cycle = 0;
  for (size_t k = 0; k < args.size();) {
    if (args[k] == "--shadow") {
      shadow = true;
      args.erase(args.begin() + static_cast<long>(k));
    } else if (args[k] == "--fault") {
      const std::string v = k + 1 < args.size() ? args[k + 1] : "";
      const size_t colon = v.find(':');
      uint64_t r = 0;
      if (colon == std::string::npos || !parse_count(v.substr(0, colon), r) ||
          !parse_count(v.substr(colon + 1), fault_cycle))
        return usage("--fault '" + v + "': expected R:C, a switch R and a cycle C");
      fault_router = static_cast<int64_t>(r);
      args.erase(args.begin() + static_cast<long>(k), args.begin() + static_cast<long>(k) + 2);
    } else {
      ++k;
    }
  }
  if (args.empty() || args.size() > 2) return usage("expected CONFIG [CYCLES]");
  uint64_t cycles = 2000;
  if (args.size() > 1 && (!parse_count(args[1], cycles) || cycles == 0))
    return usage("cycles '" + args[1] + "': expected a positive integer");

  Config cfg;
  try {
    cfg.load_file(args[0]);
  } catch (const std::exception& e) {
    return usage(e.what());
  }
  if (cfg.get_str("router.architecture") != "ib")
    return usage("router.architecture=" + cfg.get_str("router.architecture") +
                 ": this example runs the InfiniBand switch (allowed: ib)");
  cfg.set_override("sim.warmup=0");
  cfg.set_override("sim.drain=true");
  cfg.set_override("sim.measure=" + std::to_string(cycles));

  // 1. The native engine on the whole network.
  std::vector<std::string> native_log;
  Cycle total = 0;
  uint32_t routers = 0;
  {
    std::unique_ptr<Network> net = build_network(cfg);
    routers = net->routers();
    if (fault_router >= static_cast<int64_t>(routers))
      return usage("--fault " + std::to_string(fault_router) + ":" + std::to_string(fault_cycle) +
                   ": the network has switches 0.." + std::to_string(routers - 1));
    for (uint32_t n = 0; n < net->topology().nodes(); ++n) {
      auto logged = std::make_unique<Logged>(n, *net, native_log);
      Logged* l = logged.get();
      l->wrap(net->set_source(n, std::move(logged)));
      net->source_moved(n);
    }
    total = run_native(*net).cycles_total;
  }

  // 2. SystemC/TLM: a module per switch, strict mode with the switches as threads (the
  //    allocator socket waits delta cycles inside the switch's step).
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  ScEngineOptions opt;
  opt.quantum = 1;
  opt.router_threads = true;
  std::vector<std::unique_ptr<sc::RouterModule>> mods;
  try {
    for (uint32_t r = 0; r < routers; ++r)
      mods.push_back(
          std::make_unique<sc::RouterModule>(("s" + std::to_string(r)).c_str(), cfg, r, opt));
  } catch (const std::exception& e) {
    return usage(e.what());
  }
  using Socket = sc::SepAllocIfSocket<Vsep_alloc_if_p8v3q8i2, 8, 3, 8, 2>;
  std::vector<const Socket*> sockets;
  for (auto& m : mods) {
    RouterModel::SwitchAllocatorShape s;
    if (!m->model().switch_allocator(s) || s.inputs != 8 || s.vcs != 3 || s.outputs != 8 ||
        s.iterations != 2)
      return usage("switch " + std::to_string(m->router()) + ": an allocator of " +
                   std::to_string(s.inputs) + " ports, " + std::to_string(s.vcs) + " VLs, " +
                   std::to_string(s.iterations) + " iterations: the linked set is p8v3q8i2");
    sc::SocketOptions o;
    o.router = m->router();
    o.mode = shadow ? sc::SocketMode::Shadow : sc::SocketMode::Rtl;
    if (fault_router == static_cast<int64_t>(m->router())) {
      o.fault.armed = true;
      o.fault.cycle = fault_cycle;
    }
    auto socket = std::make_unique<Socket>("s" + std::to_string(m->router()) + "_sep_alloc_if", o);
    sockets.push_back(socket.get());  // owned by the switch from set_allocator on
    m->set_allocator(std::move(socket));
    // Each link as the topology says: this module's `out` to the peer's `in`.
    for (uint32_t p = 0; p < m->ports(); ++p)
      if (m->facing(p) == sc::RouterModule::Facing::Router) {
        sc::RouterPort& here = m->link(p);
        here.out.bind(mods[here.peer_router()]->link(here.peer_port()).in);
      }
  }
  std::vector<std::string> log;
  std::vector<std::unique_ptr<sc::SourceInitiator>> gens;
  std::vector<std::unique_ptr<NodeSink>> sinks;
  for (auto& m : mods)
    for (uint32_t p = 0; p < m->ports(); ++p) {
      if (m->facing(p) != sc::RouterModule::Facing::Node) continue;
      sc::TlmNode& node = m->port(p);
      const std::string n = std::to_string(node.node());
      gens.push_back(std::make_unique<sc::SourceInitiator>(
          ("gen_" + n).c_str(), m->network().take_native_source(node.node()),
          m->network().packet_phits(), cycles));
      gens.back()->set_class_phits(m->network().class_phits());
      gens.back()->socket.bind(node.in);
      sinks.push_back(std::make_unique<NodeSink>(("sink_" + n).c_str(), node.node(), log));
      node.out.bind(sinks.back()->socket);
    }
  sc_core::sc_start(sc_core::sc_time(double(total + 100), sc_core::SC_NS));
  std::vector<sc::RouterModule*> all;
  for (auto& m : mods) all.push_back(m.get());
  RunResults res;
  try {
    res = sc::RouterModule::results(all);
  } catch (const std::exception& e) {
    std::printf("switch modules: the run stopped: %s\n", e.what());
    return 3;
  }
  uint64_t evaluations = 0;
  for (const Socket* s : sockets) evaluations += s->evaluations();

  std::printf(
      "IB 4-ary 2-tree of %u switch modules (TLM links), allocators in RTL (sep_alloc_if "
      "p8v3q8i2, %u instances, %s, %llu evaluations), %llu cycles + drain (%llu cycles), strict "
      "mode\n",
      routers, static_cast<unsigned>(sockets.size()), shadow ? "shadow" : "driving",
      static_cast<unsigned long long>(evaluations), static_cast<unsigned long long>(cycles),
      static_cast<unsigned long long>(res.cycles_total));
  std::printf("  delivered %llu, latency avg %.3f, hops avg %.3f\n",
              static_cast<unsigned long long>(res.packets_delivered), res.latency_avg,
              res.hops_avg);
  for (const SlResults& x : res.per_sl)
    std::printf("  %s: accepted %.4f, latency avg %.3f\n", x.name.c_str(), x.accepted_load,
                x.latency_avg);
  std::sort(log.begin(), log.end());
  std::sort(native_log.begin(), native_log.end());
  if (log != native_log) {
    size_t k = 0;
    while (k < log.size() && k < native_log.size() && log[k] == native_log[k]) ++k;
    std::printf(
        "  native run: differs: %zu deliveries against %zu; first difference (node src seq "
        "t_gen tail): native '%s', modules '%s'\n",
        native_log.size(), log.size(), k < native_log.size() ? native_log[k].c_str() : "none",
        k < log.size() ? log[k].c_str() : "none");
    return 3;
  }
  std::printf(
      "  native run of the same traffic: identical (%zu deliveries: node, source, number, "
      "generation and tail cycles)\n",
      log.size());
  return 0;
}
