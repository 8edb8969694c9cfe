// The block sockets' attachment in `netcosim-rtl` (systemc/rtl/CMakeLists.txt): every parameter
// set of rtl/catalog.h's sep_alloc_if Verilated once, listed by the header CMake generates from
// the catalog (Vsep_alloc_if_catalog.h: one NETCOSIM_SEP_ALLOC_IF_SET(name, P, V, Q, ITER) per
// set, with the include of its Verilated model), so the compiled sets are the catalog's.
#include <verilated.h>

#include <memory>
#include <string>
#include <vector>

#include "Vsep_alloc_if_catalog.h"
#include "rtl/catalog.h"
#include "sim/config/config.h"
#include "systemc/rtl/rtl_sockets.h"
#include "systemc/rtl/sep_alloc_if_socket.h"

namespace netcosim::sc {

namespace {

struct SepAllocIfSet {
  const char* name;
  unsigned P, V, Q, I;
  std::unique_ptr<model::AllocatorCore> (*make)(const std::string& name, const SocketOptions& o);
};

#define NETCOSIM_SEP_ALLOC_IF_SET(N, P, V, Q, I)                                                 \
  SepAllocIfSet{#N,                                                                              \
                P,                                                                               \
                V,                                                                               \
                Q,                                                                               \
                I,                                                                               \
                [](const std::string& name,                                                      \
                   const SocketOptions& o) -> std::unique_ptr<model::AllocatorCore> {            \
                  return std::make_unique<SepAllocIfSocket<Vsep_alloc_if_##N, P, V, Q, I>>(name, \
                                                                                           o);   \
                }},

const std::vector<SepAllocIfSet>& sep_alloc_if_sets() {
  static const std::vector<SepAllocIfSet> sets = {NETCOSIM_SEP_ALLOC_IF_SETS};
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

}  // namespace

bool rtl_sockets_linked() {
  return true;
}

void attach_rtl_sockets(Network& net, const RtlRequest& req) {
  auto in = [](const std::vector<std::string>& v, const char* b) {
    for (const auto& x : v)
      if (x == b) return true;
    return false;
  };
  const bool rtl = in(req.rtl, "sep_alloc_if"), shadow = in(req.shadow, "sep_alloc_if");
  if (req.fault && req.fault_router >= net.routers())
    throw ConfigError("--rtl-fault " + std::to_string(req.fault_router) + ":...: router " +
                      std::to_string(req.fault_router) + " does not exist (routers 0 to " +
                      std::to_string(net.routers() - 1) + ")");
  if (!rtl && !shadow) return;
  if (!req.vcd_dir.empty()) Verilated::traceEverOn(true);  // before elaboration
  for (uint32_t r = 0; r < net.routers(); ++r) {
    RouterModel& router = net.router(r);
    RouterModel::SwitchAllocatorShape s;
    if (!router.switch_allocator(s))
      throw ConfigError("--rtl: router " + std::to_string(r) + " has no switch-allocator socket");
    const SepAllocIfSet* set = nullptr;
    for (const auto& x : sep_alloc_if_sets())
      if (x.P == s.inputs && x.V == s.vcs && x.Q == s.outputs && x.I == s.iterations) set = &x;
    if (set == nullptr)
      throw ConfigError(std::string(rtl ? "--rtl" : "--rtl-shadow") + " sep_alloc_if: router " +
                        std::to_string(r) + " needs P=" + std::to_string(s.inputs) +
                        ",V=" + std::to_string(s.vcs) + ",Q=" + std::to_string(s.outputs) +
                        ",ITER=" + std::to_string(s.iterations) +
                        ", a parameter set that was not Verilated; available (rtl/catalog.h): " +
                        available_sets());
    SocketOptions o;
    o.router = r;
    o.mode = shadow ? SocketMode::Shadow : SocketMode::Rtl;
    o.vcd_dir = req.vcd_dir;
    if (req.fault && req.fault_router == r) {
      o.fault.armed = true;
      o.fault.cycle = req.fault_cycle;
      o.fault.input = req.fault_input;
    }
    router.replace_switch_allocator(set->make("router_" + std::to_string(r) + "_sep_alloc_if", o));
  }
}

}  // namespace netcosim::sc
