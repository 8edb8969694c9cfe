#include "sim/congestion/saturation_sensor.h"

namespace netcosim {

void SaturationSensor::set_peers(std::vector<const SaturationSensor*> peers, Cycle latency) {
  peers_ = std::move(peers);
  latency_ = latency;
  if (enabled_) hist_.assign(2 * latency + 8, Change{});
  if (enabled_ && reply_vc_ != 0) reply_.hist.assign(2 * latency + 8, Change{});
}

template <bool MinOnly>
[[gnu::always_inline]] inline uint64_t SaturationSensor::compute(const model::CreditArray& credits,
                                                                 uint32_t first_vc) const {
  uint32_t q[64];
  uint64_t sum = 0;
  for (uint32_t k = 0; k < links_; ++k) {
    q[k] = 0;
    if constexpr (MinOnly) {
      const uint32_t* m = min_counts_ + size_t{first_ + k} * min_stride_;
      for (uint32_t v = first_vc; v < first_vc + vcs_; ++v) q[k] += m[v];
    } else {
      const model::CreditLevels& c = credits[first_ + k];
      for (uint32_t v = first_vc; v < first_vc + vcs_; ++v) q[k] += c.occupancy(v);
    }
    sum += q[k];
  }
  // Eq. 1.3 on means: the link's mean occupancy over its sensed VCs against F times the mean
  // over the router's global links plus T (per VC: one VC, the mean is the VC's occupancy).
  const double limit = f_ * double(sum) / double(links_ * vcs_) + t_phits_;
  uint64_t mask = 0;
  for (uint32_t k = 0; k < links_; ++k)
    if (double(q[k]) / double(vcs_) > limit) mask |= uint64_t{1} << k;
  return mask;
}

void SaturationSensor::update(Cycle now, const model::CreditArray& credits) {
  if (reply_vc_ != 0) update_reply(now, credits);
  const uint64_t mask = compute_mask(credits, 0);
  if (mask == mask_) return;
  mask_ = mask;
  hist_[next_] = Change{now, mask};
  next_ = (next_ + 1) % hist_.size();
}

void SaturationSensor::update_reply(Cycle now, const model::CreditArray& credits) {
  const uint64_t mask = compute_mask(credits, reply_vc_);
  if (mask == reply_.mask) return;
  reply_.mask = mask;
  reply_.hist[reply_.next] = Change{now, mask};
  reply_.next = (reply_.next + 1) % reply_.hist.size();
}

// Changes are made at steps, so a later change cannot affect c. When no change at or before c is
// kept, the value is the initial one (0) if a newer change is kept, else the current mask.
uint64_t SaturationSensor::at(const std::vector<Change>& hist, uint64_t current, Cycle c) {
  uint64_t best = 0;
  Cycle best_t = 0;
  bool found = false;
  bool newer = false;
  for (const auto& r : hist) {
    if (r.cycle == kNone) continue;
    if (r.cycle <= c) {
      if (!found || r.cycle > best_t) best = r.mask, best_t = r.cycle, found = true;
    } else {
      newer = true;
    }
  }
  if (found) return best;
  return newer ? 0 : current;
}

}  // namespace netcosim
