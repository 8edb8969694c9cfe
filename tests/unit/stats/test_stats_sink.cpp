// StatsSink's per-packet hop maxima (sim/stats/stats.h): recorded for packets delivered in the
// measurement window only (as the averages), merged with max, hand-computed cases.
#include <gtest/gtest.h>

#include "sim/stats/stats.h"
#include "sim/topology/dragonfly.h"

using namespace netcosim;

namespace {

Packet packet(uint32_t seq, uint8_t local, uint8_t global) {
  Packet p;
  p.src = 1;
  p.dst = 2;
  p.seq = seq;
  p.t_gen = 100;
  p.t_inject = 101;
  p.set_hops(df::kLocal, local);
  p.set_hops(df::kGlobal, global);
  return p;
}

TEST(StatsSinkHopMaxima, MaximaOfWindowPacketsOnly) {
  StatsSink s;
  s.init(100, 1000, 8);
  s.on_deliver(packet(0, 3, 1), 200, 208);
  s.on_deliver(packet(1, 1, 2), 300, 308);
  s.on_deliver(packet(2, 6, 2), 1000, 1008);  // delivered after the window: not measured
  EXPECT_EQ(s.hops_class_max[df::kLocal], 3u);
  EXPECT_EQ(s.hops_class_max[df::kGlobal], 2u);
  EXPECT_EQ(s.hops_class_sum[df::kLocal], 4u);
  EXPECT_EQ(s.window_packets, 2u);
}

TEST(StatsSinkHopMaxima, MergeTakesTheMaximum) {
  StatsSink a, b;
  a.init(0, 1000, 8);
  b.init(0, 1000, 8);
  a.on_deliver(packet(0, 4, 1), 200, 208);
  b.on_deliver(packet(1, 2, 2), 200, 208);
  StatsSink m;
  m.init(0, 1000, 8);
  m.merge(a);
  m.merge(b);
  EXPECT_EQ(m.hops_class_max[df::kLocal], 4u);
  EXPECT_EQ(m.hops_class_max[df::kGlobal], 2u);
  StatsSink n;  // the other order: the same
  n.init(0, 1000, 8);
  n.merge(b);
  n.merge(a);
  EXPECT_EQ(n.hops_class_max[df::kLocal], 4u);
  EXPECT_EQ(n.hops_class_max[df::kGlobal], 2u);
}

}  // namespace
