// One router of any architecture of the registry as a TLM module (router_module.h).
#include "systemc/router/router_module.h"

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

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

// The router's scheduler block once the module's sockets of a kind are used: per output the block
// that decides for it and that block's port; an output without one returns the C++ arbiter's
// choice and its accept changes nothing, which is the switch's decision without a block
// (sim/router/vl/table_schedulers.h, DTableSlBlock, DrrSlBlock, SbtSlBlock and IbVlArbScheduler's
// select_via and accept_via: the scheduler commits its own decision when its lane starts;
// sim/router/vl/rr_sl_scheduler.h, RrSlScheduler::accept_via: the pointer moves past the SL that
// starts).
namespace module_detail {

template <class Block>
class OutputTable {
 public:
  explicit OutputTable(uint32_t outputs) : block_(outputs, nullptr), local_(outputs, 0) {}
  // `b` decides for outputs first .. first + count - 1 as its ports 0 .. count - 1. A block no
  // output uses any more stays owned until the router goes (its instances are SystemC objects).
  void set(uint32_t first, uint32_t count, std::unique_ptr<Block> b) {
    for (uint32_t k = 0; k < count; ++k) {
      block_[first + k] = b.get();
      local_[first + k] = k;
    }
    owned_.push_back(std::move(b));
  }

 protected:
  Block* at(uint32_t port) const { return block_[port]; }
  uint32_t local(uint32_t port) const { return local_[port]; }

 private:
  std::vector<Block*> block_;
  std::vector<uint32_t> local_;
  std::vector<std::unique_ptr<Block>> owned_;
};

std::string outputs_text(uint32_t n) {
  return std::to_string(n) + (n == 1 ? " output" : " outputs");
}

// A shape's parameters in its RTL's terms, in order: the text of a shape ("S=8,N=128"), their
// names ("S, N") and the comparison of two shapes are written once over them.
using Fields = std::vector<std::pair<std::string, uint32_t>>;

std::string fields_text(const Fields& f) {
  std::string t;
  for (const auto& x : f) t += (t.empty() ? "" : ",") + x.first + "=" + std::to_string(x.second);
  return t;
}

std::string fields_names(const Fields& f) {
  std::string t;
  for (const auto& x : f) t += (t.empty() ? "" : ", ") + x.first;
  return t;
}

// The kinds of scheduler socket: the router's list of them (false with why when it has none: the
// outputs and one output's entry, its shape in its RTL's parameters and what a block is built
// with), a shape's parameters, and the router's socket.
struct DTableKind {
  using Block = model::DTableBlock;
  using Shape = Block::Shape;
  using Entry = RouterModule::DTableScheduler;
  static constexpr const char* kOne = "DTable scheduler";
  static constexpr const char* kMany = "DTable schedulers";
  static constexpr const char* kBlock = "model::DTableBlock";
  static Fields fields(const Shape& s) {
    return {{"S", s.S}, {"N", s.N}, {"WW", s.WW}, {"AW", s.AW}, {"SW", s.SW}};
  }
  static bool list(const RouterModel& m, uint32_t& n, Entry& e, std::string& why) {
    RouterModel::DTableShape sh;
    if (!m.dtable_schedulers(sh, why)) return false;
    n = sh.ports;
    e.shape = Block::scheduler_shape(sh.table->size(), sh.params);
    e.table = sh.table;
    e.params = sh.params;
    return true;
  }
  static void install(RouterModel& m, std::unique_ptr<Block> b) {
    m.set_dtable_block(std::move(b));
  }
};

struct RrKind {
  using Block = model::RrBlock;
  using Shape = Block::Shape;
  using Entry = RouterModule::RrScheduler;
  static constexpr const char* kOne = "round-robin SL arbiter";
  static constexpr const char* kMany = "round-robin SL arbiters";
  static constexpr const char* kBlock = "model::RrBlock";
  static Fields fields(const Shape& s) { return {{"N", s.N}}; }
  static bool list(const RouterModel& m, uint32_t& n, Entry& e, std::string& why) {
    RouterModel::RrShape sh;
    if (!m.rr_schedulers(sh, why)) return false;
    n = sh.ports;
    e.shape.ports = 1;
    e.shape.N = sh.sls;
    return true;
  }
  static void install(RouterModel& m, std::unique_ptr<Block> b) { m.set_rr_block(std::move(b)); }
};

struct DrrKind {
  using Block = model::DrrBlock;
  using Shape = Block::Shape;
  using Entry = RouterModule::DrrScheduler;
  static constexpr const char* kOne = "DRR scheduler";
  static constexpr const char* kMany = "DRR schedulers";
  static constexpr const char* kBlock = "model::DrrBlock";
  static Fields fields(const Shape& s) { return {{"V", s.V}, {"QW", s.QW}, {"SW", s.SW}}; }
  static bool list(const RouterModel& m, uint32_t& n, Entry& e, std::string& why) {
    RouterModel::DrrShape sh;
    if (!m.drr_schedulers(sh, why)) return false;
    n = sh.ports;
    e.shape.ports = 1;
    e.shape.V = sh.params.vls;
    e.shape.QW = sh.params.quantum_bits;
    e.shape.SW = sh.params.size_bits;
    e.params = sh.params;
    e.quanta = sh.quanta;
    return true;
  }
  static void install(RouterModel& m, std::unique_ptr<Block> b) { m.set_drr_block(std::move(b)); }
};

// SBT's weights are rtl/sbt_scheduler.sv's parameters: part of the shape.
struct SbtKind {
  using Block = model::SbtBlock;
  using Shape = Block::Shape;
  using Entry = RouterModule::SbtScheduler;
  static constexpr const char* kOne = "SBT scheduler";
  static constexpr const char* kMany = "SBT schedulers";
  static constexpr const char* kBlock = "model::SbtBlock";
  static Fields fields(const Shape& s) {
    Fields f = {{"S", s.S}};
    for (size_t k = 0; k < s.W.size(); ++k) f.emplace_back("W" + std::to_string(k), s.W[k]);
    return f;
  }
  static bool list(const RouterModel& m, uint32_t& n, Entry& e, std::string& why) {
    RouterModel::SbtShape sh;
    if (!m.sbt_schedulers(sh, why)) return false;
    n = sh.ports;
    e.shape.ports = 1;
    e.shape.S = sh.sls;
    e.shape.W = sh.weights;
    return true;
  }
  static void install(RouterModel& m, std::unique_ptr<Block> b) { m.set_sbt_block(std::move(b)); }
};

struct IbVlArbKind {
  using Block = model::IbVlArbBlock;
  using Shape = Block::Shape;
  using Entry = RouterModule::IbVlArbScheduler;
  static constexpr const char* kOne = "IB VL arbiter";
  static constexpr const char* kMany = "IB VL arbiters";
  static constexpr const char* kBlock = "model::IbVlArbBlock";
  static Fields fields(const Shape& s) {
    return {{"V", s.V}, {"N", s.N}, {"WW", s.WW}, {"SW", s.SW}, {"LIMIT", s.LIMIT}};
  }
  static bool list(const RouterModel& m, uint32_t& n, Entry& e, std::string& why) {
    RouterModel::IbVlArbShape sh;
    if (!m.ib_vlarb_schedulers(sh, why)) return false;
    n = sh.ports;
    e.shape = Block::scheduler_shape(sh.vls, static_cast<unsigned>(sh.high.size()),
                                     static_cast<unsigned>(sh.low.size()), sh.max_units, sh.limit);
    e.vls = sh.vls;
    e.high = sh.high;
    e.low = sh.low;
    return true;
  }
  static void install(RouterModel& m, std::unique_ptr<Block> b) {
    m.set_ib_vlarb_block(std::move(b));
  }
};

}  // namespace module_detail

using module_detail::DrrKind;
using module_detail::DTableKind;
using module_detail::IbVlArbKind;
using module_detail::OutputTable;
using module_detail::RrKind;
using module_detail::SbtKind;

class RouterModule::DTableOutputs final : public model::DTableBlock,
                                          public OutputTable<model::DTableBlock> {
 public:
  using OutputTable::OutputTable;
  uint32_t select(uint32_t port, uint32_t active, const uint32_t* size, uint32_t model,
                  const model::DTableArbiter& arb) override {
    model::DTableBlock* b = at(port);
    return b != nullptr ? b->select(local(port), active, size, model, arb) : model;
  }
  void accept(uint32_t port, uint32_t sl) override {
    if (model::DTableBlock* b = at(port)) b->accept(local(port), sl);
  }
};

class RouterModule::RrOutputs final : public model::RrBlock, public OutputTable<model::RrBlock> {
 public:
  using OutputTable::OutputTable;
  int select(uint32_t port, uint64_t req, int model, const model::RoundRobinArbiter& arb) override {
    model::RrBlock* b = at(port);
    return b != nullptr ? b->select(local(port), req, model, arb) : model;
  }
  void accept(uint32_t port, uint32_t sl) override {
    if (model::RrBlock* b = at(port)) b->accept(local(port), sl);
  }
};

class RouterModule::DrrOutputs final : public model::DrrBlock, public OutputTable<model::DrrBlock> {
 public:
  using OutputTable::OutputTable;
  uint32_t select(uint32_t port, uint32_t active, const uint32_t* size, uint32_t model,
                  const model::DrrArbiter& arb) override {
    model::DrrBlock* b = at(port);
    return b != nullptr ? b->select(local(port), active, size, model, arb) : model;
  }
  void accept(uint32_t port, uint32_t sl) override {
    if (model::DrrBlock* b = at(port)) b->accept(local(port), sl);
  }
};

class RouterModule::SbtOutputs final : public model::SbtBlock, public OutputTable<model::SbtBlock> {
 public:
  using OutputTable::OutputTable;
  uint32_t select(uint32_t port, uint32_t active, uint32_t model,
                  const model::SbtScheduler& sched) override {
    model::SbtBlock* b = at(port);
    return b != nullptr ? b->select(local(port), active, model, sched) : model;
  }
  void accept(uint32_t port, uint32_t sl) override {
    if (model::SbtBlock* b = at(port)) b->accept(local(port), sl);
  }
};

class RouterModule::IbVlArbOutputs final : public model::IbVlArbBlock,
                                           public OutputTable<model::IbVlArbBlock> {
 public:
  using OutputTable::OutputTable;
  uint32_t select(uint32_t port, uint32_t active, const uint32_t* size, uint32_t model,
                  const model::IbVlArbiter& arb) override {
    model::IbVlArbBlock* b = at(port);
    return b != nullptr ? b->select(local(port), active, size, model, arb) : model;
  }
  void accept(uint32_t port, uint32_t vl) override {
    if (model::IbVlArbBlock* b = at(port)) b->accept(local(port), vl);
  }
};

std::string RouterModule::who() const {
  return "router module " + std::string(name()) + " (router " + std::to_string(router_) + ")";
}

// Each output's entry: the kind's list, output by output.
template <class K>
std::vector<typename K::Entry> RouterModule::schedulers() {
  std::vector<typename K::Entry> list;
  uint32_t n = 0;
  typename K::Entry e;
  std::string why;
  if (!K::list(model(), n, e, why)) return list;
  for (uint32_t o = 0; o < n; ++o) {
    e.output = o;
    list.push_back(e);
  }
  return list;
}

std::vector<RouterModule::DTableScheduler> RouterModule::dtable_schedulers() {
  return schedulers<DTableKind>();
}
std::vector<RouterModule::RrScheduler> RouterModule::rr_schedulers() {
  return schedulers<RrKind>();
}
std::vector<RouterModule::DrrScheduler> RouterModule::drr_schedulers() {
  return schedulers<DrrKind>();
}
std::vector<RouterModule::SbtScheduler> RouterModule::sbt_schedulers() {
  return schedulers<SbtKind>();
}
std::vector<RouterModule::IbVlArbScheduler> RouterModule::ib_vlarb_schedulers() {
  return schedulers<IbVlArbKind>();
}

// The checks of set_dtable, set_rr, set_drr, set_sbt and set_ib_vlarb (router_module.h):
// std::invalid_argument naming the module, the router, the scheduler(s) and both shapes; then the
// block decides for its outputs through the module's forwarding block of its kind.
template <class K, class O>
void RouterModule::set_sched(int64_t output, std::unique_ptr<typename K::Block> block,
                             O*& outputs) {
  using module_detail::fields_names;
  using module_detail::fields_text;
  using module_detail::outputs_text;
  using Shape = typename K::Shape;
  uint32_t n = 0;
  typename K::Entry entry;
  std::string why;
  const bool has = K::list(model(), n, entry, why) && n > 0;
  const module_detail::Fields mine_fields = K::fields(entry.shape);
  const std::string one = fields_text(mine_fields);
  Shape given;
  const bool stated = block != nullptr && block->shape(given);
  const module_detail::Fields given_fields = stated ? K::fields(given) : module_detail::Fields();
  const std::string given_text =
      stated ? fields_text(given_fields) + " for " + outputs_text(given.ports) : std::string();
  const std::string o = std::to_string(output);
  if (!has)
    throw std::invalid_argument(
        who() + ": no " + K::kOne + (output >= 0 ? " of output " + o : std::string()) +
        " to take the block" + (stated ? " of " + given_text : std::string()) + ": " + why);
  if (output >= static_cast<int64_t>(n))
    throw std::invalid_argument(who() + ": no " + K::kOne + " of output " + o + "; its " +
                                K::kMany + ": outputs 0.." + std::to_string(n - 1) + ", each " +
                                one);
  const uint32_t count = output >= 0 ? 1 : n;
  const std::string mine = output >= 0
                               ? std::string(K::kOne) + " of output " + o
                               : std::string(K::kMany) + " of outputs 0.." + std::to_string(n - 1);
  const char* verb = output >= 0 ? "is" : "are";
  if (block == nullptr) throw std::invalid_argument(who() + ": " + mine + ": no block given");
  if (!stated)
    throw std::invalid_argument(who() + ": " + mine + " " + verb + " " + one +
                                "; the block given states no shape (" + K::kBlock + "::shape)");
  if (given_fields != mine_fields || given.ports != count)
    throw std::invalid_argument(who() + ": " + mine + " " + verb + " " + one + " for " +
                                outputs_text(count) + "; the block given is " + given_text + " (" +
                                fields_names(mine_fields) + " and the outputs must be the same)");
  if (outputs == nullptr) {
    auto fwd = std::make_unique<O>(n);
    O* p = fwd.get();
    try {
      K::install(model(), std::move(fwd));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(who() + ": " + mine + ": " + e.what());
    }
    outputs = p;
  }
  const uint32_t first = output >= 0 ? static_cast<uint32_t>(output) : 0;
  block->set_first_output(first);  // its reports name the switch's outputs
  outputs->set(first, count, std::move(block));
}

void RouterModule::set_dtable(std::unique_ptr<model::DTableBlock> block) {
  set_sched<DTableKind>(-1, std::move(block), dtable_);
}
void RouterModule::set_dtable(uint32_t output, std::unique_ptr<model::DTableBlock> block) {
  set_sched<DTableKind>(output, std::move(block), dtable_);
}
void RouterModule::set_rr(std::unique_ptr<model::RrBlock> block) {
  set_sched<RrKind>(-1, std::move(block), rr_);
}
void RouterModule::set_rr(uint32_t output, std::unique_ptr<model::RrBlock> block) {
  set_sched<RrKind>(output, std::move(block), rr_);
}
void RouterModule::set_drr(std::unique_ptr<model::DrrBlock> block) {
  set_sched<DrrKind>(-1, std::move(block), drr_);
}
void RouterModule::set_drr(uint32_t output, std::unique_ptr<model::DrrBlock> block) {
  set_sched<DrrKind>(output, std::move(block), drr_);
}
void RouterModule::set_sbt(std::unique_ptr<model::SbtBlock> block) {
  set_sched<SbtKind>(-1, std::move(block), sbt_);
}
void RouterModule::set_sbt(uint32_t output, std::unique_ptr<model::SbtBlock> block) {
  set_sched<SbtKind>(output, std::move(block), sbt_);
}
void RouterModule::set_ib_vlarb(std::unique_ptr<model::IbVlArbBlock> block) {
  set_sched<IbVlArbKind>(-1, std::move(block), ib_vlarb_);
}
void RouterModule::set_ib_vlarb(uint32_t output, std::unique_ptr<model::IbVlArbBlock> block) {
  set_sched<IbVlArbKind>(output, std::move(block), ib_vlarb_);
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
