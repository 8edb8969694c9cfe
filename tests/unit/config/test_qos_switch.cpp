// The switch architectures' configuration checks (sim/config/qos.cpp validate_switch,
// switch_vl_plan; docs/model.md §10): service levels required, the routings they support,
// enough VLs per SL for a torus's dateline, each VL one routing VC, mapping tables on VLs that
// exist, packets that fit a VL buffer.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "config_error.h"
#include "sim/config/qos.h"

using namespace netcosim;
using netcosim::test::error_of;

namespace {

Config torus_ib(std::vector<std::string> sets = {}) {
  Config c;
  for (const char* kv : {"topology.type=torus", "topology.dims=4x4", "routing.algorithm=dor",
                         "router.architecture=ib", "traffic.source=service_levels", "qos.sls=2",
                         "qos.sl2vl=0 1,2 3"})
    c.set_override(kv);
  for (const std::string& kv : sets) c.set_override(kv);
  return c;
}
// The same torus with the Omni-Path switch, two SCs per SL.
Config torus_opa(std::vector<std::string> sets = {}) {
  Config c;
  for (const char* kv : {"topology.type=torus", "topology.dims=4x4", "routing.algorithm=dor",
                         "router.architecture=opa", "traffic.source=service_levels", "qos.sls=2",
                         "qos.sl2sc=0 1,2 3"})
    c.set_override(kv);
  for (const std::string& kv : sets) c.set_override(kv);
  return c;
}
std::string error(const Config& c) {
  return error_of([&] { validate_config(c); });
}
bool has(const std::string& e, const std::string& part) {
  return e.find(part) != std::string::npos;
}

TEST(QosSwitch, ATorusWithOneVlPerSlIsRefused) {
  const std::string e = error(torus_ib({"qos.sl2vl=0,1"}));
  EXPECT_TRUE(has(e,
                  "qos.sl2vl=0,1: SL SL0 has 1 VL; routing.algorithm=dor needs 2 per SL on "
                  "the x ports for deadlock freedom"))
      << e;
  EXPECT_EQ(error(torus_ib()), "");
}

TEST(QosSwitch, AVlMayCarryOneRoutingVcOnly) {
  const std::string e = error(torus_ib({"qos.sl2vl=0 1,1 0"}));
  EXPECT_TRUE(has(e, "qos.sl2vl=0 1,1 0: VL1 would carry routing VCs 1 and 0 of the x ports")) << e;
}

TEST(QosSwitch, AMappingToAVlThatDoesNotExistIsRefused) {
  const std::string e = error(torus_ib({"qos.vls=3"}));
  EXPECT_TRUE(has(e, "qos.sl2vl=0 1,2 3: sends a service level to VL3, which does not exist")) << e;
}

TEST(QosSwitch, APacketLargerThanAVlBufferIsRefused) {
  std::string e =
      error(torus_ib({"router.port_buffer=64", "router.buffer_output=64", "qos.sl_mtu=512,8192"}));
  EXPECT_TRUE(has(e,
                  "qos.sl_mtu=512,8192: SL SL1's packets of 128 flits are larger than a VL "
                  "buffer (router.vl_max=64 flits"))
      << e;
  e = error(torus_ib({"router.vl_max=32", "qos.sl_mtu=512,4096"}));
  EXPECT_TRUE(has(e,
                  "SL SL1's packets of 64 flits are larger than a VL buffer "
                  "(router.vl_max=32 flits)"))
      << e;
}

TEST(QosSwitch, BuffersMustGuaranteeEveryVlAWholePacket) {
  EXPECT_TRUE(has(error(torus_ib({"router.vl_min=4", "qos.sl_mtu=512,512"})),
                  "router.vl_min=4: every VL must be guaranteed a whole packet"));
  EXPECT_TRUE(has(error(torus_ib({"router.port_buffer=100", "qos.sl_mtu=2048,2048"})),
                  "router.port_buffer=100: 4 VLs x router.vl_min=32 flits guaranteed do not fit"));
  EXPECT_TRUE(has(error(torus_ib({"router.buffer_output=100", "qos.sl_mtu=2048,2048"})),
                  "router.buffer_output=100: 4 VLs x router.vl_min=32"));
}

TEST(QosSwitch, ServiceLevelsRoutingsAndKeysOfTheSwitch) {
  Config c;
  c.set("router.architecture", "ib");
  EXPECT_TRUE(has(error(c), "router.architecture=ib: the switch carries service levels"));
  EXPECT_TRUE(has(error(torus_ib({"routing.torus_deadlock=bubble"})),
                  "routing.algorithm=dor with routing.torus_deadlock=bubble: "
                  "router.architecture=ib routes with"));
  EXPECT_TRUE(has(error(torus_ib({"router.vcs_x=4"})),
                  "router.vcs_x=4: not read by router.architecture=ib"));
  EXPECT_TRUE(has(error(torus_ib({"router.vc_selection=random"})),
                  "router.vc_selection=random: not read by router.architecture=ib"));
  EXPECT_TRUE(has(error(torus_ib({"traffic.injection_vc=dest"})),
                  "traffic.injection_vc=dest: not read by router.architecture=ib"));
  EXPECT_TRUE(has(error(torus_ib({"router.buffer_model=damq"})),
                  "router.buffer_model=damq: not read by router.architecture=ib"));
  EXPECT_TRUE(has(error(torus_ib({"router.mport_xbar=shared"})),
                  "router.mport_xbar=shared: applies to router.architecture=opa only "
                  "(router.architecture=ib)"));
  EXPECT_EQ(error(torus_opa({"router.mport_xbar=shared"})), "");
  EXPECT_TRUE(has(error(torus_ib({"router.mport_xbar=shared_central"})),
                  "router.mport_xbar=shared_central: applies to router.architecture=opa only "
                  "(router.architecture=ib)"));
  EXPECT_EQ(error(torus_opa({"router.mport_xbar=shared_central"})), "");
  Config d;
  d.set("router.port_buffer", "512");
  EXPECT_TRUE(has(error(d), "router.port_buffer=512: applies to router.architecture=ib|opa only"));
  // The OPA switch's own keys name opa, not ib|opa, on the CIOQ router too.
  for (const char* kv : {"router.central_buffer=1024", "router.central_latency=3",
                         "router.mport_xbar=shared", "router.central_link=any"}) {
    Config cioq;
    cioq.set_override(kv);
    EXPECT_TRUE(has(error(cioq), std::string(kv) + ": applies to router.architecture=opa only "
                                                   "(router.architecture=cioq)"))
        << kv << ": " << error(cioq);
  }
}

TEST(QosSwitch, ThePlanMapsRoutingVcsOntoEachSlsVls) {
  const Config c = torus_ib({"qos.sls=3", "qos.sl2vl=0 1,2 3 4 5,6 7"});
  const ServiceLevels q = read_service_levels(c);
  const VlPlan p = switch_vl_plan(c, q);
  const PortClass x = 1;
  EXPECT_EQ(p.routing_vcs[x], 2u);
  EXPECT_EQ(p.routing_vcs[kInjectionClass], 1u);
  // SL1 has 4 VLs: routing VC 0 on VLs 2 and 4, VC 1 on 3 and 5 (spread round robin).
  EXPECT_EQ(p.candidates[x][1][0], (std::vector<uint8_t>{2, 4}));
  EXPECT_EQ(p.candidates[x][1][1], (std::vector<uint8_t>{3, 5}));
  EXPECT_EQ(p.candidates[kInjectionClass][1][0], (std::vector<uint8_t>{2, 3, 4, 5}));
  EXPECT_EQ(p.vl_rank[x][5], 1u);
  EXPECT_EQ(p.vl_rank[x][6], 0u);
  EXPECT_EQ(p.vl_rank[x][8], kNoRank);
}

}  // namespace

// Per port class tables (qos.sl2vl_<class>, qos.sc2vl_<class>; docs/model.md §10.1).
TEST(QosSwitch, AClassTableReplacesTheNetworkWideOneOnItsPorts) {
  // (10 and 8 VLs guaranteed a packet of 8 flits each: an output buffer of 128 flits.)
  const Config c =
      torus_ib({"qos.sl2vl_y=4 5,6 7", "qos.sl2vl_injection=8,9", "router.buffer_output=128"});
  const ServiceLevels q = read_service_levels(c);
  EXPECT_EQ(q.vls, 10u);  // the most any class's table uses
  const VlPlan p = switch_vl_plan(c, q);
  const PortClass x = 1, y = 2;
  EXPECT_EQ(p.candidates[x][1][0], (std::vector<uint8_t>{2}));  // qos.sl2vl
  EXPECT_EQ(p.candidates[x][1][1], (std::vector<uint8_t>{3}));
  EXPECT_EQ(p.candidates[y][1][0], (std::vector<uint8_t>{6}));  // qos.sl2vl_y
  EXPECT_EQ(p.candidates[y][1][1], (std::vector<uint8_t>{7}));
  EXPECT_EQ(p.candidates[kInjectionClass][0][0], (std::vector<uint8_t>{8}));
  EXPECT_EQ(p.candidates[kInjectionClass][1][0], (std::vector<uint8_t>{9}));
  EXPECT_EQ(p.vl_rank[y][7], 1u);
  EXPECT_EQ(p.vl_rank[y][2], kNoRank);
  EXPECT_EQ(p.vl_rank[x][2], 0u);
  EXPECT_EQ(error(c), "");
  // OPA: the SCs stay the network's (qos.sl2sc), their VLs are the class's.
  const Config o = torus_opa({"qos.sc2vl=0,1,2,3", "qos.sc2vl_injection=0,0,1,1",
                              "qos.sc2vl_y=4,5,6,7", "router.buffer_output=128"});
  EXPECT_EQ(error(o), "");
  const ServiceLevels qo = read_service_levels(o);
  const VlPlan po = switch_vl_plan(o, qo);
  EXPECT_EQ(qo.vls, 8u);
  EXPECT_EQ(po.candidates[kInjectionClass][1][0], (std::vector<uint8_t>{1, 1}));
  EXPECT_EQ(po.candidates[x][1][1], (std::vector<uint8_t>{3}));
  EXPECT_EQ(po.candidates[y][1][1], (std::vector<uint8_t>{7}));
}

TEST(QosSwitch, AClassTableIsCheckedAsTheNetworkWideOne) {
  // The dateline rule on the class's ports: fewer VLs than routing VCs, a VL on two routing VCs.
  std::string e = error(torus_ib({"qos.sl2vl_y=4,5"}));
  EXPECT_TRUE(has(e,
                  "qos.sl2vl_y=4,5: SL SL0 has 1 VL; routing.algorithm=dor needs 2 per SL on "
                  "the y ports for deadlock freedom"))
      << e;
  e = error(torus_ib({"qos.sl2vl_y=4 5,5 4"}));
  EXPECT_TRUE(has(e, "qos.sl2vl_y=4 5,5 4: VL5 would carry routing VCs 1 and 0 of the y ports"))
      << e;
  // Injection ports need one VL per SL (no dateline there).
  EXPECT_EQ(error(torus_ib({"qos.sl2vl_injection=0,2"})), "");
  // A VL at or above qos.vls, a VL above 15, an entry per SL.
  e = error(torus_ib({"qos.sl2vl_y=4 5,6 7", "qos.vls=6"}));
  EXPECT_TRUE(has(e,
                  "qos.sl2vl_y=4 5,6 7: sends a service level to VL7, which does not exist "
                  "(qos.vls=6: VL0 to VL5)"))
      << e;
  e = error(torus_ib({"qos.sl2vl_x=0 1,2 16"}));
  EXPECT_TRUE(has(e, "qos.sl2vl_x=0 1,2 16: entry '16' must be an integer in [0, 15]")) << e;
  e = error(torus_ib({"qos.sl2vl_x=0 1"}));
  EXPECT_TRUE(has(e, "qos.sl2vl_x=0 1: needs 2 comma-separated entries, one per service level"))
      << e;
  // A class the topology does not have, the other architecture's table, no service levels.
  e = error(torus_ib({"qos.sl2vl_tree=0,1"}));
  EXPECT_TRUE(has(e, "qos.sl2vl_tree=0,1: topology.type=torus has no port class 'tree'")) << e;
  e = error(torus_ib({"qos.sc2vl_x=0,1"}));
  EXPECT_TRUE(has(e, "qos.sc2vl_x=0,1: applies to router.architecture=opa only")) << e;
  Config cioq;
  for (const char* kv :
       {"topology.type=torus", "topology.dims=4x4", "routing.algorithm=dor", "qos.sl2vl_x=0 1,2 3"})
    cioq.set_override(kv);
  e = error(cioq);
  EXPECT_TRUE(has(e, "qos.sl2vl_x=0 1,2 3: needs service levels (qos.sls >= 1; qos.sls=0)")) << e;
  cioq.set_override("qos.sls=2");
  cioq.set_override("traffic.source=service_levels");
  e = error(cioq);
  EXPECT_TRUE(has(e, "qos.sl2vl_x=0 1,2 3: applies to router.architecture=ib only")) << e;
  Config o = torus_opa({"qos.sc2vl_y=4,5,6"});
  e = error(o);
  EXPECT_TRUE(has(e, "qos.sc2vl_y=4,5,6: SC3 (qos.sl2sc) has no VL: the table needs 4 entries"))
      << e;
  o.set_override("qos.sc2vl_y=4,5,5,4");
  e = error(o);
  EXPECT_TRUE(has(e, "qos.sc2vl_y=4,5,5,4: VL5 would carry routing VCs 1 and 0 of the y ports"))
      << e;
}
