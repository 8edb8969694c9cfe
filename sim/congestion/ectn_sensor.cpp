#include "sim/congestion/ectn_sensor.h"

#include <algorithm>

namespace netcosim {

EctnSensor::EctnSensor(uint32_t groups, uint32_t my_group, Cycle latency, Cycle period)
    : enabled_(true),
      my_group_(my_group),
      latency_(latency),
      period_(period),
      partial_(groups, 0),
      others_(groups, 0) {
  for (auto& h : hist_) h.v.assign(groups, 0);
  std::fill(std::begin(tail_group_), std::end(tail_group_), kNone);
}

void EctnSensor::record(Cycle now) {
  const Cycle b = now / period_ * period_;
  const Record& last = hist_[(next_ + 3) % 4];
  if (last.boundary != kNone && last.boundary >= b) return;
  Record& r = hist_[next_];
  next_ = (next_ + 1) % 4;
  r.boundary = b;
  r.v = partial_;
}

const std::vector<uint16_t>& EctnSensor::state_at(Cycle boundary) const {
  const Record* best = nullptr;
  for (const auto& r : hist_)
    if (r.boundary != kNone && r.boundary >= boundary &&
        (best == nullptr || r.boundary < best->boundary))
      best = &r;
  return best != nullptr ? best->v : partial_;
}

uint32_t EctnSensor::combined(uint32_t g, Cycle now) const {
  if (now < latency_) return partial_[g];
  const Cycle s = (now - latency_) / period_ * period_;  // the latest broadcast received
  if (s != others_boundary_) {
    // The other routers' partial arrays at boundary s do not change once s is past (record()),
    // so their sum is computed once per broadcast.
    std::fill(others_.begin(), others_.end(), 0u);
    for (const EctnSensor* r : peers_) {
      if (r == this) continue;
      const std::vector<uint16_t>& v = r->state_at(s);
      for (size_t x = 0; x < others_.size(); ++x) others_[x] += v[x];
    }
    others_boundary_ = s;
  }
  return partial_[g] + others_[g];
}

}  // namespace netcosim
