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

// A scheduler written here, two VLs in round robin: select returns the first active VL at or after
// the pointer without moving it; accept moves the pointer past the VL that started.
struct TwoVlRoundRobin {
  static constexpr uint32_t kVls = 2;
  uint32_t ptr = 0;
  uint32_t select(uint32_t active, const uint32_t* head_phits) const {
    for (uint32_t v = 0; v < kVls; ++v) {
      if ((active >> v) & 1) {
        EXPECT_EQ(head_phits[v], kS) << v;  // an active VL's head size
      }
    }
    for (uint32_t k = 0; k < kVls; ++k) {
      const uint32_t v = (ptr + k) % kVls;
      if ((active >> v) & 1) return v;
    }
    ADD_FAILURE() << "select with no active VL";
    return 0;
  }
  void accept(uint32_t vl) { ptr = (vl + 1) % kVls; }
};
using TwoVlUnit = OutputUnit<TwoVlRoundRobin>;

// Two VLs of one port share the link: packets start every packet_size cycles, alternating
// between the VLs whose head has been delivered; each VL has its own level and space.
TEST(OutputUnitVls, TwoVlRoundRobinAlternatesOnTheSharedLink) {
  TwoVlUnit out;
  out.init(1, 4);  // 4-packet FIFOs per VL
  constexpr uint32_t kCap4 = 4 * kS;
  Packet p;
  // VL 0: seq 1, 2, 3 (ready 0, 4, 8); VL 1: seq 11, 12 (ready 1, 5). Each write occupies the
  // write side of its VL's FIFO for X cycles; the VLs' write sides are independent.
  const struct {
    uint32_t vl, seq;
    Cycle now;
  } writes[] = {{0, 1, 0}, {1, 11, 1}, {0, 2, 4}, {1, 12, 5}, {0, 3, 8}};
  for (const auto& w : writes) {
    ASSERT_TRUE(out.can_accept(0, w.now, kCap4, kS, w.vl)) << w.seq;
    p.seq = w.seq;
    out.write(0, p, 0, w.now, kX, /*ready=*/w.now, kS, w.vl);
  }
  EXPECT_EQ(out.queue(0, 0).count, 3u);
  EXPECT_EQ(out.queue(0, 1).count, 2u);
  EXPECT_EQ(out.free(0, 8, kCap4, kS, 0), kCap4 - 3 * kS);
  EXPECT_EQ(out.free(0, 8, kCap4, kS, 1), kCap4 - 2 * kS);
  std::vector<Started> s;
  for (Cycle t = 0; t < 60; ++t)
    out.send(t, kS, [&](uint32_t o, const TwoVlUnit::Entry& e) { s.push_back({o, e.pkt.seq, t}); });
  // At 0 only VL 0's head is delivered: seq 1; then the pointer is at VL 1: 11, 2, 12, 3.
  const uint32_t seqs[] = {1, 11, 2, 12, 3};
  ASSERT_EQ(s.size(), 5u);
  for (size_t k = 0; k < 5; ++k) {
    EXPECT_EQ(s[k].seq, seqs[k]) << k;
    EXPECT_EQ(s[k].at, k * kS) << k;  // back to back on the shared link
  }
  EXPECT_EQ(out.mask(), 0u);
  EXPECT_EQ(out.queue(0, 0).link_free_at, 5 * kS);
  // The last packet (VL 0) leaves at 40; VL 1's last (seq 12) left at 24 + 8.
  EXPECT_EQ(out.free(0, 39, kCap4, kS, 0), kCap4 - kS);
  EXPECT_EQ(out.free(0, 40, kCap4, kS, 0), kCap4);
  EXPECT_EQ(out.free(0, 40, kCap4, kS, 1), kCap4);
}

}  // namespace
}  // namespace netcosim
