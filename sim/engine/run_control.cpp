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
