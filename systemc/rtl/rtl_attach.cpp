// The block sockets' attachment in `netcosim-rtl` (systemc/rtl/CMakeLists.txt): every parameter
// set of rtl/catalog.h's socketed blocks (rtl_sockets.cpp, socketed_blocks) Verilated once, listed
// by the header CMake generates from the catalog (Vsep_alloc_if_catalog.h: one
// NETCOSIM_SEP_ALLOC_IF_SET(name, P, V, Q, ITER), NETCOSIM_CONTENTION_COUNTERS_SET(name, Q, W, N),
// NETCOSIM_CREDIT_COUNTER_SET(name, V, W, CAP) or NETCOSIM_VC_SELECTOR_SET(name, V, W, MODE) per
// set, with the include of its Verilated model), so the compiled sets are the catalog's.
#include <verilated.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "Vsep_alloc_if_catalog.h"
#include "rtl/catalog.h"
#include "sim/config/config.h"
#include "sim/router/cioq/arbitration.h"
#include "systemc/rtl/arbiter_socket.h"
#include "systemc/rtl/contention_counters_socket.h"
#include "systemc/rtl/credit_counter_socket.h"
#include "systemc/rtl/dtable_arbiter_socket.h"
#include "systemc/rtl/rtl_sockets.h"
#include "systemc/rtl/sched_arbiter_socket.h"
#include "systemc/rtl/sep_alloc_if_socket.h"
#include "systemc/rtl/shared_vl_credits_socket.h"
#include "systemc/rtl/table_sched_socket.h"
#include "systemc/rtl/vc_selector_socket.h"

namespace netcosim::sc {

namespace {

// --rtl-fault on a block that is in neither --rtl nor --rtl-shadow (the blocks: the parser's list,
// faultable_blocks(), rtl_sockets.cpp).
ConfigError fault_block_not_socketed(const RtlRequest& req) {
  const std::vector<std::string>& blocks = faultable_blocks();
  std::string list;
  for (size_t i = 0; i < blocks.size(); ++i)
    list += (i == 0 ? "" : i + 1 == blocks.size() ? " or " : ", ") + blocks[i];
  return ConfigError("--rtl-fault: faults the RTL of " + list + ", and " + req.fault_block +
                     " is not in --rtl or --rtl-shadow");
}

struct SepAllocIfSet {
  const char* name;
  unsigned P, V, Q, I;
  std::unique_ptr<model::AllocatorCore> (*make)(const std::string& name, const SocketOptions& o);
};

template <class Vtop, int P, int V, int Q, int I>
std::unique_ptr<model::AllocatorCore> make_allocator(const std::string& name,
                                                     const SocketOptions& o) {
  return std::make_unique<SepAllocIfSocket<Vtop, P, V, Q, I>>(name, o);
}

#define NETCOSIM_SEP_ALLOC_IF_SET(S, P, V, Q, I) \
  SepAllocIfSet{#S, P, V, Q, I, &make_allocator<Vsep_alloc_if_##S, P, V, Q, I>},

const std::vector<SepAllocIfSet>& sep_alloc_if_sets() {
  static const std::vector<SepAllocIfSet> sets = {NETCOSIM_SEP_ALLOC_IF_SETS};
  return sets;
}

struct ContentionCountersSet {
  const char* name;
  unsigned Q, W, N;
  std::unique_ptr<model::ContentionCountersEdge> (*make)(const std::string& name,
                                                         const SocketOptions& o,
                                                         uint32_t threshold);
};

template <class Vtop, int Q, int W, int N>
std::unique_ptr<model::ContentionCountersEdge> make_counters(const std::string& name,
                                                             const SocketOptions& o,
                                                             uint32_t threshold) {
  return std::make_unique<ContentionCountersSocket<Vtop, Q, W, N>>(name, o, threshold);
}

#define NETCOSIM_CONTENTION_COUNTERS_SET(S, Q, W, N) \
  ContentionCountersSet{#S, Q, W, N, &make_counters<Vcontention_counters_##S, Q, W, N>},

const std::vector<ContentionCountersSet>& contention_counters_sets() {
  static const std::vector<ContentionCountersSet> sets = {NETCOSIM_CONTENTION_COUNTERS_SETS};
  return sets;
}

struct CreditCounterSet {
  const char* name;
  unsigned V, W, CAP;
  std::unique_ptr<CreditCounterLane> (*make)(const std::string& name, CreditCountersSocket& s,
                                             const SocketOptions& o);
};

template <class Vtop, int V, int W, int CAP>
std::unique_ptr<CreditCounterLane> make_credit_lane(const std::string& name,
                                                    CreditCountersSocket& s,
                                                    const SocketOptions& o) {
  return std::make_unique<CreditCounterLaneRtl<Vtop, V, W, CAP>>(name, s.rst(), o);
}

#define NETCOSIM_CREDIT_COUNTER_SET(S, V, W, CAP) \
  CreditCounterSet{#S, V, W, CAP, &make_credit_lane<Vcredit_counter_##S, V, W, CAP>},

const std::vector<CreditCounterSet>& credit_counter_sets() {
  static const std::vector<CreditCounterSet> sets = {NETCOSIM_CREDIT_COUNTER_SETS};
  return sets;
}

// "name (parameters), ..." of a block's Verilated sets, for the errors that list them.
template <class Set, class Params>
std::string list_sets(const std::vector<Set>& sets, Params params) {
  std::string s;
  for (const auto& x : sets)
    s += (s.empty() ? "" : ", ") + std::string(x.name) + " (" + params(x) + ")";
  return s;
}

std::string available_credit_sets() {
  return list_sets(credit_counter_sets(), [](const CreditCounterSet& x) {
    return "V=" + std::to_string(x.V) + ",W=" + std::to_string(x.W) +
           ",CAP=" + std::to_string(x.CAP);
  });
}

struct VcSelectorSet {
  const char* name;
  unsigned V, W, MODE;
  std::unique_ptr<VcSelectorLane> (*make)(const std::string& name, const SocketOptions& o);
};

template <class Vtop, int V, int W, int MODE>
std::unique_ptr<VcSelectorLane> make_vc_lane(const std::string& name, const SocketOptions& o) {
  return std::make_unique<VcSelectorLaneRtl<Vtop, V, W, MODE>>(name, o);
}

#define NETCOSIM_VC_SELECTOR_SET(S, V, W, MODE) \
  VcSelectorSet{#S, V, W, MODE, &make_vc_lane<Vvc_selector_##S, V, W, MODE>},

const std::vector<VcSelectorSet>& vc_selector_sets() {
  static const std::vector<VcSelectorSet> sets = {NETCOSIM_VC_SELECTOR_SETS};
  return sets;
}

std::string available_vc_sets() {
  return list_sets(vc_selector_sets(), [](const VcSelectorSet& x) {
    return "V=" + std::to_string(x.V) + ",W=" + std::to_string(x.W) +
           ",MODE=" + std::to_string(x.MODE);
  });
}

// dtable_arbiter's sets: NETCOSIM_DTABLE_ARBITER_SET(name, S, N, WW, AW, SW) in the generated
// header.
struct DTableArbiterSet {
  const char* name;
  unsigned S, N, WW, AW, SW;
  std::unique_ptr<DTableLane> (*make)(const std::string& name, DTableSocket& s,
                                      const SocketOptions& o);
};

template <class Vtop, int S, int N, int WW, int AW, int SW>
std::unique_ptr<DTableLane> make_dtable_lane(const std::string& name, DTableSocket& s,
                                             const SocketOptions& o) {
  return std::make_unique<DTableLaneRtl<Vtop, S, N, WW, AW, SW>>(name, s.rst(), o);
}

#define NETCOSIM_DTABLE_ARBITER_SET(X, S, N, WW, AW, SW) \
  DTableArbiterSet{#X, S, N, WW, AW, SW, &make_dtable_lane<Vdtable_arbiter_##X, S, N, WW, AW, SW>},

const std::vector<DTableArbiterSet>& dtable_arbiter_sets() {
  static const std::vector<DTableArbiterSet> sets = {NETCOSIM_DTABLE_ARBITER_SETS};
  return sets;
}

// rr_arbiter's sets (NETCOSIM_RR_ARBITER_SET(name, N)) and drr_arbiter's
// (NETCOSIM_DRR_ARBITER_SET(name, V, QW, SW)) in the generated header.
struct RrArbiterSet {
  const char* name;
  unsigned N;
  std::unique_ptr<RrLane> (*make)(const std::string& name, RrSocket& s, const SocketOptions& o);
};

template <class Vtop, int N>
std::unique_ptr<RrLane> make_rr_lane(const std::string& name, RrSocket& s, const SocketOptions& o) {
  return std::make_unique<RrLaneRtl<Vtop, N>>(name, s.rst(), o);
}

#define NETCOSIM_RR_ARBITER_SET(X, N) RrArbiterSet{#X, N, &make_rr_lane<Vrr_arbiter_##X, N>},

const std::vector<RrArbiterSet>& rr_arbiter_sets() {
  static const std::vector<RrArbiterSet> sets = {NETCOSIM_RR_ARBITER_SETS};
  return sets;
}

struct DrrArbiterSet {
  const char* name;
  unsigned V, QW, SW;
  std::unique_ptr<DrrLane> (*make)(const std::string& name, DrrSocket& s, const SocketOptions& o);
};

template <class Vtop, int V, int QW, int SW>
std::unique_ptr<DrrLane> make_drr_lane(const std::string& name, DrrSocket& s,
                                       const SocketOptions& o) {
  return std::make_unique<DrrLaneRtl<Vtop, V, QW, SW>>(name, s.rst(), o);
}

#define NETCOSIM_DRR_ARBITER_SET(X, V, QW, SW) \
  DrrArbiterSet{#X, V, QW, SW, &make_drr_lane<Vdrr_arbiter_##X, V, QW, SW>},

const std::vector<DrrArbiterSet>& drr_arbiter_sets() {
  static const std::vector<DrrArbiterSet> sets = {NETCOSIM_DRR_ARBITER_SETS};
  return sets;
}

const RrArbiterSet* rr_set_of(unsigned n) {
  for (const auto& x : rr_arbiter_sets())
    if (x.N == n) return &x;
  return nullptr;
}
const DrrArbiterSet* drr_set_of(const model::DrrParams& p) {
  for (const auto& x : drr_arbiter_sets())
    if (x.V == p.vls && x.QW == p.quantum_bits && x.SW == p.size_bits) return &x;
  return nullptr;
}

std::string available_dtable_sets() {
  return list_sets(dtable_arbiter_sets(), [](const DTableArbiterSet& x) {
    return "S=" + std::to_string(x.S) + ",N=" + std::to_string(x.N) +
           ",WW=" + std::to_string(x.WW) + ",AW=" + std::to_string(x.AW) +
           ",SW=" + std::to_string(x.SW);
  });
}

std::string available_sets() {
  return list_sets(sep_alloc_if_sets(), [](const auto& x) {
    return "P=" + std::to_string(x.P) + ",V=" + std::to_string(x.V) + ",Q=" + std::to_string(x.Q) +
           ",ITER=" + std::to_string(x.I);
  });
}

std::string available_contention_sets() {
  return list_sets(contention_counters_sets(), [](const ContentionCountersSet& x) {
    return "Q=" + std::to_string(x.Q) + ",W=" + std::to_string(x.W) + ",N=" + std::to_string(x.N);
  });
}

// One router's socket options: its index, the mode and the VCD window's folder (the fault, if
// any, is set by the caller for the block it names).
SocketOptions socket_options(uint32_t r, bool shadow, const RtlRequest& req) {
  SocketOptions o;
  o.router = r;
  o.mode = shadow ? SocketMode::Shadow : SocketMode::Rtl;
  o.vcd_dir = req.vcd_dir;
  return o;
}

bool has(const std::vector<std::string>& v, const char* b) {
  for (const auto& x : v)
    if (x == b) return true;
  return false;
}

// The contention counters of every router: the set of Q = the radix, W = the counters' width and
// N = 2 Q event slots per kind (at most two headers reach the heads of one input port's buffers
// in a cycle; one tail leaves it).
void attach_contention_counters(Network& net, const RtlRequest& req, bool shadow) {
  const std::string opt = shadow ? "--rtl-shadow" : "--rtl";
  const int64_t threshold = net.config().get_int("routing.threshold");
  for (uint32_t r = 0; r < net.routers(); ++r) {
    RouterModel& router = net.router(r);
    const model::ContentionCounters* c = router.contention_counters();
    if (c == nullptr) {
      if (req.all) return;  // `all`: the configured routers do not count
      throw ConfigError(opt + " contention_counters: routing.algorithm=" +
                        net.config().get_str("routing.algorithm") +
                        " does not use the contention counters (routing.algorithm=olm with "
                        "routing.trigger=contention|filtered|hybrid|ectn does)");
    }
    const unsigned Q = c->outputs(), W = c->width(), N = 2 * Q;
    if (threshold < 0 || threshold > static_cast<int64_t>(c->max_count()))
      throw ConfigError(opt + " contention_counters: routing.threshold=" +
                        std::to_string(threshold) + " does not fit the " + std::to_string(W) +
                        "-bit threshold input (0 to " + std::to_string(c->max_count()) + ")");
    const ContentionCountersSet* set = nullptr;
    for (const auto& x : contention_counters_sets())
      if (x.Q == Q && x.W == W && x.N == N) set = &x;
    if (set == nullptr)
      throw ConfigError(opt + " contention_counters: router " + std::to_string(r) + " needs Q=" +
                        std::to_string(Q) + ",W=" + std::to_string(W) + ",N=" + std::to_string(N) +
                        ", a parameter set that was not Verilated; available (rtl/catalog.h): " +
                        available_contention_sets());
    SocketOptions o = socket_options(r, shadow, req);
    router.set_contention_edge(set->make("router_" + std::to_string(r) + "_contention_counters", o,
                                         static_cast<uint32_t>(threshold)));
  }
}

// The W of a counter of capacity `cap`: the fewest bits that hold it (CAP < 2^W), as
// `netcosim area` sizes the router's counters (sim/experiment/router_area.cpp).
unsigned counter_width(uint32_t cap) {
  unsigned w = 1;
  while ((uint64_t{1} << w) <= cap) ++w;
  return w;
}

// The credit counters of every router: one instance per output port with a downstream buffer,
// the set of the port's VCs and capacity (V = router.vcs_<class>, CAP = router.buffer_<class>).
void attach_credit_counters(Network& net, const RtlRequest& req, bool shadow) {
  const std::string opt = shadow ? "--rtl-shadow" : "--rtl";
  const bool faulted = req.fault && req.fault_block == "credit_counter";
  for (uint32_t r = 0; r < net.routers(); ++r) {
    RouterModel& router = net.router(r);
    std::vector<RouterModel::CreditCounterShape> ports;
    std::string why;
    if (!router.credit_counters(ports, why)) {
      if (req.all) return;  // `all`: the configured routers have other credits
      throw ConfigError(opt + " credit_counter: " + why);
    }
    SocketOptions o = socket_options(r, shadow, req);
    if (faulted && req.fault_router == r) {
      bool has_port = req.fault_input < 0;
      for (const auto& p : ports) has_port |= static_cast<int>(p.port) == req.fault_input;
      if (!has_port) {
        std::string list;
        for (const auto& p : ports) list += (list.empty() ? "" : ", ") + std::to_string(p.port);
        throw ConfigError("--rtl-fault credit_counter:" + std::to_string(r) + ":" +
                          std::to_string(req.fault_cycle) + ":" + std::to_string(req.fault_input) +
                          ": router " + std::to_string(r) + " has credit counters on outputs " +
                          list);
      }
      o.fault.armed = true;
      o.fault.cycle = req.fault_cycle;
      o.fault.input = req.fault_input;
    }
    const std::string name = "router_" + std::to_string(r) + "_credit_counter";
    auto socket = std::make_unique<CreditCountersSocket>(name, o, router.packet_size());
    for (const auto& p : ports) {
      const unsigned W = counter_width(p.capacity);
      const CreditCounterSet* set = nullptr;
      for (const auto& x : credit_counter_sets())
        if (x.V == p.vcs && x.W == W && x.CAP == p.capacity) set = &x;
      if (set == nullptr)
        throw ConfigError(opt + " credit_counter: router " + std::to_string(r) + " output " +
                          std::to_string(p.port) + " needs V=" + std::to_string(p.vcs) +
                          ",W=" + std::to_string(W) + ",CAP=" + std::to_string(p.capacity) +
                          ", a parameter set that was not Verilated; available (rtl/catalog.h): " +
                          available_credit_sets());
      if (router.packet_size() > p.capacity)
        throw ConfigError(opt +
                          " credit_counter: packet.size=" + std::to_string(router.packet_size()) +
                          " exceeds the " + std::to_string(p.capacity) + "-phit VCs of output " +
                          std::to_string(p.port));
      socket->add_lane(p.port, set->make(name + "_o" + std::to_string(p.port), *socket, o));
    }
    router.set_credit_edge(std::move(socket));
  }
}

// The VC selectors of every router: one instance per output port with a downstream buffer of two
// or more VCs, the set of the port's VCs, the width of its per-VC capacity (as the credit
// counters') and the router's selection function (MODE: VcSelection's order, jsq 0, highest 1,
// lowest 2). Under `all`, left out of a network without FlexVC (one allowed VC per hop: no
// selection), with router.vc_selection=random (no RTL) or with DAMQ buffers (no per-VC counts);
// check_rtl_request refuses these when the block is named.
void attach_vc_selectors(Network& net, const RtlRequest& req, bool shadow, const Config& cfg) {
  const std::string opt = shadow ? "--rtl-shadow" : "--rtl";
  const bool faulted = req.fault && req.fault_block == "vc_selector";
  if (req.all && (cfg.get_str("router.vc_management") != "flexvc" ||
                  cfg.get_str("router.vc_selection") == "random")) {
    if (faulted)
      throw ConfigError(
          "--rtl-fault vc_selector: `all` leaves vc_selector out of this network "
          "(router.vc_management=" +
          cfg.get_str("router.vc_management") + ", router.vc_selection=" +
          cfg.get_str("router.vc_selection") + "; it needs flexvc and jsq, highest or lowest)");
    return;
  }
  for (uint32_t r = 0; r < net.routers(); ++r) {
    RouterModel& router = net.router(r);
    std::vector<RouterModel::CreditCounterShape> ports;
    VcSelection sel = VcSelection::Jsq;
    std::string why;
    if (!router.vc_selectors(ports, sel, why)) {
      if (req.all) return;  // `all`: the configured routers have other credits
      throw ConfigError(opt + " vc_selector: " + why);
    }
    const unsigned mode = static_cast<unsigned>(sel);  // VcSelection: Jsq, Highest, Lowest
    SocketOptions o = socket_options(r, shadow, req);
    if (faulted && req.fault_router == r) {
      bool has_port = req.fault_input < 0;
      std::string list;
      for (const auto& p : ports)
        if (p.vcs >= 2) {
          has_port |= static_cast<int>(p.port) == req.fault_input;
          list += (list.empty() ? "" : ", ") + std::to_string(p.port);
        }
      if (!has_port)
        throw ConfigError("--rtl-fault vc_selector:" + std::to_string(r) + ":" +
                          std::to_string(req.fault_cycle) + ":" + std::to_string(req.fault_input) +
                          ": router " + std::to_string(r) + " has VC selectors on outputs " +
                          (list.empty() ? std::string("none") : list) +
                          " (the outputs of two or more VCs)");
      o.fault.armed = true;
      o.fault.cycle = req.fault_cycle;
      o.fault.input = req.fault_input;
    }
    const std::string name = "router_" + std::to_string(r) + "_vc_selector";
    auto socket = std::make_unique<VcSelectorSocket>(o);
    for (const auto& p : ports) {
      if (p.vcs < 2) continue;  // one VC: no selector (rtl/vc_selector.sv needs V >= 2)
      const unsigned W = counter_width(p.capacity);
      const VcSelectorSet* set = nullptr;
      for (const auto& x : vc_selector_sets())
        if (x.V == p.vcs && x.W == W && x.MODE == mode) set = &x;
      if (set == nullptr)
        throw ConfigError(opt + " vc_selector: router " + std::to_string(r) + " output " +
                          std::to_string(p.port) + " needs V=" + std::to_string(p.vcs) +
                          ",W=" + std::to_string(W) + ",MODE=" + std::to_string(mode) +
                          " (router.vc_selection=" + cfg.get_str("router.vc_selection") +
                          "), a parameter set that was not Verilated; available (rtl/catalog.h): " +
                          available_vc_sets());
      if (router.packet_size() >= (1u << W))
        throw ConfigError(opt + " vc_selector: packet.size=" +
                          std::to_string(router.packet_size()) + " does not fit the " +
                          std::to_string(W) + "-bit pkt_size of output " + std::to_string(p.port));
      socket->add_lane(p.port, set->make(name + "_o" + std::to_string(p.port), o));
    }
    router.set_vc_selector_block(std::move(socket));
  }
}

// The DTable output schedulers of every OPA or IB switch (router.output_scheduler=dtable): one
// instance per output port, the set of S = the SLs (qos.sls) rounded up to a power of two (the
// RTL's SL field indexes S lanes; the others are never active), N = the table's entries (the RTL
// walks N, a power of two) and the widths of the switch's arbiters (WW, AW, SW:
// sim/router/vl/vl_switch_config.cpp, OPA's wide registers or the IB mapping's 8-bit entries,
// thesis 003 Sec. 5.4.1-5.4.2).
void attach_dtable_arbiters(Network& net, const RtlRequest& req, bool shadow, const Config& cfg) {
  const std::string opt = shadow ? "--rtl-shadow" : "--rtl";
  const bool faulted = req.fault && req.fault_block == "dtable_arbiter";
  for (uint32_t r = 0; r < net.routers(); ++r) {
    RouterModel& router = net.router(r);
    RouterModel::DTableShape sh;
    std::string why;
    if (!router.dtable_schedulers(sh, why)) throw ConfigError(opt + " dtable_arbiter: " + why);
    // The shape the router module's DTable sockets state too (docs/systemc.md).
    const model::DTableBlock::Shape want =
        model::DTableBlock::scheduler_shape(sh.table->size(), sh.params);
    const unsigned S = want.S, N = want.N;
    const model::DTableParams& p = sh.params;
    const DTableArbiterSet* set = nullptr;
    for (const auto& x : dtable_arbiter_sets())
      if (x.S == S && x.N == N && x.WW == p.weight_bits && x.AW == p.acc_bits &&
          x.SW == p.size_bits)
        set = &x;
    if (set == nullptr)
      throw ConfigError(opt + " dtable_arbiter: router " + std::to_string(r) +
                        " needs S=" + std::to_string(S) + ",N=" + std::to_string(N) +
                        ",WW=" + std::to_string(p.weight_bits) +
                        ",AW=" + std::to_string(p.acc_bits) + ",SW=" + std::to_string(p.size_bits) +
                        " (qos.sls=" + std::to_string(p.sls) +
                        ", qos.table=" + cfg.get_str("qos.table") + ": " + std::to_string(N) +
                        " entries), a parameter set that was not Verilated; available "
                        "(rtl/catalog.h): " +
                        available_dtable_sets());
    SocketOptions o = socket_options(r, shadow, req);
    if (faulted && req.fault_router == r) {
      if (req.fault_input >= static_cast<int>(sh.ports))
        throw ConfigError("--rtl-fault dtable_arbiter:" + std::to_string(r) + ":" +
                          std::to_string(req.fault_cycle) + ":" + std::to_string(req.fault_input) +
                          ": router " + std::to_string(r) +
                          " has DTable schedulers on outputs 0 to " + std::to_string(sh.ports - 1));
      o.fault.armed = true;
      o.fault.cycle = req.fault_cycle;
      o.fault.input = req.fault_input;
    }
    const std::string name = "router_" + std::to_string(r) + "_dtable_arbiter";
    auto socket = std::make_unique<DTableSocket>(name, o, *sh.table, sh.params);
    for (uint32_t port = 0; port < sh.ports; ++port)
      socket->add_lane(set->make(name + "_o" + std::to_string(port), *socket, o));
    router.set_dtable_block(std::move(socket));
  }
}

// The fault's options of an output scheduler's socket of router r with `ports` outputs.
SocketOptions sched_options(uint32_t r, bool shadow, const RtlRequest& req, const char* block,
                            uint32_t ports, const char* what) {
  SocketOptions o = socket_options(r, shadow, req);
  if (req.fault && req.fault_block == block && req.fault_router == r) {
    if (req.fault_input >= static_cast<int>(ports))
      throw ConfigError("--rtl-fault " + std::string(block) + ":" + std::to_string(r) + ":" +
                        std::to_string(req.fault_cycle) + ":" + std::to_string(req.fault_input) +
                        ": router " + std::to_string(r) + " has " + what + " on outputs 0 to " +
                        std::to_string(ports - 1));
    o.fault.armed = true;
    o.fault.cycle = req.fault_cycle;
    o.fault.input = req.fault_input;
  }
  return o;
}

// The round-robin SL arbiters of every OPA or IB switch (router.output_scheduler=rr): one
// rtl/rr_arbiter.sv instance per output port, the set of N = the SLs (qos.sls).
void attach_rr_arbiters(Network& net, const RtlRequest& req, bool shadow) {
  const std::string opt = shadow ? "--rtl-shadow" : "--rtl";
  for (uint32_t r = 0; r < net.routers(); ++r) {
    RouterModel& router = net.router(r);
    RouterModel::RrShape sh;
    std::string why;
    if (!router.rr_schedulers(sh, why)) throw ConfigError(opt + " rr_arbiter: " + why);
    const RrArbiterSet* set = rr_set_of(sh.sls);
    if (set == nullptr)
      throw ConfigError(opt + " rr_arbiter: router " + std::to_string(r) +
                        "'s SL arbiters need N=" + std::to_string(sh.sls) +
                        " (qos.sls=" + std::to_string(sh.sls) +
                        "), a parameter set that was not Verilated; available (rtl/catalog.h): " +
                        list_sets(rr_arbiter_sets(), [](const RrArbiterSet& y) {
                          return "N=" + std::to_string(y.N);
                        }));
    const SocketOptions o =
        sched_options(r, shadow, req, "rr_arbiter", sh.ports, "round-robin SL arbiters");
    const std::string name = "router_" + std::to_string(r) + "_rr_arbiter";
    auto socket = std::make_unique<RrSocket>(name, o);
    for (uint32_t port = 0; port < sh.ports; ++port)
      socket->add_lane(set->make(name + "_o" + std::to_string(port), *socket, o));
    router.set_rr_block(std::move(socket));
  }
}

std::string drr_params_text(const model::DrrParams& p) {
  return "V=" + std::to_string(p.vls) + ",QW=" + std::to_string(p.quantum_bits) +
         ",SW=" + std::to_string(p.size_bits);
}

// The DRR schedulers of every OPA or IB switch (router.output_scheduler=drr): one
// rtl/drr_arbiter.sv instance per output port, the set of the switch's DrrParams (V = the SLs
// rounded up to a power of two, QW = SW = 16: VlSwitchConfig::drr_params_for), its quanta
// (qos.drr_quantum) written into every instance.
void attach_drr_arbiters(Network& net, const RtlRequest& req, bool shadow) {
  const std::string opt = shadow ? "--rtl-shadow" : "--rtl";
  for (uint32_t r = 0; r < net.routers(); ++r) {
    RouterModel& router = net.router(r);
    RouterModel::DrrShape sh;
    std::string why;
    if (!router.drr_schedulers(sh, why)) throw ConfigError(opt + " drr_arbiter: " + why);
    const DrrArbiterSet* set = drr_set_of(sh.params);
    if (set == nullptr)
      throw ConfigError(opt + " drr_arbiter: router " + std::to_string(r) + " needs " +
                        drr_params_text(sh.params) + " (qos.sls=" + std::to_string(sh.sls) +
                        "), a parameter set that was not Verilated; available (rtl/catalog.h): " +
                        list_sets(drr_arbiter_sets(), [](const DrrArbiterSet& y) {
                          return "V=" + std::to_string(y.V) + ",QW=" + std::to_string(y.QW) +
                                 ",SW=" + std::to_string(y.SW);
                        }));
    const SocketOptions o =
        sched_options(r, shadow, req, "drr_arbiter", sh.ports, "DRR schedulers");
    const std::string name = "router_" + std::to_string(r) + "_drr_arbiter";
    auto socket = std::make_unique<DrrSocket>(name, o, sh.quanta);
    for (uint32_t port = 0; port < sh.ports; ++port)
      socket->add_lane(set->make(name + "_o" + std::to_string(port), *socket, o));
    router.set_drr_block(std::move(socket));
  }
}

// ib_vl_arbiter's sets (NETCOSIM_IB_VL_ARBITER_SET(name, V, N, WW, SW, LIMIT)) and
// sbt_scheduler's (NETCOSIM_SBT_SCHEDULER_SET(name, S, WW, W0, ..., W7): the weights past S at
// the RTL's default, 1) in the generated header.
struct IbVlArbiterSet {
  const char* name;
  unsigned V, N, WW, SW, LIMIT;
  std::unique_ptr<IbVlArbLane> (*make)(const std::string& name, IbVlArbSocket& s,
                                       const SocketOptions& o);
};

template <class Vtop, int V, int N, int WW, int SW, int LIMIT>
std::unique_ptr<IbVlArbLane> make_ib_vl_lane(const std::string& name, IbVlArbSocket& s,
                                             const SocketOptions& o) {
  return std::make_unique<IbVlArbLaneRtl<Vtop, V, N, WW, SW, LIMIT>>(name, s.rst(), o);
}

#define NETCOSIM_IB_VL_ARBITER_SET(X, V, N, WW, SW, LIMIT) \
  IbVlArbiterSet{                                          \
      #X, V, N, WW, SW, LIMIT, &make_ib_vl_lane<Vib_vl_arbiter_##X, V, N, WW, SW, LIMIT>},

const std::vector<IbVlArbiterSet>& ib_vl_arbiter_sets() {
  static const std::vector<IbVlArbiterSet> sets = {NETCOSIM_IB_VL_ARBITER_SETS};
  return sets;
}

struct SbtSchedulerSet {
  const char* name;
  unsigned S, WW;
  unsigned W[8];
  std::unique_ptr<SbtLane> (*make)(const std::string& name, SbtSocket& s, const SocketOptions& o,
                                   const unsigned* w);
};

template <class Vtop, int S, int WW>
std::unique_ptr<SbtLane> make_sbt_lane(const std::string& name, SbtSocket& s,
                                       const SocketOptions& o, const unsigned* w) {
  return std::make_unique<SbtLaneRtl<Vtop, S, WW>>(name, s.rst(), o,
                                                   std::vector<uint32_t>(w, w + S));
}

#define NETCOSIM_SBT_SCHEDULER_SET(X, S, WW, W0, W1, W2, W3, W4, W5, W6, W7) \
  SbtSchedulerSet{                                                           \
      #X, S, WW, {W0, W1, W2, W3, W4, W5, W6, W7}, &make_sbt_lane<Vsbt_scheduler_##X, S, WW>},

const std::vector<SbtSchedulerSet>& sbt_scheduler_sets() {
  static const std::vector<SbtSchedulerSet> sets = {NETCOSIM_SBT_SCHEDULER_SETS};
  return sets;
}

std::string ib_vl_params_text(unsigned V, unsigned N, unsigned WW, unsigned SW, unsigned limit) {
  return "V=" + std::to_string(V) + ",N=" + std::to_string(N) + ",WW=" + std::to_string(WW) +
         ",SW=" + std::to_string(SW) + ",LIMIT=" + std::to_string(limit);
}

std::string sbt_params_text(unsigned S, const unsigned* w) {
  std::string s = "S=" + std::to_string(S);
  for (unsigned k = 0; k < S; ++k) s += ",W" + std::to_string(k) + "=" + std::to_string(w[k]);
  return s;
}

// The parameters rtl/ib_vl_arbiter.sv needs for an IB switch's arbiters
// (model::IbVlArbBlock::scheduler_shape: V, N, WW = 8 for the IB weights, SW, LIMIT, as the
// router module lists them); "" or, when its parameters cannot express the configuration, the
// reason naming the key.
std::string ib_vl_needs(const RouterModel::IbVlArbShape& sh, model::IbVlArbBlock::Shape& need) {
  need = model::IbVlArbBlock::scheduler_shape(sh.vls, static_cast<unsigned>(sh.high.size()),
                                              static_cast<unsigned>(sh.low.size()), sh.max_units,
                                              sh.limit);
  if (sh.vls > model::IbVlArbiter::kMaxVls)
    return "the ports' " + std::to_string(sh.vls) +
           " VLs (qos.sl2vl) exceed the RTL's 16 lanes (allowed: at most 16 VLs)";
  for (int t = 0; t < 2; ++t)
    for (const auto& e : t == 0 ? sh.high : sh.low)
      if (e.weight != 0 && e.vl >= sh.vls)
        return std::string("qos.table: a ") + (t == 0 ? "high" : "low") + "-priority entry of VL " +
               std::to_string(e.vl) + " on ports of " + std::to_string(sh.vls) +
               " VLs (the RTL's VL field indexes the port's VLs; allowed: VLs 0 to " +
               std::to_string(sh.vls - 1) + ")";
  if (sh.limit > 255)
    return "qos.table: limit_of_high_priority " + std::to_string(sh.limit) + " (allowed: 0 to 255)";
  return "";
}

// The set of ib_vl_arbiter of shape `need`; nullptr: none.
const IbVlArbiterSet* ib_vl_set_of(const model::IbVlArbBlock::Shape& need) {
  for (const auto& x : ib_vl_arbiter_sets())
    if (x.V == need.V && x.N == need.N && x.WW == need.WW && x.SW == need.SW &&
        x.LIMIT == need.LIMIT)
      return &x;
  return nullptr;
}

// The IB VL arbiters of every IB switch (router.output_scheduler=ib_vlarb): one
// rtl/ib_vl_arbiter.sv instance per output port, the set ib_vl_needs names, the switch's tables
// written into every instance before the first decision.
void attach_ib_vl_arbiters(Network& net, const RtlRequest& req, bool shadow) {
  const std::string opt = shadow ? "--rtl-shadow" : "--rtl";
  for (uint32_t r = 0; r < net.routers(); ++r) {
    RouterModel& router = net.router(r);
    RouterModel::IbVlArbShape sh;
    std::string why;
    if (!router.ib_vlarb_schedulers(sh, why)) throw ConfigError(opt + " ib_vl_arbiter: " + why);
    model::IbVlArbBlock::Shape need;
    const std::string cannot = ib_vl_needs(sh, need);
    if (!cannot.empty()) throw ConfigError(opt + " ib_vl_arbiter: " + cannot);
    const IbVlArbiterSet* set = ib_vl_set_of(need);
    if (set == nullptr)
      throw ConfigError(
          opt + " ib_vl_arbiter: router " + std::to_string(r) + " needs " +
          ib_vl_params_text(need.V, need.N, need.WW, need.SW, need.LIMIT) + " (" +
          std::to_string(sh.vls) + " VLs, qos.table: " + std::to_string(sh.high.size()) +
          " high and " + std::to_string(sh.low.size()) + " low entries, limit_of_high_priority " +
          std::to_string(sh.limit) + "; heads of up to " + std::to_string(sh.max_units) +
          " 64-B units), a parameter set that was not Verilated; available "
          "(rtl/catalog.h): " +
          list_sets(ib_vl_arbiter_sets(), [](const IbVlArbiterSet& y) {
            return ib_vl_params_text(y.V, y.N, y.WW, y.SW, y.LIMIT);
          }));
    const SocketOptions o =
        sched_options(r, shadow, req, "ib_vl_arbiter", sh.ports, "IB VL arbiters");
    const std::string name = "router_" + std::to_string(r) + "_ib_vl_arbiter";
    auto socket = std::make_unique<IbVlArbSocket>(name, o, sh.high, sh.low, sh.vls);
    for (uint32_t port = 0; port < sh.ports; ++port)
      socket->add_lane(set->make(name + "_o" + std::to_string(port), *socket, o));
    router.set_ib_vlarb_block(std::move(socket));
  }
}

// The set of sbt_scheduler whose S and weights are the switch's; nullptr: none.
const SbtSchedulerSet* sbt_set_of(const RouterModel::SbtShape& sh) {
  for (const auto& x : sbt_scheduler_sets()) {
    bool same = x.S == sh.sls && sh.weights.size() == sh.sls;
    for (unsigned k = 0; same && k < x.S; ++k) same = x.W[k] == sh.weights[k];
    if (same) return &x;
  }
  return nullptr;
}

// "" or, when rtl/sbt_scheduler.sv's parameters cannot express the switches' SBT, the reason
// naming the key.
std::string sbt_cannot(const RouterModel::SbtShape& sh) {
  if (sh.sls < 2 || sh.sls > 8)
    return "qos.sls=" + std::to_string(sh.sls) +
           ": the RTL has 2 to 8 lanes, one per SL (its weights W0..W7; allowed: qos.sls 2 to 8)";
  return "";
}

void print_table_sched_tally(const char* block, const TableSchedTally& t) {
  std::fprintf(
      stderr, "%s: %llu decisions %s on %llu instances (%llu accepts%s), %llu difference%s\n",
      block, static_cast<unsigned long long>(t.decisions), t.shadow ? "compared" : "taken",
      static_cast<unsigned long long>(t.instances), static_cast<unsigned long long>(t.accepts),
      t.shadow ? ", the registers compared after each" : "",
      static_cast<unsigned long long>(t.differences), t.differences == 1 ? "" : "s");
}
void print_ib_vl_arbiter_tally() {
  print_table_sched_tally("ib_vl_arbiter", ib_vl_arbiter_tally());
}
void print_sbt_scheduler_tally() {
  print_table_sched_tally("sbt_scheduler", sbt_scheduler_tally());
}

// The SBT schedulers of every OPA or IB switch (router.output_scheduler=sbt): one
// rtl/sbt_scheduler.sv instance per output port, the set of S = qos.sls and W0..W(S-1) =
// qos.sbt_weights (the weights are the RTL's parameters).
void attach_sbt_schedulers(Network& net, const RtlRequest& req, bool shadow) {
  const std::string opt = shadow ? "--rtl-shadow" : "--rtl";
  for (uint32_t r = 0; r < net.routers(); ++r) {
    RouterModel& router = net.router(r);
    RouterModel::SbtShape sh;
    std::string why;
    if (!router.sbt_schedulers(sh, why)) throw ConfigError(opt + " sbt_scheduler: " + why);
    const std::string cannot = sbt_cannot(sh);
    if (!cannot.empty()) throw ConfigError(opt + " sbt_scheduler: " + cannot);
    const SbtSchedulerSet* set = sbt_set_of(sh);
    if (set == nullptr) {
      std::vector<unsigned> w(sh.weights.begin(), sh.weights.end());
      throw ConfigError(opt + " sbt_scheduler: router " + std::to_string(r) + " needs " +
                        sbt_params_text(sh.sls, w.data()) +
                        " (qos.sls, qos.sbt_weights: the weights are the RTL's parameters), a "
                        "parameter set that was not Verilated; available (rtl/catalog.h): " +
                        list_sets(sbt_scheduler_sets(), [](const SbtSchedulerSet& y) {
                          return sbt_params_text(y.S, y.W) + ",WW=" + std::to_string(y.WW);
                        }));
    }
    const SocketOptions o =
        sched_options(r, shadow, req, "sbt_scheduler", sh.ports, "SBT schedulers");
    const std::string name = "router_" + std::to_string(r) + "_sbt_scheduler";
    auto socket = std::make_unique<SbtSocket>(name, o, sh.sls);
    for (uint32_t port = 0; port < sh.ports; ++port)
      socket->add_lane(set->make(name + "_o" + std::to_string(port), *socket, o, set->W));
    router.set_sbt_block(std::move(socket));
  }
}

void attach_allocators(Network& net, const RtlRequest& req, bool shadow);

// The Verilated sep_alloc_if set of an allocator's shape; nullptr: none.
const SepAllocIfSet* sep_alloc_if_set_of(const RouterModel::SwitchAllocatorShape& s) {
  for (const auto& x : sep_alloc_if_sets())
    if (x.P == s.inputs && x.V == s.vcs && x.Q == s.outputs && x.I == s.iterations) return &x;
  return nullptr;
}

// shared_vl_credits's sets: NETCOSIM_SHARED_VL_CREDITS_SET(name, VLS, W, TOTAL, VL_MIN, VL_MAX)
// in the generated header.
struct SharedVlCreditsSet {
  const char* name;
  unsigned VLS, W, TOTAL, VL_MIN, VL_MAX;
  std::unique_ptr<SharedVlLane> (*make)(const std::string& name, SharedVlCreditsSocket& s,
                                        const SocketOptions& o);
};

template <class Vtop, int VLS, int W, int TOTAL, int VL_MIN, int VL_MAX>
std::unique_ptr<SharedVlLane> make_shared_vl_lane(const std::string& name, SharedVlCreditsSocket& s,
                                                  const SocketOptions& o) {
  return std::make_unique<SharedVlLaneRtl<Vtop, VLS, W, TOTAL, VL_MIN, VL_MAX>>(name, s.rst(), o);
}

#define NETCOSIM_SHARED_VL_CREDITS_SET(X, VLS, W, TOTAL, VL_MIN, VL_MAX) \
  SharedVlCreditsSet{#X,                                                 \
                     VLS,                                                \
                     W,                                                  \
                     TOTAL,                                              \
                     VL_MIN,                                             \
                     VL_MAX,                                             \
                     &make_shared_vl_lane<Vshared_vl_credits_##X, VLS, W, TOTAL, VL_MIN, VL_MAX>},

const std::vector<SharedVlCreditsSet>& shared_vl_credits_sets() {
  static const std::vector<SharedVlCreditsSet> sets = {NETCOSIM_SHARED_VL_CREDITS_SETS};
  return sets;
}

// The run's summary of the shared VL buffers' comparison, on stderr at exit.
void print_shared_vl_tally() {
  const SharedVlCreditsTally& t = shared_vl_credits_tally();
  std::fprintf(stderr,
               "shared_vl_credits: %llu switch cycles with updates compared (%llu updates on %llu "
               "instances), %llu differences\n",
               static_cast<unsigned long long>(t.cycles), static_cast<unsigned long long>(t.edges),
               static_cast<unsigned long long>(t.instances),
               static_cast<unsigned long long>(t.differences));
}

// The shared VL buffers of every OPA or IB switch (RouterModel::shared_vl_buffers): one
// rtl/shared_vl_credits.sv instance per buffer, the set of its VLs, flits, minimum and maximum
// (model::shared_vl_rtl_params, which `netcosim area` prices too). Both modes mirror the models
// (systemc/rtl/shared_vl_credits_socket.h). A fault's PORT is a port with credits: an output
// facing a switch (the give-back to its downstream input buffer's credits, "down<PORT>") or an
// injection port with a NIC (the give-back the NIC takes for input buffer PORT, "nic<PORT>").
void attach_shared_vl_credits(Network& net, const RtlRequest& req, bool shadow) {
  const std::string opt = shadow ? "--rtl-shadow" : "--rtl";
  const bool faulted = req.fault && req.fault_block == "shared_vl_credits";
  std::vector<RouterModel::SharedVlBufferShape> buffers;
  for (uint32_t r = 0; r < net.routers(); ++r) {
    RouterModel& router = net.router(r);
    std::string why;
    if (!router.shared_vl_buffers(buffers, why))
      throw ConfigError(opt + " shared_vl_credits: " + why);
    SocketOptions o = socket_options(r, shadow, req);
    if (faulted && req.fault_router == r) {
      bool has_port = req.fault_input < 0;
      std::string down, nic;
      for (const auto& b : buffers) {
        const bool is_down = b.name.rfind("down", 0) == 0;
        if (!is_down && b.name.rfind("nic", 0) != 0) continue;
        has_port |= static_cast<int>(b.index) == req.fault_input;
        std::string& list = is_down ? down : nic;
        list += (list.empty() ? "" : ", ") + std::to_string(b.index);
      }
      if (!has_port)
        throw ConfigError("--rtl-fault shared_vl_credits:" + std::to_string(r) + ":" +
                          std::to_string(req.fault_cycle) + ":" + std::to_string(req.fault_input) +
                          ": router " + std::to_string(r) +
                          " has downstream input buffers' credits on outputs " +
                          (down.empty() ? std::string("none") : down) +
                          " (the outputs facing a switch) and its input buffers' credits held by a "
                          "NIC on ports " +
                          (nic.empty() ? std::string("none") : nic) + " (the injection ports)");
      o.fault.armed = true;
      o.fault.cycle = req.fault_cycle;
      o.fault.input = req.fault_input;
    }
    uint32_t count = 0;
    for (const auto& b : buffers) count = std::max(count, b.index + 1);
    const std::string name = "router_" + std::to_string(r) + "_shared_vl_credits";
    auto socket = std::make_unique<SharedVlCreditsSocket>(name, o, count);
    for (const auto& b : buffers) {
      const model::SharedVlRtlParams x = model::shared_vl_rtl_params(b.buffer);
      const SharedVlCreditsSet* set = nullptr;
      for (const auto& y : shared_vl_credits_sets())
        if (y.VLS == x.vls && y.W == x.w && y.TOTAL == x.total && y.VL_MIN == x.vl_min &&
            y.VL_MAX == x.vl_max)
          set = &y;
      if (set == nullptr)
        throw ConfigError(
            opt + " shared_vl_credits: router " + std::to_string(r) + " buffer " + b.name +
            " needs " + x.text() +
            ", a parameter set that was not Verilated; available (rtl/catalog.h): " +
            list_sets(shared_vl_credits_sets(), [](const SharedVlCreditsSet& y) {
              return model::SharedVlRtlParams{y.VLS, y.W, y.TOTAL, y.VL_MIN, y.VL_MAX}.text();
            }));
      socket->add_lane(b.index, b.name, set->make(name + "_" + b.name, *socket, o));
    }
    router.set_shared_vl_edge(std::move(socket));
  }
  static bool registered = false;
  if (!registered) std::atexit(print_shared_vl_tally);
  registered = true;
}

// The OPA and IB switches (sim/router/ib/): the output schedulers' RTL, each under its
// router.output_scheduler (rr_arbiter: rr's SL arbiters, dtable_arbiter, drr_arbiter), and their
// switch allocators (sep_alloc_if: the IB switch's VA-SA, the OPA switch's MPort and central
// allocators); check_rtl_request has refused the other blocks when named, so here they come from
// `all`, which takes what the switches have and says so: the configured scheduler's block
// (rr_arbiter and drr_arbiter when rtl/catalog.h has their set), sep_alloc_if when it has a set of
// the shape of every allocator of every switch.
void attach_switch_sockets(Network& net, RtlRequest& req, const Config& cfg) {
  const std::string arch = cfg.get_str("router.architecture");
  const bool ib = arch == "ib";
  const std::string sched = cfg.get_str("router.output_scheduler");
  const char* sched_block = sched == "rr"         ? "rr_arbiter"
                            : sched == "dtable"   ? "dtable_arbiter"
                            : sched == "drr"      ? "drr_arbiter"
                            : sched == "sbt"      ? "sbt_scheduler"
                            : sched == "ib_vlarb" ? "ib_vl_arbiter"
                                                  : "";
  if (req.all) {
    std::string missing;  // the first allocator shape without a set
    std::vector<RouterModel::SwitchAllocatorShape> shapes;
    for (uint32_t r = 0; r < net.routers() && missing.empty(); ++r) {
      net.router(r).switch_allocators(shapes);
      for (const auto& s : shapes)
        if (missing.empty() && sep_alloc_if_set_of(s) == nullptr)
          missing = "P=" + std::to_string(s.inputs) + ",V=" + std::to_string(s.vcs) +
                    ",Q=" + std::to_string(s.outputs) + ",ITER=" + std::to_string(s.iterations) +
                    (s.name.empty() ? "" : " (allocator " + s.name + ")");
    }
    const bool alloc = missing.empty();
    // The scheduler's block, when it has RTL and (rr_arbiter, drr_arbiter) a set.
    std::string sched_missing;
    if (sched == "rr") {
      RouterModel::RrShape sh;
      std::string why;
      if (net.routers() > 0 && net.router(0).rr_schedulers(sh, why) && rr_set_of(sh.sls) == nullptr)
        sched_missing = "N=" + std::to_string(sh.sls);
    } else if (sched == "drr") {
      RouterModel::DrrShape sh;
      std::string why;
      if (net.routers() > 0 && net.router(0).drr_schedulers(sh, why) &&
          drr_set_of(sh.params) == nullptr)
        sched_missing = drr_params_text(sh.params);
    } else if (sched == "sbt") {
      RouterModel::SbtShape sh;
      std::string why;
      if (net.routers() > 0 && net.router(0).sbt_schedulers(sh, why) &&
          (!sbt_cannot(sh).empty() || sbt_set_of(sh) == nullptr)) {
        std::vector<unsigned> w(sh.weights.begin(), sh.weights.end());
        w.resize(std::max<size_t>(w.size(), sh.sls));
        sched_missing = sbt_params_text(sh.sls, w.data());
      }
    } else if (sched == "ib_vlarb") {
      RouterModel::IbVlArbShape sh;
      std::string why;
      if (net.routers() > 0 && net.router(0).ib_vlarb_schedulers(sh, why)) {
        model::IbVlArbBlock::Shape need;
        if (!ib_vl_needs(sh, need).empty() || ib_vl_set_of(need) == nullptr)
          sched_missing = ib_vl_params_text(need.V, need.N, need.WW, need.SW, need.LIMIT);
      }
    }
    const bool scheduler = *sched_block != '\0' && sched_missing.empty();
    const std::string opt = req.shadow.empty() ? "--rtl all" : "--rtl-shadow all";
    for (auto* list : {&req.rtl, &req.shadow})
      list->erase(std::remove_if(list->begin(), list->end(),
                                 [&](const std::string& b) {
                                   return !(scheduler && b == sched_block) &&
                                          !(b == "sep_alloc_if" && alloc);
                                 }),
                  list->end());
    if (!req.any())
      throw ConfigError(
          opt + ": router.architecture=" + arch +
          ": no block of the switches has RTL here: router.output_scheduler=" + sched +
          (*sched_block == '\0'
               ? std::string(" has none (rr_arbiter, dtable_arbiter, drr_arbiter, "
                             "sbt_scheduler and ib_vl_arbiter are rr's, dtable's, drr's, sbt's "
                             "and ib_vlarb's)")
               : " needs " + std::string(sched_block) + " " + sched_missing +
                     ", which rtl/catalog.h does not have") +
          ", and rtl/catalog.h has no sep_alloc_if set " + missing +
          " (available: " + available_sets() + ")");
    std::cerr << opt << ": router.architecture=" << arch << ": "
              << (scheduler ? std::string(sched_block) + " on every output port of every switch"
                            : std::string())
              << (scheduler && alloc ? " and " : "")
              << (alloc ? (ib ? "sep_alloc_if as every switch's VA-SA allocator"
                              : "sep_alloc_if as every switch's MPort and central allocators")
                        : "")
              << " (";
    if (!alloc) std::cerr << "sep_alloc_if left out: rtl/catalog.h has no set " << missing << "; ";
    if (!sched_missing.empty())
      std::cerr << sched_block << " left out: rtl/catalog.h has no set " << sched_missing << "; ";
    std::cerr << "the switches' block sockets; contention_counters, credit_counter, vc_selector, "
                 "lrs_arbiter and age_arbiter are the CIOQ router's)\n";
  }
  const auto socketed = [&](const char* b) { return has(req.rtl, b) || has(req.shadow, b); };
  // The default: dtable_arbiter, else sep_alloc_if, else the configured scheduler's block, the
  // first socketed; shared_vl_credits when it is the only block socketed.
  if (req.fault && req.fault_block.empty() && !socketed("dtable_arbiter") &&
      !socketed("sep_alloc_if") && !socketed(sched_block) && socketed("shared_vl_credits"))
    req.fault_block = "shared_vl_credits";
  if (req.fault && req.fault_block.empty())
    req.fault_block = socketed("dtable_arbiter")                         ? "dtable_arbiter"
                      : socketed("sep_alloc_if") || *sched_block == '\0' ? "sep_alloc_if"
                                                                         : sched_block;
  if (req.fault && req.fault_block != "dtable_arbiter" && req.fault_block != "sep_alloc_if" &&
      req.fault_block != "rr_arbiter" && req.fault_block != "drr_arbiter" &&
      req.fault_block != "sbt_scheduler" && req.fault_block != "ib_vl_arbiter" &&
      req.fault_block != "shared_vl_credits")
    throw ConfigError(
        "--rtl-fault " + req.fault_block + ": router.architecture=" + arch +
        ": the switches' block sockets are the output schedulers' (rr_arbiter, "
        "dtable_arbiter, drr_arbiter, sbt_scheduler, ib_vl_arbiter), sep_alloc_if's and "
        "shared_vl_credits' (--rtl-fault BLOCK:ROUTER:CYCLE[:PORT] or "
        "sep_alloc_if:ROUTER:CYCLE[:INPUT])");
  if (req.fault && !socketed(req.fault_block.c_str())) throw fault_block_not_socketed(req);
  if (!req.vcd_dir.empty()) Verilated::traceEverOn(true);  // before elaboration
  if (socketed("dtable_arbiter"))
    attach_dtable_arbiters(net, req, has(req.shadow, "dtable_arbiter"), cfg);
  if (socketed("rr_arbiter")) attach_rr_arbiters(net, req, has(req.shadow, "rr_arbiter"));
  if (socketed("drr_arbiter")) attach_drr_arbiters(net, req, has(req.shadow, "drr_arbiter"));
  if (socketed("sbt_scheduler")) {
    attach_sbt_schedulers(net, req, has(req.shadow, "sbt_scheduler"));
    static bool registered = false;
    if (!registered) std::atexit(print_sbt_scheduler_tally);
    registered = true;
  }
  if (socketed("ib_vl_arbiter")) {
    attach_ib_vl_arbiters(net, req, has(req.shadow, "ib_vl_arbiter"));
    static bool registered = false;
    if (!registered) std::atexit(print_ib_vl_arbiter_tally);
    registered = true;
  }
  if (socketed("sep_alloc_if")) attach_allocators(net, req, has(req.shadow, "sep_alloc_if"));
  if (socketed("shared_vl_credits"))
    attach_shared_vl_credits(net, req, has(req.shadow, "shared_vl_credits"));
}

// The switch allocators of every router (RouterModel::switch_allocators): the CIOQ router's and
// the IB switch's one, the OPA switch's per MPort and central (docs/model.md §11), each replaced
// by the socket of the sep_alloc_if set of its shape. A fault's INPUT counts the inputs of the
// router's allocators in their order (OPA: MPort m's inputs 4m to 4m + 3, its ports; then the
// central allocator's, its central buffers); without INPUT every allocator of the router is armed
// and the first to grant at or after the cycle takes the fault.
void attach_allocators(Network& net, const RtlRequest& req, bool shadow) {
  const std::string opt = shadow ? "--rtl-shadow" : "--rtl";
  const bool faulted = req.fault && req.fault_block == "sep_alloc_if";
  std::vector<RouterModel::SwitchAllocatorShape> shapes;
  for (uint32_t r = 0; r < net.routers(); ++r) {
    RouterModel& router = net.router(r);
    router.switch_allocators(shapes);
    if (shapes.empty())
      throw ConfigError(opt + ": router " + std::to_string(r) + " has no switch-allocator socket");
    uint32_t total_inputs = 0;
    for (const auto& s : shapes) total_inputs += s.inputs;
    if (faulted && req.fault_router == r && req.fault_input >= static_cast<int>(total_inputs)) {
      std::string list;
      uint32_t first = 0;
      for (const auto& s : shapes) {
        list += (list.empty() ? "" : ", ") + std::to_string(first) + " to " +
                std::to_string(first + s.inputs - 1) + " " + s.name;
        first += s.inputs;
      }
      throw ConfigError("--rtl-fault " + std::to_string(r) + ":" + std::to_string(req.fault_cycle) +
                        ":" + std::to_string(req.fault_input) + ": router " + std::to_string(r) +
                        " has inputs 0 to " + std::to_string(total_inputs - 1) +
                        (shapes.size() == 1 ? "" : " (" + list + ")"));
    }
    const auto shared = std::make_shared<bool>(false);
    uint32_t first = 0;
    for (uint32_t k = 0; k < shapes.size(); ++k) {
      const RouterModel::SwitchAllocatorShape& s = shapes[k];
      const std::string role = s.name.empty() ? "" : " " + s.name;
      if (!s.round_robin)
        throw ConfigError(opt + " sep_alloc_if: router " + std::to_string(r) + "'s allocator" +
                          role +
                          " is not round-robin at both stages, as rtl/sep_alloc_if.sv's arbiters "
                          "are");
      const SepAllocIfSet* set = sep_alloc_if_set_of(s);
      if (set == nullptr)
        throw ConfigError(opt + " sep_alloc_if: router " + std::to_string(r) +
                          (s.name.empty() ? "" : " allocator " + s.name) +
                          " needs P=" + std::to_string(s.inputs) + ",V=" + std::to_string(s.vcs) +
                          ",Q=" + std::to_string(s.outputs) +
                          ",ITER=" + std::to_string(s.iterations) +
                          ", a parameter set that was not Verilated; available (rtl/catalog.h): " +
                          available_sets());
      SocketOptions o = socket_options(r, shadow, req);
      o.role = s.name;
      if (faulted && req.fault_router == r &&
          (req.fault_input < 0 || (req.fault_input >= static_cast<int>(first) &&
                                   req.fault_input < static_cast<int>(first + s.inputs)))) {
        o.fault.armed = true;
        o.fault.cycle = req.fault_cycle;
        o.fault.input = req.fault_input < 0 ? -1 : req.fault_input - static_cast<int>(first);
        o.fault.shared = shared;
      }
      first += s.inputs;
      std::unique_ptr<model::AllocatorCore> socket = set->make(
          "router_" + std::to_string(r) + "_sep_alloc_if" + (s.name.empty() ? "" : "_" + s.name),
          o);
      router.replace_switch_allocator(k, socket);
    }
  }
}

struct LrsArbiterSet {
  const char* name;
  unsigned N;
  std::shared_ptr<ArbiterLane> (*make)(const std::string& name, const SocketOptions& o);
};

template <class Vtop, int N>
std::shared_ptr<ArbiterLane> make_lrs_lane(const std::string& name, const SocketOptions& o) {
  return std::make_shared<LrsArbiterLane<Vtop, N>>(name, o);
}

#define NETCOSIM_LRS_ARBITER_SET(S, N) LrsArbiterSet{#S, N, &make_lrs_lane<Vlrs_arbiter_##S, N>},

const std::vector<LrsArbiterSet>& lrs_arbiter_sets() {
  static const std::vector<LrsArbiterSet> sets = {NETCOSIM_LRS_ARBITER_SETS};
  return sets;
}

struct AgeArbiterSet {
  const char* name;
  unsigned N, W;
  std::shared_ptr<ArbiterLane> (*make)(const std::string& name, const SocketOptions& o);
};

template <class Vtop, int N, int W>
std::shared_ptr<ArbiterLane> make_age_lane(const std::string& name, const SocketOptions& o) {
  return std::make_shared<AgeArbiterLane<Vtop, N, W>>(name, o);
}

#define NETCOSIM_AGE_ARBITER_SET(S, N, W) \
  AgeArbiterSet{#S, N, W, &make_age_lane<Vage_arbiter_##S, N, W>},

const std::vector<AgeArbiterSet>& age_arbiter_sets() {
  static const std::vector<AgeArbiterSet> sets = {NETCOSIM_AGE_ARBITER_SETS};
  return sets;
}

bool lrs_policy(ArbPolicy p) {
  return p == ArbPolicy::Lrs || p == ArbPolicy::TransitLrs;
}

// The allocator arbiters of every router whose policy is a socketed block's (lrs_arbiter: lrs, and
// transit_lrs's LRS inside each class; age_arbiter: age): the router's allocator is replaced by
// make_socketed_allocator's (systemc/rtl/arbiter_socket.h), one instance per arbiter of the set
// of its N (the router's VCs at the input stage, its ports at the output stage; age_arbiter's
// W = 32, the width of the ages the router computes). check_rtl_request refuses a named block
// the configured arbitration does not use; `all` leaves it out (attach_rtl_sockets).
void attach_arbiters(Network& net, const RtlRequest& req, const Config& cfg, bool lrs, bool age) {
  const ArbPolicy in = parse_arb_policy(cfg.get_str("router.input_arbitration"));
  const ArbPolicy out = parse_arb_policy(cfg.get_str("router.output_arbitration"));
  const auto stage_name = [](int stage) { return stage == 0 ? "input" : "output"; };
  const auto arbiter_options = [&](uint32_t r, const char* block, int fault_stage,
                                   unsigned arbiters) {
    SocketOptions o = socket_options(r, has(req.shadow, block), req);
    if (req.fault && req.fault_block == block && req.fault_router == r) {
      if (req.fault_input >= static_cast<int>(arbiters))
        throw ConfigError("--rtl-fault " + std::string(block) + ":" + std::to_string(r) + ":" +
                          std::to_string(req.fault_cycle) + ":" + std::to_string(req.fault_input) +
                          ": router " + std::to_string(r) + " has " + stage_name(fault_stage) +
                          " arbiters 0 to " + std::to_string(arbiters - 1) + " (" + block +
                          " faults the " + stage_name(fault_stage) + " stage here)");
      o.fault.armed = true;
      o.fault.cycle = req.fault_cycle;
      o.fault.input = req.fault_input;
    }
    return o;
  };
  for (uint32_t r = 0; r < net.routers(); ++r) {
    RouterModel& router = net.router(r);
    RouterModel::SwitchAllocatorShape s;
    if (!router.switch_allocator(s))
      throw ConfigError(std::string(has(req.rtl, lrs ? "lrs_arbiter" : "age_arbiter")
                                        ? "--rtl"
                                        : "--rtl-shadow") +
                        ": router " + std::to_string(r) + " has no switch-allocator socket");
    const std::string prefix = "router_" + std::to_string(r) + "_";
    ArbiterBlock lb, ab;
    if (lrs) {
      const int stage = lrs_policy(out) ? 1 : 0;
      const SocketOptions o = arbiter_options(r, "lrs_arbiter", stage, s.inputs);
      const std::string opt = has(req.shadow, "lrs_arbiter") ? "--rtl-shadow" : "--rtl";
      lb.socket = std::make_shared<ArbiterSocket>("lrs_arbiter", o, stage);
      lb.lane = [=, &stage_name](int st, unsigned index, unsigned n) {
        for (const auto& x : lrs_arbiter_sets())
          if (x.N == n)
            return x.make(prefix + "lrs_arbiter_" + (st == 0 ? "i" : "o") + std::to_string(index),
                          o);
        throw ConfigError(opt + " lrs_arbiter: router " + std::to_string(r) + "'s " +
                          stage_name(st) + " arbiters need N=" + std::to_string(n) +
                          (st == 0 ? " (its VCs)" : " (its ports)") +
                          ", a parameter set that was not Verilated; available (rtl/catalog.h): " +
                          list_sets(lrs_arbiter_sets(), [](const LrsArbiterSet& y) {
                            return "N=" + std::to_string(y.N);
                          }));
      };
    }
    if (age) {
      const int stage = out == ArbPolicy::Age ? 1 : 0;
      const SocketOptions o = arbiter_options(r, "age_arbiter", stage, s.inputs);
      const std::string opt = has(req.shadow, "age_arbiter") ? "--rtl-shadow" : "--rtl";
      ab.socket = std::make_shared<ArbiterSocket>("age_arbiter", o, stage);
      ab.lane = [=, &stage_name](int st, unsigned index, unsigned n) {
        const unsigned W = model::AgeArbiter::kMaxAgeBits;
        for (const auto& x : age_arbiter_sets())
          if (x.N == n && x.W == W)
            return x.make(prefix + "age_arbiter_" + (st == 0 ? "i" : "o") + std::to_string(index),
                          o);
        throw ConfigError(opt + " age_arbiter: router " + std::to_string(r) + "'s " +
                          stage_name(st) + " arbiters need N=" + std::to_string(n) +
                          (st == 0 ? " (its VCs)" : " (its ports)") + ",W=" + std::to_string(W) +
                          " (the router's ages), a parameter set that was not Verilated; "
                          "available (rtl/catalog.h): " +
                          list_sets(age_arbiter_sets(), [](const AgeArbiterSet& y) {
                            return "N=" + std::to_string(y.N) + ",W=" + std::to_string(y.W);
                          }));
      };
    }
    uint64_t transit = 0;  // the ports that are not injection ports (CioqRouter's rule)
    for (uint32_t i = 0; i < s.inputs; ++i)
      if (router.port_class(i) != kInjectionClass) transit |= uint64_t{1} << i;
    std::unique_ptr<model::AllocatorCore> alloc =
        make_socketed_allocator(in, out, s, transit, lb, ab);
    router.replace_allocator(alloc);
  }
}

}  // namespace

bool rtl_sockets_linked() {
  return true;
}

void attach_rtl_sockets(Network& net, const RtlRequest& req_in, const Config& cfg) {
  RtlRequest req = req_in;
  // The allocator arbiters' blocks the configured arbitration uses (check_rtl_request refuses a
  // named one it does not use; `all` leaves it out, and sep_alloc_if, whose RTL is round-robin,
  // out of a network with another policy).
  const std::string in = cfg.get_str("router.input_arbitration");
  const std::string out = cfg.get_str("router.output_arbitration");
  const bool lrs_used = in == "lrs" || in == "transit_lrs" || out == "lrs" || out == "transit_lrs";
  const bool age_used = in == "age" || out == "age";
  const bool rr_pair = in == "rr" && out == "rr";
  if (req.fault && req.fault_router >= net.routers())
    throw ConfigError("--rtl-fault " + std::to_string(req.fault_router) + ":...: router " +
                      std::to_string(req.fault_router) + " does not exist (routers 0 to " +
                      std::to_string(net.routers() - 1) + ")");
  // The switches' sockets (what `all` takes, the fault's default block) are their own.
  if (cfg.get_str("router.architecture") != "cioq") return attach_switch_sockets(net, req, cfg);
  if (req.all && req.fault && !req.fault_block.empty() &&
      ((req.fault_block == "sep_alloc_if" && !rr_pair) ||
       (req.fault_block == "lrs_arbiter" && !lrs_used) ||
       (req.fault_block == "age_arbiter" && !age_used)))
    throw ConfigError("--rtl-fault " + req.fault_block + ": `all` leaves " + req.fault_block +
                      " out of this network (router.input_arbitration=" + in +
                      ", router.output_arbitration=" + out + "; sep_alloc_if needs rr and rr, " +
                      "lrs_arbiter lrs or transit_lrs, age_arbiter age)");
  if (req.all)
    for (auto* list : {&req.rtl, &req.shadow})
      list->erase(std::remove_if(list->begin(), list->end(),
                                 [&](const std::string& b) {
                                   // The output schedulers' blocks are the switches'.
                                   return (b == "sep_alloc_if" && !rr_pair) ||
                                          (b == "lrs_arbiter" && !lrs_used) ||
                                          (b == "age_arbiter" && !age_used) ||
                                          b == "dtable_arbiter" || b == "rr_arbiter" ||
                                          b == "drr_arbiter" || b == "sbt_scheduler" ||
                                          b == "ib_vl_arbiter" || b == "shared_vl_credits";
                                 }),
                  list->end());
  const auto socketed = [&](const char* b) { return has(req.rtl, b) || has(req.shadow, b); };
  // The default: sep_alloc_if, else credit_counter, vc_selector, lrs_arbiter, age_arbiter, the
  // first socketed.
  if (req.fault && req.fault_block.empty())
    req.fault_block = socketed("sep_alloc_if")     ? "sep_alloc_if"
                      : socketed("credit_counter") ? "credit_counter"
                      : socketed("vc_selector")    ? "vc_selector"
                      : socketed("lrs_arbiter")    ? "lrs_arbiter"
                      : socketed("age_arbiter")    ? "age_arbiter"
                                                   : "sep_alloc_if";
  if (req.fault && !socketed(req.fault_block.c_str())) throw fault_block_not_socketed(req);
  // The allocator blocks are the RTL's allocator: one round-robin pointer per transit_rr arbiter,
  // input arbiters moved on a grant. FOGSim's readings (docs/model.md "Arbiters") have no RTL.
  const std::string tp = cfg.get_str("router.transit_rr_pointer");
  const std::string iu = cfg.get_str("router.input_arbiter_update");
  if (tp != "shared" || iu != "grant")
    for (const char* b : {"sep_alloc_if", "lrs_arbiter", "age_arbiter"})
      if (socketed(b))
        throw ConfigError(std::string("--rtl/--rtl-shadow ") + b +
                          ": the allocator's RTL has no router.transit_rr_pointer=" + tp +
                          " / router.input_arbiter_update=" + iu +
                          " (allowed with it: shared and grant)");
  if (!req.vcd_dir.empty()) Verilated::traceEverOn(true);  // before elaboration
  if (socketed("sep_alloc_if")) attach_allocators(net, req, has(req.shadow, "sep_alloc_if"));
  if (socketed("contention_counters"))
    attach_contention_counters(net, req, has(req.shadow, "contention_counters"));
  if (socketed("credit_counter"))
    attach_credit_counters(net, req, has(req.shadow, "credit_counter"));
  if (socketed("vc_selector")) attach_vc_selectors(net, req, has(req.shadow, "vc_selector"), cfg);
  if (socketed("lrs_arbiter") || socketed("age_arbiter"))
    attach_arbiters(net, req, cfg, socketed("lrs_arbiter"), socketed("age_arbiter"));
}

}  // namespace netcosim::sc
