// Per-SL source queues at the NIC (qos.nic_queues=per_sl; docs/model.md §9.2, thesis 003 Sec.
// 5.6): a packet of one SL generated behind a backlog of another SL's packets waits for the whole
// backlog in the shared FIFO and for one packet under per-SL queues (the NIC's round-robin
// scheduler turns to the other SL at the next free link); saturated runs with per-SL queues drain
// under the VC-order checker on both switches; and the key is refused where it cannot apply.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "sim/config/qos.h"
#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"

using namespace netcosim;

namespace {

// A 5x5 torus, one node per switch (node n on switch n, port 0), two SLs of 32-flit packets (2048
// bytes) (one packet per message), input and output buffers of 1024 flits, the default round-robin
// scheduler.
Config torus(const char* arch, std::vector<std::string> sets) {
  Config c;
  for (const char* kv : {"topology.type=torus", "topology.dims=5x5", "routing.algorithm=dor",
                         "traffic.source=service_levels", "qos.sls=2", "router.port_buffer=1024",
                         "router.buffer_output=1024", "router.latency=4", "router.xbar_latency=2",
                         "qos.sl_mtu=2048,2048", "qos.message_size=2048,2048", "sim.warmup=0",
                         "sim.measure=2000", "traffic.load=0"})
    c.set_override(kv);
  c.set_override(std::string("router.architecture=") + arch);
  // Two VLs per SL (the dateline's), none shared.
  if (std::string(arch) == "ib") {
    c.set_override("qos.sl2vl=0 1,2 3");
  } else {
    c.set_override("qos.sl2sc=0 1,2 3");
    c.set_override("qos.sc2vl=0,1,2,3");
  }
  for (const std::string& kv : sets) c.set_override(kv);
  return c;
}

// Cycle 0: kBacklog packets of SL 0 to node 4 (x+); cycle 1: one packet of SL 1 to node 8 (y+),
// so the two SLs share only the NIC's link and the switch's injection port.
constexpr uint32_t kBacklog = 20;
class BacklogThenOne final : public TrafficSource {
 public:
  Cycle next() const override { return next_; }
  TrafficDescriptor generate() override {
    const Cycle at = next_;
    next_ = at == 0 ? 1 : kNone;
    return at == 0 ? TrafficDescriptor{4, kBacklog, 0} : TrafficDescriptor{8, 1, 1};
  }

 private:
  Cycle next_ = 0;
};

RunResults backlog_run(const char* arch, const char* queues) {
  const auto net = build_network(torus(arch, {std::string("qos.nic_queues=") + queues}));
  net->set_source(3, std::make_unique<BacklogThenOne>());
  const RunResults r = run_native(*net);
  EXPECT_EQ(r.packets_delivered, kBacklog + 1) << arch << " " << queues;
  return r;
}

TEST(NicSlQueues, AnSlBehindAnotherSlsBacklogWaitsForAllOfItSharedAndForOnePacketPerSl) {
  // The link carries a 32-flit packet every 32 cycles from cycle 0. Shared FIFO: the SL 1 packet
  // (generated in cycle 1) leaves after the 20 SL 0 packets, in cycle 20 x 32 = 640, and enters
  // the switch in 641: it waits 640 cycles at the NIC (end-to-end minus network latency). Per SL:
  // in cycle 32 the NIC's round robin over the SLs (RrSlScheduler, last grant SL 0) grants SL 1,
  // which enters in 33 and waits 32 cycles. Its network latency is the same either way (its own
  // output port and VLs), and SL 0's last packet is one packet later under per-SL queues.
  for (const char* arch : {"ib", "opa"}) {
    const RunResults shared = backlog_run(arch, "shared");
    const RunResults per_sl = backlog_run(arch, "per_sl");
    ASSERT_EQ(shared.per_sl.size(), 2u);
    ASSERT_EQ(per_sl.per_sl.size(), 2u);
    const SlResults &s1 = shared.per_sl[1], &p1 = per_sl.per_sl[1];
    EXPECT_EQ(s1.packets_measured, 1u);
    EXPECT_DOUBLE_EQ(s1.latency_avg - s1.network_latency_avg, 640.0) << arch;
    EXPECT_DOUBLE_EQ(p1.latency_avg - p1.network_latency_avg, 32.0) << arch;
    EXPECT_DOUBLE_EQ(s1.network_latency_avg, p1.network_latency_avg) << arch;
    // SL 0's packet k (generated in cycle 0) enters the switch in 32k + 1 shared (mean wait
    // 32 x 9.5 + 1 = 305); per SL, packets 1..19 enter one packet later (mean 32 x 10.45 + 1).
    EXPECT_NEAR(shared.per_sl[0].latency_avg - shared.per_sl[0].network_latency_avg, 305.0, 1e-9)
        << arch;
    EXPECT_NEAR(per_sl.per_sl[0].latency_avg - per_sl.per_sl[0].network_latency_avg, 335.4, 1e-9)
        << arch;
  }
}

TEST(NicSlQueues, SaturatedPerSlRunsDrainUnderTheVcOrderChecker) {
  // The last case puts each SL's two SCs on one injection VL (an SL's queue feeding one VL).
  for (int i = 0; i < 3; ++i) {
    const char* arch = i == 0 ? "ib" : "opa";
    Config c = torus(arch, {"qos.nic_queues=per_sl", "topology.dims=4x4", "sim.check=true",
                            "sim.drain=true", "traffic.load=1", "sim.measure=3000",
                            "qos.sl_mtu=2048,4096", "qos.message_size=2048,4096"});
    if (i == 2) c.set_override("qos.sc2vl_injection=0,0,1,1");
    const auto net = build_network(c);
    ASSERT_TRUE(net->vc_checked());
    const RunResults r = run_native(*net);
    EXPECT_TRUE(r.drained) << arch;
    EXPECT_TRUE(r.conservation_ok) << arch;
    EXPECT_GT(r.packets_delivered, 1000u) << arch;
  }
}

TEST(NicSlQueues, RefusedWhereItCannotApply) {
  // The error's first sentence (what follows names what is allowed).
  const auto message = [](Config c) {
    try {
      validate_qos(c);
    } catch (const ConfigError& e) {
      const std::string m = e.what();
      return m.substr(0, m.find(" ("));
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message(torus("ib", {"qos.nic_queues=per_sl"})), "accepted");
  EXPECT_EQ(message(torus("opa", {"qos.nic_queues=per_sl"})), "accepted");
  EXPECT_EQ(message(torus("ib", {"qos.nic_queues=per_sl", "qos.backlogged=true"})),
            "qos.nic_queues=per_sl: not with qos.backlogged=true");
  Config cioq;
  for (const char* kv : {"topology.type=torus", "topology.dims=5x5", "routing.algorithm=dor",
                         "traffic.source=service_levels", "qos.sls=2", "qos.nic_queues=per_sl"})
    cioq.set_override(kv);
  EXPECT_EQ(message(cioq), "qos.nic_queues=per_sl: applies to router.architecture=ib|opa only");
  EXPECT_EQ(message(torus("ib", {"qos.nic_queues=per_sl", "traffic.source_queue=0"})),
            "qos.nic_queues=per_sl: needs a source queue per SL");
  EXPECT_EQ(message(torus("ib", {"qos.nic_queues=per_sl", "qos.sl2vl=0 1,0 1"})),
            "qos.nic_queues=per_sl: SL SL1 injects on VL0, which another SL also uses; per-SL "
            "source queues need one SL per injection VL");
  // An SL's two SCs on one injection VL are that SL's alone (docs/model.md §10.1's example).
  EXPECT_EQ(message(torus("opa", {"qos.nic_queues=per_sl", "qos.sc2vl_injection=0,0,1,1"})),
            "accepted");
  EXPECT_EQ(message(torus("opa", {"qos.nic_queues=per_sl", "qos.sc2vl_injection=0,0,0,1"})),
            "qos.nic_queues=per_sl: SL SL1 injects on VL0, which another SL also uses; per-SL "
            "source queues need one SL per injection VL");
  try {
    torus("ib", {"qos.nic_queues=fifo"});
    ADD_FAILURE() << "qos.nic_queues=fifo accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()),
              "qos.nic_queues=fifo (--set): allowed values are shared|per_sl");
  }
}

}  // namespace
