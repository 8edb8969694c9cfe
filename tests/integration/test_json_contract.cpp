// The netcosim.run/1 JSON contract (docs/principles.md §8): every JSON `netcosim run`
// writes validates against docs/netcosim.run-1.schema.json with every object closed -- every
// routing, with and without drain and time series, on both engines -- and the validator rejects
// documents that break the contract (so the check itself can fail).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "test_util.h"

namespace {

using netcosim::test::load_json;
using netcosim::test::run_cli;
using netcosim::test::valid_run_json;

const char* const kShort = " --set sim.warmup=300 --set sim.measure=600 --set traffic.load=0.4";

struct Variant {
  const char* name;
  const char* args;
};

const Variant kVariants[] = {
    {"min", ""},
    {"min_adv_drain", " --set traffic.pattern=adv --set sim.drain=true"},
    {"val_ts",
     " --set routing.algorithm=val --set router.vcs_local=4 --set router.vcs_global=2"
     " --set sim.timeseries_bin=100"},
    {"olm_credit",
     " --set routing.algorithm=olm --set router.vcs_local=3 --set router.vcs_global=2"
     " --set traffic.pattern=adv"},
    {"olm_ectn_drain_ts",
     " --set routing.algorithm=olm --set router.vcs_local=3 --set router.vcs_global=2"
     " --set routing.trigger=ectn --set sim.drain=true --set sim.timeseries_bin=50"},
    {"ugal", " --set routing.algorithm=ugal --set router.vcs_local=4 --set router.vcs_global=2"},
    {"pb_adv",
     " --set routing.algorithm=pb --set router.vcs_local=4 --set router.vcs_global=2"
     " --set traffic.pattern=adv"},
    {"par_switch_ts",
     " --set routing.algorithm=par --set router.vcs_local=5 --set router.vcs_global=2"
     " --set traffic.pattern2=adv --set traffic.switch_cycle=500 --set sim.timeseries_bin=300"},
    {"mesh_hotspot_fullrate",
     " --set topology.type=mesh --set routing.algorithm=dor --set traffic.pattern=hotspot"
     " --set traffic.hotspot_fraction=0.2 --set traffic.fullrate_nodes=20,51"},
    {"mesh_sat_hotspot",  // the sat object (docs/model.md "SAT injection throttling")
     " --set topology.type=mesh --set routing.algorithm=dor --set traffic.pattern=hotspot"
     " --set traffic.throttling=sat --set traffic.sat_l=4 --set traffic.sat_k=8"},
    {"fattree_transpose",
     " --set topology.type=fattree --set routing.algorithm=updown --set traffic.pattern=transpose"},
    {"service_levels_drain",  // cycle_ns and per_sl (docs/model.md §9.3)
     " --set traffic.source=service_levels --set qos.sls=2 --set qos.inject_share=0.7,0.3"
     " --set qos.pattern=cbr,bursts4 --set sim.drain=true"},
    {"zero_load_nulls", " --set traffic.load=0"},  // no packet: the averages are null (last)
};

TEST(JsonContract, EveryRoutingDrainTimeSeriesAndEngineValidates) {
  std::vector<std::string> files;
  for (const Variant& v : kVariants)
    for (const char* engine : {"native", "systemc"}) {
      const std::string path = testing::TempDir() + "contract_" + v.name + "_" + engine + ".json";
      const auto o = run_cli(std::string("run") + kShort + v.args + " --engine " + engine +
                             " --quiet --json " + path);
      ASSERT_EQ(o.status, 0) << v.name << " " << engine << "\n" << o.output;
      files.push_back(path);
      const nlohmann::json j = load_json(path);
      EXPECT_EQ(j.at("engine"), engine);
      const bool drain = std::string(v.args).find("sim.drain=true") != std::string::npos;
      EXPECT_EQ(j.at("drained"), drain) << v.name;
      EXPECT_EQ(j.contains("conservation_ok"), drain) << v.name;
      EXPECT_EQ(j.contains("timeseries"),
                std::string(v.args).find("timeseries_bin") != std::string::npos)
          << v.name;
    }
  // One validator process for all of them.
  EXPECT_TRUE(valid_run_json(files));
  // The zero-load run's averages are null (no packet measured), which the schema allows.
  const nlohmann::json z = load_json(files.back());
  EXPECT_TRUE(z.at("latency_avg").is_null());
  EXPECT_EQ(z.at("packets_measured"), 0);
}

// Each mutation of a valid document breaks the contract in one way; the validator must say so.
TEST(JsonContract, ValidatorRejectsBrokenDocuments) {
  const std::string good = testing::TempDir() + "contract_good.json";
  const auto o = run_cli(std::string("run") + kShort + " --set sim.timeseries_bin=300 --set " +
                         "sim.drain=true --quiet --json " + good);
  ASSERT_EQ(o.status, 0) << o.output;
  ASSERT_TRUE(valid_run_json(good));
  const nlohmann::json base = load_json(good);
  struct Mutation {
    const char* name;
    void (*apply)(nlohmann::json&);
  };
  const Mutation mutations[] = {
      {"string_for_number", [](nlohmann::json& j) { j["accepted_load"] = "0.4"; }},
      {"float_for_count", [](nlohmann::json& j) { j["packets_delivered"] = 1.5; }},
      {"missing_top_key", [](nlohmann::json& j) { j.erase("hops_global_max"); }},
      {"missing_nested_key", [](nlohmann::json& j) { j["fairness"].erase("jain"); }},
      {"missing_per_router_key", [](nlohmann::json& j) { j["fairness_per_router"].erase("cov"); }},
      {"node_key_per_router",
       [](nlohmann::json& j) { j["fairness_per_router"]["min_node_load"] = 0.1; }},
      {"fullrate_nodes_not_a_list",
       [](nlohmann::json& j) { j["config"]["traffic"]["fullrate_nodes"] = "20;51"; }},
      {"undocumented_top_key", [](nlohmann::json& j) { j["latency_p999"] = 3; }},
      {"undocumented_config_key", [](nlohmann::json& j) { j["config"]["router"]["colour"] = 1; }},
      {"config_flattened", [](nlohmann::json& j) { j["config"]["router"] = 2; }},
      {"wrong_schema_name", [](nlohmann::json& j) { j["schema"] = "netcosim.run/2"; }},
      {"unknown_engine", [](nlohmann::json& j) { j["engine"] = "quantum"; }},
      {"enum_value", [](nlohmann::json& j) { j["config"]["routing"]["algorithm"] = "xy"; }},
      {"timeseries_not_array", [](nlohmann::json& j) { j["timeseries"]["latency_avg"] = 1.0; }},
      {"timeseries_without_bin",
       [](nlohmann::json& j) { j["config"]["sim"]["timeseries_bin"] = 0; }},
      {"drained_without_check", [](nlohmann::json& j) { j.erase("conservation_ok"); }},
      {"fraction_above_one", [](nlohmann::json& j) { j["misrouted_fraction"] = 1.5; }},
  };
  for (const Mutation& m : mutations) {
    nlohmann::json j = base;
    m.apply(j);
    const std::string path = testing::TempDir() + "contract_bad_" + m.name + ".json";
    std::ofstream(path) << j.dump(2);
    EXPECT_FALSE(valid_run_json(path)) << m.name;
  }
}

}  // namespace
