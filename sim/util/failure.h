// Simulation failures: exit status 3 of the CLI (docs/model.md "Watchdog and deadlock report").
// The base class sits at the bottom of the layers so that any layer can fail a run; the deadlock
// watchdog's failure, which carries the wait-for graph, is sim/network/deadlock_report.h.
#pragma once

#include <stdexcept>
#include <string>

namespace netcosim {

struct DeadlockReport;  // sim/network/deadlock_report.h

// The simulation failed (deadlock watchdog, VC-order check, conservation check): exit status 3.
class SimulationFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  // The deadlock report when the watchdog fired, else nullptr.
  virtual const DeadlockReport* deadlock() const { return nullptr; }
};

}  // namespace netcosim
