// minCred (routing.mincred=vc|port; thesis 000 Sec. 5.2.4, docs/model.md §4.6) with PiggyBack:
// each router's minimal-only count of an output VC (CioqRouter::min_occupancy) holds the
// downstream phits of the minimally routed packets, a subset of the VC's downstream phits
// (buffer - credits, the combined count flow control uses): checked between the engine's windows
// of whole runs. The count grows by a packet's phits at its grant and falls by a flagged credit,
// so it is a multiple of packet.size; it equals the combined count when every packet is minimal
// (also after the drain, when the last hops' credits may still be on their links); it stays below
// it when nonminimal packets hold downstream room (not counted).
#include <gtest/gtest.h>

#include <string>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/router/cioq/router.h"
#include "sim/topology/dragonfly.h"

using namespace netcosim;

namespace {

constexpr uint32_t kS = 8;  // packet.size (phits), the default

Config cfg(std::initializer_list<std::string> sets) {
  Config c;  // the embedded h2 Dragonfly: local VCs of 32 phits, global of 256
  for (const std::string& s : sets) c.set_override(s);
  return c;
}

// Over every router's local and global output VCs, at one window end.
struct Tally {
  uint64_t windows = 0;
  uint64_t not_multiple = 0;  // counts that are not a whole number of packets
  uint64_t above = 0;         // minimal-only count above the combined one
  uint64_t below = 0;         // (VC, window) with the minimal-only count below the combined one
  uint64_t equal_busy = 0;    // (VC, window) with both equal and above 0
  uint64_t left = 0;          // the minimal-only phits at the last check
  uint64_t left_all = 0;      // the combined downstream phits at the last check
};

Tally run_and_check(const Config& c, RunResults* out) {
  const auto net = build_network(c);
  Tally t;
  const auto check = [&](Cycle, Cycle) {
    ++t.windows;
    t.left = t.left_all = 0;
    for (uint32_t r = 0; r < net->routers(); ++r) {
      const auto& rt = dynamic_cast<const CioqRouter<model::StaticCredits>&>(net->router(r));
      for (uint32_t p = 0; p < rt.radix(); ++p) {
        const PortClass k = rt.port_class(p);
        if (k != df::kLocal && k != df::kGlobal) continue;
        // Both tests run 4/2 VCs (the port's VC slots above its class's count are unused).
        const uint32_t buffer = k == df::kLocal ? 32 : 256, vcs = k == df::kLocal ? 4 : 2;
        for (uint32_t v = 0; v < vcs; ++v) {
          const uint32_t m = rt.min_occupancy(p, v), all = buffer - rt.output_credits(p, v);
          t.left += m;
          t.left_all += all;
          t.not_multiple += m % kS != 0;
          t.above += m > all;
          t.below += m < all;
          t.equal_busy += m == all && m != 0;
        }
      }
    }
  };
  *out = run_native(*net, check, 1);
  check(0, 0);  // after the run (drained: nothing downstream)
  return t;
}

}  // namespace

// Every packet minimal (PiggyBack with T = 10^6 packets: Q_MIN <= F*Q_VAL + T always holds, and
// under uniform traffic at 0.3 no global link is marked saturated): the minimal-only count of
// every VC equals the combined count at every window end, per VC (vc) and per port (port).
TEST(MinCredPiggyBack, EveryPacketMinimalCountsAllDownstreamPhits) {
  for (const char* mode : {"vc", "port"}) {
    RunResults r;
    const Tally t = run_and_check(
        cfg({"routing.algorithm=pb", std::string("routing.mincred=") + mode,
             "routing.ugal_t=1000000", "router.vcs_local=4", "router.vcs_global=2",
             "traffic.load=0.3", "sim.warmup=300", "sim.measure=700", "sim.drain=true"}),
        &r);
    EXPECT_EQ(r.nonminimal_fraction, 0.0) << mode;
    EXPECT_TRUE(r.conservation_ok) << mode;
    EXPECT_GT(t.windows, 5u) << mode;
    EXPECT_EQ(t.below, 0u) << mode;
    EXPECT_EQ(t.above, 0u) << mode;
    EXPECT_EQ(t.not_multiple, 0u) << mode;
    EXPECT_GT(t.equal_busy, 0u) << mode;  // the counts were exercised
    // Drained when the last tail is delivered: the credits of the last hops may still be on
    // their links, and the count still equals the combined one.
    EXPECT_EQ(t.left, t.left_all) << mode;
  }
}

// Under ADV+1 past saturation with FlexVC 4/2, PiggyBack misroutes: the Valiant packets' phits
// are not counted, so the minimal-only count stays at or below the combined one and is below it
// on some VC at some window end, a whole number of packets always, also after the drain (whose
// end leaves the last hops' credits on their links), under the VC-order checker.
TEST(MinCredPiggyBack, NonminimalPacketsAreNotCounted) {
  for (const char* mode : {"vc", "port"}) {
    RunResults r;
    const Tally t = run_and_check(
        cfg({"routing.algorithm=pb", std::string("routing.mincred=") + mode,
             "router.vc_management=flexvc", "router.vcs_local=4", "router.vcs_global=2",
             "traffic.pattern=adv", "traffic.load=1.0", "sim.warmup=300", "sim.measure=700",
             "sim.drain=true", "sim.check=true"}),
        &r);
    EXPECT_GT(r.nonminimal_fraction, 0.0) << mode;
    EXPECT_TRUE(r.conservation_ok) << mode;
    EXPECT_EQ(r.packets_in_flight, 0u) << mode;
    EXPECT_EQ(t.above, 0u) << mode;
    EXPECT_EQ(t.not_multiple, 0u) << mode;
    EXPECT_GT(t.below, 0u) << mode;
    EXPECT_GT(t.equal_busy, 0u) << mode;
  }
}

// The saturation bits' source on every router (docs/model.md §4.6): the minimal-only counts under
// minCred with routing.piggyback_bits=auto (the default), the combined occupancy with `combined`
// and without minCred. The sums themselves: tests/unit/congestion/test_saturation_sensor.cpp.
TEST(MinCredPiggyBack, SaturationBitsReadTheMinimalCountsUnderAutoOnly) {
  const struct {
    const char* mincred;
    const char* bits;  // nullptr: the key unset
    bool min_only;
  } cases[] = {{"vc", nullptr, true},
               {"port", "auto", true},
               {"vc", "combined", false},
               {"port", "combined", false},
               {"off", nullptr, false}};
  for (const auto& k : cases) {
    Config c = cfg({"routing.algorithm=pb", std::string("routing.mincred=") + k.mincred,
                    "router.vcs_local=4", "router.vcs_global=2"});
    if (k.bits != nullptr) c.set_override(std::string("routing.piggyback_bits=") + k.bits);
    const auto net = build_network(c);
    uint32_t min_only = 0;
    for (uint32_t r = 0; r < net->routers(); ++r) {
      const auto& rt = dynamic_cast<const CioqRouter<model::StaticCredits>&>(net->router(r));
      EXPECT_TRUE(rt.sensors().saturation().enabled()) << r;
      min_only += rt.sensors().saturation_min_only();
    }
    EXPECT_EQ(min_only, k.min_only ? net->routers() : 0u)
        << k.mincred << " " << (k.bits != nullptr ? k.bits : "(unset)");
  }
}
