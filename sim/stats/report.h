// Formatters of a run's results (docs/principles.md §8): the netcosim.run/1 JSON document (schema
// docs/netcosim.run-1.schema.json), the time series as CSV and a short human-readable summary.
// Pure functions of a RunResults and the run's Config; the collection lives in sim/engine/results.
#pragma once

#include <string>

#include "sim/config/config.h"
#include "sim/stats/run_results.h"

namespace netcosim {

// The netcosim.run/1 JSON object, indented by 2, keys in the documented order, with a trailing
// newline. Non-finite numbers (an average over no packets) are written as null.
std::string results_json(const RunResults& r, const Config& cfg);
// The same document on one line, without a newline (a line of a sweep's points.jsonl).
std::string results_json_line(const RunResults& r, const Config& cfg);
// The per-node loads as CSV (node,router,offered_load,injected_load; phits/(node*cycle), the
// injected load over the measurement window), one row per node in node order.
std::string node_loads_csv(const RunResults& r);
// The head-wait counters (netcosim run --waits; docs/model.md "Head waits") as CSV:
// router,in_port,in_class,in_vc,out_port,out_class,reason,head_cycles, one row per nonzero count
// in router order. An input row (out_port and out_class empty) counts the heads of input VC in_vc
// of in_port; an output row (in_port and in_vc empty) the heads of the input ports of class
// in_class that asked for out_port. Every count but input_busy is in one row of each kind.
std::string head_waits_csv(const RunResults& r);
// The time series as CSV (start,end,packets,latency_avg,misrouted_fraction,accepted_load).
std::string timeseries_csv(const RunResults& r);
// A short human-readable summary; its first line names the topology by r.topology.
std::string results_summary(const RunResults& r, const Config& cfg);

}  // namespace netcosim
