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

// Trunks (topology.trunk; docs/model.md §7.2, §7.4): a 4x4 torus with 4 nodes per switch (N = 64)
// under uniform traffic. DOR sends the tie at D/2 = 2 columns +, so an x+ trunk carries, from
// the switch behind it, the packets to the next two columns and, from the one before, those to
// the column after next: 3 columns of 16 of the 63 other nodes, 4*48/63 = 3.048 times the node
// load, over t links: lambda <= t*63/192 = 0.3281 t (the y trunks the same). The bisection bound
// (2 links per row across the cut, B = 8t) is looser: 0.4922 t. Each run stays below its bound,
// and trunk 2 accepts more than trunk 1 can at all.
double dor_bound(uint32_t trunk) {
  return trunk * 63.0 / 192.0;
}

TEST(TopologySaturation, TrunksScaleTheTorusChannelBound) {
  double accepted[3] = {};
  for (const uint32_t t : {1u, 2u}) {
    Config c;
    for (const char* k :
         {"topology.type=torus", "routing.algorithm=dor", "topology.dims=4x4",
          "topology.nodes_per_switch=4", "traffic.load=1.0", "sim.warmup=2000", "sim.measure=3000"})
      c.set_override(k);
    c.set_override("topology.trunk=" + std::to_string(t));
    accepted[t] = run_native(*build_network(c)).accepted_load;
    EXPECT_LT(accepted[t], dor_bound(t)) << t;
    EXPECT_LT(dor_bound(t), bisection_bound(64, 8 * t));
    std::printf("torus 4x4, 4 nodes per switch, trunk %u: accepted %.4f, DOR bound %.4f\n", t,
                accepted[t], dor_bound(t));
  }
  EXPECT_NEAR(dor_bound(1), 0.328125, 1e-12);
  EXPECT_GT(accepted[2], dor_bound(1));
}

}  // namespace
