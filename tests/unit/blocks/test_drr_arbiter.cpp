// The Deficit Round Robin block model (sim/blocks/drr_arbiter.h) on hand traces: a visit adds the
// quantum, the lane sends while its head fits, an empty lane loses its deficit.
#include <gtest/gtest.h>

#include <vector>

#include "sim/blocks/drr_arbiter.h"

namespace netcosim::model {
namespace {

DrrArbiter::Decision step(DrrArbiter& a, uint32_t active, const uint32_t* size) {
  const auto d = a.evaluate(active, size);
  a.commit(d);
  return d;
}

// Quanta 4 and 2, heads of 3 and 2 credits, both lanes always busy. Lane 0: 0 + 4 - 3 = 1 left
// (the next 3 does not fit), lane 1: 2 - 2 = 0; lane 0: 1 + 4 = 5, one packet, 2 left; lane 1;
// lane 0: 2 + 4 = 6, two packets, 0 left; lane 1; ... lane 0 sends 12 credits per 3 visits.
TEST(DrrArbiter, QuantaAndDeficitsHandTrace) {
  DrrArbiter a({2, 8, 6});
  a.write_quantum(0, 4);
  a.write_quantum(1, 2);
  const uint32_t size[2] = {3, 2};
  const struct {
    unsigned vl;
    bool visit;
    uint32_t deficit;
  } expected[] = {{0, true, 1}, {1, true, 0},  {0, true, 2}, {1, true, 0},
                  {0, true, 3}, {0, false, 0}, {1, true, 0}, {0, true, 1}};
  for (const auto& e : expected) {
    const auto d = step(a, 0b11, size);
    EXPECT_EQ(d.vl, e.vl);
    EXPECT_EQ(d.visit, e.visit);
    EXPECT_EQ(a.deficit(e.vl), e.deficit);
    EXPECT_EQ(a.cur(), e.vl);
  }
}

// A lane that is left while it is empty (inactive) loses its deficit; one left while busy keeps
// it.
TEST(DrrArbiter, EmptyLaneLosesItsDeficit) {
  for (const bool busy : {false, true}) {
    DrrArbiter a({2, 8, 6});
    a.write_quantum(0, 5);
    a.write_quantum(1, 5);
    const uint32_t size[2] = {3, 1};
    step(a, 0b01, size);
    ASSERT_EQ(a.deficit(0), 2u);
    const auto d = step(a, busy ? 0b11 : 0b10, size);
    EXPECT_EQ(d.vl, 1u);
    EXPECT_EQ(a.deficit(0), busy ? 2u : 0u) << busy;
    EXPECT_EQ(a.deficit(1), 4u);
  }
}

// A lane with quantum 0 is never visited; a head larger than deficit + quantum is not eligible;
// no grant leaves the state alone.
TEST(DrrArbiter, ZeroQuantumAndOversizedHeadsAreNotGranted) {
  DrrArbiter a({3, 4, 6});
  a.write_quantum(0, 0);
  a.write_quantum(1, 15);
  a.write_quantum(2, 2);
  const uint32_t size[3] = {1, 16, 2};
  EXPECT_EQ(a.evaluate(0b011, size).valid, false);
  EXPECT_EQ(a.select(0b011, size), DrrArbiter::kNoGrant);
  const auto d = a.evaluate(0b111, size);
  EXPECT_EQ(d.vl, 2u);
  EXPECT_EQ(a.cur(), 2u);  // reset: V - 1, so lane 0 would be first
  EXPECT_FALSE(a.in_service());
}

}  // namespace
}  // namespace netcosim::model
