// One run control for every engine (docs/model.md §6, "One run control"): the end of
// the run (warm-up, measurement and, with sim.drain, the drain), the watchdog and its deadlock
// report, and progress. The native engine (sim/engine/native) and the SystemC engine
// (systemc/engine) each call after_window() once per window, after every router has finished
// the cycles before t, so their decisions do not depend on the order the routers ran in.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "sim/config/config.h"
#include "sim/link/packet.h"
#include "sim/network/deadlock_report.h"
#include "sim/stats/stats.h"

namespace netcosim {

class Network;

// The run's phases and watchdog, from the sim.* keys.
struct RunPlan {
  Cycle warmup = 0, measure = 0;
  bool drain = false;
  Cycle watchdog = 0;  // cycles without packet movement before the watchdog looks for a deadlock
  // Batch mode (sim.mode=batch; docs/model.md §5 "Batches"; seed 004 Sec. 3): `batches` batches
  // after the warm-up, each ending in the cycle of its batch_packets-th delivery (0: 10*N^2, set
  // by the run control for N nodes) or cut after batch_max_cycles. `measure` is an upper bound
  // until the last batch ends, then the measured cycles.
  bool batch = false;
  uint32_t batches = 0;
  uint64_t batch_packets = 0;
  Cycle batch_max_cycles = 0;
  Cycle end() const { return warmup + measure; }
  static RunPlan from_config(const Config& cfg);
};

class RunControl {
 public:
  using Progress = std::function<void(Cycle, Cycle)>;  // (cycle reached, end of measurement)
  enum class Verdict { Continue, Finished, Deadlock };

  // `progress_every`: call `progress` at every this many-th window end (1: every window).
  explicit RunControl(const RunPlan& plan, Progress progress = nullptr,
                      uint32_t progress_every = 1);

  const RunPlan& plan() const { return plan_; }
  // No cycle at or after this one is simulated: the end of measurement, or never with a drain.
  Cycle limit() const { return plan_.drain ? kNone : plan_.end(); }
  // The end of the window of at most `length` cycles that starts at `from`: windows never cross
  // the end of measurement, so a run without drain stops exactly there.
  Cycle window_end(Cycle from, Cycle length) const;
  // After the cycles before t: the measurement is over and, with a drain, every generated packet
  // was delivered.
  bool finished(Cycle t, uint64_t generated, uint64_t delivered) const;
  // The watchdog's first condition: packets in flight and none moved in the last sim.watchdog
  // cycles (the last movement in cycle last_move).
  bool stalled(Cycle t, Cycle last_move, uint64_t in_flight) const;
  // The decision after the cycles before t: Finished, else Deadlock when stalled and `settled()`
  // (nothing on a link or in a pipeline; asked only when stalled), else Continue.
  Verdict decide(Cycle t, uint64_t generated, uint64_t delivered, Cycle last_move,
                 const std::function<bool()>& settled) const;
  // decide() on the network; on Deadlock keeps the report (deadlock()), on Continue reports
  // progress.
  Verdict after_window(const Network& net, Cycle t, uint64_t generated, uint64_t delivered,
                       Cycle last_move);
  const std::optional<DeadlockReport>& deadlock() const { return deadlock_; }

  // Batch mode, after the cycles before t and before after_window(): takes the per-cycle
  // deliveries of cycles [previous t, t) from the sinks' rings (emptying them), closes every batch
  // whose batch_packets-th delivery (or cap) falls in them, snapshotting the NICs' injections at
  // that exact cycle, and, when the last batch closes in cycle b, ends the run and the sinks'
  // window at b + the longest window (Network::max_lookahead()) + the longest packet: a cycle no
  // engine has passed and no recorded delivery reaches.
  void batch_window(Cycle t, StatsSink* sinks, size_t n_sinks, const Network& net);
  // One closed batch: cycles [start, end] (end: the cycle of its batch_packets-th delivery, or
  // of the cap), the packets and phits delivered in them, each node's phits injected in them.
  struct Batch {
    Cycle start = 0, end = 0;
    uint64_t packets = 0, phits = 0;
    bool cut = false;  // ended by sim.batch_max_cycles
    std::vector<uint64_t> node_phits;
  };
  const std::vector<Batch>& batches() const { return batches_; }
  // Throws DeadlockFailure with the report, if the watchdog fired.
  void rethrow_deadlock();
  // The report's counters for a watchdog that fired after the cycles before t.
  void fill_report(DeadlockReport& rep, Cycle t, Cycle last_move, uint64_t in_flight) const;
  // The run's length: the end of measurement; a drained run ends in the cycle after the last
  // packet left the network (last_eject).
  Cycle total_cycles(Cycle last_eject) const;

 private:
  RunPlan plan_;
  Progress progress_;
  uint32_t progress_every_;
  uint64_t windows_ = 0;
  std::optional<DeadlockReport> deadlock_;
  // Batch mode: the closed batches, the open one's start and deliveries, the first cycle whose
  // deliveries were not taken yet, each node's phits injected up to the last batch's end.
  void close_batch(Cycle c, bool cut, const Network& net);
  std::vector<Batch> batches_;
  Cycle batch_start_ = 0, scanned_ = 0;
  uint64_t batch_packets_ = 0, batch_phits_ = 0;
  uint32_t longest_packet_ = 0;  // phits
  std::vector<uint64_t> injected_before_;
};

}  // namespace netcosim
