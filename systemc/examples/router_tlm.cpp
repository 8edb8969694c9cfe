// Example sc_main to copy: one netcosim CIOQ router (netcosim::sc::CioqRouterModule,
// systemc/router/cioq_router.h: the C++ router of sim/router/cioq/ with its ports as TLM-2.0
// sockets) whose switch allocator is the Verilated RTL (rtl/sep_alloc_if.sv, parameter set
// p4v2q4i1 of rtl/catalog.h: 4 ports, 2 VCs, 1 iteration; netcosim::sc::RtlSepAlloc,
// systemc/router/rtl_allocator.h, in the router's allocator socket), fed by loosely timed TLM
// traffic generators (netcosim::sc::SourceInitiator, systemc/tlm/source_initiator.h), one per
// port, each replaying the port's configured Bernoulli source through a tlm_quantumkeeper. A user
// target per port counts the packets that leave on it and their latency (the tail's cycle - the
// cycle the NIC took the packet). The same traffic is first run C++-only (the native engine, the
// same router with the allocator's C++ model); the two must agree exactly.
//
//   router_tlm [LOAD [CYCLES]] [--late PORT] [--fault N]
//     LOAD     phits per port and cycle offered, 0 < LOAD <= 1 (default 0.8), uniform destinations
//     CYCLES   cycles of generation (default 5000); the run then drains
//     --late   port PORT's generator offers its 10th packet one cycle late
//     --fault  the RTL's first grant of input 0 from the allocator's N-th evaluation on is lost
//              (both show that a difference from the C++-only run is reported)
// Exit status: 0, 2 for a bad argument, 3 when the TLM run differs from the C++-only run.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

// Verilator's runtime names sc_time_stamp() unqualified when SystemC is included.
using sc_core::sc_time_stamp;

#include "Vsep_alloc_if_p4v2q4i1_cpp.h"

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "systemc/router/cioq_router.h"
#include "systemc/router/rtl_allocator.h"
#include "systemc/tlm/source_initiator.h"

namespace {

// SystemC 2.3 prints its banner on stderr unless SC_COPYRIGHT_MESSAGE=DISABLE before sc_main.
const bool kQuietSystemC = (setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 0), true);

using namespace netcosim;

// Per port: packets that left on it, their summed and largest latency.
struct PortStats {
  uint64_t delivered = 0, latency_sum = 0, latency_max = 0;
  void add(Cycle t_gen, Cycle tail) {
    const uint64_t l = tail - t_gen;
    ++delivered;
    latency_sum += l;
    if (l > latency_max) latency_max = l;
  }
  bool operator==(const PortStats& o) const {
    return delivered == o.delivered && latency_sum == o.latency_sum && latency_max == o.latency_max;
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

int usage(const std::string& msg) {
  std::fprintf(stderr, "error: %s\nusage: router_tlm [LOAD [CYCLES]] [--late PORT] [--fault N]\n",
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
  constexpr uint32_t ports = 4;  // the parameter set p4v2q4i1: P = Q = 4, V = 2, ITER = 1
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
  cfg.set_override("router.vcs_injection=2");
  cfg.set_override("router.allocator_iterations=1");
  cfg = sc::CioqRouterModule::one_router_config(cfg, ports);

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

  // 2. SystemC/TLM: the router module, a generator and a sink per port.
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  sc::CioqRouterModule router("router", ports, cfg);
  // The allocator socket: the RTL in place of the C++ model.
  auto rtl = std::make_unique<sc::RtlSepAlloc<Vsep_alloc_if_p4v2q4i1_cpp, 4, 2, 4, 1>>(fault);
  const auto* alloc = rtl.get();
  router.set_allocator(std::move(rtl));
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
  sc_core::sc_start();
  const RunResults res = router.results();

  std::printf(
      "CIOQ router, %u ports, allocator in RTL (sep_alloc_if p4v2q4i1, %llu evaluations), "
      "uniform load %s, %llu cycles + drain (%llu cycles), strict mode, traffic through "
      "TLM sockets\n",
      ports, static_cast<unsigned long long>(alloc->evaluations()), load.c_str(),
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
    std::printf(
        "  C++-only run: differs at port %d: delivered %llu, latency sum %llu, max %llu "
        "(TLM: %llu, %llu, %llu)\n",
        differ, static_cast<unsigned long long>(b.delivered),
        static_cast<unsigned long long>(b.latency_sum),
        static_cast<unsigned long long>(b.latency_max),
        static_cast<unsigned long long>(a.delivered),
        static_cast<unsigned long long>(a.latency_sum),
        static_cast<unsigned long long>(a.latency_max));
    return 3;
  }
  std::printf(
      "  C++-only run of the same traffic: identical (every port's deliveries, latency sum "
      "and maximum)\n");
  return 0;
}
