// The DAMQ credit model (sim/blocks/credit_model.h): a sender's view of a Dynamically Allocated
// Multi-Queue input buffer, one memory per port shared by its VCs with a private part reserved
// for each VC (thesis 000 Sec. 1.1, Fig. 1.2c; Sec. 5.3.1; seed 002 Sec. II, Fig. 2, Table V:
// 75% private, 25% shared). The sender tracks per-VC and per-port occupancy (seed 002 Sec. VI-B):
//   port buffer  B = vcs x router.buffer_<class> (the same memory as the static buffers),
//   private      P = floor(B x router.damq_private / 100 / vcs) phits per VC,
//   shared pool  B - vcs x P;
//   VC v may send S phits when  max(P - used_v, 0) + (shared pool - shared used) >= S,
//   where shared used = sum over VCs of max(used_v - P, 0): a VC uses its private part first.
// With 100% private it is the static buffer (P = router.buffer_<class>); with 0% every VC
// competes for the whole pool, which can deadlock (thesis 000 Sec. 5.3.1: VC c0 takes all the
// memory of several ports and packets cannot advance to c1). Access penalties of a real DAMQ
// (pointer indirection, seed 002 Sec. VI-B) are not modelled (docs/model.md §2).
#pragma once

#include <cassert>
#include <cstdint>

#include "sim/blocks/credit_model.h"

namespace netcosim::model {

class DamqCredits final : public CreditLevels {
 public:
  DamqCredits() = default;
  explicit DamqCredits(const PortBuffer& b)
      : CreditLevels(b.vcs, vc_limit_phits(b)),
        private_(private_phits(b)),
        shared_cap_(b.total_phits() - b.vcs * private_phits(b)),
        shared_free_(shared_cap_) {
    assert(b.vcs <= kMaxVcs);
    publish();
  }
  static uint32_t private_phits(const PortBuffer& b) {
    return b.vcs == 0
               ? 0
               : static_cast<uint32_t>(uint64_t{b.total_phits()} * b.private_percent / 100 / b.vcs);
  }
  // One VC may hold its private part and the whole pool.
  static uint32_t vc_limit_phits(const PortBuffer& b) {
    return private_phits(b) + (b.total_phits() - b.vcs * private_phits(b));
  }
  // The port holds at most its buffer.
  static uint32_t port_packets(const PortBuffer& b, uint32_t packet_size) {
    return b.total_phits() / packet_size;
  }

  uint32_t used(unsigned vc) const { return used_[vc]; }
  uint32_t private_phits() const { return private_; }
  uint32_t shared_free() const { return shared_free_; }

  void consume(unsigned vc, uint32_t phits) {
    assert(vc < vcs_ && credits_[vc] >= phits && "DAMQ credits: no room for the packet");
    const uint32_t in_private = used_[vc] < private_ ? private_ - used_[vc] : 0;
    if (phits > in_private) shared_free_ -= phits - in_private;
    used_[vc] += phits;
    publish();
  }
  void give_back(unsigned vc, uint32_t phits) {
    assert(vc < vcs_ && used_[vc] >= phits && "DAMQ credits: more returned than sent");
    const uint32_t over_before = used_[vc] > private_ ? used_[vc] - private_ : 0;
    used_[vc] -= phits;
    const uint32_t over_after = used_[vc] > private_ ? used_[vc] - private_ : 0;
    shared_free_ += over_before - over_after;
    publish();
  }

 private:
  void publish() {
    for (unsigned v = 0; v < vcs_; ++v)
      credits_[v] = (used_[v] < private_ ? private_ - used_[v] : 0) + shared_free_;
  }

  uint32_t private_ = 0, shared_cap_ = 0, shared_free_ = 0;
  uint32_t used_[kMaxVcs] = {};
};

}  // namespace netcosim::model
