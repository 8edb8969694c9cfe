// The result formatters (sim/stats/report.h): the exact netcosim.run/1 JSON text (key order of
// docs/netcosim.run-1.schema.json, null for undefined averages), the time-series CSV and the
// summary, for a hand-filled RunResults.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "sim/stats/report.h"
#include "sim/topology/dragonfly.h"

using namespace netcosim;

namespace {
RunResults hand_filled() {
  const double nan = std::nan("");
  RunResults r;
  r.engine = "systemc";
  r.threads = 1;
  r.nodes = 72;
  r.routers = 36;
  r.topology = "testnet k=3 (36 routers, 72 nodes)";
  r.port_classes = df::port_class_names();
  r.offered_load = 0.4;
  r.applied_load = 0.3875;
  r.accepted_load = 0.375;
  r.latency_avg = 132.25;
  r.latency_p50 = 120;
  r.latency_p99 = 300;
  r.latency_max = 410;
  r.network_latency_avg = 100.5;
  r.injection_latency_avg = 31.75;
  r.hops_avg = 2.5;
  r.hops_class_avg[df::kLocal] = 1.5;
  r.hops_class_avg[df::kGlobal] = 1.0;
  r.hops_class_max[df::kLocal] = 3;
  r.hops_class_max[df::kGlobal] = 2;
  r.misrouted_fraction = 0.125;
  r.nonminimal_fraction = 0.25;
  r.global_misrouted_fraction = 0.125;
  r.local_misrouted_fraction = 0.0625;
  r.accepted_misrouted_injection = 0.1;
  r.accepted_misrouted_source_group = 0.05;
  r.accepted_misrouted_intermediate_group = 0.025;
  r.accepted_misrouted_destination_group = 0.0125;
  r.packets_generated = 1000;
  r.packets_delivered = 990;
  r.packets_in_flight = 10;
  r.packets_refused = 0;
  r.packets_dropped = 7;
  r.packets_measured = 800;
  r.fairness = Fairness{0.25, 0.5, 2.0, 0.1, nan, 0.625};
  r.fairness_per_router = Fairness{0.3, 0.45, 1.5, 0.05, 0.98, 0.75};
  r.node_router = {0, 0, 1};
  r.node_offered = {0.4, 1.0, 0.4};
  r.node_injected = {0.375, 0.8125, 0.25};
  r.ts_bin = 100;
  r.ts_start = {0, 100};
  r.ts_packets = {3, 0};
  r.ts_latency = {12.5, nan};
  r.ts_misrouted = {0.25, nan};
  r.ts_accepted = {0.125, 0.0};
  r.drained = true;
  r.conservation_ok = false;
  r.cycles_warmup = 100;
  r.cycles_measured = 100;
  r.cycles_total = 250;
  r.wall_seconds = 0.5;
  r.cycles_per_second = 500.0;
  r.peak_rss_mb = 12.75;
  return r;
}

// Everything after the "config" object, as the schema orders it.
const char* const kFigures = R"(  "nodes": 72,
  "routers": 36,
  "offered_load": 0.4,
  "applied_load": 0.3875,
  "accepted_load": 0.375,
  "latency_avg": 132.25,
  "latency_p50": 120,
  "latency_p99": 300,
  "latency_max": 410,
  "network_latency_avg": 100.5,
  "injection_latency_avg": 31.75,
  "hops_avg": 2.5,
  "hops_local_avg": 1.5,
  "hops_global_avg": 1.0,
  "hops_local_max": 3,
  "hops_global_max": 2,
  "misrouted_fraction": 0.125,
  "nonminimal_fraction": 0.25,
  "global_misrouted_fraction": 0.125,
  "local_misrouted_fraction": 0.0625,
  "accepted_misrouted_injection": 0.1,
  "accepted_misrouted_source_group": 0.05,
  "accepted_misrouted_intermediate_group": 0.025,
  "accepted_misrouted_destination_group": 0.0125,
  "packets_generated": 1000,
  "packets_delivered": 990,
  "packets_in_flight": 10,
  "packets_refused": 0,
  "packets_dropped": 7,
  "packets_measured": 800,
  "fairness": {
    "min_node_load": 0.25,
    "max_node_load": 0.5,
    "max_min_ratio": 2.0,
    "cov": 0.1,
    "jain": null,
    "min_avg_ratio": 0.625
  },
  "fairness_per_router": {
    "min_router_load": 0.3,
    "max_router_load": 0.45,
    "max_min_ratio": 1.5,
    "cov": 0.05,
    "jain": 0.98,
    "min_avg_ratio": 0.75
  },
  "timeseries": {
    "bin": 100,
    "start": [
      0,
      100
    ],
    "packets": [
      3,
      0
    ],
    "latency_avg": [
      12.5,
      null
    ],
    "misrouted_fraction": [
      0.25,
      null
    ],
    "accepted_load": [
      0.125,
      0.0
    ]
  },
  "drained": true,
  "conservation_ok": false,
  "cycles_warmup": 100,
  "cycles_measured": 100,
  "cycles_total": 250,
  "wall_seconds": 0.5,
  "cycles_per_second": 500.0,
  "peak_rss_mb": 12.75
}
)";
}  // namespace

TEST(ResultsJson, HeaderThenTheConfigThenTheFiguresInSchemaOrder) {
  const std::string text = results_json(hand_filled(), Config());
  const std::string head =
      "{\n  \"schema\": \"netcosim.run/1\",\n  \"engine\": \"systemc\",\n  \"threads\": 1,\n"
      "  \"config\": {\n";
  ASSERT_EQ(text.substr(0, head.size()), head);
  const size_t nodes = text.find("\n  \"nodes\": ");
  ASSERT_NE(nodes, std::string::npos);
  EXPECT_EQ(text.substr(nodes + 1), kFigures);
}

TEST(ResultsJson, ConfigValuesCarryTheirSchemaTypes) {
  Config c;
  c.set_override("sim.warmup=1234");
  c.set_override("traffic.load=0.5");
  c.set_override("sim.drain=true");
  c.set_override("traffic.pattern=adv");
  const nlohmann::json doc = nlohmann::json::parse(results_json(hand_filled(), c));
  const nlohmann::json& cfg = doc.at("config");
  EXPECT_TRUE(cfg.at("sim").at("warmup").is_number_integer());
  EXPECT_EQ(cfg.at("sim").at("warmup").get<int64_t>(), 1234);
  EXPECT_TRUE(cfg.at("traffic").at("load").is_number_float());
  EXPECT_EQ(cfg.at("traffic").at("load").get<double>(), 0.5);
  EXPECT_EQ(cfg.at("sim").at("drain"), true);
  EXPECT_EQ(cfg.at("traffic").at("pattern"), "adv");
}

TEST(ResultsJson, NoTimeSeriesAndNoConservationKeyWithoutThemInTheRun) {
  RunResults r = hand_filled();
  r.ts_bin = 0;
  r.drained = false;
  const nlohmann::json doc = nlohmann::json::parse(results_json(r, Config()));
  EXPECT_FALSE(doc.contains("timeseries"));
  EXPECT_FALSE(doc.contains("conservation_ok"));
  EXPECT_EQ(doc.at("drained"), false);
}

// A sweep's points.jsonl line: the indented document with the whitespace between tokens removed
// (the same keys, order and number texts), on one line without a newline.
TEST(ResultsJson, LineIsTheIndentedDocumentWithoutWhitespaceBetweenTokens) {
  const std::string line = results_json_line(hand_filled(), Config());
  EXPECT_EQ(line.find('\n'), std::string::npos);
  std::string figures;  // kFigures without its indentation, newlines and the space after ':'
  for (const char c : std::string(kFigures))
    if (c != ' ' && c != '\n') figures += c;
  const size_t nodes = line.find(",\"nodes\":");
  ASSERT_NE(nodes, std::string::npos) << line;
  EXPECT_EQ(line.substr(nodes + 1), figures);
  EXPECT_EQ(line.rfind("{\"schema\":\"netcosim.run/1\",\"engine\":\"systemc\",\"threads\":1,", 0),
            0u)
      << line;
  EXPECT_EQ(nlohmann::json::parse(line),
            nlohmann::json::parse(results_json(hand_filled(), Config())));
}

TEST(TimeseriesCsv, OneRowPerBinWithNanForEmptyBins) {
  EXPECT_EQ(timeseries_csv(hand_filled()),
            "start,end,packets,latency_avg,misrouted_fraction,accepted_load\n"
            "0,100,3,12.5,0.25,0.125\n"
            "100,200,0,nan,nan,0\n");
}

TEST(NodeLoadsCsv, OneRowPerNodeWithItsRouterOfferedAndInjectedLoad) {
  EXPECT_EQ(node_loads_csv(hand_filled()),
            "node,router,offered_load,injected_load\n"
            "0,0,0.4,0.375\n"
            "1,0,1,0.8125\n"
            "2,1,0.4,0.25\n");
}

TEST(ResultsSummary, FairnessPerNodeAndPerRouter) {
  const std::string text = results_summary(hand_filled(), Config());
  EXPECT_NE(text.find("  fairness/node     min 0.2500  max 0.5000  max/min 2.000  CoV 0.1000  "
                      "Jain nan  min/avg 0.625\n"
                      "  fairness/router   min 0.3000  max 0.4500  max/min 1.500  CoV 0.0500  "
                      "Jain 0.9800  min/avg 0.750\n"),
            std::string::npos)
      << text;
}

TEST(ResultsSummary, FirstLineNamesTheTopologyByItsOwnDescription) {
  Config c;
  c.set_override("routing.algorithm=val");
  c.set_override("traffic.pattern=adv");
  const std::string text = results_summary(hand_filled(), c);
  EXPECT_EQ(text.substr(0, text.find('\n') + 1),
            "netcosim run: testnet k=3 (36 routers, 72 nodes); routing val, traffic adv\n");
}

TEST(ResultsSummary, PacketAndCycleLinesNameAFailedConservation) {
  const std::string text = results_summary(hand_filled(), Config());
  EXPECT_NE(text.find("  packets           generated 1000, delivered 990, in flight 10, "
                      "refused 0, dropped 7\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  nonminimal        25.00% (global misroute 12.50%, local 6.25%); accepted "
                      "load misrouted at injection 0.1000, source group 0.0500, intermediate "
                      "group 0.0250, destination group 0.0125\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  cycles            warm-up 100, measured 100, total 250 (drained; "
                      "CONSERVATION FAILED)\n"),
            std::string::npos)
      << text;
}
