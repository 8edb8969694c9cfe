// One netcosim router as a module of a user's SystemC/TLM-2.0 design (docs/systemc.md, "The
// router module"): the router of any architecture of the registry (sim/router/architecture.h:
// the CIOQ router of sim/router/cioq/, the InfiniBand and Omni-Path switches of sim/router/ib/;
// the same C++ object the network simulator runs, no second model) with its ports as TLM
// sockets. On the switches built on service levels a packet's size is its SL's MTU
// (TlmNetwork::packet_phits(cls)). Two forms:
//  - the network of one switch (the k-ary 1-tree: topology.type=fattree, topology.n=1,
//    topology.k = the ports; routing updown) behind the TLM interface of tlm/tlm_network.h: port
//    p's `in` takes packets (PacketExtension, destination = an output port), its `out` delivers
//    the packets that leave on port p with their tail's time annotated;
//  - router `r` of the network a configuration describes (docs/systemc.md, "Router-facing
//    ports"): its terminal ports face nodes as above (destination = a node of the network), each
//    port the topology links to another router faces that router (router_port.h: packets and
//    credits over TLM with the link's latencies), so that router modules wired as the topology
//    says run that network exactly as the native engine does.
// The router's keys (router.*, packet.size, sim.*) are the configuration's.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "sim/blocks/drr_arbiter.h"
#include "sim/blocks/dtable_arbiter.h"
#include "sim/blocks/ib_vl_arbiter_block.h"
#include "sim/blocks/rr_arbiter.h"
#include "sim/blocks/sbt_scheduler.h"
#include "sim/blocks/separable_allocator.h"
#include "sim/config/config.h"
#include "systemc/router/router_port.h"
#include "systemc/tlm/tlm_network.h"

namespace netcosim::sc {

class RouterModule : public sc_core::sc_module, private ScActivationHook {
 public:
  // `cfg`: the router's keys; its topology and routing keys are replaced (one_router_config).
  // Strict mode (quantum 1) unless `opt` says otherwise.
  RouterModule(const sc_core::sc_module_name& name, uint32_t ports, const Config& cfg,
               const ScEngineOptions& opt = strict());
  // Router `router` of the network `cfg` describes (check_network_config). `opt`: strict mode
  // (quantum 1) or a quantum up to the shortest link latency (0: that latency); the same in
  // every router module of the design.
  RouterModule(const sc_core::sc_module_name& name, const Config& cfg, uint32_t router,
               const ScEngineOptions& opt = strict());
  ~RouterModule() override;

  // What port p faces: a node (port(p)), a router (link(p)), or nothing (a mesh's edge, a fat
  // tree's top-level up ports).
  enum class Facing { Node, Router, None };
  uint32_t ports() const { return static_cast<uint32_t>(facing_.size()); }
  Facing facing(uint32_t p) const { return facing_.at(p); }
  // Port p's node sockets: `in` injects at the node on p, `out` delivers what leaves on p.
  // std::invalid_argument when p faces no node.
  TlmNode& port(uint32_t p);
  // Port p's router-facing sockets; std::invalid_argument when p faces no router.
  RouterPort& link(uint32_t p);
  // The router's index in the network.
  uint32_t router() const { return router_; }
  // The C++ router inside (RouterModel: a CioqRouter or a VlSwitch).
  RouterModel& model() { return net_->network().router(router_); }
  // The allocator sockets: the router's switch allocators (RouterModel::switch_allocators, in
  // their evaluation order within a cycle), each with its role and shape: the CIOQ router's and
  // the IB switch's one, unnamed (""); the OPA switch's "mport0".."mport<M-1>" and "central"
  // (docs/model.md §11). set_allocator replaces one (by its index in allocators() or its name)
  // with `alloc`, e.g. the Verilated RTL of any parameter set (systemc/rtl/sep_alloc_if_socket.h's
  // SepAllocIfSocket, which waits delta cycles: build the module with
  // ScEngineOptions::router_threads); before sc_start. std::invalid_argument naming the router,
  // the allocator and both shapes when `alloc`'s inputs, VCs or outputs are not the allocator's,
  // and naming the router and its allocators when it has no allocator of that name or index.
  std::vector<RouterModel::SwitchAllocatorShape> allocators() {
    std::vector<RouterModel::SwitchAllocatorShape> shapes;
    model().switch_allocators(shapes);
    return shapes;
  }
  void set_allocator(uint32_t index, std::unique_ptr<model::AllocatorCore> alloc);
  void set_allocator(const std::string& name, std::unique_ptr<model::AllocatorCore> alloc);
  // The router's only allocator (the CIOQ router, the IB switch); std::invalid_argument naming
  // the allocators when it has several (the OPA switch) or none.
  void set_allocator(std::unique_ptr<model::AllocatorCore> alloc);
  // The DTable scheduler sockets: the DTable output scheduler of each output port of an OPA or
  // IB switch with router.output_scheduler=dtable (RouterModel::dtable_schedulers; thesis 003
  // Sec. 5.4), output by output, each with its shape in rtl/dtable_arbiter.sv's parameters
  // (model::DTableBlock::scheduler_shape: ports 1, S, N, WW, AW, SW), the switch's table and
  // arbiters' parameters (to build a block with: systemc/rtl/dtable_arbiter_socket.h's
  // DTableSocket, one lane per output it decides for); empty when the router has none.
  struct DTableScheduler {
    uint32_t output = 0;
    model::DTableBlock::Shape shape;
    const model::DTableTable* table = nullptr;  // the switch's, shared by its outputs
    model::DTableParams params;
  };
  std::vector<DTableScheduler> dtable_schedulers();
  // set_dtable replaces every scheduler with `block` (its ports the router's outputs, output o
  // its port o), or the one of output `output` (its port 0 decides for that output; the others
  // keep theirs); e.g. DTableSocket's Verilated lanes driving or in shadow (it waits delta
  // cycles: build the module with ScEngineOptions::router_threads); before sc_start.
  // std::invalid_argument naming the module, the router, the scheduler and both shapes when the
  // block's shape (model::DTableBlock::shape) is not the scheduler's or states none, and naming
  // the reason when the router has no DTable scheduler or no such output. The module's DTable
  // block stands in the router's DTable socket (RouterModel::set_dtable_block) from the first
  // call on; an output not replaced keeps the C++ arbiter's decision.
  void set_dtable(std::unique_ptr<model::DTableBlock> block);
  void set_dtable(uint32_t output, std::unique_ptr<model::DTableBlock> block);
  // The round-robin SL arbiter sockets, as the DTable's: the SL arbiter of each output port of an
  // OPA or IB switch with router.output_scheduler=rr (RouterModel::rr_schedulers;
  // RrSlScheduler, thesis 003 Sec. 4.3.1), output by output, each with its shape in
  // rtl/rr_arbiter.sv's parameters (model::RrBlock::Shape: ports 1, N = the switch's SLs; to
  // build a block with: systemc/rtl/sched_arbiter_socket.h's RrSocket); empty when the router has
  // none. set_rr replaces every arbiter or the one of `output`, with set_dtable's checks and
  // refusals (N and the outputs); the round robin among an SL's VLs stays the switch's.
  struct RrScheduler {
    uint32_t output = 0;
    model::RrBlock::Shape shape;
  };
  std::vector<RrScheduler> rr_schedulers();
  void set_rr(std::unique_ptr<model::RrBlock> block);
  void set_rr(uint32_t output, std::unique_ptr<model::RrBlock> block);
  // The DRR scheduler sockets, as the DTable's: the DRR scheduler of each output port of a switch
  // with router.output_scheduler=drr (RouterModel::drr_schedulers; DrrSlBlock), each with its
  // shape in rtl/drr_arbiter.sv's parameters (model::DrrBlock::Shape: ports 1, V, QW, SW), the
  // switch's DRR parameters and quanta per SL (to build a block with: sched_arbiter_socket.h's
  // DrrSocket); empty when the router has none. set_drr: set_dtable's checks (V, QW, SW and the
  // outputs).
  struct DrrScheduler {
    uint32_t output = 0;
    model::DrrBlock::Shape shape;
    model::DrrParams params;
    std::vector<uint32_t> quanta;  // per SL, credits (qos.drr_quantum)
  };
  std::vector<DrrScheduler> drr_schedulers();
  void set_drr(std::unique_ptr<model::DrrBlock> block);
  void set_drr(uint32_t output, std::unique_ptr<model::DrrBlock> block);
  // The SBT scheduler sockets, as the DTable's: the SBT scheduler of each output port of an OPA or
  // IB switch with router.output_scheduler=sbt (RouterModel::sbt_schedulers; SbtSlBlock, thesis
  // 003 Sec. 4.3.2, Algorithm 2), each with its shape in rtl/sbt_scheduler.sv's parameters
  // (model::SbtBlock::Shape: ports 1, S = the switch's SLs, W0..W(S-1) = qos.sbt_weights; to
  // build a block with: systemc/rtl/table_sched_socket.h's SbtSocket); empty when the router has
  // none. set_sbt: set_dtable's checks (S, the weights and the outputs); the round robin among an
  // SL's VLs stays the switch's.
  struct SbtScheduler {
    uint32_t output = 0;
    model::SbtBlock::Shape shape;
  };
  std::vector<SbtScheduler> sbt_schedulers();
  void set_sbt(std::unique_ptr<model::SbtBlock> block);
  void set_sbt(uint32_t output, std::unique_ptr<model::SbtBlock> block);
  // The IB VL arbiter sockets, as the DTable's: the two-table VL arbiter of each output port of
  // a switch with router.output_scheduler=ib_vlarb (RouterModel::ib_vlarb_schedulers;
  // IbVlArbScheduler, thesis 003 Sec. 5.3.1, 6.2), each with its shape in rtl/ib_vl_arbiter.sv's
  // parameters (model::IbVlArbBlock::scheduler_shape: ports 1, V, N, WW, SW, LIMIT), the ports'
  // VLs and the switch's tables (to build a block with: table_sched_socket.h's IbVlArbSocket);
  // empty when the router has none. set_ib_vlarb: set_dtable's checks (V, N, WW, SW, LIMIT and the
  // outputs).
  struct IbVlArbScheduler {
    uint32_t output = 0;
    model::IbVlArbBlock::Shape shape;
    uint32_t vls = 0;  // the port's VLs
    std::vector<model::IbVlArbEntry> high, low;
  };
  std::vector<IbVlArbScheduler> ib_vlarb_schedulers();
  void set_ib_vlarb(std::unique_ptr<model::IbVlArbBlock> block);
  void set_ib_vlarb(uint32_t output, std::unique_ptr<model::IbVlArbBlock> block);
  // The module's forwarding block is the router's scheduler block from the first set_dtable,
  // set_rr, set_drr, set_sbt or set_ib_vlarb on, owned by the router; the router refuses another
  // one after it (RouterModel::set_dtable_block and the like: std::invalid_argument), so the
  // module's pointer to it cannot dangle. Conversely set_* refuses (std::invalid_argument naming
  // the module) a router that already has a block installed through the model.
  TlmNetwork& network() { return *net_; }
  // After sc_start: the run's results (TlmNetwork::results); the one-switch form only.
  RunResults results() { return net_->results(); }
  // After sc_start: the statistics of this module's router (packets generated at its nodes,
  // delivered at its nodes); the run's failure, if any, is rethrown.
  const StatsSink& sink() { return net_->sink(); }
  // After sc_start: the results of the network that `modules` (one per router of the network)
  // form: their statistics merged (StatsSink::merge), as the native engine's run reports them
  // (the per-node loads and fairness aside). std::invalid_argument when a router is missing or
  // repeated.
  static RunResults results(const std::vector<RouterModule*>& modules);

  // `cfg` with the one-switch topology of `ports` terminal ports and its routing.
  static Config one_router_config(Config cfg, uint32_t ports);
  // The networks router modules carry (ConfigError naming the key, its value and what is
  // allowed): every architecture of the registry, TlmNetwork::check_config's, no batch mode (its
  // batches end on the deliveries of the whole network), no SAT throttling (its signal crosses
  // every NIC) and no routing that reads the congestion sensors of other routers (PiggyBack's
  // saturation bits, ECtN's counters): routers meet only through their links.
  static void check_network_config(const Config& cfg);
  static ScEngineOptions strict() {
    ScEngineOptions o;
    o.quantum = 1;
    return o;
  }

 private:
  void after_activation(uint32_t router, Cycle to) override;
  // The router's allocators with their shapes, for the refusals of set_allocator.
  std::string allocator_list(const std::vector<RouterModel::SwitchAllocatorShape>& shapes) const;

  // The scheduler blocks the module gives the router (router_module.cpp), each forwarding an
  // output's decisions to the block set for it; owned by the router.
  class DTableOutputs;
  class RrOutputs;
  class DrrOutputs;
  class SbtOutputs;
  class IbVlArbOutputs;
  // dtable_schedulers and the like: `K` the scheduler's kind (router_module.cpp).
  template <class K>
  std::vector<typename K::Entry> schedulers();
  // set_dtable and the like: `output` -1 for every output, `outputs` the module's forwarding
  // block of that kind (installed on first use).
  template <class K, class O>
  void set_sched(int64_t output, std::unique_ptr<typename K::Block> block, O*& outputs);
  std::string who() const;

  uint32_t router_ = 0;
  DTableOutputs* dtable_ = nullptr;
  RrOutputs* rr_ = nullptr;
  DrrOutputs* drr_ = nullptr;
  SbtOutputs* sbt_ = nullptr;
  IbVlArbOutputs* ib_vlarb_ = nullptr;
  std::unique_ptr<TlmNetwork> net_;
  std::vector<Facing> facing_;
  std::vector<std::unique_ptr<RouterPort>> links_;  // by port; nullptr: not router-facing
};

}  // namespace netcosim::sc
