// Verilated blocks inside every router of a running network (docs/cosim.md, "Verilated blocks
// inside a network"): `netcosim run --engine systemc --rtl BLOCK,...` and `--rtl-shadow BLOCK,...`.
// The blocks with an in-network socket, the parsing of the options, and the attachment of one
// socket per block to every router of a built network.
//
// The options are parsed by `netcosim` (sim/cli/run_cmd.cpp), which links no Verilated model; the
// sockets are attached by `netcosim-rtl` (systemc/rtl/CMakeLists.txt), the same front end with
// the Verilated models of rtl/catalog.h linked in, which `netcosim run --rtl` executes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/network/network.h"

namespace netcosim::sc {

// The RTL blocks of rtl/catalog.h with an in-network socket, in the order `all` lists them:
// sep_alloc_if (the CIOQ router's switch allocator, the IB switch's VA-SA allocator and the OPA
// switch's MPort and central allocators),
// contention_counters (the contention
// counters of OLM's contention, filtered, hybrid and ECtN triggers), credit_counter (the per-VC
// credit counters of its outputs), vc_selector (FlexVC's VC selector of its outputs), lrs_arbiter
// and age_arbiter (the switch allocator's arbiters of policy lrs or transit_lrs, and age),
// dtable_arbiter (the DTable output scheduler of every output of the OPA and IB switches),
// rr_arbiter, drr_arbiter, sbt_scheduler and ib_vl_arbiter (their round-robin, DRR, SBT and IB
// VL arbiter output schedulers), shared_vl_credits
// (the shared VL buffers' accounting of the OPA and IB switches, mirrored in both modes; `all`
// leaves it out).
const std::vector<std::string>& socketed_blocks();

struct RtlRequest {
  std::vector<std::string> rtl;     // --rtl: the RTL drives the router
  std::vector<std::string> shadow;  // --rtl-shadow: the C++ model drives, the RTL is compared
  bool fault = false;               // --rtl-fault [BLOCK:]ROUTER:CYCLE[:PORT]
  // empty: the first socketed of sep_alloc_if, credit_counter, vc_selector, lrs_arbiter,
  // age_arbiter; in the OPA and IB switches dtable_arbiter, else sep_alloc_if (shared_vl_credits
  // when no other block is socketed)
  std::string fault_block;
  uint32_t fault_router = 0;
  uint64_t fault_cycle = 0;
  // sep_alloc_if: the input whose grant is dropped; credit_counter: the output whose return is
  // dropped; vc_selector: the output whose selection is emptied; dtable_arbiter: the output whose
  // decision is emptied; shared_vl_credits: the port whose buffer's give-back is left out of the
  // RTL (an output facing a switch: its downstream buffer's; an injection port: its input
  // buffer's, taken back by the NIC; -1: any buffer's); -1: the lowest one granted (with a return;
  // any output); lrs_arbiter, age_arbiter: the port of the arbiter whose request is removed (the
  // output stage's when router.output_arbitration uses the block, else the input stage's; -1:
  // any).
  int fault_input = -1;
  std::string vcd_dir;  // --rtl-vcd DIR
  // `all`: a block the configured router does not use, or uses in a form its RTL does not
  // implement, is left out (contention_counters without a counting trigger, credit_counter and
  // vc_selector under router.buffer_model=damq, vc_selector without FlexVC or with
  // router.vc_selection=random, sep_alloc_if unless both arbitrations are rr, lrs_arbiter without
  // lrs or transit_lrs, age_arbiter without age, dtable_arbiter in the CIOQ router; in the OPA
  // and IB switches every block but dtable_arbiter and sep_alloc_if, dtable_arbiter without
  // router.output_scheduler=dtable, and sep_alloc_if when rtl/catalog.h has no set of the shape of
  // one of the switches' allocators (IB: P=Q=ports; OPA: per MPort P=4, Q=6, central P=2 per
  // MPort, Q=ports; V=VLs, ITER), said on stderr)
  bool all = false;
  bool any() const { return !rtl.empty() || !shadow.empty(); }
};

// "BLOCK[,BLOCK...]" or "all" for option `option` (--rtl, --rtl-shadow): the socketed blocks it
// names, in socketed_blocks()' order. Throws ConfigError naming the option, the value and the
// allowed blocks (a block of rtl/catalog.h without a socket is named as such).
std::vector<std::string> parse_rtl_blocks(const std::string& option, const std::string& value);

// The blocks --rtl-fault accepts (those of socketed_blocks() with fault injection: all but
// contention_counters), in socketed_blocks()' order; `netcosim run --help` describes each
// (sim/cli/run_cmd.cpp; tests/sc/test_rtl_help.cpp checks that it names every one).
const std::vector<std::string>& faultable_blocks();

// "[BLOCK:]ROUTER:CYCLE[:PORT]" of --rtl-fault into `req` (BLOCK one of faultable_blocks());
// throws ConfigError.
void parse_rtl_fault(const std::string& value, RtlRequest& req);

// Checks `req` against the configuration before the network is built: engine systemc in strict
// mode, the blocks the configured router architecture has (the IB switch: sep_alloc_if and
// dtable_arbiter; the OPA switch: the same), allocator arbiters of the named arbiter blocks'
// policies (sep_alloc_if: rr and rr), a block not both in --rtl and --rtl-shadow, a fault with a
// block to fault. Throws ConfigError.
void check_rtl_request(const RtlRequest& req, const Config& cfg, const std::string& engine,
                       uint64_t sc_quantum);

// Does a requested socket read the NICs' state at the end of its router's cycle (shared_vl_credits:
// the injection buffers' credits the NICs hold, docs/cosim.md "The switches' shared VL
// buffers")? The SystemC engine then steps every router's NICs in the router's module
// (ScEngineOptions::router_nics).
inline bool rtl_reads_nic_state(const RtlRequest& req) {
  for (const auto* list : {&req.rtl, &req.shadow})
    for (const std::string& b : *list)
      if (b == "shared_vl_credits") return true;
  return false;
}

// Is this executable built with the Verilated models (netcosim-rtl)?
bool rtl_sockets_linked();

// Replaces each requested block of every router of `net` by its socket (before the SystemC
// engine elaborates the network). Throws ConfigError, naming the block, the parameters and the
// available sets, when a router needs a parameter set that was not Verilated, and a
// ConfigError when --rtl-fault names a router that does not exist.
void attach_rtl_sockets(Network& net, const RtlRequest& req, const Config& cfg);

}  // namespace netcosim::sc
