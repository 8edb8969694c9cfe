// FlexVC's allowed-VC rule (sim/routing/flexvc.h) against every cell of thesis 000 Tables 5.1-5.4
// (seed 002 Tables I-IV), and the VCs it allows on the hops of the thesis's examples.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sim/routing/dragonfly/flexvc_paths.h"
#include "sim/routing/flexvc.h"

namespace netcosim::flexvc {
namespace {

constexpr LinkType kH = 1;  // the generic diameter-2 network's one link type

std::vector<LinkType> h(int n) {
  return std::vector<LinkType>(static_cast<size_t>(n), kH);
}

// The generic diameter-2 network (Tables 5.1, 5.2): MIN h-h, VAL h-h-h-h, in-transit (PAR: a
// minimal hop, then VAL) h-h-h-h-h; the escape from a router is the minimal path, at most h-h.
PathShape generic(int hops) {
  PathShape p;
  p.path = h(hops);
  for (int i = 0; i < hops; ++i) p.escapes.push_back(h(std::min(2, hops - 1 - i)));
  return p;
}

const char* name(Hop k) {
  return k == Hop::Safe ? "safe" : k == Hop::Opportunistic ? "opp" : "X";
}

std::string cell(const ReferenceSequence& s, const PathShape& p, bool reply = false) {
  return name(s.classify(p.path, p.escapes, reply));
}

// Table 5.1: rows MIN, VAL, In-Trns; columns 2..5 VCs.
TEST(FlexVc, Table51GenericDiameterTwo) {
  const char* expect[3][4] = {
      {"safe", "safe", "safe", "safe"}, {"X", "opp", "safe", "safe"}, {"X", "opp", "opp", "safe"}};
  const PathShape paths[3] = {generic(2), generic(4), generic(5)};
  for (int vcs = 2; vcs <= 5; ++vcs) {
    const ReferenceSequence s(h(vcs));
    for (int r = 0; r < 3; ++r) EXPECT_EQ(cell(s, paths[r]), expect[r][vcs - 2]) << r << " " << vcs;
  }
}

// Table 5.2: request + reply VCs. Each cell is the requests' classification / the replies'. The
// table prints 2+2 VAL and In-Trns as "X": the requests cannot, while the rule lets the replies
// hop opportunistically through request VCs with their escape in the reply part, which is how
// Table 5.4 prints the Dragonfly's same case ("X / opp.") (docs/model.md §4.5).
TEST(FlexVc, Table52GenericRequestReply) {
  const int split[5][2] = {{2, 2}, {3, 2}, {3, 3}, {4, 4}, {5, 5}};
  const char* expect[3][5] = {{"safe/safe", "safe/safe", "safe/safe", "safe/safe", "safe/safe"},
                              {"X/opp", "opp/opp", "opp/opp", "safe/safe", "safe/safe"},
                              {"X/opp", "opp/opp", "opp/opp", "opp/opp", "safe/safe"}};
  const PathShape paths[3] = {generic(2), generic(4), generic(5)};
  for (int c = 0; c < 5; ++c) {
    const ReferenceSequence s(h(split[c][0]), h(split[c][1]));
    for (int r = 0; r < 3; ++r)
      EXPECT_EQ(cell(s, paths[r], false) + "/" + cell(s, paths[r], true), expect[r][c])
          << r << " " << split[c][0] << "+" << split[c][1];
  }
}

// Table 5.3: local/global VCs 2/1, 3/1, 2/2, 3/2, 4/2, 5/2.
TEST(FlexVc, Table53Dragonfly) {
  const uint32_t cols[6][2] = {{2, 1}, {3, 1}, {2, 2}, {3, 2}, {4, 2}, {5, 2}};
  const char* expect[3][6] = {{"safe", "safe", "safe", "safe", "safe", "safe"},
                              {"X", "X", "X", "opp", "safe", "safe"},
                              {"X", "X", "X", "opp", "opp", "safe"}};
  const PathKind kinds[3] = {PathKind::Minimal, PathKind::Valiant, PathKind::InTransit};
  for (int c = 0; c < 6; ++c) {
    const ReferenceSequence s(dragonfly_sequence(cols[c][0], cols[c][1]));
    EXPECT_EQ(s.vcs_of(kL), static_cast<int>(cols[c][0]));
    EXPECT_EQ(s.vcs_of(kG), static_cast<int>(cols[c][1]));
    for (int r = 0; r < 3; ++r)
      EXPECT_EQ(cell(s, dragonfly_path(kinds[r])), expect[r][c])
          << r << " " << cols[c][0] << "/" << cols[c][1];
  }
}

// Table 5.4: request + reply, 2x(2/1) = 4/2, 3/2+2/1 = 5/3, 2x(4/2) = 8/4, 2x(5/2) = 10/4;
// requests / replies.
TEST(FlexVc, Table54DragonflyRequestReply) {
  const uint32_t cols[4][4] = {{2, 1, 2, 1}, {3, 2, 2, 1}, {4, 2, 4, 2}, {5, 2, 5, 2}};
  const char* expect[3][4] = {{"safe/safe", "safe/safe", "safe/safe", "safe/safe"},
                              {"X/opp", "opp/opp", "safe/safe", "safe/safe"},
                              {"X/opp", "opp/opp", "opp/opp", "safe/safe"}};
  const PathKind kinds[3] = {PathKind::Minimal, PathKind::Valiant, PathKind::InTransit};
  for (int c = 0; c < 4; ++c) {
    const ReferenceSequence s(dragonfly_sequence(cols[c][0], cols[c][1]),
                              dragonfly_sequence(cols[c][2], cols[c][3]));
    for (int r = 0; r < 3; ++r) {
      const PathShape p = dragonfly_path(kinds[r]);
      EXPECT_EQ(cell(s, p, false) + "/" + cell(s, p, true), expect[r][c]) << r << " " << c;
    }
  }
}

// The reference sequences of Sec. 5.2.3 and the VCs each hop may use.
TEST(FlexVc, DragonflySequencesAndTheirHops) {
  const char* letters = "-lg";
  EXPECT_EQ(ReferenceSequence(dragonfly_sequence(2, 1)).describe(letters), "l0-g1-l2");
  EXPECT_EQ(ReferenceSequence(dragonfly_sequence(3, 2)).describe(letters), "l0-g1-l2-g3-l4");
  EXPECT_EQ(ReferenceSequence(dragonfly_sequence(4, 2)).describe(letters), "l0-g1-l2-l3-g4-l5");
  EXPECT_EQ(ReferenceSequence(dragonfly_sequence(5, 2)).describe(letters), "l0-l1-g2-l3-l4-g5-l6");
  // Extra VCs at the start: 4/2 for MIN is the safe-VAL sequence; 8/4: 3 local and 2 global
  // extras before 5/2's.
  EXPECT_EQ(ReferenceSequence(dragonfly_sequence(8, 4)).describe(letters),
            "l0-g1-l2-g3-l4-l5-l6-g7-l8-l9-g10-l11");
  EXPECT_TRUE(dragonfly_sequence(1, 1).empty());
  EXPECT_TRUE(dragonfly_sequence(2, 0).empty());

  // MIN on 2/1: each hop its distance-based VC, as the baseline.
  const ReferenceSequence s21(dragonfly_sequence(2, 1));
  const LinkType gl[] = {kG, kL}, l[] = {kL};
  EXPECT_EQ(s21.highest_safe(kL, gl, 2, false), 0);
  EXPECT_EQ(s21.highest_safe(kG, l, 1, false), 0);
  EXPECT_EQ(s21.highest_safe(kL, nullptr, 0, false), 1);
  // MIN on 4/2 (seed 002 Fig. 5a's FlexVC 4/2): first local hop VCs 0-2, global 0-1, last
  // local 0-3.
  const ReferenceSequence s42(dragonfly_sequence(4, 2));
  EXPECT_EQ(s42.highest_safe(kL, gl, 2, false), 2);
  EXPECT_EQ(s42.highest_safe(kG, l, 1, false), 1);
  EXPECT_EQ(s42.highest_safe(kL, nullptr, 0, false), 3);
  // Opportunistic VAL on 3/2: the first hop has no safe path (VAL's l-g-l-l-g-l does not embed
  // in l0-g1-l2-g3-l4); with the minimal escape l-g-l from the next router it may use local VC
  // 0 only.
  const ReferenceSequence s32(dragonfly_sequence(3, 2));
  const LinkType val_rest[] = {kG, kL, kL, kG, kL}, lgl[] = {kL, kG, kL};
  EXPECT_EQ(s32.highest_safe(kL, val_rest, 5, false), kNone);
  EXPECT_EQ(s32.highest_opportunistic(kL, lgl, 3, false), 0);
  // A reply on 2x(2/1) may hop opportunistically through request local VC 1 (position 2), its
  // escape in the reply part l3-g4-l5; a request cannot.
  const ReferenceSequence rr(dragonfly_sequence(2, 1), dragonfly_sequence(2, 1));
  EXPECT_EQ(rr.describe(letters), "l0-g1-l2 | l3-g4-l5");
  EXPECT_EQ(rr.highest_opportunistic(kL, lgl, 3, true), 1);
  EXPECT_EQ(rr.highest_opportunistic(kL, lgl, 3, false), kNone);
  // A reply's safe minimal hop may use its reply VC and every request VC below it: local 0-2.
  EXPECT_EQ(rr.highest_safe(kL, gl, 2, true), 2);
}

// The run's per-hop lines (describe_hops; docs/model.md §4.6): each hop's baseline VC, the VCs
// FlexVC allows and the hop's kind, derived by hand from the sequences of Sec. 5.2.3 and matching
// Table 5.3's cells (MIN 2/1 safe; VAL 4/2 safe; in-transit 4/2 opportunistic, 5/2 safe).
TEST(FlexVc, PerHopLinesOfTheRunSummary) {
  const uint32_t first[3] = {0, 0, 0}, count21[3] = {0, 2, 1}, count42[3] = {0, 4, 2},
                 count52[3] = {0, 5, 2};
  const ReferenceSequence s21(dragonfly_sequence(2, 1)), s42(dragonfly_sequence(4, 2)),
      s52(dragonfly_sequence(5, 2));
  // MIN 2/1 (l0-g1-l2): only the last hop gains a VC.
  EXPECT_EQ(describe_hops(s21, PathKind::Minimal, false, first, count21),
            "minimal l-g-l, safe: l0 -> l0 safe, g0 -> g0 safe, l1 -> l0-1 safe");
  // VAL 4/2 (l0-g1-l2-l3-g4-l5): each hop's highest VC is the baseline's (seed 002 Sec. III-A:
  // the maximum VCs minus the remaining hops), every lower one allowed too.
  EXPECT_EQ(describe_hops(s42, PathKind::Valiant, false, first, count42),
            "Valiant l-g-l-l-g-l, safe: l0 -> l0 safe, g0 -> g0 safe, l1 -> l0-1 safe, "
            "l2 -> l0-2 safe, g1 -> g0-1 safe, l3 -> l0-3 safe");
  // OLM 4/2: the minimal path, and the in-transit path whose first hop (a nonminimal local hop,
  // six hops after it) embeds in no position of the six-VC sequence: opportunistic, with its
  // escape l-g-l after l0 (position 0) or l1 (position 2). The baseline's VCs are OLM's.
  EXPECT_EQ(describe_hops(s42, PathKind::Minimal, false, first, count42),
            "minimal l-g-l, safe: l0 -> l0-2 safe, g0 -> g0-1 safe, l1 -> l0-3 safe");
  EXPECT_EQ(describe_hops(s42, PathKind::InTransit, false, first, count42),
            "in-transit l-l-g-l-l-g-l, opportunistic: l0 -> l0-1 opportunistic, l0 -> l0 safe, "
            "g0 -> g0 safe, l0 -> l0-1 safe, l1 -> l0-2 safe, g1 -> g0-1 safe, l2 -> l0-3 safe");
  // OLM 5/2 (l0-l1-g2-l3-l4-g5-l6): the in-transit path embeds from its first hop on: safe.
  EXPECT_EQ(describe_hops(s52, PathKind::InTransit, false, first, count52),
            "in-transit l-l-g-l-l-g-l, safe: l0 -> l0 safe, l0 -> l0-1 safe, g0 -> g0 safe, "
            "l0 -> l0-2 safe, l1 -> l0-3 safe, g1 -> g0-1 safe, l2 -> l0-4 safe");
  // VAL 3/2 (l0-g1-l2-g3-l4): opportunistic, its first two hops by their escape l-g-l; the
  // baseline has no local VC 3 for the last hop (it needs 4/2).
  const uint32_t count32[3] = {0, 3, 2};
  EXPECT_EQ(describe_hops(ReferenceSequence(dragonfly_sequence(3, 2)), PathKind::Valiant, false,
                          first, count32),
            "Valiant l-g-l-l-g-l, opportunistic: l0 -> l0 opportunistic, g0 -> g0 opportunistic, "
            "l1 -> l0 safe, l2 -> l0-1 safe, g1 -> g0-1 safe, none -> l0-2 safe");
}

}  // namespace
}  // namespace netcosim::flexvc
