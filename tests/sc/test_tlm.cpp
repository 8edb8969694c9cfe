// The TLM-2.0 interface of a network (systemc/tlm/; docs/model.md §6.1):
//  - equivalence: the configured traffic offered through the node sockets by TLM generators
//    (SourceInitiator over each node's own source) gives the native engine's run exactly: the
//    same JSON (engine and timing keys aside) and the same deliveries, packet by packet (source,
//    number, destination, generation, injection, head and tail cycles), in strict mode, with a
//    quantum and in windowed mode; every delivery is annotated with its tail's time;
//  - back-pressure: an initiator offering more than its NIC's link carries stalls in b_transport
//    and loses nothing;
//  - bad input: answered with the TLM response status and a message naming what is allowed.
// SystemC elaborates once per process: every SystemC run is a forked child writing files.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/stats/report.h"
#include "systemc/router/router_module.h"
#include "systemc/tlm/source_initiator.h"
#include "systemc/tlm/tlm_network.h"
#include "tests/integration/test_util.h"
#include "tests/sc/sc_test_util.h"

using namespace netcosim;

namespace {

std::string delivery_line(uint32_t node, const Packet& p, Cycle head, Cycle tail) {
  std::ostringstream s;
  s << node << ' ' << p.src << ' ' << p.seq << ' ' << p.t_gen << ' ' << p.t_inject << ' ' << head
    << ' ' << tail;
  return s.str();
}

// The native side: a node's configured source, its receptions logged (wants_receive changes no
// simulated number: it only makes the NIC call on_receive).
// The tail: the head plus the packet's class's phits (Network::packet_phits).
class Logged final : public TrafficSource {
 public:
  Logged(uint32_t node, const Network& net, std::vector<std::string>& log)
      : TrafficSource(true), node_(node), net_(net), log_(log) {}
  void wrap(std::unique_ptr<TrafficSource> inner) { inner_ = std::move(inner); }
  Cycle next() const override { return inner_ ? inner_->next() : kNone; }
  TrafficDescriptor generate() override { return inner_->generate(); }
  void on_receive(const Packet& p, Cycle now) override {
    log_.push_back(delivery_line(node_, p, now, now + net_.packet_phits(p.cls)));
  }

 private:
  std::unique_ptr<TrafficSource> inner_;
  uint32_t node_;
  const Network& net_;
  std::vector<std::string>& log_;
};

// The TLM side: a user's target logging every delivery; the annotated time must be the tail's.
class Recorder : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<Recorder> socket{"socket"};
  Recorder(const sc_core::sc_module_name& n, uint32_t node, std::vector<std::string>& log)
      : sc_core::sc_module(n), node_(node), log_(log) {
    socket.register_b_transport(this, &Recorder::b_transport);
  }
  uint64_t bad_time = 0, bad_tag = 0;

 private:
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    sc::PacketExtension* e = nullptr;
    gp.get_extension(e);
    Packet p;
    p.src = e->src;
    p.seq = e->seq;
    p.t_gen = e->t_gen;
    p.t_inject = e->t_inject;
    log_.push_back(delivery_line(node_, p, e->head, e->tail));
    if (sc_core::sc_time_stamp() + delay != sc_core::sc_time(double(e->tail), sc_core::SC_NS))
      ++bad_time;
    // SourceInitiator tags its k-th offer k + 1, and the NIC numbers packets 0, 1, ...
    if (e->tag != uint64_t{e->seq} + 1) ++bad_tag;
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  uint32_t node_;
  std::vector<std::string>& log_;
};

nlohmann::json comparable(const std::string& text) {
  nlohmann::json j = nlohmann::json::parse(text);
  for (const char* k : {"engine", "threads", "wall_seconds", "cycles_per_second", "peak_rss_mb"})
    j.erase(k);
  return j;
}

Config h2_uniform() {
  return test::dragonfly(
      "h2", {"traffic.load=0.6", "sim.warmup=1000", "sim.measure=3000", "sim.drain=true"});
}

// A user's initiator offering scripted packets, each at its cycle (a quantum keeper's local time),
// recording the answer: status, message and the simulated time b_transport returned at.
class Scripted : public sc_core::sc_module {
 public:
  struct Offer {
    Cycle cycle;
    uint32_t dst, phits;
    uint8_t cls = 0;
    bool with_extension = true;
  };
  struct Answer {
    tlm::tlm_response_status status;
    std::string error;
    Cycle returned;  // sc_time_stamp + delay after the call, in cycles (ns)
  };
  tlm_utils::simple_initiator_socket<Scripted> socket{"socket"};
  std::vector<Answer> answers;

  // Offers `o` through `socket` at its cycle (the quantum keeper's local time), with its packet
  // extension in `ext` (tagged `tag`) unless !o.with_extension, and advances the keeper by the
  // delay b_transport returns; the cycle it returned at. The answer is in `gp` and `ext`.
  template <class Socket>
  static Cycle offer(Socket& socket, tlm_utils::tlm_quantumkeeper& qk, const Offer& o, uint64_t tag,
                     tlm::tlm_generic_payload& gp, sc::PacketExtension& ext) {
    const sc_core::sc_time ns(1, sc_core::SC_NS);
    const sc_core::sc_time at = double(o.cycle) * ns;
    const sc_core::sc_time start = at - at % tlm::tlm_global_quantum::instance().get();
    if (start > sc_core::sc_time_stamp()) {
      qk.set(start - sc_core::sc_time_stamp());
      qk.sync();
    }
    qk.set(at > sc_core::sc_time_stamp() ? at - sc_core::sc_time_stamp() : sc_core::SC_ZERO_TIME);
    ext.dst = o.dst;
    ext.phits = o.phits;
    ext.cls = o.cls;
    ext.tag = tag;
    if (o.with_extension) gp.set_extension(&ext);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time delay = qk.get_local_time();
    socket->b_transport(gp, delay);
    qk.set(delay);
    if (o.with_extension) gp.clear_extension(&ext);
    return static_cast<Cycle>((sc_core::sc_time_stamp() + delay).value() / ns.value());
  }

  SC_HAS_PROCESS(Scripted);
  Scripted(const sc_core::sc_module_name& n, std::vector<Offer> offers, const sc::TlmNode& node)
      : sc_core::sc_module(n), offers_(std::move(offers)), node_(node) {
    SC_THREAD(run);
  }

 private:
  void run() {
    tlm_utils::tlm_quantumkeeper qk;
    qk.reset();
    for (const Offer& o : offers_) {
      tlm::tlm_generic_payload gp;
      sc::PacketExtension ext;
      const Cycle returned = offer(socket, qk, o, answers.size() + 1, gp, ext);
      answers.push_back(
          {gp.get_response_status(), o.with_extension ? ext.error : node_.last_error(), returned});
    }
  }
  std::vector<Offer> offers_;
  const sc::TlmNode& node_;
};

// Runs `offers` from node 0 of h2 (strict mode) with `sets` in a child; writes the answers and
// every delivery at node 1 ("src seq t_gen t_inject head tail tag"), then the run's counts.
std::string run_scripted(const std::vector<Scripted::Offer>& offers,
                         std::initializer_list<std::string> sets, const std::string& tag) {
  const std::string path = testing::TempDir() + "tlm_" + tag + ".txt";
  std::remove(path.c_str());
  const int status = sctest::in_child([&] {
    Config cfg = test::dragonfly("h2", sets);
    ScEngineOptions opt;
    opt.quantum = 1;
    sc::TlmNetwork tlm("tlm", cfg, opt);
    Scripted user("user", offers, tlm.node(0));
    user.socket.bind(tlm.node(0).in);
    std::vector<std::string> log;
    struct Sink : sc_core::sc_module {
      tlm_utils::simple_target_socket<Sink> socket{"socket"};
      std::vector<std::string>& log;
      Sink(const sc_core::sc_module_name& n, std::vector<std::string>& l)
          : sc_core::sc_module(n), log(l) {
        socket.register_b_transport(this, &Sink::b_transport);
      }
      void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
        sc::PacketExtension* e = nullptr;
        gp.get_extension(e);
        std::ostringstream s;
        s << e->src << ' ' << e->seq << ' ' << e->t_gen << ' ' << e->t_inject << ' ' << e->head
          << ' ' << e->tail << ' ' << e->tag;
        log.push_back(s.str());
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
      }
    } sink("sink", log);
    tlm.node(1).out.bind(sink.socket);
    sc_core::sc_start();
    const RunResults r = tlm.results();
    std::ofstream f(path);
    for (const auto& a : user.answers)
      f << "answer " << int(a.status) << ' ' << a.returned << ' ' << a.error << '\n';
    for (const auto& l : log) f << "delivered " << l << '\n';
    f << "generated " << r.packets_generated << " delivered " << r.packets_delivered << " refused "
      << r.packets_refused << " stalls " << tlm.node(0).stalls() << '\n';
    return 0;
  });
  EXPECT_EQ(status, 0);
  return test::read_file(path);
}

// Bad input from node 0 (h2: 72 nodes, packets of 8 phits, injection VCs of 256 phits): each
// payload is answered with its status and a message naming what is allowed, and nothing is
// injected; the good packet after them is delivered.
TEST(TlmBadInput, StatusAndMessage) {
  const std::vector<Scripted::Offer> offers = {{0, 1, 8, 0, false}, {1, 72, 8},  {2, 0, 8},
                                               {3, 1, 0},           {4, 1, 300}, {5, 1, 4},
                                               {6, 1, 8, 16},       {7, 1, 8}};
  const std::string out =
      run_scripted(offers, {"sim.warmup=0", "sim.measure=100", "sim.drain=true"}, "bad");
  std::ostringstream want;
  want << "answer " << int(tlm::TLM_GENERIC_ERROR_RESPONSE)
       << " 0 no netcosim::sc::PacketExtension: a packet needs its destination, size and class\n"
       << "answer " << int(tlm::TLM_ADDRESS_ERROR_RESPONSE)
       << " 1 destination node 72: this network has 72 nodes (0..71)\n"
       << "answer " << int(tlm::TLM_ADDRESS_ERROR_RESPONSE)
       << " 2 destination node 0: the sending node itself (a packet must leave its node)\n"
       << "answer " << int(tlm::TLM_BURST_ERROR_RESPONSE)
       << " 3 size 0 phits: a packet has at least one phit; this network's packets are 8 phits "
          "(packet.size)\n"
       << "answer " << int(tlm::TLM_BURST_ERROR_RESPONSE)
       << " 4 size 300 phits: above the injection buffer (256 phits per VC); this network's "
          "packets are 8 phits (packet.size)\n"
       << "answer " << int(tlm::TLM_BURST_ERROR_RESPONSE)
       << " 5 size 4 phits: this network's packets are 8 phits (packet.size)\n"
       << "answer " << int(tlm::TLM_GENERIC_ERROR_RESPONSE)
       << " 6 class 16: allowed 0..15 (request 0 / reply 1, or a service level)\n"
       << "answer " << int(tlm::TLM_OK_RESPONSE) << " 7 \n";
  // The good packet: taken at cycle 7, its head on the injection link at 8.
  EXPECT_EQ(out.substr(0, want.str().size()), want.str()) << out;
  EXPECT_NE(out.find("delivered 0 0 7 8 "), std::string::npos) << out;
  EXPECT_NE(out.find(" 8\ngenerated 1 delivered 1 refused 0 stalls 0\n"), std::string::npos) << out;
}

// Back-pressure (strict mode: one request slot): node 0 offers a packet to node 1 (same router)
// in each of cycles 0..99, eight times what its link carries (packets of 8 phits). The NIC takes
// packet k at cycle k while its source queue (4 packets) has room: packets 0..4 (packet 0 leaves
// at once, the link then sends one packet every 8 cycles, packet k at cycle 8k). From then on a
// queued packet leaves at cycle 8j and the NIC's attempt of cycle 8j + 1 takes the next one, so
// packet k (k >= 5) is taken at 8(k - 4) + 1; packet k + 1 waits in the request slot and the
// offer of packet k + 2 stalls in b_transport until cycle 8(k - 4) + 2 (the slot frees at the end
// of the taking cycle): 94 stalls (packets 6..99), none refused, all 100 delivered, packet k
// injected at cycle 8k (its head enters the router at 8k + 1).
TEST(TlmBackPressure, StallsAndLosesNothing) {
  std::vector<Scripted::Offer> offers;
  for (Cycle c = 0; c < 100; ++c) offers.push_back({c, 1, 8});
  const std::string out = run_scripted(
      offers, {"sim.warmup=0", "sim.measure=1000", "sim.drain=true", "traffic.source_queue=4"},
      "backpressure");
  std::istringstream in(out);
  std::string line;
  std::vector<Cycle> returned;
  std::vector<std::vector<uint64_t>> delivered;
  std::string counts;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string kind;
    ls >> kind;
    if (kind == "answer") {
      int st = 0;
      Cycle at = 0;
      ls >> st >> at;
      EXPECT_EQ(st, int(tlm::TLM_OK_RESPONSE)) << line;
      returned.push_back(at);
    } else if (kind == "delivered") {
      std::vector<uint64_t> v(7);
      for (auto& x : v) ls >> x;
      delivered.push_back(v);
    } else {
      counts = line;
    }
  }
  EXPECT_EQ(counts, "generated 100 delivered 100 refused 0 stalls 94");
  ASSERT_EQ(returned.size(), 100u);
  for (Cycle k = 0; k < 100; ++k) {
    // The offer of packet k returns at its cycle, or when the slot frees: packet k - 1 taken at
    // 8(k - 5) + 1, the slot free one cycle later.
    const Cycle expect = k <= 5 ? k : 8 * (k - 5) + 2;
    EXPECT_EQ(returned[k], expect) << "offer " << k;
  }
  ASSERT_EQ(delivered.size(), 100u);
  std::sort(delivered.begin(), delivered.end(),
            [](const auto& a, const auto& b) { return a[1] < b[1]; });
  for (uint64_t k = 0; k < 100; ++k) {
    const auto& d = delivered[k];
    EXPECT_EQ(d[0], 0u);
    EXPECT_EQ(d[1], k);                                  // seq
    EXPECT_EQ(d[2], k <= 4 ? k : 8 * (k - 4) + 1) << k;  // taken into the source queue
    EXPECT_EQ(d[3], 8 * k + 1) << k;                     // head in the injection buffer
    EXPECT_EQ(d[6], k + 1) << k;                         // the user's tag, carried
  }
}

// The configured traffic of `cfg` through the node sockets (SourceInitiator over each node's own
// source, the SLs' packet sizes on the switches) against the native run: the same deliveries and
// JSON, no bad annotation, tag, refusal or stall, the network's period `period`. `stop`:
// sim.warmup + sim.measure (sim.drain). Returns the native run's JSON.
std::string expect_tlm_is_native(const Config& cfg, Cycle quantum, Cycle period, Cycle stop,
                                 const std::string& tag, size_t min_deliveries) {
  const std::string dir = testing::TempDir() + "tlm_" + tag + "_";

  // Native engine, in-process.
  std::vector<std::string> native_log;
  std::unique_ptr<Network> net = build_network(cfg);
  for (uint32_t n = 0; n < net->topology().nodes(); ++n) {
    auto logged = std::make_unique<Logged>(n, *net, native_log);
    Logged* l = logged.get();
    l->wrap(net->set_source(n, std::move(logged)));
    net->source_moved(n);
  }
  const RunResults native = run_native(*net);
  EXPECT_EQ(native.packets_refused, 0u) << "the comparison needs a run without refusals";
  EXPECT_GT(native_log.size(), min_deliveries);

  const int status = sctest::in_child([&] {
    std::vector<std::string> log;
    ScEngineOptions opt;
    opt.quantum = quantum;
    sc::TlmNetwork tlm("tlm", cfg, opt);
    std::vector<std::unique_ptr<sc::SourceInitiator>> gens;
    std::vector<std::unique_ptr<Recorder>> recs;
    for (uint32_t n = 0; n < tlm.nodes(); ++n) {
      gens.push_back(std::make_unique<sc::SourceInitiator>(("gen_" + std::to_string(n)).c_str(),
                                                           tlm.take_native_source(n),
                                                           tlm.packet_phits(), stop));
      gens.back()->set_class_phits(tlm.class_phits());
      gens.back()->socket.bind(tlm.node(n).in);
      recs.push_back(std::make_unique<Recorder>(("rec_" + std::to_string(n)).c_str(), n, log));
      tlm.node(n).out.bind(recs.back()->socket);
    }
    sc_core::sc_start();
    const RunResults r = tlm.results();
    std::ofstream(dir + "run.json") << results_json(r, cfg);
    sctest::write_lines(dir + "tlm.log", log);
    uint64_t bad = 0, stalls = 0;
    for (const auto& rec : recs) bad += rec->bad_time + rec->bad_tag;
    for (uint32_t n = 0; n < tlm.nodes(); ++n) stalls += tlm.node(n).stalls();
    for (const auto& g : gens) bad += g->refused();
    std::ofstream(dir + "checks.txt") << bad << ' ' << stalls << ' ' << tlm.period() << '\n';
    return 0;
  });
  EXPECT_EQ(status, 0);
  sctest::write_lines(dir + "native.log", native_log);
  EXPECT_EQ(test::read_file(dir + "checks.txt"), "0 0 " + std::to_string(period) + "\n")
      << "bad annotations or tags, refusals, stalls; the period";
  EXPECT_TRUE(test::read_file(dir + "native.log") == test::read_file(dir + "tlm.log"))
      << "deliveries differ: diff " << dir << "native.log " << dir << "tlm.log";
  const std::string native_json = results_json(native, cfg);
  EXPECT_TRUE(comparable(native_json) == comparable(test::read_file(dir + "run.json")))
      << "the JSON differs: " << dir << "run.json against the native run's";
  return native_json;
}

class TlmEquivalence : public ::testing::TestWithParam<Cycle> {};

TEST_P(TlmEquivalence, SameDeliveriesAndJson) {
  // sim.warmup + sim.measure: the NICs' end of generation (sim.drain).
  // Windowed mode: the global links' latency, 100 cycles.
  const Cycle q = GetParam();
  expect_tlm_is_native(h2_uniform(), q, q == 0 ? 100 : q, 4000, "q" + std::to_string(q), 10000);
}

// Strict mode (every router and NIC on every edge), a quantum of 4 cycles, and windowed mode (a
// group's routers in turns for the global links' latency).
INSTANTIATE_TEST_SUITE_P(Modes, TlmEquivalence, ::testing::Values(Cycle{1}, Cycle{4}, Cycle{0}),
                         [](const testing::TestParamInfo<Cycle>& i) {
                           return i.param == 0 ? std::string("windowed")
                                               : "quantum" + std::to_string(i.param);
                         });

// Two senders of a user's node model sharing its initiator socket, each a thread offering its own
// packets (of one SL) at their cycles as Scripted does, each recording the cycle b_transport
// returned at for every offer.
class TwoSenders : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<TwoSenders> socket{"socket"};
  std::vector<Cycle> returned[2];

  SC_HAS_PROCESS(TwoSenders);
  TwoSenders(const sc_core::sc_module_name& n, std::vector<Scripted::Offer> a,
             std::vector<Scripted::Offer> b)
      : sc_core::sc_module(n), offers_{std::move(a), std::move(b)} {
    SC_THREAD(run0);
    SC_THREAD(run1);
  }
  uint64_t refused = 0;

 private:
  void run0() { play(0); }
  void run1() { play(1); }
  void play(int k) {
    tlm_utils::tlm_quantumkeeper qk;
    qk.reset();
    for (const Scripted::Offer& o : offers_[k]) {
      tlm::tlm_generic_payload gp;
      sc::PacketExtension ext;
      returned[k].push_back(Scripted::offer(socket, qk, o, 0, gp, ext));
      if (gp.get_response_status() != tlm::TLM_OK_RESPONSE) ++refused;
    }
  }
  std::vector<Scripted::Offer> offers_[2];
};

// Back-pressure per SL (qos.nic_queues=per_sl; strict mode, one request slot per SL, source
// queues of 2 packets per SL) on the IB 4-ary 2-tree of configs/qos-ib-fattree-4-2.ini (SL0
// packets of 8 flits on VL0, SL1 of 4 on VL1; the NIC's link grant: the switches' round robin over
// the SLs, VlSwitch::nic_step_per_sl). Node 0's two senders, to node 1 (same switch: credits never
// bind): SL0 a packet at each cycle 0..29 (a0..a29), eight times what the link carries; SL1 at
// cycles 10 and 20 (b0, b1). By hand, the NIC's step being generation, then the link's grant:
//  - a0, a1, a2 taken at 0, 1, 2; a0 sent at once (the link busy 8 cycles); a3 waits in SL0's
//    slot, the offer of a4 stalls; a1 sent at 8, a3 taken at 9, a4 offered at 10 (slot free);
//  - b0 (offered at 10) finds SL1's slot and queue empty: taken at 10, its offer returns at once
//    although SL0's sender is stalled; at 16 SL0 and SL1 have heads and the round robin, past
//    SL0, grants SL1: b0 sent (4 cycles); at 20 b1 is taken, then a2 granted (the pointer wraps),
//    a4 taken at 21; at 28 b1, at 32 a3; from then SL0 alone: a_k sent at 8k + 8 (k >= 3);
//  - SL0's queue frees at a send and the staged packet is taken the cycle after: a_k taken at
//    8(k - 2) + 9 = 8k - 7 (k >= 5), the slot free the cycle after, when the next offer returns:
//    a5's at 22, a_k's at 8(k - 1) - 6 = 8k - 14 (k >= 6);
//  - the NIC numbers packets as taken: a0..a3 0..3, b0 4, b1 5, a_k k + 2 (k >= 4).
// 26 stalls (a4..a29), all on SL0; nothing refused, 32 delivered.
TEST(TlmBackPressure, PerSlQueuesStallOnlyTheFullSl) {
  const std::string path = testing::TempDir() + "tlm_backpressure_per_sl.txt";
  std::remove(path.c_str());
  std::vector<Scripted::Offer> sl0, sl1 = {{10, 1, 4, 1}, {20, 1, 4, 1}};
  for (Cycle c = 0; c < 30; ++c) sl0.push_back({c, 1, 8, 0});
  const int status = sctest::in_child([&] {
    Config cfg;
    cfg.load_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos-ib-fattree-4-2.ini");
    for (const char* k : {"qos.nic_queues=per_sl", "traffic.source_queue=2", "sim.warmup=0",
                          "sim.measure=1000", "sim.drain=true"})
      cfg.set_override(k);
    ScEngineOptions opt;
    opt.quantum = 1;
    sc::TlmNetwork tlm("tlm", cfg, opt, /*request_slots=*/1);
    TwoSenders user("user", sl0, sl1);
    user.socket.bind(tlm.node(0).in);
    std::vector<std::string> log;
    Recorder sink("sink", 1, log);
    tlm.node(1).out.bind(sink.socket);
    sc_core::sc_start();
    const RunResults r = tlm.results();
    std::ofstream f(path);
    for (int k = 0; k < 2; ++k) {
      f << "returned" << k;
      for (const Cycle c : user.returned[k]) f << ' ' << c;
      f << '\n';
    }
    std::sort(log.begin(), log.end(), [](const std::string& a, const std::string& b) {
      std::istringstream x(a), y(b);
      uint32_t n = 0, s = 0, q1 = 0, q2 = 0;
      x >> n >> s >> q1;
      y >> n >> s >> q2;
      return q1 < q2;
    });
    for (const auto& l : log) f << l << '\n';
    f << "buffers " << tlm.node(0).request_buffers() << " generated " << r.packets_generated
      << " delivered " << r.packets_delivered << " refused " << r.packets_refused << " stalls "
      << tlm.node(0).stalls() << " offers refused " << user.refused << '\n';
    return 0;
  });
  ASSERT_EQ(status, 0);
  std::ostringstream want;
  want << "returned0";
  for (Cycle k = 0; k < 30; ++k)
    want << ' ' << (k <= 3 ? k : k == 4 ? 10 : k == 5 ? 22 : 8 * k - 14);
  want << "\nreturned1 10 20\n";
  // Deliveries (node src seq t_gen t_inject, then head and tail): the head enters the switch the
  // cycle after it is sent.
  struct Sent {
    uint32_t seq;
    Cycle taken, sent;
  };
  std::vector<Sent> sent;
  for (Cycle k = 0; k < 30; ++k) {
    const Cycle taken = k <= 2 ? k : k == 3 ? 9 : k == 4 ? 21 : 8 * k - 7;
    const Cycle at = k == 0 ? 0 : k == 1 ? 8 : k == 2 ? 20 : 8 * k + 8;
    sent.push_back({static_cast<uint32_t>(k <= 3 ? k : k + 2), taken, at});
  }
  sent.push_back({4, 10, 16});
  sent.push_back({5, 20, 28});
  std::sort(sent.begin(), sent.end(), [](const Sent& a, const Sent& b) { return a.seq < b.seq; });
  const std::string got = test::read_file(path);
  std::istringstream lines(got);
  std::string l;
  std::getline(lines, l);
  std::string returned = l + "\n";
  std::getline(lines, l);
  returned += l + "\n";
  EXPECT_EQ(returned, want.str());
  for (const Sent& x : sent) {
    ASSERT_TRUE(std::getline(lines, l)) << got;
    std::ostringstream w;
    w << "1 0 " << x.seq << ' ' << x.taken << ' ' << x.sent + 1 << ' ';
    EXPECT_EQ(l.rfind(w.str(), 0), 0u) << "want '" << w.str() << "...', got '" << l << "'";
  }
  ASSERT_TRUE(std::getline(lines, l)) << got;
  EXPECT_EQ(l, "buffers 3 generated 32 delivered 32 refused 0 stalls 26 offers refused 0");
}

// qos.nic_queues=per_sl (docs/model.md §9.2): the NICs' per-SL source queues through the sockets
// give the native run exactly, on the small InfiniBand and Omni-Path 4-ary 2-trees
// (configs/qos-{ib,opa}-fattree-4-2.ini: 3 SLs, packets of 8, 4 and 8 flits) and 4x4 tori
// (configs/qos-{ib,opa}-torus-4x4.ini: 2 SLs on two VLs each, packets of 4 and 8 flits), in a
// window of 300 + 1200 cycles with a drain, in strict mode, with a quantum of 4 cycles and in
// windowed mode (the links' 8 cycles). The same runs with the shared queue give another JSON:
// the NIC's queues are those the comparison is about.
struct PerSlCase {
  const char* name;
  const char* file;
  Cycle quantum, period;
};
class TlmPerSlEquivalence : public ::testing::TestWithParam<PerSlCase> {};

TEST_P(TlmPerSlEquivalence, SameDeliveriesAndJson) {
  const PerSlCase& c = GetParam();
  Config cfg;
  cfg.load_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/" + c.file);
  for (const char* k : {"sim.warmup=300", "sim.measure=1200", "sim.drain=true"})
    cfg.set_override(k);
  Config shared = cfg;
  cfg.set_override("qos.nic_queues=per_sl");
  shared.set_override("qos.nic_queues=shared");
  // 16 nodes offering 0.6 phits per cycle for 1500 cycles in packets of at most 8 phits.
  const std::string json =
      expect_tlm_is_native(cfg, c.quantum, c.period, 1500, std::string("per_sl_") + c.name, 1500);
  std::unique_ptr<Network> net = build_network(shared);
  EXPECT_FALSE(comparable(json) == comparable(results_json(run_native(*net), shared)))
      << "the shared source queue gives the same run";
}

INSTANTIATE_TEST_SUITE_P(
    Switches, TlmPerSlEquivalence,
    ::testing::Values(PerSlCase{"ib_fattree", "qos-ib-fattree-4-2.ini", 1, 1},
                      PerSlCase{"opa_fattree", "qos-opa-fattree-4-2.ini", 4, 4},
                      PerSlCase{"ib_torus", "qos-ib-torus-4x4.ini", 0, 8},
                      PerSlCase{"opa_torus", "qos-opa-torus-4x4.ini", 1, 1}),
    [](const testing::TestParamInfo<PerSlCase>& i) { return std::string(i.param.name); });

}  // namespace

namespace {

// Configurations the interface does not carry: a ConfigError naming the key, its value and what
// is allowed, before anything is elaborated.
TEST(TlmConfig, RefusesWhatItCannotCarry) {
  try {
    sc::TlmNetwork::check_config(
        test::dragonfly("h2", {"traffic.source=request_reply", "traffic.reply_size=2"}));
    FAIL() << "request-reply accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("traffic.source=request_reply: the TLM interface", 0), 0u)
        << e.what();
  }
  try {
    sc::TlmNetwork::check_config(test::dragonfly("h2", {"traffic.source_queue=0"}));
    FAIL() << "no source queue accepted";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(),
                 "traffic.source_queue=0: the TLM interface needs a source queue (allowed: 1 or "
                 "more packets)");
  }
  EXPECT_NO_THROW(sc::TlmNetwork::check_config(test::dragonfly("h2", {})));
}

// The allocator socket (RouterModel::replace_allocator) on the router module's network, C++-only:
// a block of other sizes is refused with a message; the C++ round-robin allocator put in the
// socket (the AllocatorCore path, one virtual call per cycle) gives the inline path's run exactly.
TEST(RouterAllocatorSocket, SameRunThroughTheSocket) {
  Config c;
  for (const char* s : {"traffic.load=0.9", "sim.warmup=500", "sim.measure=3000"})
    c.set_override(s);
  const Config cfg = sc::RouterModule::one_router_config(c, 4);
  std::unique_ptr<Network> plain = build_network(cfg);
  const std::string want = results_json(run_native(*plain), cfg);

  std::unique_ptr<Network> net = build_network(cfg);
  RouterModel& r = net->router(0);
  std::unique_ptr<model::AllocatorCore> wrong =
      std::make_unique<model::SeparableAllocatorT<>>(4, 2, 4, 2);
  try {
    r.replace_allocator(wrong);
    FAIL() << "an allocator of 2 VCs replaced one of 3";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "router 0: an allocator of 4 inputs, 2 VCs and 4 outputs cannot replace its "
                 "allocator of 4 ports and 3 VCs");
  }
  std::unique_ptr<model::AllocatorCore> same =
      std::make_unique<model::SeparableAllocatorT<>>(4, 3, 4, 2);
  ASSERT_TRUE(r.replace_allocator(same));
  EXPECT_EQ(same, nullptr);
  const RunResults got = run_native(*net);
  EXPECT_GT(got.packets_delivered, 1000u);
  EXPECT_TRUE(comparable(want) == comparable(results_json(got, cfg)));
}

// The InfiniBand switch's allocator socket (VlSwitch::replace_allocator; docs/cosim.md "The IB
// switch's allocator"), C++-only, on the 4-ary 2-tree of qos-ib-fattree-4-2.ini (8 ports, 3 VLs,
// 2 iterations): a block of other sizes is refused with a message; the C++ round-robin allocator
// in every switch's socket (allocate_vasa<true>: one AllocatorCore call per VA-SA) gives the
// native path's run exactly. The OPA switch has no such socket (false, the block kept).
TEST(RouterAllocatorSocket, IbSwitchSameRunThroughTheSocket) {
  Config cfg;
  cfg.load_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos-ib-fattree-4-2.ini");
  cfg.set_override("sim.warmup=300");
  cfg.set_override("sim.measure=1500");
  std::unique_ptr<Network> plain = build_network(cfg);
  const std::string want = results_json(run_native(*plain), cfg);

  std::unique_ptr<Network> net = build_network(cfg);
  RouterModel::SwitchAllocatorShape shape;
  ASSERT_TRUE(net->router(3).switch_allocator(shape));
  EXPECT_EQ(shape.inputs, 8u);
  EXPECT_EQ(shape.vcs, 3u);
  EXPECT_EQ(shape.outputs, 8u);
  EXPECT_EQ(shape.iterations, 2u);
  EXPECT_TRUE(shape.round_robin);
  std::unique_ptr<model::AllocatorCore> wrong =
      std::make_unique<model::SeparableAllocatorT<>>(8, 4, 8, 2);
  try {
    net->router(3).replace_allocator(wrong);
    FAIL() << "an allocator of 4 VLs replaced one of 3";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "switch 3: an allocator of 8 inputs, 4 VLs and 8 outputs; the switch's VA-SA "
                 "has 8, 3 and 8");
  }
  for (uint32_t r = 0; r < net->routers(); ++r) {
    std::unique_ptr<model::AllocatorCore> same =
        std::make_unique<model::SeparableAllocatorT<>>(8, 3, 8, 2);
    ASSERT_TRUE(net->router(r).replace_allocator(same));
    EXPECT_EQ(same, nullptr);
  }
  const RunResults got = run_native(*net);
  EXPECT_GT(got.packets_delivered, 1000u);
  EXPECT_TRUE(comparable(want) == comparable(results_json(got, cfg)));

  Config opa;
  opa.load_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos-opa-fattree-4-2.ini");
  std::unique_ptr<Network> onet = build_network(opa);
  EXPECT_FALSE(onet->router(0).switch_allocator(shape));
  std::unique_ptr<model::AllocatorCore> kept =
      std::make_unique<model::SeparableAllocatorT<>>(8, 3, 8, 2);
  EXPECT_FALSE(onet->router(0).replace_allocator(kept));
  EXPECT_NE(kept, nullptr);
}

// The OPA switch's allocator sockets (VlSwitch::switch_allocators, replace_switch_allocator;
// docs/cosim.md "The OPA switch's allocators"), C++-only, on the 4-ary 2-tree of
// qos-opa-fattree-4-2.ini (8 ports in 2 MPorts, 3 VLs, 2 iterations): each MPort's allocator (4
// inputs, 6 outputs) and the central one (4 central buffers, 8 outputs); a block of other sizes
// is refused with a message, an index past the central allocator is not a socket (false, the
// block kept); the C++ round-robin allocators in every socket of every switch (allocate_opa<false,
// true>: one AllocatorCore call per allocator evaluated) give the native path's run exactly.
TEST(RouterAllocatorSocket, OpaSwitchSameRunThroughTheSockets) {
  Config cfg;
  cfg.load_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos-opa-fattree-4-2.ini");
  cfg.set_override("sim.warmup=300");
  cfg.set_override("sim.measure=1500");
  std::unique_ptr<Network> plain = build_network(cfg);
  const std::string want = results_json(run_native(*plain), cfg);

  std::unique_ptr<Network> net = build_network(cfg);
  std::vector<RouterModel::SwitchAllocatorShape> shapes;
  net->router(3).switch_allocators(shapes);
  ASSERT_EQ(shapes.size(), 3u);
  const struct {
    uint32_t inputs, outputs;
    const char* name;
  } want_shapes[] = {{4, 6, "mport0"}, {4, 6, "mport1"}, {4, 8, "central"}};
  for (size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(shapes[k].inputs, want_shapes[k].inputs) << k;
    EXPECT_EQ(shapes[k].vcs, 3u) << k;
    EXPECT_EQ(shapes[k].outputs, want_shapes[k].outputs) << k;
    EXPECT_EQ(shapes[k].iterations, 2u) << k;
    EXPECT_TRUE(shapes[k].round_robin) << k;
    EXPECT_EQ(shapes[k].name, want_shapes[k].name) << k;
  }
  std::unique_ptr<model::AllocatorCore> wrong =
      std::make_unique<model::SeparableAllocatorT<>>(4, 3, 6, 2);
  try {
    net->router(3).replace_switch_allocator(2, wrong);
    FAIL() << "an allocator of 6 outputs replaced one of 8";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "switch 3: an allocator of 4 inputs, 3 VLs and 6 outputs; the switch's central "
                 "allocator has 4, 3 and 8");
  }
  EXPECT_FALSE(net->router(3).replace_switch_allocator(3, wrong));
  EXPECT_NE(wrong, nullptr);
  for (uint32_t r = 0; r < net->routers(); ++r)
    for (uint32_t k = 0; k < 3; ++k) {
      std::unique_ptr<model::AllocatorCore> same = std::make_unique<model::SeparableAllocatorT<>>(
          want_shapes[k].inputs, 3, want_shapes[k].outputs, 2);
      ASSERT_TRUE(net->router(r).replace_switch_allocator(k, same));
      EXPECT_EQ(same, nullptr);
    }
  const RunResults got = run_native(*net);
  EXPECT_GT(got.packets_delivered, 1000u);
  EXPECT_TRUE(comparable(want) == comparable(results_json(got, cfg)));
}

}  // namespace

namespace {

// A user's model at node 1 that answers every packet at once: a reply to its source, offered
// from inside the delivery call with the delivery's annotation (local time = the request's tail).
class Answerer : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<Answerer> in{"in"};
  tlm_utils::simple_initiator_socket<Answerer> out{"out"};
  // `replies`: replies per request; the answer (status and message) of each.
  explicit Answerer(const sc_core::sc_module_name& n, int replies = 1)
      : sc_core::sc_module(n), replies_(replies) {
    in.register_b_transport(this, &Answerer::b_transport);
  }
  std::vector<std::string> answers;

 private:
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    sc::PacketExtension* e = nullptr;
    gp.get_extension(e);
    sc::PacketExtension r;
    r.dst = e->src;
    r.phits = e->phits;
    r.cls = e->cls;
    r.tag = 1000 + e->tag;
    for (int k = 0; k < replies_; ++k) {
      tlm::tlm_generic_payload reply;
      reply.set_extension(&r);
      sc_core::sc_time d = delay;
      out->b_transport(reply, d);
      reply.clear_extension(&r);
      answers.push_back(std::to_string(int(reply.get_response_status())) + " " + r.error);
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  int replies_;
};

// Node 0 sends one packet at cycle 0 to node 1 (same router), whose model answers it at the
// request's tail (cycle 12: head ejected at 4, 8 phits, as in TlmBackPressure). In strict mode the
// answer is on time: taken at 12. In windowed mode (period 100, link.latency_global) it is offered
// during the activation that simulates [0, 100): late, so taken at 100, the first cycle not yet
// simulated, whatever order the processes ran in.
TEST(TlmLateOffer, TakenAtTheFirstCycleNotSimulated) {
  for (const Cycle q : {Cycle{1}, Cycle{0}}) {
    const std::string path = testing::TempDir() + "tlm_late_q" + std::to_string(q) + ".txt";
    std::remove(path.c_str());
    const int status = sctest::in_child([&] {
      ScEngineOptions opt;
      opt.quantum = q;
      sc::TlmNetwork tlm(
          "tlm", test::dragonfly("h2", {"sim.warmup=0", "sim.measure=300", "sim.drain=true"}), opt);
      Scripted user("user", {{0, 1, 8}}, tlm.node(0));
      user.socket.bind(tlm.node(0).in);
      Answerer model("model");
      tlm.node(1).out.bind(model.in);
      model.out.bind(tlm.node(1).in);
      std::vector<std::string> log;
      Recorder sink("sink", 0, log);
      tlm.node(0).out.bind(sink.socket);
      sc_core::sc_start();
      std::ofstream f(path);
      for (const auto& l : log) f << l << '\n';
      return 0;
    });
    ASSERT_EQ(status, 0);
    // node src seq t_gen t_inject head tail
    const std::string got = test::read_file(path);
    if (q == 1)
      EXPECT_EQ(got.rfind("0 1 0 12 13 ", 0), 0u) << got;
    else
      EXPECT_EQ(got.rfind("0 1 0 100 101 ", 0), 0u) << got;
  }
}

}  // namespace

namespace {

// Node 0 offers `offer` to node 1, whose model answers the packet with two replies from inside
// the delivery call (a method process) through a TLM network with one request slot; the model's
// answers, one per line, and the packets delivered.
std::string method_offer_answers(const Config& cfg, const Scripted::Offer& offer,
                                 const char* file) {
  const std::string path = testing::TempDir() + file;
  std::remove(path.c_str());
  const int status = sctest::in_child([&] {
    ScEngineOptions opt;
    opt.quantum = 1;
    sc::TlmNetwork tlm("tlm", cfg, opt, /*request_slots=*/1);
    Scripted user("user", {offer}, tlm.node(0));
    user.socket.bind(tlm.node(0).in);
    Answerer model("model", 2);
    tlm.node(1).out.bind(model.in);
    model.out.bind(tlm.node(1).in);
    std::vector<std::string> log;
    Recorder sink("sink", 0, log);
    tlm.node(0).out.bind(sink.socket);
    sc_core::sc_start();
    const RunResults r = tlm.results();
    std::ofstream f(path);
    for (const auto& a : model.answers) f << a << '\n';
    f << "delivered " << r.packets_delivered << '\n';
    return 0;
  });
  EXPECT_EQ(status, 0);
  return test::read_file(path);
}

// An offer from a method process (here from inside a delivery call) that finds the node's
// request buffer full cannot wait: with one request slot, the second of two replies made in the
// same call is refused with the reason; the first is delivered.
TEST(TlmMethodOffer, FullBufferRefusedWithTheReason) {
  EXPECT_EQ(method_offer_answers(
                test::dragonfly("h2", {"sim.warmup=0", "sim.measure=300", "sim.drain=true"}),
                {0, 1, 8}, "tlm_method_offer.txt"),
            std::to_string(int(tlm::TLM_OK_RESPONSE)) + " \n" +
                std::to_string(int(tlm::TLM_GENERIC_ERROR_RESPONSE)) +
                " node 1: its request buffer is full (1 packets) and b_transport was called from "
                "a method process, which cannot wait (allowed: an offer from a thread, or more "
                "request slots)\ndelivered 2\n");
}

// The same with per-SL request buffers (qos.nic_queues=per_sl, the IB 4-ary 2-tree of
// configs/qos-ib-fattree-4-2.ini; nodes 0 and 1 on one switch): a packet of SL 2 (8 flits) and its
// two replies; the reason names the SL whose buffer is full.
TEST(TlmMethodOffer, PerSlFullBufferNamesItsSl) {
  Config cfg;
  cfg.load_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos-ib-fattree-4-2.ini");
  for (const char* k :
       {"qos.nic_queues=per_sl", "sim.warmup=0", "sim.measure=300", "sim.drain=true"})
    cfg.set_override(k);
  EXPECT_EQ(method_offer_answers(cfg, {0, 1, 8, 2}, "tlm_method_offer_per_sl.txt"),
            std::to_string(int(tlm::TLM_OK_RESPONSE)) + " \n" +
                std::to_string(int(tlm::TLM_GENERIC_ERROR_RESPONSE)) +
                " node 1: its request buffer of SL 2 is full (1 packets) and b_transport was "
                "called from a method process, which cannot wait (allowed: an offer from a "
                "thread, or more request slots)\ndelivered 2\n");
}

}  // namespace
