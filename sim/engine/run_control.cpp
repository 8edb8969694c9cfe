#include "sim/engine/run_control.h"

#include <algorithm>

#include "sim/network/network.h"

namespace netcosim {

RunPlan RunPlan::from_config(const Config& cfg) {
  RunPlan p;
  p.warmup = static_cast<Cycle>(cfg.get_int("sim.warmup"));
  p.measure = static_cast<Cycle>(cfg.get_int("sim.measure"));
  p.drain = cfg.get_bool("sim.drain");
  p.watchdog = static_cast<Cycle>(cfg.get_int("sim.watchdog"));
  if (cfg.get_str("sim.mode") == "batch") {
    p.batch = true;
    p.batches = static_cast<uint32_t>(cfg.get_int("sim.batches"));
    p.batch_packets = static_cast<uint64_t>(cfg.get_int("sim.batch_packets"));
    p.batch_max_cycles = static_cast<Cycle>(cfg.get_int("sim.batch_max_cycles"));
    // An upper bound until the last batch closes: every batch ends within its cap, so the last
    // closes by warmup + batches * batch_max_cycles - 1, found at the end of that window at the
    // latest; batch_window() then sets the run's end.
    p.measure = p.batches * p.batch_max_cycles;
  }
  return p;
}

RunControl::RunControl(const RunPlan& plan, Progress progress, uint32_t progress_every)
    : plan_(plan), progress_(std::move(progress)), progress_every_(std::max(1u, progress_every)) {}

Cycle RunControl::window_end(Cycle from, Cycle length) const {
  const Cycle to = from + length;
  return from < plan_.end() ? std::min(to, plan_.end()) : to;
}

bool RunControl::finished(Cycle t, uint64_t generated, uint64_t delivered) const {
  return t >= plan_.end() && (!plan_.drain || generated == delivered);
}

bool RunControl::stalled(Cycle t, Cycle last_move, uint64_t in_flight) const {
  return in_flight != 0 && t - 1 - last_move >= plan_.watchdog;
}

RunControl::Verdict RunControl::decide(Cycle t, uint64_t generated, uint64_t delivered,
                                       Cycle last_move,
                                       const std::function<bool()>& settled) const {
  if (finished(t, generated, delivered)) return Verdict::Finished;
  if (stalled(t, last_move, generated - delivered) && settled()) return Verdict::Deadlock;
  return Verdict::Continue;
}

RunControl::Verdict RunControl::after_window(const Network& net, Cycle t, uint64_t generated,
                                             uint64_t delivered, Cycle last_move) {
  const Verdict v = decide(t, generated, delivered, last_move, [&] { return net.settled(t); });
  if (v == Verdict::Deadlock) {
    deadlock_ = build_deadlock_report(net, t);
    fill_report(*deadlock_, t, last_move, generated - delivered);
  } else if (v == Verdict::Continue && progress_ && ++windows_ % progress_every_ == 0) {
    progress_(t, plan_.end());
  }
  return v;
}

void RunControl::batch_window(Cycle t, StatsSink* sinks, size_t n_sinks, const Network& net) {
  if (!plan_.batch) return;
  if (injected_before_.empty()) {  // the first window
    const uint64_t N = net.nics().size();
    if (plan_.batch_packets == 0) plan_.batch_packets = 10 * N * N;  // seed 004 Sec. 3: 10*N^2
    injected_before_.assign(N, 0);
    batch_start_ = plan_.warmup;
    longest_packet_ = sinks[0].packet_size;
    for (uint32_t c = 0; c < sinks[0].sls; ++c)
      longest_packet_ = std::max(longest_packet_, sinks[0].sl_phits[c]);
  }
  const bool open = batches_.size() < plan_.batches;
  for (Cycle c = scanned_; c < t; ++c) {
    uint64_t packets = 0, phits = 0;
    for (size_t k = 0; k < n_sinks; ++k) {
      StatsSink& s = sinks[k];
      const uint32_t slot = c & s.batch_mask;
      packets += s.batch_ring_packets[slot];
      phits += s.batch_ring_phits[slot];
      s.batch_ring_packets[slot] = 0;
      s.batch_ring_phits[slot] = 0;
    }
    if (c < plan_.warmup || batches_.size() == plan_.batches) continue;
    batch_packets_ += packets;
    batch_phits_ += phits;
    if (batch_packets_ >= plan_.batch_packets)
      close_batch(c, false, net);
    else if (c + 1 - batch_start_ >= plan_.batch_max_cycles)
      close_batch(c, true, net);
  }
  scanned_ = t;
  if (open && batches_.size() == plan_.batches)
    for (size_t k = 0; k < n_sinks; ++k) sinks[k].window_end = plan_.end();
}

void RunControl::close_batch(Cycle c, bool cut, const Network& net) {
  Batch b;
  b.start = batch_start_;
  b.end = c;
  b.packets = batch_packets_;
  b.phits = batch_phits_;
  b.cut = cut;
  b.node_phits.resize(injected_before_.size());
  for (size_t i = 0; i < injected_before_.size(); ++i) {
    const uint64_t through = net.nics()[i].injected_through(c);
    b.node_phits[i] = through - injected_before_[i];
    injected_before_[i] = through;
  }
  batches_.push_back(std::move(b));
  batch_start_ = c + 1;
  batch_packets_ = batch_phits_ = 0;
  if (batches_.size() != plan_.batches) return;
  // The run's end: past every engine's window that can contain c (max_lookahead) and past the
  // deliveries an engine has recorded ahead (a tail is consumed up to a packet's phits after the
  // cycle that records it), so every engine stops at the same cycle and no sink holds a delivery
  // after it. The sinks' window ends there (batch_window).
  plan_.measure = c + net.max_lookahead() + longest_packet_ - plan_.warmup;
}

void RunControl::fill_report(DeadlockReport& rep, Cycle t, Cycle last_move,
                             uint64_t in_flight) const {
  rep.idle_cycles = t - 1 - last_move;
  rep.watchdog = plan_.watchdog;
  rep.packets_in_flight = in_flight;
}

void RunControl::rethrow_deadlock() {
  if (deadlock_) throw DeadlockFailure(std::move(*deadlock_));
}

Cycle RunControl::total_cycles(Cycle last_eject) const {
  return plan_.drain ? std::max(plan_.end(), last_eject + 1) : plan_.end();
}

}  // namespace netcosim
