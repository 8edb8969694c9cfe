// netcosim: the command-line front end (docs/principles.md §8).
#include <cstdio>
#include <cstring>
#include <new>
#include <string>

#include "sim/cli/subcommands.h"
#include "sim/config/config.h"
#include "sim/network/network.h"
#include "sim/util/output_file.h"

namespace {

const char* kUsage =
    "usage: netcosim <command> [options]\n"
    "\n"
    "commands:\n"
    "  run   [CONFIG.ini] [--set section.key=value]... [--json FILE]\n"
    "        [--engine native|systemc] [--threads N] [--sc-quantum Q] [--quiet]\n"
    "        run one simulation (the embedded default network when no file is given)\n"
    "  sweep CONFIG.ini --loads FROM:TO:STEP [--seeds N] [--out DIR] [--set k=v]...\n"
    "        a load sweep: CSV with 95% confidence intervals, plots, saturation throughput\n"
    "  bench [--json FILE] [--quick] [--threads LIST]\n"
    "        speed figures (simulated cycles/s, packet-hops/s, peak memory) per engine\n"
    "  cosim [BLOCK...] [--cycles N] [--seed S] [--vcd DIR] [--json FILE]\n"
    "        co-simulate the RTL blocks against their C++ models, cycle by cycle\n"
    "  area  [BLOCK[:K=V,...]...] | CONFIG.ini | --compare A.ini B.ini [--json FILE]\n"
    "        yosys area estimates of the RTL blocks, or per router and network of a\n"
    "        configuration (blocks and storage; cached by block and parameters)\n"
    "  qos   dtable|ib-analyse|check [options]\n"
    "        QoS configuration tools: DTable tables with bandwidth correction, the InfiniBand\n"
    "        VL arbiter analyser, table-file checks (docs/qos.md)\n"
    "  help  this text; 'netcosim run --help' lists every configuration key\n"
    "\n"
    "exit status: 0 success, 2 bad usage, configuration or output destination, 3 simulation\n"
    "failed\n";

int dispatch(int argc, char** argv) {
  if (argc < 2) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const std::string cmd = argv[1];
  if (cmd == "run") return netcosim::cli::run_main(argc - 1, argv + 1);
  if (cmd == "cosim") return netcosim::cli::cosim_main(argc - 1, argv + 1);
  if (cmd == "area") return netcosim::cli::area_main(argc - 1, argv + 1);
  if (cmd == "sweep") return netcosim::cli::sweep_main(argc - 1, argv + 1);
  if (cmd == "bench") return netcosim::cli::bench_main(argc - 1, argv + 1);
  if (cmd == "qos") return netcosim::cli::qos_main(argc - 1, argv + 1);
  if (cmd == "help" || cmd == "--help" || cmd == "-h") {
    netcosim::util::write_output_file("-", kUsage);
    return 0;
  }
  std::fprintf(
      stderr,
      "netcosim: unknown command '%s'; commands: run, sweep, bench, cosim, area, qos, help\n",
      cmd.c_str());
  return 2;
}

}  // namespace

// Configuration errors (exit 2) and simulation failures (exit 3) of every subcommand are reported
// here. Output files are written by one writer (sim/util/output_file.h): a destination that cannot
// be written is exit status 2 naming the path and the OS error, and so is a standard output that
// cannot be written (checked at exit: `netcosim run --help > /dev/full`).
int main(int argc, char** argv) {
  netcosim::util::install_cleanup_handlers();
  int rc = 0;
  try {
    rc = dispatch(argc, argv);
  } catch (const netcosim::util::OutputError& e) {
    std::fprintf(stderr, "netcosim %s: %s\n", argv[1], e.what());
    rc = 2;
  } catch (const netcosim::ConfigError& e) {
    std::fprintf(stderr, "netcosim: configuration error: %s\n", e.what());
    rc = 2;
  } catch (const netcosim::SimulationFailure& e) {
    std::fprintf(stderr, "netcosim: simulation failed: %s\n", e.what());
    rc = 3;
  } catch (const std::bad_alloc&) {
    // An allocation that fails despite the memory check (sim/network/memory_estimate.h) ends the
    // run with one line and exit status 3, never with an uncaught std::bad_alloc (abort, 134).
    std::fputs(
        "netcosim: out of memory: an allocation failed (std::bad_alloc); reduce the "
        "configuration's buffers, source queues, time-series bins or threads\n",
        stderr);
    rc = 3;
  }
  if (rc == 0 && !netcosim::util::flush_stdout()) rc = 2;  // else the error is already reported
  return rc;
}

// libsystemc.so refers to sc_main (its own main() calls it). netcosim has its own main() and the
// SystemC engine starts the kernel with sc_start() (systemc/engine/sc_engine.cpp): this is
// never called.
extern "C" int sc_main(int, char**) {
  std::fputs("netcosim: sc_main is not an entry point\n", stderr);
  return 2;
}
