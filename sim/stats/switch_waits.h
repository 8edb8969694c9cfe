// The switches' head-wait counters (netcosim run --waits on router.architecture=ib|opa;
// docs/model.md "Head waits", "The switches' stages"): per switch, over the measurement window,
// the cycles each ready head of a VL FIFO of the switch spends in each state of its stage, per
// stage, SL and VL. Counted only by the counting instantiation VlSwitch<Sched, kOpa, true>
// (sim/router/ib/ib_switch_impl.h, compiled in ib_switch_waits.cpp), which the front end builds
// in place of the switch without counters when the flag is given; a run without it builds the
// switches of before and touches no counter.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/link/packet.h"

namespace netcosim {

// The FIFOs whose heads are counted: the input buffers' VLs (the IB VA-SA, the OPA MPort stage),
// the OPA central buffers' VLs (the central stage) and the output buffers' VLs (the link).
enum class SwitchStage : uint8_t { Input = 0, Central, Output };
inline constexpr uint32_t kSwitchStages = 3;
inline const char* switch_stage_name(uint32_t s) {
  static const char* const names[kSwitchStages] = {"input", "central", "output"};
  return names[s];
}

// What a ready head did in one cycle at its stage; exactly one per head and cycle, the first that
// holds in this order (docs/model.md "The switches' stages").
enum class SwitchWait : uint8_t {
  InputBusy = 0,  // input: its input's crossbar side moves an earlier packet
  OutputBusy,     // input: its output buffer's crossbar write side (OPA: the MPort crossbar's)
                  // is busy; central: the output buffer's central write side is busy
  OutputRoom,     // input, central: its output buffer's VL has no room for the whole packet
  CentralBusy,    // input (OPA, across MPorts): its central buffer's write side (x3 link) is busy
  CentralRoom,    // input (OPA, across MPorts): its central buffer's VL has no room
  ReadBusy,       // central: its central buffer's read side moves an earlier packet
  LinkBusy,       // output: the output link carries an earlier packet
  Credits,        // output: no credits downstream for the whole packet in its VL
  Scheduler,      // output: the scheduler chose another VL (or none) in this cycle
  Lost,           // input, central: requested and not granted by the separable allocator
  Granted,        // its crossbar transfer (output: its start on the link) begins in this cycle
};
inline constexpr uint32_t kSwitchWaitReasons = 11;
inline const char* switch_wait_name(uint32_t r) {
  static const char* const names[kSwitchWaitReasons] = {
      "input_busy", "output_busy", "output_room", "central_busy", "central_room", "read_busy",
      "link_busy",  "credits",     "scheduler",   "lost",         "granted"};
  return names[r];
}

// Whether stage st can count reason r (opa: the OPA switch, whose input stage also waits for a
// central buffer): the JSON lists these.
inline bool switch_wait_applies(SwitchStage st, SwitchWait r, bool opa) {
  switch (st) {
    case SwitchStage::Input:
      return r == SwitchWait::InputBusy || r == SwitchWait::OutputBusy ||
             r == SwitchWait::OutputRoom || r == SwitchWait::Lost || r == SwitchWait::Granted ||
             (opa && (r == SwitchWait::CentralBusy || r == SwitchWait::CentralRoom));
    case SwitchStage::Central:
      return opa &&
             (r == SwitchWait::ReadBusy || r == SwitchWait::OutputBusy ||
              r == SwitchWait::OutputRoom || r == SwitchWait::Lost || r == SwitchWait::Granted);
    case SwitchStage::Output:
      return r == SwitchWait::LinkBusy || r == SwitchWait::Credits || r == SwitchWait::Scheduler ||
             r == SwitchWait::Granted;
  }
  return false;
}

// One switch's counters, by stage, the head packet's SL and the FIFO's VL.
struct SwitchWaits {
  Cycle start = 0, end = 0;  // counted in cycles [start, end)
  uint32_t sls = 0, vls = 0;
  std::vector<uint64_t> n;  // [((stage * sls + sl) * vls + vl) * kSwitchWaitReasons + reason]
  void init(uint32_t s, uint32_t v, Cycle from, Cycle to) {
    sls = s;
    vls = v;
    start = from;
    end = to;
    n.assign(size_t{kSwitchStages} * s * v * kSwitchWaitReasons, 0);
  }
  size_t index(SwitchStage st, uint32_t sl, uint32_t vl, SwitchWait r) const {
    return ((size_t{static_cast<uint32_t>(st)} * sls + sl) * vls + vl) * kSwitchWaitReasons +
           static_cast<uint32_t>(r);
  }
  uint64_t& at(SwitchStage st, uint32_t sl, uint32_t vl, SwitchWait r) {
    return n[index(st, sl, vl, r)];
  }
  uint64_t count(SwitchStage st, uint32_t sl, uint32_t vl, SwitchWait r) const {
    return n[index(st, sl, vl, r)];
  }
};

}  // namespace netcosim
