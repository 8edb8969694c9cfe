// routing.filter_alpha = 0 (thesis 000 Eq. 4.1: f_t = alpha*f_{t-1} + (1 - alpha)*count_t) makes
// the Filtered trigger the Contention trigger: a whole-network check (the unit checks of alpha
// are in tests/unit/routing/test_filter_alpha.cpp).
#include <gtest/gtest.h>

#include <string>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/stats/report.h"
#include "sim/topology/dragonfly.h"

using namespace netcosim;

namespace {

Config olm_with(const char* trigger, const std::string& alpha) {
  Config c;
  for (const char* s : {"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2"})
    c.set_override(s);
  c.set_override(std::string("routing.trigger=") + trigger);
  if (!alpha.empty()) c.set_override("routing.filter_alpha=" + alpha);
  return c;
}

// With alpha = 0 Eq. 4.1 is the count itself, so the Filtered trigger takes Base's decisions
// (contention trigger, same threshold) in every cycle: identical results. A larger alpha
// averages over past cycles and changes them.
TEST(FilterAlpha, AlphaZeroIsTheContentionTrigger) {
  const auto sets = {std::string("traffic.pattern=adv"), std::string("traffic.load=0.4"),
                     std::string("sim.warmup=1000"), std::string("sim.measure=3000"),
                     std::string("routing.threshold=2")};
  Config base = olm_with("contention", "");
  Config zero = olm_with("filtered", "0");
  Config half = olm_with("filtered", "0.9");
  for (Config* c : {&base, &zero, &half})
    for (const auto& s : sets) c->set_override(s);
  const RunResults b = run_native(*build_network(base)), z = run_native(*build_network(zero)),
                   h = run_native(*build_network(half));
  EXPECT_GT(b.misrouted_fraction, 0.1);  // the trigger fires in this scenario
  EXPECT_EQ(z.latency_avg, b.latency_avg);
  EXPECT_EQ(z.misrouted_fraction, b.misrouted_fraction);
  EXPECT_EQ(z.accepted_load, b.accepted_load);
  EXPECT_EQ(z.hops_class_avg[df::kLocal], b.hops_class_avg[df::kLocal]);
  EXPECT_NE(h.misrouted_fraction, b.misrouted_fraction);
}

}  // namespace
