// The block sockets' attachment in `netcosim`, which links no Verilated model: `netcosim run
// --rtl` executes netcosim-rtl instead (sim/cli/run_cmd.cpp; docs/cosim.md, "Verilated blocks
// inside a network").
#include "sim/config/config.h"
#include "systemc/rtl/rtl_sockets.h"

namespace netcosim::sc {

bool rtl_sockets_linked() {
  return false;
}

void attach_rtl_sockets(Network& /*net*/, const RtlRequest& /*req*/, const Config& /*cfg*/) {
  throw ConfigError("--rtl: this executable has no Verilated model linked (use netcosim-rtl)");
}

}  // namespace netcosim::sc
