// PiggyBack saturation bits (thesis 000 Sec. 1.4.2, Eq. 1.3; FOGSim's updatePb): global link k of
// a router is saturated when its occupancy exceeds F times the mean occupancy of the router's
// global links plus T. Per-VC sensing (the default, thesis 000 Sec. 5.2.4): VC 0 of each link, the
// VC minimal traffic uses, against the mean of VC 0 over the links. Per-port sensing: each link's
// mean occupancy over its VCs against the mean of those over the links (Eq. 1.3 on port means;
// docs/model.md §4.1: comparing the link's sum would flag every port at once). Occupancy is
// what the credits see (capacity - credits), or under minCred (routing.mincred=vc|port,
// routing.piggyback_bits=auto) the router's count of the minimally routed packets' phits in
// those VCs (thesis 000 Sec. 5.2.4: minCred drives the misrouting decision; docs/model.md §4.6).
//
// The routers of a group read each other's bits with the local links' latency. The mask only
// changes while its router steps (update(), after the cycle's credits arrived); changes are kept
// with their cycle, enough of them to cover a reader `latency` cycles back and a producer up to
// the SystemC engine's quantum (<= latency) ahead, so the value read does not depend on the order
// in which routers step.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sim/blocks/credit_model.h"
#include "sim/congestion/sensor_needs.h"
#include "sim/link/packet.h"

namespace netcosim {

class SaturationSensor final {
 public:
  SaturationSensor() = default;
  // Global links are ports first_global .. first_global + links - 1, with `vcs` VCs each.
  SaturationSensor(const SensorNeeds& needs, uint32_t first_global, uint32_t links, uint32_t vcs)
      : enabled_(needs.saturation),
        f_(needs.sat_f),
        t_phits_(needs.sat_t_phits),
        first_(first_global),
        links_(links),
        vcs_(needs.sat_per_port ? vcs : 1),
        reply_vc_(needs.sat_per_port ? 0 : needs.sat_reply_vc),
        min_only_(needs.sat_min_only) {}

  bool enabled() const { return enabled_; }
  // True when the bits read the minimally routed packets' counts (SensorNeeds::sat_min_only);
  // the router then hands them over once with set_min_counts.
  bool min_only() const { return min_only_; }
  // The router's minimal-only counts, [port * stride + vc], kept alive and in place by the router.
  void set_min_counts(const uint32_t* counts, uint32_t stride) {
    min_counts_ = counts;
    min_stride_ = stride;
  }
  // The sensors of the routers of the group, by index in the group (this one included), read
  // `latency` cycles late. Sizes the change history.
  void set_peers(std::vector<const SaturationSensor*> peers, Cycle latency);

  // Recomputes the masks from the credit counters of the router's output ports (indexed by port).
  void update(Cycle now, const model::CreditArray& credits);
  uint64_t mask() const { return mask_; }
  // The replies' bits (the same as mask() when there is no second set).
  uint64_t reply_mask() const { return reply_vc_ != 0 ? reply_.mask : mask_; }
  // The mask as of the end of cycle `c` (the latest change at or before c).
  uint64_t at(Cycle c) const { return at(hist_, mask_, c); }
  // The bits of router `index_in_group` as visible here in cycle `now` (own: current; others:
  // latency cycles old).
  uint64_t peer(uint32_t index_in_group, Cycle now) const {
    const SaturationSensor* s = peers_[index_in_group];
    if (s == this) return mask_;
    if (now < latency_) return 0;
    return s->at(now - latency_);
  }
  // The same for the replies' bits (the one set when there is no second).
  uint64_t peer_reply(uint32_t index_in_group, Cycle now) const {
    if (reply_vc_ == 0) return peer(index_in_group, now);
    const SaturationSensor* s = peers_[index_in_group];
    if (s == this) return reply_.mask;
    if (now < latency_) return 0;
    return at(s->reply_.hist, s->reply_.mask, now - latency_);
  }

 private:
  struct Change {
    Cycle cycle = kNone;
    uint64_t mask = 0;
  };
  static uint64_t at(const std::vector<Change>& hist, uint64_t current, Cycle c);
  // Eq. 1.3 over the links' VCs first_vc .. first_vc + vcs_ - 1.
  template <bool MinOnly>
  uint64_t compute(const model::CreditArray& credits, uint32_t first_vc) const;
  uint64_t compute_mask(const model::CreditArray& credits, uint32_t first_vc) const {
    return min_only_ ? compute<true>(credits, first_vc) : compute<false>(credits, first_vc);
  }
  // The second set (request-reply, per VC): its mask and changes, kept like the first's.
  struct ReplySet {
    uint64_t mask = 0;
    std::vector<Change> hist;
    size_t next = 0;
  };
  void update_reply(Cycle now, const model::CreditArray& credits);

  bool enabled_ = false;
  double f_ = 2.0;
  uint32_t t_phits_ = 0;
  uint32_t first_ = 0, links_ = 0, vcs_ = 1;
  uint32_t reply_vc_ = 0;  // the second set's VC; 0: none
  bool min_only_ = false;
  const uint32_t* min_counts_ = nullptr;  // minCred's counts (min_only_): [port * stride + vc]
  uint32_t min_stride_ = 0;
  uint64_t mask_ = 0;
  std::vector<Change> hist_;
  size_t next_ = 0;
  std::vector<const SaturationSensor*> peers_;
  Cycle latency_ = 10;
  ReplySet reply_;
};

}  // namespace netcosim
