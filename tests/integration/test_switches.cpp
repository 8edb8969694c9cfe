// The switch architectures built on service levels (docs/model.md §10) through the binary: the
// native engine with 1 and 2 threads and the SystemC engine (windowed and strict) give the same
// JSON on a small fat tree and a small torus, drained with every packet delivered; bad tables and
// buffers exit 2 naming the key.
#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine_json.h"
#include "test_util.h"
#include "tests/test_files.h"

namespace {

using netcosim::test::comparable;
using netcosim::test::run_cli;

std::string run_json(const std::string& args, const std::string& tag) {
  const std::string json = testing::TempDir() + "switches_" + tag + ".json";
  std::remove(json.c_str());
  const auto o = run_cli("run " + args + " --quiet --json " + json);
  EXPECT_EQ(o.status, 0) << args << "\n" << o.output;
  return json;
}

struct Case {
  const char* name;
  const char* args;
};

class SwitchEngines : public ::testing::TestWithParam<Case> {};

TEST_P(SwitchEngines, SameJsonAndDrained) {
  const Case c = GetParam();
  const std::string base =
      std::string(NETCOSIM_SOURCE_DIR) + "/configs/" + c.args + " --set sim.drain=true";
  const std::vector<std::string> files = {
      run_json(base, std::string(c.name) + "_native"),
      run_json(base + " --threads 2", std::string(c.name) + "_t2"),
      run_json(base + " --engine systemc", std::string(c.name) + "_sc"),
      run_json(base + " --engine systemc --sc-quantum 1", std::string(c.name) + "_sc1")};
  EXPECT_TRUE(netcosim::test::valid_run_json(files));
  const nlohmann::json native = comparable(files[0]);
  ASSERT_TRUE(native.contains("per_sl"));
  EXPECT_EQ(native.at("conservation_ok"), true);
  EXPECT_GT(native.at("packets_measured").get<uint64_t>(), 1000u);
  for (size_t i = 1; i < files.size(); ++i)
    EXPECT_EQ(native, comparable(files[i])) << files[i] << " differs from " << files[0];
}

INSTANTIATE_TEST_SUITE_P(
    Ib, SwitchEngines,
    ::testing::Values(Case{"ib_fattree", "qos-ib-fattree-4-2.ini"},
                      Case{"ib_torus", "qos-ib-torus-4x4.ini --set traffic.load=0.9"},
                      // Trunks of 2 links (topology.trunk, docs/model.md §7.2).
                      Case{"ib_torus_trunk2",
                           "qos-ib-torus-4x4.ini --set traffic.load=0.9 --set "
                           "topology.nodes_per_switch=4 --set topology.trunk=2"},
                      // The link chosen per packet (docs/model.md §10.6).
                      Case{"ib_torus_trunk2_adaptive",
                           "qos-ib-torus-4x4.ini --set traffic.load=0.9 --set "
                           "topology.nodes_per_switch=4 --set topology.trunk=2 --set "
                           "routing.trunk_select=adaptive"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

// The table schedulers (router.output_scheduler, docs/model.md §10.5): SBT with Table 2.2 Config
// A's weights, Table 4.9's DTable on the Ch. 4 mix (Table 4.6's shared VLs: the heads' SLs), and
// the IB VL arbiter of Table 6.1 Config A with its low-priority table (VL3) on a 4-VL IB tree,
// DRR.
INSTANTIATE_TEST_SUITE_P(
    Schedulers, SwitchEngines,
    ::testing::Values(
        Case{"opa_fattree_sbt",
             "qos-opa-fattree-4-2.ini --set router.output_scheduler=sbt --set "
             "qos.sbt_weights=60,30,10 --set traffic.load=0.9"},
        Case{"opa_fattree_dtable",
             "qos-ch4-opa-fattree-4-2.ini --set router.output_scheduler=dtable --set "
             "qos.table=" NETCOSIM_SOURCE_DIR
             "/configs/qos/table4_9_dtable.json --set sim.warmup=1000 --set sim.measure=2000"},
        Case{"ib_fattree_ib_vlarb",
             "qos-ib-fattree-4-2.ini --set router.output_scheduler=ib_vlarb --set qos.sls=4 "
             "--set qos.inject_share=0.4,0.3,0.2,0.1 --set qos.sl_mtu=256,256,512,256 --set "
             "qos.message_size=256,512,512,256 --set qos.pattern=uniform,uniform,bursts4,uniform "
             "--set qos.table=" NETCOSIM_SOURCE_DIR
             "/configs/qos/table6_1_a.json --set traffic.load=0.9"},
        // Backlogged NICs served by the arbiter (qos.backlogged, docs/model.md §9.2; Ch. 6).
        Case{"ib_fattree_backlogged",
             "qos-ch6-ib-fattree-2-2.ini --set topology.k=4 --set qos.table=" NETCOSIM_SOURCE_DIR
             "/configs/qos/table6_1_a.json --set sim.warmup=1000 --set sim.measure=3000"},
        // Per-SL source queues served by the NIC's scheduler (qos.nic_queues, docs/model.md
        // §9.2) at 0.9: round robin (IB) and SBT (OPA).
        Case{"ib_fattree_nic_per_sl",
             "qos-ib-fattree-4-2.ini --set qos.nic_queues=per_sl --set traffic.load=0.9"},
        Case{"opa_fattree_sbt_nic_per_sl",
             "qos-opa-fattree-4-2.ini --set qos.nic_queues=per_sl --set traffic.load=0.9 --set "
             "router.output_scheduler=sbt --set qos.sbt_weights=60,30,10"},
        // DRR (docs/model.md §10.5) on the OPA switches at 0.9, and on the IB switches with per-SL
        // source queues served by the NIC's DRR.
        Case{"opa_fattree_drr",
             "qos-opa-fattree-4-2.ini --set router.output_scheduler=drr --set "
             "qos.drr_quantum=24,4,8 --set traffic.load=0.9"},
        Case{"ib_fattree_drr_nic_per_sl",
             "qos-ib-fattree-4-2.ini --set router.output_scheduler=drr --set "
             "qos.drr_quantum=8,12,8 --set qos.nic_queues=per_sl --set traffic.load=0.9"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Opa, SwitchEngines,
    ::testing::Values(Case{"opa_fattree", "qos-opa-fattree-4-2.ini"},
                      Case{"opa_torus", "qos-opa-torus-4x4.ini --set traffic.load=0.9"},
                      // Trunks of 2 links spanning MPorts (topology.trunk, docs/model.md §7.2).
                      Case{"opa_torus_trunk2",
                           "qos-opa-torus-4x4.ini --set traffic.load=0.9 --set "
                           "topology.nodes_per_switch=4 --set topology.trunk=2"},
                      Case{"opa_torus_trunk2_adaptive",
                           "qos-opa-torus-4x4.ini --set traffic.load=0.9 --set "
                           "topology.nodes_per_switch=4 --set topology.trunk=2 --set "
                           "routing.trunk_select=adaptive"},
                      // Either central buffer of an MPort open to each of its inputs
                      // (router.central_link=any, docs/model.md §11).
                      Case{"opa_torus_trunk2_central_any",
                           "qos-opa-torus-4x4.ini --set traffic.load=0.9 --set "
                           "topology.nodes_per_switch=4 --set topology.trunk=2 --set "
                           "router.central_link=any"},
                      // A losing head waits (router.alloc_retry, docs/model.md §10.2).
                      Case{"opa_torus_alloc_retry",
                           "qos-opa-torus-4x4.ini --set traffic.load=0.9 --set "
                           "router.alloc_retry=7"},
                      Case{"ib_fattree_alloc_retry",
                           "qos-ib-fattree-4-2.ini --set router.alloc_retry=7"},
                      // Credits returned per flit (router.credit_return, docs/model.md §10.2):
                      // a credit message per crossbar cycle, on links that cross threads too.
                      Case{"opa_torus_credit_flit",
                           "qos-opa-torus-4x4.ini --set traffic.load=0.9 --set "
                           "router.credit_return=flit"},
                      Case{"ib_fattree_credit_flit",
                           "qos-ib-fattree-4-2.ini --set router.credit_return=flit --set "
                           "router.speedup=1"},
                      // The MPort crossbar's 3 flits per cycle in total (router.mport_xbar,
                      // docs/model.md §11): a budget and an input pointer per MPort.
                      Case{"opa_fattree_mport_shared",
                           "qos-opa-fattree-4-2.ini --set "
                           "router.mport_xbar=shared"},
                      // ... for the central-bound packets only (shared_central).
                      Case{"opa_fattree_mport_shared_central",
                           "qos-opa-fattree-4-2.ini --set "
                           "router.mport_xbar=shared_central"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

// Atomic messages (qos.atomic_messages, docs/model.md §9.2) with messages of 2 packets: the IB
// fat tree with per-SL source queues, the OPA torus with the shared one.
INSTANTIATE_TEST_SUITE_P(
    Atomic, SwitchEngines,
    ::testing::Values(Case{"ib_fattree_atomic_nic_per_sl",
                           "qos-ib-fattree-4-2.ini --set qos.atomic_messages=true --set "
                           "traffic.application_queue=true --set qos.nic_queues=per_sl --set "
                           "traffic.load=0.9"},
                      Case{"opa_torus_atomic",
                           "qos-opa-torus-4x4.ini --set qos.atomic_messages=true --set "
                           "traffic.application_queue=true --set traffic.load=0.9"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

struct Bad {
  const char* args;
  const char* message;
};

// qos.atomic_messages's refusals (docs/model.md §9.2), each naming the key, the value and what is
// allowed.
TEST(SwitchConfig, AtomicMessagesBadInputExits2NamingTheKey) {
  const std::string ib =
      std::string("run ") + NETCOSIM_SOURCE_DIR + "/configs/qos-ib-fattree-4-2.ini";
  for (const Bad b : {
           Bad{" --set qos.atomic_messages=true",
               "qos.atomic_messages=true: needs traffic.application_queue=true and "
               "traffic.source_queue of 1 or more (traffic.application_queue=false, "
               "traffic.source_queue=64)"},
           Bad{" --set qos.atomic_messages=true --set traffic.application_queue=true --set "
               "router.vl_min=8",
               "router.vl_min=8: with qos.atomic_messages=true every VL must be guaranteed a "
               "whole message of the largest qos.message_size (16 flits)"},
           Bad{" --set qos.atomic_messages=true --set traffic.application_queue=true --set "
               "router.output_scheduler=drr --set qos.drr_quantum=8,4,8",
               "qos.drr_quantum=8,4,8: entry '4' must be an integer in [8, 65535] (SL SL1's "
               "quantum in 64-B credits, at least its message (qos.message_size with "
               "qos.atomic_messages=true: 8 credits)"},
           Bad{" --set qos.atomic_messages=true --set traffic.application_queue=true --set "
               "router.port_buffer=200000 --set router.buffer_output=200000 --set "
               "qos.message_size=512,512,4194816",
               "qos.message_size=512,512,4194816: SL SL2's message of 65544 flits; with "
               "qos.atomic_messages=true a message is at most 65535 flits"},
           Bad{" --set qos.atomic_messages=true --set traffic.application_queue=true --set "
               "router.credit_return=flit",
               "router.credit_return=flit: not with qos.atomic_messages=true (a message's credits "
               "return together when its tail has crossed; allowed: router.credit_return=packet)"},
       }) {
    const auto o = run_cli(ib + b.args);
    EXPECT_EQ(o.status, 2) << b.args << "\n" << o.output;
    EXPECT_NE(o.output.find(b.message), std::string::npos) << b.args << "\n" << o.output;
  }
  const auto o = run_cli(std::string("run ") + NETCOSIM_SOURCE_DIR +
                         "/configs/qos-ch5-fattree-4-3.ini --set qos.atomic_messages=true");
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("qos.atomic_messages=true: applies to router.architecture=ib|opa only "
                          "(router.architecture=cioq)"),
            std::string::npos)
      << o.output;
}

// A refusal given with std::string arguments.
struct BadS {
  std::string args, message;
};

TEST(SwitchConfig, BadTablesAndBuffersExit2NamingTheKey) {
  const std::string torus =
      std::string("run ") + NETCOSIM_SOURCE_DIR + "/configs/qos-ib-torus-4x4.ini";
  for (const Bad b : {
           Bad{" --set qos.vls=3",
               "qos.sl2vl=0 1,2 3: sends a service level to VL3, which does "
               "not exist (qos.vls=3"},
           Bad{" --set qos.sl2vl=0,1",
               "qos.sl2vl=0,1: SL HI has 1 VL; routing.algorithm=dor "
               "needs 2 per SL on the x ports for deadlock freedom"},
           Bad{" --set qos.sl_mtu=256,32768 --set qos.message_size=256,32768",
               "qos.sl_mtu=256,32768: SL LO's packets of 512 "
               "flits are larger than a VL buffer"},
           // A message is sent atomically (docs/model.md §9.2): 512 flits of 64 B against the
           // 256-flit input buffer, then 128 against a 64-flit output buffer.
           Bad{" --set qos.message_size=256,32768",
               "qos.message_size=256,32768: SL LO's message of 512 flits is larger than a VL "
               "buffer (router.vl_max=256 flits, the whole router.port_buffer); a message is "
               "sent atomically"},
           Bad{" --set qos.message_size=256,8192 --set router.buffer_output=64",
               "qos.message_size=256,8192: SL LO's message of 128 flits is larger than a VL "
               "buffer (router.buffer_output=64 flits)"},
       }) {
    const auto o = run_cli(torus + b.args);
    EXPECT_EQ(o.status, 2) << b.args << "\n" << o.output;
    EXPECT_NE(o.output.find(b.message), std::string::npos) << b.args << "\n" << o.output;
  }
  // The OPA switch's tables and central buffers.
  const std::string opa =
      std::string("run ") + NETCOSIM_SOURCE_DIR + "/configs/qos-opa-torus-4x4.ini";
  for (const Bad b : {
           Bad{" --set qos.sl2sc=0,1",
               "qos.sl2sc=0,1: SL HI has 1 SC; routing.algorithm=dor needs "
               "2 per SL on the x ports for deadlock freedom"},
           Bad{" --set qos.sc2vl=0,1,2,5 --set qos.vls=4",
               "qos.sc2vl=0,1,2,5: sends a service level to VL5, which does not exist"},
           Bad{" --set router.central_buffer=40",
               "router.central_buffer=40: each of an MPort's 2 central buffers (20 flits) must "
               "guarantee 4 VLs x router.vl_min=8 flits"},
           Bad{" --set qos.message_size=256,8192 --set router.central_buffer=200",
               "qos.message_size=256,8192: SL LO's message of 128 flits is larger than a VL "
               "buffer (half of router.central_buffer=200, 100 flits)"},
       }) {
    const auto o = run_cli(opa + b.args);
    EXPECT_EQ(o.status, 2) << b.args << "\n" << o.output;
    EXPECT_NE(o.output.find(b.message), std::string::npos) << b.args << "\n" << o.output;
  }
  // A message that fills a VL buffer exactly (256 flits) runs.
  const auto fits = run_cli(torus +
                            " --set qos.message_size=256,16384 --set sim.warmup=0 "
                            "--set sim.measure=20 --quiet");
  EXPECT_EQ(fits.status, 0) << fits.output;
  // router.alloc_retry is the switches' (docs/model.md §10.2): refused on the CIOQ router.
  const auto o = run_cli(std::string("run ") + NETCOSIM_SOURCE_DIR +
                         "/configs/dragonfly-h2.ini --set router.alloc_retry=5");
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("router.alloc_retry=5: applies to router.architecture=ib|opa only"),
            std::string::npos)
      << o.output;
  // So is router.credit_return (docs/model.md §10.2).
  const auto f = run_cli(std::string("run ") + NETCOSIM_SOURCE_DIR +
                         "/configs/dragonfly-h2.ini --set router.credit_return=flit");
  EXPECT_EQ(f.status, 2) << f.output;
  EXPECT_NE(f.output.find("router.credit_return=flit: applies to router.architecture=ib|opa only"),
            std::string::npos)
      << f.output;
  // router.central_link is the OPA switch's (docs/model.md §11): a value other than pair|any, and
  // the key on the IB switch, are refused.
  for (const BadS& b :
       std::vector<BadS>{BadS{opa + " --set router.central_link=some",
                              "router.central_link=some (--set): allowed values are pair|any"},
                         BadS{torus + " --set router.central_link=any",
                              "router.central_link=any: applies to router.architecture=opa only "
                              "(router.architecture=ib)"}}) {
    const auto c = run_cli(b.args);
    EXPECT_EQ(c.status, 2) << b.args << "\n" << c.output;
    EXPECT_NE(c.output.find(b.message), std::string::npos) << b.args << "\n" << c.output;
  }
}

// router.output_scheduler's inputs: each refusal names the key, the value and what is allowed.
TEST(SwitchConfig, BadOutputSchedulerInputExits2NamingTheKey) {
  const std::string dir = netcosim::test::fresh_dir("sched_");
  // A DTable file whose SL 1 entry (3 credits) is below SL 1's MTU in the configuration (4 flits
  // of 64 B = 4 credits); the file's own MTU (3) passes the file check.
  const std::string low = dir + "/low.json";
  {
    std::FILE* f = std::fopen(low.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs(
        R"({"schema": "netcosim.qos-table/1", "scheduler": "dtable", "target": "opa",
 "credit_bytes": 64, "sls": [{"sl": 0, "name": "A", "mtu": 8}, {"sl": 1, "name": "B", "mtu": 3},
 {"sl": 2, "name": "C", "mtu": 8}],
 "entries": [{"sl": 0, "weight": 8}, {"sl": 1, "weight": 3}, {"sl": 2, "weight": 8}]})",
        f);
    std::fclose(f);
  }
  const std::string t49 = std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos/table4_9_dtable.json";
  const std::string opa =
      std::string("run ") + NETCOSIM_SOURCE_DIR + "/configs/qos-opa-fattree-4-2.ini";
  for (const BadS& b : std::vector<BadS>{
           BadS{" --set router.output_scheduler=dtable",
                "router.output_scheduler=dtable: needs qos.table, the table file netcosim qos "
                "writes"},
           BadS{" --set router.output_scheduler=ib_vlarb",
                "router.output_scheduler=ib_vlarb: needs qos.table"},
           BadS{" --set router.output_scheduler=sbt",
                "router.output_scheduler=sbt: needs qos.sbt_weights, one weight in packets per SL"},
           BadS{" --set router.output_scheduler=sbt --set qos.sbt_weights=60,40",
                "qos.sbt_weights=60,40: needs 3 comma-separated entries"},
           BadS{" --set router.output_scheduler=sbt --set qos.sbt_weights=0,0,0",
                "qos.sbt_weights=0,0,0: every weight is 0"},
           BadS{" --set qos.sbt_weights=60,30,10",
                "qos.sbt_weights=60,30,10: not read by router.output_scheduler=rr"},
           BadS{" --set router.output_scheduler=dtable --set qos.table=" + low,
                "entries[1]: SL SL1 weight 3 is below its MTU (qos.sl_mtu: 4 credits)"},
           BadS{" --set router.output_scheduler=dtable --set qos.table=" + t49,
                "the table has 5 SLs; qos.sls=3"},
           BadS{" --set router.output_scheduler=ib_vlarb --set qos.table=" + t49,
                "a 'dtable' table; router.output_scheduler=ib_vlarb needs a 'ib_vlarb' one"},
           BadS{" --set router.output_scheduler=ib_vlarb --set qos.table=" +
                    std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos/table6_1_a.json",
                "an entry sends VL3, which does not exist (qos.vls=3)"},
           BadS{" --set router.output_scheduler=dtable --set qos.table=" + dir + "/none.json",
                "qos.table=" + dir + "/none.json: cannot read"},
           BadS{" --set router.output_scheduler=dtable --set qos.table=" + t49 +
                    " --set link.flit_bytes=32",
                "router.output_scheduler=dtable: counts 64-byte credits"},
       }) {
    const auto o = run_cli(opa + b.args);
    EXPECT_EQ(o.status, 2) << b.args << "\n" << o.output;
    EXPECT_NE(o.output.find(b.message), std::string::npos) << b.args << "\n" << o.output;
  }
  const auto o = run_cli(std::string("run ") + NETCOSIM_SOURCE_DIR +
                         "/configs/fattree-4-3.ini --set router.output_scheduler=dtable");
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("router.output_scheduler=dtable: applies to router.architecture=ib|opa "
                          "only (router.architecture=cioq)"),
            std::string::npos)
      << o.output;
}

// router.output_scheduler=drr's quanta (qos.drr_quantum, 64-B credits per SL, each at least its
// SL's MTU: configs/qos-opa-fattree-4-2.ini's MTUs are 8, 4 and 8 credits).
TEST(SwitchConfig, BadDrrQuantumExits2NamingTheKey) {
  const std::string opa =
      std::string("run ") + NETCOSIM_SOURCE_DIR + "/configs/qos-opa-fattree-4-2.ini";
  const std::string drr = " --set router.output_scheduler=drr";
  for (const BadS& b : std::vector<BadS>{
           BadS{drr,
                "router.output_scheduler=drr: needs qos.drr_quantum, one quantum in 64-B "
                "credits per SL, each at least the SL's MTU"},
           BadS{drr + " --set qos.drr_quantum=8,4",
                "qos.drr_quantum=8,4: needs 3 comma-separated entries"},
           BadS{drr + " --set qos.drr_quantum=8,3,8",
                "qos.drr_quantum=8,3,8: entry '3' must be an integer in [4, 65535] (SL SL1's "
                "quantum in 64-B credits, at least its MTU (qos.sl_mtu: 4 credits), at most "
                "65535)"},
           BadS{drr + " --set qos.drr_quantum=8,4,65536",
                "qos.drr_quantum=8,4,65536: entry '65536' must be an integer in [8, 65535]"},
           BadS{drr + " --set qos.drr_quantum=8,x,8",
                "qos.drr_quantum=8,x,8: entry 'x' must be an integer in [4, 65535]"},
           BadS{" --set qos.drr_quantum=8,4,8",
                "qos.drr_quantum=8,4,8: not read by router.output_scheduler=rr"},
           BadS{drr + " --set qos.drr_quantum=8,4,8 --set link.flit_bytes=32",
                "router.output_scheduler=drr: counts 64-byte credits"},
       }) {
    const auto o = run_cli(opa + b.args);
    EXPECT_EQ(o.status, 2) << b.args << "\n" << o.output;
    EXPECT_NE(o.output.find(b.message), std::string::npos) << b.args << "\n" << o.output;
  }
  // Without service levels (the CIOQ router's configurations) the key is refused too.
  const auto o = run_cli(std::string("run ") + NETCOSIM_SOURCE_DIR +
                         "/configs/dragonfly-h2.ini --set qos.drr_quantum=8");
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("qos.drr_quantum=8: needs service levels (qos.sls >= 1; qos.sls=0)"),
            std::string::npos)
      << o.output;
}

}  // namespace
