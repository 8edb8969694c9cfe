// Helpers of the IB and OPA switch network tests (tests/network/test_ib_switch.cpp,
// test_opa_switch.cpp): a fixed-rate source to one destination and DOR without its dateline.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>

#include "sim/routing/routing.h"
#include "sim/traffic/source.h"

namespace netcosim::switchtest {

// One packet of class `cls` to `dst` every `gap` cycles from cycle 0.
class ToOne final : public TrafficSource {
 public:
  ToOne(uint32_t dst, uint8_t cls, Cycle gap) : dst_(dst), cls_(cls), gap_(gap) {}
  Cycle next() const override { return next_; }
  TrafficDescriptor generate() override {
    next_ += gap_;
    return TrafficDescriptor{dst_, 1, cls_};
  }

 private:
  uint32_t dst_;
  uint8_t cls_;
  Cycle gap_, next_ = 0;
};

// DOR without its dateline: every hop on routing VC 0, so a torus ring's VLs form a cycle of
// channel dependencies (the watchdog tests' deadlock). Declares no VC order (not checked).
class DorWithoutDateline final : public RoutingAlgorithm {
 public:
  explicit DorWithoutDateline(std::unique_ptr<RoutingAlgorithm> dor) : dor_(std::move(dor)) {}
  const char* name() const override { return "dor_without_dateline"; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override {
    RouteResult r = dor_->route(q, pkt, rng);
    r.vcs = vc_bit(0);
    return r;
  }
  uint32_t minimal_output(uint32_t router, const Packet& pkt) const override {
    return dor_->minimal_output(router, pkt);
  }

 private:
  std::unique_ptr<RoutingAlgorithm> dor_;
};

}  // namespace netcosim::switchtest
