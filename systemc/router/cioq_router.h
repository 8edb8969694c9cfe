// One netcosim CIOQ router as a module of a user's SystemC/TLM-2.0 design (docs/systemc.md, "The
// router module"): the router of sim/router/cioq/ (the same C++ object the network simulator
// runs, no second model) with its terminal ports as TLM sockets. It is the network of one switch
// (the k-ary 1-tree: topology.type=fattree, topology.n=1, topology.k = the ports; routing updown)
// behind the TLM interface of tlm/tlm_network.h: port p's `in` takes packets (PacketExtension,
// destination = an output port), its `out` delivers the packets that leave on port p with their
// tail's time annotated. The router's keys (router.*, packet.size, sim.*) are the configuration's.
#pragma once

#include <cstdint>
#include <memory>

#include <systemc>

#include "sim/blocks/separable_allocator.h"
#include "sim/config/config.h"
#include "systemc/tlm/tlm_network.h"

namespace netcosim::sc {

class CioqRouterModule : public sc_core::sc_module {
 public:
  // `cfg`: the router's keys; its topology and routing keys are replaced (one_router_config).
  // Strict mode (quantum 1) unless `opt` says otherwise.
  CioqRouterModule(const sc_core::sc_module_name& name, uint32_t ports, const Config& cfg,
                   const ScEngineOptions& opt = strict());

  uint32_t ports() const { return net_->nodes(); }
  // Port p's sockets: `in` injects at p, `out` delivers what leaves on p.
  TlmNode& port(uint32_t p) { return net_->node(p); }
  // The C++ router inside.
  RouterModel& model() { return net_->network().router(0); }
  // The allocator socket: replaces the router's switch allocator block (the C++ model,
  // sim/blocks/separable_allocator.h) with `alloc`, e.g. the Verilated RTL (rtl_allocator.h);
  // before sc_start. std::invalid_argument when its inputs, VCs or outputs are not the router's.
  void set_allocator(std::unique_ptr<model::AllocatorCore> alloc) {
    model().replace_allocator(alloc);
  }
  TlmNetwork& network() { return *net_; }
  // After sc_start: the run's results (TlmNetwork::results).
  RunResults results() { return net_->results(); }

  // `cfg` with the one-switch topology of `ports` terminal ports and its routing.
  static Config one_router_config(Config cfg, uint32_t ports);
  static ScEngineOptions strict() {
    ScEngineOptions o;
    o.quantum = 1;
    return o;
  }

 private:
  std::unique_ptr<TlmNetwork> net_;
};

}  // namespace netcosim::sc
