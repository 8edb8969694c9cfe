// Uniform saturation of the 8x8 mesh and torus with DOR and of the 4-ary 3-tree with up*/down*,
// at offered load 1.0, against the bisection bound (docs/model.md §7.4, docs/validation.md
// "Fat trees, meshes and tori"): below it, and above the fraction of it documented there.
#include <gtest/gtest.h>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"

using namespace netcosim;

namespace {

// Uniform traffic over N nodes (a node never sends to itself): of the N/2 nodes on one side of a
// bisection of B links per direction, each sends the fraction (N/2)/(N-1) of its load across, so
// lambda * (N/2)^2/(N-1) <= B; and no node injects more than 1 phit per cycle.
double bisection_bound(double nodes, double links) {
  const double half = nodes / 2;
  const double b = links * (nodes - 1) / (half * half);
  return b < 1.0 ? b : 1.0;
}

struct Saturation {
  const char* name;
  std::vector<std::string> sets;
  double bound;     // phits/(node*cycle)
  double fraction;  // the accepted load is at least fraction * bound
};

TEST(TopologySaturation, UniformBelowTheBisectionBoundAndAboveTheDocumentedFraction) {
  const Saturation cases[] = {
      // 8x8 mesh: 8 links per direction across the middle; 0.4922.
      {"mesh 8x8 dor",
       {"topology.type=mesh", "routing.algorithm=dor"},
       bisection_bound(64, 8),
       0.6},
      // 8x8 torus: 16 (the wrap-around links double the cut); 0.9844.
      {"torus 8x8 dor dateline",
       {"topology.type=torus", "routing.algorithm=dor"},
       bisection_bound(64, 16),
       0.35},
      // 4-ary 3-tree: full bisection (32 links), the injection bound 1.
      {"4-ary 3-tree updown",
       {"topology.type=fattree", "routing.algorithm=updown"},
       bisection_bound(64, 32),
       0.6},
  };
  EXPECT_NEAR(cases[0].bound, 0.4921875, 1e-12);
  EXPECT_NEAR(cases[1].bound, 0.984375, 1e-12);
  EXPECT_EQ(cases[2].bound, 1.0);
  for (const Saturation& s : cases) {
    Config c;
    for (const char* k : {"traffic.load=1.0", "sim.warmup=2000", "sim.measure=3000"})
      c.set_override(k);
    for (const auto& k : s.sets) c.set_override(k);
    const RunResults r = run_native(*build_network(c));
    EXPECT_LT(r.accepted_load, s.bound) << s.name;
    EXPECT_GT(r.accepted_load, s.fraction * s.bound) << s.name;
    std::printf("%s: accepted %.4f, bound %.4f (%.1f%%)\n", s.name, r.accepted_load, s.bound,
                100 * r.accepted_load / s.bound);
  }
}

}  // namespace
