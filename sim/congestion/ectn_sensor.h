// ECtN (seed 001 Sec. III-C, thesis 000 Sec. 4.2.1): per router, partial counters by destination
// group of the packets at the heads of its injection and global input buffers (other groups only),
// broadcast to the routers of its group every `period` cycles and received after the local links'
// latency. The combined counter a routing decision reads is the router's own partial counter
// (current) plus the others' partial counters of the latest broadcast received.
//
// Timing without a broadcast process: the partial counters only change while their router steps.
// record() is called at the start of each step, before any change: the values are then those of
// every cycle since the previous step, so they are kept for the latest broadcast boundary (a
// multiple of the period) reached by now, if not kept yet. The value at a boundary s is the record
// with the smallest boundary >= s, or, if none, the current values (no step since s). This does
// not depend on the order in which routers step. Four records cover a reader that runs up to one
// period behind or ahead (the SystemC engine's quantum is at most the local latency).
#pragma once

#include <cstdint>
#include <vector>

#include "sim/link/packet.h"

namespace netcosim {

class EctnSensor final {
 public:
  EctnSensor() = default;
  // `groups` destination groups; `my_group` is not counted.
  EctnSensor(uint32_t groups, uint32_t my_group, Cycle latency, Cycle period);

  bool enabled() const { return enabled_; }
  uint32_t my_group() const { return my_group_; }
  // The routers of the group (this one included), reached with `latency`.
  void set_peers(std::vector<const EctnSensor*> peers) { peers_ = std::move(peers); }

  // A counted head (injection or global input, destination group `g` != my_group) arrived.
  void head_arrived(uint32_t g) { ++partial_[g]; }
  // The counted head of input port `in_port` was granted; its group is decremented when its tail
  // leaves (tails_left). `g` == kNone: not counted.
  void head_granted(uint32_t in_port, uint32_t g) { tail_group_[in_port] = g; }
  // The input ports whose tails have left (ContentionSensor::tails_left).
  void tails_left(uint64_t ports) {
    for (; ports != 0; ports &= ports - 1) {
      const uint32_t g = tail_group_[__builtin_ctzll(ports)];
      if (g != kNone) --partial_[g];
    }
  }
  // The group recorded for the pending tail of `in_port` (kNone: not counted).
  uint32_t tail_group(uint32_t in_port) const { return tail_group_[in_port]; }
  // A tail recorded with group `g` has left (a late tail, ContentionSensor::late_tails_left).
  void group_tail_left(uint32_t g) {
    if (g != kNone) --partial_[g];
  }
  // At the start of the router's step, before any change of the partial counters.
  void record(Cycle now);
  // The combined counter of destination group `g` as visible in cycle `now`.
  uint32_t combined(uint32_t g, Cycle now) const;
  // This router's partial counters as they were at broadcast boundary `boundary`.
  const std::vector<uint16_t>& state_at(Cycle boundary) const;
  uint32_t partial(uint32_t g) const { return partial_[g]; }

 private:
  struct Record {
    Cycle boundary = kNone;
    std::vector<uint16_t> v;
  };
  bool enabled_ = false;
  uint32_t my_group_ = 0;
  Cycle latency_ = 10, period_ = 100;
  std::vector<uint16_t> partial_;
  Record hist_[4];
  uint32_t next_ = 0;
  std::vector<const EctnSensor*> peers_;
  // Sum of the other routers' partial arrays at broadcast boundary others_boundary_.
  mutable std::vector<uint32_t> others_;
  mutable Cycle others_boundary_ = kNone;
  uint32_t tail_group_[64] = {};
};

}  // namespace netcosim
