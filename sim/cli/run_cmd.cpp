// netcosim run [CONFIG.ini] [--set section.key=value]... [--json FILE] [--engine native|systemc]
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "sim/cli/engines.h"
#include "sim/cli/options.h"
#include "sim/cli/single_run.h"
#include "sim/cli/subcommands.h"
#include "sim/config/reply_vcs.h"
#include "sim/network/deadlock_report.h"
#include "sim/routing/dragonfly/flexvc_paths.h"
#include "sim/stats/plot.h"
#include "sim/util/output_file.h"
#include "sim/util/process.h"

namespace netcosim::cli {

namespace {

// Under router.vc_management=flexvc, the summary's lines on FlexVC (docs/model.md §4.6): the
// reference sequence of the VC counts, then per path kind the routing uses (its longest path of
// that kind) each hop's baseline VC and the VCs FlexVC allows, safe or opportunistic.
std::string flexvc_summary(const Config& cfg) {
  if (cfg.get_str("router.vc_management") != "flexvc") return "";
  const auto L = static_cast<uint32_t>(cfg.get_int("router.vcs_local"));
  const auto G = static_cast<uint32_t>(cfg.get_int("router.vcs_global"));
  // With request-reply traffic: the request part, then the reply part (docs/model.md §4.7).
  const uint32_t RL = reply_vcs(cfg, "local"), RG = reply_vcs(cfg, "global");
  const flexvc::ReferenceSequence seq =
      RL + RG == 0 ? flexvc::ReferenceSequence(flexvc::dragonfly_sequence(L, G))
                   : flexvc::ReferenceSequence(flexvc::dragonfly_sequence(L - RL, G - RG),
                                               flexvc::dragonfly_sequence(RL, RG));
  const std::string alg = cfg.get_str("routing.algorithm");
  const flexvc::PathKind nonminimal = cfg.get_str("routing.valiant") == "group"
                                          ? flexvc::PathKind::ValiantGroup
                                          : flexvc::PathKind::Valiant;
  // The path kinds of the routing (sim/routing/dragonfly/registry.cpp): MIN minimal, VAL its
  // Valiant path, UGAL and PiggyBack both, OLM minimal and in-transit.
  std::vector<flexvc::PathKind> kinds;
  if (alg != "val") kinds.push_back(flexvc::PathKind::Minimal);
  if (alg == "val" || alg == "ugal" || alg == "pb") kinds.push_back(nonminimal);
  if (alg == "olm") kinds.push_back(flexvc::PathKind::InTransit);
  const std::string split = RL + RG == 0
                                ? ""
                                : " = " + std::to_string(L - RL) + "/" + std::to_string(G - RG) +
                                      "+" + std::to_string(RL) + "/" + std::to_string(RG);
  std::string s = "  FlexVC            reference " + seq.describe(" lg") + " (" +
                  std::to_string(L) + "/" + std::to_string(G) + split +
                  "); per hop of each path: the baseline's VC -> the VCs FlexVC allows\n";
  // The baseline's sets on the same counts (docs/model.md §4.7): all VCs; with request-reply the
  // requests the first ones, the replies the last router.reply_vcs_<class> (default: half).
  const auto half = [&](const char* key, uint32_t n) {
    const auto r = static_cast<uint32_t>(cfg.get_int(key));
    return r != 0 ? r : n / 2;
  };
  const uint32_t BRL = RL + RG == 0 ? 0 : half("router.reply_vcs_local", L);
  const uint32_t BRG = RL + RG == 0 ? 0 : half("router.reply_vcs_global", G);
  const uint32_t req_first[3] = {0, 0, 0}, req_count[3] = {0, L - BRL, G - BRG};
  const uint32_t rep_first[3] = {0, L - BRL, G - BRG}, rep_count[3] = {0, BRL, BRG};
  for (flexvc::PathKind k : kinds) {
    s += "  FlexVC hops       " + std::string(RL + RG == 0 ? "" : "request ") +
         flexvc::describe_hops(seq, k, false, req_first, req_count) + "\n";
    if (RL + RG != 0)
      s += "  FlexVC hops       reply " +
           flexvc::describe_hops(seq, k, true, rep_first, rep_count) + "\n";
  }
  return s;
}

void describe(CommandLine& cl) {
  cl.options.add_options()("set", texts("K=V"),
                           "override a configuration key: section.key=value (repeatable)")(
      "json", text("FILE"), "write the results as JSON to FILE ('-': stdout)")(
      "engine", text("E")->default_value("native"), engine_names(" | ").c_str())(
      "threads", text("N")->default_value("1"), "native engine threads, 1..256")(
      "sc-quantum", text("Q"), "systemc: cycles per router activation (0: shortest link)")(
      "timeseries-csv", text("FILE"), "write the time series as CSV to FILE")(
      "timeseries-png", text("FILE"),
      "plot the time series with gnuplot to FILE (CSV: FILE.csv unless --timeseries-csv)")(
      "node-loads-csv", text("FILE"), "write each node's offered and injected load as CSV to FILE")(
      "waits", text("FILE"),
      "count the head-waits of every input VC (router.architecture=cioq) or of every stage's VL "
      "FIFOs (ib, opa) over the window (docs/model.md \"Head waits\") and write them as CSV to "
      "FILE ('-': stdout); their totals enter the JSON as head_waits")(
      "node-loads-png", text("FILE"),
      "plot the per-node loads with gnuplot to FILE (CSV: FILE.csv unless --node-loads-csv)")(
      "check", "check the VC order of every grant (sim.check=true; docs/model.md §4.4)")(
      "rtl", text("BLOCKS"),
      "systemc: every router uses the Verilated RTL of BLOCK[,BLOCK...] or all (the CIOQ router: "
      "sep_alloc_if, contention_counters, credit_counter, vc_selector, lrs_arbiter, age_arbiter; "
      "the OPA/IB switches: sep_alloc_if, the output scheduler's dtable_arbiter, rr_arbiter, "
      "drr_arbiter, sbt_scheduler or ib_vl_arbiter, and shared_vl_credits, which all leaves out; "
      "all: those the configured router uses in a form their RTL implements) instead of its C++ "
      "model (strict mode; docs/cosim.md)")(
      "rtl-shadow", text("BLOCKS"),
      "systemc: the C++ model drives, the RTL of BLOCK[,...] or all runs beside it; the first "
      "difference stops the run (exit 3)")(
      "rtl-fault", text("[B:]R:C[:P]"),
      "one fault in the RTL of block B of router R, at its first event at or after cycle C "
      "(docs/cosim.md; --rtl: the results change, --rtl-shadow: exit 3 there); without P, any "
      "port but where said: sep_alloc_if:R:C[:INPUT] flip the RTL's grant of INPUT (default: the "
      "lowest granted; "
      "the OPA switch: its allocators' inputs in order, MPort m 4m..4m+3, then the central "
      "allocator's; without INPUT every allocator is armed); credit_counter:R:C[:OUTPUT] drop "
      "the RTL's credit return on OUTPUT (default: the lowest with one); "
      "vc_selector:R:C[:OUTPUT] drive allowed = 0 at a selection on OUTPUT that finds a VC; "
      "lrs_arbiter:R:C[:PORT], age_arbiter:R:C[:PORT] remove the model's winner from the RTL's "
      "requests at an arbitration of two or more requests by the arbiter of PORT (the output "
      "stage if it uses the block, else the input stage); dtable_arbiter:R:C[:OUTPUT], "
      "rr_arbiter:R:C[:OUTPUT], drr_arbiter:R:C[:OUTPUT], sbt_scheduler:R:C[:OUTPUT], "
      "ib_vl_arbiter:R:C[:OUTPUT] (the OPA and IB switches' output schedulers) drive the "
      "active SLs/VLs (rr_arbiter: req) 0 at a decision on OUTPUT that the model grants; "
      "shared_vl_credits:R:C[:PORT] leave a give-back to PORT's buffer out of the RTL (both "
      "modes stop there), PORT an "
      "output facing a switch (its downstream input buffer) or an injection port with a NIC "
      "(the credits the NIC takes back). Without B: in the CIOQ router the first socketed of "
      "sep_alloc_if, credit_counter, vc_selector, lrs_arbiter, age_arbiter; in the switches "
      "dtable_arbiter, else sep_alloc_if, else the configured scheduler's block, else "
      "shared_vl_credits")("rtl-vcd", text("DIR"),
                           "VCD windows of every router's RTL in DIR (chunks of 1000 cycles)")(
      "quiet,q", "no summary on stdout");
  cl.hidden.add_options()("config", text("CONFIG"));
  cl.positional.add("config", 1);
}

// The options besides the configuration keys; returns -1 or the exit status.
int read_options(const CommandLine& cl, RunRequest& req) {
  long long n = 0;
  const std::string t = opt_string(cl, "threads"), q = opt_string(cl, "sc-quantum");
  req.engine = opt_string(cl, "engine");
  if (!parse_int(t, 1, 256, n))
    return usage_error(cl, "--threads " + t + ": must be an integer in [1, 256]");
  req.threads = static_cast<uint32_t>(n);
  const EngineEntry* engine = engine_entry(req.engine);  // the engine registry (engines.h)
  if (engine == nullptr)
    return usage_error(cl, "--engine " + req.engine + ": allowed values are " + engine_names());
  if (!engine->multithreaded && req.threads != 1)
    return usage_error(cl, "--threads " + t + ": the " + req.engine +
                               " engine runs on one thread (use --engine native)");
  if (cl.vm.count("sc-quantum") != 0) {
    if (req.engine != "systemc")
      return usage_error(cl, "--sc-quantum applies to --engine systemc only");
    if (!parse_int(q, 0, 1000000, n))
      return usage_error(
          cl, "--sc-quantum " + q +
                  ": must be a number of cycles >= 1, or 0 for the shortest link latency");
    req.sc.quantum = static_cast<Cycle>(n);
  }
  for (const char* o :
       {"json", "timeseries-csv", "timeseries-png", "node-loads-csv", "node-loads-png", "waits"})
    if (cl.vm.count(o) != 0 && opt_string(cl, o).empty())
      return usage_error(cl, std::string("--") + o + ": the file name is empty");
  for (const char* what : {"timeseries", "node-loads"}) {
    const std::string png = std::string(what) + "-png", csv = std::string(what) + "-csv";
    if (opt_string(cl, png.c_str()) == "-")  // refused before anything runs or is written
      return usage_error(cl,
                         "--" + png + " '-': a plot is written to a file, not to standard output");
    if (opt_string(cl, csv.c_str()) == "-" && cl.vm.count(png) != 0)
      return usage_error(cl, "--" + csv + " -: the plot of --" + png + " needs the CSV in a file");
  }
  if (cl.vm.count("rtl") != 0) req.rtl.rtl = sc::parse_rtl_blocks("--rtl", opt_string(cl, "rtl"));
  if (cl.vm.count("rtl-shadow") != 0)
    req.rtl.shadow = sc::parse_rtl_blocks("--rtl-shadow", opt_string(cl, "rtl-shadow"));
  if (cl.vm.count("rtl-fault") != 0) sc::parse_rtl_fault(opt_string(cl, "rtl-fault"), req.rtl);
  req.rtl.all = opt_string(cl, "rtl") == "all" || opt_string(cl, "rtl-shadow") == "all";
  if (cl.vm.count("rtl-vcd") != 0) {
    req.rtl.vcd_dir = opt_string(cl, "rtl-vcd");
    if (req.rtl.vcd_dir.empty()) return usage_error(cl, "--rtl-vcd: the directory name is empty");
    util::prepare_output_dir(req.rtl.vcd_dir);  // OutputError: exit 2 naming the directory
  }
  req.waits = cl.vm.count("waits") != 0;
  if (opt_string(cl, "waits") == "-" && opt_string(cl, "json") == "-")
    return usage_error(cl, "--waits -: --json - writes to standard output already");
  if (req.waits && (cl.vm.count("rtl") != 0 || cl.vm.count("rtl-shadow") != 0))
    return usage_error(cl,
                       "--waits counts in the C++ router's allocation, which --rtl/--rtl-shadow "
                       "replace: use one or the other");
  req.config_file = opt_string(cl, "config");
  req.sets = opt_strings(cl, "set");
  if (cl.vm.count("check") != 0) req.sets.push_back("sim.check=true");
  req.timeseries = cl.vm.count("timeseries-csv") != 0 || cl.vm.count("timeseries-png") != 0;
  req.progress = cl.vm.count("quiet") == 0 && isatty(STDERR_FILENO) != 0;
  return -1;
}

// `netcosim run --rtl` in the executable without Verilated models: the same arguments to
// netcosim-rtl beside it (systemc/rtl/CMakeLists.txt), no shell; its exit status is ours.
int run_in_rtl_executable(int argc, char** argv) {
  const std::string self = util::self_exe_path();
  const std::string dir = self.substr(0, self.rfind('/') + 1);
  const std::string exe = dir + "netcosim-rtl";
  if (self.empty() || access(exe.c_str(), X_OK) != 0) {
    std::fprintf(
        stderr,
        "netcosim run: --rtl/--rtl-shadow run in netcosim-rtl (netcosim with the Verilated "
        "blocks), which is not built (expected at %s): build it with `make build` or "
        "`cmake --build BUILD --target netcosim-rtl`\n",
        exe.c_str());
    return 2;
  }
  std::vector<std::string> args = {exe};
  for (int i = 0; i < argc; ++i) args.emplace_back(argv[i]);
  util::ProcessOptions po;
  po.capture = false;
  const util::ProcessResult r = util::run_process(args, po);
  if (!r.start_error.empty()) {
    std::fprintf(stderr, "netcosim run: cannot start %s: %s\n", exe.c_str(), r.start_error.c_str());
    return 2;
  }
  return r.status;
}

}  // namespace

int run_main(int argc, char** argv) {
  const std::string keys = config_keys_help() + strategies_help();
  CommandLine cl{"run",
                 "usage: netcosim run [CONFIG.ini] [--set section.key=value]... [--json FILE] "
                 "[--engine native|systemc] [--threads N] [--sc-quantum Q] [--check] "
                 "[--waits FILE] [--rtl BLOCKS | --rtl-shadow BLOCKS [--rtl-fault [B:]R:C[:P]] "
                 "[--rtl-vcd DIR]] "
                 "[--quiet]\n",
                 keys.c_str()};
  describe(cl);
  RunRequest req;
  if (const int rc = parse_command_line(cl, argc, argv); rc >= 0) return rc;
  if (const int rc = read_options(cl, req); rc >= 0) return rc;
  if (req.rtl.any() || req.rtl.fault || !req.rtl.vcd_dir.empty()) {
    Config checked;  // bad input is reported here, before netcosim-rtl is started
    load_request_config(req, checked);
    if (!sc::rtl_sockets_linked()) return run_in_rtl_executable(argc, argv);
  }
  const std::string json = opt_string(cl, "json"), png = opt_string(cl, "timeseries-png");
  std::string csv = opt_string(cl, "timeseries-csv");
  if (csv.empty() && !png.empty()) csv = png + ".csv";
  const std::string nodes_png = opt_string(cl, "node-loads-png");
  std::string nodes_csv = opt_string(cl, "node-loads-csv");
  if (nodes_csv.empty() && !nodes_png.empty()) nodes_csv = nodes_png + ".csv";
  const std::string waits = opt_string(cl, "waits");
  const int rc = check_destinations(cl, {{"--json", json},
                                         {"--waits", waits},
                                         {"--timeseries-csv", csv},
                                         {"--timeseries-png", png},
                                         {"--node-loads-csv", nodes_csv},
                                         {"--node-loads-png", nodes_png}});
  if (rc >= 0) return rc;  // every destination is checked before the run
  Config cfg;  // ConfigError (exit 2) and SimulationFailure (exit 3) are reported by main()
  RunResults res;
  try {
    res = run_request(req, cfg);
  } catch (const SimulationFailure& e) {
    // The JSON then says why (netcosim.failure/1, with the deadlock report of the watchdog).
    if (!json.empty()) util::write_output_file(json, failure_json(e) + "\n");
    throw;
  }
  if (!json.empty()) util::write_output_file(json, results_json(res, cfg));
  if (!waits.empty()) util::write_output_file(waits, head_waits_csv(res));
  const std::string err = csv.empty() ? "" : stats::write_timeseries(timeseries_csv(res), csv, png);
  if (!err.empty()) {
    std::fprintf(stderr, "netcosim run: --timeseries-png %s: %s; the time series is in %s\n",
                 png.c_str(), err.c_str(), csv.c_str());
    return 3;
  }
  const std::string nodes_err =
      nodes_csv.empty() ? "" : stats::write_node_loads(node_loads_csv(res), nodes_csv, nodes_png);
  if (!nodes_err.empty()) {
    std::fprintf(stderr, "netcosim run: --node-loads-png %s: %s; the per-node loads are in %s\n",
                 nodes_png.c_str(), nodes_err.c_str(), nodes_csv.c_str());
    return 3;
  }
  if (cl.vm.count("quiet") == 0 && json != "-" && waits != "-")
    std::fputs((results_summary(res, cfg) + flexvc_summary(cfg)).c_str(), stdout);
  return 0;
}

}  // namespace netcosim::cli
