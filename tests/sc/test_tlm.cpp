// The TLM-2.0 interface of a network (systemc/tlm/; docs/model.md §6.4):
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
#include <sys/wait.h>
#include <unistd.h>

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
#include "systemc/tlm/source_initiator.h"
#include "systemc/tlm/tlm_network.h"
#include "tests/integration/test_util.h"

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
class Logged final : public TrafficSource {
 public:
  Logged(uint32_t node, uint32_t phits, std::vector<std::string>& log)
      : TrafficSource(true), node_(node), phits_(phits), log_(log) {}
  void wrap(std::unique_ptr<TrafficSource> inner) { inner_ = std::move(inner); }
  Cycle next() const override { return inner_ ? inner_->next() : kNone; }
  TrafficDescriptor generate() override { return inner_->generate(); }
  void on_receive(const Packet& p, Cycle now) override {
    log_.push_back(delivery_line(node_, p, now, now + phits_));
  }

 private:
  std::unique_ptr<TrafficSource> inner_;
  uint32_t node_, phits_;
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

void write_lines(const std::string& path, std::vector<std::string> lines) {
  std::sort(lines.begin(), lines.end());
  std::ofstream f(path);
  for (const auto& l : lines) f << l << '\n';
}
std::string read_text(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}
nlohmann::json comparable(const std::string& text) {
  nlohmann::json j = nlohmann::json::parse(text);
  for (const char* k : {"engine", "threads", "wall_seconds", "cycles_per_second", "peak_rss_mb"})
    j.erase(k);
  return j;
}

// Runs `body` in a child process; returns its exit status.
template <class F>
int in_child(F body) {
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    int code = 4;
    try {
      code = body();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "child: %s\n", e.what());
    }
    std::fflush(nullptr);
    _exit(code);
  }
  int st = 0;
  waitpid(pid, &st, 0);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

Config h2_uniform() {
  return test::dragonfly(
      "h2", {"traffic.load=0.6", "sim.warmup=1000", "sim.measure=3000", "sim.drain=true"});
}

class TlmEquivalence : public ::testing::TestWithParam<Cycle> {};

TEST_P(TlmEquivalence, SameDeliveriesAndJson) {
  const Config cfg = h2_uniform();
  const Cycle stop = 4000;  // sim.warmup + sim.measure: the NICs' end of generation (sim.drain)
  const std::string dir = testing::TempDir() + "tlm_q" + std::to_string(GetParam()) + "_";

  // Native engine, in-process.
  std::vector<std::string> native_log;
  std::unique_ptr<Network> net = build_network(cfg);
  for (uint32_t n = 0; n < net->topology().nodes(); ++n) {
    auto logged = std::make_unique<Logged>(n, net->packet_size(), native_log);
    Logged* l = logged.get();
    l->wrap(net->set_source(n, std::move(logged)));
    net->source_moved(n);
  }
  const RunResults native = run_native(*net);
  ASSERT_EQ(native.packets_refused, 0u) << "the comparison needs a run without refusals";
  ASSERT_GT(native_log.size(), 10000u);

  const int status = in_child([&] {
    std::vector<std::string> log;
    ScEngineOptions opt;
    opt.quantum = GetParam();
    sc::TlmNetwork tlm("tlm", cfg, opt);
    std::vector<std::unique_ptr<sc::SourceInitiator>> gens;
    std::vector<std::unique_ptr<Recorder>> recs;
    for (uint32_t n = 0; n < tlm.nodes(); ++n) {
      gens.push_back(std::make_unique<sc::SourceInitiator>(("gen_" + std::to_string(n)).c_str(),
                                                           tlm.take_native_source(n),
                                                           tlm.packet_phits(), stop));
      gens.back()->socket.bind(tlm.node(n).in);
      recs.push_back(std::make_unique<Recorder>(("rec_" + std::to_string(n)).c_str(), n, log));
      tlm.node(n).out.bind(recs.back()->socket);
    }
    sc_core::sc_start();
    const RunResults r = tlm.results();
    std::ofstream(dir + "run.json") << results_json(r, cfg);
    write_lines(dir + "tlm.log", log);
    uint64_t bad = 0, stalls = 0;
    for (const auto& rec : recs) bad += rec->bad_time + rec->bad_tag;
    for (uint32_t n = 0; n < tlm.nodes(); ++n) stalls += tlm.node(n).stalls();
    for (const auto& g : gens) bad += g->refused();
    std::ofstream(dir + "checks.txt") << bad << ' ' << stalls << ' ' << tlm.period() << '\n';
    return 0;
  });
  ASSERT_EQ(status, 0);
  write_lines(dir + "native.log", native_log);
  EXPECT_EQ(read_text(dir + "checks.txt"),
            "0 0 " + std::to_string(GetParam() == 0 ? 100 : GetParam()) + "\n")
      << "bad annotations or tags, refusals, stalls; the period";
  EXPECT_TRUE(read_text(dir + "native.log") == read_text(dir + "tlm.log"))
      << "deliveries differ: diff " << dir << "native.log " << dir << "tlm.log";
  EXPECT_TRUE(comparable(results_json(native, cfg)) == comparable(read_text(dir + "run.json")))
      << "the JSON differs: " << dir << "run.json against the native run's";
}

// Strict mode (every router and NIC on every edge), a quantum of 4 cycles, and windowed mode (a
// group's routers in turns for the global links' latency).
INSTANTIATE_TEST_SUITE_P(Modes, TlmEquivalence, ::testing::Values(Cycle{1}, Cycle{4}, Cycle{0}),
                         [](const testing::TestParamInfo<Cycle>& i) {
                           return i.param == 0 ? std::string("windowed")
                                               : "quantum" + std::to_string(i.param);
                         });

}  // namespace
