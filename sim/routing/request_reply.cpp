#include "sim/routing/request_reply.h"

#include "sim/config/reply_vcs.h"

namespace netcosim {

RequestReplyVcs::RequestReplyVcs(std::unique_ptr<RoutingAlgorithm> inner,
                                 const uint32_t (&reply_first)[kMaxPortClasses],
                                 PortClass crossing_class)
    : inner_(std::move(inner)) {
  for (unsigned k = 0; k < kMaxPortClasses; ++k) first_[k] = reply_first[k];
  if (crossing_class != kInjectionClass) reply_first_crossing_ = first_[crossing_class];
}

VcOrder RequestReplyVcs::vc_order() const {
  VcOrder o = inner_->vc_order();
  if (!o.declared()) return o;
  // The reply copy: every position again, after the request positions, on VC + first.
  unsigned positions = 0;
  for (unsigned k = 0; k < kMaxPortClasses; ++k)
    for (uint32_t v = 0; v < VcOrder::kMaxVcs; ++v)
      if (o.rank[k][v] != VcOrder::kAbsent && o.rank[k][v] + 1u > positions)
        positions = o.rank[k][v] + 1u;
  VcOrder r = o;
  for (unsigned k = 1; k < kMaxPortClasses; ++k)
    for (uint32_t v = 0; v < VcOrder::kMaxVcs; ++v) {
      if (o.rank[k][v] == VcOrder::kAbsent || v + first_[k] >= VcOrder::kMaxVcs) continue;
      r.rank[k][v + first_[k]] = static_cast<uint8_t>(o.rank[k][v] + positions);
      r.repeats[k][v + first_[k]] = o.repeats[k][v];
    }
  r.request_reply = true;
  r.replies_use_request_vcs = false;
  for (unsigned k = 0; k < kMaxPortClasses; ++k) r.reply_first[k] = static_cast<uint8_t>(first_[k]);
  // "l0-g0-l1 | l2-g1-l3": the reply half's tokens carry their VC + first.
  std::string text = o.reference, reply;
  for (size_t i = 0; i < text.size();) {
    size_t j = i + 1;
    while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
    unsigned k = 0;
    for (size_t c = 1; c < o.class_names.size(); ++c)
      if (!o.class_names[c].empty() && o.class_names[c][0] == text[i]) k = static_cast<unsigned>(c);
    reply += text[i];
    reply += std::to_string(std::stoul(text.substr(i + 1, j - i - 1)) + first_[k]);
    while (j < text.size() && text[j] != '-') reply += text[j++];  // a repeat mark '*'
    if (j < text.size()) reply += text[j++];
    i = j;
  }
  reference_ = text + " | " + reply;
  r.reference = reference_.c_str();
  return r;
}

std::unique_ptr<RoutingAlgorithm> with_request_reply_vcs(const Config& cfg, const Topology& topo,
                                                         std::unique_ptr<RoutingAlgorithm> inner) {
  uint32_t first[kMaxPortClasses] = {};
  const std::vector<std::string>& names = topo.port_class_names();
  for (size_t k = 1; k < names.size() && k < kMaxPortClasses; ++k) {
    const std::string key = "router.vcs_" + names[k];
    first[k] = static_cast<uint32_t>(cfg.get_int(key)) - reply_vcs(cfg, names[k]);
  }
  PortClass crossing = kInjectionClass;
  for (uint32_t port = 0; port < topo.router_radix(); ++port)
    if (topo.crosses_partitions(0, port)) {
      crossing = topo.port_class_of(0, port);
      break;
    }
  return std::make_unique<RequestReplyVcs>(std::move(inner), first, crossing);
}

}  // namespace netcosim
