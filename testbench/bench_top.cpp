// The bench top's common part (bench_top.h; docs/cosim.md, "A bench"): the cycle loop, the
// options, the run report (the lines ctest matches, testbench/CMakeLists.txt) and the output
// files, compiled once for every bench and mutant (netcosim_bench_top).
#include "bench_top.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include "rtl/catalog.h"
#include "sim/util/json_number.h"

namespace netcosim::cosim {

namespace {

// The body of the bench's SC_THREAD: power-on reset, compared cycles, then the RTL timing phase.
void run_cycle_loop(BenchHooks& h, const Options& o, const sc_core::sc_clock& clk, VcdWindow* vcd,
                    RunResult& r) {
  using sc_core::wait;
  Checker checker;
  FaultTapBase* fault = nullptr;
  if (o.inject_fault >= 0) {
    for (FaultTapBase* t : h.fault_taps()) {
      if (t->port() == o.inject_port) fault = t;
    }
  }
  for (int k = 0; k < kPowerOnResetCycles; ++k) {
    wait(clk.posedge_event());
    wait(kStimulusDelay);
    h.drive(0, true);
  }
  bool failed = false;
  uint64_t end = o.cycles;  // after a mismatch: kCyclesAfterMismatch more cycles when dumping
  for (uint64_t cycle = 0; cycle < end; ++cycle) {
    wait(clk.posedge_event());
    if (vcd) vcd->on_cycle(cycle);
    wait(kStimulusDelay);
    h.drive(cycle, false);
    // The tap is armed with the stimulus of the fault cycle and disarmed with the next one.
    if (fault) fault->set_armed(static_cast<int64_t>(cycle) == o.inject_fault);
    wait(kSampleDelay);
    if (failed) continue;
    checker.begin();
    h.compare(checker);
    ++r.cycles_compared;
    if (checker.failed()) {
      failed = true;
      r.mismatches = 1;
      r.fail_cycle = static_cast<int64_t>(cycle);
      r.fail_time_ns = sc_core::sc_time_stamp().to_seconds() * 1e9;
      r.fail_inputs = h.inputs_text();
      r.fail_diffs = checker.diffs();
      end = vcd ? cycle + 1 + kCyclesAfterMismatch : cycle + 1;
    }
  }
  if (fault) fault->set_armed(false);
  r.coverage = h.coverage();
  if (vcd) {
    vcd->finish();
    r.vcd_files = vcd->files();
  }
  if (r.mismatches == 0 && o.timing_cycles > 0) {
    // RTL timing: the Verilated block alone in the kernel (model wrapper idle, no comparison).
    const uint64_t n = o.timing_cycles;
    h.prepare_timing(n < kTimingBuffer ? n : kTimingBuffer);
    h.set_model_enabled(false);
    const auto t0 = std::chrono::steady_clock::now();
    for (uint64_t k = 0; k < n; ++k) {
      wait(clk.posedge_event());
      wait(kStimulusDelay);
      h.drive_timing(k);
    }
    r.rtl_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.timing_cycles = n;
    r.model_seconds = h.time_model(n);
  }
  sc_core::sc_stop();
}

}  // namespace

// The SC_THREAD body of every bench: an output that cannot be written ends the run as a usage
// error (RunResult::error), never as an exception out of the SystemC kernel.
void run_guarded(BenchHooks& h, const Options& o, const sc_core::sc_clock& clk, VcdWindow* vcd,
                 RunResult& r, const std::function<void()>& start_vcd) {
  try {
    if (vcd) start_vcd();
    run_cycle_loop(h, o, clk, vcd, r);
  } catch (const std::exception& e) {
    r.error = e.what();
    sc_core::sc_stop();
  }
}

namespace {

std::string usage_text(const char* prog) {
  return std::string("usage: ") + prog +
         " --params NAME [--cycles N] [--seed S] [--vcd DIR] [--vcd-chunk N]\n"
         "          [--inject-fault CYCLE[:PORT]] [--json FILE] [--timing-cycles N]"
         " [--legal-only]\n          [--require-coverage] [--list-params]";
}

bool parse_u64(const std::string& s, uint64_t& v) {
  if (s.empty() || s.size() > 19 || s.find_first_not_of("0123456789") != std::string::npos) {
    return false;
  }
  v = std::stoull(s);
  return true;
}

std::string joined(const std::vector<std::string>& v) {
  std::string r;
  for (const auto& x : v) r += (r.empty() ? "" : ", ") + x;
  return r;
}

// One-line usage error on stderr; returns kExitUsage.
int usage_error(const std::string& msg) {
  std::fprintf(stderr, "error: %s\n", msg.c_str());
  return kExitUsage;
}

// Returns -1 when the options are good, otherwise the exit status (0 for --help/--list-params).
int parse_options(int argc, char** argv, const BenchInfo& info, Options& o) {
  namespace po = boost::program_options;
  std::string cycles, seed, vcd_chunk, inject, timing;
  po::options_description desc("options");
  desc.add_options()                                                                //
      ("params", po::value(&o.params), "parameter set")                             //
      ("cycles", po::value(&cycles), "cycles compared")                             //
      ("seed", po::value(&seed), "seed of the stimulus")                            //
      ("vcd", po::value(&o.vcd_dir), "VCD directory")                               //
      ("vcd-chunk", po::value(&vcd_chunk), "cycles per VCD chunk")                  //
      ("inject-fault", po::value(&inject), "CYCLE[:PORT]")                          //
      ("json", po::value(&o.json), "JSON result file")                              //
      ("timing-cycles", po::value(&timing), "cycles of each timing phase")          //
      ("legal-only", po::bool_switch(&o.legal_only), "no protocol violations")      //
      ("require-coverage", po::bool_switch(&o.require_coverage), "exit 4 on a 0")   //
      ("list-params", po::bool_switch(&o.list_params), "print the parameter sets")  //
      ("help", "print the usage");
  // Arguments that are not options are collected so that they can be refused (never ignored).
  std::vector<std::string> stray;
  po::options_description all;
  all.add(desc).add_options()("stray-argument", po::value(&stray));
  po::positional_options_description positional;
  positional.add("stray-argument", -1);
  po::variables_map vm;
  try {
    po::store(
        po::command_line_parser(argc, argv)
            .options(all)
            .positional(positional)
            .style(po::command_line_style::unix_style ^ po::command_line_style::allow_guessing)
            .run(),
        vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return usage_error(std::string(e.what()) + " (--help lists the options)");
  }
  if (!stray.empty()) {
    return usage_error("unexpected argument '" + stray.front() +
                       "': every argument is an option (--help lists them)");
  }
  if (vm.count("help")) {
    std::printf("%s\n", usage_text(argv[0]).c_str());
    return kExitOk;
  }
  if (o.list_params) {
    for (const auto& s : info.sets) std::printf("%s %s\n", s.name.c_str(), s.params.c_str());
    return kExitOk;
  }
  auto number = [](const char* opt, const std::string& v, uint64_t& out) {
    if (parse_u64(v, out)) return true;
    usage_error(std::string(opt) + " '" + v + "': expected a non-negative integer");
    return false;
  };
  if (vm.count("cycles") && !number("--cycles", cycles, o.cycles)) return kExitUsage;
  if (vm.count("seed") && !number("--seed", seed, o.seed)) return kExitUsage;
  if (vm.count("vcd-chunk") && !number("--vcd-chunk", vcd_chunk, o.vcd_chunk)) return kExitUsage;
  if (vm.count("timing-cycles") && !number("--timing-cycles", timing, o.timing_cycles)) {
    return kExitUsage;
  }
  if (o.params.empty()) return usage_error("--params is required (--list-params lists the sets)");
  if (o.cycles == 0) return usage_error("--cycles '0': must be at least 1");
  if (vm.count("vcd") && o.vcd_dir.empty()) return usage_error("--vcd '': expected a directory");
  if (vm.count("json") && o.json.empty()) return usage_error("--json '': expected a file name");
  if (vm.count("inject-fault")) {
    const size_t colon = inject.find(':');
    const std::string c = inject.substr(0, colon);
    uint64_t cycle = 0;
    if (!parse_u64(c, cycle)) {
      return usage_error("--inject-fault '" + inject +
                         "': expected CYCLE or CYCLE:PORT with CYCLE a non-negative integer");
    }
    if (cycle >= o.cycles) {
      return usage_error("--inject-fault '" + inject + "': cycle " + c +
                         " is never compared; allowed 0 to " + std::to_string(o.cycles - 1) +
                         " (--cycles " + std::to_string(o.cycles) + ")");
    }
    o.inject_fault = static_cast<int64_t>(cycle);
    o.inject_port = colon == std::string::npos ? info.outputs.front() : inject.substr(colon + 1);
    if (std::find(info.outputs.begin(), info.outputs.end(), o.inject_port) == info.outputs.end()) {
      return usage_error("--inject-fault '" + inject + "': " + info.block + " has no output '" +
                         o.inject_port + "'; allowed: " + joined(info.outputs));
    }
  }
  if (!vm.count("timing-cycles") && o.timing_cycles > o.cycles) o.timing_cycles = o.cycles;
  return -1;
}

// Creates the VCD directory and checks that a file can be created in it (before elaboration).
bool check_output_dir(const std::string& dir, std::string& why) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    why = ec.message();
    return false;
  }
  const std::string probe = dir + "/.netcosim_write_probe";
  std::FILE* f = std::fopen(probe.c_str(), "w");
  if (f == nullptr) {
    why = std::strerror(errno);
    return false;
  }
  std::fclose(f);
  std::filesystem::remove(probe, ec);
  return true;
}

// Writes a file completely or not at all: a temporary file next to it, renamed over it.
bool write_file_atomically(const std::string& path, const std::string& text, std::string& why) {
  const std::string tmp = path + ".tmp" + std::to_string(static_cast<long long>(getpid()));
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f << text;
    f.flush();
    if (!f) {
      why = std::strerror(errno);
      f.close();
      std::error_code ec;
      std::filesystem::remove(tmp, ec);
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    why = ec.message();
    std::filesystem::remove(tmp, ec);
    return false;
  }
  return true;
}

// Checks that `path` can be written, without leaving a file behind (before the run).
bool check_output_file(const std::string& path, std::string& why) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    why = "is a directory";
    return false;
  }
  const std::string tmp = path + ".tmp" + std::to_string(static_cast<long long>(getpid()));
  std::FILE* f = std::fopen(tmp.c_str(), "w");
  if (f == nullptr) {
    why = std::strerror(errno);
    return false;
  }
  std::fclose(f);
  std::filesystem::remove(tmp, ec);
  return true;
}

// sc_main body shared by the benches. Exit status: kExitOk, kExitUsage, kExitMismatch,
// kExitCoverageMissing, kExitInternal (docs/cosim.md).
int bench_main_checked(int argc, char** argv, const BenchInfo& info) {
  const char* block = info.block;
  // The compiled parameterisations must be the shared list (rtl/catalog.h): all of them, in order,
  // or, for a mutant, each one equal to the shared set of that name.
  const rtl::RtlBlock* shared = rtl::find_rtl_block(block);
  bool same =
      shared != nullptr && (info.mutant.empty() ? shared->sets.size() == info.sets.size() : true);
  for (size_t k = 0; same && k < info.sets.size(); ++k) {
    bool found = false;
    for (size_t j = 0; j < shared->sets.size(); ++j) {
      if ((info.mutant.empty() ? j == k : true) && info.sets[k].name == shared->sets[j].name &&
          info.sets[k].params == shared->sets[j].params) {
        found = true;
      }
    }
    same = found;
  }
  if (!same) {
    std::fprintf(stderr, "internal error: the parameter sets of %s differ from rtl/catalog.h\n",
                 block);
    return kExitInternal;
  }
  Options o;
  const int rc = parse_options(argc, argv, info, o);
  if (rc >= 0) return rc;
  const ParamSetEntry* set = nullptr;
  std::vector<std::string> names;
  for (const auto& s : info.sets) {
    if (s.name == o.params) set = &s;
    names.push_back(s.name);
  }
  if (set == nullptr) {
    return usage_error("--params '" + o.params + "': not a parameter set of " + block +
                       (info.mutant.empty() ? "" : " (mutant)") + "; allowed: " + joined(names));
  }
  std::string why;
  if (!o.vcd_dir.empty() && !check_output_dir(o.vcd_dir, why)) {
    return usage_error("--vcd '" + o.vcd_dir + "': cannot write there: " + why);
  }
  if (!o.json.empty() && !check_output_file(o.json, why)) {
    return usage_error("--json '" + o.json + "': cannot write: " + why);
  }
  // SystemC's informational messages (simulation stopped, ...) would clutter the summary.
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  Verilated::assertOn(o.legal_only);  // violations are part of the default stimulus
  if (!o.vcd_dir.empty()) Verilated::traceEverOn(true);  // must precede time 0

  RunResult r;
  auto top = set->make(o, r);
  auto* hooks = dynamic_cast<BenchHooks*>(top.get());
  std::vector<std::string> tapped;
  if (hooks != nullptr) {
    for (FaultTapBase* t : hooks->fault_taps()) tapped.push_back(t->port());
  }
  if (tapped != info.outputs) {
    std::fprintf(stderr, "internal error: the tapped outputs of %s (%s) are not its outputs (%s)\n",
                 block, joined(tapped).c_str(), joined(info.outputs).c_str());
    return kExitInternal;
  }
  sc_core::sc_start();
  if (!r.error.empty()) return usage_error(r.error);

  const std::string label =
      std::string(block) + (info.mutant.empty() ? "" : " (mutant: " + info.mutant + ")");
  const double rtl_cps =
      r.rtl_seconds > 0 ? static_cast<double>(r.timing_cycles) / r.rtl_seconds : 0;
  const double model_cps =
      r.model_seconds > 0 ? static_cast<double>(r.timing_cycles) / r.model_seconds : 0;
  if (r.mismatches != 0) {
    std::printf("MISMATCH at cycle %lld (%s %s, seed %llu, sampled at %.0f ns)\n",
                static_cast<long long>(r.fail_cycle), label.c_str(), set->params.c_str(),
                static_cast<unsigned long long>(o.seed), r.fail_time_ns);
    std::printf("  inputs: %s\n", r.fail_inputs.c_str());
    std::vector<std::string> differing;
    for (const auto& d : r.fail_diffs) {
      std::printf("  %s: expected (model) %llu, actual (RTL) %llu\n", d.name.c_str(),
                  static_cast<unsigned long long>(d.expected),
                  static_cast<unsigned long long>(d.actual));
      differing.push_back(d.name);
    }
    std::printf("  differing outputs: %zu (%s)\n", differing.size(), joined(differing).c_str());
    for (const auto& f : r.vcd_files) std::printf("  VCD window: %s\n", f.c_str());
  }
  std::printf(
      "%s %s: %llu cycles compared, %llu mismatches, RTL %.0f cycles/s, model %.0f cycles/s\n",
      label.c_str(), set->params.c_str(), static_cast<unsigned long long>(r.cycles_compared),
      static_cast<unsigned long long>(r.mismatches), rtl_cps, model_cps);
  std::string cov, missing;
  for (const auto& c : r.coverage) {
    cov += (cov.empty() ? "" : ", ") + c.name + " " + std::to_string(c.value);
    if (c.required && c.value == 0) missing += (missing.empty() ? "" : ", ") + c.name;
  }
  std::printf("  stimulus coverage: %s\n", cov.c_str());
  // Coverage is judged only on a complete run: a mismatch stops the comparison early.
  const bool coverage_complete = missing.empty();
  if (r.mismatches == 0) {
    std::printf("  coverage: %s\n", coverage_complete ? "every required counter above 0"
                                                      : ("counters at 0: " + missing).c_str());
  }
  if (!o.json.empty()) {
    nlohmann::ordered_json js;
    js["block"] = block;
    js["params"] = set->params;
    js["cycles"] = r.cycles_compared;
    js["mismatches"] = r.mismatches;
    js["rtl_cycles_per_s"] = util::finite_or_null(rtl_cps);
    js["model_cycles_per_s"] = util::finite_or_null(model_cps);
    js["requested_cycles"] = o.cycles;
    js["seed"] = o.seed;
    js["first_mismatch_cycle"] =
        r.mismatches != 0 ? nlohmann::ordered_json(r.fail_cycle) : nlohmann::ordered_json();
    if (!info.mutant.empty()) js["mutant"] = info.mutant;
    js["coverage"] = nlohmann::ordered_json::object();
    for (const auto& c : r.coverage) js["coverage"][c.name] = c.value;
    js["coverage_complete"] = coverage_complete;
    if (!write_file_atomically(o.json, js.dump() + "\n", why)) {
      return usage_error("--json '" + o.json + "': cannot write: " + why);
    }
  }
  if (r.mismatches != 0) return kExitMismatch;
  if (o.require_coverage && !coverage_complete) {
    std::fprintf(stderr, "error: --require-coverage: counters at 0: %s\n", missing.c_str());
    return kExitCoverageMissing;
  }
  return kExitOk;
}

}  // namespace

int bench_main(int argc, char** argv, const BenchInfo& info) {
  try {
    return bench_main_checked(argc, argv, info);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "internal error: %s\n", e.what());
    return kExitInternal;
  }
}

}  // namespace netcosim::cosim
