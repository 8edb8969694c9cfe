// netcosim qos dtable | ib-analyse | check
// Argument handling only: the configuration methodology, the correction and the analyser are
// sim/qos/ (docs/qos.md). Exit status: 0 success; 2 bad usage, bad input (the message names the
// SL or option and the bound) or an output that cannot be written.
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "sim/cli/options.h"
#include "sim/cli/subcommands.h"
#include "sim/qos/dtable_design.h"
#include "sim/qos/ib_analysis.h"
#include "sim/qos/table_file.h"
#include "sim/util/output_file.h"

namespace netcosim::cli {

namespace {

const char* kQosUsage =
    "usage: netcosim qos dtable --entries N --gmtu G [--w W --k K] --sl NAME:distance=D,mtu=M,phi=P"
    "...\n"
    "                           [--target opa|ib] [--table FILE] [--csv FILE] [--json FILE]\n"
    "       netcosim qos ib-analyse --high FILE [--low FILE] [--limit L] [--runs R]\n"
    "                               [--packet-size B] [--table FILE] [--json FILE]\n"
    "       netcosim qos check TABLE.json\n";

int error(const CommandLine& cl, const std::string& msg) {
  std::fprintf(stderr, "netcosim %s: %s\n", cl.command, msg.c_str());
  return 2;
}

bool decimal_option(const CommandLine& cl, const char* name, std::optional<qos::Decimal>& out,
                    std::string& why) {
  if (cl.vm.count(name) == 0) return true;
  qos::Decimal d;
  const std::string v = opt_string(cl, name);
  if (!qos::parse_decimal(v, d)) {
    why = std::string("--") + name + " '" + v +
          "': expected a decimal number such as 0.5 (at most 9 decimals)";
    return false;
  }
  out = d;
  return true;
}

int dtable_main(int argc, char** argv) {
  CommandLine cl("qos dtable", kQosUsage,
                 "\nEach --sl is one SL, in SL order: its maximum distance between two entries "
                 "(its entries = N / D),\nits MTU in 64-B credits and its share of the link. "
                 "Without --w and --k, both are found by the\nbacktracking of thesis 003 Sec. "
                 "5.5.3 (docs/qos.md).\n");
  cl.options.add_options()("entries", text("N"), "table entries (IB: at most 64)")(
      "gmtu", text("G"), "the global MTU in 64-B credits")(
      "w", text("W"), "maximum-weight parameter: M = G x W")("k", text("K"),
                                                             "pool parameter: pool = N x G x K")(
      "sl", texts("SPEC"), "NAME:distance=D,mtu=M,phi=P (repeatable, one per SL)")(
      "target", text("opa|ib")->default_value("opa"),
      "ib: 64 entries, 16 SLs, 8-bit weights and accumulator (thesis 003 Sec. 5.4.1)")(
      "table", text("FILE"), "write the table file the simulator reads (netcosim.qos-table/1)")(
      "csv", text("FILE"), "write the table as VL,weight lines (the analyser's input)")(
      "json", text("FILE"), "write the whole report as JSON (netcosim.qos-dtable/1)");
  if (const int rc = parse_command_line(cl, argc, argv); rc >= 0) return rc;
  qos::DTableRequest r;
  long long n = 0;
  if (cl.vm.count("entries") == 0) return usage_error(cl, "--entries is required");
  if (!parse_int(opt_string(cl, "entries"), 1, 1024, n))
    return usage_error(cl, "--entries '" + opt_string(cl, "entries") + "': allowed 1 to 1024");
  r.entries = static_cast<uint32_t>(n);
  if (cl.vm.count("gmtu") == 0) return usage_error(cl, "--gmtu is required");
  if (!parse_int(opt_string(cl, "gmtu"), 1, 1 << 20, n))
    return usage_error(cl, "--gmtu '" + opt_string(cl, "gmtu") + "': allowed 1 to 1048576");
  r.gmtu = static_cast<uint32_t>(n);
  std::string why;
  if (!decimal_option(cl, "w", r.w, why) || !decimal_option(cl, "k", r.k, why))
    return usage_error(cl, why);
  const std::string target = opt_string(cl, "target");
  if (target != "opa" && target != "ib")
    return usage_error(cl, "--target '" + target + "': allowed opa, ib");
  r.target = target == "ib" ? qos::DTableTarget::Ib : qos::DTableTarget::Opa;
  const std::string table = opt_string(cl, "table"), csv = opt_string(cl, "csv"),
                    json = opt_string(cl, "json");
  for (const char* o : {"table", "csv", "json"})
    if (cl.vm.count(o) != 0 && opt_string(cl, o).empty())
      return usage_error(cl, std::string("--") + o + ": the file name is empty");
  if (const int rc = check_destinations(cl, {{"--table", table}, {"--csv", csv}, {"--json", json}});
      rc >= 0)
    return rc;
  qos::DTableDesign d;
  try {
    for (const auto& spec : opt_strings(cl, "sl")) r.sls.push_back(qos::parse_sl_spec(spec));
    d = qos::design_dtable(r);
  } catch (const qos::QosError& e) {
    return error(cl, e.what());
  }
  util::write_output_file("-", qos::dtable_report_text(d));
  if (!table.empty()) util::write_output_file(table, qos::qos_table_json(d, r.target));
  if (!csv.empty()) {
    std::vector<qos::IbEntry> entries;
    for (const auto& e : d.table) entries.push_back({e.sl, e.weight});
    util::write_output_file(csv, qos::ib_table_csv(entries));
  }
  if (!json.empty()) util::write_output_file(json, qos::dtable_report_json(d));
  return 0;
}

int ib_analyse_main(int argc, char** argv) {
  CommandLine cl("qos ib-analyse", kQosUsage,
                 "\nTable files: one entry per line, VL,weight (weights in 64-B units, 0..255; VL "
                 "0..14).\nAlgorithm 4 of thesis 003 Sec. 6.3, corrected (docs/qos.md).\n");
  cl.options.add_options()("high", text("FILE"), "the high-priority table (mandatory)")(
      "low", text("FILE"), "the low-priority table")("limit", text("L")->default_value("1"),
                                                     "LimitOfHighPriority, 0..255 (255: no limit)")(
      "runs", text("R")->default_value("30"), "walks of the high-priority table")(
      "packet-size", text("B")->default_value("64"), "packet size in bytes (a multiple of 64)")(
      "table", text("FILE"), "write the tables as a table file (netcosim.qos-table/1)")(
      "json", text("FILE"), "write the results as JSON (netcosim.qos-ib-analysis/1)");
  if (const int rc = parse_command_line(cl, argc, argv); rc >= 0) return rc;
  if (cl.vm.count("high") == 0) return usage_error(cl, "--high is required");
  qos::IbAnalysisRequest r;
  long long n = 0;
  if (!parse_int(opt_string(cl, "limit"), 0, 255, n))
    return usage_error(cl, "--limit '" + opt_string(cl, "limit") + "': allowed 0 to 255");
  r.limit = static_cast<uint32_t>(n);
  if (!parse_int(opt_string(cl, "runs"), 1, 1000000, n))
    return usage_error(cl, "--runs '" + opt_string(cl, "runs") + "': allowed 1 to 1000000");
  r.runs = static_cast<uint32_t>(n);
  if (!parse_int(opt_string(cl, "packet-size"), 64, 4096, n) || n % 64 != 0)
    return usage_error(cl, "--packet-size '" + opt_string(cl, "packet-size") +
                               "': a multiple of 64 from 64 to 4096");
  r.packet_bytes = static_cast<uint32_t>(n);
  const std::string table = opt_string(cl, "table"), json = opt_string(cl, "json");
  for (const char* o : {"table", "json"})
    if (cl.vm.count(o) != 0 && opt_string(cl, o).empty())
      return usage_error(cl, std::string("--") + o + ": the file name is empty");
  if (const int rc = check_destinations(cl, {{"--table", table}, {"--json", json}}); rc >= 0)
    return rc;
  qos::IbAnalysis a;
  try {
    const std::string high = opt_string(cl, "high");
    r.high = qos::parse_ib_table_csv(qos::read_input_file(high), high);
    if (cl.vm.count("low") != 0) {
      const std::string low = opt_string(cl, "low");
      r.low = qos::parse_ib_table_csv(qos::read_input_file(low), low);
    }
    a = qos::analyse_ib(r);
  } catch (const qos::QosError& e) {
    return error(cl, e.what());
  }
  util::write_output_file("-", qos::ib_analysis_text(a));
  if (!table.empty()) util::write_output_file(table, qos::qos_table_json(r.high, r.low, r.limit));
  if (!json.empty()) util::write_output_file(json, qos::ib_analysis_json(a));
  return 0;
}

int check_main(int argc, char** argv) {
  CommandLine cl("qos check", kQosUsage,
                 "\nReads a table file (netcosim.qos-table/1) as the simulator does and prints "
                 "each SL's share and\nlargest entry distance; a file the schedulers cannot run "
                 "is exit 2.\n");
  cl.hidden.add_options()("file", text("FILE"));
  cl.positional.add("file", 1);
  if (const int rc = parse_command_line(cl, argc, argv); rc >= 0) return rc;
  if (cl.vm.count("file") == 0) return usage_error(cl, "a table file is required");
  const std::string path = opt_string(cl, "file");
  std::string text;
  try {
    text = qos::qos_table_text(qos::parse_qos_table(qos::read_input_file(path), path));
  } catch (const qos::QosError& e) {
    return error(cl, e.what());
  }
  util::write_output_file("-", text);
  return 0;
}

}  // namespace

int qos_main(int argc, char** argv) {
  const std::string mode = argc >= 2 ? argv[1] : "";
  if (mode == "dtable") return dtable_main(argc - 1, argv + 1);
  if (mode == "ib-analyse") return ib_analyse_main(argc - 1, argv + 1);
  if (mode == "check") return check_main(argc - 1, argv + 1);
  if (mode == "--help" || mode == "-h" || mode == "help") {
    util::write_output_file("-", kQosUsage);
    return 0;
  }
  std::fprintf(stderr, "netcosim qos: %s; allowed: dtable, ib-analyse, check\n%s",
               mode.empty() ? "a tool is required" : ("unknown tool '" + mode + "'").c_str(),
               kQosUsage);
  return 2;
}

}  // namespace netcosim::cli
