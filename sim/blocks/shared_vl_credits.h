// The InfiniBand port buffer as a credit model (sim/blocks/credit_model.h; docs/architecture.md
// "Credit models"): one buffer per port shared dynamically by its virtual lanes, each VL with a
// guaranteed minimum and a maximum (thesis 003 Sec. 5.3.1, extract §2.2 "Dynamic VL buffer
// management"; the thesis gives no values: docs/model.md §10.1). A VL first fills its own
// minimum, then takes from the shared part (the buffer less every VL's minimum), up to its
// maximum:
//   credits(v) = min(max - used_v, (min - used_v)^+ + free_shared),
//   free_shared = total - vls * min - sum_u (used_u - min)^+.
// Published as CreditLevels (capacity() = the maximum), kept current on every update by a loop
// over the VLs, paid only by this model. The same accounting sizes the switches' own output
// buffers (sim/router/ib/ib_switch.h).
#pragma once

#include <cassert>
#include <cstdint>
#include <string>

#include "sim/blocks/credit_model.h"

namespace netcosim::model {

struct SharedVlBuffer {
  uint32_t vls = 0;
  uint32_t total_phits = 0;
  uint32_t vl_min = 0;  // guaranteed per VL
  uint32_t vl_max = 0;  // at most per VL
};

// The parameters of rtl/shared_vl_credits.sv that account a buffer: its VLs, flits, minimum and
// maximum per VL, and W, the fewest bits that hold TOTAL (TOTAL < 2^W). The one derivation of the
// in-network socket's sets (systemc/rtl/rtl_attach.cpp: the set each switch buffer and each NIC's
// credits instantiate) and of the blocks `netcosim area` prices (sim/experiment/router_area.cpp),
// so the two cannot differ.
struct SharedVlRtlParams {
  uint32_t vls = 0, w = 0, total = 0, vl_min = 0, vl_max = 0;
  // "VLS=..,W=..,TOTAL=..,VL_MIN=..,VL_MAX=..": rtl/catalog.h's form.
  std::string text() const {
    return "VLS=" + std::to_string(vls) + ",W=" + std::to_string(w) +
           ",TOTAL=" + std::to_string(total) + ",VL_MIN=" + std::to_string(vl_min) +
           ",VL_MAX=" + std::to_string(vl_max);
  }
};
inline SharedVlRtlParams shared_vl_rtl_params(const SharedVlBuffer& b) {
  uint32_t w = 1;
  while ((uint64_t{1} << w) <= b.total_phits) ++w;
  return {b.vls, w, b.total_phits, b.vl_min, b.vl_max};
}

class SharedVlCredits : public CreditLevels {
 public:
  SharedVlCredits() = default;
  explicit SharedVlCredits(const SharedVlBuffer& b)
      : CreditLevels(b.vls, b.vl_max), total_(b.total_phits), min_(b.vl_min) {
    assert(b.vls <= kMaxVcs && b.vls * b.vl_min <= b.total_phits && b.vl_min <= b.vl_max &&
           b.vl_max <= b.total_phits);
    refresh();
  }
  // The most one VL may hold.
  static uint32_t vc_limit_phits(const SharedVlBuffer& b) { return b.vl_max; }

  [[gnu::always_inline]] inline void consume(unsigned vl, uint32_t phits) {
    assert(vl < vcs_ && credits_[vl] >= phits);
    used_[vl] += phits;
    refresh();
  }
  void give_back(unsigned vl, uint32_t phits) {
    assert(vl < vcs_ && used_[vl] >= phits);
    used_[vl] -= phits;
    refresh();
  }
  uint32_t used(unsigned vl) const { return used_[vl]; }
  uint32_t free_shared() const { return free_shared_; }

 private:
  // Forced inline (and consume): the switches' translation unit (sim/router/ib/ib_switch.cpp)
  // grew with the OPA allocators' socket paths and the compiler then called them out of line
  // from the NICs' step (cachegrind on configs/qos-opa-fattree-4-2.ini: +0.25 M instructions).
  [[gnu::always_inline]] inline void refresh() {
    uint32_t over = 0;
    for (unsigned v = 0; v < vcs_; ++v) over += used_[v] > min_ ? used_[v] - min_ : 0;
    free_shared_ = total_ - vcs_ * min_ - over;
    for (unsigned v = 0; v < vcs_; ++v) {
      const uint32_t own = used_[v] < min_ ? min_ - used_[v] : 0;
      const uint32_t room = cap_ - used_[v];
      const uint32_t avail = own + free_shared_;
      credits_[v] = avail < room ? avail : room;
    }
  }

  uint32_t total_ = 0, min_ = 0, free_shared_ = 0;
  uint32_t used_[kMaxVcs] = {};
};

// Another implementation of a switch's shared VL buffers' accounting, clocked at the end of every
// switch cycle beside the models (the Verilated rtl/shared_vl_credits.sv of every buffer:
// systemc/rtl/shared_vl_credits_socket.h; docs/cosim.md "The switches' shared VL buffers"): it
// reads each model's use per VL and takes the cycle's change. The switch numbers its buffers
// (RouterModel::shared_vl_buffers).
class SharedVlCreditsEdge {
 public:
  virtual ~SharedVlCreditsEdge() = default;
  // The end of a switch cycle: models[b] is buffer b's accounting after the cycle's updates
  // (nullptr for a number the switch does not use).
  virtual void edge(const SharedVlCredits* const* models) = 0;
};

}  // namespace netcosim::model
