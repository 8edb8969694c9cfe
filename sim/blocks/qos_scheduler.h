// The QoS scheduler blocks as output schedulers of OutputUnit (sim/router/cioq/output_unit.h,
// sim/blocks/output_scheduler.h): the lane count fixed at build time (kVls), the block's select()
// and accept() unchanged. The blocks are configured after construction (tables, weights, quanta):
//   QosScheduler<DTableArbiter, V>   Deficit Table, SL = VL (sim/blocks/dtable_arbiter.h)
//   QosScheduler<SbtScheduler, V>    Simple Bandwidth Table (sim/blocks/sbt_scheduler.h)
//   QosScheduler<IbVlArbiter, V>     InfiniBand two-table VL arbiter (sim/blocks/ib_vl_arbiter.h)
//   QosScheduler<DrrArbiter, V>      Deficit Round Robin (sim/blocks/drr_arbiter.h)
// Their select() may return kNoGrant with active lanes (no eligible table entry); the output unit
// then starts nothing on that link in that cycle. Sizes are 64-B credits (docs/model.md §8): the
// DTable reads the size of each lane's head message (one credit per packet, so also the packets
// it keeps the grant for), the IB arbiter and DRR the head packet's; the output unit's head sizes
// in phits are to be converted when a router uses these blocks (OutputUnitQos's test uses
// one-phit, one-credit packets).
#pragma once

#include <cstdint>

namespace netcosim::model {

template <class Block, uint32_t V>
struct QosScheduler : Block {
  static constexpr uint32_t kVls = V;
  using Block::Block;
  QosScheduler() = default;
  explicit QosScheduler(const Block& b) : Block(b) {}
};

}  // namespace netcosim::model
