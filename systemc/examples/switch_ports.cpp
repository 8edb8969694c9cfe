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

#include "systemc/examples/module_network.h"
#include "systemc/router/router_module.h"
#include "systemc/rtl/sep_alloc_if_socket.h"

namespace {

// SystemC 2.3 prints its banner on stderr unless SC_COPYRIGHT_MESSAGE=DISABLE before sc_main.
const bool kQuietSystemC = (setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 0), true);

using namespace netcosim;

int usage(const std::string& msg) {
  std::fprintf(stderr, "error: %s\nusage: switch_ports CONFIG [CYCLES] [--shadow] [--fault R:C]\n",
               msg.c_str());
  return 2;
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
      uint64_t r = 0;
      if (!sc::example::parse_fault(v, r, fault_cycle))
        return usage("--fault '" + v + "': expected R:C, a switch R and a cycle C");
      fault_router = static_cast<int64_t>(r);
      args.erase(args.begin() + static_cast<long>(k), args.begin() + static_cast<long>(k) + 2);
    } else {
      ++k;
    }
  }
  if (args.empty() || args.size() > 2) return usage("expected CONFIG [CYCLES]");
  uint64_t cycles = 2000;
  if (args.size() > 1 && (!sc::example::parse_count(args[1], cycles) || cycles == 0))
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
  const sc::example::NativeRun native = sc::example::run_native_logged(cfg, native_log);
  const Cycle total = native.total;
  const uint32_t routers = native.routers;
  if (fault_router >= static_cast<int64_t>(routers))
    return usage("--fault " + std::to_string(fault_router) + ":" + std::to_string(fault_cycle) +
                 ": the network has switches 0.." + std::to_string(routers - 1));

  // 2. SystemC/TLM: a module per switch, strict mode with the switches as threads (the
  //    allocator socket waits delta cycles inside the switch's step).
  std::vector<std::unique_ptr<sc::RouterModule>> mods;
  try {
    mods = sc::example::make_modules(cfg, routers, "s");
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
  }
  sc::example::wire_links(mods);
  std::vector<std::string> log;
  sc::example::NodeEnds ends;
  sc::example::attach_nodes(mods, cycles, log, ends);
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
  return sc::example::compare_with_native(log, native_log);
}
