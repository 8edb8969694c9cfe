// The DTable block model (sim/blocks/dtable_arbiter.h) on hand traces: thesis 003 Fig. 5.2
// (Sec. 5.4), the two ways of leaving an entry (Sec. 4.3.3: an inactive SL discards its
// accumulated weight, an active one keeps it as its deficit), pending_pkts (Algorithm 3), the IB
// mapping (Sec. 5.4.1, Fig. 5.3) with its 8-bit accumulator overflow, the OPA device (Sec. 5.4.2)
// and the shares of a corrected table (Table 4.9).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "sim/blocks/dtable_arbiter.h"

namespace netcosim::model {
namespace {

using Kind = DTableArbiter::Kind;

// Evaluates and accepts one packet; returns the decision.
DTableArbiter::Decision step(DTableArbiter& a, uint32_t active, const uint32_t* size) {
  const auto d = a.evaluate(active, size);
  a.commit(d);
  return d;
}

// Fig. 5.2: SL0 stores 3 messages of 2 credits (2 one-credit packets each), its entry weighs 3
// and its deficit is 0; SL1 is empty. Round N: acc = 3, one message goes, acc = 1 < 2: the 1 is
// kept in SL0's deficit and the walk comes back to SL0's entry (SL1 inactive): round N + 1 starts
// with acc = 1 + 3 = 4 and sends the 2 remaining messages: acc 3 -> 1 -> 4 -> 0.
TEST(DTableArbiter, Fig52TraceAccumulatorThreeOneFourZero) {
  DTableTable t(2);
  t.write(0, 0, 3);
  t.write(1, 1, 3);
  DTableArbiter a({2, 8, 8, 8}, &t);
  const uint32_t size[2] = {2, 2};
  // Round N.
  auto d = step(a, 0b01, size);
  EXPECT_EQ(d.kind, Kind::NewEntry);
  EXPECT_EQ(d.entry, 0u);
  EXPECT_EQ(d.acc + size[0], 3u);  // before delivery: deficit 0 + weight 3
  EXPECT_EQ(a.pending(), 1u);      // the message's second packet
  d = step(a, 0b01, size);
  EXPECT_EQ(d.kind, Kind::Locked);
  EXPECT_EQ(a.acc(), 1u);  // after delivery
  EXPECT_EQ(a.pending(), 0u);
  // Round N + 1: acc 1 is below the next message (2): SL0's entry is selected again.
  d = step(a, 0b01, size);
  EXPECT_EQ(d.kind, Kind::NewEntry);
  EXPECT_EQ(d.entry, 0u);
  EXPECT_EQ(a.deficit(0), 1u);     // the carried weight
  EXPECT_EQ(d.acc + size[0], 4u);  // before delivery: 1 + 3
  EXPECT_EQ(step(a, 0b01, size).kind, Kind::Locked);
  EXPECT_EQ(a.acc(), 2u);
  EXPECT_EQ(step(a, 0b01, size).kind, Kind::Continue);  // the third message, same round
  EXPECT_EQ(step(a, 0b01, size).kind, Kind::Locked);
  EXPECT_EQ(a.acc(), 0u);  // after delivery
  EXPECT_EQ(a.pending(), 0u);
  // SL0 empty, SL1 empty: nothing to grant, nothing changes.
  EXPECT_FALSE(a.evaluate(0, size).valid());
}

// Sec. 4.3.3 case 1: SL0 leaves its entry with acc = 1 because it has become inactive: the
// accumulated weight is discarded and its deficit is 0. Case 2 (same state, SL0 still active but
// its next message does not fit): the deficit keeps the 1.
TEST(DTableArbiter, InactiveSlDiscardsItsDeficitActiveSlKeepsIt) {
  for (const bool sl0_active : {false, true}) {
    DTableTable t(2);
    t.write(0, 0, 3);
    t.write(1, 1, 4);
    DTableArbiter a({2, 8, 8, 8}, &t);
    const uint32_t size[2] = {2, 4};
    step(a, 0b01, size);
    step(a, 0b01, size);
    ASSERT_EQ(a.acc(), 1u);
    ASSERT_EQ(a.cur_sl(), 0u);
    const uint32_t active = sl0_active ? 0b11 : 0b10;
    const auto d = step(a, active, size);  // SL1's entry (1 is next after entry 0)
    EXPECT_EQ(d.kind, Kind::NewEntry);
    EXPECT_EQ(d.sl, 1u);
    EXPECT_EQ(a.deficit(0), sl0_active ? 1u : 0u) << sl0_active;
    EXPECT_EQ(a.acc(), 0u);  // 0 + 4 - 4
    EXPECT_EQ(a.cur_sl(), 1u);
  }
}

// pending_pkts: a message of 3 packets keeps the port's grant on its SL for 3 accepts whatever
// the inputs say (its credits were reserved for the whole message); then a new decision.
TEST(DTableArbiter, WholeMessageBeforeANewDecision) {
  DTableTable t(2);
  t.write(0, 0, 3);
  t.write(1, 1, 3);
  DTableArbiter a({2, 8, 8, 8}, &t);
  const uint32_t size[2] = {3, 1};
  EXPECT_EQ(step(a, 0b01, size).sl, 0u);
  EXPECT_EQ(a.pending(), 2u);
  EXPECT_EQ(a.acc(), 0u);
  EXPECT_EQ(step(a, 0b10, size).kind, Kind::Locked);  // SL1 waits: SL0's message is not over
  EXPECT_EQ(step(a, 0b00, size).sl, 0u);
  EXPECT_EQ(a.pending(), 0u);
  const auto d = step(a, 0b11, size);
  EXPECT_EQ(d.kind, Kind::NewEntry);
  EXPECT_EQ(d.sl, 1u);
  EXPECT_EQ(a.deficit(0), 0u);  // acc 0 carried (active, nothing left)
}

// An entry whose weight plus its SL's deficit does not cover the head message is not eligible
// (Sec. 5.4.3: "there is enough remaining weight"); the walk goes on to the next one. Weight-0
// entries are empty. Without any eligible entry there is no grant and no state change.
TEST(DTableArbiter, EntriesThatCannotCoverTheMessageAreSkipped) {
  DTableTable t(4);
  t.write(0, 0, 2);  // SL0's message is 3: not enough
  t.write(1, 1, 0);  // empty entry
  t.write(2, 1, 5);
  t.write(3, 0, 3);
  DTableArbiter a({2, 8, 8, 8}, &t);
  const uint32_t size[2] = {3, 2};
  auto d = a.evaluate(0b11, size);
  EXPECT_EQ(d.entry, 2u);
  EXPECT_EQ(d.sl, 1u);
  d = a.evaluate(0b01, size);
  EXPECT_EQ(d.entry, 3u);
  t.write(3, 0, 1);
  EXPECT_FALSE(a.evaluate(0b01, size).valid());
  EXPECT_EQ(a.select(0b01, size), DTableArbiter::kNoGrant);
  EXPECT_EQ(a.ptr(), 0u);
}

// The walk starts after the selected entry and wraps; the selected entry itself is last.
TEST(DTableArbiter, PointerWalksRoundRobin) {
  DTableTable t(4);
  for (unsigned e = 0; e < 4; ++e) t.write(e, e % 2, 1);
  DTableArbiter a({2, 8, 8, 8}, &t);
  const uint32_t size[2] = {1, 1};
  const unsigned expected_entries[] = {0, 1, 2, 3, 0, 1};
  for (unsigned e : expected_entries) {
    const auto d = step(a, 0b11, size);
    EXPECT_EQ(d.entry, e);
    EXPECT_EQ(d.sl, e % 2);
    EXPECT_EQ(a.ptr(), (e + 1) % 4);
  }
  // Only SL0 active: entries 2 and 0 of SL0 in turn (after entry 1, the walk meets 2 first).
  EXPECT_EQ(step(a, 0b01, size).entry, 2u);
  EXPECT_EQ(step(a, 0b01, size).entry, 0u);
  EXPECT_EQ(step(a, 0b01, size).entry, 2u);
}

// IB mapping (Fig. 5.3): 8-bit deficit counters and accumulator. SL0's entry of 255 leaves 200 in
// its deficit; the next selection of that entry needs 200 + 255 = 455 > 255: overflow is reported
// (sticky) and the accumulator keeps the low 8 bits, as the table entry would.
TEST(DTableArbiter, IbMappingEightBitAccumulatorOverflowIsReported) {
  DTableTable t(2);
  t.write(0, 0, 255);
  t.write(1, 1, 10);
  DTableArbiter a(ib_dtable_params(), &t);
  uint32_t size[kIbSls] = {};
  size[0] = 55;
  size[1] = 5;
  step(a, 0b01, size);
  for (int k = 0; k < 54; ++k) step(a, 0b01, size);  // the rest of the 55-packet message
  EXPECT_EQ(a.acc(), 200u);
  EXPECT_FALSE(a.overflow());
  size[0] = 201;  // does not fit in 200: SL0 leaves with deficit 200, SL1's entry is next
  auto d = step(a, 0b11, size);
  EXPECT_EQ(d.sl, 1u);
  EXPECT_EQ(a.deficit(0), 200u);
  for (int k = 0; k < 4; ++k) step(a, 0b11, size);
  const IbArbTables img = ib_tables(a);
  EXPECT_EQ(img.high[0].vl, 0u);
  EXPECT_EQ(img.high[0].weight, 255u);
  EXPECT_EQ(img.high[1].vl, 1u);
  EXPECT_EQ(img.high[1].weight, 10u);
  EXPECT_EQ(img.low[0].weight, 200u);                  // SL0's deficit counter
  EXPECT_EQ(img.low[kIbAccumulatorEntry].weight, 5u);  // acc = 0 + 10 - 5
  for (unsigned e = 16; e < kIbAccumulatorEntry; ++e) EXPECT_EQ(img.low[e].weight, 0u) << e;
  d = step(a, 0b01, size);  // SL1 inactive: SL0's entry, 200 + 255
  EXPECT_EQ(d.sl, 0u);
  EXPECT_TRUE(d.overflow);
  EXPECT_TRUE(a.overflow());
  EXPECT_EQ(a.acc(), (455u - 201u) & 255u);
  EXPECT_EQ(a.deficit(1), 0u);  // SL1 left inactive
  a.reset();
  EXPECT_FALSE(a.overflow());
}

// OPA (Sec. 5.4.2): one table per device, a deficit counter per port and SL (32 x 48 = 1,536) and
// an accumulator per port (48); ports are independent and see the table's writes.
TEST(DTableArbiter, OpaDeviceSharesOneTable) {
  DTableDevice dev(48, 128, DTableParams{32, 16, 16, 8});
  EXPECT_EQ(dev.deficit_counters(), 1536u);
  EXPECT_EQ(dev.accumulators(), 48u);
  dev.table().write(0, 5, 10);
  dev.table().write(1, 7, 10);
  uint32_t size[32] = {};
  size[5] = size[7] = 4;
  step(dev.port(3), 1u << 5, size);
  EXPECT_EQ(dev.port(3).cur_sl(), 5u);
  EXPECT_EQ(dev.port(3).acc(), 6u);
  EXPECT_FALSE(dev.port(4).cur_valid());
  dev.table().write(0, 7, 12);  // the next decision of every port reads the new entry
  const auto d = dev.port(4).evaluate(1u << 7, size);
  EXPECT_EQ(d.entry, 0u);
  EXPECT_EQ(d.acc, 8u);
}

// Table 4.9's corrected table (VO 32 x 7 + 32 x 6, VI 39, CL 130, BE and BK 26; MTUs 2/4/8/16/16
// credits), every SL always active with messages of its MTU: over whole table cycles each SL
// sends exactly its total weight, so the shares are 416/1248/2080/208/208 of 4160.
TEST(DTableArbiter, CorrectedTable49SharesAreExactOverWholeCycles) {
  // Layout of Table 4.8's distances: VO on even entries, VI on 1 mod 4, CL on 3 mod 8, BE on
  // 7 mod 16, BK on 15 mod 16.
  DTableTable t(128);
  unsigned vo = 0;
  for (unsigned e = 0; e < 128; ++e) {
    if (e % 2 == 0)
      t.write(e, 0, vo++ < 32 ? 7 : 6);
    else if (e % 4 == 1)
      t.write(e, 1, 39);
    else if (e % 8 == 3)
      t.write(e, 2, 130);
    else if (e % 16 == 7)
      t.write(e, 3, 26);
    else
      t.write(e, 4, 26);
  }
  DTableArbiter a({5, 16, 16, 8}, &t);
  const uint32_t mtu[5] = {2, 4, 8, 16, 16};
  uint64_t sent[5] = {};
  // One table cycle is 4160 credits, and every deficit is 0 again at its end (VO's 7s carry 1 and
  // 0 in turn over 32 entries, VI's 39s period 4 entries, CL's 130s 4, BE's and BK's 26s 8), so
  // 10 cycles are 41,600 one-credit packets.
  for (uint64_t k = 0; k < 10 * 4160; ++k) {
    const auto d = step(a, 0b11111, mtu);
    ++sent[d.sl];
  }
  const uint64_t expected[5] = {4160, 12480, 20800, 2080, 2080};
  for (unsigned s = 0; s < 5; ++s) EXPECT_EQ(sent[s], expected[s]) << s;
}

// select()/accept() are evaluate()/commit() of the same cycle.
TEST(DTableArbiter, SelectAcceptIsEvaluateCommit) {
  DTableTable t(3);
  t.write(0, 0, 3);
  t.write(1, 1, 2);
  t.write(2, 0, 1);
  DTableArbiter a({2, 8, 8, 8}, &t), b({2, 8, 8, 8}, &t);
  const uint32_t size[2] = {2, 1};
  const uint32_t actives[] = {0b11, 0b01, 0b10, 0b11, 0b11, 0b00, 0b11, 0b01, 0b11, 0b11};
  for (uint32_t act : actives) {
    const auto d = a.evaluate(act, size);
    a.commit(d);
    const uint32_t g = b.select(act, size);
    if (g != DTableArbiter::kNoGrant) b.accept(g);
    EXPECT_EQ(g, d.valid() ? d.sl : DTableArbiter::kNoGrant);
    EXPECT_EQ(a.acc(), b.acc());
    EXPECT_EQ(a.ptr(), b.ptr());
    EXPECT_EQ(a.deficit(0), b.deficit(0));
  }
}

}  // namespace
}  // namespace netcosim::model
