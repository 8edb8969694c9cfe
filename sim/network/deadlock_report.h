// The deadlock report (docs/model.md §5): when the watchdog fires, the wait-for graph of
// the blocked heads — an input VC whose head waits for credits of an output VC waits for the
// downstream input VC that the credits belong to — and the cycles it contains. Built by one
// function that the run control calls for every engine (native, threaded, SystemC), from the
// routers' state read through RouterModel::head_view and the credit accessors, and the Topology's
// peers. docs/model.md "Watchdog and deadlock report".
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/link/packet.h"
#include "sim/topology/topology.h"
#include "sim/util/failure.h"

namespace netcosim {

class Network;

// One input VC buffer of the wait-for graph.
struct BlockedBuffer {
  uint32_t router = 0, port = 0, vc = 0;
  PortClass port_class = kInjectionClass;
  std::string port_class_name;  // the topology's name of port_class
  uint32_t occupancy_phits = 0, capacity_phits = 0;
  // The head packet and the output it waits for (at `router`), with that output VC's credits.
  uint32_t head_src = 0, head_dst = 0, head_seq = 0;
  uint32_t out_port = 0, out_vc = 0, out_credits = 0;
  // The head is a request routed to the ejection of a node whose bounded reply queue is full
  // (traffic.reply_queue): it waits for the next buffer of the cycle, the injection port's reply
  // VC where that node's replies wait, rather than for credits.
  bool waits_for_reply_queue = false;
};

struct DeadlockReport {
  Cycle cycle = 0;        // the cycle at which the watchdog fired
  Cycle idle_cycles = 0;  // cycles without any packet movement
  Cycle watchdog = 0;     // sim.watchdog
  uint64_t packets_in_flight = 0;
  uint32_t packet_size = 0;
  // Each cycle of the wait-for graph: element k's head waits for credits of element k+1's
  // buffer (the last element's for the first one's).
  std::vector<std::vector<BlockedBuffer>> cycles;
  uint32_t waiting_buffers = 0;  // non-empty input buffers in the network
  // A cycle holds a request waiting for a full reply queue: protocol deadlock (thesis 000 Sec.
  // 1.3, Fig. 1.12).
  bool protocol = false;
  std::string others;  // where the other packets wait (text)
};

// Builds the report from the network's state at the end of cycle `now - 1`.
DeadlockReport build_deadlock_report(const Network& net, Cycle now);
// The report as text: the cycles first, then the other waiting buffers.
std::string deadlock_text(const DeadlockReport& r);
// The report as a JSON object (one line, no trailing newline).
std::string deadlock_json(const DeadlockReport& r);

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
