// applied_load (docs/model.md §3, §5): the phits of the packets generated in the window per node
// and measured cycle. With the bounded source queue and nothing refused it is exactly the offered
// generation (every Bernoulli attempt of the window, replayed here from each node's stream); with
// traffic.source_queue=0 a saturated network drops attempts, so it falls below the offered
// generation, and it equals the accepted load up to the packets the network can hold at the
// window's two ends.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/traffic/source.h"

using namespace netcosim;

namespace {

constexpr Cycle kWarmup = 2000, kMeasure = 20000;

Config h2(const char* load, const char* source_queue) {
  Config c;
  for (const char* kv : {"topology.p=2", "topology.a=4", "topology.h=2", "sim.watchdog=5000",
                         "router.vcs_injection=1", "router.buffer_injection=8",
                         "router.buffer_global=64", "router.buffer_output=8"})
    c.set_override(kv);
  c.set_override("sim.warmup=" + std::to_string(kWarmup));
  c.set_override("sim.measure=" + std::to_string(kMeasure));
  c.set_override(std::string("traffic.load=") + load);
  c.set_override(std::string("traffic.source_queue=") + source_queue);
  return c;
}

// Every node's Bernoulli attempts in [warm-up, warm-up + measure), from its own stream (node
// stream 1 of sim.seed, as the builder seeds it), as phits per node and cycle.
double offered_generation(const Network& net, double load) {
  const Config& c = net.config();
  const uint32_t S = static_cast<uint32_t>(c.get_int("packet.size"));
  const auto pattern = make_traffic("uniform", net.topology(), 0);
  TrafficParams tp;
  tp.packet_prob = load / S;
  tp.pattern = pattern.get();
  const uint64_t seed = static_cast<uint64_t>(c.get_int("sim.seed"));
  uint64_t attempts = 0;
  for (uint32_t n = 0; n < net.topology().nodes(); ++n) {
    BernoulliSource src(n, Rng(seed, 1, n), tp);
    for (Cycle t = src.next(); t < kWarmup + kMeasure; t = src.next()) {
      attempts += t >= kWarmup;
      src.generate();
    }
  }
  return double(attempts) * S / (double(net.topology().nodes()) * kMeasure);
}

TEST(AppliedLoad, WithTheSourceQueueAndNothingRefusedItIsTheOfferedGeneration) {
  const auto net = build_network(h2("0.2", "64"));
  const RunResults r = run_native(*net);
  ASSERT_EQ(r.packets_refused, 0u);
  EXPECT_EQ(r.packets_dropped, 0u);
  EXPECT_DOUBLE_EQ(r.applied_load, offered_generation(*net, 0.2));
  EXPECT_NEAR(r.applied_load, 0.2, 0.01);  // the Bernoulli draw: 28,800 expected attempts
}

// Uniform load 1.0 without a source queue: the injection buffer (one packet) is full or the
// injection link busy for part of the attempts, which are dropped. The network holds at most
// C packets (input buffers and output FIFOs; a packet on a link has its downstream slot's credit):
// per router 2 injection + 3 local x 2 VCs x 4 + 2 global x 8 + 7 FIFOs = 49, 36 routers: 1,764.
// Packets generated in the window but not delivered in it are in the network at its end, those
// delivered but generated before were in it at its start: |applied - accepted| <= C*S/(N*M).
TEST(AppliedLoad, WithoutASourceQueueAFullInjectionBufferDropsAndAppliedMeetsAccepted) {
  const auto net = build_network(h2("1.0", "0"));
  const RunResults r = run_native(*net);
  const double offered = offered_generation(*net, 1.0);
  EXPECT_EQ(r.packets_refused, 0u);
  EXPECT_GT(r.packets_dropped, 0u);
  EXPECT_LT(r.applied_load, offered - 0.1);
  const double bound = 1764.0 * 8 / (72.0 * kMeasure);  // 0.0098
  EXPECT_LE(std::fabs(r.applied_load - r.accepted_load), bound)
      << "applied " << r.applied_load << " accepted " << r.accepted_load;
}

}  // namespace
