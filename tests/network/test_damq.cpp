// DAMQ input buffers (router.buffer_model=damq, sim/blocks/damq_credits.h; thesis 000 Sec. 5.3.1):
// with 100% private every run is the static buffers' run; with 75% (seed 002 Table V) MIN and
// VAL drain past saturation with conservation under the VC-order checker; with 0% VC 0 takes
// the whole memory of ports around a cycle and the network deadlocks (the thesis's Fig. 5.6
// case), which the watchdog reports with the cycle of its wait-for graph.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/deadlock_report.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"
#include "sim/util/failure.h"

using namespace netcosim;

namespace {

Config h2(std::initializer_list<const char*> sets) {
  Config c;
  for (const char* s : sets) c.set_override(s);
  return c;
}

// The run's JSON without its configuration and timing keys.
nlohmann::json simulated(const RunResults& r, const Config& c) {
  nlohmann::json j = nlohmann::json::parse(results_json(r, c));
  for (const char* k : {"config", "wall_seconds", "cycles_per_second", "peak_rss_mb"}) j.erase(k);
  return j;
}

TEST(Damq, FullyPrivateRunsExactlyAsStaticBuffers) {
  for (const char* routing : {"routing.algorithm=min", "routing.algorithm=olm"}) {
    Config s = h2({"traffic.load=0.9", "traffic.pattern=adv", "sim.warmup=500", "sim.measure=1500",
                   "router.vcs_local=3", "router.vcs_global=2"});
    s.set_override(routing);
    Config d = s;
    d.set_override("router.buffer_model=damq");
    d.set_override("router.damq_private=100");
    const RunResults rs = run_native(*build_network(s));
    const RunResults rd = run_native(*build_network(d));
    EXPECT_GT(rs.packets_delivered, 1000u);
    EXPECT_EQ(simulated(rs, s), simulated(rd, d)) << routing;
  }
}

TEST(Damq, ThreeQuartersPrivateDrainsPastSaturationUnderTheChecker) {
  const std::initializer_list<const char*> val = {"routing.algorithm=val", "router.vcs_local=4",
                                                  "router.vcs_global=2"};
  for (bool valiant : {false, true}) {
    for (const char* pattern : {"traffic.pattern=uniform", "traffic.pattern=adv"}) {
      Config c = h2({"traffic.load=1.0", "sim.warmup=500", "sim.measure=1500", "sim.drain=true",
                     "sim.check=true", "router.buffer_model=damq", "router.damq_private=75"});
      c.set_override(pattern);
      if (valiant)
        for (const char* s : val) c.set_override(s);
      const RunResults r = run_native(*build_network(c), nullptr, 2);
      EXPECT_TRUE(r.conservation_ok) << valiant << " " << pattern;
      EXPECT_EQ(r.packets_in_flight, 0u);
      EXPECT_GT(r.packets_delivered, 1000u);
    }
  }
}

// MIN 2/1 under uniform traffic at load 1.0 with no private part: the watchdog fires and the
// report's cycle is one of full ports. With 0% private a VC's credits are the port's free phits
// (the whole buffer is the pool), so each blocked head's credits are exactly what the next
// buffer's port leaves free, and less than a packet.
TEST(Damq, WithoutReservationTheNetworkDeadlocksAndTheCycleIsReported) {
  const Config c = h2({"traffic.load=1.0", "sim.warmup=3000", "sim.measure=1000", "sim.drain=true",
                       "router.buffer_model=damq", "router.damq_private=0", "sim.watchdog=2000"});
  const auto net = build_network(c);
  const Topology& topo = net->topology();
  const uint32_t S = net->packet_size();
  try {
    run_native(*net);
    FAIL() << "expected a deadlock";
  } catch (const SimulationFailure& e) {
    const DeadlockReport* rep = e.deadlock();
    ASSERT_NE(rep, nullptr) << e.what();
    ASSERT_FALSE(rep->cycles.empty()) << e.what();
    for (const auto& cyc : rep->cycles) {
      ASSERT_GE(cyc.size(), 2u);
      for (size_t k = 0; k < cyc.size(); ++k) {
        const BlockedBuffer& b = cyc[k];
        const BlockedBuffer& nb = cyc[(k + 1) % cyc.size()];
        const Topology::PortRef down = topo.peer(b.router, b.out_port);
        EXPECT_EQ(down.router, nb.router);
        EXPECT_EQ(down.port, nb.port);
        EXPECT_LT(b.out_credits, S);
        const RouterModel& dr = net->router(down.router);
        const std::string cls = topo.port_class_names()[topo.port_class_of(down.router, down.port)];
        const uint32_t pool = static_cast<uint32_t>(c.get_int("router.vcs_" + cls) *
                                                    c.get_int("router.buffer_" + cls));
        uint32_t held = 0;
        for (uint32_t v = 0; v < dr.vcs_per_port(); ++v)
          held += dr.input_occupancy(down.port, v) * S;
        EXPECT_EQ(b.out_credits, pool - held);
        EXPECT_EQ(nb.capacity_phits, pool);  // one VC may take the whole pool
        EXPECT_GT(nb.occupancy_phits, 0u);
      }
    }
  }
}

}  // namespace

namespace {

// The phits one VC of router 0's first port of class `want` may hold, and the analytic DAMQ value
// for the port's class (sim/blocks/damq_credits.h): P + (B - vcs x P), P = floor(B x 75 / 100 /
// vcs).
struct PortCapacity {
  uint32_t built = 0, damq = 0, per_vc = 0;
};
PortCapacity capacity_of(const Network& net, const Config& c, PortClass want) {
  const Topology& topo = net.topology();
  for (uint32_t p = 0; p < topo.router_radix(); ++p) {
    if (topo.port_class_of(0, p) != want) continue;
    const std::string cls = topo.port_class_names()[want];
    const uint32_t vcs = static_cast<uint32_t>(c.get_int("router.vcs_" + cls));
    const uint32_t per_vc = static_cast<uint32_t>(c.get_int("router.buffer_" + cls));
    const uint32_t B = vcs * per_vc, P = B * 75 / 100 / vcs;
    return {net.router(0).input_capacity_phits(p, 0), P + (B - vcs * P), per_vc};
  }
  ADD_FAILURE() << "no port of class " << want;
  return {};
}

}  // namespace

// router.damq_injection=static (FOGSim's DAMQ router keeps static injection queues; docs/model.md
// §2): the injection ports' VCs hold router.buffer_injection, the transit ports stay DAMQs; the
// default (damq) makes every input port a DAMQ. Under static buffers the key is an error.
TEST(Damq, InjectionBuffersStaticOnlyUnderTheKey) {
  for (bool static_injection : {false, true}) {
    Config c = h2({"router.buffer_model=damq", "router.damq_private=75"});
    if (static_injection) c.set_override("router.damq_injection=static");
    const auto net = build_network(c);
    const PortCapacity inj = capacity_of(*net, c, kInjectionClass);
    EXPECT_NE(inj.damq, inj.per_vc);  // the two readings differ on this network
    EXPECT_EQ(inj.built, static_injection ? inj.per_vc : inj.damq);
    for (PortClass k = 1; k < net->topology().port_classes(); ++k) {
      const PortCapacity t = capacity_of(*net, c, k);
      EXPECT_EQ(t.built, t.damq) << k;
    }
  }
  Config bad = h2({"router.damq_injection=static"});
  try {
    build_network(bad);
    FAIL() << "expected a configuration error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("router.damq_injection=static"), std::string::npos)
        << e.what();
  }
}
