// The round-robin output scheduler with equal weights per service level (thesis 003 Sec. 4.3.1,
// extract §4.1): bandwidth is split per SL, not per VL. Two levels of the round-robin arbiter block
// (sim/blocks/rr_arbiter.h): one over the SLs that have a ready head on one of their VLs, then one
// per SL over that SL's ready VLs; a VL carrying several SLs (Table 4.6's BE and BK on VL6/VL7)
// is in each of their sets, so the group gets one turn per SL. Turns are packets, equal in
// bandwidth when the SLs' MTUs are (docs/model.md §10.2). The interface is the output scheduler's
// (sim/blocks/output_scheduler.h): kVls lanes, select(active VLs, head sizes) with no state
// change, accept(vl) when the chosen packet starts; the QoS blocks (sim/blocks/qos_scheduler.h)
// have the same shape.
#pragma once

#include <cassert>
#include <cstdint>

#include "sim/blocks/rr_arbiter.h"

namespace netcosim {

class RrSlScheduler {
 public:
  static constexpr uint32_t kVls = 16;
  static constexpr uint32_t kMaxSls = 16;

  RrSlScheduler() = default;
  // sl_vls[s]: the VLs that carry SL s, as a mask.
  RrSlScheduler(uint32_t sls, const uint16_t* sl_vls) : sls_(sls), sl_arb_(sls) {
    assert(sls >= 1 && sls <= kMaxSls);
    for (uint32_t s = 0; s < sls; ++s) {
      sl_vls_[s] = sl_vls[s];
      vl_arb_[s] = model::RoundRobinArbiter(kVls);
    }
  }
  // Another implementation of the SL arbiter (the rr_arbiter RTL's socket; select_via).
  using Socket = model::RrBlock;

  // `active` is never 0 and each of its VLs carries an SL.
  uint32_t select(uint32_t active, const uint32_t* /*head_phits*/) const {
    const uint64_t req = requests(active);
    const int s = sl_arb_.arbitrate(req);
    assert(s >= 0);
    chosen_sl_ = static_cast<uint32_t>(s);
    return static_cast<uint32_t>(vl_arb_[s].arbitrate(sl_vls_[s] & active));
  }
  // The packet of `vl` chosen by the last select() starts.
  void accept(uint32_t vl) {
    sl_arb_.update(chosen_sl_);
    vl_arb_[chosen_sl_].update(vl);
  }
  // Through an SL arbiter block `b` (RouterModel::set_rr_block; VlSwitch::send<true>): the block
  // is given the requesting SLs and this arbiter's choice and returns the SL granted (the RTL's
  // in strict mode; kVls when it grants none); the VL arbiter of that SL chooses its VL.
  uint32_t select_via(model::RrBlock& b, uint32_t port, uint32_t active,
                      const uint32_t* /*head_phits*/, const uint8_t* /*head_sl*/) const {
    const uint64_t req = requests(active);
    const int s = b.select(port, req, sl_arb_.arbitrate(req), sl_arb_);
    if (s < 0 || static_cast<uint32_t>(s) >= sls_) return kVls;
    chosen_sl_ = static_cast<uint32_t>(s);
    return static_cast<uint32_t>(vl_arb_[s].arbitrate(sl_vls_[s] & active));
  }
  // The pointer moves past the SL granted (rtl/rr_arbiter.sv's update: in strict mode the RTL's
  // pointer, which this one then equals).
  void accept_via(model::RrBlock& b, uint32_t port, uint32_t vl) {
    accept(vl);
    b.accept(port, chosen_sl_);
  }
  const model::RoundRobinArbiter& sl_arbiter() const { return sl_arb_; }
  uint32_t sls() const { return sls_; }

 private:
  uint64_t requests(uint32_t active) const {
    uint64_t req = 0;
    for (uint32_t s = 0; s < sls_; ++s)
      if ((sl_vls_[s] & active) != 0) req |= uint64_t{1} << s;
    return req;
  }
  uint32_t sls_ = 1;
  uint16_t sl_vls_[kMaxSls] = {};
  model::RoundRobinArbiter sl_arb_;
  model::RoundRobinArbiter vl_arb_[kMaxSls];
  // The SL of the last select(), held for accept() like a grant register.
  mutable uint32_t chosen_sl_ = 0;
};

}  // namespace netcosim
