// Credit models: how a sender sees the input buffer of the port its link feeds
// (docs/architecture.md "Credit models"). Thesis 000 Sec. 1.1 and 1.6.3: credit-based flow control,
// counted in phits; under Virtual Cut-Through a packet is sent only when the downstream buffer can
// take all of it. The buffer's organisation decides what "can take" means: statically partitioned
// per VC (thesis 000 Table 1.2, the CreditCounter block), a DAMQ pool shared by the VCs with a
// private part per VC (thesis 000 Sec. 1.1, 5.3.1), or the InfiniBand port buffer shared by the VLs
// with a guaranteed minimum and a maximum per VL (thesis 003 Sec. 5.3.1). Each organisation is a
// credit model type; the router is instantiated for one when the network is built
// (CioqRouter<Credits>, sim/router/cioq/router.h), so the per-packet updates are inlined.
//
// What every model publishes, and every reader reads (the router's VC selector, routing's
// PortView, the NIC's injection, the sensors, the deadlock report): CreditLevels, plain data at a
// fixed place in each model object, kept current by the model's own updates:
//   credits(v)    phits VC v may send now; can_send(v, S) is credits(v) >= S;
//   capacity()    the most phits one VC can ever be granted (its credits when all is free);
//   occupancy(v)  capacity() - credits(v): the part of that VC's room that is not available now,
//                 "the occupancy as the credits see it" (for a private buffer, the VC's phits
//                 downstream; for a shared one, the VC's phits and the pool's use by the others).
// A model type M derives from CreditLevels and provides:
//   M(const PortBuffer&)                             all free (reset value);
//   static uint32_t vc_limit_phits(const PortBuffer&) the most phits one VC may hold downstream
//                                                    (the receiver sizes its per-VC storage by it);
//   static uint32_t port_packets(const PortBuffer&, S) the most packets of S phits the whole port
//                                                    may hold (the link rings are sized by it);
//   void consume(unsigned vc, uint32_t phits)        a packet was sent on vc;
//   void give_back(unsigned vc, uint32_t phits)      a credit for vc arrived.
// Readers take `const CreditLevels&`: a model adds no virtual function, and a reader compiled
// once (a routing algorithm) reads any model.
#pragma once

#include <cstddef>
#include <cstdint>

namespace netcosim::model {

// The input buffer of one port, as configured (router.vcs_<class>, router.buffer_<class>, and
// for a shared organisation router.damq_private: the percentage of the port's buffer reserved for
// its VCs, split evenly).
struct PortBuffer {
  uint32_t vcs = 0;
  uint32_t phits_per_vc = 0;
  uint32_t private_percent = 100;
  uint32_t total_phits() const { return vcs * phits_per_vc; }
};

class CreditLevels {
 public:
  static constexpr unsigned kMaxVcs = 16;

  unsigned vcs() const { return vcs_; }
  uint32_t capacity() const { return cap_; }
  uint32_t credits(unsigned vc) const { return credits_[vc]; }
  bool can_send(unsigned vc, uint32_t phits) const { return credits_[vc] >= phits; }
  uint32_t occupancy(unsigned vc) const { return cap_ - credits_[vc]; }

 protected:
  CreditLevels() = default;
  CreditLevels(unsigned vcs, uint32_t capacity) : vcs_(vcs), cap_(capacity) {}

  unsigned vcs_ = 0;
  uint32_t cap_ = 0;
  uint32_t credits_[kMaxVcs] = {};  // inline: one cache line for up to 14 VCs with the two above
};

// An array of credit models of one type read as CreditLevels (PortView, the sensors): element p
// is `stride` bytes after element p - 1. A model derives from CreditLevels alone, without virtual
// functions, so its levels are at the same offset in every element.
class CreditArray {
 public:
  CreditArray() = default;
  template <class M>
  explicit CreditArray(const M* models)
      : base_(reinterpret_cast<const unsigned char*>(static_cast<const CreditLevels*>(models))),
        stride_(sizeof(M)) {}
  const CreditLevels& operator[](size_t p) const {
    return *reinterpret_cast<const CreditLevels*>(base_ + p * stride_);
  }
  explicit operator bool() const { return base_ != nullptr; }

 private:
  const unsigned char* base_ = nullptr;
  size_t stride_ = sizeof(CreditLevels);
};

}  // namespace netcosim::model
