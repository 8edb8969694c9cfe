// Example sc_main to copy: a network of InfiniBand or Omni-Path switch modules
// (netcosim::sc::RouterModule with router.architecture=ib|opa, systemc/router/router_module.h;
// docs/systemc.md, "The switches as modules"): the eight switches of the 4-ary 2-tree of
// configs/qos-ib-fattree-4-2.ini or configs/qos-opa-fattree-4-2.ini (16 nodes, three service
// levels on VLs 0-2 with packets of 8, 4 and 8 flits), each its own module, wired through their
// switch-facing ports (packets and credits as TLM-2.0 b_transport calls), and every switch
// allocator of every switch in RTL, each in its allocator socket (RouterModule::allocators,
// set_allocator): the Verilated rtl/sep_alloc_if.sv of the parameter set of its shape
// (netcosim::sc::SepAllocIfSocket, systemc/rtl/sep_alloc_if_socket.h; docs/cosim.md, "The IB
// switch's allocator", "The OPA switch's allocators"): the IB switch's VA-SA allocator p8v3q8i2
// (8 ports, 3 VLs, 2 iterations); the OPA switch's two MPort allocators p4v3q6i2 (an MPort's 4
// input buffers to its 4 output and 2 central buffers) and its central allocator p4v3q8i2 (the
// 4 central buffers to the 8 output buffers). Each node is fed its configured service-level
// source by a loosely timed TLM generator, with its SLs' packet sizes
// (netcosim::sc::SourceInitiator::set_class_phits); the same traffic is first run by the native
// engine on the whole network, and the two must agree packet by packet.
// With --dtable-rtl, instead of the allocators, the DTable output scheduler of every output port
// of every switch (router.output_scheduler=dtable, thesis 003 Sec. 5.4) is in RTL, each in its
// DTable scheduler socket (RouterModule::dtable_schedulers, set_dtable): the Verilated
// rtl/dtable_arbiter.sv of the set of the switches' table and registers
// (netcosim::sc::DTableSocket, systemc/rtl/dtable_arbiter_socket.h; docs/systemc.md, "The DTable
// scheduler sockets"), one socket per switch with a lane per output: s8n128_opa for Table 4.9's
// OPA table (configs/qos-ch4-opa-fattree-4-2.ini --set qos.table=configs/qos/table4_9_dtable.json),
// s8n64_opa for Table 5.4's (configs/qos-ch5-opa-fattree-4-3.ini --set topology.n=2 --set
// qos.table=configs/qos/table5_4_dtable.json), s8n64_ib for its IB mapping
// (configs/qos-ch5-ib-fattree-4-3.ini --set topology.n=2 --set
// qos.table=configs/qos/table5_4_dtable_ib.json), each with --set router.output_scheduler=dtable.
// With --rr-rtl (--drr-rtl), the round-robin SL arbiter (DRR scheduler) of every output port of
// every switch (router.output_scheduler=rr, the default, thesis 003 Sec. 4.3.1; =drr) is in RTL,
// each in its socket (RouterModule::rr_schedulers, set_rr; drr_schedulers, set_drr): the
// Verilated rtl/rr_arbiter.sv of N = the SLs (netcosim::sc::RrSocket,
// systemc/rtl/sched_arbiter_socket.h; docs/systemc.md, "The output scheduler sockets"): n3 for
// the 3-SL trees above, n5 for Ch. 4's 5 SLs (configs/qos-ch4-opa-fattree-4-2.ini), n7 for Ch. 5's
// 7 (configs/qos-ch5-ib-fattree-4-3.ini --set topology.n=2, its per-SL NIC queues);
// rtl/drr_arbiter.sv's v4q16s16 (DrrSocket) for the 3-SL trees with router.output_scheduler=drr,
// v8q16s16 for 5 to 8 SLs (rtl/catalog.h; VlSwitchConfig::drr_params_for).
// With --sbt-rtl (--ib-vlarb-rtl), the SBT scheduler (IB VL arbiter) of every output port of every
// switch (router.output_scheduler=sbt, thesis 003 Sec. 4.3.2; =ib_vlarb, Sec. 5.3.1, 6.2) is in
// RTL, each in its socket (RouterModule::sbt_schedulers, set_sbt; ib_vlarb_schedulers,
// set_ib_vlarb): the Verilated rtl/sbt_scheduler.sv of S = the SLs and W0..W(S-1) =
// qos.sbt_weights (netcosim::sc::SbtSocket, systemc/rtl/table_sched_socket.h; docs/systemc.md,
// "The output scheduler sockets"): s3_ch2a for the 3-SL trees above with qos.sbt_weights=60,30,10,
// s5_ch4 for Ch. 4's OPA tree with 10,30,50,5,5; rtl/ib_vl_arbiter.sv's v4n64l1 (IbVlArbSocket,
// the switch's tables written into each instance) for Ch. 6's tree
// (configs/qos-ch6-ib-fattree-2-2.ini, Table 6.1's configuration A).
//
//   switch_ports CONFIG [CYCLES] [--set KEY=VALUE]... [--shadow] [--fault R:C] [--alloc
//   ROLE=SET]...
//                [--dtable-rtl] [--dtable-set SET] [--dtable-output O] [--rr-rtl] [--drr-rtl]
//                [--sbt-rtl] [--ib-vlarb-rtl] [--sched-set SET] [--output O]
//     CONFIG   the IB or OPA network (configs/qos-ib-fattree-4-2.ini,
//              configs/qos-opa-fattree-4-2.ini; each switch allocator's shape must be a linked
//              set: p8v3q8i2, p4v3q6i2, p4v3q8i2)
//     CYCLES   cycles of generation (default 2000); the run then drains
//     --set    a configuration key over CONFIG's (as `netcosim run --set`)
//     --shadow the C++ allocators (DTable schedulers) drive, the RTL is compared at every
//              evaluation (decision) (default: the RTL's grants drive the switches)
//     --fault  in switch R, the RTL's first grant at or after cycle C is lost on its way out (the
//              OPA switch: of the first of its allocators to grant then; the DTable: the first
//              decision of any output for which the C++ arbiter grants, the RTL's inputs emptied)
//     --alloc  the allocator ROLE of every switch (mport0, mport1, central; "" for the IB switch's
//              only one) takes the RTL of SET instead of its shape's (the module refuses another
//              shape: exit 2 with its message)
//     --dtable-rtl     the DTable schedulers in RTL, the allocators in C++
//     --dtable-set     (with --dtable-rtl) the DTable schedulers take the RTL of SET (s8n128_opa,
//                      s8n64_opa, s8n64_ib) instead of their shape's (the module refuses another
//                      shape: exit 2 with its message)
//     --dtable-output  (with --dtable-rtl) only output O of every switch in RTL
//                      (RouterModule::set_dtable(O, ...)), the others keep the C++ arbiter
//     --rr-rtl         the round-robin SL arbiters in RTL (n3, n5 or n7: N = qos.sls), the
//                      allocators in C++
//     --drr-rtl        the DRR schedulers in RTL (v4q16s16 for 3 or 4 SLs, v8q16s16 for 5 to 8),
//                      the allocators in C++
//     --sbt-rtl        the SBT schedulers in RTL (s3_ch2a, s5_ch4: S = qos.sls, the weights
//                      qos.sbt_weights), the allocators in C++
//     --ib-vlarb-rtl   the IB VL arbiters in RTL (v4n64l1, v4n4l1: V, N, WW, SW, LIMIT of the
//                      switch's ports and tables), the allocators in C++
//     --sched-set      (with --sbt-rtl or --ib-vlarb-rtl) the schedulers take the RTL of SET
//                      instead of their shape's (the module refuses another shape: exit 2 with
//                      its message)
//     --output         (with --dtable-rtl, --rr-rtl, --drr-rtl, --sbt-rtl or --ib-vlarb-rtl) as
//                      --dtable-output
// Exit status: 0, 2 for a bad argument, 3 when the run differs from the native run (or the
// shadow comparison fails).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

// Verilator's runtime names sc_time_stamp() unqualified when SystemC is included.
using sc_core::sc_time_stamp;

#include "Vdrr_arbiter_v4q16s16.h"
#include "Vdrr_arbiter_v8q16s16.h"
#include "Vdtable_arbiter_s8n128_opa.h"
#include "Vdtable_arbiter_s8n64_ib.h"
#include "Vdtable_arbiter_s8n64_opa.h"
#include "Vib_vl_arbiter_v4n4l1.h"
#include "Vib_vl_arbiter_v4n64l1.h"
#include "Vrr_arbiter_n3.h"
#include "Vrr_arbiter_n5.h"
#include "Vrr_arbiter_n7.h"
#include "Vsbt_scheduler_s3_ch2a.h"
#include "Vsbt_scheduler_s5_ch4.h"
#include "Vsep_alloc_if_p4v3q6i2.h"
#include "Vsep_alloc_if_p4v3q8i2.h"
#include "Vsep_alloc_if_p8v3q8i2.h"

#include "systemc/examples/module_network.h"
#include "systemc/router/router_module.h"
#include "systemc/rtl/dtable_arbiter_socket.h"
#include "systemc/rtl/sched_arbiter_socket.h"
#include "systemc/rtl/sep_alloc_if_socket.h"
#include "systemc/rtl/table_sched_socket.h"

namespace {

// SystemC 2.3 prints its banner on stderr unless SC_COPYRIGHT_MESSAGE=DISABLE before sc_main.
const bool kQuietSystemC = (setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 0), true);

using namespace netcosim;

int usage(const std::string& msg) {
  std::fprintf(stderr,
               "error: %s\nusage: switch_ports CONFIG [CYCLES] [--set KEY=VALUE]... [--shadow] "
               "[--fault R:C] [--alloc ROLE=SET]... [--dtable-rtl] [--dtable-set SET] "
               "[--dtable-output O] [--rr-rtl] [--drr-rtl] [--sbt-rtl] [--ib-vlarb-rtl] "
               "[--sched-set SET] [--output O]\n",
               msg.c_str());
  return 2;
}

// The linked sets of rtl/catalog.h's sep_alloc_if (this file's includes, CMakeLists.txt's
// libraries): a socket of each, which counts its evaluations.
struct AllocSet {
  const char* name;
  uint32_t P, V, Q, I;
  std::unique_ptr<model::AllocatorCore> (*make)(const std::string& name, const sc::SocketOptions& o,
                                                std::function<uint64_t()>& evaluations);
};

template <class Vtop, int P, int V, int Q, int I>
std::unique_ptr<model::AllocatorCore> make_socket(const std::string& name,
                                                  const sc::SocketOptions& o,
                                                  std::function<uint64_t()>& evaluations) {
  auto s = std::make_unique<sc::SepAllocIfSocket<Vtop, P, V, Q, I>>(name, o);
  const auto* p = s.get();  // owned by the switch from set_allocator on
  evaluations = [p] { return p->evaluations(); };
  return s;
}

const AllocSet kSets[] = {
    {"p8v3q8i2", 8, 3, 8, 2, &make_socket<Vsep_alloc_if_p8v3q8i2, 8, 3, 8, 2>},
    {"p4v3q6i2", 4, 3, 6, 2, &make_socket<Vsep_alloc_if_p4v3q6i2, 4, 3, 6, 2>},
    {"p4v3q8i2", 4, 3, 8, 2, &make_socket<Vsep_alloc_if_p4v3q8i2, 4, 3, 8, 2>},
};
const char* const kSetNames = "p8v3q8i2, p4v3q6i2, p4v3q8i2";

const AllocSet* set_named(const std::string& n) {
  for (const AllocSet& s : kSets)
    if (n == s.name) return &s;
  return nullptr;
}

const AllocSet* set_of(const RouterModel::SwitchAllocatorShape& a) {
  for (const AllocSet& s : kSets)
    if (s.P == a.inputs && s.V == a.vcs && s.Q == a.outputs && s.I == a.iterations) return &s;
  return nullptr;
}

// The linked sets of rtl/catalog.h's dtable_arbiter (this file's includes, CMakeLists.txt's
// libraries): a lane of each for a DTableSocket.
struct DTableSet {
  const char* name;
  unsigned S, N, WW, AW, SW;
  std::unique_ptr<sc::DTableLane> (*make)(const std::string& name, sc::DTableSocket& s,
                                          const sc::SocketOptions& o);
};

template <class Vtop, int S, int N, int WW, int AW, int SW>
std::unique_ptr<sc::DTableLane> make_lane(const std::string& name, sc::DTableSocket& s,
                                          const sc::SocketOptions& o) {
  return std::make_unique<sc::DTableLaneRtl<Vtop, S, N, WW, AW, SW>>(name, s.rst(), o);
}

const DTableSet kDTableSets[] = {
    {"s8n128_opa", 8, 128, 24, 32, 16, &make_lane<Vdtable_arbiter_s8n128_opa, 8, 128, 24, 32, 16>},
    {"s8n64_opa", 8, 64, 24, 32, 16, &make_lane<Vdtable_arbiter_s8n64_opa, 8, 64, 24, 32, 16>},
    {"s8n64_ib", 8, 64, 8, 8, 16, &make_lane<Vdtable_arbiter_s8n64_ib, 8, 64, 8, 8, 16>},
};
const char* const kDTableSetNames = "s8n128_opa, s8n64_opa, s8n64_ib";

const DTableSet* dtable_set_named(const std::string& n) {
  for (const DTableSet& s : kDTableSets)
    if (n == s.name) return &s;
  return nullptr;
}

const DTableSet* dtable_set_of(const model::DTableBlock::Shape& a) {
  for (const DTableSet& s : kDTableSets)
    if (s.S == a.S && s.N == a.N && s.WW == a.WW && s.AW == a.AW && s.SW == a.SW) return &s;
  return nullptr;
}

// The linked sets of rtl/catalog.h's sbt_scheduler and ib_vl_arbiter (this file's includes,
// CMakeLists.txt's libraries), each with its shape (the weights are sbt_scheduler's parameters).
struct SbtSet {
  const char* name;
  model::SbtBlock::Shape shape;
  std::unique_ptr<sc::SbtLane> (*make)(const std::string& name, sc::SbtSocket& s,
                                       const sc::SocketOptions& o, const std::vector<uint32_t>& w);
};

template <class Vtop, int S, int WW>
std::unique_ptr<sc::SbtLane> make_sbt_lane(const std::string& name, sc::SbtSocket& s,
                                           const sc::SocketOptions& o,
                                           const std::vector<uint32_t>& w) {
  return std::make_unique<sc::SbtLaneRtl<Vtop, S, WW>>(name, s.rst(), o, w);
}

const SbtSet kSbtSets[] = {
    {"s3_ch2a", {1, 3, {60, 30, 10}}, &make_sbt_lane<Vsbt_scheduler_s3_ch2a, 3, 7>},
    {"s5_ch4", {1, 5, {10, 30, 50, 5, 5}}, &make_sbt_lane<Vsbt_scheduler_s5_ch4, 5, 7>},
};

struct IbVlArbSet {
  const char* name;
  model::IbVlArbBlock::Shape shape;
  std::unique_ptr<sc::IbVlArbLane> (*make)(const std::string& name, sc::IbVlArbSocket& s,
                                           const sc::SocketOptions& o);
};

template <class Vtop, int V, int N, int WW, int SW, int LIMIT>
std::unique_ptr<sc::IbVlArbLane> make_ib_vlarb_lane(const std::string& name, sc::IbVlArbSocket& s,
                                                    const sc::SocketOptions& o) {
  return std::make_unique<sc::IbVlArbLaneRtl<Vtop, V, N, WW, SW, LIMIT>>(name, s.rst(), o);
}

const IbVlArbSet kIbVlArbSets[] = {
    {"v4n64l1", {1, 4, 64, 8, 7, 1}, &make_ib_vlarb_lane<Vib_vl_arbiter_v4n64l1, 4, 64, 8, 7, 1>},
    {"v4n4l1", {1, 4, 4, 8, 7, 1}, &make_ib_vlarb_lane<Vib_vl_arbiter_v4n4l1, 4, 4, 8, 7, 1>},
};
const char* const kTableSetNames = "s3_ch2a, s5_ch4 (--sbt-rtl); v4n64l1, v4n4l1 (--ib-vlarb-rtl)";

}  // namespace

int sc_main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  bool shadow = false;
  int64_t fault_router = -1;
  uint64_t fault_cycle = 0;
  std::map<std::string, const AllocSet*> forced;  // --alloc ROLE=SET
  std::vector<std::string> sets;                  // --set KEY=VALUE
  bool dtable = false;                            // --dtable-rtl
  const DTableSet* dtable_forced = nullptr;       // --dtable-set SET
  int64_t dtable_output = -1;                     // --dtable-output O, --output O
  bool rr = false;                                // --rr-rtl
  bool drr = false;                               // --drr-rtl
  bool sbt = false;                               // --sbt-rtl
  bool vlarb = false;                             // --ib-vlarb-rtl
  std::string sched_set;                          // --sched-set SET
  for (size_t k = 0; k < args.size();) {
    if (args[k] == "--set" || args[k] == "--dtable-set" || args[k] == "--dtable-output" ||
        args[k] == "--output" || args[k] == "--sched-set") {
      const std::string v = k + 1 < args.size() ? args[k + 1] : "";
      uint64_t o = 0;
      if (args[k] == "--set") {
        if (v.find('=') == std::string::npos) return usage("--set '" + v + "': expected KEY=VALUE");
        sets.push_back(v);
      } else if (args[k] == "--sched-set") {
        sched_set = v;
      } else if (args[k] == "--dtable-set") {
        dtable_forced = dtable_set_named(v);
        if (dtable_forced == nullptr)
          return usage("--dtable-set '" + v + "': expected one of " + kDTableSetNames);
      } else if (!sc::example::parse_count(v, o)) {
        return usage(args[k] + " '" + v + "': expected an output port");
      } else {
        dtable_output = static_cast<int64_t>(o);
      }
      args.erase(args.begin() + static_cast<long>(k), args.begin() + static_cast<long>(k) + 2);
    } else if (args[k] == "--dtable-rtl" || args[k] == "--rr-rtl" || args[k] == "--drr-rtl" ||
               args[k] == "--sbt-rtl" || args[k] == "--ib-vlarb-rtl") {
      (args[k] == "--dtable-rtl" ? dtable
       : args[k] == "--rr-rtl"   ? rr
       : args[k] == "--drr-rtl"  ? drr
       : args[k] == "--sbt-rtl"  ? sbt
                                 : vlarb) = true;
      args.erase(args.begin() + static_cast<long>(k));
    } else if (args[k] == "--alloc") {
      const std::string v = k + 1 < args.size() ? args[k + 1] : "";
      const size_t eq = v.find('=');
      const AllocSet* set = eq == std::string::npos ? nullptr : set_named(v.substr(eq + 1));
      if (set == nullptr)
        return usage("--alloc '" + v + "': expected ROLE=SET, SET one of " + kSetNames);
      forced[v.substr(0, eq)] = set;
      args.erase(args.begin() + static_cast<long>(k), args.begin() + static_cast<long>(k) + 2);
    } else if (args[k] == "--shadow") {
      shadow = true;
      args.erase(args.begin() + static_cast<long>(k));
    } else if (args[k] == "--fault") {
      const std::string why = sc::example::take_fault(args, k, "switch", fault_router, fault_cycle);
      if (!why.empty()) return usage(why);
    } else {
      ++k;
    }
  }
  if (args.empty() || args.size() > 2) return usage("expected CONFIG [CYCLES]");
  if ((dtable ? 1 : 0) + (rr ? 1 : 0) + (drr ? 1 : 0) + (sbt ? 1 : 0) + (vlarb ? 1 : 0) > 1)
    return usage(
        "--dtable-rtl, --rr-rtl, --drr-rtl, --sbt-rtl and --ib-vlarb-rtl: one of them (a switch "
        "has one scheduler)");
  const bool table_sched = sbt || vlarb;
  const bool sched = dtable || rr || drr || table_sched;
  if (!dtable && dtable_forced != nullptr) return usage("--dtable-set goes with --dtable-rtl");
  const SbtSet* sbt_forced = nullptr;
  const IbVlArbSet* vlarb_forced = nullptr;
  if (!sched_set.empty()) {
    for (const SbtSet& x : kSbtSets)
      if (sbt && sched_set == x.name) sbt_forced = &x;
    for (const IbVlArbSet& x : kIbVlArbSets)
      if (vlarb && sched_set == x.name) vlarb_forced = &x;
    if (!table_sched) return usage("--sched-set goes with --sbt-rtl or --ib-vlarb-rtl");
    if (sbt_forced == nullptr && vlarb_forced == nullptr)
      return usage("--sched-set '" + sched_set + "': expected one of " + kTableSetNames);
  }
  if (!sched && dtable_output >= 0)
    return usage(
        "--dtable-output and --output go with --dtable-rtl, --rr-rtl, --drr-rtl, --sbt-rtl or "
        "--ib-vlarb-rtl");
  if (sched && !forced.empty())
    return usage(
        "--alloc: with --dtable-rtl, --rr-rtl, --drr-rtl, --sbt-rtl or --ib-vlarb-rtl the "
        "allocators are C++");
  uint64_t cycles = 2000;
  if (args.size() > 1 && (!sc::example::parse_count(args[1], cycles) || cycles == 0))
    return usage("cycles '" + args[1] + "': expected a positive integer");

  Config cfg;
  try {
    cfg.load_file(args[0]);
    for (const std::string& v : sets) cfg.set_override(v);
    validate_config(cfg);
  } catch (const std::exception& e) {
    return usage(e.what());
  }
  const std::string arch = cfg.get_str("router.architecture");
  if (arch != "ib" && arch != "opa")
    return usage("router.architecture=" + arch +
                 ": this example runs the InfiniBand and Omni-Path switches (allowed: ib, opa)");
  cfg.set_override("sim.warmup=0");
  cfg.set_override("sim.drain=true");
  cfg.set_override("sim.measure=" + std::to_string(cycles));

  // 1. The native engine on the whole network.
  std::vector<std::string> native_log;
  const sc::example::NativeRun native = sc::example::run_native_logged(cfg, native_log);
  const Cycle total = native.total;
  const uint32_t routers = native.routers;
  if (fault_router >= static_cast<int64_t>(routers))
    return usage("--fault " + std::to_string(fault_router) + ":" + std::to_string(fault_cycle) +
                 ": the network has switches 0.." + std::to_string(routers - 1));

  // 2. SystemC/TLM: a module per switch, strict mode with the switches as threads (the
  //    allocator socket waits delta cycles inside the switch's step).
  std::vector<std::unique_ptr<sc::RouterModule>> mods;
  try {
    mods = sc::example::make_modules(cfg, routers, "s");
  } catch (const std::exception& e) {
    return usage(e.what());
  }
  // Every allocator of every switch (RouterModule::allocators: the IB switch's one, the OPA
  // switch's MPort and central allocators) in the RTL of its shape's set, or --alloc's; or, with
  // --dtable-rtl, every DTable scheduler (RouterModule::dtable_schedulers) in the RTL of its
  // shape's set, or --dtable-set's: a socket per switch with a lane per output (or one lane, for
  // --dtable-output's output).
  // A socket's options in switch m: its router, the mode, and --fault's when m is switch R.
  const auto options_of = [&](const sc::RouterModule& m) {
    sc::SocketOptions o;
    o.router = m.router();
    o.mode = shadow ? sc::SocketMode::Shadow : sc::SocketMode::Rtl;
    if (fault_router == static_cast<int64_t>(m.router())) {
      o.fault.armed = true;
      o.fault.cycle = fault_cycle;
    }
    return o;
  };
  std::vector<std::function<uint64_t()>> evaluations;
  std::map<std::string, uint32_t> per_set;  // instances per set
  uint32_t lanes = 0;
  for (auto& m : mods) {
    if (!dtable) break;
    const std::vector<sc::RouterModule::DTableScheduler> scheds = m->dtable_schedulers();
    const std::string sw = "switch " + std::to_string(m->router());
    if (scheds.empty())
      return usage(sw +
                   ": no DTable scheduler (--dtable-rtl needs router.output_scheduler=dtable)");
    const model::DTableBlock::Shape& shape = scheds[0].shape;
    const DTableSet* set = dtable_forced != nullptr ? dtable_forced : dtable_set_of(shape);
    if (set == nullptr)
      return usage(sw + ": DTable schedulers of S=" + std::to_string(shape.S) +
                   ",N=" + std::to_string(shape.N) + ",WW=" + std::to_string(shape.WW) +
                   ",AW=" + std::to_string(shape.AW) + ",SW=" + std::to_string(shape.SW) +
                   ": no linked set of that shape (linked: " + kDTableSetNames + ")");
    const sc::SocketOptions o = options_of(*m);
    const std::string name = "s" + std::to_string(m->router()) + "_dtable_arbiter";
    auto socket = std::make_unique<sc::DTableSocket>(name, o, *scheds[0].table, scheds[0].params);
    const uint32_t n = dtable_output >= 0 ? 1 : static_cast<uint32_t>(scheds.size());
    for (uint32_t k = 0; k < n; ++k) {
      const uint32_t out = dtable_output >= 0 ? static_cast<uint32_t>(dtable_output) : k;
      socket->add_lane(set->make(name + "_o" + std::to_string(out), *socket, o));
    }
    const sc::DTableSocket* p = socket.get();  // owned by the switch from set_dtable on
    try {
      if (dtable_output >= 0)
        m->set_dtable(static_cast<uint32_t>(dtable_output), std::move(socket));
      else
        m->set_dtable(std::move(socket));
    } catch (const std::invalid_argument& e) {
      return usage(e.what());
    }
    evaluations.push_back([p] { return p->decisions(); });
    per_set[set->name] += n;
    lanes += n;
  }
  // Or, with --rr-rtl (--drr-rtl), every round-robin SL arbiter (DRR scheduler) in RTL: a socket
  // per switch with a lane per output (or one, --output's).
  for (auto& m : mods) {
    if (!rr && !drr) break;
    const std::string sw = "switch " + std::to_string(m->router());
    uint32_t outputs = 0;
    std::vector<uint32_t> quanta;
    const char* set = nullptr;  // the linked set of the switch's shape
    if (rr) {
      const std::vector<sc::RouterModule::RrScheduler> scheds = m->rr_schedulers();
      if (scheds.empty())
        return usage(sw +
                     ": no round-robin SL arbiter (--rr-rtl needs router.output_scheduler=rr)");
      const uint32_t N = scheds[0].shape.N;
      set = N == 3 ? "n3" : N == 5 ? "n5" : N == 7 ? "n7" : nullptr;
      if (set == nullptr)
        return usage(sw + ": round-robin SL arbiters of N=" + std::to_string(N) +
                     ": no linked set of that shape (linked: n3, n5, n7)");
      outputs = static_cast<uint32_t>(scheds.size());
    } else {
      const std::vector<sc::RouterModule::DrrScheduler> scheds = m->drr_schedulers();
      if (scheds.empty())
        return usage(sw + ": no DRR scheduler (--drr-rtl needs router.output_scheduler=drr)");
      const model::DrrBlock::Shape& sh = scheds[0].shape;
      set = sh.QW != 16 || sh.SW != 16 ? nullptr
            : sh.V == 4                ? "v4q16s16"
            : sh.V == 8                ? "v8q16s16"
                                       : nullptr;
      if (set == nullptr)
        return usage(sw + ": DRR schedulers of V=" + std::to_string(sh.V) +
                     ",QW=" + std::to_string(sh.QW) + ",SW=" + std::to_string(sh.SW) +
                     ": no linked set of that shape (linked: v4q16s16, v8q16s16)");
      outputs = static_cast<uint32_t>(scheds.size());
      quanta = scheds[0].quanta;
    }
    const sc::SocketOptions o = options_of(*m);
    const std::string name = "s" + std::to_string(m->router()) + (rr ? "_rr" : "_drr") + "_arbiter";
    const uint32_t n = dtable_output >= 0 ? 1 : outputs;
    const auto lane_name = [&](uint32_t k) {
      return name + "_o" + std::to_string(dtable_output >= 0 ? dtable_output : k);
    };
    try {
      if (rr) {
        auto socket = std::make_unique<sc::RrSocket>(name, o);
        for (uint32_t k = 0; k < n; ++k) {
          const std::string ln = lane_name(k);
          if (set == std::string("n3"))
            socket->add_lane(
                std::make_unique<sc::RrLaneRtl<Vrr_arbiter_n3, 3>>(ln, socket->rst(), o));
          else if (set == std::string("n5"))
            socket->add_lane(
                std::make_unique<sc::RrLaneRtl<Vrr_arbiter_n5, 5>>(ln, socket->rst(), o));
          else
            socket->add_lane(
                std::make_unique<sc::RrLaneRtl<Vrr_arbiter_n7, 7>>(ln, socket->rst(), o));
        }
        const sc::RrSocket* p = socket.get();  // owned by the switch from set_rr on
        evaluations.push_back([p] { return p->decisions(); });
        if (dtable_output >= 0)
          m->set_rr(static_cast<uint32_t>(dtable_output), std::move(socket));
        else
          m->set_rr(std::move(socket));
      } else {
        auto socket = std::make_unique<sc::DrrSocket>(name, o, quanta);
        for (uint32_t k = 0; k < n; ++k) {
          if (set == std::string("v4q16s16"))
            socket->add_lane(std::make_unique<sc::DrrLaneRtl<Vdrr_arbiter_v4q16s16, 4, 16, 16>>(
                lane_name(k), socket->rst(), o));
          else
            socket->add_lane(std::make_unique<sc::DrrLaneRtl<Vdrr_arbiter_v8q16s16, 8, 16, 16>>(
                lane_name(k), socket->rst(), o));
        }
        const sc::DrrSocket* p = socket.get();  // owned by the switch from set_drr on
        evaluations.push_back([p] { return p->decisions(); });
        if (dtable_output >= 0)
          m->set_drr(static_cast<uint32_t>(dtable_output), std::move(socket));
        else
          m->set_drr(std::move(socket));
      }
    } catch (const std::invalid_argument& e) {
      return usage(e.what());
    }
    per_set[set] += n;
    lanes += n;
  }
  // Or, with --sbt-rtl (--ib-vlarb-rtl), every SBT scheduler (IB VL arbiter) in RTL: a socket per
  // switch with a lane per output (or one, --output's), of the set of the switch's shape or
  // --sched-set's.
  for (auto& m : mods) {
    if (!table_sched) break;
    const std::string sw = "switch " + std::to_string(m->router());
    const sc::SocketOptions o = options_of(*m);
    const std::string name =
        "s" + std::to_string(m->router()) + (sbt ? "_sbt_scheduler" : "_ib_vl_arbiter");
    const auto lane_name = [&](uint32_t k) {
      return name + "_o" + std::to_string(dtable_output >= 0 ? dtable_output : k);
    };
    uint32_t n = 0;
    const char* set_name = nullptr;
    try {
      if (sbt) {
        const std::vector<sc::RouterModule::SbtScheduler> scheds = m->sbt_schedulers();
        if (scheds.empty())
          return usage(sw + ": no SBT scheduler (--sbt-rtl needs router.output_scheduler=sbt)");
        const model::SbtBlock::Shape& sh = scheds[0].shape;
        const SbtSet* set = sbt_forced;
        for (const SbtSet& x : kSbtSets)
          if (set == nullptr && x.shape.S == sh.S && x.shape.W == sh.W) set = &x;
        if (set == nullptr)
          return usage(sw + ": SBT schedulers of S=" + std::to_string(sh.S) +
                       " and qos.sbt_weights: no linked set of that shape (linked: s3_ch2a "
                       "60,30,10; s5_ch4 10,30,50,5,5)");
        n = dtable_output >= 0 ? 1 : static_cast<uint32_t>(scheds.size());
        auto socket = std::make_unique<sc::SbtSocket>(name, o, sh.S);
        for (uint32_t k = 0; k < n; ++k)
          socket->add_lane(set->make(lane_name(k), *socket, o, set->shape.W));
        const sc::SbtSocket* p = socket.get();  // owned by the switch from set_sbt on
        evaluations.push_back([p] { return p->decisions(); });
        if (dtable_output >= 0)
          m->set_sbt(static_cast<uint32_t>(dtable_output), std::move(socket));
        else
          m->set_sbt(std::move(socket));
        set_name = set->name;
      } else {
        const std::vector<sc::RouterModule::IbVlArbScheduler> scheds = m->ib_vlarb_schedulers();
        if (scheds.empty())
          return usage(
              sw + ": no IB VL arbiter (--ib-vlarb-rtl needs router.output_scheduler=ib_vlarb)");
        const model::IbVlArbBlock::Shape& sh = scheds[0].shape;
        const IbVlArbSet* set = vlarb_forced;
        for (const IbVlArbSet& x : kIbVlArbSets)
          if (set == nullptr && x.shape.V == sh.V && x.shape.N == sh.N && x.shape.WW == sh.WW &&
              x.shape.SW == sh.SW && x.shape.LIMIT == sh.LIMIT)
            set = &x;
        if (set == nullptr)
          return usage(sw + ": IB VL arbiters of V=" + std::to_string(sh.V) +
                       ",N=" + std::to_string(sh.N) + ",WW=" + std::to_string(sh.WW) +
                       ",SW=" + std::to_string(sh.SW) + ",LIMIT=" + std::to_string(sh.LIMIT) +
                       ": no linked set of that shape (linked: v4n64l1, v4n4l1)");
        n = dtable_output >= 0 ? 1 : static_cast<uint32_t>(scheds.size());
        auto socket = std::make_unique<sc::IbVlArbSocket>(name, o, scheds[0].high, scheds[0].low,
                                                          scheds[0].vls);
        for (uint32_t k = 0; k < n; ++k) socket->add_lane(set->make(lane_name(k), *socket, o));
        const sc::IbVlArbSocket* p = socket.get();  // owned by the switch from set_ib_vlarb on
        evaluations.push_back([p] { return p->decisions(); });
        if (dtable_output >= 0)
          m->set_ib_vlarb(static_cast<uint32_t>(dtable_output), std::move(socket));
        else
          m->set_ib_vlarb(std::move(socket));
        set_name = set->name;
      }
    } catch (const std::invalid_argument& e) {
      return usage(e.what());
    }
    per_set[set_name] += n;
    lanes += n;
  }
  for (auto& m : mods) {
    if (sched) break;
    const std::vector<RouterModel::SwitchAllocatorShape> allocs = m->allocators();
    std::map<std::string, const AllocSet*> todo;  // role -> set
    for (const auto& a : allocs) {
      const AllocSet* set = set_of(a);
      if (set == nullptr)
        return usage("switch " + std::to_string(m->router()) + ": allocator " +
                     (a.name.empty() ? std::string("(unnamed)") : a.name) +
                     " of P=" + std::to_string(a.inputs) + ",V=" + std::to_string(a.vcs) +
                     ",Q=" + std::to_string(a.outputs) + ",ITER=" + std::to_string(a.iterations) +
                     ": no linked set of that shape (linked: " + kSetNames + ")");
      todo[a.name] = set;
    }
    for (const auto& f : forced) todo[f.first] = f.second;  // an unknown role: the module refuses
    // One fault per switch: every allocator of switch R armed, the first to grant takes it.
    const auto shared = std::make_shared<bool>(false);
    for (const auto& t : todo) {
      sc::SocketOptions o = options_of(*m);
      o.role = t.first;
      if (o.fault.armed) o.fault.shared = shared;
      std::function<uint64_t()> count;
      auto socket = t.second->make("s" + std::to_string(m->router()) + "_sep_alloc_if" +
                                       (t.first.empty() ? "" : "_" + t.first),
                                   o, count);
      try {
        m->set_allocator(t.first, std::move(socket));
      } catch (const std::invalid_argument& e) {
        return usage(e.what());
      }
      evaluations.push_back(count);
      ++per_set[t.second->name];
    }
  }
  std::vector<std::string> log;
  sc::example::NodeEnds ends;
  RunResults res;
  std::string why;
  if (!sc::example::run_modules(mods, cycles, total + 100, log, ends, res, why)) {
    std::printf("switch modules: the run stopped: %s\n", why.c_str());
    return 3;
  }
  uint64_t evaluated = 0;
  for (const auto& e : evaluations) evaluated += e();
  std::string used;  // "p8v3q8i2", or each set with its instances
  for (const auto& x : per_set)
    used += (used.empty() ? "" : " + ") + x.first +
            (per_set.size() > 1 ? " " + std::to_string(x.second) : "");

  std::string topo = mods[0]->network().network().topology().describe();
  topo = topo.substr(0, topo.find(" ("));  // "4-ary 2-tree"
  const std::string kind = dtable  ? "DTable schedulers"
                           : rr    ? "round-robin SL arbiters"
                           : drr   ? "DRR schedulers"
                           : sbt   ? "SBT schedulers"
                           : vlarb ? "IB VL arbiters"
                                   : "allocators";
  const std::string where =
      kind + (sched && dtable_output >= 0 ? " of output " + std::to_string(dtable_output) : "");
  const char* block = dtable  ? "dtable_arbiter"
                      : rr    ? "rr_arbiter"
                      : drr   ? "drr_arbiter"
                      : sbt   ? "sbt_scheduler"
                      : vlarb ? "ib_vl_arbiter"
                              : "sep_alloc_if";
  std::printf(
      "%s %s of %u switch modules (TLM links), %s in RTL (%s %s, %u instances, %s, %llu %s), "
      "%llu cycles + drain (%llu cycles), strict mode\n",
      arch == "ib" ? "IB" : "OPA", topo.c_str(), routers, where.c_str(), block, used.c_str(),
      sched ? lanes : static_cast<unsigned>(evaluations.size()), shadow ? "shadow" : "driving",
      static_cast<unsigned long long>(evaluated), sched ? "decisions" : "evaluations",
      static_cast<unsigned long long>(cycles), static_cast<unsigned long long>(res.cycles_total));
  std::printf("  delivered %llu, latency avg %.3f, hops avg %.3f\n",
              static_cast<unsigned long long>(res.packets_delivered), res.latency_avg,
              res.hops_avg);
  for (const SlResults& x : res.per_sl)
    std::printf("  %s: accepted %.4f, latency avg %.3f\n", x.name.c_str(), x.accepted_load,
                x.latency_avg);
  return sc::example::compare_with_native(log, native_log);
}
