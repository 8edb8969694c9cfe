// StaticInputUnit (sim/router/cioq/input_unit.h): per-VC rings of whole packets with the head's
// ready cycle; masks of the VCs and ports holding packets (what the allocator loops over).
#include <gtest/gtest.h>

#include "sim/router/cioq/input_unit.h"

namespace netcosim {
namespace {

TEST(StaticInputUnit, RingKeepsOrderAndHeadReadyAndMasks) {
  StaticInputUnit in;
  in.init(3, 2, [](uint32_t i, uint32_t v) { return i == 1 && v == 1 ? 2u : 4u; });
  Packet p;
  p.seq = 10;
  in.push(1, 1, p, /*t_ready=*/5);
  p.seq = 11;
  in.push(1, 1, p, 9);
  EXPECT_EQ(in.port_mask(), 0b010u);
  EXPECT_EQ(in.vc_mask(1), 0b10u);
  EXPECT_EQ(in.vc(1, 1).count, 2u);
  EXPECT_EQ(in.vc(1, 1).head_ready, 5u);
  EXPECT_EQ(in.head(in.vc(1, 1)).seq, 10u);
  const Packet* next = in.pop(1, 1);
  ASSERT_NE(next, nullptr);
  EXPECT_EQ(next->seq, 11u);
  EXPECT_EQ(in.vc(1, 1).head_ready, 9u);
  p.seq = 12;
  in.push(1, 1, p, 12);  // wraps around the 2-packet ring
  EXPECT_EQ(in.pop(1, 1)->seq, 12u);
  EXPECT_EQ(in.pop(1, 1), nullptr);
  EXPECT_EQ(in.port_mask(), 0u);
  EXPECT_EQ(in.vc_mask(1), 0u);
  EXPECT_EQ(in.vc(1, 1).head, 0u);  // an empty ring restarts at its first slot
}

}  // namespace
}  // namespace netcosim
