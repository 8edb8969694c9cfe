// OutputUnit (sim/router/cioq/output_unit.h), docs/model.md "Router timing": a FIFO per output;
// the crossbar's write side is busy for the transfer; a packet starts on the link at most every
// packet_size cycles, not before the crossbar delivered it; its space is freed when its tail has
// left (start + packet_size). First-come scheduling.
#include <gtest/gtest.h>

#include <vector>

#include "sim/router/cioq/output_unit.h"

namespace netcosim {
namespace {

constexpr uint32_t kS = 8, kCap = 16, kX = 4;  // 8-phit packets, a 2-packet FIFO

struct Started {
  uint32_t port;
  uint32_t seq;
  Cycle at;
};

TEST(OutputUnit, PacketsStartFirstComeEveryPacketSizeCyclesAfterDelivery) {
  OutputUnit<FirstComeScheduler> out;
  out.init(2, kCap / kS);
  Packet a, b;
  a.seq = 1;
  b.seq = 2;
  ASSERT_TRUE(out.can_accept(1, 0, kCap, kS));
  out.write(1, a, 0, /*now=*/0, kX, /*ready=*/3, kS);
  EXPECT_FALSE(out.can_accept(1, 3, kCap, kS));  // write side busy until 0 + X
  ASSERT_TRUE(out.can_accept(1, 4, kCap, kS));
  out.write(1, b, 1, /*now=*/4, kX, /*ready=*/7, kS);
  EXPECT_FALSE(out.can_accept(1, 8, kCap, kS));  // full: 16 phits queued
  std::vector<Started> s;
  for (Cycle t = 0; t < 20; ++t)
    out.send(t, kS, [&](uint32_t o, const OutputUnit<FirstComeScheduler>::Entry& e) {
      s.push_back({o, e.pkt.seq, t});
    });
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].seq, 1u);
  EXPECT_EQ(s[0].at, 3u);  // delivered by the crossbar at 3
  EXPECT_EQ(s[1].seq, 2u);
  EXPECT_EQ(s[1].at, 11u);  // the link is free again at 3 + 8
  EXPECT_EQ(out.mask(), 0u);
  EXPECT_EQ(out.free(1, 18, kCap, kS), 8u);  // b's tail leaves at 11 + 8 = 19
  EXPECT_EQ(out.free(1, 19, kCap, kS), 16u);
}

TEST(OutputUnit, SpaceOfThePacketOnTheLinkIsFreedWhenItsTailLeaves) {
  OutputUnit<FirstComeScheduler> out;
  out.init(1, kCap / kS);
  Packet a;
  out.write(0, a, 0, 0, kX, 0, kS);
  out.send(0, kS, [](uint32_t, const OutputUnit<FirstComeScheduler>::Entry&) {});
  EXPECT_EQ(out.free(0, 7, kCap, kS), 8u);
  EXPECT_EQ(out.free(0, 8, kCap, kS), 16u);
  EXPECT_EQ(out.queue(0).link_free_at, 8u);
}

}  // namespace
}  // namespace netcosim
