// Subcommands of the `netcosim` front end (docs/principles.md §8). Each takes the arguments after
// its name and returns the process exit status: 0 success, 2 bad usage or configuration, 3 failure.
#pragma once

namespace netcosim::cli {

int run_main(int argc, char** argv);    // netcosim run   (sim/cli/run_cmd.cpp)
int cosim_main(int argc, char** argv);  // netcosim cosim (sim/cli/cosim_cmd.cpp)
int area_main(int argc, char** argv);   // netcosim area  (sim/cli/area_cmd.cpp)
int sweep_main(int argc, char** argv);  // netcosim sweep (sim/cli/sweep_cmd.cpp)
int bench_main(int argc, char** argv);  // netcosim bench (sim/cli/bench_cmd.cpp)
int qos_main(int argc, char** argv);    // netcosim qos   (sim/cli/qos_cmd.cpp)

}  // namespace netcosim::cli
