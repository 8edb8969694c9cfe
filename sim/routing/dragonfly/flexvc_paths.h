// FlexVC on the Dragonfly (seed 002 Sec. III-C; thesis 000 Sec. 5.2.3): the reference sequence of
// a local/global VC count, and the longest paths of MIN, VAL and the in-transit adaptive routings
// (PAR, OLM) with the escape after each hop, by which a configuration is safe, opportunistic or
// impossible (thesis 000 Tables 5.3-5.4).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/routing/flexvc.h"

namespace netcosim::flexvc {

// The Dragonfly's link types (its port classes, sim/topology/dragonfly.h: local 1, global 2).
constexpr LinkType kL = 1, kG = 2;

// The reference sequence of L local and G global VCs (L >= 2, G >= 1): the longest of the
// thesis's sequences the counts hold, l0-g1-l2 (2/1), l0-g1-l2-g3-l4 (3/2), l0-g1-l2-l3-g4-l5
// (4/2), l0-l1-g2-l3-l4-g5-l6 (5/2), with the VCs left over inserted at the start (Sec. 5.2.3),
// alternating local and global while both remain. Empty when L < 2 or G < 1 (not even MIN).
std::vector<LinkType> dragonfly_sequence(uint32_t L, uint32_t G);

// A routing's longest path and the escape (the minimal path from the router each hop reaches,
// at its longest): MIN l-g-l; VAL l-g-l-l-g-l; in-transit l-l-g-l-l-g-l; VAL-group l-g-l-g-l.
// `baseline` is the baseline's one distance-based VC of each hop (docs/model.md §4 and §4.3):
// MIN l0-g0-l1, VAL l0-g0-l1-l2-g1-l3, VAL-group l0-g0-l1-g1-l2, and OLM's in-transit path
// l0-l0-g0-l0-l1-g1-l2 (a nonminimal local hop and a local-to-global hop keep the input VC).
struct PathShape {
  std::vector<LinkType> path;
  std::vector<std::vector<LinkType>> escapes;  // escapes[i]: after hop i
  std::vector<uint8_t> baseline;               // baseline[i]: hop i's baseline VC
};
enum class PathKind : uint8_t { Minimal, Valiant, InTransit, ValiantGroup };
PathShape dragonfly_path(PathKind kind);
// "minimal", "Valiant", "in-transit", "VAL-group".
const char* path_kind_name(PathKind kind);

// The run's line on the hops of `kind`'s longest path (docs/model.md §4.6): for each hop its
// baseline VC and the VCs FlexVC allows on `seq` (every VC of the hop's type up to the highest
// its rest, or an opportunistic hop's escape, allows), and whether it is safe or opportunistic;
// `reply`: the path of a reply, whose baseline VCs start at baseline_first[type] (the baseline's
// reply set) with baseline_count[type] VCs in its set; a baseline VC beyond the set prints
// "none" (the baseline cannot route that path on these counts). E.g. MIN on 2/1:
// "minimal l-g-l, safe: l0 -> l0 safe, g0 -> g0 safe, l1 -> l0-1 safe".
std::string describe_hops(const ReferenceSequence& seq, PathKind kind, bool reply,
                          const uint32_t baseline_first[3], const uint32_t baseline_count[3]);

}  // namespace netcosim::flexvc
