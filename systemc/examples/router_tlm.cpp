// Example sc_main to copy: one netcosim CIOQ router (netcosim::sc::RouterModule,
// systemc/router/router_module.h: the C++ router of sim/router/cioq/ with its ports as TLM-2.0
// sockets) whose switch allocator is the Verilated RTL (rtl/sep_alloc_if.sv, a parameter set of
// rtl/catalog.h, in the router's allocator socket: netcosim::sc::SepAllocIfSocket,
// systemc/rtl/sep_alloc_if_socket.h, the socket `netcosim run --rtl sep_alloc_if` puts in every
// router of a network, driving the RTL's ports of any width through sc_signals inside the router's
// SC_THREAD), fed by loosely timed TLM traffic generators (netcosim::sc::SourceInitiator,
// systemc/tlm/source_initiator.h), one per port, each replaying the port's configured Bernoulli
// source through a tlm_quantumkeeper. A user target per port counts the packets that leave on it
// and their latency (the tail's cycle - the cycle the NIC took the packet). The same traffic is
// first run C++-only (the native engine, the same router with the allocator's C++ model); the two
// must agree exactly, packet by packet (each port's packets, their generation and tail cycles).
//
//   router_tlm [LOAD [CYCLES]] [--alloc SET] [--shadow] [--late PORT] [--fault CYCLE]
//     LOAD     phits per port and cycle offered, 0 < LOAD <= 1 (default 0.8), uniform destinations
//     CYCLES   cycles of generation (default 5000); the run then drains
//     --alloc  the allocator's parameter set (default p4v2q4i1: 4 ports, 2 VCs, 1 iteration;
//              p7v3q7i2, p7v4q7i2, p8v3q8i2, p15v3q15i2, p31v3q31i2): the router takes its P ports,
//              V VCs (router.vcs_injection) and ITER iterations
//     --shadow the socket's shadow mode: the allocator's C++ model drives the router and every
//              output of the RTL is compared with it in every evaluation; the first difference
//              stops the run (exit 3)
//     --late   port PORT's generator offers its 10th packet one cycle late
//     --fault  the RTL's first grant of input 0 at or after cycle CYCLE is lost on its way to the
//              router (both show that a difference from the C++-only run is reported)
// Exit status: 0, 2 for a bad argument, 3 when the TLM run differs from the C++-only run or the
// shadow comparison stops it.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <systemc>

// Verilator's runtime names sc_time_stamp() unqualified when SystemC is included.
using sc_core::sc_time_stamp;

#include "Vsep_alloc_if_p15v3q15i2.h"
#include "Vsep_alloc_if_p31v3q31i2.h"
#include "Vsep_alloc_if_p4v2q4i1.h"
#include "Vsep_alloc_if_p7v3q7i2.h"
#include "Vsep_alloc_if_p7v4q7i2.h"
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

// Per port: packets that left on it, their summed and largest latency, and each packet's
// generation and tail cycles in the order they left (two runs are equal packet by packet).
struct PortStats {
  uint64_t delivered = 0, latency_sum = 0, latency_max = 0;
  std::vector<std::pair<Cycle, Cycle>> packets;
  void add(Cycle t_gen, Cycle tail) {
    const uint64_t l = tail - t_gen;
    ++delivered;
    latency_sum += l;
    if (l > latency_max) latency_max = l;
    packets.emplace_back(t_gen, tail);
  }
  bool operator==(const PortStats& o) const { return packets == o.packets; }
  // The first packet (in the order they left) whose cycles differ from `o`'s.
  size_t first_difference(const PortStats& o) const {
    size_t k = 0;
    while (k < packets.size() && k < o.packets.size() && packets[k] == o.packets[k]) ++k;
    return k;
  }
};

// The C++-only run: a port's source, its receptions counted (the NIC calls on_receive; the
// simulated numbers do not change).
class Counted final : public TrafficSource {
 public:
  Counted(uint32_t phits, PortStats& stats) : TrafficSource(true), phits_(phits), stats_(stats) {}
  void wrap(std::unique_ptr<TrafficSource> inner) { inner_ = std::move(inner); }
  Cycle next() const override { return inner_ ? inner_->next() : kNone; }
  TrafficDescriptor generate() override { return inner_->generate(); }
  void on_receive(const Packet& p, Cycle head) override { stats_.add(p.t_gen, head + phits_); }

 private:
  std::unique_ptr<TrafficSource> inner_;
  uint32_t phits_;
  PortStats& stats_;
};

// --late: the 10th attempt of a source one cycle later.
class Late final : public TrafficSource {
 public:
  explicit Late(std::unique_ptr<TrafficSource> inner) : inner_(std::move(inner)) {}
  Cycle next() const override { return inner_->next() + (attempts_ == 9 ? 1 : 0); }
  TrafficDescriptor generate() override {
    ++attempts_;
    return inner_->generate();
  }

 private:
  std::unique_ptr<TrafficSource> inner_;
  uint32_t attempts_ = 0;
};

// The user's target on a port's `out` socket.
class PortSink : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<PortSink> socket{"socket"};
  PortStats stats;
  explicit PortSink(const sc_core::sc_module_name& n) : sc_core::sc_module(n) {
    socket.register_b_transport(this, &PortSink::b_transport);
  }

 private:
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& /*delay: the tail's time*/) {
    sc::PacketExtension* e = nullptr;
    gp.get_extension(e);
    stats.add(e->t_gen, e->tail);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

// The allocator's parameter sets this example links (rtl/catalog.h; the libraries
// netcosim_rtl_sep_alloc_if_<set> that testbench/CMakeLists.txt Verilates for the bench and
// netcosim-rtl): P = Q ports, V VCs, ITER iterations. `make` builds the socket and reports its
// evaluation count through `evaluations`.
struct AllocSet {
  const char* name;
  uint32_t ports, vcs, iterations;
  std::unique_ptr<model::AllocatorCore> (*make)(const sc::SocketOptions&,
                                                std::function<uint64_t()>& evaluations);
};

template <class Vtop, int P, int V, int I>
std::unique_ptr<model::AllocatorCore> make_socket(const sc::SocketOptions& o,
                                                  std::function<uint64_t()>& evaluations) {
  auto s = std::make_unique<sc::SepAllocIfSocket<Vtop, P, V, P, I>>("sep_alloc_if", o);
  const auto* p = s.get();  // owned by the router from set_allocator on
  evaluations = [p] { return p->evaluations(); };
  return s;
}

const AllocSet kAllocSets[] = {
    {"p4v2q4i1", 4, 2, 1, &make_socket<Vsep_alloc_if_p4v2q4i1, 4, 2, 1>},
    {"p7v3q7i2", 7, 3, 2, &make_socket<Vsep_alloc_if_p7v3q7i2, 7, 3, 2>},
    {"p7v4q7i2", 7, 4, 2, &make_socket<Vsep_alloc_if_p7v4q7i2, 7, 4, 2>},
    {"p8v3q8i2", 8, 3, 2, &make_socket<Vsep_alloc_if_p8v3q8i2, 8, 3, 2>},
    {"p15v3q15i2", 15, 3, 2, &make_socket<Vsep_alloc_if_p15v3q15i2, 15, 3, 2>},
    {"p31v3q31i2", 31, 3, 2, &make_socket<Vsep_alloc_if_p31v3q31i2, 31, 3, 2>},
};

int usage(const std::string& msg) {
  std::fprintf(stderr,
               "error: %s\nusage: router_tlm [LOAD [CYCLES]] [--alloc SET] [--shadow] "
               "[--late PORT] [--fault CYCLE]\n",
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
  const AllocSet* set = &kAllocSets[0];
  for (size_t k = 0; k < args.size(); ++k) {
    if (args[k] != "--alloc") continue;
    std::string allowed;
    for (const AllocSet& a : kAllocSets)
      allowed += (allowed.empty() ? "" : ", ") + std::string(a.name);
    if (k + 1 >= args.size()) return usage("--alloc: expected a parameter set (" + allowed + ")");
    set = nullptr;
    for (const AllocSet& a : kAllocSets)
      if (args[k + 1] == a.name) set = &a;
    if (set == nullptr)
      return usage("--alloc '" + args[k + 1] +
                   "': not a linked parameter set of sep_alloc_if; allowed: " + allowed);
    args.erase(args.begin() + static_cast<long>(k), args.begin() + static_cast<long>(k) + 2);
    break;
  }
  const uint32_t ports = set->ports;
  bool shadow = false;
  for (size_t k = 0; k < args.size(); ++k)
    if (args[k] == "--shadow") {
      shadow = true;
      args.erase(args.begin() + static_cast<long>(k));
      break;
    }
  int64_t late = -1, fault = -1;
  for (const char* opt : {"--late", "--fault"}) {
    for (size_t k = 0; k < args.size(); ++k) {
      if (args[k] != opt) continue;
      uint64_t v = 0;
      if (k + 1 >= args.size() || !parse_count(args[k + 1], v))
        return usage(std::string(opt) + ": expected a non-negative integer");
      (args[k] == "--late" ? late : fault) = static_cast<int64_t>(v);
      args.erase(args.begin() + static_cast<long>(k), args.begin() + static_cast<long>(k) + 2);
      break;
    }
  }
  if (args.size() > 2) return usage("expected at most LOAD CYCLES");
  uint64_t cycles = 5000;
  std::string load = "0.8";
  if (!args.empty()) {
    char* end = nullptr;
    const double l = std::strtod(args[0].c_str(), &end);
    if (end == args[0].c_str() || *end != '\0' || !(l > 0.0 && l <= 1.0))
      return usage("load '" + args[0] + "': expected a number in (0, 1]");
    load = args[0];
  }
  if (args.size() > 1 && (!parse_count(args[1], cycles) || cycles == 0))
    return usage("cycles '" + args[1] + "': expected a positive integer");
  if (late >= static_cast<int64_t>(ports))
    return usage("--late " + std::to_string(late) + ": the router has ports 0.." +
                 std::to_string(ports - 1));

  Config cfg;
  cfg.set_override("traffic.load=" + load);
  cfg.set_override("sim.warmup=0");
  cfg.set_override("sim.measure=" + std::to_string(cycles));
  cfg.set_override("sim.drain=true");
  cfg.set_override("router.vcs_injection=" + std::to_string(set->vcs));
  cfg.set_override("router.allocator_iterations=" + std::to_string(set->iterations));
  cfg = sc::RouterModule::one_router_config(cfg, ports);

  // 1. C++ only: the native engine on the same router and sources.
  std::vector<PortStats> native(ports);
  {
    std::unique_ptr<Network> net = build_network(cfg);
    for (uint32_t p = 0; p < ports; ++p) {
      auto counted = std::make_unique<Counted>(net->packet_size(), native[p]);
      Counted* c = counted.get();
      c->wrap(net->set_source(p, std::move(counted)));
      net->source_moved(p);
    }
    run_native(*net);
  }

  // 2. SystemC/TLM: the router module, a generator and a sink per port. Strict mode with the
  //    router as an SC_THREAD: the allocator socket waits delta cycles while its RTL evaluates.
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  ScEngineOptions opt = sc::RouterModule::strict();
  opt.router_threads = true;
  sc::RouterModule router("router", ports, cfg, opt);
  // The allocator socket: the RTL in place of the C++ model.
  sc::SocketOptions so;
  so.mode = shadow ? sc::SocketMode::Shadow : sc::SocketMode::Rtl;
  if (fault >= 0) {
    so.fault.armed = true;
    so.fault.cycle = static_cast<uint64_t>(fault);
    so.fault.input = 0;
  }
  std::function<uint64_t()> evaluations;
  router.set_allocator(set->make(so, evaluations));
  std::vector<std::unique_ptr<sc::SourceInitiator>> gens;
  std::vector<std::unique_ptr<PortSink>> sinks;
  for (uint32_t p = 0; p < ports; ++p) {
    std::unique_ptr<TrafficSource> src = router.network().take_native_source(p);
    if (p == late) src = std::make_unique<Late>(std::move(src));
    gens.push_back(std::make_unique<sc::SourceInitiator>(("gen_" + std::to_string(p)).c_str(),
                                                         std::move(src),
                                                         router.network().packet_phits(), cycles));
    gens.back()->socket.bind(router.port(p).in);
    sinks.push_back(std::make_unique<PortSink>(("sink_" + std::to_string(p)).c_str()));
    router.port(p).out.bind(sinks.back()->socket);
  }
  RunResults res;
  try {
    sc_core::sc_start();
    res = router.results();            // rethrows the run's failure
  } catch (const std::exception& e) {  // the shadow comparison's SimulationFailure
    std::printf("router module: the run stopped: %s\n", e.what());
    return 3;
  }

  std::printf(
      "CIOQ router, %u ports, allocator in RTL (sep_alloc_if %s, %s, %llu evaluations), "
      "uniform load %s, %llu cycles + drain (%llu cycles), strict mode, traffic through "
      "TLM sockets\n",
      ports, set->name, shadow ? "shadow" : "driving",
      static_cast<unsigned long long>(evaluations()), load.c_str(),
      static_cast<unsigned long long>(cycles), static_cast<unsigned long long>(res.cycles_total));
  std::printf("  port  delivered  latency avg  latency max\n");
  int differ = -1;
  for (uint32_t p = 0; p < ports; ++p) {
    const PortStats& s = sinks[p]->stats;
    std::printf("  %4u  %9llu  %11.3f  %11llu\n", p, static_cast<unsigned long long>(s.delivered),
                s.delivered ? double(s.latency_sum) / double(s.delivered) : 0.0,
                static_cast<unsigned long long>(s.latency_max));
    if (differ < 0 && !(s == native[p])) differ = static_cast<int>(p);
  }
  if (differ >= 0) {
    const PortStats& a = sinks[differ]->stats;
    const PortStats& b = native[differ];
    const size_t k = b.first_difference(a);
    const auto cycles_of = [k](const PortStats& x) {
      return k < x.packets.size() ? "generated " + std::to_string(x.packets[k].first) + ", tail " +
                                        std::to_string(x.packets[k].second)
                                  : std::string("none");
    };
    std::printf(
        "  C++-only run: differs at port %d: delivered %llu, latency sum %llu, max %llu "
        "(TLM: %llu, %llu, %llu); its packet %zu: %s (TLM: %s)\n",
        differ, static_cast<unsigned long long>(b.delivered),
        static_cast<unsigned long long>(b.latency_sum),
        static_cast<unsigned long long>(b.latency_max),
        static_cast<unsigned long long>(a.delivered),
        static_cast<unsigned long long>(a.latency_sum),
        static_cast<unsigned long long>(a.latency_max), k, cycles_of(b).c_str(),
        cycles_of(a).c_str());
    return 3;
  }
  std::printf(
      "  C++-only run of the same traffic: identical (every port's packets, their generation "
      "and tail cycles)\n");
  return 0;
}
