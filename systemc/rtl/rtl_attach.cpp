// The block sockets' attachment in `netcosim-rtl` (systemc/rtl/CMakeLists.txt): every parameter
// set of rtl/catalog.h's sep_alloc_if and contention_counters Verilated once, listed by the header
// CMake generates from the catalog (Vsep_alloc_if_catalog.h: one
// NETCOSIM_SEP_ALLOC_IF_SET(name, P, V, Q, ITER) or NETCOSIM_CONTENTION_COUNTERS_SET(name, Q, W, N)
// per set, with the include of its Verilated model), so the compiled sets are the catalog's.
#include <verilated.h>

#include <memory>
#include <string>
#include <vector>

#include "Vsep_alloc_if_catalog.h"
#include "rtl/catalog.h"
#include "sim/config/config.h"
#include "systemc/rtl/contention_counters_socket.h"
#include "systemc/rtl/rtl_sockets.h"
#include "systemc/rtl/sep_alloc_if_socket.h"

namespace netcosim::sc {

namespace {

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

std::string available_sets() {
  std::string s;
  for (const auto& x : sep_alloc_if_sets())
    s += (s.empty() ? "" : ", ") + std::string(x.name) + " (P=" + std::to_string(x.P) +
         ",V=" + std::to_string(x.V) + ",Q=" + std::to_string(x.Q) +
         ",ITER=" + std::to_string(x.I) + ")";
  return s;
}

std::string available_contention_sets() {
  std::string s;
  for (const auto& x : contention_counters_sets())
    s += (s.empty() ? "" : ", ") + std::string(x.name) + " (Q=" + std::to_string(x.Q) +
         ",W=" + std::to_string(x.W) + ",N=" + std::to_string(x.N) + ")";
  return s;
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
    SocketOptions o;
    o.router = r;
    o.mode = shadow ? SocketMode::Shadow : SocketMode::Rtl;
    o.vcd_dir = req.vcd_dir;
    router.set_contention_edge(set->make("router_" + std::to_string(r) + "_contention_counters", o,
                                         static_cast<uint32_t>(threshold)));
  }
}

void attach_allocators(Network& net, const RtlRequest& req, bool shadow) {
  const std::string opt = shadow ? "--rtl-shadow" : "--rtl";
  for (uint32_t r = 0; r < net.routers(); ++r) {
    RouterModel& router = net.router(r);
    RouterModel::SwitchAllocatorShape s;
    if (!router.switch_allocator(s))
      throw ConfigError(opt + ": router " + std::to_string(r) + " has no switch-allocator socket");
    const SepAllocIfSet* set = nullptr;
    for (const auto& x : sep_alloc_if_sets())
      if (x.P == s.inputs && x.V == s.vcs && x.Q == s.outputs && x.I == s.iterations) set = &x;
    if (set == nullptr)
      throw ConfigError(opt + " sep_alloc_if: router " + std::to_string(r) +
                        " needs P=" + std::to_string(s.inputs) + ",V=" + std::to_string(s.vcs) +
                        ",Q=" + std::to_string(s.outputs) +
                        ",ITER=" + std::to_string(s.iterations) +
                        ", a parameter set that was not Verilated; available (rtl/catalog.h): " +
                        available_sets());
    SocketOptions o;
    o.router = r;
    o.mode = shadow ? SocketMode::Shadow : SocketMode::Rtl;
    o.vcd_dir = req.vcd_dir;
    if (req.fault && req.fault_router == r) {
      if (req.fault_input >= static_cast<int>(s.inputs))
        throw ConfigError("--rtl-fault " + std::to_string(r) + ":" +
                          std::to_string(req.fault_cycle) + ":" + std::to_string(req.fault_input) +
                          ": router " + std::to_string(r) + " has inputs 0 to " +
                          std::to_string(s.inputs - 1));
      o.fault.armed = true;
      o.fault.cycle = req.fault_cycle;
      o.fault.input = req.fault_input;
    }
    std::unique_ptr<model::AllocatorCore> socket =
        set->make("router_" + std::to_string(r) + "_sep_alloc_if", o);
    router.replace_allocator(socket);
  }
}

}  // namespace

bool rtl_sockets_linked() {
  return true;
}

void attach_rtl_sockets(Network& net, const RtlRequest& req) {
  if (req.fault && req.fault_router >= net.routers())
    throw ConfigError("--rtl-fault " + std::to_string(req.fault_router) + ":...: router " +
                      std::to_string(req.fault_router) + " does not exist (routers 0 to " +
                      std::to_string(net.routers() - 1) + ")");
  if (req.fault && !has(req.rtl, "sep_alloc_if") && !has(req.shadow, "sep_alloc_if"))
    throw ConfigError(
        "--rtl-fault: faults the RTL of sep_alloc_if, which is not in --rtl or "
        "--rtl-shadow");
  if (!req.vcd_dir.empty()) Verilated::traceEverOn(true);  // before elaboration
  if (has(req.rtl, "sep_alloc_if") || has(req.shadow, "sep_alloc_if"))
    attach_allocators(net, req, has(req.shadow, "sep_alloc_if"));
  if (has(req.rtl, "contention_counters") || has(req.shadow, "contention_counters"))
    attach_contention_counters(net, req, has(req.shadow, "contention_counters"));
}

}  // namespace netcosim::sc
