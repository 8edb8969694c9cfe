// Example sc_main to copy: a network of router modules (netcosim::sc::RouterModule of a
// configured network, systemc/router/router_module.h; docs/systemc.md, "Router-facing ports"): the
// four routers of a 2x2 mesh (two nodes each, DOR, x links of 4 cycles, y links of 6, VCs of 32
// phits), each its own module, wired to its neighbours through their router-facing ports
// (packets and credits as TLM-2.0 b_transport calls), and the per-VC credit counters of every
// router's mesh outputs in RTL: one Verilated rtl/credit_counter.sv per output (parameter set
// v2w6c32 of rtl/catalog.h: 2 VCs of 32 phits) in each router's credit counters' socket
// (netcosim::sc::CreditCountersSocket, systemc/rtl/credit_counter_socket.h). The credits the
// modules exchange over TLM are what those counters count. Each node is fed its configured
// Bernoulli source by a loosely timed TLM generator (netcosim::sc::SourceInitiator) and a user
// target per node logs the deliveries; the same traffic is first run by the native engine on
// the whole network, and the two must agree packet by packet.
//
// With --dragonfly: the 36 routers of the h2 Dragonfly under UGAL with FlexVC (4 local VCs of 32
// phits, 2 global of 256), each a module, with the credit counters of every router's local and
// global outputs in RTL (credit_counter v4w6c32, v2w9c256) and FlexVC's VC selectors of those
// outputs in RTL too (vc_selector v4w6_jsq, v2w9_jsq; netcosim::sc::VcSelectorSocket,
// systemc/rtl/vc_selector_socket.h): every VC a packet takes on a link between two modules is
// the RTL's choice among those FlexVC allows, from the credits the modules exchange.
// With --olm: the same Dragonfly under OLM with the contention trigger (threshold 3) and ADV+1
// traffic, the contention counters of every router in RTL too (contention_counters q7w8n14;
// netcosim::sc::ContentionCountersSocket, systemc/rtl/contention_counters_socket.h): the
// misrouting decisions at every module are the RTL counters'.
//
//   router_ports [LOAD [CYCLES]] [--dragonfly | --olm] [--shadow] [--fault R:C]
//     LOAD        phits per node and cycle offered, 0 < LOAD <= 1 (default 0.6), uniform
//     CYCLES      cycles of generation (default 3000); the run then drains
//     --dragonfly the h2 Dragonfly above under UGAL (default: the 2x2 mesh)
//     --olm       the h2 Dragonfly above under OLM, ADV+1
//     --shadow    the C++ blocks drive, the RTL is compared at every edge (default: the RTL's
//                 counts and selections replace the model's)
//     --fault     in router R's counters, the first credit return at or after cycle C is lost on
//                 its way into the RTL (shows that a difference is found)
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

#include "Vcontention_counters_q7w8n14.h"
#include "Vcredit_counter_v2w6c32.h"
#include "Vcredit_counter_v2w9c256.h"
#include "Vcredit_counter_v4w6c32.h"
#include "Vvc_selector_v2w9_jsq.h"
#include "Vvc_selector_v4w6_jsq.h"

#include "systemc/examples/module_network.h"
#include "systemc/router/router_module.h"
#include "systemc/rtl/contention_counters_socket.h"
#include "systemc/rtl/credit_counter_socket.h"
#include "systemc/rtl/vc_selector_socket.h"

namespace {

// SystemC 2.3 prints its banner on stderr unless SC_COPYRIGHT_MESSAGE=DISABLE before sc_main.
const bool kQuietSystemC = (setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 0), true);

using namespace netcosim;

int usage(const std::string& msg) {
  std::fprintf(
      stderr,
      "error: %s\nusage: router_ports [LOAD [CYCLES]] [--dragonfly | --olm] [--shadow] [--fault "
      "R:C]\n",
      msg.c_str());
  return 2;
}

// The Verilated credit_counter of an output of `vcs` VCs of `capacity` phits (nullptr: not one
// of this example's sets).
std::unique_ptr<sc::CreditCounterLane> credit_lane(uint32_t vcs, uint32_t capacity,
                                                   const std::string& name,
                                                   sc::CreditCountersSocket& s,
                                                   const sc::SocketOptions& o) {
  if (vcs == 2 && capacity == 32)
    return std::make_unique<sc::CreditCounterLaneRtl<Vcredit_counter_v2w6c32, 2, 6, 32>>(
        name, s.rst(), o);
  if (vcs == 4 && capacity == 32)
    return std::make_unique<sc::CreditCounterLaneRtl<Vcredit_counter_v4w6c32, 4, 6, 32>>(
        name, s.rst(), o);
  if (vcs == 2 && capacity == 256)
    return std::make_unique<sc::CreditCounterLaneRtl<Vcredit_counter_v2w9c256, 2, 9, 256>>(
        name, s.rst(), o);
  return nullptr;
}

// The Verilated vc_selector (jsq) of an output of `vcs` VCs of `capacity` phits (nullptr: not
// one of this example's sets).
std::unique_ptr<sc::VcSelectorLane> selector_lane(uint32_t vcs, uint32_t capacity,
                                                  const std::string& name,
                                                  const sc::SocketOptions& o) {
  if (vcs == 4 && capacity == 32)
    return std::make_unique<sc::VcSelectorLaneRtl<Vvc_selector_v4w6_jsq, 4, 6, 0>>(name, o);
  if (vcs == 2 && capacity == 256)
    return std::make_unique<sc::VcSelectorLaneRtl<Vvc_selector_v2w9_jsq, 2, 9, 0>>(name, o);
  return nullptr;
}

}  // namespace

int sc_main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  bool shadow = false, dragonfly = false, olm = false;
  int64_t fault_router = -1;
  uint64_t fault_cycle = 0;
  for (size_t k = 0; k < args.size();) {
    if (args[k] == "--shadow" || args[k] == "--dragonfly" || args[k] == "--olm") {
      (args[k] == "--shadow" ? shadow : args[k] == "--olm" ? olm : dragonfly) = true;
      args.erase(args.begin() + static_cast<long>(k));
    } else if (args[k] == "--fault") {
      const std::string why = sc::example::take_fault(args, k, "router", fault_router, fault_cycle);
      if (!why.empty()) return usage(why);
    } else {
      ++k;
    }
  }
  if (args.size() > 2) return usage("expected at most LOAD CYCLES");
  if (dragonfly && olm) return usage("--dragonfly and --olm: one network at a time");
  uint64_t cycles = 3000;
  std::string load = "0.6";
  if (!args.empty()) {
    char* end = nullptr;
    const double l = std::strtod(args[0].c_str(), &end);
    if (end == args[0].c_str() || *end != '\0' || !(l > 0.0 && l <= 1.0))
      return usage("load '" + args[0] + "': expected a number in (0, 1]");
    load = args[0];
  }
  if (args.size() > 1 && (!sc::example::parse_count(args[1], cycles) || cycles == 0))
    return usage("cycles '" + args[1] + "': expected a positive integer");

  Config cfg;
  if (dragonfly || olm) {
    for (const char* s :
         {"router.vc_management=flexvc", "router.vcs_local=4", "router.vcs_global=2"})
      cfg.set_override(s);
    if (olm) {
      for (const char* s : {"routing.algorithm=olm", "routing.trigger=contention",
                            "routing.threshold=3", "traffic.pattern=adv"})
        cfg.set_override(s);
    } else {
      cfg.set_override("routing.algorithm=ugal");
    }
  } else {
    for (const char* s : {"topology.type=mesh", "topology.dims=2x2", "topology.nodes_per_switch=2",
                          "routing.algorithm=dor", "router.buffer_x=32", "router.buffer_y=32",
                          "link.latency_x=4", "link.latency_y=6"})
      cfg.set_override(s);
  }
  cfg.set_override("sim.warmup=0");
  cfg.set_override("sim.drain=true");
  cfg.set_override("traffic.load=" + load);
  cfg.set_override("sim.measure=" + std::to_string(cycles));

  // 1. The native engine on the whole network.
  std::vector<std::string> native_log;
  const sc::example::NativeRun native = sc::example::run_native_logged(cfg, native_log);
  const Cycle total = native.total;
  const uint32_t routers = native.routers;
  if (fault_router >= static_cast<int64_t>(routers))
    return usage("--fault " + std::to_string(fault_router) + ":" + std::to_string(fault_cycle) +
                 ": the network has routers 0.." + std::to_string(routers - 1));

  // 2. SystemC/TLM: a module per router, strict mode with the routers as threads (the block
  //    sockets wait delta cycles inside the router's step).
  std::vector<std::unique_ptr<sc::RouterModule>> mods =
      sc::example::make_modules(cfg, routers, "r");
  uint32_t lanes = 0, selectors = 0, contention = 0;
  for (auto& m : mods) {
    const std::string r = "r" + std::to_string(m->router());
    // The credit counters' socket: one credit_counter instance per router-to-router output.
    std::vector<RouterModel::CreditCounterShape> shapes;
    std::string why;
    if (!m->model().credit_counters(shapes, why)) return usage(why);
    sc::SocketOptions o;
    o.router = m->router();
    o.mode = shadow ? sc::SocketMode::Shadow : sc::SocketMode::Rtl;
    sc::SocketOptions oc = o;
    if (fault_router == static_cast<int64_t>(m->router())) {
      oc.fault.armed = true;
      oc.fault.cycle = fault_cycle;
    }
    auto counters = std::make_unique<sc::CreditCountersSocket>(r + "_credit_counter", oc,
                                                               m->model().packet_size());
    for (const auto& s : shapes) {
      auto lane = credit_lane(s.vcs, s.capacity, r + "_credit_counter_o" + std::to_string(s.port),
                              *counters, oc);
      if (lane == nullptr)
        return usage("output " + std::to_string(s.port) + " has " + std::to_string(s.vcs) +
                     " VCs of " + std::to_string(s.capacity) + " phits: no Verilated set here");
      counters->add_lane(s.port, std::move(lane));
      ++lanes;
    }
    m->model().set_credit_edge(std::move(counters));
    // FlexVC's VC selectors (the Dragonfly): one vc_selector per output of two or more VCs.
    VcSelection sel = VcSelection::Jsq;
    if ((dragonfly || olm) && m->model().vc_selectors(shapes, sel, why)) {
      auto vcs = std::make_unique<sc::VcSelectorSocket>(o);
      for (const auto& s : shapes) {
        if (s.vcs < 2) continue;
        auto lane =
            selector_lane(s.vcs, s.capacity, r + "_vc_selector_o" + std::to_string(s.port), o);
        if (lane == nullptr || sel != VcSelection::Jsq)
          return usage("output " + std::to_string(s.port) + ": no Verilated vc_selector here");
        vcs->add_lane(s.port, std::move(lane));
        ++selectors;
      }
      m->model().set_vc_selector_block(std::move(vcs));
    }
    // OLM's contention counters (one instance per router: 7 outputs, 8-bit counts, 14 events).
    if (const model::ContentionCounters* c = m->model().contention_counters()) {
      if (c->outputs() != 7 || c->width() != 8)
        return usage("contention counters of " + std::to_string(c->outputs()) + " outputs, " +
                     std::to_string(c->width()) + " bits: the Verilated set is q7w8n14");
      m->model().set_contention_edge(
          std::make_unique<sc::ContentionCountersSocket<Vcontention_counters_q7w8n14, 7, 8, 14>>(
              r + "_contention_counters", o,
              static_cast<uint32_t>(cfg.get_int("routing.threshold"))));
      ++contention;
    }
  }
  std::vector<std::string> log;
  sc::example::NodeEnds ends;
  RunResults res;
  std::string why;
  if (!sc::example::run_modules(mods, cycles, total + 100, log, ends, res, why)) {
    std::printf("router modules: the run stopped: %s\n", why.c_str());
    return 3;
  }

  std::printf(
      "%s of %u router modules (TLM links), credit counters in RTL (credit_counter, %u "
      "instances, %s), VC selectors in RTL (vc_selector, %u instances), contention counters in "
      "RTL (contention_counters, %u instances), %s load %s, %llu cycles + drain (%llu cycles), "
      "strict mode\n",
      olm         ? "h2 Dragonfly (OLM contention 3, FlexVC 4/2)"
      : dragonfly ? "h2 Dragonfly (UGAL, FlexVC 4/2)"
                  : "2x2 mesh",
      routers, lanes, shadow ? "shadow" : "driving", selectors, contention,
      olm ? "ADV+1" : "uniform", load.c_str(), static_cast<unsigned long long>(cycles),
      static_cast<unsigned long long>(res.cycles_total));
  std::printf("  delivered %llu, latency avg %.3f, hops avg %.3f, nonminimal %.3f\n",
              static_cast<unsigned long long>(res.packets_delivered), res.latency_avg, res.hops_avg,
              res.nonminimal_fraction);
  return sc::example::compare_with_native(log, native_log);
}
