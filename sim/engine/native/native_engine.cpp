// The native engine (docs/principles.md §7). Time advances in windows of the lookahead: inside a
// window each partition (a Dragonfly group) is simulated cycle by cycle on its own, because
// nothing another partition does in the window can reach it before the window ends (Global links
// take at least the lookahead, credits too). Partitions are processed one after the other, so a
// partition's state stays in cache for the whole window; with several threads each thread owns a
// fixed block of partitions and the threads meet once per window. Every router still evaluates and
// commits cycle by cycle, so results are those of a cycle-by-cycle loop over all routers, for any
// window size and thread count. End of run, watchdog and progress: the RunControl.
#include "sim/engine/native/native_engine.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <thread>
#include <vector>

#include "sim/engine/native/barrier.h"
#include "sim/engine/results.h"

namespace netcosim {

namespace {

class NativeRun {
 public:
  NativeRun(Network& net, RunControl& control, uint32_t threads)
      : net_(net),
        control_(control),
        T_(std::max<uint32_t>(1, std::min<uint32_t>(threads, net.topology().partitions()))),
        sinks_(T_),
        start_(T_),
        done_(T_),
        errors_(T_) {
    for (auto& s : sinks_) net.init_sink(s);
    sinks_[0].merge(net.preloaded());
    make_partitions();
  }

  RunResults run();

 private:
  // Routers [first, last) of one architecture, stepped by `stepper` (sim/router/router_stepper.h).
  struct Run {
    uint32_t first, last;
    const RouterStepper* stepper;
  };
  struct Partition {  // a contiguous range of routers (one topology partition)
    uint32_t first, last;
    StatsSink* sink;
    Cycle last_move;        // last cycle in which a packet moved in this partition
    std::vector<Run> runs;  // its routers by architecture, in router order
  };

  // Thread k owns the partitions [first_part_[k], first_part_[k + 1]).
  void make_partitions() {
    const Topology& topo = net_.topology();
    const uint32_t G = topo.partitions();
    routers_.assign(net_.routers(), nullptr);
    first_part_.assign(T_ + 1, 0);
    for (uint32_t k = 0; k < T_; ++k) {
      first_part_[k] = static_cast<uint32_t>(parts_.size());
      const uint32_t g0 = static_cast<uint32_t>(uint64_t{G} * k / T_);
      const uint32_t g1 = static_cast<uint32_t>(uint64_t{G} * (k + 1) / T_);
      for (uint32_t g = g0; g < g1; ++g) {
        const uint32_t first = topo.partition_first(g);
        parts_.push_back({first, first + topo.partition_size(g), &sinks_[k], 0, {}});
        make_runs(parts_.back());
      }
    }
    first_part_[T_] = static_cast<uint32_t>(parts_.size());
  }

  // Splits a partition into runs of consecutive routers sharing an architecture (one run today).
  void make_runs(Partition& part) {
    for (uint32_t r = part.first; r < part.last; ++r) {
      routers_[r] = &net_.router(r);
      const RouterStepper* s = &routers_[r]->stepper();
      if (part.runs.empty() || part.runs.back().stepper != s)
        part.runs.push_back({r, r + 1, s});
      else
        part.runs.back().last = r + 1;
    }
  }

  void run_window(Partition& part, Cycle from, Cycle to) {
    // Arrivals from other partitions in this window were all queued before it started.
    for (uint32_t r = part.first; r < part.last; ++r) routers_[r]->collect_remote();
    if (part.runs.size() == 1) {  // one architecture: one virtual call for the whole window
      step_run(part, part.runs[0], from, to);
      return;
    }
    for (Cycle t = from; t < to; ++t)  // several: every router steps cycle t before cycle t + 1
      for (const Run& run : part.runs) step_run(part, run, t, t + 1);
  }
  void step_run(Partition& part, const Run& run, Cycle from, Cycle to) {
    part.last_move = run.stepper->run(&routers_[run.first], run.last - run.first, from, to,
                                      *part.sink, part.last_move);
  }

  void work(uint32_t k) {
    try {
      for (uint32_t i = first_part_[k]; i < first_part_[k + 1]; ++i)
        run_window(parts_[i], win_from_, win_to_);
    } catch (...) {
      errors_[k] = std::current_exception();  // a failure inside a window (VC-order check)
    }
  }

  void start_pool() {
    for (uint32_t k = 1; k < T_; ++k) {
      pool_.emplace_back([this, k] {
        for (;;) {
          start_.arrive_and_wait();
          if (stop_) return;
          work(k);
          done_.arrive_and_wait();
        }
      });
    }
  }
  void stop_pool() {
    stop_ = true;
    start_.arrive_and_wait();
    for (auto& th : pool_) th.join();
  }

  // Runs windows until the run control ends the run; returns the first failure of a window.
  std::exception_ptr loop();

  Network& net_;
  RunControl& control_;
  const uint32_t T_;
  std::vector<StatsSink> sinks_;
  std::vector<Partition> parts_;
  std::vector<uint32_t> first_part_;
  std::vector<RouterModel*> routers_;  // by router id
  Cycle win_from_ = 0, win_to_ = 0;
  bool stop_ = false;
  Barrier start_, done_;
  std::vector<std::exception_ptr> errors_;
  std::vector<std::thread> pool_;
};

std::exception_ptr NativeRun::loop() {
  Cycle t = 0;
  for (;;) {
    win_from_ = t;
    win_to_ = control_.window_end(t, net_.lookahead());
    start_.arrive_and_wait();
    work(0);
    done_.arrive_and_wait();
    t = win_to_;
    for (const auto& e : errors_)
      if (e) return e;
    uint64_t gen = 0, del = 0;
    Cycle last_move = 0;
    for (const auto& s : sinks_) {
      gen += s.generated;
      del += s.delivered;
    }
    for (const auto& p : parts_) last_move = std::max(last_move, p.last_move);
    control_.batch_window(t, sinks_.data(), sinks_.size(), net_);
    if (control_.after_window(net_, t, gen, del, last_move) != RunControl::Verdict::Continue)
      return nullptr;
  }
}

RunResults NativeRun::run() {
  const auto t0 = std::chrono::steady_clock::now();
  start_pool();
  const std::exception_ptr error = loop();
  stop_pool();
  if (error) std::rethrow_exception(error);
  control_.rethrow_deadlock();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  RunResults res = finish_run(net_, control_, sinks_, wall);
  res.threads = T_;
  return res;
}

}  // namespace

RunResults run_native(Network& net, RunControl& control, uint32_t threads) {
  return NativeRun(net, control, threads).run();
}

RunResults run_native(Network& net, const std::function<void(Cycle, Cycle)>& progress,
                      uint32_t threads) {
  RunControl control(RunPlan::from_config(net.config()), progress);
  return run_native(net, control, threads);
}

}  // namespace netcosim
