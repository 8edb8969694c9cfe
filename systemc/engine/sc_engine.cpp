// The SystemC engine. Structure (one sc_module each):
//   netcosim            the network: the sc_clock, the controller and the routers
//     router_<r>        an ScRouter: the reference Router object, clocked by the network clock
//       node_<n>        an ScNic (strict mode): the node's NIC process, clocked by the same clock
// Packets and credits travel through the network's Link channels (packet descriptors handed over
// by value with their arrival cycle, TLM-style; no signal per phit). One simulated cycle is 1 ns.
//
// Temporal decoupling (TLM-2.0 loosely-timed style), three modes:
//  - strict (--sc-quantum 1): the clock period is one cycle; every router and NIC module runs on
//    every edge (with ScEngineOptions::router_nics each router module drives its own NICs, as in
//    the quantum mode).
//  - quantum Q (--sc-quantum Q, 1 < Q <= shortest link latency): the clock period is Q cycles and
//    each router module advances Q cycles per activation, driving its own NICs.
//  - windowed (default): the clock period is the global links' latency W; in each period the
//    routers of a group take turns (immediate sc_event notifications, no delta cycle) running
//    sub-quanta of Q = the shortest link latency, so a group's state stays in cache for the whole
//    window, as in the native engine.
// All are exact — not approximations — because nothing a router sends reaches a router of another
// group in less than W cycles, nor any other router in less than Q cycles: within a quantum no
// router can observe another, and within a window no group can observe another.
// The controller runs on the falling edge, after every router has finished the quantum, so its
// decisions (end of run, watchdog) do not depend on the order in which SystemC runs the routers.
#include "systemc/engine/sc_engine.h"

#include "sim/engine/results.h"
#include "sim/network/build.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <systemc>
#include <vector>

namespace netcosim {

namespace {

struct ScContext {
  StatsSink sink;
  Cycle quantum = 1;    // cycles per router activation (sub-quantum in windowed mode)
  Cycle window = 1;     // clock period in cycles
  Cycle limit = kNone;  // no cycle at or after this one is simulated (end of a run without drain)
  Cycle last_move = 0;
  std::exception_ptr error;  // the first failure inside a router (VC-order check)

  static Cycle now() {
    return static_cast<Cycle>(sc_core::sc_time_stamp().value() /
                              sc_core::sc_time(1, sc_core::SC_NS).value());
  }
  void moved(Cycle c) { last_move = std::max(last_move, c); }
};

// The routers of one group in windowed mode: they take turns, each running one sub-quantum,
// within the current clock period (window).
struct GroupTurns {
  std::vector<class ScRouter*> members;
  GroupTurns* next_group = nullptr;  // runs its window after this group's (one group at a time)
  Cycle window_end = 0;
  Cycle sub_from = 0;
  bool in_window = false;  // between the clock edge and the end of the group's window
  bool first_group = false;
};

class ScRouter : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;

  SC_HAS_PROCESS(ScRouter);
  ScRouter(const sc_core::sc_module_name& name, RouterModel& router, ScContext& ctx,
           bool drive_nics, GroupTurns* turns, size_t index, bool thread, ScActivationHook* hook)
      : sc_core::sc_module(name),
        clk("clk"),
        router_(router),
        ctx_(ctx),
        drive_nics_(drive_nics),
        turns_(turns),
        index_(index),
        hook_(hook) {
    if (thread) {  // strict mode with block sockets that wait (ScEngineOptions::router_threads)
      SC_THREAD(tick_thread);
      sensitive << clk.pos();
      dont_initialize();
      return;
    }
    SC_METHOD(tick);
    // Only the first router of the first group wakes on the clock; every other router is woken by
    // its predecessor, so groups do not interleave (FIFO order of the SystemC run queue).
    if (turns_ == nullptr || (index_ == 0 && turns_->first_group)) sensitive << clk.pos();
    if (turns_ != nullptr) sensitive << go_;
    dont_initialize();
  }

 private:
  void run(Cycle from, Cycle to) {
    // Items from other groups arriving before `to` were queued in earlier quanta or windows.
    router_.collect_remote();
    if (ctx_.error) return;  // the run is stopping
    try {
      for (Cycle c = from; c < to; ++c) {
        bool moved = false;
        if (drive_nics_) {
          if (router_.active(c)) moved = router_.step(c, ctx_.sink);
        } else if (router_.core_active(c)) {
          moved = router_.step_core(c, ctx_.sink);
        }
        if (moved) ctx_.moved(c);
      }
      if (hook_ != nullptr) hook_->after_activation(router_.id(), to);
    } catch (...) {
      ctx_.error = std::current_exception();
      sc_core::sc_stop();
    }
  }

  void tick_thread() {
    for (;;) {
      tick();
      wait();
    }
  }

  void tick() {
    if (turns_ == nullptr) {  // one activation per clock edge: the whole quantum
      const Cycle from = ScContext::now();
      run(from, std::min<Cycle>(from + ctx_.quantum, ctx_.limit));
      return;
    }
    GroupTurns& g = *turns_;
    if (!g.in_window) {  // the clock edge: the group starts its window with router 0
      g.in_window = true;
      g.sub_from = ScContext::now();
      g.window_end = std::min<Cycle>(g.sub_from + ctx_.window, ctx_.limit);
    }
    for (;;) {
      const Cycle to = std::min<Cycle>(g.sub_from + ctx_.quantum, g.window_end);
      run(g.sub_from, to);
      if (index_ + 1 < g.members.size()) {
        g.members[index_ + 1]->go_.notify();  // immediate: the next router runs the same cycles
        return;
      }
      // Last router of the group: the next sub-quantum starts with the first router.
      g.sub_from = to;
      if (g.sub_from >= g.window_end) {
        g.in_window = false;
        if (g.next_group != nullptr) g.next_group->members[0]->go_.notify();
        return;
      }
      if (g.members.size() > 1) {
        g.members[0]->go_.notify();
        return;
      }
    }
  }

  RouterModel& router_;
  ScContext& ctx_;
  bool drive_nics_;
  GroupTurns* turns_;
  size_t index_;
  ScActivationHook* hook_;
  sc_core::sc_event go_;
};

// A node's NIC as its own process (strict mode). It sleeps while it has nothing to send and
// wakes at its next generation cycle; a NIC that a reception can give work (a source that answers,
// request-reply's replies: RouterModel::nic_answers) runs every cycle instead, since the router's
// ejection does not notify it.
class ScNic : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;

  SC_HAS_PROCESS(ScNic);
  ScNic(const sc_core::sc_module_name& name, RouterModel& router, uint32_t port, ScContext& ctx)
      : sc_core::sc_module(name),
        clk("clk"),
        router_(router),
        port_(port),
        ctx_(ctx),
        answers_(router.nic_answers(port)) {
    SC_METHOD(tick);
    sensitive << clk.pos();
    dont_initialize();
  }

 private:
  void tick() {
    const Cycle now = ScContext::now();
    if (now >= ctx_.limit) return;
    if (router_.nic_active(port_, now) && router_.step_nic(port_, now, ctx_.sink)) ctx_.moved(now);
    if (!answers_ && !router_.nic_active(port_, now + 1)) {
      const Cycle next = router_.nic_next_generation(port_);
      if (next == kNone)
        next_trigger(never_);
      else
        next_trigger(sc_core::sc_time(double(next - now), sc_core::SC_NS));
    }
  }

  RouterModel& router_;
  uint32_t port_;
  ScContext& ctx_;
  bool answers_;  // RouterModel::nic_answers: never sleeps
  sc_core::sc_event never_;
};

// The network module: the clock, one ScRouter per router (and one ScNic per node in strict mode),
// and the controller, which hands every window's end to the run control.
class ScNetwork : public sc_core::sc_module {
 public:
  sc_core::sc_clock clock;

  SC_HAS_PROCESS(ScNetwork);
  // `phase`: the time of the first rising edge, below one cycle (ScEngineOptions::phase_ps).
  ScNetwork(const sc_core::sc_module_name& name, Network& net, RunControl& control, Cycle quantum,
            Cycle window, const sc_core::sc_time& phase, const ScEngineOptions& opt)
      : sc_core::sc_module(name),
        clock("clock", sc_core::sc_time(double(window), sc_core::SC_NS), 0.5, phase, true),
        net_(net),
        control_(control) {
    ctx_.quantum = quantum;
    ctx_.window = window;
    net.init_sink(ctx_.sink);
    ctx_.sink.merge(net.preloaded());
    ctx_.limit = control.limit();
    make_modules(quantum == 1, window > quantum, opt.router_threads && quantum == 1, opt);
    if (!opt.routers.empty()) return;  // a subset: the design ends the run (ScEngineOptions)
    SC_METHOD(end_of_window);
    sensitive << clock.negedge_event();
    dont_initialize();
  }

  StatsSink& sink() { return ctx_.sink; }
  // After sc_start: throws the failure of the run, if any.
  void rethrow_failure() {
    if (ctx_.error) std::rethrow_exception(ctx_.error);
    control_.rethrow_deadlock();
  }

 private:
  // Windowed mode: the routers of a partition take turns, partition after partition.
  void make_modules(bool strict, bool windowed, bool threads, const ScEngineOptions& opt) {
    const Topology& topo = net_.topology();
    if (!opt.routers.empty() && windowed)
      throw std::invalid_argument(
          "ScEngineOptions::routers: a subset of the routers runs in strict or quantum mode");
    if (windowed) {
      groups_.resize(topo.partitions());
      for (size_t g = 0; g + 1 < groups_.size(); ++g) groups_[g].next_group = &groups_[g + 1];
      groups_[0].first_group = true;
    }
    routers_.reserve(net_.routers());
    for (uint32_t id = 0; id < net_.routers(); ++id) {
      if (!opt.routers.empty() &&
          std::find(opt.routers.begin(), opt.routers.end(), id) == opt.routers.end())
        continue;
      RouterModel& r = net_.router(id);
      const uint32_t part = topo.partition_of_router(id);
      GroupTurns* turns = windowed ? &groups_[part] : nullptr;
      routers_.push_back(std::make_unique<ScRouter>(
          ("router_" + std::to_string(id)).c_str(), r, ctx_, !strict || opt.router_nics, turns,
          id - topo.partition_first(part), threads, opt.hook));
      if (turns != nullptr) turns->members.push_back(routers_.back().get());
      routers_.back()->clk(clock);
      if (!strict || opt.router_nics) continue;  // the router module steps its NICs
      for (const uint32_t port : r.nic_ports()) {
        const uint32_t node = topo.node_at(id, port);
        nics_.push_back(
            std::make_unique<ScNic>(("node_" + std::to_string(node)).c_str(), r, port, ctx_));
        nics_.back()->clk(clock);
      }
    }
  }

  // After every router has finished the window [t - W, t): end of run, watchdog, progress.
  void end_of_window() {
    const Cycle W = ctx_.window;
    const Cycle t = (ScContext::now() / W + 1) * W;
    StatsSink& s = ctx_.sink;
    if (!ctx_.error) {
      control_.batch_window(t, &s, 1, net_);
      ctx_.limit = control_.limit();  // batch mode: the end is set when the last batch closes
    }
    if (control_.finished(t, s.generated, s.delivered)) {
      sc_core::sc_stop();
      return;
    }
    if (ctx_.error) return;
    if (control_.after_window(net_, t, s.generated, s.delivered, ctx_.last_move) !=
        RunControl::Verdict::Continue)
      sc_core::sc_stop();
  }

  Network& net_;
  RunControl& control_;
  ScContext ctx_;
  std::vector<std::unique_ptr<ScRouter>> routers_;
  std::vector<std::unique_ptr<ScNic>> nics_;
  std::vector<GroupTurns> groups_;
};

}  // namespace

// The network module behind ScNetworkInstance (sc_engine.h).
struct ScNetworkInstance::Impl {
  Impl(const char* name, Network& net, RunControl& control, const ScEngineOptions& opt)
      : quantum(systemc_quantum(net.config(), opt)),
        period(opt.quantum == 0 ? net.lookahead() : quantum),
        top(name, net, control, quantum, period,
            sc_core::sc_time(static_cast<double>(opt.phase_ps), sc_core::SC_PS), opt) {}
  Cycle quantum, period;
  ScNetwork top;
};

ScNetworkInstance::ScNetworkInstance(const char* name, Network& net, RunControl& control,
                                     const ScEngineOptions& opt)
    : net_(net), control_(control) {
  if (opt.phase_ps >= 1000)
    throw std::invalid_argument("ScEngineOptions::phase_ps: must be below one cycle (1000 ps)");
  impl_ = std::make_unique<Impl>(name, net, control, opt);
}

ScNetworkInstance::~ScNetworkInstance() = default;

Cycle ScNetworkInstance::period() const {
  return impl_->period;
}

const StatsSink& ScNetworkInstance::sink() {
  impl_->top.rethrow_failure();
  return impl_->top.sink();
}

RunResults ScNetworkInstance::finish(double wall_seconds) {
  impl_->top.rethrow_failure();
  RunResults res = finish_run(net_, control_, {impl_->top.sink()}, wall_seconds);
  res.engine = "systemc";
  res.threads = 1;
  return res;
}

Cycle systemc_quantum(const Config& cfg, const ScEngineOptions& opt) {
  Cycle shortest = static_cast<Cycle>(shortest_link_latency(cfg));
  const int64_t limit = engine_lookahead_limit(cfg);
  if (limit > 0 && static_cast<Cycle>(limit) < shortest) {
    if (opt.quantum > static_cast<Cycle>(limit))
      throw ConfigError("--sc-quantum " + std::to_string(opt.quantum) + ": must be at most " +
                        std::to_string(limit) +
                        " with routing.contention_count=queued_at_send (a router counts the "
                        "packets sent towards it in the previous cycle), or results would change");
    shortest = static_cast<Cycle>(limit);
  }
  if (opt.quantum == 0) return shortest;
  if (opt.quantum > shortest)
    throw ConfigError("--sc-quantum " + std::to_string(opt.quantum) +
                      ": must be at most the shortest link latency (" + std::to_string(shortest) +
                      " cycles), or results would change");
  return opt.quantum;
}

Cycle systemc_local_lead(const Config& cfg, const ScEngineOptions& opt) {
  const Cycle Q = systemc_quantum(cfg, opt);
  return Q > 1 ? Q : 0;
}

RunResults run_systemc(Network& net, RunControl& control, const ScEngineOptions& opt) {
  // The SystemC kernel is one per process and cannot be elaborated twice.
  static std::atomic<bool> used{false};
  if (used.exchange(true))
    throw std::logic_error("the SystemC engine runs once per process (SystemC elaborates once)");
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);

  const auto t0 = std::chrono::steady_clock::now();
  ScNetworkInstance top("netcosim", net, control, opt);
  sc_core::sc_start();
  return top.finish(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
}

RunResults run_systemc(const Config& cfg, const ScEngineOptions& opt,
                       const std::function<void(Cycle, Cycle)>& progress,
                       std::unique_ptr<RoutingAlgorithm> routing) {
  const Cycle lead = systemc_local_lead(cfg, opt);  // validates --sc-quantum first
  std::unique_ptr<Network> net = build_network(cfg, std::move(routing), lead);
  // Progress every 64 windows: a window is short, and the callback takes a lock.
  RunControl control(RunPlan::from_config(cfg), progress, 64);
  return run_systemc(*net, control, opt);
}

}  // namespace netcosim
