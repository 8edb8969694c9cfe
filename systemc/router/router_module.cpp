// One router of any architecture of the registry as a TLM module (router_module.h).
#include "systemc/router/router_module.h"

#include <stdexcept>
#include <string>

#include "sim/engine/results.h"
#include "sim/engine/run_control.h"
#include "sim/routing/routing.h"
#include "sim/topology/topology_catalog.h"

namespace netcosim::sc {

Config RouterModule::one_router_config(Config cfg, uint32_t ports) {
  cfg.set_override("topology.type=fattree");
  cfg.set_override("topology.n=1");
  cfg.set_override("topology.k=" + std::to_string(ports));
  cfg.set_override("routing.algorithm=updown");
  return cfg;
}

void RouterModule::check_network_config(const Config& cfg) {
  TlmNetwork::check_config(cfg);
  if (cfg.get_str("sim.mode") == "batch")
    throw ConfigError(
        "sim.mode=batch: a batch ends on the deliveries of the whole network, which no router "
        "module sees (allowed: the default run plan, sim.warmup/sim.measure/sim.drain)");
  if (cfg.get_str("traffic.throttling") == "sat")
    throw ConfigError(
        "traffic.throttling=sat: its signal visits every NIC of the network outside the links "
        "(allowed: none)");
  validate_config(cfg);
  const std::unique_ptr<Topology> topo = topology_entry(cfg.get_str("topology.type"))->make(cfg);
  const SensorNeeds needs = make_routing(cfg, *topo)->sensor_needs();
  if (needs.ectn || needs.saturation)
    throw ConfigError("routing.algorithm=" + cfg.get_str("routing.algorithm") +
                      ": its routers read the congestion sensors of the other routers of their "
                      "group (" +
                      std::string(needs.ectn ? "ECtN's counters" : "PiggyBack's saturation bits") +
                      ") outside the links, which router modules do not share (allowed: a "
                      "routing that senses its own router only, e.g. min, val, ugal, par, dor, "
                      "updown)");
}

RouterModule::RouterModule(const sc_core::sc_module_name& name, uint32_t ports, const Config& cfg,
                           const ScEngineOptions& opt)
    : sc_core::sc_module(name),
      net_(std::make_unique<TlmNetwork>("router", one_router_config(cfg, ports), opt)),
      facing_(ports, Facing::Node) {}

RouterModule::RouterModule(const sc_core::sc_module_name& name, const Config& cfg, uint32_t router,
                           const ScEngineOptions& opt)
    : sc_core::sc_module(name), router_(router) {
  check_network_config(cfg);
  ScEngineOptions o = opt;
  o.quantum = systemc_quantum(cfg, opt);  // 0: the shortest link latency
  o.routers = {router};
  o.hook = this;
  {
    const std::unique_ptr<Topology> topo = topology_entry(cfg.get_str("topology.type"))->make(cfg);
    if (router >= topo->routers())
      throw std::invalid_argument("router " + std::to_string(router) + ": " + topo->describe() +
                                  " has " + std::to_string(topo->routers()) + " routers (0.." +
                                  std::to_string(topo->routers() - 1) + ")");
  }
  net_ = std::make_unique<TlmNetwork>("router", cfg, o);
  const Topology& topo = net_->network().topology();
  const uint32_t radix = topo.router_radix();
  facing_.assign(radix, Facing::None);
  links_.resize(radix);
  for (uint32_t p = 0; p < radix; ++p) {
    if (topo.port_class_of(router, p) == kInjectionClass) {
      facing_[p] = Facing::Node;
    } else if (topo.peer(router, p).router != Topology::kNoRouter) {
      facing_[p] = Facing::Router;
      links_[p] =
          std::make_unique<RouterPort>(("port_" + std::to_string(p)).c_str(), *net_, router, p);
    }
  }
}

RouterModule::~RouterModule() = default;

TlmNode& RouterModule::port(uint32_t p) {
  if (facing(p) != Facing::Node)
    throw std::invalid_argument("router " + std::to_string(router_) + " port " + std::to_string(p) +
                                ": it faces no node (link(p))");
  return net_->node(net_->network().topology().node_at(router_, p));
}

RouterPort& RouterModule::link(uint32_t p) {
  if (facing(p) != Facing::Router)
    throw std::invalid_argument("router " + std::to_string(router_) + " port " + std::to_string(p) +
                                ": it faces no router");
  return *links_[p];
}

void RouterModule::after_activation(uint32_t /*router*/, Cycle /*to*/) {
  for (const auto& l : links_)
    if (l != nullptr) l->forward();
}

namespace {

// An allocator's shape as sep_alloc_if's parameters (rtl/catalog.h's sets: P inputs, V VCs or
// VLs, Q outputs, ITER iterations).
std::string shape_text(uint32_t inputs, uint32_t vcs, uint32_t outputs, uint32_t iterations) {
  return "P=" + std::to_string(inputs) + ",V=" + std::to_string(vcs) +
         ",Q=" + std::to_string(outputs) + ",ITER=" + std::to_string(iterations);
}

std::string allocator_name(const RouterModel::SwitchAllocatorShape& s) {
  return s.name.empty() ? std::string("(unnamed)") : s.name;
}

}  // namespace

std::string RouterModule::allocator_list(
    const std::vector<RouterModel::SwitchAllocatorShape>& shapes) const {
  if (shapes.empty()) return "it has no switch allocator";
  std::string list;
  for (size_t k = 0; k < shapes.size(); ++k) {
    const RouterModel::SwitchAllocatorShape& s = shapes[k];
    list += (k == 0 ? "" : ", ") + std::to_string(k) + " " + allocator_name(s) + " " +
            shape_text(s.inputs, s.vcs, s.outputs, s.iterations);
  }
  return "its allocators: " + list;
}

void RouterModule::set_allocator(uint32_t index, std::unique_ptr<model::AllocatorCore> alloc) {
  const std::vector<RouterModel::SwitchAllocatorShape> shapes = allocators();
  const std::string who =
      "router module " + std::string(name()) + " (router " + std::to_string(router_) + ")";
  if (index >= shapes.size())
    throw std::invalid_argument(who + ": no allocator " + std::to_string(index) + "; " +
                                allocator_list(shapes));
  const RouterModel::SwitchAllocatorShape& s = shapes[index];
  if (alloc == nullptr)
    throw std::invalid_argument(who + ": allocator " + allocator_name(s) + ": no allocator given");
  // The router's own check (RouterModel::replace_switch_allocator) compares the same sizes; here
  // the refusal names the module, the allocator's role and both shapes in the catalog's terms.
  if (alloc->inputs() != s.inputs || alloc->vcs() != s.vcs || alloc->outputs() != s.outputs)
    throw std::invalid_argument(
        who + ": allocator " + allocator_name(s) + " is " +
        shape_text(s.inputs, s.vcs, s.outputs, s.iterations) + "; the one given is " +
        shape_text(alloc->inputs(), alloc->vcs(), alloc->outputs(), alloc->iterations()) +
        " (P, V and Q must be the same)");
  if (!model().replace_switch_allocator(index, alloc))
    throw std::invalid_argument(who + ": allocator " + allocator_name(s) +
                                " has no socket in this router architecture");
}

void RouterModule::set_allocator(const std::string& alloc_name,
                                 std::unique_ptr<model::AllocatorCore> alloc) {
  const std::vector<RouterModel::SwitchAllocatorShape> shapes = allocators();
  for (uint32_t k = 0; k < shapes.size(); ++k)
    if (shapes[k].name == alloc_name) return set_allocator(k, std::move(alloc));
  throw std::invalid_argument("router module " + std::string(name()) + " (router " +
                              std::to_string(router_) + "): no allocator '" + alloc_name + "'; " +
                              allocator_list(shapes));
}

void RouterModule::set_allocator(std::unique_ptr<model::AllocatorCore> alloc) {
  const std::vector<RouterModel::SwitchAllocatorShape> shapes = allocators();
  if (shapes.size() != 1)
    throw std::invalid_argument(
        "router module " + std::string(name()) + " (router " + std::to_string(router_) +
        "): set_allocator(alloc) replaces a router's only allocator; " + allocator_list(shapes) +
        (shapes.empty() ? "" : " (set_allocator(name or index, alloc))"));
  set_allocator(0u, std::move(alloc));
}

// The router's DTable block once the module's DTable sockets are used: per output the block that
// decides for it and that block's port; an output without one returns the C++ arbiter's choice
// and its accept changes nothing, which is the switch's decision without a block
// (sim/router/vl/table_schedulers.h, DTableSlBlock::select_via and accept_via: the arbiter
// commits its own decision when its SL starts).
class RouterModule::DTableOutputs final : public model::DTableBlock {
 public:
  explicit DTableOutputs(uint32_t outputs) : block_(outputs, nullptr), local_(outputs, 0) {}
  uint32_t select(uint32_t port, uint32_t active, const uint32_t* size, uint32_t model,
                  const model::DTableArbiter& arb) override {
    model::DTableBlock* b = block_[port];
    return b != nullptr ? b->select(local_[port], active, size, model, arb) : model;
  }
  void accept(uint32_t port, uint32_t sl) override {
    if (model::DTableBlock* b = block_[port]) b->accept(local_[port], sl);
  }
  // `b` decides for outputs first .. first + count - 1 as its ports 0 .. count - 1. A block no
  // output uses any more stays owned until the router goes (its instances are SystemC objects).
  void set(uint32_t first, uint32_t count, std::unique_ptr<model::DTableBlock> b) {
    for (uint32_t k = 0; k < count; ++k) {
      block_[first + k] = b.get();
      local_[first + k] = k;
    }
    owned_.push_back(std::move(b));
  }

 private:
  std::vector<model::DTableBlock*> block_;
  std::vector<uint32_t> local_;
  std::vector<std::unique_ptr<model::DTableBlock>> owned_;
};

std::string RouterModule::who() const {
  return "router module " + std::string(name()) + " (router " + std::to_string(router_) + ")";
}

std::vector<RouterModule::DTableScheduler> RouterModule::dtable_schedulers() {
  std::vector<DTableScheduler> list;
  RouterModel::DTableShape sh;
  std::string why;
  if (!model().dtable_schedulers(sh, why)) return list;
  for (uint32_t o = 0; o < sh.ports; ++o) {
    DTableScheduler d;
    d.output = o;
    d.shape = model::DTableBlock::scheduler_shape(sh.table->size(), sh.params);
    d.table = sh.table;
    d.params = sh.params;
    list.push_back(d);
  }
  return list;
}

namespace {

// A DTable scheduler's shape as dtable_arbiter's parameters (rtl/catalog.h's sets).
std::string dtable_text(const model::DTableBlock::Shape& s) {
  return "S=" + std::to_string(s.S) + ",N=" + std::to_string(s.N) + ",WW=" + std::to_string(s.WW) +
         ",AW=" + std::to_string(s.AW) + ",SW=" + std::to_string(s.SW);
}

std::string outputs_text(uint32_t n) {
  return std::to_string(n) + (n == 1 ? " output" : " outputs");
}

}  // namespace

RouterModule::DTableOutputs& RouterModule::dtable_outputs(
    const std::vector<DTableScheduler>& scheds) {
  if (dtable_ == nullptr) {
    auto outputs = std::make_unique<DTableOutputs>(static_cast<uint32_t>(scheds.size()));
    dtable_ = outputs.get();
    model().set_dtable_block(std::move(outputs));
  }
  return *dtable_;
}

void RouterModule::check_dtable_block(const model::DTableBlock* block,
                                      const model::DTableBlock::Shape& s, uint32_t outputs,
                                      const std::string& mine, const char* verb) const {
  if (block == nullptr) throw std::invalid_argument(who() + ": " + mine + ": no block given");
  model::DTableBlock::Shape given;
  if (!block->shape(given))
    throw std::invalid_argument(who() + ": " + mine + " " + verb + " " + dtable_text(s) +
                                "; the block given states no shape (model::DTableBlock::shape)");
  if (given.S != s.S || given.N != s.N || given.WW != s.WW || given.AW != s.AW ||
      given.SW != s.SW || given.ports != outputs)
    throw std::invalid_argument(who() + ": " + mine + " " + verb + " " + dtable_text(s) + " for " +
                                outputs_text(outputs) + "; the block given is " +
                                dtable_text(given) + " for " + outputs_text(given.ports) +
                                " (S, N, WW, AW, SW and the outputs must be the same)");
}

void RouterModule::set_dtable(std::unique_ptr<model::DTableBlock> block) {
  const std::vector<DTableScheduler> scheds = dtable_schedulers();
  model::DTableBlock::Shape given;
  const bool stated = block != nullptr && block->shape(given);
  const std::string given_text =
      stated ? dtable_text(given) + " for " + outputs_text(given.ports) : std::string();
  if (scheds.empty()) {
    RouterModel::DTableShape sh;
    std::string why;
    model().dtable_schedulers(sh, why);
    throw std::invalid_argument(who() + ": no DTable scheduler to take the block" +
                                (stated ? " of " + given_text : std::string()) + ": " + why);
  }
  const uint32_t n = static_cast<uint32_t>(scheds.size());
  const std::string mine = "DTable schedulers of outputs 0.." + std::to_string(n - 1);
  check_dtable_block(block.get(), scheds[0].shape, n, mine, "are");
  dtable_outputs(scheds).set(0, n, std::move(block));
}

void RouterModule::set_dtable(uint32_t output, std::unique_ptr<model::DTableBlock> block) {
  const std::vector<DTableScheduler> scheds = dtable_schedulers();
  model::DTableBlock::Shape given;
  const bool stated = block != nullptr && block->shape(given);
  const std::string given_text =
      stated ? dtable_text(given) + " for " + outputs_text(given.ports) : std::string();
  if (scheds.empty()) {
    RouterModel::DTableShape sh;
    std::string why;
    model().dtable_schedulers(sh, why);
    throw std::invalid_argument(who() + ": no DTable scheduler of output " +
                                std::to_string(output) + " to take the block" +
                                (stated ? " of " + given_text : std::string()) + ": " + why);
  }
  const uint32_t n = static_cast<uint32_t>(scheds.size());
  if (output >= n)
    throw std::invalid_argument(who() + ": no DTable scheduler of output " +
                                std::to_string(output) + "; its DTable schedulers: outputs 0.." +
                                std::to_string(n - 1) + ", each " + dtable_text(scheds[0].shape));
  const std::string mine = "DTable scheduler of output " + std::to_string(output);
  check_dtable_block(block.get(), scheds[output].shape, 1, mine, "is");
  dtable_outputs(scheds).set(output, 1, std::move(block));
}

RunResults RouterModule::results(const std::vector<RouterModule*>& modules) {
  if (modules.empty()) throw std::invalid_argument("RouterModule::results: no module");
  Network& net = modules[0]->net_->network();
  const Topology& topo = net.topology();
  std::vector<int> seen(topo.routers(), 0);
  StatsSink merged;
  net.init_sink(merged);
  for (RouterModule* m : modules) {
    if (m->router_ >= seen.size() || seen[m->router_]++ != 0)
      throw std::invalid_argument("RouterModule::results: router " + std::to_string(m->router_) +
                                  " repeated or not in " + topo.describe());
    merged.merge(m->sink());
  }
  for (uint32_t r = 0; r < topo.routers(); ++r)
    if (seen[r] == 0)
      throw std::invalid_argument("RouterModule::results: router " + std::to_string(r) + " of " +
                                  topo.describe() + " has no module");
  const RunControl control(RunPlan::from_config(net.config()));
  RunResults r = collect_results(merged, control.plan(), topo.nodes(),
                                 control.total_cycles(merged.last_eject));
  r.engine = "systemc";
  r.routers = topo.routers();
  r.topology = topo.describe();
  r.port_classes = topo.port_class_names();
  r.offered_load = net.config().get_float("traffic.load");
  collect_class_results(merged, net.config(), control.plan(), r);
  return r;
}

}  // namespace netcosim::sc
