// FlexVC's allowed-VC rule (seed 002 Sec. III; thesis 000 Sec. 5.2, docs/model.md §4.5): a hop
// may use every VC of its link type up to the highest one from which the rest of its path still
// has an increasing escape. The VCs of a network form one reference sequence of link types
// (Dragonfly: l0-g1-l2 for MIN 2/1, l0-g1-l2-g3-l4 for 3/2, l0-g1-l2-l3-g4-l5 for 4/2,
// l0-l1-g2-l3-l4-g5-l6 for 5/2, extra VCs at the start; with request-reply traffic the request
// sequence followed by the reply sequence). A position's VC is its index among the positions of
// its type. For a hop of type t:
//   - safe (Def. 1): the rest of the path R embeds, as a subsequence of types, in the sequence
//     after some position j of type t inside the packet class's safe part; the hop may use the
//     VCs of type t up to the latest such j (seed 002 Sec. III-A: "the VC index determined by R
//     equals the maximum amount of VCs minus the remaining hops", here by type);
//   - opportunistic (Def. 2): the path does not embed, but the escape E, the safe path from the
//     router after the hop (the minimal path there), embeds after some j of type t: the hop may
//     use the VCs up to the latest such j, and only when it can be taken now (the buffer after
//     the hop has room for the packet), else the packet takes its safe path;
//   - impossible otherwise.
// Requests use their part of the sequence only; replies use the reply part for their safe paths
// and the whole sequence (request VCs too) for their hops, an opportunistic reply hop's escape
// lying in the reply part (Theorem 2: "reply packets can employ both reply and request VCs").
// The rule is written once for any set of link types (the Dragonfly's local/global, one type for
// the generic diameter-2 network of Tables 5.1-5.2); tests/unit/routing/test_flexvc.cpp checks
// every cell of thesis 000 Tables 5.1-5.4.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace netcosim::flexvc {

// A link type: a port class of the topology (1..3; 0 is injection and never a hop's type).
using LinkType = uint8_t;
constexpr int kNone = -1;

// How a hop may be taken.
enum class Hop : uint8_t { Safe, Opportunistic, Impossible };

class ReferenceSequence {
 public:
  ReferenceSequence() = default;
  // The request part, then (optionally) the reply part: each a sequence of link types, first
  // position first.
  ReferenceSequence(std::vector<LinkType> request, std::vector<LinkType> reply = {});

  size_t size() const { return seq_.size(); }
  LinkType type_at(size_t j) const { return seq_[j]; }
  // The VC of position j: its index among the positions of its type.
  int vc_at(size_t j) const { return vc_[j]; }
  // The VCs of type t in the whole sequence (the VCs a port of that type needs).
  int vcs_of(LinkType t) const;
  bool has_reply_part() const { return reply_start_ < seq_.size(); }

  // The highest VC of type `t` a hop may use when the types in `rest` must still follow it (a
  // safe hop), kNone when none; `reply`: the packet is a reply.
  int highest_safe(LinkType t, const LinkType* rest, size_t n, bool reply) const;
  // The highest VC of type `t` of an opportunistic hop whose escape (the safe path from the next
  // router) is `escape`, kNone when none.
  int highest_opportunistic(LinkType t, const LinkType* escape, size_t n, bool reply) const;

  // The classification of a path (its hops' types, first hop first) whose escape after hop i is
  // escapes[i] (the minimal path from the router the hop reaches): Safe when every hop is safe,
  // Opportunistic when every hop is safe or opportunistic, else Impossible.
  Hop classify(const std::vector<LinkType>& path, const std::vector<std::vector<LinkType>>& escapes,
               bool reply) const;

  // "l0-g1-l2" with one letter per type (letters[t]).
  std::string describe(const char* letters) const;

 private:
  // Does `rest` embed as a subsequence of seq_[from, to)?
  bool embeds(const LinkType* rest, size_t n, size_t from, size_t to) const;
  // The latest position of type t in [lo, hi) after which `rest` embeds in [max(j + 1, esc_lo),
  // to); kNone when none.
  int latest(LinkType t, const LinkType* rest, size_t n, size_t lo, size_t hi, size_t esc_lo,
             size_t to) const;

  std::vector<LinkType> seq_;
  std::vector<int> vc_;
  size_t reply_start_ = 0;
};

}  // namespace netcosim::flexvc
