// The output scheduler block: which virtual lane (VL) of an output port starts its head packet on
// the link next (sim/router/cioq/output_unit.h). Its interface is the port list of an RTL
// arbiter: the VLs whose head packet is ready (a bit mask) and the heads' sizes in phits in, one
// VL out (select, combinational, no state change); its state advances only when the chosen packet
// starts (accept). The table-based schedulers of thesis 003 (SBT, DTable, the InfiniBand VL
// arbiter, Sec. 4.3 and 5.4) implement the same interface with kVls lanes.
//   - FirstComeScheduler: one VL, its head (one FIFO per output; the reference CIOQ router).
// A scheduler is a type with a static kVls, select() and accept(); the output unit holds one per
// port and calls it without a virtual call.
#pragma once

#include <cstdint>

namespace netcosim {

struct FirstComeScheduler {
  static constexpr uint32_t kVls = 1;
  // `active` is never 0 when called.
  uint32_t select(uint32_t active, const uint32_t* /*head_phits*/) const {
    return static_cast<uint32_t>(__builtin_ctz(active));
  }
  void accept(uint32_t /*vl*/) {}
};

}  // namespace netcosim
