// FlexVC on the Dragonfly (seed 002 Sec. III-C; thesis 000 Sec. 5.2.3): the reference sequence of
// a local/global VC count, and the longest paths of MIN, VAL and the in-transit adaptive routings
// (PAR, OLM) with the escape after each hop, by which a configuration is safe, opportunistic or
// impossible (thesis 000 Tables 5.3-5.4).
#pragma once

#include <cstdint>
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
struct PathShape {
  std::vector<LinkType> path;
  std::vector<std::vector<LinkType>> escapes;  // escapes[i]: after hop i
};
enum class PathKind : uint8_t { Minimal, Valiant, InTransit, ValiantGroup };
PathShape dragonfly_path(PathKind kind);

}  // namespace netcosim::flexvc
