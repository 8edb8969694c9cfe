// The memory estimate of a configuration (sim/network/memory_estimate.h) and the check that refuses
// a run which does not fit the machine, naming the keys that drive it.
#include <gtest/gtest.h>

#include <string>

#include "sim/config/config.h"
#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/memory_estimate.h"
#include "sim/network/network.h"
#include "sim/nic/nic.h"
#include "sim/router/vl/vl_fifos.h"
#include "sim/stats/report.h"

using netcosim::Config;
using netcosim::ConfigError;

namespace {

constexpr uint64_t kGiB = uint64_t{1} << 30;

double term_bytes(const netcosim::MemoryEstimate& m, const std::string& prefix) {
  for (const auto& t : m.terms)
    if (t.what.rfind(prefix, 0) == 0) return t.bytes;
  return -1;
}

std::string check_error(const Config& c, uint32_t threads, uint64_t available) {
  try {
    netcosim::check_memory_fits(c, threads, available, "test");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(MemoryEstimate, InputBufferTermIsSlotsTimesVcsTimesPortsTimesRouters) {
  // Defaults: p=2 a=4 h=2: 9 groups x 4 = 36 routers; packet.size 8; 36-byte packet slots (the
  // 32-byte packet and its 4-byte ready cycle).
  const auto m = netcosim::estimate_memory(Config(), 1);
  EXPECT_EQ(term_bytes(m, "router.buffer_injection="), 256 / 8 * 3 * 2 * 36 * 36.0);
  EXPECT_EQ(term_bytes(m, "router.buffer_local="), 32 / 8 * 2 * 3 * 36 * 36.0);
  EXPECT_EQ(term_bytes(m, "router.buffer_global="), 256 / 8 * 1 * 2 * 36 * 36.0);
  // Source queues: 64 entries of 16 bytes per node (generation cycle, destination, sequence
  // number, class), plus the NIC, its injection link and 64 bytes
  // of its link rings.
  EXPECT_EQ(term_bytes(m, "traffic.source_queue="),
            64 * 72 * 16.0 + 72 * double(sizeof(netcosim::Nic) + sizeof(netcosim::Link) + 64));
}

// A 5x5 torus of one-NIC switches (25 nodes, 5 ports each), two SLs with two VLs each (the
// dateline's), input and output buffers of 1024 flits (each VL may take all of them).
Config switch_torus(const std::string& arch, const char* mtu) {
  Config c;
  for (const char* kv : {"topology.type=torus", "topology.dims=5x5", "routing.algorithm=dor",
                         "traffic.source=service_levels", "qos.sls=2", "router.port_buffer=1024",
                         "router.buffer_output=1024"})
    c.set_override(kv);
  c.set_override("router.architecture=" + arch);
  c.set_override(std::string("qos.sl_mtu=") + mtu);
  c.set_override(std::string("qos.message_size=") + mtu);
  c.set_override(arch == "ib" ? "qos.sl2vl=0 1,2 3" : "qos.sl2sc=0 1,2 3");
  if (arch == "opa") c.set_override("qos.sc2vl=0,1,2,3");
  return c;
}

// The switches' VL FIFOs (VlSwitch, vl_fifo_capacity): per port and VL an input and an output
// FIFO of 1024 flits / the smallest packet of the VL's SL, on OPA also 2 central buffers per
// MPort of 4 ports (2 x ceil(5/4) = 4), each VL up to router.central_buffer / 2 = 1792 flits;
// 25 switches. The CIOQ router's input-buffer and output-FIFO terms are not counted.
TEST(MemoryEstimate, SwitchVlFifosPerPortVlAndCentralBuffer) {
  struct Case {
    const char* arch;
    const char* mtu;
    int64_t slots;
  };
  // 2048-B packets (32 flits) on every VL: 5 x 2 x 4 x 32 = 1280; OPA + 4 x 4 x 56 = 2176.
  // SL 0 of 192 B (3 flits): its VLs hold 341 packets, 597 in a central buffer: 5 x 2 x (2 x 341
  // + 2 x 32) = 7460; OPA + 4 x (2 x 597 + 2 x 56) = 12684.
  for (const Case k : {Case{"ib", "2048,2048", 1280}, Case{"opa", "2048,2048", 2176},
                       Case{"ib", "192,2048", 7460}, Case{"opa", "192,2048", 12684}}) {
    Config c = switch_torus(k.arch, k.mtu);
    netcosim::validate_config(c);
    const auto m = netcosim::estimate_memory(c, 1);
    const std::string what = std::string("router.port_buffer=1024, router.buffer_output=1024") +
                             (std::string(k.arch) == "opa" ? ", router.central_buffer=3584" : "") +
                             ": VL FIFOs of " + std::to_string(k.slots) +
                             " packets per switch (5 ports, 4 VLs) x 25 routers";
    EXPECT_EQ(term_bytes(m, what), double(k.slots) * 25 * sizeof(netcosim::VlFifos::Entry))
        << k.arch << " " << k.mtu;
    EXPECT_EQ(term_bytes(m, "router.buffer_output=1024 / packet.size"), -1) << k.arch;
    EXPECT_EQ(term_bytes(m, "router.buffer_x="), -1) << k.arch;
  }
}

// qos.nic_queues=per_sl (docs/model.md §9.2) adds, per NIC, one ring per SL of the source queue's
// first capacity and the rings' headers: N x sls x (q x sizeof(SourceEntry) + sizeof(SlQueue)),
// which the NICs of the built network hold exactly.
TEST(MemoryEstimate, PerSlNicQueuesAddEachSlsRingToEveryNic) {
  struct Case {
    const char* arch;
    uint32_t q;
  };
  for (const Case k : {Case{"ib", 64}, Case{"opa", 10}}) {
    Config c = switch_torus(k.arch, "2048,2048");
    c.set_override("traffic.source_queue=" + std::to_string(k.q));
    netcosim::validate_config(c);
    const auto shared = netcosim::estimate_memory(c, 1);
    c.set_override("qos.nic_queues=per_sl");
    netcosim::validate_config(c);
    const auto per_sl = netcosim::estimate_memory(c, 1);
    const double analytic =
        25.0 * 2 *
        (k.q * double(sizeof(netcosim::SourceEntry)) + double(sizeof(netcosim::Nic::SlQueue)));
    EXPECT_EQ(per_sl.total_bytes - shared.total_bytes, analytic) << k.arch;
    EXPECT_EQ(term_bytes(per_sl, "qos.nic_queues=per_sl: qos.sls=2 rings of traffic.source_queue=" +
                                     std::to_string(k.q) + " x 25 nodes"),
              analytic)
        << k.arch;
    EXPECT_EQ(term_bytes(shared, "qos.nic_queues="), -1) << k.arch;
    // What the built network's NICs hold.
    const auto net = build_network(c);
    double held = 0;
    for (const netcosim::Nic& nic : net->nics()) {
      ASSERT_NE(nic.sl_queues, nullptr) << k.arch;
      for (uint32_t s = 0; s < 2; ++s)
        held += nic.sl_queues[s].cap * double(sizeof(netcosim::SourceEntry)) +
                double(sizeof(netcosim::Nic::SlQueue));
    }
    EXPECT_EQ(held, analytic) << k.arch;
  }
}

TEST(MemoryEstimate, IdleRunWithHugeWarmupNeedsOnlyAFewMegabytes) {
  // The 72-node network with sim.warmup=100000000: the estimate does not grow with the run
  // length (the previous exact histogram alone needed 8 bytes per cycle: 800 MB).
  Config a, b;
  b.set_override("sim.warmup=100000000");
  b.set_override("sim.measure=1000000");
  b.set_override("traffic.load=0");
  const auto ma = netcosim::estimate_memory(a, 1), mb = netcosim::estimate_memory(b, 1);
  EXPECT_EQ(ma.total_bytes, mb.total_bytes);
  EXPECT_LT(mb.total_bytes, 8.0 * 1024 * 1024);
}

TEST(MemoryEstimate, BuffersBeyondTheMachineAreRefusedNamingTheKey) {
  Config c;
  c.set_override("packet.size=1");
  c.set_override("router.buffer_global=1048576");
  c.set_override("router.vcs_global=16");
  // 1048576 slots x 16 VCs x 2 ports x 36 routers x 36 B = 40.5 GiB.
  const std::string e = check_error(c, 1, 8 * kGiB);
  EXPECT_NE(e.find("router.buffer_global=1048576 / packet.size=1 x router.vcs_global=16 x "
                   "topology.h=2 ports x 36 routers needs 40.5 GB"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("the machine has 8.0 GB available (test"), std::string::npos) << e;
  EXPECT_EQ(check_error(c, 1, 1024 * kGiB), "");
}

TEST(MemoryEstimate, TimeSeriesBinsAreRefusedNamingTheirKeys) {
  Config c;
  c.set_override("sim.timeseries_bin=1");
  c.set_override("sim.warmup=0");
  c.set_override("sim.measure=1073741823");
  const std::string e = check_error(c, 4, 16 * kGiB);
  EXPECT_NE(e.find("sim.timeseries_bin=1 over sim.warmup+sim.measure=1073741823 cycles"),
            std::string::npos)
      << e;
  // One sink per thread: 4 threads need more than 1.
  EXPECT_GT(netcosim::estimate_memory(c, 4).total_bytes,
            netcosim::estimate_memory(c, 1).total_bytes);
}

TEST(MemoryEstimate, SourceQueuesAreRefusedNamingTheKey) {
  Config c;
  c.set_override("topology.p=16");
  c.set_override("topology.a=32");
  c.set_override("topology.h=16");
  c.set_override("traffic.source_queue=1048576");
  // 513 groups x 32 routers x 16 nodes = 262656 nodes x 2^20 entries x 16 B = 4 TiB.
  const std::string e = check_error(c, 1, 64 * kGiB);
  EXPECT_NE(e.find("traffic.source_queue=1048576 x 262656 nodes needs 4.0 TB"), std::string::npos)
      << e;
}

TEST(MemoryEstimate, BuildingTheNetworkRefusesARunNoMachineHas) {
  // 128 TB of global buffers: larger than the memory of any machine this runs on.
  Config c;
  for (const char* s : {"topology.p=16", "topology.a=32", "topology.h=16", "packet.size=1",
                        "router.buffer_global=1048576", "router.vcs_global=16"})
    c.set_override(s);
  try {
    netcosim::validate_config(c);  // consistent: only its size is impossible
    const auto net = build_network(c);
    FAIL() << "accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("router.buffer_global=1048576"), std::string::npos)
        << e.what();
  }
}

TEST(MemoryEstimate, FormatBytes) {
  EXPECT_EQ(netcosim::format_bytes(512), "512 bytes");
  EXPECT_EQ(netcosim::format_bytes(1536), "1.5 kB");
  EXPECT_EQ(netcosim::format_bytes(36.0 * kGiB), "36.0 GB");
}

}  // namespace
