// Progress on stderr, shown only when it is a terminal: the cycle of one run (netcosim run) and
// the bar of a sweep (netcosim sweep).
#pragma once

#include <chrono>
#include <functional>
#include <string>

#include "sim/network/network.h"

namespace netcosim::cli {

// Cycle, percent done and ETA of one run; erased by the destructor.
class CycleProgress {
 public:
  explicit CycleProgress(bool show) : show_(show) {}
  ~CycleProgress();
  // The callback for run_native / run_systemc (empty when not shown).
  std::function<void(Cycle, Cycle)> callback() const;

 private:
  bool show_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// "[####....]  42%  3/8 runs  elapsed 0:12  ETA 0:16" of a sweep.
void print_sweep_bar(double fraction, size_t finished, size_t total, double elapsed_seconds);
void erase_sweep_bar();

// The progress callback of experiment::run_points: the bar when `show`, from the time of creation.
std::function<void(double, size_t, size_t)> sweep_bar(bool show);

// h:mm:ss or m:ss ("--:--" when unknown).
std::string format_duration(double seconds);

}  // namespace netcosim::cli
