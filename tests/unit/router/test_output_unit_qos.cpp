// The QoS scheduler blocks fit the output stage's scheduler interface: OutputUnit
// (sim/router/cioq/output_unit.h) with a DTable (sim/blocks/dtable_arbiter.h) as the scheduler of
// its port's two VLs, through QosScheduler (sim/blocks/qos_scheduler.h). One-phit packets are
// one-credit messages here.
#include <gtest/gtest.h>

#include <vector>

#include "sim/blocks/dtable_arbiter.h"
#include "sim/blocks/qos_scheduler.h"
#include "sim/router/cioq/output_unit.h"

namespace netcosim {
namespace {

const model::DTableTable& two_to_one_table() {
  static const model::DTableTable t = [] {
    model::DTableTable x(2);
    x.write(0, 0, 2);  // SL0: 2 credits per selection
    x.write(1, 1, 1);  // SL1: 1
    return x;
  }();
  return t;
}

struct TwoToOne : model::QosScheduler<model::DTableArbiter, 2> {
  TwoToOne() : QosScheduler(model::DTableArbiter({2, 8, 8, 8}, &two_to_one_table())) {}
};

TEST(OutputUnitQos, DTableSharesThePortsLinkTwoToOne) {
  OutputUnit<TwoToOne> out;
  out.init(1, 8);
  constexpr uint32_t kS = 1, kCap = 8, kX = 1;
  Packet p;
  Cycle now = 0;
  for (uint32_t k = 0; k < 6; ++k) {
    const uint32_t vl = k < 4 ? 0 : 1;  // VL0: seq 0..3, VL1: seq 4, 5
    ASSERT_TRUE(out.can_accept(0, now, kCap, kS, vl));
    p.seq = k;
    out.write(0, p, 0, now, kX, /*ready=*/10, kS, vl);
    now += kX;
  }
  std::vector<uint32_t> seqs;
  for (Cycle t = 0; t < 30; ++t)
    out.send(t, kS,
             [&](uint32_t, const OutputUnit<TwoToOne>::Entry& e) { seqs.push_back(e.pkt.seq); });
  EXPECT_EQ(seqs, (std::vector<uint32_t>{0, 1, 4, 2, 3, 5}));
}

}  // namespace
}  // namespace netcosim
