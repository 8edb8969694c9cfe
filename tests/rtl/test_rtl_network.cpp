// Verilated blocks inside every router of a running network (docs/cosim.md, "Verilated blocks
// inside a network"): `netcosim run --engine systemc --rtl all` (sep_alloc_if, credit_counter on
// every output with a downstream buffer, contention_counters where the routing counts,
// vc_selector on every output of two or more VCs under FlexVC, and lrs_arbiter / age_arbiter at
// every allocator arbiter of that policy, sep_alloc_if when both are round-robin) gives the native
// engine's JSON exactly (engine and timing keys aside) for h2 with MIN, VAL, OLM with the
// contention trigger and UGAL under uniform and ADV+1 traffic, MIN and VAL under FlexVC (uniform,
// ADV+1), OLM under FlexVC (ADV+1), MIN and VAL with LRS or age arbiters (uniform, ADV+1), and for
// the 4-ary 3-tree; and, with dtable_arbiter on every output of every switch, for the OPA 4-ary
// 2-tree with Table 4.9's DTable and the IB 4-ary 3-tree with Table 5.4's IB-mapped DTable; and,
// with sep_alloc_if as every IB switch's VA-SA allocator, for the IB 4-ary 2-tree; and, with
// sep_alloc_if as every OPA switch's MPort and central allocators, for the OPA 4-ary 2-tree and
// 4x4 torus (with rr_arbiter as every output port's SL arbiter under the rr output scheduler);
// with drr_arbiter on every output of every switch under router.output_scheduler=drr, for the
// OPA and IB 4-ary 2-trees; shadow
// mode runs without a difference; a fault injected into one router's RTL (a grant, a credit, a VC
// selection, an LRS or age arbitration, a DTable, DRR or round-robin SL decision) changes the
// --rtl run's results and
// stops the shadow run naming the router; bad input is exit status 2 naming the block and what is
// available. Each run is a process (`netcosim run --rtl` executes netcosim-rtl).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "systemc/rtl/rtl_sockets.h"
#include "tests/integration/engine_json.h"
#include "tests/integration/test_util.h"

namespace {

using netcosim::test::comparable;
using netcosim::test::run_cli;

std::string json_path(const std::string& tag) {
  const std::string p = testing::TempDir() + "rtl_network_" + tag + ".json";
  std::remove(p.c_str());  // a run that exits 0 without writing must not pass on an old file
  return p;
}

// Runs `netcosim run ARGS --quiet --json FILE` expecting exit status 0; returns FILE.
std::string run_json(const std::string& args, const std::string& tag) {
  const std::string json = json_path(tag);
  const auto o = run_cli("run " + args + " --quiet --json " + json);
  EXPECT_EQ(o.status, 0) << args << "\n" << o.output;
  return json;
}

const std::string kConfigs = std::string(NETCOSIM_SOURCE_DIR) + "/configs/";

#define H2 "dragonfly-h2.ini --set sim.warmup=300 --set sim.measure=700 --set traffic.load=0.6"
#define VAL " --set routing.algorithm=val --set router.vcs_local=4 --set router.vcs_global=2"
#define OLM                                                                         \
  " --set routing.algorithm=olm --set router.vcs_local=3 --set router.vcs_global=2" \
  " --set routing.trigger=contention"
#define UGAL " --set routing.algorithm=ugal --set router.vcs_local=4 --set router.vcs_global=2"
#define ADV " --set traffic.pattern=adv --set traffic.adv_offset=1"
// FlexVC (seed 002 Sec. III): MIN with 2/1 VCs, VAL with 3/2 (seed 002 Table III's minimum for
// its opportunistic paths); every local output has a VC selector (V = 2 or 3), VAL's global
// outputs too (V = 2).
#define FLEXVC " --set router.vc_management=flexvc"
#define VAL_FLEXVC                                                                  \
  " --set routing.algorithm=val --set router.vcs_local=3 --set router.vcs_global=2" \
  " --set router.vc_management=flexvc"

// The allocator's arbiters at both stages (docs/model.md "Arbiters"): least-recently served, or
// age with its default timestamp (router.age_timestamp=gen_qinf).
#define LRS " --set router.input_arbitration=lrs --set router.output_arbitration=lrs"
#define AGE " --set router.input_arbitration=age --set router.output_arbitration=age"
// Thesis 003's DTable in the OPA and IB switches (router.output_scheduler=dtable; docs/cosim.md):
// Table 4.9's OPA table (5 SLs, 128 entries: set s8n128_opa) on Ch. 4's 4-ary 2-tree of OPA
// switches at saturation, Table 5.4's IB-mapped table (7 SLs, 64 8-bit entries: s8n64_ib) on
// Ch. 5's 4-ary 3-tree of IB switches.
#define QOS_TABLE(t) " --set qos.table=" NETCOSIM_SOURCE_DIR "/configs/qos/" t
#define OPA_DTABLE                                                         \
  "qos-ch4-opa-fattree-4-2.ini --set sim.warmup=300 --set sim.measure=700" \
  " --set router.output_scheduler=dtable" QOS_TABLE("table4_9_dtable.json")
#define IB_DTABLE                                                         \
  "qos-ch5-ib-fattree-4-3.ini --set sim.warmup=300 --set sim.measure=700" \
  " --set qos.nic_queues=shared"                                          \
  " --set router.output_scheduler=dtable" QOS_TABLE("table5_4_dtable_ib.json")
// The IB switch's VA-SA allocator (thesis 003 Sec. 5.3.1; docs/cosim.md "The IB switch's
// allocator"): the 4-ary 2-tree's switches, 8 ports and 3 VLs, 2 iterations (set p8v3q8i2).
#define IB_ALLOC "qos-ib-fattree-4-2.ini --set sim.warmup=300 --set sim.measure=700"
// The OPA switches' MPort and central allocators (thesis 003 Sec. 2.2; docs/cosim.md "The OPA
// switch's allocators"): the 4-ary 2-tree's 8-port switches with 3 VLs (sets p4v3q6i2 and
// p4v3q8i2) and the 4x4 torus's 5-port switches with 4 VLs (p4v4q6i2 and p4v4q5i2), 2 iterations.
#define OPA_FATTREE_ALLOC "qos-opa-fattree-4-2.ini --set sim.warmup=300 --set sim.measure=700"
#define OPA_TORUS_ALLOC "qos-opa-torus-4x4.ini --set sim.warmup=300 --set sim.measure=700"
// Ch. 4's OPA 4-ary 2-tree (Table 4.6's 5 SLs on 8 VLs, at saturation): the MPort allocators
// P=4,V=8,Q=6 (p4v8q6i2), the central ones P=4,V=8,Q=8 (p4v8q8i2).
#define OPA_CH4_ALLOC "qos-ch4-opa-fattree-4-2.ini --set sim.warmup=300 --set sim.measure=700"
// The switches' other output schedulers with RTL (docs/cosim.md "The switches' output
// schedulers"): under router.output_scheduler=rr each output port's SL arbiter is rtl/rr_arbiter.sv
// with N = qos.sls (n3 on the 4-ary 2-trees, n2 on the IB 4x4 torus), and `all` takes it beside
// sep_alloc_if; under router.output_scheduler=drr each output port's rtl/drr_arbiter.sv (3 SLs:
// set v4q16s16) with quanta of 24, 4 and 8 credits (the SLs' MTUs are 8, 4 and 8).
#define DRR3 " --set router.output_scheduler=drr --set qos.drr_quantum=24,4,8"
#define IB_TORUS "qos-ib-torus-4x4.ini --set sim.warmup=300 --set sim.measure=700"

struct Case {
  const char* name;
  const char* args;
};

struct BadCase {
  const char* name;
  const char* args;
  std::string message;
};

// The block lists of the front end's messages, as the parser has them
// (systemc/rtl/rtl_sockets.cpp): "a, b, c", or with `last` before the last block ("a, b or c").
std::string block_list(const std::vector<std::string>& blocks, const char* last = ", ") {
  std::string s;
  for (size_t i = 0; i < blocks.size(); ++i)
    s += (i == 0 ? "" : i + 1 == blocks.size() ? last : ", ") + blocks[i];
  return s;
}

class RtlEquivalence : public ::testing::TestWithParam<Case> {};

// The RTL drives every router's switch allocator and credit counters (and contention counters
// under OLM, VC selectors under FlexVC): the native engine's JSON, exactly; in shadow (the model
// driving, the RTL compared at every allocation, credit edge and VC selection) no difference and
// the same JSON.
TEST_P(RtlEquivalence, SameJsonAsNative) {
  const Case c = GetParam();
  const std::string base = kConfigs + c.args;
  const std::string native = run_json(base, std::string(c.name) + "_native");
  const std::string rtl = run_json(base + " --engine systemc --rtl all", c.name);
  const std::string shadow =
      run_json(base + " --engine systemc --rtl-shadow all", std::string(c.name) + "_shadow");
  EXPECT_TRUE(netcosim::test::valid_run_json(std::vector<std::string>{native, rtl}));
  const nlohmann::json n = comparable(native);
  ASSERT_TRUE(n.contains("accepted_load"));
  EXPECT_GT(n.at("accepted_load").get<double>(), 0.0);
  EXPECT_EQ(netcosim::test::load_json(rtl).at("engine"), "systemc");
  EXPECT_EQ(n, comparable(rtl)) << rtl << " differs from " << native;
  EXPECT_EQ(n, comparable(shadow)) << shadow << " differs from " << native;
}

INSTANTIATE_TEST_SUITE_P(
    Networks, RtlEquivalence,
    ::testing::Values(
        Case{"h2_min_uniform", H2}, Case{"h2_min_adv", H2 ADV}, Case{"h2_val_uniform", H2 VAL},
        Case{"h2_val_adv", H2 VAL ADV}, Case{"h2_olm_contention_uniform", H2 OLM},
        Case{"h2_olm_contention_adv", H2 OLM ADV}, Case{"h2_ugal_uniform", H2 UGAL},
        Case{"h2_ugal_adv", H2 UGAL ADV},
        // FlexVC (seed 002 Sec. III-B): the VC selector's RTL chooses among several
        // VCs from the counts of the credit counters' RTL.
        Case{"h2_min_flexvc_uniform", H2 FLEXVC}, Case{"h2_min_flexvc_adv", H2 FLEXVC ADV},
        Case{"h2_val_flexvc_uniform", H2 VAL_FLEXVC}, Case{"h2_val_flexvc_adv", H2 VAL_FLEXVC ADV},
        Case{"h2_olm_flexvc_contention_adv", H2 OLM " --set router.vc_management=flexvc" ADV},
        // The LRS and age arbiters' RTL at every arbiter of the allocator (sep_alloc_if's RTL is
        // round-robin: `all` leaves it out).
        Case{"h2_min_lrs_uniform", H2 LRS}, Case{"h2_min_lrs_adv", H2 LRS ADV},
        Case{"h2_val_lrs_uniform", H2 VAL LRS}, Case{"h2_val_lrs_adv", H2 VAL LRS ADV},
        Case{"h2_min_age_uniform", H2 AGE}, Case{"h2_min_age_adv", H2 AGE ADV},
        Case{"h2_val_age_uniform", H2 VAL AGE}, Case{"h2_val_age_adv", H2 VAL AGE ADV},
        // The 4-ary 3-tree's CIOQ switches (radix 8, up*/down*).
        Case{"fattree_4_3_uniform",
             "fattree-4-3.ini --set sim.warmup=300 --set sim.measure=700"
             " --set traffic.load=0.6"},
        // The DTable schedulers of the OPA and IB switches (`all` is dtable_arbiter and the 8-VL
        // OPA allocators' sep_alloc_if p4v8q6i2, p4v8q8i2 on Ch. 4's tree, dtable_arbiter alone
        // on the 4-ary 3-tree of IB switches with 7 VLs, a shape without a sep_alloc_if set); the
        // IB switches' allocators (`all` is sep_alloc_if under the rr output scheduler).
        Case{"opa_fattree_4_2_dtable", OPA_DTABLE}, Case{"ib_fattree_4_3_dtable", IB_DTABLE},
        Case{"ib_fattree_4_2_alloc", IB_ALLOC},
        // The OPA switches' MPort and central allocators (`all` is sep_alloc_if under the rr
        // output scheduler).
        Case{"opa_fattree_4_2_alloc", OPA_FATTREE_ALLOC},
        Case{"opa_torus_4x4_alloc", OPA_TORUS_ALLOC},
        // Ch. 4's 8-VL shapes (p4v8q6i2, p4v8q8i2) with the SL arbiters' rr_arbiter n5.
        Case{"opa_ch4_fattree_4_2_alloc", OPA_CH4_ALLOC},
        // DRR's RTL with the allocators' (`all`: drr_arbiter and sep_alloc_if).
        Case{"opa_fattree_4_2_drr", OPA_FATTREE_ALLOC DRR3},
        Case{"ib_fattree_4_2_drr", IB_ALLOC DRR3},
        // router.alloc_retry (docs/model.md §10.2): the losers read from the sockets' grants.
        Case{"opa_fattree_4_2_alloc_retry", OPA_FATTREE_ALLOC " --set router.alloc_retry=3"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

// Where a shadow run's stop report starts ("shadow: router R: BLOCK RTL differs from the C++
// model at cycle C"), checking C >= `from` (the fault's cycle); npos, reported, if it is missing.
// `cycle`, if given, receives C.
size_t shadow_stop(const std::string& err, int router, const std::string& block,
                   uint64_t from = 400, uint64_t* cycle = nullptr) {
  const std::string head = "shadow: router " + std::to_string(router) + ": " + block +
                           " RTL differs from the C++ model at cycle ";
  const auto at = err.find(head);
  EXPECT_NE(at, std::string::npos) << err;
  if (at == std::string::npos) return at;
  const uint64_t c = std::stoull(err.substr(at + head.size()));
  EXPECT_GE(c, from) << err;
  if (cycle != nullptr) *cycle = c;
  return at;
}

// Each socketed block alone and mixed modes: under OLM's contention trigger (the counters
// socketed) and its filtered trigger (the filter reads the RTL's counts), the native JSON; the
// credit counters' RTL driving with the other two blocks in shadow.
TEST(RtlNetwork, EachBlockAloneAndMixedModesGiveTheNativeJson) {
  for (const std::string trigger : {"contention", "filtered"}) {
    const std::string base = kConfigs + H2 OLM ADV " --set routing.trigger=" + trigger;
    const std::string native = run_json(base, "mixed_native_" + trigger);
    for (const char* mode :
         {"--rtl contention_counters", "--rtl sep_alloc_if",
          "--rtl sep_alloc_if --rtl-shadow contention_counters",
          "--rtl contention_counters --rtl-shadow sep_alloc_if",
          "--rtl credit_counter --rtl-shadow sep_alloc_if,contention_counters"}) {
      const std::string j = run_json(base + " --engine systemc " + mode, "mixed_" + trigger);
      EXPECT_EQ(comparable(native), comparable(j)) << trigger << " " << mode;
    }
  }
}

// 10^5 cycles in shadow, the RTL compared with the model in every allocation and every credit
// edge of every router.
TEST(RtlNetwork, ShadowRunsTenToTheFiveCyclesWithoutDifference) {
  const std::string json = json_path("shadow_long");
  const auto o =
      run_cli("run " + kConfigs +
              "dragonfly-h2.ini --set sim.warmup=20000 --set sim.measure=80000 "
              "--set traffic.load=0.4 --engine systemc --rtl-shadow sep_alloc_if,credit_counter "
              "--quiet --json " +
              json);
  ASSERT_EQ(o.status, 0) << o.output;
  const nlohmann::json j = netcosim::test::load_json(json);
  EXPECT_EQ(j.at("cycles_total").get<int64_t>(), 100000) << j.dump();
  EXPECT_GT(j.at("packets_delivered").get<int64_t>(), 0);
}

// One grant of router 5's RTL dropped on its way out: the --rtl run's results differ from the
// native run's, and the shadow run stops at that allocation naming the router, the port and both
// values, with the VCD window of that router's RTL on disk.
TEST(RtlNetwork, InjectedFaultIsReportedByBothModes) {
  const std::string base = kConfigs + H2 ADV;
  const std::string native = run_json(base, "fault_native");
  const std::string faulty =
      run_json(base + " --engine systemc --rtl sep_alloc_if --rtl-fault 5:400", "fault_rtl");
  EXPECT_TRUE(netcosim::test::valid_run_json(faulty));
  EXPECT_NE(comparable(native), comparable(faulty));

  const std::string vcd = testing::TempDir() + "rtl_network_vcd";
  std::filesystem::remove_all(vcd);
  const auto o = run_cli("run " + base +
                         " --engine systemc --rtl-shadow sep_alloc_if --rtl-fault 5:400:2 "
                         "--rtl-vcd " +
                         vcd + " --quiet");
  EXPECT_EQ(o.status, 3) << o.output;
  EXPECT_NE(o.err.find("shadow: router 5: sep_alloc_if RTL differs from the C++ model at cycle "),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find(": gnt_valid[2] model 1 RTL 0; requests (input.vc->output): "),
            std::string::npos)
      << o.err;
  const auto at = o.err.find("VCD window: ");
  ASSERT_NE(at, std::string::npos) << o.err;
  EXPECT_NE(o.err.find(vcd + "/router_5_sep_alloc_if_c", at), std::string::npos) << o.err;
  EXPECT_TRUE(std::filesystem::exists(vcd + "/router_5_sep_alloc_if_c0.vcd"));
}

// The IB switches' allocators named (--rtl sep_alloc_if): the native JSON; one grant of switch
// 2's RTL dropped (input 2 from cycle 400): the --rtl run's results differ, the shadow run stops
// naming the switch, the cycle and the grant.
TEST(RtlNetwork, IbSwitchAllocatorNamedAndFaulted) {
  const std::string base = kConfigs + IB_ALLOC;
  const std::string native = run_json(base, "ib_alloc_native");
  const std::string rtl = run_json(base + " --engine systemc --rtl sep_alloc_if", "ib_alloc_rtl");
  EXPECT_EQ(comparable(native), comparable(rtl));
  const std::string faulty =
      run_json(base + " --engine systemc --rtl sep_alloc_if --rtl-fault 2:400", "ib_alloc_fault");
  EXPECT_TRUE(netcosim::test::valid_run_json(faulty));
  EXPECT_NE(comparable(native), comparable(faulty));
  const auto o = run_cli("run " + base +
                         " --engine systemc --rtl-shadow sep_alloc_if --rtl-fault "
                         "sep_alloc_if:2:400:2 --quiet");
  EXPECT_EQ(o.status, 3) << o.output;
  EXPECT_NE(o.err.find("shadow: router 2: sep_alloc_if RTL differs from the C++ model at cycle "),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find(": gnt_valid[2] model 1 RTL 0; requests (input.vc->output): "),
            std::string::npos)
      << o.err;
}

// The OPA switches' allocators named (--rtl sep_alloc_if, every MPort and central allocator of
// every switch): the native JSON on the fat tree and the torus. One grant of switch 2 of the fat
// tree dropped from cycle 400, at MPort 0's input 0 (allocator input 0, the switch's port 0) and
// at the central allocator's input 1 (allocator input 9: central buffer 1): the --rtl runs'
// results differ from the native run's; the shadow runs stop naming the switch, the allocator,
// the cycle and the grant.
TEST(RtlNetwork, OpaSwitchAllocatorsNamedAndFaulted) {
  for (const std::string& base : {kConfigs + OPA_FATTREE_ALLOC, kConfigs + OPA_TORUS_ALLOC}) {
    const std::string native = run_json(base, "opa_alloc_native");
    const std::string rtl =
        run_json(base + " --engine systemc --rtl sep_alloc_if", "opa_alloc_rtl");
    EXPECT_EQ(comparable(native), comparable(rtl)) << base;
  }
  const std::string base = kConfigs + OPA_FATTREE_ALLOC;
  const std::string native = run_json(base, "opa_alloc_fault_native");
  for (const char* fault : {"2:400:0", "sep_alloc_if:2:400:9"}) {
    const std::string faulty = run_json(
        base + " --engine systemc --rtl sep_alloc_if --rtl-fault " + fault, "opa_alloc_fault");
    EXPECT_TRUE(netcosim::test::valid_run_json(faulty));
    EXPECT_NE(comparable(native), comparable(faulty)) << fault;
  }
  auto o = run_cli("run " + base +
                   " --engine systemc --rtl-shadow sep_alloc_if --rtl-fault 2:400:0 --quiet");
  EXPECT_EQ(o.status, 3) << o.output;
  EXPECT_NE(
      o.err.find("shadow: router 2: sep_alloc_if mport0 RTL differs from the C++ model at cycle "),
      std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find(": gnt_valid[0] model 1 RTL 0; requests (input.vc->output): "),
            std::string::npos)
      << o.err;
  o = run_cli("run " + base +
              " --engine systemc --rtl-shadow sep_alloc_if --rtl-fault sep_alloc_if:2:400:9 "
              "--quiet");
  EXPECT_EQ(o.status, 3) << o.output;
  EXPECT_NE(
      o.err.find("shadow: router 2: sep_alloc_if central RTL differs from the C++ model at cycle "),
      std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find(": gnt_valid[1] model 1 RTL 0; requests (input.vc->output): "),
            std::string::npos)
      << o.err;
}

// The switches' shared VL buffers (docs/cosim.md, "The switches' shared VL buffers"): every
// downstream input buffer's credits, injection input buffer's credits as its NIC holds them,
// output buffer's and (OPA) central buffer's space of every switch of the IB and OPA 4-ary
// 2-trees mirrored by rtl/shared_vl_credits.sv (set v3t256: 3 VLs, 256 flits, a minimum of 8 and
// a maximum of 256 per VL), under --rtl and --rtl-shadow: the native JSON, and the summary on
// stderr with cycles compared, one instance per buffer and no difference. Instances: every
// switch keeps a downstream buffer's credits per port that does not face a node (the 4 level-0
// switches ports 4 to 7, the 4 level-1 switches all 8, their ports 4 to 7 unconnected at the top
// of the tree), every NIC the credits of its switch's input buffer (the 4 level-0 switches ports
// 0 to 3: the tree's 16 nodes), and 8 output buffers, OPA 4 central buffers too:
// 4 x 4 + 4 x 8 + 4 x 4 + 8 x 8 = 128 on IB, 128 + 8 x 4 = 160 on OPA.
TEST(RtlNetwork, SharedVlCreditsMirrorEverySwitchBuffer) {
  struct Net {
    std::string base;
    uint64_t instances;
  };
  for (const Net& n : {Net{kConfigs + IB_ALLOC, 128}, Net{kConfigs + OPA_FATTREE_ALLOC, 160}}) {
    const std::string native = run_json(n.base, "shared_vl_native");
    for (const char* mode : {"--rtl", "--rtl-shadow"}) {
      const std::string json = json_path("shared_vl");
      const auto o = run_cli("run " + n.base + " --engine systemc " + mode +
                             " shared_vl_credits --quiet --json " + json);
      ASSERT_EQ(o.status, 0) << o.output;
      EXPECT_EQ(comparable(native), comparable(json)) << n.base << " " << mode;
      const std::string head = "shared_vl_credits: ";
      const auto at = o.err.find(head);
      ASSERT_NE(at, std::string::npos) << o.err;
      const uint64_t cycles = std::stoull(o.err.substr(at + head.size()));
      EXPECT_GT(cycles, 0u) << o.err;
      const auto on = o.err.find(" updates on ", at);
      ASSERT_NE(on, std::string::npos) << o.err;
      EXPECT_EQ(std::stoull(o.err.substr(on + 12)), n.instances) << o.err;
      EXPECT_NE(o.err.find(" instances), 0 differences\n", on), std::string::npos) << o.err;
    }
  }
}

// The trees whose buffers need the sets added after the 4-ary 2-trees' (rtl/catalog.h), in shadow
// for 100 + 200 cycles: the native JSON, cycles compared, one instance per buffer, no difference.
void expect_shared_vl_mirror(const std::string& base, uint64_t instances) {
  const std::string native = run_json(base, "shared_vl_ch_native");
  const std::string json = json_path("shared_vl_ch");
  const auto o = run_cli("run " + base +
                         " --engine systemc --rtl-shadow shared_vl_credits --quiet --json " + json);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_EQ(comparable(native), comparable(json)) << base;
  const std::string head = "shared_vl_credits: ";
  const auto at = o.err.find(head);
  ASSERT_NE(at, std::string::npos) << o.err;
  EXPECT_GT(std::stoull(o.err.substr(at + head.size())), 0u) << o.err;
  const auto on = o.err.find(" updates on ", at);
  ASSERT_NE(on, std::string::npos) << o.err;
  EXPECT_EQ(std::stoull(o.err.substr(on + 12)), instances) << o.err;
  EXPECT_NE(o.err.find(" instances), 0 differences\n", on), std::string::npos) << o.err;
}

// Ch. 4's OPA 4-ary 2-tree (v8t1024: 8 VLs, every buffer 1,024 flits with a minimum of 16): 160
// instances, as the OPA tree above.
TEST(RtlNetwork, SharedVlCreditsMirrorCh4OpaTree) {
  expect_shared_vl_mirror(
      kConfigs + "qos-ch4-opa-fattree-4-2.ini --set sim.warmup=100 --set sim.measure=200", 160);
}

// Ch. 2's single 48-port switches (v3t256m16: 3 VLs of 256 flits, a minimum of 16): every port
// faces a NIC, so per switch 48 `nic` and 48 `out` buffers, 96 on the IB switch; the OPA switch's
// 12 MPorts add 2 central buffers each, 120.
TEST(RtlNetwork, SharedVlCreditsMirrorCh2Switches) {
  expect_shared_vl_mirror(
      kConfigs + "qos-ch2-ib-switch-48.ini --set sim.warmup=100 --set sim.measure=200", 96);
  expect_shared_vl_mirror(
      kConfigs + "qos-ch2-opa-switch-48.ini --set sim.warmup=100 --set sim.measure=200", 120);
}

// Ch. 6's IB 2-ary 2-tree (v4t7168: 4 VLs of 7,168 flits, a minimum of 4): per switch 4 output
// buffers, the 2 level-0 switches 2 downstream and 2 NIC buffers, the 2 level-1 switches 4
// downstream (2 unconnected at the top): 4 x 4 + 2 x 4 + 2 x 4 = 32.
TEST(RtlNetwork, SharedVlCreditsMirrorCh6IbTree) {
  expect_shared_vl_mirror(kConfigs +
                              "qos-ch6-ib-fattree-2-2.ini --set sim.warmup=100 --set "
                              "sim.measure=200" QOS_TABLE("table6_1_a.json"),
                          32);
}

// One give-back left out of a buffer's RTL from cycle 400: to the downstream input buffer of
// switch 0's output 4 (a level-0 switch's first up port, "down4"), and to switch 0's input buffer
// 0 as the NIC of node 0 takes its credits back ("nic0", an injection buffer). In both modes
// (both mirror) the run stops at that cycle (exit status 3) naming the switch and the buffer's
// credits of that VL, the RTL's short by the give-back's flits, with that give-back among the
// cycle's updates; the summary counts the one difference (the VL held no more than its minimum:
// the shared part is unchanged).
TEST(RtlNetwork, SharedVlCreditsFaultIsReported) {
  for (const std::string buffer : {"down4", "nic0"})
    for (const char* mode : {"--rtl", "--rtl-shadow"}) {
      const auto o = run_cli("run " + kConfigs + IB_ALLOC + " --engine systemc " + mode +
                             " shared_vl_credits --rtl-fault shared_vl_credits:0:400:" +
                             buffer.substr(buffer.size() - 1) + " --quiet");
      EXPECT_EQ(o.status, 3) << o.output;
      const auto at = shadow_stop(o.err, 0, "shared_vl_credits");
      ASSERT_NE(at, std::string::npos) << o.err;
      const std::string head = ": credits[" + buffer + ".";
      const auto d = o.err.find(head, at);
      ASSERT_NE(d, std::string::npos) << o.err;
      const unsigned vl = static_cast<unsigned>(std::stoul(o.err.substr(d + head.size())));
      const auto m = o.err.find("] model ", d);
      ASSERT_NE(m, std::string::npos) << o.err;
      const long model = std::stol(o.err.substr(m + 8));
      const auto r = o.err.find(" RTL ", m);
      ASSERT_NE(r, std::string::npos) << o.err;
      const long rtl = std::stol(o.err.substr(r + 5));
      const auto ev = o.err.find("; updates (buffer:consume c/give g VL/flits, in order): ", r);
      ASSERT_NE(ev, std::string::npos) << o.err;
      const std::string give = buffer + ":g" + std::to_string(vl) + "/";
      const auto g = o.err.find(give, ev);
      ASSERT_NE(g, std::string::npos) << o.err;
      EXPECT_EQ(rtl, model - std::stol(o.err.substr(g + give.size()))) << o.err;
      EXPECT_NE(o.err.find(", 1 differences\n"), std::string::npos) << o.err;
    }
}

// One credit returned to router 5's output 4 (a local port) dropped on its way into that port's
// RTL, under uniform traffic: the --rtl run (the RTL's counts drive the router: that VC has one
// packet of room less from then on, which the VC selector sees) gives other results than the
// native run, and the shadow run stops at that edge with that VC's count one packet
// (packet.size = 8 phits) below the model's, with that port's VCD window on disk.
TEST(RtlNetwork, InjectedCreditFaultIsReportedByBothModes) {
  const std::string base = kConfigs + H2;
  const std::string native = run_json(base, "credit_fault_native");
  const std::string faulty =
      run_json(base + " --engine systemc --rtl credit_counter --rtl-fault credit_counter:5:400:4",
               "credit_fault_rtl");
  EXPECT_TRUE(netcosim::test::valid_run_json(faulty));
  EXPECT_NE(comparable(native), comparable(faulty));

  const std::string vcd = testing::TempDir() + "rtl_network_credit_vcd";
  std::filesystem::remove_all(vcd);
  const auto o = run_cli("run " + base +
                         " --engine systemc --rtl-shadow credit_counter "
                         "--rtl-fault credit_counter:5:400:4 --rtl-vcd " +
                         vcd + " --quiet");
  EXPECT_EQ(o.status, 3) << o.output;
  uint64_t cycle = 0;
  const auto at = shadow_stop(o.err, 5, "credit_counter", 400, &cycle);
  ASSERT_NE(at, std::string::npos) << o.err;
  // The first difference: credits[4.VC] model M RTL M - 8, in that edge's events as a return
  // to output 4 on that VC of 8 phits.
  const auto d = o.err.find(": credits[4.", at);
  ASSERT_NE(d, std::string::npos) << o.err;
  const unsigned vc = static_cast<unsigned>(std::stoul(o.err.substr(d + 12)));
  const auto m = o.err.find("] model ", d);
  ASSERT_NE(m, std::string::npos) << o.err;
  const long model = std::stol(o.err.substr(m + 8));
  const auto r = o.err.find(" RTL ", m);
  ASSERT_NE(r, std::string::npos) << o.err;
  EXPECT_EQ(std::stol(o.err.substr(r + 5)), model - 8) << o.err;
  const auto ev = o.err.find("; events (output:consume vc/phits, return vc/phits): ", r);
  ASSERT_NE(ev, std::string::npos) << o.err;
  EXPECT_NE(o.err.find("r" + std::to_string(vc) + "/8", ev), std::string::npos) << o.err;
  // The VCD window of the differing port's instance.
  EXPECT_NE(o.err.find("; VCD window: " + vcd + "/router_5_credit_counter_o4_c0.vcd", ev),
            std::string::npos)
      << o.err;
  EXPECT_TRUE(std::filesystem::exists(vcd + "/router_5_credit_counter_o4_c0.vcd"));
}

// FlexVC's VC selectors alone, by each selection function the RTL has (MODE 0 jsq, 1 highest,
// 2 lowest): strict and shadow give the native JSON; the selection functions give different
// results (the RTL's MODE is the configured one, not one function for all).
TEST(RtlNetwork, VcSelectorByEachSelectionFunctionGivesTheNativeJson) {
  std::vector<nlohmann::json> natives;
  for (const std::string sel : {"jsq", "highest", "lowest"}) {
    const std::string base = kConfigs + H2 VAL_FLEXVC ADV " --set router.vc_selection=" + sel;
    const std::string native = run_json(base, "vcsel_native_" + sel);
    natives.push_back(comparable(native));
    for (const char* mode : {"--rtl vc_selector", "--rtl-shadow vc_selector",
                             "--rtl vc_selector,credit_counter --rtl-shadow sep_alloc_if"}) {
      const std::string j = run_json(base + " --engine systemc " + mode, "vcsel_" + sel);
      EXPECT_EQ(natives.back(), comparable(j)) << sel << " " << mode;
    }
  }
  EXPECT_NE(natives[0], natives[1]);
  EXPECT_NE(natives[1], natives[2]);
}

// One VC selection of router 5's RTL emptied (its allowed VCs driven 0) at its first selection
// at or after cycle 400 on local output 2 that finds a VC, under FlexVC MIN: the --rtl run (that
// head does not request in that cycle) gives other results than the native run, and the shadow
// run stops at that selection with the model's one-hot grant against the RTL's 0, naming the
// router's allowed VCs and the counts, with that port's VCD window on disk.
TEST(RtlNetwork, InjectedVcSelectorFaultIsReportedByBothModes) {
  const std::string base = kConfigs + H2 FLEXVC;
  const std::string native = run_json(base, "vcsel_fault_native");
  const std::string faulty =
      run_json(base + " --engine systemc --rtl vc_selector --rtl-fault vc_selector:5:400:2",
               "vcsel_fault_rtl");
  EXPECT_TRUE(netcosim::test::valid_run_json(faulty));
  EXPECT_NE(comparable(native), comparable(faulty));

  const std::string vcd = testing::TempDir() + "rtl_network_vcsel_vcd";
  std::filesystem::remove_all(vcd);
  const auto o = run_cli("run " + base +
                         " --engine systemc --rtl-shadow vc_selector "
                         "--rtl-fault vc_selector:5:400:2 --rtl-vcd " +
                         vcd + " --quiet");
  EXPECT_EQ(o.status, 3) << o.output;
  const auto at = shadow_stop(o.err, 5, "vc_selector");
  ASSERT_NE(at, std::string::npos) << o.err;
  // grant[2] model 1 or 2 (VC 0 or 1 of the local port's two) RTL 0, valid[2] model 1 RTL 0.
  const auto g = o.err.find(": grant[2] model ", at);
  ASSERT_NE(g, std::string::npos) << o.err;
  const unsigned grant = static_cast<unsigned>(std::stoul(o.err.substr(g + 17)));
  EXPECT_TRUE(grant == 1 || grant == 2) << o.err;
  EXPECT_NE(o.err.find(" RTL 0, valid[2] model 1 RTL 0; inputs (output: allowed, credits per VC, "
                       "pkt_size): 2: allowed 0x",
                       g),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find(", pkt_size 8; VCD window: " + vcd + "/router_5_vc_selector_o2_c0.vcd", g),
            std::string::npos)
      << o.err;
  EXPECT_TRUE(std::filesystem::exists(vcd + "/router_5_vc_selector_o2_c0.vcd"));
}

// The arbiter blocks by policy pair and mode: age at the inputs with transit_lrs at the outputs
// (the LRS inside each class: the RTL sees the class's requests), lrs with age, each block strict
// or in shadow beside the other; the native JSON each time. The policies give different results
// (the RTL's arbiters are the configured ones).
TEST(RtlNetwork, ArbiterBlocksByPolicyPairAndModeGiveTheNativeJson) {
  const struct {
    const char* policies;
    std::vector<const char*> modes;
  } pairs[] = {
      {" --set router.input_arbitration=age --set router.output_arbitration=transit_lrs",
       {"--rtl lrs_arbiter,age_arbiter", "--rtl lrs_arbiter --rtl-shadow age_arbiter",
        "--rtl-shadow all"}},
      {" --set router.input_arbitration=lrs --set router.output_arbitration=age",
       {"--rtl all", "--rtl age_arbiter --rtl-shadow lrs_arbiter,credit_counter"}},
      {" --set router.input_arbitration=transit_lrs --set router.output_arbitration=rr",
       {"--rtl lrs_arbiter"}},
  };
  std::vector<nlohmann::json> natives;
  for (const auto& p : pairs) {
    const std::string base = kConfigs + H2 ADV + p.policies;
    natives.push_back(comparable(run_json(base, "arb_native")));
    for (const char* mode : p.modes) {
      const std::string j = run_json(base + " --engine systemc " + mode, "arb_pair");
      EXPECT_EQ(natives.back(), comparable(j)) << p.policies << " " << mode;
    }
  }
  EXPECT_NE(natives[0], natives[1]);
  EXPECT_NE(natives[1], natives[2]);
}

// One arbitration of router 5's output 4 (a local port) with two or more requests at or after
// cycle 400, under uniform traffic: the model's winner's request removed from the RTL's. The
// --rtl run (the RTL grants another input, whose packet has another destination) gives other
// results than the native run (under ADV+1 the two swapped packets leave the same figures); the
// shadow run stops at that arbitration with the model's one-hot grant against the RTL's other
// one, both among the requests, with the arbiter's VCD window on disk. For the LRS and the age
// arbiter.
TEST(RtlNetwork, InjectedArbiterFaultIsReportedByBothModes) {
  for (const std::string block : {"lrs_arbiter", "age_arbiter"}) {
    const std::string base = kConfigs + H2 + (block == "lrs_arbiter" ? LRS : AGE);
    const std::string native = run_json(base, "arb_fault_native_" + block);
    const std::string faulty =
        run_json(base + " --engine systemc --rtl " + block + " --rtl-fault " + block + ":5:400:4",
                 "arb_fault_rtl_" + block);
    EXPECT_TRUE(netcosim::test::valid_run_json(faulty));
    EXPECT_NE(comparable(native), comparable(faulty)) << block;

    const std::string vcd = testing::TempDir() + "rtl_network_arb_vcd_" + block;
    std::filesystem::remove_all(vcd);
    const auto o = run_cli("run " + base + " --engine systemc --rtl-shadow " + block +
                           " --rtl-fault " + block + ":5:400:4 --rtl-vcd " + vcd + " --quiet");
    EXPECT_EQ(o.status, 3) << o.output;
    const auto at = shadow_stop(o.err, 5, block);
    ASSERT_NE(at, std::string::npos) << o.err;
    // out4_gnt model 2^m RTL 2^r, m != r, both requesters of the reported req; the state agrees
    // (the fault is in the request, not the registers): the gnt is the only difference.
    const auto g = o.err.find(": out4_gnt model ", at);
    ASSERT_NE(g, std::string::npos) << o.err;
    const uint64_t model = std::stoull(o.err.substr(g + 17));
    const auto r = o.err.find(" RTL ", g);
    ASSERT_NE(r, std::string::npos) << o.err;
    const uint64_t rtl = std::stoull(o.err.substr(r + 5));
    const auto in = o.err.find("; inputs (arbiter: req, ages, state): out4: req 0x", r);
    ASSERT_EQ(in, o.err.find(";", r)) << o.err;  // no other difference before the inputs
    const uint64_t req = std::stoull(o.err.substr(in + 50), nullptr, 16);
    EXPECT_EQ(__builtin_popcountll(model), 1) << o.err;
    EXPECT_EQ(__builtin_popcountll(rtl), 1) << o.err;
    EXPECT_NE(model, rtl) << o.err;
    EXPECT_EQ(model & req, model) << o.err;
    EXPECT_EQ(rtl & req, rtl) << o.err;
    EXPECT_NE(o.err.find("; VCD window: " + vcd + "/router_5_" + block + "_o4_c0.vcd", in),
              std::string::npos)
        << o.err;
    EXPECT_TRUE(std::filesystem::exists(vcd + "/router_5_" + block + "_o4_c0.vcd"));
  }
}

// The DTable schedulers named (strict and shadow) give the native JSON on both switches and
// tables, as `all` does.
TEST(RtlNetwork, DTableArbiterNamedGivesTheNativeJson) {
  for (const std::string& base : {kConfigs + OPA_DTABLE, kConfigs + IB_DTABLE}) {
    const nlohmann::json native = comparable(run_json(base, "dtable_native"));
    for (const char* mode : {"--rtl dtable_arbiter", "--rtl-shadow dtable_arbiter"}) {
      const std::string j = run_json(base + " --engine systemc " + mode, "dtable_named");
      EXPECT_EQ(native, comparable(j)) << base << " " << mode;
    }
  }
}

// One DTable decision of switch 0's RTL emptied (its active SLs driven 0) at its first decision
// at or after cycle 400 on output 0 that grants, on the OPA tree: the --rtl run (that output
// sends nothing in that cycle) gives other results than the native run, and the shadow run stops
// at that decision with the model's grant against the RTL's none, naming the active SLs and
// their sizes, with that port's VCD window on disk.
TEST(RtlNetwork, InjectedDTableFaultIsReportedByBothModes) {
  const std::string base = kConfigs + OPA_DTABLE;
  const std::string native = run_json(base, "dtable_fault_native");
  const std::string faulty =
      run_json(base + " --engine systemc --rtl dtable_arbiter --rtl-fault dtable_arbiter:0:400:0",
               "dtable_fault_rtl");
  EXPECT_TRUE(netcosim::test::valid_run_json(faulty));
  EXPECT_NE(comparable(native), comparable(faulty));

  const std::string vcd = testing::TempDir() + "rtl_network_dtable_vcd";
  std::filesystem::remove_all(vcd);
  const auto o = run_cli("run " + base +
                         " --engine systemc --rtl-shadow dtable_arbiter "
                         "--rtl-fault dtable_arbiter:0:400:0 --rtl-vcd " +
                         vcd + " --quiet");
  EXPECT_EQ(o.status, 3) << o.output;
  const auto at = shadow_stop(o.err, 0, "dtable_arbiter");
  ASSERT_NE(at, std::string::npos) << o.err;
  // gnt_valid[0] model 1 RTL 0 (and gnt_sl[0] model S RTL 0 when S is not SL 0); the registers
  // agree (the fault changes no state).
  const auto g = o.err.find(": gnt_valid[0] model 1 RTL 0", at);
  ASSERT_NE(g, std::string::npos) << o.err;
  EXPECT_EQ(o.err.find("ptr[", g), std::string::npos) << o.err;
  EXPECT_EQ(o.err.find("acc[", g), std::string::npos) << o.err;
  EXPECT_NE(
      o.err.find("; inputs (output: active SLs, head message sizes in credits): 0: active 0x", g),
      std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("; VCD window: " + vcd + "/router_0_dtable_arbiter_o0_c0.vcd", g),
            std::string::npos)
      << o.err;
  EXPECT_TRUE(std::filesystem::exists(vcd + "/router_0_dtable_arbiter_o0_c0.vcd"));
}

// The round-robin SL arbiters and the DRR schedulers named alone (strict and shadow) give the
// native JSON on both switches: rr_arbiter on the OPA 4-ary 2-tree (n3) and the IB 4x4 torus
// (n2), drr_arbiter on the OPA and IB 4-ary 2-trees.
TEST(RtlNetwork, RrAndDrrArbitersNamedGiveTheNativeJson) {
  struct Named {
    std::string base;
    const char* block;
  };
  for (const Named& n :
       {Named{kConfigs + OPA_FATTREE_ALLOC, "rr_arbiter"}, Named{kConfigs + IB_TORUS, "rr_arbiter"},
        Named{kConfigs + OPA_FATTREE_ALLOC DRR3, "drr_arbiter"},
        Named{kConfigs + IB_ALLOC DRR3, "drr_arbiter"}}) {
    const nlohmann::json native = comparable(run_json(n.base, "sched_native"));
    for (const char* mode : {"--rtl ", "--rtl-shadow "}) {
      const std::string j =
          run_json(n.base + " --engine systemc " + mode + n.block, std::string("sched_named"));
      EXPECT_EQ(native, comparable(j)) << n.base << " " << mode << n.block;
    }
  }
}

// Switch 0's `block` RTL emptied at its first granting decision at or after cycle 400 on output
// 0 (--rtl-fault block:0:400:0): the --rtl run's results differ from the native run's, and the
// shadow run stops there (exit 3) naming the differing grant output `grant`, the inputs (`inputs`)
// and not the register `state`. Returns the shadow run's stderr.
std::string expect_scheduler_fault_reported(const std::string& base, const std::string& b,
                                            const char* grant, const char* state,
                                            const char* inputs) {
  const std::string native = run_json(base, b + "_fault_native");
  const std::string faulty = run_json(
      base + " --engine systemc --rtl " + b + " --rtl-fault " + b + ":0:400:0", b + "_fault");
  EXPECT_TRUE(netcosim::test::valid_run_json(faulty));
  EXPECT_NE(comparable(native), comparable(faulty)) << b;

  const auto o = run_cli("run " + base + " --engine systemc --rtl-shadow " + b + " --rtl-fault " +
                         b + ":0:400:0 --quiet");
  EXPECT_EQ(o.status, 3) << o.output;
  const auto at = shadow_stop(o.err, 0, b);
  if (at == std::string::npos) return o.err;
  const auto g = o.err.find(grant, at);
  EXPECT_NE(g, std::string::npos) << o.err;
  if (g == std::string::npos) return o.err;
  EXPECT_EQ(o.err.find(state, g), std::string::npos) << o.err;
  EXPECT_NE(o.err.find(inputs, g), std::string::npos) << o.err;
  return o.err;
}

// One decision of switch 0's rr_arbiter or drr_arbiter RTL emptied (its requests driven 0) at its
// first decision at or after cycle 400 on output 0 that grants, on the OPA 4-ary 2-tree: the
// --rtl run (that output sends nothing in that cycle) gives other results than the native run,
// and the shadow run stops at that decision with the model's grant against the RTL's none,
// naming the inputs, the registers agreeing.
TEST(RtlNetwork, InjectedRrAndDrrFaultsAreReportedByBothModes) {
  struct Faulted {
    std::string base;
    const char* block;
    const char* grant;   // the differing grant output
    const char* state;   // a register that must not differ
    const char* inputs;  // the inputs' label and start
  };
  for (const Faulted& f :
       {Faulted{kConfigs + OPA_FATTREE_ALLOC, "rr_arbiter", ": gnt[0] model ", "ptr[",
                "; inputs (output: requesting SLs): 0: req 0x"},
        Faulted{kConfigs + OPA_FATTREE_ALLOC DRR3, "drr_arbiter", ": gnt_valid[0] model 1 RTL 0",
                "deficit[",
                "; inputs (output: active SLs, head packet sizes in credits): 0: "
                "active 0x"}}) {
    expect_scheduler_fault_reported(f.base, f.block, f.grant, f.state, f.inputs);
  }
}

// The IB VL arbiter (router.output_scheduler=ib_vlarb; rtl/ib_vl_arbiter.sv) on Ch. 6's 2-ary
// 2-tree (configs/qos-ch6-ib-fattree-2-2.ini: Table 6.1's configuration A, 64 high-priority entries
// and 1 low, LimitOfHighPriority 1, 4 VLs, 64-B packets of 1 unit: set v4n64l1), and SBT
// (router.output_scheduler=sbt; rtl/sbt_scheduler.sv) on the IB 4-ary 2-tree with Table 2.2's
// configuration A (60/30/10: set s3_ch2a) and on Ch. 4's OPA 4-ary 2-tree with Table 4.9's
// weights (10/30/50/5/5: set s5_ch4).
#define CH6_IBVLARB                                                                  \
  "qos-ch6-ib-fattree-2-2.ini --set sim.warmup=300 --set sim.measure=700" QOS_TABLE( \
      "table6_1_a.json")
#define SBT_CH2A " --set router.output_scheduler=sbt --set qos.sbt_weights=60,30,10"
#define SBT_CH4 " --set router.output_scheduler=sbt --set qos.sbt_weights=10,30,50,5,5"

// Each block named alone, strict and shadow, and `all` (which takes the configured scheduler's
// block) give the native JSON; the run's stderr gives the decisions the RTL took or that were
// compared (every decision of every port: more than the packets the JSON counts is not asserted,
// only that they are there and that 0 differed).
TEST(RtlNetwork, IbVlArbiterAndSbtGiveTheNativeJson) {
  struct Named {
    std::string base;
    const char* block;
  };
  for (const Named& n : {Named{kConfigs + CH6_IBVLARB, "ib_vl_arbiter"},
                         Named{kConfigs + IB_ALLOC SBT_CH2A, "sbt_scheduler"},
                         Named{kConfigs + OPA_CH4_ALLOC SBT_CH4, "sbt_scheduler"}}) {
    const nlohmann::json native = comparable(run_json(n.base, "table_native"));
    for (const char* mode : {"--rtl ", "--rtl-shadow "}) {
      const std::string json = json_path("table_named");
      const auto o = run_cli("run " + n.base + " --engine systemc " + mode + n.block +
                             " --quiet --json " + json);
      ASSERT_EQ(o.status, 0) << o.output;
      EXPECT_EQ(native, comparable(json)) << n.base << " " << mode << n.block;
      const std::string tally = std::string(n.block) + ": ";
      const auto at = o.err.find(tally);
      ASSERT_NE(at, std::string::npos) << o.err;
      EXPECT_GT(std::stoull(o.err.substr(at + tally.size())), 0u) << o.err;
      EXPECT_NE(o.err.find(std::string(mode) == "--rtl " ? " decisions taken on "
                                                         : " decisions compared on ",
                           at),
                std::string::npos)
          << o.err;
      EXPECT_NE(o.err.find("), 0 differences\n", at), std::string::npos) << o.err;
    }
  }
  // `all` on Ch. 6's tree takes ib_vl_arbiter (the 4-port switches' allocator, P=4,V=4,Q=4,
  // ITER=2, has no sep_alloc_if set), said on stderr.
  const nlohmann::json native = comparable(run_json(kConfigs + CH6_IBVLARB, "table_native"));
  const std::string json = json_path("table_all");
  const auto o = run_cli("run " + kConfigs + CH6_IBVLARB +
                         " --engine systemc --rtl all --quiet --json " + json);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_EQ(native, comparable(json));
  EXPECT_NE(o.err.find("--rtl all: router.architecture=ib: ib_vl_arbiter on every output port "
                       "of every switch ("),
            std::string::npos)
      << o.err;
}

// One decision of switch 0's ib_vl_arbiter or sbt_scheduler RTL emptied (its active lanes driven
// 0) at its first decision at or after cycle 400 on output 0 that grants: the --rtl run gives
// other results than the native run, and the shadow run stops at that decision (exit 3) with the
// model's grant against the RTL's none, naming the inputs, the registers agreeing.
TEST(RtlNetwork, InjectedIbVlArbiterAndSbtFaultsAreReportedByBothModes) {
  struct Faulted {
    std::string base;
    const char* block;
    const char* state;   // a register that must not differ
    const char* inputs;  // the inputs' label and start
  };
  for (const Faulted& f :
       {Faulted{kConfigs + CH6_IBVLARB, "ib_vl_arbiter", "hp_rem[",
                "; inputs (output: active VLs, head packet sizes in 64-B units): 0: active 0x"},
        Faulted{kConfigs + IB_ALLOC SBT_CH2A, "sbt_scheduler", "remaining[",
                "; inputs (output: active SLs): 0: active 0x"}}) {
    const std::string b = f.block;
    const std::string err = expect_scheduler_fault_reported(
        f.base, f.block, ": gnt_valid[0] model 1 RTL 0", f.state, f.inputs);
    // The tally at exit counts the difference that stopped the run.
    EXPECT_NE(err.find(b + ": "), std::string::npos) << err;
    EXPECT_NE(err.find("accepts, the registers compared after each), 1 difference\n"),
              std::string::npos)
        << err;
  }
}

// A configuration the RTL's parameters cannot express, or one without a Verilated set: exit
// status 2 naming the key, the parameters and what is allowed, no JSON written. The IB VL
// arbiter's LimitOfHighPriority is a parameter of rtl/ib_vl_arbiter.sv: a table with limit 2 (and
// 2 high-priority entries: N = 2) needs a set the catalogue does not have; SBT's weights are
// sbt_scheduler's parameters: 1,1,1 has no set; and one SL, which the RTL's 2 to 8 lanes cannot
// express.
TEST(RtlNetwork, IbVlArbiterAndSbtRefusalsAreExitTwo) {
  const std::string table = testing::TempDir() + "rtl_network_limit2.json";
  {
    std::ofstream t(table);
    t << R"({"schema": "netcosim.qos-table/1", "scheduler": "ib_vlarb", "credit_bytes": 64,
 "limit_of_high_priority": 2, "high": [{"vl": 0, "weight": 8}, {"vl": 1, "weight": 4}],
 "low": [{"vl": 2, "weight": 4}, {"vl": 3, "weight": 4}]})";
  }
  struct Bad {
    std::string args;
    std::string message;
  };
  for (const Bad& c :
       {Bad{kConfigs + CH6_IBVLARB + " --set qos.table=" + table + " --rtl ib_vl_arbiter",
            "--rtl ib_vl_arbiter: router 0 needs V=4,N=2,WW=8,SW=7,LIMIT=2 (4 VLs, qos.table: 2 "
            "high and 2 low entries, limit_of_high_priority 2; heads of up to 1 64-B units), a "
            "parameter set that was not Verilated; available (rtl/catalog.h): v4n4l1 "
            "(V=4,N=4,WW=8,SW=7,LIMIT=1), v4n64l1 (V=4,N=64,WW=8,SW=7,LIMIT=1), v16n64l0 "
            "(V=16,N=64,WW=8,SW=7,LIMIT=0), v8n8l255 (V=8,N=8,WW=8,SW=7,LIMIT=255)"},
        Bad{kConfigs + IB_ALLOC " --set router.output_scheduler=sbt --set qos.sbt_weights=1,1,1 "
                                "--rtl-shadow sbt_scheduler",
            "--rtl-shadow sbt_scheduler: router 0 needs S=3,W0=1,W1=1,W2=1 (qos.sls, "
            "qos.sbt_weights: the weights are the RTL's parameters), a parameter set that was "
            "not Verilated; available (rtl/catalog.h): s3_ch2a (S=3,W0=60,W1=30,W2=10,WW=7), "
            "s5_ch4 (S=5,W0=10,W1=30,W2=50,W3=5,W4=5,WW=7), s4w4 "
            "(S=4,W0=1,W1=15,W2=2,W3=5,WW=4)"},
        Bad{kConfigs + IB_ALLOC " --set qos.sls=1 --set qos.inject_share=1 --set qos.sl_mtu=512 "
                                "--set qos.message_size=512 --set qos.pattern=uniform "
                                "--set router.output_scheduler=sbt --set qos.sbt_weights=10 "
                                "--rtl sbt_scheduler",
            "--rtl sbt_scheduler: qos.sls=1: the RTL has 2 to 8 lanes, one per SL (its weights "
            "W0..W7; allowed: qos.sls 2 to 8)"}}) {
    const std::string json = json_path("bad_table_sched");
    const auto o = run_cli("run " + c.args + " --engine systemc --quiet --json " + json);
    EXPECT_EQ(o.status, 2) << o.output;
    EXPECT_NE(o.err.find(c.message), std::string::npos) << o.err;
    EXPECT_FALSE(std::filesystem::exists(json));
  }
}

// Bad input on the OPA switches (qos-ch4-opa-fattree-4-2.ini): exit status 2 naming the block,
// the key and what is allowed, no JSON written.
class RtlDTableBadInput : public ::testing::TestWithParam<BadCase> {};

TEST_P(RtlDTableBadInput, ExitTwoNamingTheBlockAndWhatIsAllowed) {
  const BadCase c = GetParam();
  const std::string json = json_path(std::string("bad_dtable_") + c.name);
  const auto o =
      run_cli("run " + kConfigs + "qos-ch4-opa-fattree-4-2.ini --set sim.warmup=10 " +
              "--set sim.measure=10 --engine systemc " + c.args + " --quiet --json " + json);
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.err.find(c.message), std::string::npos) << o.err;
  EXPECT_FALSE(std::filesystem::exists(json));
}

#define DTABLE49 " --set router.output_scheduler=dtable" QOS_TABLE("table4_9_dtable.json")

INSTANTIATE_TEST_SUITE_P(
    Cli, RtlDTableBadInput,
    ::testing::Values(
        BadCase{"rr_scheduler", "--rtl dtable_arbiter",
                "--rtl dtable_arbiter: router.output_scheduler=rr: the switches' output scheduler "
                "is not the DTable (allowed: router.output_scheduler=dtable; the output "
                "schedulers' RTL in router.architecture=opa: rr (rr_arbiter), dtable "
                "(dtable_arbiter), drr (drr_arbiter), sbt (sbt_scheduler), ib_vlarb "
                "(ib_vl_arbiter))"},
        // The 5 SLs of 2 SCs each on 8 VLs with one allocator iteration: MPort allocators of
        // P=4,V=8,Q=6,ITER=1, without a set (ITER=2 has p4v8q6i2); SBT weights without an
        // sbt_scheduler set (s5_ch4 is 10,30,50,5,5).
        BadCase{"all_sbt",
                "--rtl-shadow all --set router.output_scheduler=sbt "
                "--set qos.sbt_weights=20,20,20,20,20 --set router.allocator_iterations=1",
                "--rtl-shadow all: router.architecture=opa: no block of the switches has RTL "
                "here: router.output_scheduler=sbt needs sbt_scheduler "
                "S=5,W0=20,W1=20,W2=20,W3=20,W4=20, which rtl/catalog.h does not have, and "
                "rtl/catalog.h has no sep_alloc_if set P=4,V=8,Q=6,ITER=1 (allocator mport0) "
                "(available: p4v2q4i1"},
        BadCase{"opa_allocator_no_set",
                "--rtl sep_alloc_if --set router.allocator_iterations=1" DTABLE49,
                "--rtl sep_alloc_if: router 0 allocator mport0 needs P=4,V=8,Q=6,ITER=1, a "
                "parameter set that was not Verilated; available (rtl/catalog.h): p4v2q4i1 "
                "(P=4,V=2,Q=4,ITER=1), "},
        // Allocator inputs: MPort 0's 0-3, MPort 1's 4-7, the central allocator's 8-11.
        BadCase{"fault_allocator_input", "--rtl sep_alloc_if --rtl-fault sep_alloc_if:0:5:12",
                "--rtl-fault 0:5:12: router 0 has inputs 0 to 11 (0 to 3 mport0, 4 to 7 mport1, "
                "8 to 11 central)"},
        BadCase{"cioq_block", "--rtl credit_counter" DTABLE49,
                "--rtl credit_counter: the block is the CIOQ router's; the switches of "
                "router.architecture=opa have the sockets of sep_alloc_if, shared_vl_credits "
                "and the output schedulers only (allowed: sep_alloc_if, shared_vl_credits; "
                "rr_arbiter, dtable_arbiter, drr_arbiter, sbt_scheduler, ib_vl_arbiter under "
                "router.output_scheduler=rr, dtable, drr, sbt, ib_vlarb)"},
        BadCase{"rr_arbiter_drr",
                "--rtl rr_arbiter --set router.output_scheduler=drr "
                "--set qos.drr_quantum=2,4,8,16,16",
                "--rtl rr_arbiter: router.output_scheduler=drr: the switches' output scheduler is "
                "not round robin per SL (allowed: router.output_scheduler=rr; the output "
                "schedulers' RTL in router.architecture=opa: rr (rr_arbiter), dtable "
                "(dtable_arbiter), drr (drr_arbiter), sbt (sbt_scheduler), ib_vlarb "
                "(ib_vl_arbiter))"},
        BadCase{"drr_arbiter_rr", "--rtl-shadow drr_arbiter",
                "--rtl-shadow drr_arbiter: router.output_scheduler=rr: the switches' output "
                "scheduler is not DRR (allowed: router.output_scheduler=drr;"},
        BadCase{"rr_fault_port", "--rtl rr_arbiter --rtl-fault rr_arbiter:3:5:8",
                "--rtl-fault rr_arbiter:3:5:8: router 3 has round-robin SL arbiters on outputs 0 "
                "to 7"},
        BadCase{"fault_port", "--rtl dtable_arbiter" DTABLE49 " --rtl-fault dtable_arbiter:3:5:8",
                "--rtl-fault dtable_arbiter:3:5:8: router 3 has DTable schedulers on outputs 0 "
                "to 7"},
        BadCase{"fault_cioq_block", "--rtl all" DTABLE49 " --rtl-fault credit_counter:3:5",
                "--rtl-fault credit_counter: router.architecture=opa: the switches' block sockets "
                "are the output schedulers' (rr_arbiter, dtable_arbiter, drr_arbiter, "
                "sbt_scheduler, ib_vl_arbiter), sep_alloc_if's and shared_vl_credits' "
                "(--rtl-fault BLOCK:ROUTER:CYCLE[:PORT] or sep_alloc_if:ROUTER:CYCLE[:INPUT])"}),
    [](const ::testing::TestParamInfo<BadCase>& i) { return std::string(i.param.name); });

// Bad input on the IB switches (qos-ib-fattree-4-2.ini): an allocator shape without a Verilated
// set (one iteration), named or through `all`; a block of the CIOQ router; a fault of one.
class RtlIbBadInput : public ::testing::TestWithParam<BadCase> {};

TEST_P(RtlIbBadInput, ExitTwoNamingTheBlockAndWhatIsAllowed) {
  const BadCase c = GetParam();
  const std::string json = json_path(std::string("bad_ib_") + c.name);
  const auto o =
      run_cli("run " + kConfigs + "qos-ib-fattree-4-2.ini --set sim.warmup=10 " +
              "--set sim.measure=10 --engine systemc " + c.args + " --quiet --json " + json);
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.err.find(c.message), std::string::npos) << o.err;
  EXPECT_FALSE(std::filesystem::exists(json));
}

INSTANTIATE_TEST_SUITE_P(
    Cli, RtlIbBadInput,
    ::testing::Values(
        BadCase{"no_set", "--rtl sep_alloc_if --set router.allocator_iterations=1",
                "--rtl sep_alloc_if: router 0 needs P=8,V=3,Q=8,ITER=1, a parameter set that was "
                "not Verilated; available (rtl/catalog.h): p4v2q4i1 (P=4,V=2,Q=4,ITER=1), "},
        BadCase{"all_no_set",
                "--rtl-shadow all --set router.allocator_iterations=1 "
                "--set router.output_scheduler=sbt --set qos.sbt_weights=1,1,1",
                "--rtl-shadow all: router.architecture=ib: no block of the switches has RTL "
                "here: router.output_scheduler=sbt needs sbt_scheduler S=3,W0=1,W1=1,W2=1, "
                "which rtl/catalog.h does not have, and rtl/catalog.h has no sep_alloc_if set "
                "P=8,V=3,Q=8,ITER=1 (available: p4v2q4i1"},
        BadCase{"cioq_block", "--rtl sep_alloc_if,credit_counter",
                "--rtl credit_counter: the block is the CIOQ router's; the switches of "
                "router.architecture=ib have the sockets of sep_alloc_if, shared_vl_credits "
                "and the output schedulers only (allowed: sep_alloc_if, shared_vl_credits; "
                "rr_arbiter, dtable_arbiter, drr_arbiter, sbt_scheduler, ib_vl_arbiter under "
                "router.output_scheduler=rr, dtable, drr, sbt, ib_vlarb)"},
        BadCase{"ib_vl_arbiter_rr", "--rtl ib_vl_arbiter",
                "--rtl ib_vl_arbiter: router.output_scheduler=rr: the switches' output scheduler "
                "is not the IB VL arbiter (allowed: router.output_scheduler=ib_vlarb;"},
        BadCase{"sbt_fault_port", "--rtl sbt_scheduler" SBT_CH2A " --rtl-fault sbt_scheduler:3:5:8",
                "--rtl-fault sbt_scheduler:3:5:8: router 3 has SBT schedulers on outputs 0 to 7"},
        // A shared VL buffers' fault on a port with no buffer's credits (switch 0 has 8).
        BadCase{"shared_vl_fault_port",
                "--rtl shared_vl_credits --rtl-fault shared_vl_credits:0:5:8",
                "--rtl-fault shared_vl_credits:0:5:8: router 0 has downstream input buffers' "
                "credits on outputs 4, 5, 6, 7 (the outputs facing a switch) and its input "
                "buffers' credits held by a NIC on ports 0, 1, 2, 3 (the injection ports)"},
        BadCase{"fault_cioq_block", "--rtl all --rtl-fault credit_counter:1:5",
                "--rtl-fault credit_counter: router.architecture=ib: the switches' block sockets "
                "are the output schedulers' (rr_arbiter, dtable_arbiter, drr_arbiter, "
                "sbt_scheduler, ib_vl_arbiter), sep_alloc_if's and shared_vl_credits' "
                "(--rtl-fault BLOCK:ROUTER:CYCLE[:PORT] or sep_alloc_if:ROUTER:CYCLE[:INPUT])"}),
    [](const ::testing::TestParamInfo<BadCase>& i) { return std::string(i.param.name); });

// DRR on the IB 4x4 torus's 2 SLs (V = 2) has no Verilated set: exit status 2 naming the
// parameters the switch needs and the sets there are.
TEST(RtlNetwork, DrrWithoutVerilatedSetIsExitTwo) {
  const std::string json = json_path("bad_drr_not_verilated");
  const auto o = run_cli("run " + kConfigs + IB_TORUS +
                         " --engine systemc --rtl drr_arbiter --set router.output_scheduler=drr "
                         "--set qos.drr_quantum=4,8 --quiet --json " +
                         json);
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.err.find("--rtl drr_arbiter: router 0 needs V=2,QW=16,SW=16 (qos.sls=2), a "
                       "parameter set that was not Verilated; available (rtl/catalog.h): v4 "
                       "(V=4,QW=4,SW=3), v8 (V=8,QW=8,SW=6), v16 (V=16,QW=8,SW=6), v4q16s16 "
                       "(V=4,QW=16,SW=16), v8q16s16 (V=8,QW=16,SW=16)"),
            std::string::npos)
      << o.err;
  EXPECT_FALSE(std::filesystem::exists(json));
}

// A table whose size has no Verilated set (Table 4.9's first 8 entries, one per SL at least):
// exit status 2 naming the parameters the switch needs and the sets there are.
TEST(RtlNetwork, DTableWithoutVerilatedSetIsExitTwo) {
  const std::string table = testing::TempDir() + "rtl_network_dtable8.json";
  {
    std::ofstream f(table);
    f << R"({"schema": "netcosim.qos-table/1", "scheduler": "dtable", "target": "opa",
  "credit_bytes": 64, "sls": [{"sl": 0, "name": "VO", "mtu": 2}, {"sl": 1, "name": "VI", "mtu": 4},
  {"sl": 2, "name": "CL", "mtu": 8}, {"sl": 3, "name": "BE", "mtu": 16},
  {"sl": 4, "name": "BK", "mtu": 16}],
  "entries": [{"sl": 0, "weight": 7}, {"sl": 1, "weight": 39}, {"sl": 0, "weight": 7},
  {"sl": 2, "weight": 130}, {"sl": 3, "weight": 26}, {"sl": 4, "weight": 26},
  {"sl": 0, "weight": 7}, {"sl": 2, "weight": 130}]})";
  }
  const std::string json = json_path("bad_dtable_not_verilated");
  const auto o = run_cli("run " + kConfigs +
                         "qos-ch4-opa-fattree-4-2.ini --set sim.warmup=10 --set sim.measure=10 "
                         "--engine systemc --rtl-shadow dtable_arbiter "
                         "--set router.output_scheduler=dtable --set qos.table=" +
                         table + " --quiet --json " + json);
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.err.find("--rtl-shadow dtable_arbiter: router 0 needs S=8,N=8,WW=24,AW=32,SW=16 "
                       "(qos.sls=5, qos.table=" +
                       table +
                       ": 8 entries), a parameter set that was not Verilated; available "
                       "(rtl/catalog.h): s4n8 (S=4,N=8,WW=4,AW=4,SW=3), "),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("s8n128_opa (S=8,N=128,WW=24,AW=32,SW=16)"), std::string::npos) << o.err;
  EXPECT_FALSE(std::filesystem::exists(json));
}

// The faults are real changes of the RTL's output: without them, the same shadow run passes.
TEST(RtlNetwork, ShadowWithoutFaultPasses) {
  const auto o = run_cli("run " + kConfigs + H2 ADV +
                         " --engine systemc --rtl-shadow sep_alloc_if,credit_counter --quiet");
  EXPECT_EQ(o.status, 0) << o.output;
}

// netcosim without netcosim-rtl beside it: --rtl says what is missing and how to build it.
TEST(RtlNetwork, MissingRtlExecutableIsExitTwo) {
  const std::string dir = testing::TempDir() + "rtl_network_alone";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::filesystem::copy_file(NETCOSIM_EXE, dir + "/netcosim");
  std::filesystem::permissions(dir + "/netcosim", std::filesystem::perms::owner_all);
  const auto o = netcosim::test::run_argv({dir + "/netcosim", "run", kConfigs + "dragonfly-h2.ini",
                                           "--engine", "systemc", "--rtl", "all", "--quiet"});
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.err.find("which is not built (expected at " + dir +
                       "/netcosim-rtl): build it with `make build` or `cmake --build BUILD "
                       "--target netcosim-rtl`"),
            std::string::npos)
      << o.err;
}

class RtlBadInput : public ::testing::TestWithParam<BadCase> {};

TEST_P(RtlBadInput, ExitTwoNamingTheBlockAndWhatIsAvailable) {
  const BadCase c = GetParam();
  const std::string json = json_path(std::string("bad_") + c.name);
  const auto o = run_cli("run " + kConfigs + "dragonfly-h2.ini --set sim.warmup=10 " +
                         "--set sim.measure=10 " + c.args + " --quiet --json " + json);
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.err.find(c.message), std::string::npos) << o.err;
  EXPECT_FALSE(std::filesystem::exists(json));
}

INSTANTIATE_TEST_SUITE_P(
    Cli, RtlBadInput,
    ::testing::Values(
        BadCase{"no_rtl", "--engine systemc --rtl fifo",
                "--rtl 'fifo': block fifo has no RTL; allowed: all, " +
                    block_list(netcosim::sc::socketed_blocks()) +
                    " (RTL blocks of rtl/catalog.h: rr_arbiter, sep_alloc_if,"},
        BadCase{"ib_vl_arbiter_cioq", "--engine systemc --rtl ib_vl_arbiter",
                "--rtl ib_vl_arbiter: router.architecture=cioq has no IB VL arbiter output "
                "scheduler (allowed: router.architecture=opa|ib with "
                "router.output_scheduler=ib_vlarb)"},
        // The switches' shared VL buffers named for the CIOQ router (they are the OPA and IB
        // switches').
        BadCase{"shared_vl_credits_cioq", "--engine systemc --rtl shared_vl_credits",
                "--rtl shared_vl_credits: router.architecture=cioq: the port buffers shared by "
                "their VLs with a minimum and a maximum per VL are the OPA and IB switches' "
                "(thesis 003 Sec. 5.3.1; allowed: router.architecture=opa|ib)"},
        BadCase{"rr_cioq", "--engine systemc --rtl-shadow rr_arbiter",
                "--rtl-shadow rr_arbiter: router.architecture=cioq has no round robin per SL "
                "output scheduler (allowed: router.architecture=opa|ib with "
                "router.output_scheduler=rr)"},
        BadCase{"dtable_cioq", "--engine systemc --rtl dtable_arbiter",
                "--rtl dtable_arbiter: router.architecture=cioq has no DTable output scheduler "
                "(allowed: router.architecture=opa|ib with router.output_scheduler=dtable)"},
        BadCase{
            "native_engine", "--rtl sep_alloc_if",
            "--rtl sep_alloc_if: the Verilated blocks run on the SystemC kernel: needs --engine "
            "systemc "
            "(--engine native)"},
        BadCase{"quantum", "--engine systemc --sc-quantum 2 --rtl sep_alloc_if",
                "--sc-quantum 2: --rtl sep_alloc_if runs the SystemC engine in strict mode"},
        // A mixed run: an error about one block names the option that named it, a general one
        // names both options with their blocks.
        BadCase{"mixed_native", "--rtl sep_alloc_if --rtl-shadow contention_counters",
                "--rtl sep_alloc_if and --rtl-shadow contention_counters: the Verilated blocks run "
                "on the SystemC kernel: needs "
                "--engine systemc (--engine native)"},
        BadCase{"mixed_quantum",
                "--engine systemc --sc-quantum 4 --rtl sep_alloc_if --rtl-shadow credit_counter",
                "--sc-quantum 4: --rtl sep_alloc_if and --rtl-shadow credit_counter run the "
                "SystemC engine in strict mode (--sc-quantum 1: the default with --rtl or "
                "--rtl-shadow)"},
        BadCase{"all_native", "--rtl-shadow all",
                "--rtl-shadow all: the Verilated blocks run on the SystemC kernel: needs --engine "
                "systemc (--engine native)"},
        BadCase{"mixed_shadow_block",
                "--engine systemc --rtl sep_alloc_if --rtl-shadow vc_selector",
                "--rtl-shadow vc_selector: router.vc_management=baseline: each hop allows one VC"},
        BadCase{"mixed_rtl_block",
                "--engine systemc --rtl sep_alloc_if --rtl-shadow credit_counter "
                "--set router.input_arbitration=lrs",
                "--rtl: block sep_alloc_if (rtl/sep_alloc_if.sv) has round-robin arbiters at both "
                "stages"},
        BadCase{"not_verilated",
                "--engine systemc --rtl sep_alloc_if --set router.vcs_local=5 "
                "--set router.vcs_global=2 --set routing.algorithm=val",
                "--rtl sep_alloc_if: router 0 needs P=7,V=5,Q=7,ITER=2, a parameter set that was "
                "not Verilated; available (rtl/catalog.h): p4v2q4i1 (P=4,V=2,Q=4,ITER=1), "
                "p7v3q7i2 (P=7,V=3,Q=7,ITER=2), p7v4q7i2 (P=7,V=4,Q=7,ITER=2),"},
        BadCase{"arbiters",
                "--engine systemc --rtl sep_alloc_if --set router.input_arbitration=lrs",
                "--rtl: block sep_alloc_if (rtl/sep_alloc_if.sv) has round-robin arbiters at both "
                "stages: needs router.input_arbitration=rr and router.output_arbitration=rr (lrs, "
                "rr)"},
        BadCase{"fault_router", "--engine systemc --rtl-shadow sep_alloc_if --rtl-fault 36:5",
                "--rtl-fault 36:...: router 36 does not exist (routers 0 to 35)"},
        BadCase{"fault_syntax", "--engine systemc --rtl-shadow sep_alloc_if --rtl-fault 3",
                "--rtl-fault '3': expected [BLOCK:]ROUTER:CYCLE[:PORT] (BLOCK " +
                    block_list(netcosim::sc::faultable_blocks()) + ";"},
        BadCase{"fault_block", "--engine systemc --rtl-shadow sep_alloc_if --rtl-fault fifo:3:5",
                "--rtl-fault 'fifo:3:5': block fifo has no fault injection; allowed: " +
                    block_list(netcosim::sc::faultable_blocks())},
        BadCase{"fault_block_not_socketed",
                "--engine systemc --rtl sep_alloc_if --rtl-fault credit_counter:3:5",
                "--rtl-fault: faults the RTL of " +
                    block_list(netcosim::sc::faultable_blocks(), " or ") +
                    ", and credit_counter is not in --rtl or --rtl-shadow"},
        BadCase{"vcsel_baseline", "--engine systemc --rtl vc_selector",
                "--rtl vc_selector: router.vc_management=baseline: each hop allows one VC (thesis "
                "000 Sec. 1.3), there is no VC selection for rtl/vc_selector.sv (allowed: "
                "router.vc_management=flexvc)"},
        BadCase{"vcsel_random",
                "--engine systemc --rtl vc_selector" FLEXVC " --set router.vc_selection=random",
                "--rtl vc_selector: router.vc_selection=random: rtl/vc_selector.sv has no random "
                "mode (MODE 0 jsq, 1 highest, 2 lowest: no random stream in the RTL), so its "
                "choice can neither drive the router nor be compared with the model's (allowed: "
                "router.vc_selection=jsq|highest|lowest), in strict and in shadow mode"},
        BadCase{"vcsel_random_shadow",
                "--engine systemc --rtl-shadow vc_selector" FLEXVC
                " --set router.vc_selection=random",
                "--rtl-shadow vc_selector: router.vc_selection=random: rtl/vc_selector.sv has no "
                "random mode"},
        BadCase{"vcsel_damq",
                "--engine systemc --rtl-shadow vc_selector" FLEXVC
                " --set router.buffer_model=damq",
                "--rtl-shadow vc_selector: router.buffer_model=damq: a VC's room downstream is "
                "its share of a pool (sim/blocks/damq_credits.h), not the per-VC count "
                "rtl/vc_selector.sv compares with the packet size (allowed: "
                "router.buffer_model=static)"},
        BadCase{"vcsel_not_verilated",
                "--engine systemc --rtl vc_selector" FLEXVC " --set router.vcs_local=5",
                "--rtl vc_selector: router 0 output 2 needs V=5,W=6,MODE=0 "
                "(router.vc_selection=jsq), a parameter set that was not Verilated; available "
                "(rtl/catalog.h): v2w6_jsq (V=2,W=6,MODE=0), v2w6_highest (V=2,W=6,MODE=1),"},
        BadCase{"vcsel_fault_port",
                "--engine systemc --rtl vc_selector" FLEXVC " --rtl-fault vc_selector:3:5:5",
                "--rtl-fault vc_selector:3:5:5: router 3 has VC selectors on outputs 2, 3, 4 (the "
                "outputs of two or more VCs)"},
        BadCase{"vcsel_fault_all_baseline",
                "--engine systemc --rtl all --rtl-fault vc_selector:3:5",
                "--rtl-fault vc_selector: `all` leaves vc_selector out of this network "
                "(router.vc_management=baseline, router.vc_selection=jsq; it needs flexvc and jsq, "
                "highest or lowest)"},
        BadCase{"credit_fault_port",
                "--engine systemc --rtl credit_counter --rtl-fault credit_counter:3:5:0",
                "--rtl-fault credit_counter:3:5:0: router 3 has credit counters on outputs 2, 3, "
                "4, 5, 6"},
        BadCase{"credit_not_verilated",
                "--engine systemc --rtl credit_counter --set router.vcs_local=5 "
                "--set router.vcs_global=2 --set routing.algorithm=val",
                "--rtl credit_counter: router 0 output 2 needs V=5,W=6,CAP=32, a parameter set "
                "that was not Verilated; available (rtl/catalog.h): v2w6c32 (V=2,W=6,CAP=32), "
                "v3w9c256 (V=3,W=9,CAP=256),"},
        BadCase{"credit_damq",
                "--engine systemc --rtl-shadow credit_counter "
                "--set router.buffer_model=damq",
                "--rtl-shadow credit_counter: router.buffer_model=damq: the downstream buffers "
                "are pools shared by their VCs (sim/blocks/damq_credits.h), not the per-VC "
                "counters of rtl/credit_counter.sv (allowed: router.buffer_model=static), in "
                "strict and in shadow mode"},
        BadCase{"fault_alone", "--engine systemc --rtl-fault 3:5",
                "--rtl-fault: needs --rtl or --rtl-shadow"},
        BadCase{"counters_unused", "--engine systemc --rtl contention_counters",
                "--rtl contention_counters: routing.algorithm=min does not use the contention "
                "counters (routing.algorithm=olm with routing.trigger=contention|filtered|hybrid|"
                "ectn does)"},
        BadCase{"counters_not_verilated",
                "--engine systemc --rtl-shadow contention_counters --set topology.a=5 "
                "--set routing.algorithm=olm --set router.vcs_local=3 --set router.vcs_global=2 "
                "--set routing.trigger=contention",
                "--rtl-shadow contention_counters: router 0 needs Q=8,W=8,N=16, a parameter set "
                "that was not Verilated; available (rtl/catalog.h): q7w4n4 (Q=7,W=4,N=4), "
                "q7w8n14 (Q=7,W=8,N=14),"},
        BadCase{"lrs_unused", "--engine systemc --rtl lrs_arbiter",
                "--rtl lrs_arbiter: router.input_arbitration=rr, router.output_arbitration=rr: "
                "no arbiter of the switch allocator is least-recently-served, none is "
                "rtl/lrs_arbiter.sv's (allowed: router.input_arbitration or "
                "router.output_arbitration lrs or transit_lrs)"},
        BadCase{"age_unused", "--engine systemc --rtl-shadow age_arbiter" LRS,
                "--rtl-shadow age_arbiter: router.input_arbitration=lrs, "
                "router.output_arbitration=lrs: no arbiter of the switch allocator is an age "
                "arbiter, none is rtl/age_arbiter.sv's (allowed: router.input_arbitration or "
                "router.output_arbitration age)"},
        BadCase{"lrs_with_sep_alloc_if", "--engine systemc --rtl sep_alloc_if,lrs_arbiter" LRS,
                "--rtl: block sep_alloc_if (rtl/sep_alloc_if.sv) has round-robin arbiters at both "
                "stages: needs router.input_arbitration=rr and router.output_arbitration=rr (lrs, "
                "lrs)"},
        BadCase{"lrs_not_verilated",
                "--engine systemc --rtl lrs_arbiter" LRS " --set router.vcs_local=5 "
                "--set router.vcs_global=2 --set routing.algorithm=val",
                "--rtl lrs_arbiter: router 0's input arbiters need N=5 (its VCs), a parameter set "
                "that was not Verilated; available (rtl/catalog.h): n3 (N=3), n7 (N=7), n31 "
                "(N=31), n4 (N=4)"},
        BadCase{"age_not_verilated",
                "--engine systemc --rtl age_arbiter --set router.output_arbitration=age "
                "--set topology.a=5",
                "--rtl age_arbiter: router 0's output arbiters need N=8 (its ports),W=32 (the "
                "router's ages), a parameter set that was not Verilated; available "
                "(rtl/catalog.h): n3w4 (N=3,W=4), n7w8 (N=7,W=8),"},
        BadCase{"arb_fault_port",
                "--engine systemc --rtl lrs_arbiter" LRS " --rtl-fault lrs_arbiter:3:5:7",
                "--rtl-fault lrs_arbiter:3:5:7: router 3 has output arbiters 0 to 6 (lrs_arbiter "
                "faults the output stage here)"},
        BadCase{"arb_fault_all_unused", "--engine systemc --rtl all --rtl-fault age_arbiter:3:5",
                "--rtl-fault age_arbiter: `all` leaves age_arbiter out of this network "
                "(router.input_arbitration=rr, router.output_arbitration=rr; sep_alloc_if needs "
                "rr and rr, lrs_arbiter lrs or transit_lrs, age_arbiter age)"}),
    [](const ::testing::TestParamInfo<BadCase>& i) { return std::string(i.param.name); });

}  // namespace
