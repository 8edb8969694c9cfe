// The router module's router-facing ports (systemc/router/router_port.h; docs/systemc.md,
// "Router-facing ports"):
//  - equivalence: the four routers of a 2x2 mesh (two nodes each, DOR), each a RouterModule
//    wired to its neighbours as the topology says, fed the native traffic by TLM generators, give
//    the native engine's run exactly: the same deliveries, packet by packet (node, source, number,
//    generation, injection, head and tail cycles), and the same results (counts, latency sums,
//    hops, loads), in strict mode and with a quantum of 4 cycles; so do a fat tree, the h2
//    Dragonfly, and the fat trees of InfiniBand and Omni-Path switches (per-SL packet sizes);
//  - faults on a link (a user's model between two modules): a packet one cycle late, or one
//    credit lost, gives other deliveries;
//  - bad input on a router-facing port: answered with the TLM response status and the reason;
//  - configurations the modules do not carry: a ConfigError naming the key.
// SystemC elaborates once per process: every SystemC run is a forked child writing files.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "sim/blocks/separable_allocator.h"
#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "systemc/router/router_module.h"
#include "systemc/tlm/source_initiator.h"
#include "tests/integration/test_util.h"
#include "tests/sc/sc_test_util.h"

using namespace netcosim;

namespace {

// A test block of a scheduler kind whose shape() states `s`, or none with stated = false (the
// router module's refusal of a block of no stated shape).
template <class Base>
struct StatedShape : Base {
  typename Base::Shape s;
  bool stated = true;
  bool shape(typename Base::Shape& out) const override {
    out = s;
    return stated;
  }
};

// Whether f() throws std::invalid_argument with exactly `want`; else says on stderr what it did
// (run in a child: the parent reads the child's status and stderr).
bool refused_with(const char* what, const std::function<void()>& f, const std::string& want) {
  try {
    f();
    std::fprintf(stderr, "%s: accepted\n", what);
    return false;
  } catch (const std::invalid_argument& e) {
    if (e.what() == want) return true;
    std::fprintf(stderr, "%s: '%s'\n  expected '%s'\n", what, e.what(), want.c_str());
    return false;
  }
}

// expect_refused(what, f, want) of a test run in a child: counts into `bad` every f() that is not
// refused with exactly `want` (refused_with).
auto refusal_counter(int& bad) {
  return [&bad](const char* what, const std::function<void()>& f, const std::string& want) {
    bad += refused_with(what, f, want) ? 0 : 1;
  };
}

std::string line_of(uint32_t node, uint32_t src, uint32_t seq, Cycle t_gen, Cycle t_inject,
                    Cycle head, Cycle tail) {
  std::ostringstream s;
  s << node << ' ' << src << ' ' << seq << ' ' << t_gen << ' ' << t_inject << ' ' << head << ' '
    << tail;
  return s.str();
}

// The native side: a node's configured source, its receptions logged (a packet's tail: its
// head plus its class's phits, Network::packet_phits).
class LoggedSource final : public TrafficSource {
 public:
  LoggedSource(uint32_t node, const Network& net, std::vector<std::string>& log)
      : TrafficSource(true), node_(node), net_(net), log_(log) {}
  void wrap(std::unique_ptr<TrafficSource> inner) { inner_ = std::move(inner); }
  Cycle next() const override { return inner_ ? inner_->next() : kNone; }
  TrafficDescriptor generate() override { return inner_->generate(); }
  void on_receive(const Packet& p, Cycle now) override {
    log_.push_back(
        line_of(node_, p.src, p.seq, p.t_gen, p.t_inject, now, now + net_.packet_phits(p.cls)));
  }

 private:
  std::unique_ptr<TrafficSource> inner_;
  uint32_t node_;
  const Network& net_;
  std::vector<std::string>& log_;
};

// The TLM side: a user's target logging every delivery at a node.
class DeliveryLog : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<DeliveryLog> socket{"socket"};
  DeliveryLog(const sc_core::sc_module_name& n, uint32_t node, std::vector<std::string>& log)
      : sc_core::sc_module(n), node_(node), log_(log) {
    socket.register_b_transport(this, &DeliveryLog::b_transport);
  }

 private:
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
    sc::PacketExtension* e = nullptr;
    gp.get_extension(e);
    log_.push_back(line_of(node_, e->src, e->seq, e->t_gen, e->t_inject, e->head, e->tail));
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  uint32_t node_;
  std::vector<std::string>& log_;
};

// A user's model of one direction of a link between two router modules: passes every packet and
// credit on, unchanged, or with a fault: the first packet one cycle late, or the first credit
// lost (answered OK, not passed on).
class LinkTap : public sc_core::sc_module {
 public:
  enum class Fault { None, LatePacket, LostCredit };
  tlm_utils::simple_target_socket<LinkTap> in{"in"};
  tlm_utils::simple_initiator_socket<LinkTap> out{"out"};
  LinkTap(const sc_core::sc_module_name& n, Fault f) : sc_core::sc_module(n), fault_(f) {
    in.register_b_transport(this, &LinkTap::b_transport);
  }
  uint64_t faults = 0;

 private:
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    sc::LinkExtension* e = nullptr;
    gp.get_extension(e);
    const bool packet = e->kind == sc::LinkExtension::Kind::Packet;
    if (faults == 0 && fault_ == Fault::LostCredit && !packet) {
      ++faults;
      gp.set_response_status(tlm::TLM_OK_RESPONSE);
      return;
    }
    sc_core::sc_time d = delay;
    if (faults == 0 && fault_ == Fault::LatePacket && packet) {
      ++faults;
      d += sc_core::sc_time(1, sc_core::SC_NS);
    }
    out->b_transport(gp, d);
  }
  Fault fault_;
};

// The 2x2 mesh: switches 0 1 / 2 3, two nodes each (ports 0, 1), x links of 4 cycles, y links of
// 6; input buffers of two packets per VC on the mesh ports, so that credits bound the traffic.
Config mesh2x2(std::initializer_list<std::string> extra = {}) {
  Config c;
  for (const char* s : {"topology.type=mesh", "topology.dims=2x2", "topology.nodes_per_switch=2",
                        "routing.algorithm=dor", "router.buffer_x=16", "router.buffer_y=16",
                        "link.latency_x=4", "link.latency_y=6", "traffic.load=0.6",
                        "sim.warmup=500", "sim.measure=2500", "sim.drain=true"})
    c.set_override(s);
  for (const auto& s : extra) c.set_override(s);
  return c;
}
// sim.warmup + sim.measure: the end of generation (sim.drain).
Cycle stop_of(const Config& cfg) {
  return static_cast<Cycle>(cfg.get_int("sim.warmup") + cfg.get_int("sim.measure"));
}

// The native run of `cfg` with every delivery logged.
RunResults native_run(const Config& cfg, std::vector<std::string>& log) {
  std::unique_ptr<Network> net = build_network(cfg);
  for (uint32_t n = 0; n < net->topology().nodes(); ++n) {
    auto logged = std::make_unique<LoggedSource>(n, *net, log);
    LoggedSource* l = logged.get();
    l->wrap(net->set_source(n, std::move(logged)));
    net->source_moved(n);
  }
  return run_native(*net);
}

// The results both sides report, one per line.
std::string figures(const RunResults& r) {
  std::ostringstream s;
  s.precision(17);
  s << "generated " << r.packets_generated << "\ndelivered " << r.packets_delivered << "\nmeasured "
    << r.packets_measured << "\nlatency_avg " << r.latency_avg << "\nnetwork_latency_avg "
    << r.network_latency_avg << "\ninjection_latency_avg " << r.injection_latency_avg
    << "\nlatency_p50 " << r.latency_p50 << "\nlatency_p99 " << r.latency_p99 << "\nlatency_max "
    << r.latency_max << "\nhops_avg " << r.hops_avg << "\nhops_x_avg " << r.hops_class_avg[1]
    << "\nhops_y_avg " << r.hops_class_avg[2] << "\naccepted_load " << r.accepted_load
    << "\napplied_load " << r.applied_load << "\ncycles_total " << r.cycles_total
    << "\nconservation_ok " << r.conservation_ok << '\n';
  // The service levels' figures (docs/model.md §10), where the network has them.
  for (const SlResults& x : r.per_sl)
    s << x.name << " applied " << x.applied_load << " accepted " << x.accepted_load << " latency "
      << x.latency_avg << " network_latency " << x.network_latency_avg << " measured "
      << x.packets_measured << '\n';
  return s.str();
}

// The router modules of `cfg` (routers 0 .. routers - 1), wired as the topology says, each node
// fed its native source by a SourceInitiator and logged; `tap` (not None) sits on the link from
// router 0's port `tap_port` to its peer. Runs `cycles` cycles; writes the deliveries, the
// results' figures and the links' counters under `dir`. Returns the child's status.
int module_run(const Config& cfg, uint32_t routers, Cycle quantum, Cycle cycles,
               const std::string& dir, LinkTap::Fault tap = LinkTap::Fault::None,
               uint32_t tap_port = 2) {
  return sctest::in_child([&] {
    ScEngineOptions opt;
    opt.quantum = quantum;
    std::vector<std::unique_ptr<sc::RouterModule>> mods;
    for (uint32_t r = 0; r < routers; ++r)
      mods.push_back(
          std::make_unique<sc::RouterModule>(("r" + std::to_string(r)).c_str(), cfg, r, opt));
    std::unique_ptr<LinkTap> tapper;
    for (auto& m : mods)
      for (uint32_t p = 0; p < m->ports(); ++p) {
        if (m->facing(p) != sc::RouterModule::Facing::Router) continue;
        sc::RouterPort& here = m->link(p);
        sc::RouterPort& there = mods[here.peer_router()]->link(here.peer_port());
        if (tap != LinkTap::Fault::None && m->router() == 0 && p == tap_port) {
          tapper = std::make_unique<LinkTap>("tap", tap);
          here.out.bind(tapper->in);
          tapper->out.bind(there.in);
        } else {
          here.out.bind(there.in);
        }
      }
    std::vector<std::string> log;
    std::vector<std::unique_ptr<sc::SourceInitiator>> gens;
    std::vector<std::unique_ptr<DeliveryLog>> recs;
    for (auto& m : mods)
      for (uint32_t p = 0; p < m->ports(); ++p) {
        if (m->facing(p) != sc::RouterModule::Facing::Node) continue;
        sc::TlmNode& node = m->port(p);
        const std::string n = std::to_string(node.node());
        gens.push_back(std::make_unique<sc::SourceInitiator>(
            ("gen_" + n).c_str(), m->network().take_native_source(node.node()),
            m->network().packet_phits(), stop_of(cfg)));
        gens.back()->set_class_phits(m->network().class_phits());
        gens.back()->socket.bind(node.in);
        recs.push_back(std::make_unique<DeliveryLog>(("rec_" + n).c_str(), node.node(), log));
        node.out.bind(recs.back()->socket);
      }
    sc_core::sc_start(sc_core::sc_time(double(cycles), sc_core::SC_NS));
    std::vector<sc::RouterModule*> all;
    for (auto& m : mods) all.push_back(m.get());
    const RunResults r = sc::RouterModule::results(all);
    sctest::write_lines(dir + "modules.log", log);
    std::ofstream(dir + "modules.txt") << figures(r);
    std::ofstream links(dir + "links.txt");
    for (auto& m : mods)
      for (uint32_t p = 0; p < m->ports(); ++p)
        if (m->facing(p) == sc::RouterModule::Facing::Router) {
          const sc::RouterPort& l = m->link(p);
          links << m->router() << ':' << p << " -> " << l.peer_router() << ':' << l.peer_port()
                << " packets " << l.packets_sent() << ' '
                << mods[l.peer_router()]->link(l.peer_port()).packets_received() << " credits "
                << l.credits_sent() << ' '
                << mods[l.peer_router()]->link(l.peer_port()).credits_received() << '\n';
        }
    return 0;
  });
}

// The modules of `cfg` against its native run: the same deliveries and figures; every packet and
// credit one end hands over is taken by the other, at least `min_packets` packets per direction
// of each of the `directions` router-to-router link directions.
void expect_native_run(const Config& cfg, uint32_t routers, Cycle quantum, const std::string& tag,
                       int directions, uint64_t min_packets, uint32_t max_phits = 8) {
  const std::string dir = testing::TempDir() + "router_ports_" + tag + "_";
  std::vector<std::string> native_log;
  const RunResults native = native_run(cfg, native_log);
  ASSERT_EQ(native.packets_refused, 0u);
  ASSERT_TRUE(native.conservation_ok);
  // Each node offers traffic.load phits per cycle until the end of generation, in packets of at
  // most `max_phits` phits.
  ASSERT_GT(double(native_log.size()),
            0.8 * cfg.get_float("traffic.load") * stop_of(cfg) / max_phits * native.nodes);
  sctest::write_lines(dir + "native.log", native_log);
  ASSERT_EQ(module_run(cfg, routers, quantum, native.cycles_total + 50, dir), 0);
  EXPECT_TRUE(test::read_file(dir + "native.log") == test::read_file(dir + "modules.log"))
      << "deliveries differ: diff " << dir << "native.log " << dir << "modules.log";
  EXPECT_EQ(test::read_file(dir + "modules.txt"), figures(native));
  // Every packet and credit handed over was taken: both ends count the same.
  std::istringstream links(test::read_file(dir + "links.txt"));
  std::string l;
  int n = 0;
  for (; std::getline(links, l); ++n) {
    std::istringstream ls(l);
    std::string from, arrow, pk, ck;
    uint64_t ps = 0, pr = 0, cs = 0, cr = 0;
    ls >> from >> arrow >> arrow >> pk >> ps >> pr >> ck >> cs >> cr;
    EXPECT_EQ(ps, pr) << l;
    EXPECT_EQ(cs, cr) << l;
    EXPECT_GE(ps, min_packets) << l;
  }
  EXPECT_EQ(n, directions);
}

class RouterPortsEquivalence : public ::testing::TestWithParam<Cycle> {};

// The 2x2 mesh: 4 links, 2 directions each.
TEST_P(RouterPortsEquivalence, MeshOfModulesIsTheNativeRun) {
  expect_native_run(mesh2x2(), 4, GetParam(), "q" + std::to_string(GetParam()), 8, 100);
}

// Strict mode (every router and NIC on every edge) and a quantum of 4 cycles (the shortest link
// latency: each module simulates 4 cycles per activation).
INSTANTIATE_TEST_SUITE_P(Modes, RouterPortsEquivalence, ::testing::Values(Cycle{1}, Cycle{4}),
                         [](const testing::TestParamInfo<Cycle>& i) {
                           return "quantum" + std::to_string(i.param);
                         });

// The 4-ary 2-tree (8 switches of radix 8, 16 nodes; docs/model.md §7.1) with up*/down* routing
// whose up port is the one with the most credits (updown_adaptive: the credit counters steer the
// routing), links of 5 cycles, one VC of two packets per tree port: 16 links, 2 directions each;
// the top switches' up ports face no router.
TEST(RouterPortsFatTree, TreeOfModulesIsTheNativeRun) {
  Config cfg;
  for (const char* s :
       {"topology.type=fattree", "topology.k=4", "topology.n=2",
        "routing.algorithm=updown_adaptive", "router.buffer_tree=16", "link.latency_tree=5",
        "traffic.load=0.6", "sim.warmup=500", "sim.measure=2500", "sim.drain=true"})
    cfg.set_override(s);
  expect_native_run(cfg, 8, 1, "tree", 32, 50);
}

// The h2 Dragonfly (36 routers, 72 nodes; local links of 10 cycles, global of 100) under UGAL
// with FlexVC (3 local and 2 global VCs: every hop's VC chosen by the VC selector among those
// the FlexVC rules allow, from the credits of the downstream VCs), each router a module, in
// quantum mode (0: the shortest link latency, 10 cycles per activation): 36 x 5 directions.
TEST(RouterPortsDragonfly, UgalFlexVcIsTheNativeRun) {
  Config cfg;
  for (const char* s : {"routing.algorithm=ugal", "router.vc_management=flexvc",
                        "router.vcs_local=3", "router.vcs_global=2", "traffic.load=0.5",
                        "sim.warmup=500", "sim.measure=2500", "sim.drain=true"})
    cfg.set_override(s);
  expect_native_run(cfg, 36, 0, "h2", 180, 20);
}

// The InfiniBand and Omni-Path switches (router.architecture=ib|opa; docs/model.md §10-11) as
// modules: the 4-ary 2-tree of configs/qos-*-fattree-4-2.ini (8 switches, 16 nodes; three SLs
// on VLs 0-2 with packets of 8, 4 and 8 flits, qos.sl_mtu; links of 8 cycles) in a short window,
// each switch a module: 16 links, 2 directions each. IB: one VA-SA allocator per switch; OPA:
// two MPorts per switch and the central crossbar between them. And the OPA tree of Ch. 4
// (qos-ch4-opa-fattree-4-2.ini: five SLs, packets of 2 to 16 flits) under Table 4.9's DTable
// output schedulers (docs/model.md §10.5), at load 0.7.
struct SwitchCase {
  const char* name;
  const char* file;
  std::vector<std::string> overrides;
  uint32_t max_phits;
};
class SwitchModules : public ::testing::TestWithParam<SwitchCase> {};

TEST_P(SwitchModules, TreeOfSwitchModulesIsTheNativeRun) {
  const SwitchCase& c = GetParam();
  Config cfg;
  cfg.load_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/" + c.file);
  for (const char* k : {"sim.warmup=300", "sim.measure=1200", "sim.drain=true"})
    cfg.set_override(k);
  for (const auto& k : c.overrides) cfg.set_override(k);
  expect_native_run(cfg, 8, 1, c.name, 32, 20, c.max_phits);
}

INSTANTIATE_TEST_SUITE_P(Architectures, SwitchModules,
                         ::testing::Values(SwitchCase{"ib", "qos-ib-fattree-4-2.ini", {}, 8},
                                           SwitchCase{"opa", "qos-opa-fattree-4-2.ini", {}, 8},
                                           SwitchCase{"opa_dtable",
                                                      "qos-ch4-opa-fattree-4-2.ini",
                                                      {"router.output_scheduler=dtable",
                                                       "qos.table=" NETCOSIM_SOURCE_DIR
                                                       "/configs/qos/table4_9_dtable.json",
                                                       "traffic.load=0.7"},
                                                      16}),
                         [](const testing::TestParamInfo<SwitchCase>& i) {
                           return std::string(i.param.name);
                         });

// A fault between router 0's x+ port (port 2) and router 1, on what router 0 sends: its first
// packet one cycle late (at load 0.05, where that packet meets no other on its way), or its
// first credit (for a packet of router 1) lost (at load 0.6, where the VC left with room for one
// packet of two holds router 1's packets back). Without the fault each run is the native one;
// with it the deliveries differ; the late packet loses nothing.
TEST(RouterPortsFaults, LatePacketOrLostCreditIsADifference) {
  for (const auto f : {LinkTap::Fault::LatePacket, LinkTap::Fault::LostCredit}) {
    const bool late = f == LinkTap::Fault::LatePacket;
    const Config cfg = mesh2x2({late ? "traffic.load=0.05" : "traffic.load=0.6"});
    std::vector<std::string> native_log;
    const RunResults native = native_run(cfg, native_log);
    const std::string dir = testing::TempDir() + "router_ports_" + (late ? "late_" : "lost_");
    sctest::write_lines(dir + "native.log", native_log);
    const std::string want = test::read_file(dir + "native.log");
    ASSERT_EQ(module_run(cfg, 4, 1, native.cycles_total + 200, dir), 0);
    EXPECT_TRUE(test::read_file(dir + "modules.log") == want)
        << "without the fault: the native run";
    ASSERT_EQ(module_run(cfg, 4, 1, native.cycles_total + 200, dir, f), 0);
    const std::string got = test::read_file(dir + "modules.log");
    EXPECT_FALSE(got == want) << "a fault went unnoticed: " << dir << "modules.log";
    if (late) {
      EXPECT_EQ(std::count(got.begin(), got.end(), '\n'),
                std::count(want.begin(), want.end(), '\n'));
    }
  }
}

// A user's model at the far end of a router-facing port: offers scripted items on the module's
// `in` (each at simulated time `at_ps`, annotated to arrive in cycle `arrive`), records each
// answer, and takes (and counts) what the module sends it.
class ScriptedPeer : public sc_core::sc_module {
 public:
  struct Offer {
    uint64_t at_ps;
    Cycle arrive;
    bool credit = false;
    uint8_t vc = 0;
    uint16_t phits = 8;
    uint32_t dst = 0;
    bool with_extension = true;
    uint32_t sender = kNone;  // LinkExtension::sender_router (sender_port 3)
    uint8_t cls = 0;          // the packet's class (service level)
  };
  tlm_utils::simple_initiator_socket<ScriptedPeer> out{"out"};
  tlm_utils::simple_target_socket<ScriptedPeer> in{"in"};
  std::vector<std::string> answers;
  uint64_t packets = 0, credits = 0;

  SC_HAS_PROCESS(ScriptedPeer);
  ScriptedPeer(const sc_core::sc_module_name& n, std::vector<Offer> offers)
      : sc_core::sc_module(n), offers_(std::move(offers)) {
    in.register_b_transport(this, &ScriptedPeer::take);
    SC_THREAD(run);
  }

 private:
  void run() {
    uint32_t seq = 0;
    for (const Offer& o : offers_) {
      const sc_core::sc_time at(double(o.at_ps), sc_core::SC_PS);
      if (at > sc_core::sc_time_stamp()) wait(at - sc_core::sc_time_stamp());
      tlm::tlm_generic_payload gp;
      sc::LinkExtension e;
      e.kind = o.credit ? sc::LinkExtension::Kind::Credit : sc::LinkExtension::Kind::Packet;
      e.vc = o.vc;
      e.phits = o.phits;
      e.packet.src = 2;
      e.packet.seq = seq++;
      e.packet.dst = o.dst;
      e.packet.cls = o.cls;
      e.sender_router = o.sender;
      e.sender_port = 3;
      if (o.with_extension) gp.set_extension(&e);
      sc_core::sc_time delay =
          sc_core::sc_time(double(o.arrive), sc_core::SC_NS) - sc_core::sc_time_stamp();
      gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      out->b_transport(gp, delay);
      answers.push_back(std::to_string(int(gp.get_response_status())) + " " + e.error);
      if (o.with_extension) gp.clear_extension(&e);
    }
  }
  void take(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
    sc::LinkExtension* e = nullptr;
    gp.get_extension(e);
    ++(e->kind == sc::LinkExtension::Kind::Packet ? packets : credits);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  std::vector<Offer> offers_;
};

// Runs router 0 of the 2x2 mesh alone (quantum `q`), its x+ port (2) facing `offers`, its y+
// port (4) a peer that offers nothing; writes the answers, then what the router delivered at its
// nodes and returned to the scripted peer.
std::string run_peer(Cycle q, const std::vector<ScriptedPeer::Offer>& offers,
                     const std::string& tag) {
  const std::string path = testing::TempDir() + "router_ports_peer_" + tag + ".txt";
  std::remove(path.c_str());
  const int status = sctest::in_child([&] {
    ScEngineOptions opt;
    opt.quantum = q;
    sc::RouterModule r0("r0", mesh2x2({"sim.warmup=0", "sim.measure=200"}), 0, opt);
    ScriptedPeer x("x", offers), y("y", {});
    x.out.bind(r0.link(2).in);
    r0.link(2).out.bind(x.in);
    y.out.bind(r0.link(4).in);
    r0.link(4).out.bind(y.in);
    sc_core::sc_start(sc_core::sc_time(200, sc_core::SC_NS));
    std::ofstream f(path);
    for (const auto& a : x.answers) f << a << '\n';
    f << "delivered " << r0.sink().delivered << " credits " << x.credits << " packets " << x.packets
      << " received " << r0.link(2).packets_received() << '\n';
    return 0;
  });
  EXPECT_EQ(status, 0);
  return test::read_file(path);
}

// Bad input on a router-facing port (strict mode; x ports: 2 VCs of 16 phits, latency 4,
// packets of 8 phits, 8 nodes): each payload is answered with its status and the reason, and
// nothing is queued; the two good packets (VC 0's room) reach node 0, and router 0 returns
// their credits.
TEST(RouterPortsBadInput, StatusAndReason) {
  using O = ScriptedPeer::Offer;
  const std::vector<O> offers = {
      {0, 1, false, 0, 8, 0, false},    // no extension
      {0, 1, false, 5},                 // VC 5 of 2
      {0, 1, false, 0, 4},              // 4 phits
      {0, 1, false, 0, 8, 8},           // node 8 of 8
      {0, 1, false, 0, 8, 0, true, 2},  // from router 2 port 3, not router 1 port 3
      {0, 12},                          // 12 >= 0 + 4 + 8: beyond the wheel
      {0, 5},                           // good: VC 0
      {0, 3},                           // before the previous packet
      {0, 6},                           // good: VC 0 full now
      {0, 7},                           // no room
      {0, 7, true, 0, 8},               // a credit for phits never sent
      {0, 7, true, 9, 8},               // a credit for VC 9
  };
  const std::string G = std::to_string(int(tlm::TLM_GENERIC_ERROR_RESPONSE));
  const std::string want =
      G + " \n" + G + " router 0 port 2: a packet for VC 5: the input port has 2 VCs (0..1)\n" +
      std::to_string(int(tlm::TLM_BURST_ERROR_RESPONSE)) +
      " router 0 port 2: a packet of 4 phits: this network's packets are 8 phits (packet.size)\n" +
      std::to_string(int(tlm::TLM_ADDRESS_ERROR_RESPONSE)) +
      " router 0 port 2: destination node 8: this network has 8 nodes (0..7)\n" +
      std::to_string(int(tlm::TLM_ADDRESS_ERROR_RESPONSE)) +
      " router 0 port 2: a packet from router 2 port 3: the topology links this port to router 1 "
      "port 3 (wire each link as the topology says)\n" +
      G +
      " router 0 port 2: a packet arriving in cycle 12: allowed 0 .. 11 (a cycle the router has "
      "not simulated, less than the link's latency plus packet.size after the first)\n" +
      std::to_string(int(tlm::TLM_OK_RESPONSE)) + " \n" + G +
      " router 0 port 2: a packet arriving in cycle 3, before the previous one (cycle 5): a link "
      "delivers in order\n" +
      std::to_string(int(tlm::TLM_OK_RESPONSE)) + " \n" + G +
      " router 0 port 2: a packet of 8 phits for VC 0, which has room for 0 phits until credits "
      "return: sent without credits\n" +
      G + " router 0 port 2: a credit of 8 phits for VC 0: 0 phits were sent and not credited\n" +
      G + " router 0 port 2: a credit of 8 phits for VC 9: the peer's input has 2 VCs\n" +
      "delivered 2 credits 2 packets 0 received 2\n";
  EXPECT_EQ(run_peer(1, offers, "bad"), want);
}

// With a quantum of 4, a payload offered at 1 ns (after the activation at 0 ns + 1 ps that
// simulated cycles 0..3) for cycle 2 is late: refused, naming the cycles allowed.
TEST(RouterPortsBadInput, LateItemRefused) {
  const std::string got = run_peer(4, {{1000, 2}, {1000, 4}}, "late");
  EXPECT_EQ(got, std::to_string(int(tlm::TLM_GENERIC_ERROR_RESPONSE)) +
                     " router 0 port 2: a packet arriving in cycle 2: allowed 4 .. 15 (a cycle "
                     "the router has not simulated, less than the link's latency plus "
                     "packet.size after the first)\n" +
                     std::to_string(int(tlm::TLM_OK_RESPONSE)) +
                     " \ndelivered 1 credits 1 packets 0 received 1\n");
}

// A user's initiator offering packets at a node's `in` at time 0, recording each answer.
class NodeOffers : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<NodeOffers> socket{"socket"};
  std::vector<std::string> answers;
  SC_HAS_PROCESS(NodeOffers);
  NodeOffers(const sc_core::sc_module_name& n, std::vector<sc::PacketExtension> offers)
      : sc_core::sc_module(n), offers_(std::move(offers)) {
    SC_THREAD(run);
  }

 private:
  void run() {
    for (sc::PacketExtension& e : offers_) {
      tlm::tlm_generic_payload gp;
      gp.set_extension(&e);
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      socket->b_transport(gp, delay);
      answers.push_back(std::to_string(int(gp.get_response_status())) + " " + e.error);
      gp.clear_extension(&e);
    }
  }
  std::vector<sc::PacketExtension> offers_;
};

// Bad input on an InfiniBand switch module (configs/qos-ib-fattree-4-2.ini: three SLs with
// packets of 8, 4 and 8 flits): at a node, a packet of another SL's size and a class beyond the
// SLs are refused with the reason, the right size taken; on a switch-facing port (up port 4,
// whose peer is switch 4's port 0) a packet of another SL's size likewise.
TEST(RouterPortsBadInput, ServiceLevelSizes) {
  const std::string path = testing::TempDir() + "router_ports_ib_bad.txt";
  std::remove(path.c_str());
  const int status = sctest::in_child([&] {
    Config cfg;
    cfg.load_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos-ib-fattree-4-2.ini");
    cfg.set_override("sim.warmup=0");
    cfg.set_override("sim.measure=100");
    sc::RouterModule r0("r0", cfg, 0);
    std::vector<sc::PacketExtension> offers(3);
    offers[0].dst = 5, offers[0].phits = 8, offers[0].cls = 1;  // SL1's packets are 4 flits
    offers[1].dst = 5, offers[1].phits = 8, offers[1].cls = 3;  // SLs 0..2
    offers[2].dst = 5, offers[2].phits = 4, offers[2].cls = 1;  // good
    NodeOffers node("node", offers);
    node.socket.bind(r0.port(0).in);
    std::vector<std::string> sinks;
    std::vector<std::unique_ptr<DeliveryLog>> recs;
    for (uint32_t p = 0; p < 4; ++p) {
      recs.push_back(std::make_unique<DeliveryLog>(("rec" + std::to_string(p)).c_str(), p, sinks));
      r0.port(p).out.bind(recs.back()->socket);
    }
    ScriptedPeer up("up", {{0, 9, false, 0, 4, 5, true, kNone, 0},    // SL0's packets are 8 flits
                           {0, 9, false, 0, 8, 5, true, kNone, 0}});  // good
    up.out.bind(r0.link(4).in);
    r0.link(4).out.bind(up.in);
    std::vector<std::unique_ptr<ScriptedPeer>> quiet;
    for (uint32_t p = 5; p < 8; ++p) {
      quiet.push_back(std::make_unique<ScriptedPeer>(("q" + std::to_string(p)).c_str(),
                                                     std::vector<ScriptedPeer::Offer>{}));
      quiet.back()->out.bind(r0.link(p).in);
      r0.link(p).out.bind(quiet.back()->in);
    }
    sc_core::sc_start(sc_core::sc_time(100, sc_core::SC_NS));
    std::ofstream f(path);
    for (const auto& a : node.answers) f << a << '\n';
    for (const auto& a : up.answers) f << a << '\n';
    f << "received " << r0.link(4).packets_received() << '\n';
    return 0;
  });
  ASSERT_EQ(status, 0);
  const std::string B = std::to_string(int(tlm::TLM_BURST_ERROR_RESPONSE));
  const std::string G = std::to_string(int(tlm::TLM_GENERIC_ERROR_RESPONSE));
  const std::string OK = std::to_string(int(tlm::TLM_OK_RESPONSE));
  EXPECT_EQ(test::read_file(path),
            B +
                " size 8 phits: this network's packets of service level 1 are 4 phits "
                "(qos.sl_mtu)\n" +
                G + " class 3: this network's service levels are 0..2 (qos.sls)\n" + OK + " \n" +
                B +
                " router 0 port 4: a packet of 4 phits: this network's packets of service level "
                "0 are 8 phits (qos.sl_mtu)\n" +
                OK + " \nreceived 1\n");
}

// The router module's allocator sockets (RouterModule::allocators, set_allocator; docs/systemc.md
// "The switches as modules"): the OPA switch's MPort and central allocators of
// qos-opa-fattree-4-2.ini's 8-port switches with 3 VLs (docs/model.md §11: an MPort's 4 input
// buffers to its 4 output and 2 central buffers; the central crossbar's 2 x 2 central buffers to
// the 8 output buffers), the IB switch's and a CIOQ router's one unnamed allocator; each takes a
// C++ allocator of its shape by name or index; another shape, an unknown name or index, and the
// single-allocator call on the OPA switch are refused naming the module, the router, the
// allocator and the shapes.
TEST(RouterModuleAllocators, SocketsListedAndRefused) {
  const int status = sctest::in_child([] {
    const auto cfg_of = [](const char* file) {
      Config c;
      c.load_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/" + file);
      return c;
    };
    const auto shapes = [](sc::RouterModule& m) {
      std::string s;
      for (const auto& a : m.allocators())
        s += "[" + a.name + " " + std::to_string(a.inputs) + " " + std::to_string(a.vcs) + " " +
             std::to_string(a.outputs) + " " + std::to_string(a.iterations) +
             (a.round_robin ? " rr" : "") + "]";
      return s;
    };
    const auto alloc = [](unsigned p, unsigned v, unsigned q) {
      return std::unique_ptr<model::AllocatorCore>(
          std::make_unique<model::SeparableAllocatorT<>>(p, v, q, 2));
    };
    int bad = 0;
    const auto expect_refused = refusal_counter(bad);
    const auto expect_eq = [&bad](const std::string& got, const std::string& want) {
      if (got != want) {
        std::fprintf(stderr, "got '%s'\n  expected '%s'\n", got.c_str(), want.c_str());
        ++bad;
      }
    };

    sc::RouterModule opa("opa3", cfg_of("qos-opa-fattree-4-2.ini"), 3);
    expect_eq(shapes(opa), "[mport0 4 3 6 2 rr][mport1 4 3 6 2 rr][central 4 3 8 2 rr]");
    const std::string list =
        "its allocators: 0 mport0 P=4,V=3,Q=6,ITER=2, 1 mport1 P=4,V=3,Q=6,ITER=2, 2 central "
        "P=4,V=3,Q=8,ITER=2";
    expect_refused(
        "central of 6 outputs", [&] { opa.set_allocator("central", alloc(4, 3, 6)); },
        "router module opa3 (router 3): allocator central is P=4,V=3,Q=8,ITER=2; the one given "
        "is P=4,V=3,Q=6,ITER=2 (P, V and Q must be the same)");
    expect_refused(
        "mport1 of 2 VLs", [&] { opa.set_allocator(1, alloc(4, 2, 6)); },
        "router module opa3 (router 3): allocator mport1 is P=4,V=3,Q=6,ITER=2; the one given is "
        "P=4,V=2,Q=6,ITER=2 (P, V and Q must be the same)");
    expect_refused(
        "mport2", [&] { opa.set_allocator("mport2", alloc(4, 3, 6)); },
        "router module opa3 (router 3): no allocator 'mport2'; " + list);
    expect_refused(
        "index 3", [&] { opa.set_allocator(3, alloc(4, 3, 8)); },
        "router module opa3 (router 3): no allocator 3; " + list);
    expect_refused(
        "the only one", [&] { opa.set_allocator(alloc(4, 3, 6)); },
        "router module opa3 (router 3): set_allocator(alloc) replaces a router's only "
        "allocator; " +
            list + " (set_allocator(name or index, alloc))");
    opa.set_allocator("mport0", alloc(4, 3, 6));  // accepted: each of its shape
    opa.set_allocator(1, alloc(4, 3, 6));
    opa.set_allocator("central", alloc(4, 3, 8));

    sc::RouterModule ib("ib0", cfg_of("qos-ib-fattree-4-2.ini"), 0);
    expect_eq(shapes(ib), "[ 8 3 8 2 rr]");
    expect_refused(
        "IB of 6 outputs", [&] { ib.set_allocator(alloc(8, 3, 6)); },
        "router module ib0 (router 0): allocator (unnamed) is P=8,V=3,Q=8,ITER=2; the one given "
        "is P=8,V=3,Q=6,ITER=2 (P, V and Q must be the same)");
    expect_refused(
        "IB central", [&] { ib.set_allocator("central", alloc(8, 3, 8)); },
        "router module ib0 (router 0): no allocator 'central'; its allocators: 0 (unnamed) "
        "P=8,V=3,Q=8,ITER=2");
    ib.set_allocator(alloc(8, 3, 8));

    Config c;
    c.set_override("router.allocator_iterations=2");
    sc::RouterModule cioq("cioq", 4, c);
    expect_eq(shapes(cioq), "[ 4 3 4 2 rr]");
    cioq.set_allocator("", alloc(4, 3, 4));
    return bad;
  });
  EXPECT_EQ(status, 0);
}

// The DTable scheduler sockets (RouterModule::dtable_schedulers, set_dtable): Ch. 4's OPA 4-ary
// 2-tree with Table 4.9's table (5 SLs: S = 8 lanes; 128 entries; the OPA registers' widths WW 24,
// AW 32, SW 16: rtl/catalog.h's s8n128_opa) lists one scheduler per output of its 8-port switches;
// a block of another table size, of other outputs, of no stated shape, none, and an output the
// switch does not have are refused naming the module, the router, the scheduler and both shapes;
// so is any block on a switch without the DTable and on the CIOQ router. A block of the shape is
// accepted for every output and then for one.
TEST(RouterModuleDTable, SocketsListedAndRefused) {
  const int status = sctest::in_child([] {
    struct Block final : StatedShape<model::DTableBlock> {
      uint32_t select(uint32_t, uint32_t, const uint32_t*, uint32_t model,
                      const model::DTableArbiter&) override {
        return model;
      }
      void accept(uint32_t, uint32_t) override {}
    };
    const auto block = [](uint32_t ports, unsigned n, bool stated = true) {
      auto b = std::make_unique<Block>();
      b->s.ports = ports;
      b->s.S = 8;
      b->s.N = n;
      b->s.WW = 24;
      b->s.AW = 32;
      b->s.SW = 16;
      b->stated = stated;
      return std::unique_ptr<model::DTableBlock>(std::move(b));
    };
    int bad = 0;
    const auto expect_refused = refusal_counter(bad);
    const std::string dir = std::string(NETCOSIM_SOURCE_DIR) + "/configs/";
    Config cfg;
    cfg.load_file(dir + "qos-ch4-opa-fattree-4-2.ini");
    cfg.set_override("router.output_scheduler=dtable");
    cfg.set_override("qos.table=" + dir + "qos/table4_9_dtable.json");
    sc::RouterModule opa("opa2", cfg, 2);
    const std::vector<sc::RouterModule::DTableScheduler> scheds = opa.dtable_schedulers();
    if (scheds.size() != 8) {
      std::fprintf(stderr, "%zu DTable schedulers, expected 8\n", scheds.size());
      ++bad;
    }
    for (uint32_t o = 0; o < scheds.size(); ++o) {
      const sc::RouterModule::DTableScheduler& d = scheds[o];
      if (d.output != o || d.shape.ports != 1 || d.shape.S != 8 || d.shape.N != 128 ||
          d.shape.WW != 24 || d.shape.AW != 32 || d.shape.SW != 16 || d.table == nullptr ||
          d.table->size() != 128 || d.params.sls != 5) {
        std::fprintf(stderr, "output %u: scheduler %u S=%u N=%u WW=%u AW=%u SW=%u sls=%u\n", o,
                     d.output, d.shape.S, d.shape.N, d.shape.WW, d.shape.AW, d.shape.SW,
                     d.params.sls);
        ++bad;
      }
    }
    const std::string all =
        "router module opa2 (router 2): DTable schedulers of outputs 0..7 are "
        "S=8,N=128,WW=24,AW=32,SW=16";
    expect_refused(
        "64 entries", [&] { opa.set_dtable(block(8, 64)); },
        all +
            " for 8 outputs; the block given is S=8,N=64,WW=24,AW=32,SW=16 for 8 outputs (S, N, "
            "WW, AW, SW and the outputs must be the same)");
    expect_refused(
        "7 outputs", [&] { opa.set_dtable(block(7, 128)); },
        all +
            " for 8 outputs; the block given is S=8,N=128,WW=24,AW=32,SW=16 for 7 outputs (S, "
            "N, WW, AW, SW and the outputs must be the same)");
    expect_refused(
        "no shape", [&] { opa.set_dtable(block(8, 128, false)); },
        all + "; the block given states no shape (model::DTableBlock::shape)");
    expect_refused(
        "no block", [&] { opa.set_dtable(nullptr); },
        "router module opa2 (router 2): DTable schedulers of outputs 0..7: no block given");
    expect_refused(
        "output 3 of 8 outputs", [&] { opa.set_dtable(3, block(8, 128)); },
        "router module opa2 (router 2): DTable scheduler of output 3 is "
        "S=8,N=128,WW=24,AW=32,SW=16 for 1 output; the block given is "
        "S=8,N=128,WW=24,AW=32,SW=16 for 8 outputs (S, N, WW, AW, SW and the outputs must be the "
        "same)");
    expect_refused(
        "output 8", [&] { opa.set_dtable(8, block(1, 128)); },
        "router module opa2 (router 2): no DTable scheduler of output 8; its DTable schedulers: "
        "outputs 0..7, each S=8,N=128,WW=24,AW=32,SW=16");
    opa.set_dtable(block(8, 128));  // accepted: of its shape
    opa.set_dtable(3, block(1, 128));

    Config rr;
    rr.load_file(dir + "qos-opa-fattree-4-2.ini");
    sc::RouterModule plain("plain", rr, 0);
    if (!plain.dtable_schedulers().empty()) {
      std::fprintf(stderr, "a switch without the DTable lists DTable schedulers\n");
      ++bad;
    }
    expect_refused(
        "no DTable", [&] { plain.set_dtable(block(8, 128)); },
        "router module plain (router 0): no DTable scheduler to take the block of "
        "S=8,N=128,WW=24,AW=32,SW=16 for 8 outputs: the switches' output scheduler is not the "
        "DTable (router.output_scheduler=dtable has one per output port)");
    sc::RouterModule cioq("cioq", 4, Config());
    expect_refused(
        "CIOQ", [&] { cioq.set_dtable(0, block(1, 128)); },
        "router module cioq (router 0): no DTable scheduler of output 0 to take the block of "
        "S=8,N=128,WW=24,AW=32,SW=16 for 1 output: the router architecture has no DTable output "
        "scheduler");
    return bad;
  });
  EXPECT_EQ(status, 0);
}

// The round-robin SL arbiter and DRR scheduler sockets (RouterModule::rr_schedulers, set_rr;
// drr_schedulers, set_drr): the OPA 4-ary 2-tree of configs/qos-opa-fattree-4-2.ini (3 SLs,
// router.output_scheduler=rr by default) lists an arbiter of N=3 per output of its 8-port
// switches; with router.output_scheduler=drr and quanta 24,4,8 a DRR scheduler of V=4 (3 SLs
// rounded up to a power of two), QW=SW=16 (VlSwitchConfig::drr_params_for) with those quanta. A
// block of another shape, of other outputs, of no stated shape, none, and an output the switch
// does not have are refused naming the module, the router, the scheduler and both shapes; so is a
// block of the other kind. A block of the shape is accepted for every output and then for one.
TEST(RouterModuleRrDrr, SocketsListedAndRefused) {
  const int status = sctest::in_child([] {
    struct Rr final : StatedShape<model::RrBlock> {
      int select(uint32_t, uint64_t, int model, const model::RoundRobinArbiter&) override {
        return model;
      }
      void accept(uint32_t, uint32_t) override {}
    };
    struct Drr final : StatedShape<model::DrrBlock> {
      uint32_t select(uint32_t, uint32_t, const uint32_t*, uint32_t model,
                      const model::DrrArbiter&) override {
        return model;
      }
      void accept(uint32_t, uint32_t) override {}
    };
    const auto rr = [](uint32_t ports, unsigned n, bool stated = true) {
      auto b = std::make_unique<Rr>();
      b->s.ports = ports;
      b->s.N = n;
      b->stated = stated;
      return std::unique_ptr<model::RrBlock>(std::move(b));
    };
    const auto drr = [](uint32_t ports, unsigned v, unsigned qw) {
      auto b = std::make_unique<Drr>();
      b->s.ports = ports;
      b->s.V = v;
      b->s.QW = qw;
      b->s.SW = 16;
      return std::unique_ptr<model::DrrBlock>(std::move(b));
    };
    int bad = 0;
    const auto expect_refused = refusal_counter(bad);
    const std::string dir = std::string(NETCOSIM_SOURCE_DIR) + "/configs/";
    Config cfg;
    cfg.load_file(dir + "qos-opa-fattree-4-2.ini");
    sc::RouterModule opa("opa1", cfg, 1);
    const std::vector<sc::RouterModule::RrScheduler> rs = opa.rr_schedulers();
    if (rs.size() != 8 || !opa.drr_schedulers().empty() || !opa.dtable_schedulers().empty()) {
      std::fprintf(stderr, "%zu round-robin SL arbiters, %zu DRR, expected 8 and 0\n", rs.size(),
                   opa.drr_schedulers().size());
      ++bad;
    }
    for (uint32_t o = 0; o < rs.size(); ++o)
      if (rs[o].output != o || rs[o].shape.ports != 1 || rs[o].shape.N != 3) {
        std::fprintf(stderr, "output %u: arbiter %u ports %u N=%u\n", o, rs[o].output,
                     rs[o].shape.ports, rs[o].shape.N);
        ++bad;
      }
    const std::string who = "router module opa1 (router 1): ";
    expect_refused(
        "N=4", [&] { opa.set_rr(rr(8, 4)); },
        who +
            "round-robin SL arbiters of outputs 0..7 are N=3 for 8 outputs; the block given is "
            "N=4 for 8 outputs (N and the outputs must be the same)");
    expect_refused(
        "no shape", [&] { opa.set_rr(rr(8, 3, false)); },
        who +
            "round-robin SL arbiters of outputs 0..7 are N=3; the block given states no shape "
            "(model::RrBlock::shape)");
    expect_refused(
        "no block", [&] { opa.set_rr(nullptr); },
        who + "round-robin SL arbiters of outputs 0..7: no block given");
    expect_refused(
        "output 3 of 8 outputs", [&] { opa.set_rr(3, rr(8, 3)); },
        who +
            "round-robin SL arbiter of output 3 is N=3 for 1 output; the block given is N=3 for "
            "8 outputs (N and the outputs must be the same)");
    expect_refused(
        "output 8", [&] { opa.set_rr(8, rr(1, 3)); },
        who +
            "no round-robin SL arbiter of output 8; its round-robin SL arbiters: "
            "outputs 0..7, each N=3");
    expect_refused(
        "DRR on rr", [&] { opa.set_drr(drr(8, 4, 16)); },
        who +
            "no DRR scheduler to take the block of V=4,QW=16,SW=16 for 8 outputs: the switches' "
            "output scheduler is not DRR (router.output_scheduler=drr has one per output port)");
    opa.set_rr(rr(8, 3));  // accepted: of its shape
    opa.set_rr(3, rr(1, 3));

    cfg.set_override("router.output_scheduler=drr");
    cfg.set_override("qos.drr_quantum=24,4,8");
    sc::RouterModule d("drr2", cfg, 2);
    const std::vector<sc::RouterModule::DrrScheduler> ds = d.drr_schedulers();
    if (ds.size() != 8 || !d.rr_schedulers().empty()) {
      std::fprintf(stderr, "%zu DRR schedulers, expected 8\n", ds.size());
      ++bad;
    }
    for (uint32_t o = 0; o < ds.size(); ++o)
      if (ds[o].output != o || ds[o].shape.ports != 1 || ds[o].shape.V != 4 ||
          ds[o].shape.QW != 16 || ds[o].shape.SW != 16 || ds[o].params.vls != 4 ||
          ds[o].quanta != std::vector<uint32_t>{24, 4, 8}) {
        std::fprintf(stderr, "output %u: scheduler %u V=%u QW=%u SW=%u quanta %zu\n", o,
                     ds[o].output, ds[o].shape.V, ds[o].shape.QW, ds[o].shape.SW,
                     ds[o].quanta.size());
        ++bad;
      }
    expect_refused(
        "QW=8", [&] { d.set_drr(drr(8, 4, 8)); },
        "router module drr2 (router 2): DRR schedulers of outputs 0..7 are V=4,QW=16,SW=16 for 8 "
        "outputs; the block given is V=4,QW=8,SW=16 for 8 outputs (V, QW, SW and the outputs "
        "must be the same)");
    expect_refused(
        "rr on DRR", [&] { d.set_rr(5, rr(1, 3)); },
        "router module drr2 (router 2): no round-robin SL arbiter of output 5 to take the block "
        "of N=3 for 1 output: the switches' output scheduler is not round robin "
        "(router.output_scheduler=rr has an SL arbiter per output port)");
    d.set_drr(5, drr(1, 4, 16));  // accepted: of its shape
    d.set_drr(drr(8, 4, 16));
    return bad;
  });
  EXPECT_EQ(status, 0);
}

// The SBT scheduler and IB VL arbiter sockets (RouterModule::sbt_schedulers, set_sbt;
// ib_vlarb_schedulers, set_ib_vlarb): the IB 4-ary 2-tree of configs/qos-ib-fattree-4-2.ini under
// router.output_scheduler=sbt with Table 2.2's configuration A (qos.sbt_weights=60,30,10) lists an
// SBT scheduler of S=3, W0..W2 = 60, 30, 10 per output of its 8-port switches (rtl/catalog.h's
// s3_ch2a); Ch. 6's 2-ary 2-tree (configs/qos-ch6-ib-fattree-2-2.ini: Table 6.1's configuration
// A, 64 high-priority entries and 1 low, LimitOfHighPriority 1, 4 VLs, 64-B packets of 4 16-B
// flits = 1 unit; its NICs not backlogged, which the modules refuse) an IB VL arbiter of V=4, N=64
// (64 rounded up to a power of two), WW=8, SW=7, LIMIT=1 per output of its 4-port switches
// (v4n64l1), with the ports' VLs and both tables. A block of other weights, another S, other
// outputs, of no stated shape, none, an output the switch does not have, and a block of the other
// kind are refused naming the module, the router, the scheduler and both shapes. A block of the
// shape is accepted for every output and then for one.
TEST(RouterModuleSbtIbVlArb, SocketsListedAndRefused) {
  const int status = sctest::in_child([] {
    struct Sbt final : StatedShape<model::SbtBlock> {
      uint32_t select(uint32_t, uint32_t, uint32_t model, const model::SbtScheduler&) override {
        return model;
      }
      void accept(uint32_t, uint32_t) override {}
    };
    struct IbVlArb final : StatedShape<model::IbVlArbBlock> {
      uint32_t select(uint32_t, uint32_t, const uint32_t*, uint32_t model,
                      const model::IbVlArbiter&) override {
        return model;
      }
      void accept(uint32_t, uint32_t) override {}
    };
    const auto sbt = [](uint32_t ports, std::vector<uint32_t> w, bool stated = true) {
      auto b = std::make_unique<Sbt>();
      b->s.ports = ports;
      b->s.S = static_cast<unsigned>(w.size());
      b->s.W = std::move(w);
      b->stated = stated;
      return std::unique_ptr<model::SbtBlock>(std::move(b));
    };
    const auto vlarb = [](uint32_t ports, unsigned v, unsigned n, unsigned limit,
                          bool stated = true) {
      auto b = std::make_unique<IbVlArb>();
      b->s.ports = ports;
      b->s.V = v;
      b->s.N = n;
      b->s.WW = 8;
      b->s.SW = 7;
      b->s.LIMIT = limit;
      b->stated = stated;
      return std::unique_ptr<model::IbVlArbBlock>(std::move(b));
    };
    int bad = 0;
    const auto expect_refused = refusal_counter(bad);
    const std::string dir = std::string(NETCOSIM_SOURCE_DIR) + "/configs/";

    Config cfg;
    cfg.load_file(dir + "qos-ib-fattree-4-2.ini");
    cfg.set_override("router.output_scheduler=sbt");
    cfg.set_override("qos.sbt_weights=60,30,10");
    sc::RouterModule ib("sbt3", cfg, 3);
    const std::vector<sc::RouterModule::SbtScheduler> ss = ib.sbt_schedulers();
    if (ss.size() != 8 || !ib.rr_schedulers().empty() || !ib.ib_vlarb_schedulers().empty()) {
      std::fprintf(stderr, "%zu SBT schedulers, %zu round-robin, %zu IB VL arbiters: 8, 0, 0\n",
                   ss.size(), ib.rr_schedulers().size(), ib.ib_vlarb_schedulers().size());
      ++bad;
    }
    for (uint32_t o = 0; o < ss.size(); ++o)
      if (ss[o].output != o || ss[o].shape.ports != 1 || ss[o].shape.S != 3 ||
          ss[o].shape.W != std::vector<uint32_t>{60, 30, 10}) {
        std::fprintf(stderr, "output %u: scheduler %u ports %u S=%u, %zu weights\n", o,
                     ss[o].output, ss[o].shape.ports, ss[o].shape.S, ss[o].shape.W.size());
        ++bad;
      }
    const std::string who = "router module sbt3 (router 3): ";
    const std::string all = who + "SBT schedulers of outputs 0..7 are S=3,W0=60,W1=30,W2=10";
    expect_refused(
        "other weights",
        [&] {
          ib.set_sbt(sbt(8, {10, 30, 60}));
        },
        all +
            " for 8 outputs; the block given is S=3,W0=10,W1=30,W2=60 for 8 outputs (S, W0, W1, "
            "W2 and the outputs must be the same)");
    expect_refused(
        "S=5",
        [&] {
          ib.set_sbt(sbt(8, {10, 30, 50, 5, 5}));
        },
        all +
            " for 8 outputs; the block given is S=5,W0=10,W1=30,W2=50,W3=5,W4=5 for 8 outputs "
            "(S, W0, W1, W2 and the outputs must be the same)");
    expect_refused(
        "no shape",
        [&] {
          ib.set_sbt(sbt(8, {60, 30, 10}, false));
        },
        all + "; the block given states no shape (model::SbtBlock::shape)");
    expect_refused(
        "no block", [&] { ib.set_sbt(nullptr); },
        who + "SBT schedulers of outputs 0..7: no block given");
    expect_refused(
        "output 2 of 8 outputs",
        [&] {
          ib.set_sbt(2, sbt(8, {60, 30, 10}));
        },
        who +
            "SBT scheduler of output 2 is S=3,W0=60,W1=30,W2=10 for 1 output; the block given is "
            "S=3,W0=60,W1=30,W2=10 for 8 outputs (S, W0, W1, W2 and the outputs must be the "
            "same)");
    expect_refused(
        "output 8",
        [&] {
          ib.set_sbt(8, sbt(1, {60, 30, 10}));
        },
        who +
            "no SBT scheduler of output 8; its SBT schedulers: outputs 0..7, each "
            "S=3,W0=60,W1=30,W2=10");
    expect_refused(
        "IB VL arbiter on SBT", [&] { ib.set_ib_vlarb(vlarb(8, 4, 64, 1)); },
        who +
            "no IB VL arbiter to take the block of V=4,N=64,WW=8,SW=7,LIMIT=1 for 8 outputs: the "
            "switches' output scheduler is not the IB VL arbiter (router.output_scheduler=ib_vlarb "
            "has one per output port)");
    ib.set_sbt(sbt(8, {60, 30, 10}));  // accepted: of its shape
    ib.set_sbt(2, sbt(1, {60, 30, 10}));

    Config ch6;
    ch6.load_file(dir + "qos-ch6-ib-fattree-2-2.ini");
    ch6.set_override("qos.table=" + dir + "qos/table6_1_a.json");
    ch6.set_override("qos.backlogged=false");  // the modules' nodes are fed through TLM
    sc::RouterModule a("vlarb1", ch6, 1);
    const std::vector<sc::RouterModule::IbVlArbScheduler> vs = a.ib_vlarb_schedulers();
    if (vs.size() != 4 || !a.sbt_schedulers().empty() || !a.rr_schedulers().empty()) {
      std::fprintf(stderr, "%zu IB VL arbiters, %zu SBT, %zu round-robin: 4, 0, 0\n", vs.size(),
                   a.sbt_schedulers().size(), a.rr_schedulers().size());
      ++bad;
    }
    for (uint32_t o = 0; o < vs.size(); ++o) {
      const sc::RouterModule::IbVlArbScheduler& v = vs[o];
      if (v.output != o || v.shape.ports != 1 || v.shape.V != 4 || v.shape.N != 64 ||
          v.shape.WW != 8 || v.shape.SW != 7 || v.shape.LIMIT != 1 || v.vls != 4 ||
          v.high.size() != 64 || v.low.size() != 1) {
        std::fprintf(stderr,
                     "output %u: arbiter %u V=%u N=%u WW=%u SW=%u LIMIT=%u vls %u %zu+%zu\n", o,
                     v.output, v.shape.V, v.shape.N, v.shape.WW, v.shape.SW, v.shape.LIMIT, v.vls,
                     v.high.size(), v.low.size());
        ++bad;
      }
    }
    const std::string who1 = "router module vlarb1 (router 1): ";
    expect_refused(
        "N=4", [&] { a.set_ib_vlarb(vlarb(4, 4, 4, 1)); },
        who1 +
            "IB VL arbiters of outputs 0..3 are V=4,N=64,WW=8,SW=7,LIMIT=1 for 4 outputs; the "
            "block given is V=4,N=4,WW=8,SW=7,LIMIT=1 for 4 outputs (V, N, WW, SW, LIMIT and the "
            "outputs must be the same)");
    expect_refused(
        "LIMIT=0", [&] { a.set_ib_vlarb(1, vlarb(1, 4, 64, 0)); },
        who1 +
            "IB VL arbiter of output 1 is V=4,N=64,WW=8,SW=7,LIMIT=1 for 1 output; the block "
            "given is V=4,N=64,WW=8,SW=7,LIMIT=0 for 1 output (V, N, WW, SW, LIMIT and the "
            "outputs must be the same)");
    expect_refused(
        "no shape", [&] { a.set_ib_vlarb(vlarb(4, 4, 64, 1, false)); },
        who1 +
            "IB VL arbiters of outputs 0..3 are V=4,N=64,WW=8,SW=7,LIMIT=1; the block given "
            "states no shape (model::IbVlArbBlock::shape)");
    expect_refused(
        "output 4", [&] { a.set_ib_vlarb(4, vlarb(1, 4, 64, 1)); },
        who1 +
            "no IB VL arbiter of output 4; its IB VL arbiters: outputs 0..3, each "
            "V=4,N=64,WW=8,SW=7,LIMIT=1");
    expect_refused(
        "SBT on the IB VL arbiter",
        [&] {
          a.set_sbt(0, sbt(1, {60, 30, 10}));
        },
        who1 +
            "no SBT scheduler of output 0 to take the block of S=3,W0=60,W1=30,W2=10 for 1 "
            "output: the switches' output scheduler is not SBT (router.output_scheduler=sbt has "
            "one per output port)");
    a.set_ib_vlarb(1, vlarb(1, 4, 64, 1));  // accepted: of its shape
    a.set_ib_vlarb(vlarb(4, 4, 64, 1));

    sc::RouterModule cioq("cioq", 4, Config());
    expect_refused(
        "CIOQ", [&] { cioq.set_ib_vlarb(vlarb(4, 4, 64, 1)); },
        "router module cioq (router 0): no IB VL arbiter to take the block of "
        "V=4,N=64,WW=8,SW=7,LIMIT=1 for 4 outputs: the router architecture has no IB VL arbiter "
        "output scheduler");
    return bad;
  });
  EXPECT_EQ(status, 0);
}

// The module's forwarding block (set_dtable, set_rr, set_drr) is the router's scheduler block:
// installing another through the model afterwards, which would destroy it under the module, is
// refused naming the switch; so is the module's first set_* on a switch that already has a block
// installed through the model (whose owner may hold it), naming the module too. The module's
// sockets keep working after the refusal.
TEST(RouterModuleSched, SecondInstallerRefused) {
  const int status = sctest::in_child([] {
    struct Rr final : model::RrBlock {
      uint32_t ports = 8;
      int select(uint32_t, uint64_t, int model, const model::RoundRobinArbiter&) override {
        return model;
      }
      void accept(uint32_t, uint32_t) override {}
      bool shape(Shape& out) const override {
        out.ports = ports;
        out.N = 3;
        return true;
      }
    };
    int bad = 0;
    const auto expect_refused = refusal_counter(bad);
    const std::string once =
        "switch 0: its output scheduler (round robin) already has a block; set_dtable_block, "
        "set_rr_block, set_drr_block, set_sbt_block and set_ib_vlarb_block install one once (a "
        "router module's: RouterModule::set_dtable, set_rr, set_drr, set_sbt, set_ib_vlarb, which "
        "replace its outputs' blocks)";
    Config cfg;
    cfg.load_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos-ib-fattree-4-2.ini");
    sc::RouterModule m("ib0", cfg, 0);
    m.set_rr(std::make_unique<Rr>());
    expect_refused(
        "model after module", [&] { m.model().set_rr_block(std::make_unique<Rr>()); }, once);
    auto one = std::make_unique<Rr>();
    one->ports = 1;
    m.set_rr(2, std::move(one));  // the module's block is still the router's

    sc::RouterModule direct("direct", cfg, 1);
    direct.model().set_rr_block(std::make_unique<Rr>());
    const std::string once1 = "switch 1" + once.substr(std::string("switch 0").size());
    expect_refused(
        "module after model", [&] { direct.set_rr(std::make_unique<Rr>()); },
        "router module direct (router 1): round-robin SL arbiters of outputs 0..7: " + once1);
    return bad;
  });
  EXPECT_EQ(status, 0);
}

// Configurations the modules do not carry: a ConfigError naming the key, its value and what is
// allowed; and a router the network does not have.
TEST(RouterPortsConfig, RefusesWhatItCannotCarry) {
  const auto message = [](const Config& c) -> std::string {
    try {
      sc::RouterModule::check_network_config(c);
    } catch (const ConfigError& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_EQ(message(mesh2x2({"sim.mode=batch"})).rfind("sim.mode=batch: a batch ends", 0), 0u);
  EXPECT_EQ(message(mesh2x2({"traffic.throttling=sat"})),
            "traffic.throttling=sat: its signal visits every NIC of the network outside the links "
            "(allowed: none)");
  Config pb;
  for (const char* k : {"routing.algorithm=pb", "router.vcs_local=4", "router.vcs_global=2"})
    pb.set_override(k);
  EXPECT_EQ(message(pb).rfind("routing.algorithm=pb: its routers read the congestion "
                              "sensors of the other routers of their group (PiggyBack's "
                              "saturation bits)",
                              0),
            0u)
      << message(pb);
  EXPECT_EQ(message(mesh2x2({"traffic.source_queue=0"})),
            "traffic.source_queue=0: the TLM interface needs a source queue (allowed: 1 or more "
            "packets)");
  Config backlogged;
  backlogged.load_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos-ib-fattree-4-2.ini");
  backlogged.set_override("qos.backlogged=true");
  EXPECT_EQ(message(backlogged),
            "qos.backlogged=true: the switches' NICs then make their own packets, which no node's "
            "socket offers (allowed: false, a source the TLM interface replaces)");
  // The NIC's per-SL source queues are carried (a request buffer per SL, TlmNetwork); what their
  // sockets cannot fill stays refused with them.
  Config per_sl;
  per_sl.load_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos-ib-fattree-4-2.ini");
  per_sl.set_override("qos.nic_queues=per_sl");
  EXPECT_EQ(message(per_sl), "accepted");
  per_sl.set_override("qos.backlogged=true");
  EXPECT_EQ(message(per_sl),
            "qos.backlogged=true: the switches' NICs then make their own packets, which no node's "
            "socket offers (allowed: false, a source the TLM interface replaces)");
  EXPECT_EQ(message(mesh2x2()), "accepted");
  EXPECT_EQ(message(Config()), "accepted");  // the h2 Dragonfly, MIN routing
}

}  // namespace
