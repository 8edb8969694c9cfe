// Two engines, one model (docs/principles.md §2, §7): for h2 and h4 with MIN and VAL under
// uniform and ADV+1 traffic, the JSON of the SystemC engine (windowed, quantum 7 and strict), of
// the native engine and of the native engine with 2 threads are identical apart from `engine`, the
// thread count and the timing keys. SystemC elaborates once per process, so each run is a process.
#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine_json.h"
#include "test_util.h"

namespace {

// Runs `netcosim run ARGS --json FILE`; returns the file's path.
std::string run_json(const std::string& args, const std::string& tag) {
  const std::string json = testing::TempDir() + "engines_" + tag + ".json";
  std::remove(json.c_str());  // a run that exits 0 without writing must not pass on an old file
  const auto o = netcosim::test::run_cli("run " + args + " --quiet --json " + json);
  EXPECT_EQ(o.status, 0) << args << "\n" << o.output;
  return json;
}

using netcosim::test::comparable;

struct Case {
  const char* name;
  const char* args;
};

class EngineEquivalence : public ::testing::TestWithParam<Case> {};

TEST_P(EngineEquivalence, SameJson) {
  const Case c = GetParam();
  const std::string base = std::string(NETCOSIM_SOURCE_DIR) + "/configs/" + c.args;
  const std::vector<std::string> files = {
      run_json(base, std::string(c.name) + "_native"),
      run_json(base + " --threads 2", std::string(c.name) + "_t2"),
      run_json(base + " --engine systemc", std::string(c.name) + "_sc"),
      run_json(base + " --engine systemc --sc-quantum 1", std::string(c.name) + "_sc1")};
  EXPECT_TRUE(netcosim::test::valid_run_json(files));
  const nlohmann::json native = comparable(files[0]);
  ASSERT_TRUE(native.contains("accepted_load"));
  EXPECT_EQ(netcosim::test::load_json(files[1]).at("threads"), 2);
  EXPECT_EQ(netcosim::test::load_json(files[2]).at("engine"), "systemc");
  for (size_t i = 1; i < files.size(); ++i)
    EXPECT_EQ(native, comparable(files[i])) << files[i] << " differs from " << files[0];
}

#define VAL " --set routing.algorithm=val --set router.vcs_local=4 --set router.vcs_global=2"
#define OLM " --set routing.algorithm=olm --set router.vcs_local=3 --set router.vcs_global=2"
#define ADV " --set traffic.pattern=adv --set traffic.adv_offset=1"
#define H2 "dragonfly-h2.ini --set sim.warmup=1000 --set sim.measure=3000 --set traffic.load=0.6"
#define RR " --set traffic.source=request_reply --set traffic.reply_size=2"
#define H4 "dragonfly-h4.ini --set sim.warmup=500 --set sim.measure=1500 --set traffic.load=0.6"

INSTANTIATE_TEST_SUITE_P(
    H2H4, EngineEquivalence,
    ::testing::Values(
        Case{"h2_min_uniform", H2}, Case{"h2_min_adv", H2 ADV}, Case{"h2_val_uniform", H2 VAL},
        Case{"h2_val_adv", H2 VAL ADV}, Case{"h4_min_uniform", H4}, Case{"h4_min_adv", H4 ADV},
        Case{"h4_val_uniform", H4 VAL}, Case{"h4_val_adv", H4 VAL ADV},
        Case{"h2_val_adv_drain", H2 VAL ADV " --set sim.drain=true"},
        Case{"h2_olm_contention_adv", H2 OLM " --set routing.trigger=contention" ADV},
        Case{"h4_olm_credit_uniform", H4 OLM},
        Case{"h2_olm_ectn_adv", H2 OLM " --set routing.trigger=ectn" ADV},
        Case{"h2_olm_filtered_uniform", H2 OLM " --set routing.trigger=filtered"},
        Case{"h2_olm_head_until_tail_adv",
             H2 OLM " --set routing.trigger=contention"
                    " --set routing.contention_count=head_until_tail" ADV},
        Case{"h2_olm_ectn_queued_at_send_adv",
             H2 OLM " --set routing.trigger=ectn"
                    " --set routing.contention_count=queued_at_send" ADV},
        Case{"h2_pb_adv", H2 " --set routing.algorithm=pb --set router.vcs_local=4"
                             " --set router.vcs_global=2" ADV},
        Case{"h2_par_adv", H2 " --set routing.algorithm=par --set router.vcs_local=5"
                              " --set router.vcs_global=2" ADV},
        Case{"h2_ugal_uniform", H2 " --set routing.algorithm=ugal --set "
                                   "router.vcs_local=4 --set router.vcs_global=2"},
        // Request-reply (docs/model.md §4.7): the replies are queued by the NIC
        // that receives the request, in its router's partition.
        Case{"h2_request_reply_min", H2 RR " --set router.vcs_local=4"
                                           " --set router.vcs_global=2"},
        // A bounded reply queue (docs/model.md §4.7 "Consumption") past
        // saturation: requests wait for room for their replies.
        Case{"h2_request_reply_reply_queue_drain",
             H2 RR " --set router.vcs_local=4 --set router.vcs_global=2"
                   " --set traffic.reply_queue=2 --set traffic.load=1.0"
                   " --set sim.drain=true"},
        // In-transit OLM under FlexVC (docs/model.md §4.6), opportunistic 3/2.
        Case{"h2_olm_flexvc_contention_adv", H2 OLM " --set routing.trigger=contention"
                                                    " --set router.vc_management=flexvc" ADV},
        Case{"h2_request_reply_flexvc_val_adv_drain",
             H2 RR " --set routing.algorithm=val --set router.vc_management=flexvc"
                   " --set router.vcs_local=5 --set router.vcs_global=3"
                   " --set sim.drain=true" ADV},
        // The allocator's arbitration policies (docs/model.md §2.4): FOGSim's
        // defaults, and age with a bounded generation-time queue.
        Case{"h2_olm_lrs_transit_lrs_adv",
             H2 OLM " --set router.input_arbitration=lrs"
                    " --set router.output_arbitration=transit_lrs" ADV},
        Case{"h2_min_age_gen_q24_adv", H2 " --set router.input_arbitration=age"
                                          " --set router.output_arbitration=age"
                                          " --set router.age_timestamp=gen_q24" ADV},
        Case{"h2_val_sat_adv", H2 VAL " --set traffic.throttling=sat"
                                      " --set traffic.sat_l=4" ADV},
        // FOGSim's waiting burst generator (traffic.burst_wait, docs/model.md §3)
        // past saturation, and its crossbar transfer length (router.xbar_until_tail,
        // docs/model.md §2.1).
        Case{"h2_min_bursty_burst_wait",
             H2 " --set traffic.pattern=bursty_uniform --set traffic.source_queue=0"
                " --set traffic.injection_vc=dest --set traffic.burst_wait=true"
                " --set traffic.load=0.9"},
        Case{"h2_val_xbar_until_tail_adv", H2 VAL " --set router.xbar_until_tail=true" ADV}),
    [](const testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

// The fat tree, mesh and torus (docs/model.md §7): small instances, each routing family.
#define SHORT " --set sim.warmup=500 --set sim.measure=1500 --set traffic.load=0.7"
INSTANTIATE_TEST_SUITE_P(
    Topologies, EngineEquivalence,
    ::testing::Values(
        Case{"fattree_updown_adaptive",
             "fattree-4-3.ini --set routing.algorithm=updown_adaptive" SHORT},
        Case{"fattree_updown_random_drain",
             "fattree-4-3.ini --set routing.algorithm=updown_random --set sim.drain=true" SHORT},
        Case{"mesh_adaptive", "mesh-8x8.ini --set routing.algorithm=mesh_adaptive" SHORT},
        Case{"torus_dateline", "torus-8x8.ini" SHORT " --set traffic.pattern=bit_complement"},
        Case{"torus_bubble", "torus-8x8.ini --set routing.torus_deadlock=bubble" SHORT},
        // The adaptive bubble router (docs/model.md §7.2) on a 4x4 torus, transpose, drained.
        Case{"torus_adaptive_bubble",
             "torus-8x8.ini --set topology.dims=4x4 --set routing.algorithm=mesh_adaptive"
             " --set routing.torus_deadlock=bubble --set traffic.pattern=transpose"
             " --set sim.drain=true" SHORT},
        // Trunks (topology.trunk; docs/model.md §7.2): a 4x4 torus of 4 nodes per switch with
        // trunks of 2, the destination's link and the adaptive choice.
        Case{"torus_trunk2",
             "torus-8x8.ini --set topology.dims=4x4 --set topology.nodes_per_switch=4"
             " --set topology.trunk=2" SHORT},
        Case{"torus_trunk2_adaptive",
             "torus-8x8.ini --set topology.dims=4x4 --set topology.nodes_per_switch=4"
             " --set topology.trunk=2 --set routing.trunk_select=adaptive" SHORT},
        // SAT (docs/model.md "SAT injection throttling"): the signal crosses the partitions
        // (rows, tree levels) on its ring.
        Case{"mesh_sat_hotspot",
             "mesh-8x8.ini --set traffic.throttling=sat --set traffic.sat_l=4"
             " --set traffic.sat_k=8 --set traffic.pattern=hotspot" SHORT},
        Case{"torus_sat_transpose_drain",
             "torus-8x8.ini --set traffic.throttling=sat --set traffic.sat_l=2"
             " --set traffic.pattern=transpose --set sim.drain=true" SHORT},
        // Seed 004's batch method (docs/model.md §5 "Batches"): the boundaries are found after
        // windows of different lengths (the lookahead, the quantum, 1) and threads.
        Case{"mesh_transpose_batch",
             "mesh-8x8.ini --set traffic.pattern=transpose --set sim.mode=batch"
             " --set sim.batches=3 --set sim.batch_packets=1500" SHORT},
        Case{"h2_olm_advc_batch",
             H2 OLM " --set traffic.pattern=advc --set sim.mode=batch --set sim.batches=3"
                    " --set sim.batch_packets=3000"},
        Case{"fattree_sat_adaptive",
             "fattree-4-3.ini --set routing.algorithm=updown_adaptive"
             " --set traffic.throttling=sat --set traffic.sat_l=4"
             " --set traffic.sat_k=4" SHORT}),
    [](const testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

// SAT with a quantum between 1 and the shortest link (mesh links of 10 cycles): a hop of the
// signal between two switches takes at least one link.
TEST(Engines, SatUnderAQuantumOfSeveralCycles) {
  const std::string base = std::string(NETCOSIM_SOURCE_DIR) +
                           "/configs/mesh-8x8.ini --set traffic.throttling=sat"
                           " --set traffic.sat_l=3 --set traffic.sat_k=6" SHORT;
  const std::vector<std::string> files = {
      run_json(base, "sat_q_native"),
      run_json(base + " --engine systemc --sc-quantum 7", "sat_q7")};
  EXPECT_EQ(comparable(files[0]), comparable(files[1]));
  EXPECT_GT(netcosim::test::load_json(files[0]).at("sat").at("intervals"), 0);
}

TEST(Engines, SystemcRejectsThreadsAndLongQuantum) {
  using netcosim::test::run_cli;
  EXPECT_EQ(run_cli("run --engine systemc --threads 2 -q").status, 2);
  EXPECT_EQ(run_cli("run --engine systemc --sc-quantum 11 -q").status, 2);
  EXPECT_EQ(run_cli("run --sc-quantum 2 -q").status, 2);
  // A router counts the packets sent towards it in the previous cycle (docs/model.md, contention
  // counters): the quantum is at most 1.
  const auto o = run_cli(
      "run --engine systemc --sc-quantum 2 --set routing.contention_count=queued_at_send -q");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("queued_at_send"), std::string::npos) << o.output;
}

}  // namespace
