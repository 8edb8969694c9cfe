// EctnSensor and the ECtN part of SensorSet (sim/congestion/ectn_sensor.h, sensor_set.h): seed 001
// Sec. III-C, thesis 000 Sec. 4.2.1 (partial counters of the heads at injection and global inputs
// by destination group, broadcast in the group every period, received after the local latency;
// combined = own partial, current, + the others' partials of the latest broadcast received).
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "sim/congestion/ectn_sensor.h"
#include "sim/congestion/sensor_set.h"
#include "sim/topology/dragonfly.h"

namespace netcosim {
namespace {

constexpr Cycle kLatency = 10, kPeriod = 100;

// Two routers of one group, 5 destination groups, this group 0.
struct Pair {
  EctnSensor a{5, 0, kLatency, kPeriod}, b{5, 0, kLatency, kPeriod};
  Pair() {
    a.set_peers({&a, &b});
    b.set_peers({&a, &b});
  }
};

TEST(EctnSensor, OwnPartialCounterIsVisibleAtOnce) {
  Pair p;
  p.a.record(3);
  p.a.head_arrived(4);
  EXPECT_EQ(p.a.partial(4), 1u);
  EXPECT_EQ(p.a.combined(4, 3), 1u);  // before the first broadcast arrives: own only
  EXPECT_EQ(p.a.combined(4, 50), 1u);
}

TEST(EctnSensor, PeerValueIsVisibleExactlyAtBoundaryPlusLatency) {
  Pair p;
  p.a.record(0);
  p.b.record(0);  // broadcast boundary 0: b's partials are all 0
  p.b.record(5);
  p.b.head_arrived(3);                  // cycle 5: b counts a head to group 3
  EXPECT_EQ(p.a.combined(3, 50), 0u);   // broadcast 0 (received at 10) holds 0
  EXPECT_EQ(p.a.combined(3, 109), 0u);  // broadcast 100 not received yet
  p.b.record(100);                      // b steps at the boundary: its value there is 1
  p.b.head_arrived(3);                  // cycle 100: 2 from now on, in the next broadcast
  EXPECT_EQ(p.a.combined(3, 110), 1u);  // broadcast 100 arrives at 100 + latency
  EXPECT_EQ(p.a.combined(3, 209), 1u);
  p.b.record(200);
  EXPECT_EQ(p.a.combined(3, 210), 2u);
}

TEST(EctnSensor, AValueIsReadForABoundaryTheProducerHasNotSteppedAt) {
  // b did not step between cycle 100 and now: its current values are those of boundary 100.
  Pair p;
  p.b.record(40);
  p.b.head_arrived(2);
  EXPECT_EQ(p.a.combined(2, 110), 1u);
  EXPECT_EQ(p.b.state_at(100)[2], 1u);
  EXPECT_EQ(p.b.state_at(0)[2], 0u);  // recorded at its step in cycle 40, for boundary 0
}

TEST(EctnSensor, GrantedHeadIsUncountedWhenItsTailLeaves) {
  Pair p;
  p.a.head_arrived(1);
  p.a.head_arrived(1);
  p.a.head_granted(/*in_port=*/6, /*g=*/1);
  p.a.head_granted(/*in_port=*/2, /*g=*/kNone);  // not counted (local input or own group)
  EXPECT_EQ(p.a.partial(1), 2u);
  p.a.tails_left((uint64_t{1} << 6) | (uint64_t{1} << 2));
  EXPECT_EQ(p.a.partial(1), 1u);
}

// Dragonfly p=2, a=4, h=2: ports 0-1 injection, 2-4 local, 5-6 global; 8 nodes per group.
TEST(EctnSensor, SensorSetCountsInjectionAndGlobalInputsToOtherGroupsOnly) {
  const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  SensorNeeds needs;
  needs.contention = true;
  needs.ectn = true;
  std::vector<std::unique_ptr<SensorSet>> group;
  for (uint32_t r = 0; r < 4; ++r)
    group.push_back(std::make_unique<SensorSet>(needs, topo, r, topo.radix(), 1));
  std::vector<SensorSet*> ptrs;
  for (auto& s : group) ptrs.push_back(s.get());
  for (auto& s : group) s->wire_group(ptrs, kLatency, kPeriod);
  SensorSet& s = *group[0];
  ASSERT_TRUE(s.counting());
  s.begin_cycle(0);
  s.head_arrived(/*in_port=*/0, /*min_out=*/5, /*dst_node=*/20);  // injection, group 2: counted
  s.head_arrived(/*in_port=*/6, /*min_out=*/5, /*dst_node=*/21);  // global, group 2: counted
  s.head_arrived(/*in_port=*/3, /*min_out=*/5, /*dst_node=*/22);  // local input: not counted
  s.head_arrived(/*in_port=*/5, /*min_out=*/2, /*dst_node=*/3);   // own group 0: not counted
  EXPECT_EQ(s.ectn().partial(2), 2u);
  EXPECT_EQ(s.ectn().partial(0), 0u);
  EXPECT_EQ(s.ectn_combined(2, 0), 2u);
  s.end_cycle();
  EXPECT_EQ(s.contention().count(5), 3u);  // every head counts for its minimal output
  EXPECT_EQ(s.contention().count(2), 1u);
  // Router 1 reads router 0's counters of broadcast 0 from cycle 10 on.
  EXPECT_EQ(group[1]->ectn_combined(2, 9), 0u);
  group[0]->begin_cycle(100);  // router 0's value at boundary 100 is 2
  EXPECT_EQ(group[1]->ectn_combined(2, 110), 2u);
}

}  // namespace
}  // namespace netcosim
