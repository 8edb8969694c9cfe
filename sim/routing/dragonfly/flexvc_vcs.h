// FlexVC's allowed VCs of a Dragonfly hop (seed 002 Sec. III; thesis 000 Sec. 5.2; docs/model.md
// §4.5), asked by the Dragonfly's routings under router.vc_management=flexvc. A hop of link type
// t followed by the rest R of the packet's path is safe when R embeds in the reference sequence
// after a position of type t: the hop may use every VC of type t up to the latest such position
// (Def. 1). Otherwise it is opportunistic when its escape E, the minimal path from the router the
// hop reaches, embeds after a position of type t: the VCs up to the latest such position, and only
// when one of them has room for the whole packet now; else the packet reverts to its escape
// (Def. 2, Sec. III-B). The masks are precomputed from the reference sequence
// (sim/routing/flexvc.h) for every path of up to kMaxRest hops, so a hop costs the walk of its
// path (at most seven topology steps) and two table reads.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/link/packet.h"
#include "sim/routing/dragonfly/flexvc_paths.h"
#include "sim/routing/flexvc.h"
#include "sim/routing/port_view.h"
#include "sim/routing/vc_order.h"
#include "sim/topology/dragonfly.h"

namespace netcosim {

// A path's link types as base-3 digits, first hop lowest (local 1, global 2; no digit is 0, so
// the key alone identifies the path and its length).
struct TypePath {
  uint32_t key = 0;
  uint32_t scale = 1;  // 3^length
  void push_back(flexvc::LinkType t) {
    key += t * scale;
    scale *= 3;
  }
  void append(const TypePath& o) {
    key += o.key * scale;
    scale *= o.scale;
  }
  bool empty() const { return key == 0; }
  flexvc::LinkType first() const { return static_cast<flexvc::LinkType>(key % 3); }
  TypePath tail() const { return empty() ? *this : TypePath{key / 3, scale / 3}; }
};

class DragonflyFlexVc final : public FlexVcLimit {
 public:
  static constexpr uint32_t kMaxRest = 7;  // the in-transit path's seven hops
  // The baseline (off): the routings keep their one distance-based VC per hop.
  DragonflyFlexVc() = default;
  // `local_vcs`/`global_vcs` VCs in all; with request-reply traffic the last `reply_local`/
  // `reply_global` of them are the reply part of the sequence (thesis 000 Sec. 5.2.2: request
  // sequence, then reply sequence), 0/0 without.
  DragonflyFlexVc(const Dragonfly& topo, uint32_t local_vcs, uint32_t global_vcs,
                  uint32_t reply_local = 0, uint32_t reply_global = 0);
  bool on() const { return topo_ != nullptr; }
  bool request_reply() const { return seq_.has_reply_part(); }
  // The first reply VC of link type t (the request part's VCs of that type).
  uint32_t reply_first(flexvc::LinkType t) const { return reply_first_[t]; }
  const flexvc::ReferenceSequence& sequence() const { return seq_; }
  // The sequence as "l0-g1-l2" (the checker's messages and the run's summary).
  const char* reference() const { return reference_.c_str(); }

  // The types of the minimal path from router a to router b (empty when a == b).
  // Out of line, as hop() and minimal(): the baseline's routes stay as lean as before FlexVC.
  TypePath min_path(uint32_t a, uint32_t b) const;
  // The VCs (bit v: VC v) of a safe hop of type t followed by `rest`, of an opportunistic one
  // whose escape is `escape`, for a packet of class `cls` (Packet::cls: a reply's tables are the
  // reply rule's when the sequence has a reply part); 0 when there is none.
  uint16_t safe(flexvc::LinkType t, const TypePath& rest, uint8_t cls) const {
    return lookup(safe_, part(cls), t, rest);
  }
  uint16_t opportunistic(flexvc::LinkType t, const TypePath& escape, uint8_t cls) const {
    return lookup(opp_, part(cls), t, escape);
  }

  // A hop through `port` at `router` whose path continues with `rest` to `dst_router`: its VCs
  // and whether it is opportunistic. Neither safe nor opportunistic (the configuration check
  // refuses such routings; kept for safety): no VC, opportunistic, so the router takes the
  // escape.
  struct Hop {
    uint16_t vcs;
    bool opportunistic;
  };
  // `here` is the position of the packet's input VC (position()): the hop is safe when its path
  // embeds after it (Def. 1: an increasing path from the input channel), the highest VC it allows
  // then lying after it.
  Hop hop(uint32_t router, uint32_t port, const TypePath& rest, uint32_t dst_router, int here,
          uint8_t cls) const;
  // The position of the packet's input VC in the reference sequence, -1 at an injection port.
  int position(const PortView& q) const {
    const PortClass c = q.port_class(q.in_port);
    return c == kInjectionClass ? -1 : pos_[c][q.in_vc];
  }
  // A hop of the minimal path to `dst_router` (always safe when MIN is: its rest is minimal).
  uint16_t minimal(uint32_t router, uint32_t port, uint32_t dst_router, uint8_t cls) const;

  // FlexVcLimit (the VC-order checker): the highest VC of the output's class from which the
  // packet's escape, the minimal path from the next router, embeds.
  int position(PortClass c, uint32_t vc) const override {
    return c == kInjectionClass ? -1 : pos_[c][vc];
  }
  int highest_escape_vc(uint32_t router, uint32_t out_port, const Packet& pkt) const override;

 private:
  static size_t index(unsigned part, flexvc::LinkType t, uint32_t key) {
    return (part * 3 + t) * kKeys + key;
  }
  static uint16_t lookup(const std::vector<uint16_t>& table, unsigned part, flexvc::LinkType t,
                         const TypePath& p) {
    return p.key < kKeys ? table[index(part, t, p.key)] : 0;
  }
  // The tables of a packet of class cls: 1 for a reply with a reply part, else 0.
  unsigned part(uint8_t cls) const { return cls == Packet::kReply ? reply_part_ : 0u; }
  static constexpr uint32_t kKeys = 2187;  // 3^kMaxRest

  const Dragonfly* topo_ = nullptr;
  flexvc::ReferenceSequence seq_;
  std::string reference_;
  std::vector<uint16_t> safe_, opp_;   // [part][type][key]: the VC mask, 0 when none
  unsigned reply_part_ = 0;            // 1 when the sequence has a reply part
  uint32_t reply_first_[3] = {};       // [type]: the request part's VCs
  int pos_[3][VcOrder::kMaxVcs] = {};  // [type][vc]: position in the sequence
};

// FlexVC's check of a Dragonfly routing at construction (seed 002 Table III, thesis 000 Tables
// 5.3-5.4): its longest path `kind` with `local_vcs`/`global_vcs` is safe or opportunistic, else a
// ConfigError naming the routing, the VC counts and the table.
// With request-reply traffic (`reply_local`/`reply_global` not 0) the request path in the request
// part and the reply path over the whole sequence, its escapes in the reply part (Table 5.4).
void check_flexvc_paths(const char* algorithm, flexvc::PathKind kind, uint32_t local_vcs,
                        uint32_t global_vcs, uint32_t reply_local = 0, uint32_t reply_global = 0);

}  // namespace netcosim
