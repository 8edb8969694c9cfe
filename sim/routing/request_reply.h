// Request and reply VCs under the baseline's distance-based VC management (thesis 000 Sec. 1.3
// and 5.2.2: "considering protocol deadlock doubles the VC requirements, considering separate sets
// of request and reply VCs"; seed 002 Sec. II, "Request-reply traffic and protocol deadlock"): the
// VCs of every router-to-router port class are split in two sets, the first for requests, the
// second for replies: halves by default (router.vcs_local=4 with request-reply: 2 request and 2
// reply local VCs, the thesis's "4/2 (2/1+2/1)"), or the last router.reply_vcs_local/global VCs
// for replies (reply_vcs, sim/config/reply_vcs.h). The routing is built for one set and routes both
// classes; a reply's hop is moved to the reply set (the "reply half" below), and the routing sees
// a reply's input VC as its VC within that set, and reads a reply's VCs within it
// (PortView::with_vc_base: its UGAL, PB and OLM comparisons see the reply VCs' occupancy).
// Applied by wrapping the routing (make_routing), so a run without request-reply pays nothing.
// FlexVC's concatenated sequence (Theorem 2) is the routing's own
// (sim/routing/dragonfly/flexvc_vcs.h). docs/model.md "Request-reply traffic".
#pragma once

#include <memory>
#include <string>

#include "sim/routing/routing.h"

namespace netcosim {

class RequestReplyVcs final : public RoutingAlgorithm {
 public:
  // `reply_first[k]`: the first reply VC of port class k (its request VCs); class 0 (injection)
  // is not split. `crossing_class`: the class of the ports whose links cross partitions (the
  // Dragonfly's global ports, whose bits PiggyBack senses), or kInjectionClass for none.
  RequestReplyVcs(std::unique_ptr<RoutingAlgorithm> inner,
                  const uint32_t (&reply_first)[kMaxPortClasses],
                  PortClass crossing_class = kInjectionClass);

  const char* name() const override { return inner_->name(); }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override {
    if (pkt.cls != Packet::kReply) return inner_->route(q, pkt, rng);
    RouteResult r = inner_->route(within_half(q), pkt, rng);
    to_reply_half(q, r);
    return r;
  }
  RouteResult escape(const PortView& q, const Packet& pkt) const override {
    if (pkt.cls != Packet::kReply) return inner_->escape(q, pkt);
    RouteResult r = inner_->escape(within_half(q), pkt);
    to_reply_half(q, r);
    return r;
  }
  bool adaptive() const override { return inner_->adaptive(); }
  // The routing's sensors; PiggyBack's per-VC bits get their second set, from the reply half's
  // first VC of the partition-crossing (global) ports (seed 002 Sec. IV-A).
  SensorNeeds sensor_needs() const override {
    SensorNeeds n = inner_->sensor_needs();
    if (n.saturation && !n.sat_per_port) n.sat_reply_vc = reply_first_crossing_;
    return n;
  }
  uint32_t minimal_output(uint32_t router, const Packet& pkt) const override {
    return inner_->minimal_output(router, pkt);
  }
  // The routing's reference path followed by its copy on the reply VCs, with the per-class rule
  // (requests below reply_first, replies at or above it).
  VcOrder vc_order() const override;
  const RoutingAlgorithm& inner() const { return *inner_; }

 private:
  PortView within_half(const PortView& q) const {
    PortView v = q.with_vc_base(first_);
    const PortClass c = q.port_class(q.in_port);
    if (c != kInjectionClass) v.in_vc -= first_[c];
    return v;
  }
  void to_reply_half(const PortView& q, RouteResult& r) const {
    const PortClass c = q.port_class(r.port);
    if (c != kInjectionClass) r.vcs = static_cast<uint16_t>(r.vcs << first_[c]);
  }

  std::unique_ptr<RoutingAlgorithm> inner_;
  uint32_t first_[kMaxPortClasses] = {};
  uint32_t reply_first_crossing_ = 0;  // first_ of the partition-crossing class (0: none)
  mutable std::string reference_;      // the VC order's reference text (vc_order() points into it)
};

// The routing of routing.algorithm with the request and reply VCs of traffic.source=request_reply
// under router.vc_management=baseline: `inner` wrapped, its sets from router.vcs_<class> and
// reply_vcs (router.reply_vcs_local/global).
std::unique_ptr<RoutingAlgorithm> with_request_reply_vcs(const Config& cfg, const Topology& topo,
                                                         std::unique_ptr<RoutingAlgorithm> inner);

}  // namespace netcosim
