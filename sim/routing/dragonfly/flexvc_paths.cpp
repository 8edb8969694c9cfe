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
      return {{kL, kG, kL}, {gl, l, none}, {0, 0, 1}};
    case PathKind::Valiant:
      // To the intermediate router (l-g-l), then to the destination (l-g-l); the escape from a
      // router of the source or intermediate group is the minimal path, at most l-g-l.
      return {{kL, kG, kL, kL, kG, kL}, {lgl, lgl, lgl, gl, l, none}, {0, 0, 1, 2, 1, 3}};
    case PathKind::InTransit:
      // A nonminimal local hop, a global hop (to an intermediate group), a nonminimal local hop
      // there, then minimally (PAR: a minimal hop, then the Valiant path from there). The
      // baseline's VCs are OLM's (sim/routing/dragonfly/olm.cpp, `vc_of`).
      return {
          {kL, kL, kG, kL, kL, kG, kL}, {lgl, lgl, lgl, lgl, gl, l, none}, {0, 0, 0, 0, 1, 1, 2}};
    case PathKind::ValiantGroup:
      // To the intermediate group (l-g), from the router its link lands on to the destination
      // (l-g-l); the router after the local hop there holds the global link to the destination
      // group, so that escape is g-l.
      return {{kL, kG, kL, kG, kL}, {lgl, lgl, gl, l, none}, {0, 0, 1, 1, 2}};
  }
  return {};
}

const char* path_kind_name(PathKind kind) {
  switch (kind) {
    case PathKind::Minimal:
      return "minimal";
    case PathKind::Valiant:
      return "Valiant";
    case PathKind::InTransit:
      return "in-transit";
    case PathKind::ValiantGroup:
      return "VAL-group";
  }
  return "";
}

std::string describe_hops(const ReferenceSequence& seq, PathKind kind, bool reply,
                          const uint32_t baseline_first[3], const uint32_t baseline_count[3]) {
  const char letters[] = " lg";
  const PathShape p = dragonfly_path(kind);
  std::string types, hops;
  for (size_t i = 0; i < p.path.size(); ++i) {
    const LinkType t = p.path[i];
    const std::vector<LinkType>& e = p.escapes[i];
    types += std::string(i == 0 ? "" : "-") + letters[t];
    int top = seq.highest_safe(t, p.path.data() + i + 1, p.path.size() - i - 1, reply);
    const bool safe = top != kNone;
    if (!safe) top = seq.highest_opportunistic(t, e.data(), e.size(), reply);
    const std::string base = p.baseline[i] < baseline_count[t]
                                 ? letters[t] + std::to_string(baseline_first[t] + p.baseline[i])
                                 : std::string("none");
    const std::string flex = top == kNone ? std::string("none")
                             : top == 0   ? letters[t] + std::string("0")
                                          : letters[t] + std::string("0-") + std::to_string(top);
    hops += std::string(i == 0 ? "" : ", ") + base + " -> " + flex + " " +
            (safe           ? "safe"
             : top == kNone ? "impossible"
                            : "opportunistic");
  }
  const Hop k = seq.classify(p.path, p.escapes, reply);
  return std::string(path_kind_name(kind)) + " " + types + ", " +
         (k == Hop::Safe            ? "safe"
          : k == Hop::Opportunistic ? "opportunistic"
                                    : "impossible") +
         ": " + hops;
}

}  // namespace netcosim::flexvc
