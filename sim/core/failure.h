// Simulation failures: exit status 3 of the CLI (docs/model.md "Watchdog and deadlock report").
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include "deadlock_report.h"

namespace netcosim {

// The simulation failed (deadlock watchdog, VC-order check, conservation check): exit status 3.
class SimulationFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  // The deadlock report when the watchdog fired, else nullptr.
  virtual const DeadlockReport* deadlock() const { return nullptr; }
};

// The watchdog fired: the message is deadlock_text(report).
class DeadlockFailure : public SimulationFailure {
 public:
  explicit DeadlockFailure(DeadlockReport r)
      : SimulationFailure(deadlock_text(r)),
        report_(std::make_shared<const DeadlockReport>(std::move(r))) {}
  const DeadlockReport* deadlock() const override { return report_.get(); }

 private:
  std::shared_ptr<const DeadlockReport> report_;
};

// The document `run --json` writes when a run fails (exit 3): {"schema": "netcosim.failure/1",
// "error": message, "deadlock": {...} (when the watchdog fired)}.
std::string failure_json(const SimulationFailure& e);

}  // namespace netcosim
