// The deadlock report and the watchdog (docs/model.md §5): a network that
// deadlocks by construction (Valiant paths on VC 0 only, ADV+1 at load 1.0: the cyclic channel
// dependency that distance-based VCs exist to break) must be reported with the cycle of its
// wait-for graph, in text and JSON, by the native engine on one and two threads; and a watchdog
// period shorter than a link's latency must not turn packets in flight into a "deadlock".
#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bad_routings.h"
#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"
#include "test_util.h"

using namespace netcosim;
using netcosim::test::h2_topology;
using netcosim::test::ValiantOnVc0;

namespace {

Config make(const std::string& size, std::initializer_list<std::string> sets) {
  return netcosim::test::dragonfly(size, sets);
}

Config deadlocking_config(const char* watchdog) {
  Config c = make(
      "h2", {"traffic.load=1.0", "traffic.pattern=adv", "sim.warmup=1000", "sim.measure=20000"});
  c.set_override(std::string("sim.watchdog=") + watchdog);
  return c;
}

// The report's claims, checked against the topology and the routers' state: each element's
// head waits for the next element's buffer (the downstream input of its output port, on its
// output VC); it cannot get credits for a whole packet; with nothing in flight the credits
// are exactly the downstream buffer's free space; occupancies are the routers' own.
void check_report(Network& net, const DeadlockReport& rep, Cycle watchdog) {
  const Topology& topo = net.topology();
  const uint32_t S = net.packet_size();
  EXPECT_EQ(rep.packet_size, S);
  EXPECT_EQ(rep.watchdog, watchdog);
  EXPECT_GE(rep.idle_cycles, watchdog);
  EXPECT_GT(rep.packets_in_flight, 0u);
  ASSERT_FALSE(rep.cycles.empty()) << deadlock_text(rep);
  for (const auto& cyc : rep.cycles) {
    ASSERT_GE(cyc.size(), 2u);
    for (size_t k = 0; k < cyc.size(); ++k) {
      const BlockedBuffer& b = cyc[k];
      const BlockedBuffer& nb = cyc[(k + 1) % cyc.size()];
      const Topology::PortRef down = topo.peer(b.router, b.out_port);
      EXPECT_EQ(down.router, nb.router);
      EXPECT_EQ(down.port, nb.port);
      EXPECT_EQ(b.out_vc, nb.vc);
      EXPECT_EQ(b.vc, 0u);  // the routing uses VC 0 only
      EXPECT_LT(b.out_credits, S);
      EXPECT_EQ(b.out_credits, nb.capacity_phits - nb.occupancy_phits);
      EXPECT_EQ(b.out_credits, net.router(b.router).output_credits(b.out_port, b.out_vc));
      EXPECT_EQ(b.occupancy_phits, net.router(b.router).input_occupancy(b.port, b.vc) * S);
      EXPECT_GT(b.occupancy_phits, 0u);
      EXPECT_EQ(b.port_class, topo.port_class_of(b.router, b.port));
      EXPECT_EQ(b.capacity_phits, static_cast<uint32_t>(net.config().get_int(
                                      "router.buffer_" + topo.port_class_names()[b.port_class])));
    }
  }
}

// The JSON object carries the same cycles as the report, and the text names every buffer.
void check_json_and_text(const DeadlockReport& rep, const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(deadlock_json(rep));
  EXPECT_EQ(j.at("cycle").get<uint64_t>(), rep.cycle - 1);
  EXPECT_EQ(j.at("idle_cycles").get<uint64_t>(), rep.idle_cycles);
  EXPECT_EQ(j.at("packets_in_flight").get<uint64_t>(), rep.packets_in_flight);
  ASSERT_EQ(j.at("cycles").size(), rep.cycles.size());
  for (size_t c = 0; c < rep.cycles.size(); ++c) {
    ASSERT_EQ(j["cycles"][c].size(), rep.cycles[c].size());
    for (size_t k = 0; k < rep.cycles[c].size(); ++k) {
      const BlockedBuffer& b = rep.cycles[c][k];
      const nlohmann::json& e = j["cycles"][c][k];
      EXPECT_EQ(e.at("router").get<uint32_t>(), b.router);
      EXPECT_EQ(e.at("port").get<uint32_t>(), b.port);
      EXPECT_EQ(e.at("port_class").get<std::string>(), b.port_class_name);
      EXPECT_EQ(e.at("vc").get<uint32_t>(), b.vc);
      EXPECT_EQ(e.at("occupancy_phits").get<uint32_t>(), b.occupancy_phits);
      EXPECT_EQ(e.at("capacity_phits").get<uint32_t>(), b.capacity_phits);
      EXPECT_EQ(e.at("waits_for").at("port").get<uint32_t>(), b.out_port);
      EXPECT_EQ(e.at("waits_for").at("credits").get<uint32_t>(), b.out_credits);
      const std::string line = "router " + std::to_string(b.router) + " input port " +
                               std::to_string(b.port) + " (" + b.port_class_name + ") VC " +
                               std::to_string(b.vc) + ": " + std::to_string(b.occupancy_phits) +
                               "/" + std::to_string(b.capacity_phits) + " phits";
      if (c < 10) {  // the text shows the first ten cycles
        EXPECT_NE(text.find(line), std::string::npos) << line;
      }
    }
  }
  // The cycles come first, the other waiting buffers after.
  EXPECT_LT(text.find("cycle 1 ("), text.find("where packets wait"));
  EXPECT_EQ(text.find("further cycle(s) omitted") != std::string::npos, rep.cycles.size() > 10);
}

class DeadlockReportThreads : public ::testing::TestWithParam<uint32_t> {};

TEST_P(DeadlockReportThreads, NamesTheCycleOfBlockedBuffers) {
  const Config c = deadlocking_config("500");
  const auto net = build_network(c, std::make_unique<ValiantOnVc0>(h2_topology()));
  try {
    run_native(*net, nullptr, GetParam());
    FAIL() << "expected a deadlock";
  } catch (const SimulationFailure& e) {
    const DeadlockReport* rep = e.deadlock();
    ASSERT_NE(rep, nullptr) << e.what();
    EXPECT_EQ(std::string(e.what()), deadlock_text(*rep));
    check_report(*net, *rep, 500);
    check_json_and_text(*rep, e.what());
    // The document `run --json` writes on exit 3.
    const nlohmann::json doc = nlohmann::json::parse(failure_json(e));
    EXPECT_EQ(doc.at("schema"), "netcosim.failure/1");
    EXPECT_EQ(doc.at("error").get<std::string>(), e.what());
    EXPECT_EQ(doc.at("deadlock"), nlohmann::json::parse(deadlock_json(*rep)));
  }
}

INSTANTIATE_TEST_SUITE_P(Native, DeadlockReportThreads, ::testing::Values(1u, 2u),
                         [](const testing::TestParamInfo<uint32_t>& i) {
                           return std::to_string(i.param) + "_threads";
                         });

// A watchdog of one cycle still finds the deadlock, once nothing is in flight any more.
TEST(DeadlockReport, OneCycleWatchdogFindsTheSameKindOfCycle) {
  const auto net =
      build_network(deadlocking_config("1"), std::make_unique<ValiantOnVc0>(h2_topology()));
  try {
    run_native(*net);
    FAIL() << "expected a deadlock";
  } catch (const SimulationFailure& e) {
    ASSERT_NE(e.deadlock(), nullptr) << e.what();
    check_report(*net, *e.deadlock(), 1);
  }
}

// A failure that is not a deadlock carries no report; its JSON has no `deadlock`.
TEST(DeadlockReport, OtherFailuresHaveNoDeadlockObject) {
  const nlohmann::json doc = nlohmann::json::parse(failure_json(SimulationFailure("boom")));
  EXPECT_EQ(doc.at("error"), "boom");
  EXPECT_FALSE(doc.contains("deadlock"));
}

// At load 0.001 packets spend most of their time on 10- and 100-cycle links with nothing else
// moving: with a 1-cycle watchdog the old definition (no movement, packets in flight) reported a
// deadlock; nothing waits for a resource there, so the run completes. Both engines' decision is
// Network::watchdog; the CLI must exit 0.
TEST(Watchdog, PacketsInFlightOnLinksAreNotADeadlock) {
  for (const uint32_t threads : {1u, 2u}) {
    const Config c = make("h2", {"traffic.load=0.001", "sim.watchdog=1", "sim.drain=true"});
    const auto net = build_network(c);
    RunResults r;
    ASSERT_NO_THROW(r = run_native(*net, nullptr, threads));
    EXPECT_TRUE(r.conservation_ok);
    EXPECT_GT(r.packets_delivered, 0u);
  }
  const auto o = netcosim::test::run_cli(
      "run --set traffic.load=0.001 --set sim.watchdog=1 --quiet --json /dev/null");
  EXPECT_EQ(o.status, 0) << o.output;
  const auto sc = netcosim::test::run_cli(
      "run --engine systemc --set traffic.load=0.001 --set sim.watchdog=1 --quiet "
      "--json /dev/null");
  EXPECT_EQ(sc.status, 0) << sc.output;
}

}  // namespace

namespace {

// Request-reply with a bounded reply queue (traffic.reply_queue=1) and requests and replies on the
// same VCs (router.request_reply_vcs=shared, against thesis 000 Sec. 5.2.2, Theorem 2), h2 MIN
// 2/1 at load 1.0, 3,000 cycles of generation then a drain: protocol deadlock (thesis 000 Fig.
// 1.12). `sets` are added.
Config protocol_deadlock_config(std::initializer_list<std::string> sets) {
  Config c = make("h2", {"traffic.source=request_reply", "traffic.load=1.0", "sim.warmup=1000",
                         "sim.measure=2000", "sim.drain=true", "sim.watchdog=1000",
                         "traffic.reply_queue=1", "router.request_reply_vcs=shared"});
  for (const auto& s : sets) c.set_override(s);
  return c;
}

}  // namespace

class ProtocolDeadlockThreads : public ::testing::TestWithParam<uint32_t> {};

// The report says protocol deadlock, and each cycle is one: a request routed to its node's
// ejection waits for that node's full reply queue (the NIC holds reply_limit reply packets), and
// its successor in the cycle is the reply VC of the same node's injection port (VC 2 of 3: the
// requests have VCs 0-1), whose head is a reply; every other element waits for the credits of
// the next one's buffer as in check_report.
TEST_P(ProtocolDeadlockThreads, RequestsWaitForFullReplyQueues) {
  const auto net = build_network(protocol_deadlock_config({}));
  const Topology& topo = net->topology();
  try {
    run_native(*net, nullptr, GetParam());
    FAIL() << "expected a deadlock";
  } catch (const SimulationFailure& e) {
    const DeadlockReport* rep = e.deadlock();
    ASSERT_NE(rep, nullptr) << e.what();
    EXPECT_TRUE(rep->protocol);
    EXPECT_NE(std::string(e.what()).find("protocol deadlock: requests that cannot be consumed"),
              std::string::npos);
    ASSERT_FALSE(rep->cycles.empty());
    const uint32_t S = net->packet_size();
    for (const auto& cyc : rep->cycles) {
      size_t waiting = 0;
      for (size_t k = 0; k < cyc.size(); ++k) {
        const BlockedBuffer& b = cyc[k];
        const BlockedBuffer& nb = cyc[(k + 1) % cyc.size()];
        const Packet* head = net->router(b.router).head_view(b.port, b.vc).head;
        ASSERT_NE(head, nullptr);
        EXPECT_EQ(b.occupancy_phits, net->router(b.router).input_occupancy(b.port, b.vc) * S);
        if (b.waits_for_reply_queue) {
          ++waiting;
          EXPECT_EQ(head->cls, Packet::kRequest);
          EXPECT_EQ(topo.node_router(head->dst), b.router);
          EXPECT_EQ(topo.node_port(head->dst), b.out_port);
          const Nic& nic = net->nics()[head->dst];
          EXPECT_EQ(nic.reply_limit, 1u);
          EXPECT_EQ(nic.reply_held, 1u);  // its one reply packet is held
          EXPECT_EQ(nb.router, b.router);
          EXPECT_EQ(nb.port, b.out_port);
          EXPECT_EQ(nb.port_class, kInjectionClass);
          EXPECT_EQ(nb.vc, 2u);
          EXPECT_EQ(net->router(nb.router).head_view(nb.port, nb.vc).head->cls, Packet::kReply);
          // The router's list of waiting packets says why the request waits.
          const std::string blocked = net->router(b.router).describe_blocked(rep->cycle, 1000);
          const std::string line =
              "input port " + std::to_string(b.port) + " VC " + std::to_string(b.vc) + ": ";
          const size_t at = blocked.find(line);
          ASSERT_NE(at, std::string::npos) << blocked;
          const std::string row = blocked.substr(at, blocked.find('\n', at) - at);
          EXPECT_NE(row.find("(ejection; the node's reply queue is full: 1/1 reply packets held"),
                    std::string::npos)
              << row;
        } else {
          const Topology::PortRef down = topo.peer(b.router, b.out_port);
          EXPECT_EQ(down.router, nb.router);
          EXPECT_EQ(down.port, nb.port);
          EXPECT_EQ(b.out_vc, nb.vc);
          EXPECT_EQ(b.out_credits, nb.capacity_phits - nb.occupancy_phits);
          EXPECT_LT(b.out_credits, S);
        }
      }
      EXPECT_GE(waiting, 1u);
    }
    const nlohmann::json doc = nlohmann::json::parse(failure_json(e));
    EXPECT_TRUE(doc.at("deadlock").at("protocol_deadlock").get<bool>());
  }
}

INSTANTIATE_TEST_SUITE_P(Native, ProtocolDeadlockThreads, ::testing::Values(1u, 2u),
                         [](const testing::TestParamInfo<uint32_t>& i) {
                           return std::to_string(i.param) + "_threads";
                         });

// The same run drains when what protocol deadlock needs is missing: an unbounded reply queue (every
// request consumed, the default), or Theorem 2's VCs with the bounded queue: the baseline's
// separate request and reply halves (4/2 = 2/1+2/1) or FlexVC's concatenated sequence (4/2 =
// 2/1+2/1), under the VC-order checker. Every request is answered.
TEST(ProtocolDeadlock, DrainsWithAnUnboundedQueueOrSeparateVcs) {
  const std::vector<std::vector<std::string>> variants = {
      {"traffic.reply_queue=0"},
      {"router.request_reply_vcs=separate", "router.vcs_local=4", "router.vcs_global=2",
       "sim.check=true"},
      {"router.request_reply_vcs=separate", "router.vc_management=flexvc", "router.vcs_local=4",
       "router.vcs_global=2", "sim.check=true"}};
  for (const auto& v : variants) {
    Config c = protocol_deadlock_config({});
    for (const auto& s : v) c.set_override(s);
    RunResults r;
    ASSERT_NO_THROW(r = run_native(*build_network(c), nullptr, 2)) << v.back();
    EXPECT_TRUE(r.conservation_ok) << v.back();
    EXPECT_EQ(r.packets_in_flight, 0u) << v.back();
    ASSERT_EQ(r.per_class.size(), 2u);
    EXPECT_GT(r.per_class[0].packets_delivered, 5000u) << v.back();
    EXPECT_EQ(r.per_class[1].packets_delivered, r.per_class[0].packets_delivered) << v.back();
  }
}

// The protocol deadlock's report is the same on every engine: native on one and two threads,
// SystemC windowed and strict (exit 3, identical `deadlock` objects, apart from the cycle the
// watchdog fired and the idle cycles counted to it in strict mode, which checks the watchdog every
// cycle rather than at the end of a window).
TEST(ProtocolDeadlock, SameReportOnEveryEngine) {
  const std::string base = std::string(NETCOSIM_SOURCE_DIR) +
                           "/configs/dragonfly-h2.ini --set traffic.source=request_reply "
                           "--set traffic.load=1.0 --set sim.warmup=1000 --set sim.measure=2000 "
                           "--set sim.drain=true --set sim.watchdog=1000 "
                           "--set traffic.reply_queue=1 --set router.request_reply_vcs=shared";
  const std::vector<std::string> engines = {"", " --threads 2", " --engine systemc",
                                            " --engine systemc --sc-quantum 1"};
  nlohmann::json first;
  for (size_t k = 0; k < engines.size(); ++k) {
    const std::string json =
        testing::TempDir() + "protocol_deadlock_" + std::to_string(k) + ".json";
    std::remove(json.c_str());
    const auto o = netcosim::test::run_cli("run " + base + engines[k] + " --quiet --json " + json);
    EXPECT_EQ(o.status, 3) << engines[k] << "\n" << o.output;
    const nlohmann::json doc = netcosim::test::load_json(json);
    ASSERT_TRUE(doc.contains("deadlock")) << engines[k];
    nlohmann::json d = doc["deadlock"];
    EXPECT_TRUE(d.at("protocol_deadlock").get<bool>()) << engines[k];
    EXPECT_GE(d.at("idle_cycles").get<uint64_t>(), 1000u);
    if (k == 3) {  // strict
      d.erase("cycle");
      d.erase("idle_cycles");
      first.erase("cycle");
      first.erase("idle_cycles");
    }
    if (k == 0)
      first = d;
    else
      EXPECT_EQ(d, first) << engines[k];
  }
}
