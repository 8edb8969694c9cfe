// The mapping tables per port class (qos.sl2vl_<class> on the InfiniBand switch, qos.sc2vl_<class>
// on the Omni-Path switch; docs/model.md §10.1; thesis 003 Sec. 4.2.1, 5.3.1): the VL a packet
// takes on each hop of a hand-traced torus route is its SL's entry in the table of the port class
// of that hop (the routing's dateline VC choosing among the entries), and differs from the
// network-wide table's where a class has its own; saturated runs with class tables drain under the
// VC-order checker.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/router/ib/ib_switch.h"
#include "sim/router/vl/rr_sl_scheduler.h"
#include "tests/network/switch_test_util.h"

using namespace netcosim;
using switchtest::ToOne;

namespace {

// A 5x5 torus, one node per switch (node n on switch n, port 0; ports 1/2 x+/x-, 3/4 y+/y-), two
// SLs, router.latency 4 so that a packet stays in each input buffer for several cycles.
Config torus(const char* arch, std::vector<std::string> sets) {
  Config c;
  for (const char* kv : {"topology.type=torus", "topology.dims=5x5", "routing.algorithm=dor",
                         "traffic.source=service_levels", "qos.sls=2", "router.port_buffer=256",
                         "router.buffer_output=256", "router.latency=4", "router.xbar_latency=2",
                         "qos.sl_mtu=256,256", "sim.warmup=0", "sim.measure=400", "traffic.load=0"})
    c.set_override(kv);
  c.set_override(std::string("router.architecture=") + arch);
  for (const std::string& kv : sets) c.set_override(kv);
  return c;
}

using Hop = std::tuple<uint32_t, uint32_t, uint32_t>;  // (switch, port, VL)

// One packet of SL 1 from node 3 to node 5, stepped one cycle at a time: every (switch, input
// port, VL) it occupies, in order, then the VL of the destination switch's ejection buffer.
template <bool kOpa>
std::vector<Hop> trace(const Config& c) {
  const auto net = build_network(c);
  net->set_source(3, std::make_unique<ToOne>(5, 1, 1000000));
  net->set_lookahead(1);
  std::vector<Hop> hops;
  const auto seen = [&](const Hop& h) {
    if (hops.empty() || hops.back() != h) hops.push_back(h);
  };
  const RunResults r = run_native(*net, [&](Cycle, Cycle) {
    for (uint32_t s = 0; s < net->routers(); ++s) {
      const RouterModel& m = net->router(s);
      for (uint32_t p = 0; p < m.radix(); ++p)
        for (uint32_t v = 0; v < m.vcs_per_port(); ++v)
          if (m.input_occupancy(p, v) != 0) seen({s, p, v});
    }
    const auto& dst = dynamic_cast<const VlSwitch<RrSlScheduler, kOpa>&>(net->router(5));
    for (uint32_t v = 0; v < dst.vcs_per_port(); ++v)
      if (dst.output_buffer_packets(0, v) != 0) seen({5, 0, v});
  });
  EXPECT_EQ(r.packets_delivered, 1u);
  return hops;
}

// DOR from switch 3 = (3,0) to switch 5 = (0,1): x+ to (4,0) on routing VC 0, x+ across the
// dateline to (0,0) on routing VC 1, y+ to (0,1) on routing VC 0 (sim/routing/mesh/dor.h
// dateline_vc), so the packet occupies the injection port of switch 3, the x- input port (2) of
// switches 4 and 0, the y- input port (4) of switch 5, and switch 5's ejection buffer (port 0).
std::vector<Hop> route(uint32_t inj, uint32_t x0, uint32_t x1, uint32_t y0) {
  return {Hop{3, 0, inj}, Hop{4, 2, x0}, Hop{0, 2, x1}, Hop{5, 4, y0}, Hop{5, 0, inj}};
}

TEST(SwitchSlMaps, IbTakesEachHopsVlFromItsPortClassSl2vl) {
  // SL1: qos.sl2vl "2 3" on x (routing VC 0 -> VL2, 1 -> VL3); qos.sl2vl_y "6 7"; the host links
  // (qos.sl2vl_injection) VL9 both ways.
  EXPECT_EQ(trace<false>(torus(
                "ib", {"qos.sl2vl=0 1,2 3", "qos.sl2vl_y=4 5,6 7", "qos.sl2vl_injection=8,9"})),
            route(9, 2, 3, 6));
  // The network-wide table alone: y as x, and the host links on the first of SL1's VLs (the
  // NIC's JSQ ties to the lowest VL, the ejection port's round robin starts at the first).
  EXPECT_EQ(trace<false>(torus("ib", {"qos.sl2vl=0 1,2 3"})), route(2, 2, 3, 2));
}

TEST(SwitchSlMaps, OpaTakesEachHopsVlFromItsPortClassSc2vl) {
  // SL1's SCs 2 and 3 (qos.sl2sc); their VLs 2, 3 on x (qos.sc2vl), 6, 7 on y (qos.sc2vl_y), both
  // VL1 on the host links (qos.sc2vl_injection: one VL per SL where no dateline is needed).
  EXPECT_EQ(trace<true>(torus("opa", {"qos.sl2sc=0 1,2 3", "qos.sc2vl=0,1,2,3",
                                      "qos.sc2vl_y=4,5,6,7", "qos.sc2vl_injection=0,0,1,1"})),
            route(1, 2, 3, 6));
  EXPECT_EQ(trace<true>(torus("opa", {"qos.sl2sc=0 1,2 3", "qos.sc2vl=0,1,2,3"})),
            route(2, 2, 3, 2));
}

TEST(SwitchSlMaps, SaturatedRunsWithClassTablesDrainUnderTheVcOrderChecker) {
  const std::vector<std::string> run = {"topology.dims=4x4", "sim.check=true",
                                        "sim.drain=true",    "traffic.load=1",
                                        "sim.measure=3000",  "qos.sl_mtu=256,512"};
  for (const char* arch : {"ib", "opa"}) {
    Config c =
        std::string(arch) == "ib"
            ? torus("ib", {"qos.sl2vl=0 1,2 3", "qos.sl2vl_y=4 5,6 7", "qos.sl2vl_injection=8,9"})
            : torus("opa", {"qos.sl2sc=0 1,2 3", "qos.sc2vl=0,1,2,3", "qos.sc2vl_y=4,5,6,7",
                            "qos.sc2vl_injection=0,0,1,1"});
    for (const std::string& kv : run) c.set_override(kv);
    const auto net = build_network(c);
    ASSERT_TRUE(net->vc_checked());
    const RunResults r = run_native(*net);
    EXPECT_TRUE(r.drained) << arch;
    EXPECT_TRUE(r.conservation_ok) << arch;
    EXPECT_GT(r.packets_delivered, 1000u) << arch;
  }
}

}  // namespace
