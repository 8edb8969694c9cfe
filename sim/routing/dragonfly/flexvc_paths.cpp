#include "sim/routing/dragonfly/flexvc_paths.h"

namespace netcosim::flexvc {

std::vector<LinkType> dragonfly_sequence(uint32_t L, uint32_t G) {
  std::vector<LinkType> base;
  if (L >= 5 && G >= 2)
    base = {kL, kL, kG, kL, kL, kG, kL};
  else if (L >= 4 && G >= 2)
    base = {kL, kG, kL, kL, kG, kL};
  else if (L >= 3 && G >= 2)
    base = {kL, kG, kL, kG, kL};
  else if (L >= 2 && G >= 1)
    base = {kL, kG, kL};
  else
    return {};
  uint32_t l = L, g = G;
  for (LinkType t : base) --(t == kL ? l : g);
  std::vector<LinkType> seq;
  while (l != 0 || g != 0) {
    if (l != 0) {
      seq.push_back(kL);
      --l;
    }
    if (g != 0) {
      seq.push_back(kG);
      --g;
    }
  }
  seq.insert(seq.end(), base.begin(), base.end());
  return seq;
}

PathShape dragonfly_path(PathKind kind) {
  const std::vector<LinkType> lgl = {kL, kG, kL}, gl = {kG, kL}, l = {kL}, none = {};
  switch (kind) {
    case PathKind::Minimal:
      return {{kL, kG, kL}, {gl, l, none}};
    case PathKind::Valiant:
      // To the intermediate router (l-g-l), then to the destination (l-g-l); the escape from a
      // router of the source or intermediate group is the minimal path, at most l-g-l.
      return {{kL, kG, kL, kL, kG, kL}, {lgl, lgl, lgl, gl, l, none}};
    case PathKind::InTransit:
      // A nonminimal local hop, a global hop (to an intermediate group), a nonminimal local hop
      // there, then minimally (PAR: a minimal hop, then the Valiant path from there).
      return {{kL, kL, kG, kL, kL, kG, kL}, {lgl, lgl, lgl, lgl, gl, l, none}};
    case PathKind::ValiantGroup:
      // To the intermediate group (l-g), from the router its link lands on to the destination
      // (l-g-l); the router after the local hop there holds the global link to the destination
      // group, so that escape is g-l.
      return {{kL, kG, kL, kG, kL}, {lgl, lgl, gl, l, none}};
  }
  return {};
}

}  // namespace netcosim::flexvc
