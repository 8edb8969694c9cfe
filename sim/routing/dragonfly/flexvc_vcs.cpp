#include "sim/routing/dragonfly/flexvc_vcs.h"

#include <string>

#include "sim/config/config.h"

namespace netcosim {

namespace {

// The VC mask of VCs 0..highest (0 when highest is flexvc::kNone).
uint16_t up_to(int highest) {
  return highest < 0 ? uint16_t{0} : static_cast<uint16_t>((1u << (highest + 1)) - 1);
}

}  // namespace

DragonflyFlexVc::DragonflyFlexVc(const Dragonfly& topo, uint32_t local_vcs, uint32_t global_vcs,
                                 uint32_t reply_local, uint32_t reply_global)
    : topo_(&topo),
      seq_(reply_local + reply_global == 0
               ? flexvc::ReferenceSequence(flexvc::dragonfly_sequence(local_vcs, global_vcs))
               : flexvc::ReferenceSequence(
                     flexvc::dragonfly_sequence(local_vcs - reply_local, global_vcs - reply_global),
                     flexvc::dragonfly_sequence(reply_local, reply_global))),
      reference_(seq_.describe(" lg")),
      safe_(2 * 3 * kKeys, 0),
      opp_(2 * 3 * kKeys, 0),
      reply_part_(seq_.has_reply_part() ? 1 : 0) {
  reply_first_[flexvc::kL] = local_vcs - reply_local;
  reply_first_[flexvc::kG] = global_vcs - reply_global;
  for (size_t j = 0; j < seq_.size(); ++j)
    pos_[seq_.type_at(j)][seq_.vc_at(j)] = static_cast<int>(j);
  std::vector<flexvc::LinkType> path;
  for (uint32_t key = 0; key < kKeys; ++key) {
    path.clear();
    bool valid = true;
    for (uint32_t k = key; k != 0; k /= 3) {
      if (k % 3 == 0) valid = false;  // a 0 digit below a nonzero one: not a path's key
      path.push_back(static_cast<flexvc::LinkType>(k % 3));
    }
    if (!valid) continue;
    for (unsigned part = 0; part <= reply_part_; ++part)
      for (flexvc::LinkType t : {flexvc::kL, flexvc::kG}) {
        const bool reply = part == 1;
        safe_[index(part, t, key)] = up_to(seq_.highest_safe(t, path.data(), path.size(), reply));
        opp_[index(part, t, key)] =
            up_to(seq_.highest_opportunistic(t, path.data(), path.size(), reply));
      }
  }
}

TypePath DragonflyFlexVc::min_path(uint32_t a, uint32_t b) const {
  TypePath p;
  for (uint32_t r = a; r != b;) {
    const uint32_t port = topo_->min_output(r, b);
    p.push_back(static_cast<flexvc::LinkType>(topo_->port_class(port)));
    r = topo_->peer(r, port).router;
  }
  return p;
}

DragonflyFlexVc::Hop DragonflyFlexVc::hop(uint32_t router, uint32_t port, const TypePath& rest,
                                          uint32_t dst_router, int here, uint8_t cls) const {
  const auto t = static_cast<flexvc::LinkType>(topo_->port_class(port));
  const uint16_t m = safe(t, rest, cls);
  if (m != 0 && pos_[t][31 - __builtin_clz(m)] > here) return {m, false};
  return {opportunistic(t, min_path(topo_->peer(router, port).router, dst_router), cls), true};
}

uint16_t DragonflyFlexVc::minimal(uint32_t router, uint32_t port, uint32_t dst_router,
                                  uint8_t cls) const {
  return safe(static_cast<flexvc::LinkType>(topo_->port_class(port)),
              min_path(topo_->peer(router, port).router, dst_router), cls);
}

int DragonflyFlexVc::highest_escape_vc(uint32_t router, uint32_t out_port,
                                       const Packet& pkt) const {
  const auto t = static_cast<flexvc::LinkType>(topo_->port_class(out_port));
  const uint16_t m = opportunistic(
      t, min_path(topo_->peer(router, out_port).router, topo_->router_of_node(pkt.dst)), pkt.cls);
  return m == 0 ? -1 : 31 - __builtin_clz(m);
}

void check_flexvc_paths(const char* algorithm, flexvc::PathKind kind, uint32_t local_vcs,
                        uint32_t global_vcs, uint32_t reply_local, uint32_t reply_global) {
  const flexvc::PathShape shape = flexvc::dragonfly_path(kind);
  if (reply_local + reply_global != 0) {
    // Request-reply (thesis 000 Sec. 5.2.2-5.2.3, Table 5.4; seed 002 Sec. III-B, Table IV): the
    // request part holds the request path, the reply part the reply path's escapes.
    const std::string counts = "router.vcs_local=" + std::to_string(local_vcs) +
                               ", router.vcs_global=" + std::to_string(global_vcs) +
                               ", reply part " + std::to_string(reply_local) + "/" +
                               std::to_string(reply_global) +
                               " (router.reply_vcs_local, router.reply_vcs_global)";
    const std::string what =
        std::string("router.vc_management=flexvc with traffic.source=request_reply: ");
    // Theorem 2: the reply paths are deadlock-free by Theorem 1 in the reply sub-sequence, so it
    // holds at least the safe minimal path l-g-l, every reply hop's escape ("the set of reply VCs
    // only needs to be dimensioned for safe minimal paths").
    if (reply_local < 2 || reply_global < 1)
      throw ConfigError(what +
                        "the reply part must hold the safe minimal path l-g-l, the escape "
                        "of every reply (Theorem 2, thesis 000 Sec. 5.2.2-5.2.3, Table 5.4); "
                        "allowed: router.reply_vcs_local >= 2 and router.reply_vcs_global "
                        ">= 1; " +
                        counts);
    const bool enough = local_vcs >= reply_local + 2 && global_vcs >= reply_global + 1;
    const flexvc::ReferenceSequence seq =
        enough ? flexvc::ReferenceSequence(
                     flexvc::dragonfly_sequence(local_vcs - reply_local, global_vcs - reply_global),
                     flexvc::dragonfly_sequence(reply_local, reply_global))
               : flexvc::ReferenceSequence();
    const bool requests =
        enough && seq.classify(shape.path, shape.escapes, false) != flexvc::Hop::Impossible;
    const bool replies =
        enough && seq.classify(shape.path, shape.escapes, true) != flexvc::Hop::Impossible;
    if (requests && replies) return;
    static const char* const kRequest[] = {"2 local and 1 global", "3 local and 2 global",
                                           "3 local and 2 global", "3 local and 2 global"};
    if (!requests)
      throw ConfigError(what + "routing.algorithm=" + algorithm +
                        " needs request VCs of at least " + kRequest[static_cast<int>(kind)] +
                        " VCs before the " + std::to_string(reply_local) + " local and " +
                        std::to_string(reply_global) +
                        " global reply VCs for its request and reply paths to be safe or "
                        "opportunistic (thesis 000 Table 5.4, seed 002 Table IV); " +
                        counts);
    throw ConfigError(what + "routing.algorithm=" + algorithm +
                      "'s reply path is neither safe nor opportunistic in the reference sequence " +
                      seq.describe(" lg") + " (thesis 000 Table 5.4, seed 002 Table IV); " +
                      counts);
  }
  const flexvc::ReferenceSequence seq(flexvc::dragonfly_sequence(local_vcs, global_vcs));
  if (seq.size() != 0 && seq.classify(shape.path, shape.escapes, false) != flexvc::Hop::Impossible)
    return;
  static const char* const kMinimum[] = {"2 local and 1 global", "3 local and 2 global",
                                         "3 local and 2 global", "3 local and 2 global"};
  throw ConfigError(std::string("router.vc_management=flexvc: routing.algorithm=") + algorithm +
                    " needs at least " + kMinimum[static_cast<int>(kind)] +
                    " VCs for its paths to be safe or opportunistic (seed 002 Table III, thesis "
                    "000 Table 5.3); router.vcs_local=" +
                    std::to_string(local_vcs) +
                    ", router.vcs_global=" + std::to_string(global_vcs));
}

}  // namespace netcosim
