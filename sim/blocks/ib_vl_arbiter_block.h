// The InfiniBand VL arbiters of a switch's output ports (router.output_scheduler=ib_vlarb:
// IbVlArbScheduler, sim/router/vl/table_schedulers.h; thesis 003 Sec. 5.3.1, 6.2) implemented
// elsewhere (the Verilated rtl/ib_vl_arbiter.sv's socket, systemc/rtl/table_sched_socket.h;
// docs/cosim.md "Verilated blocks inside a network"), which the switch then owns
// (RouterModel::set_ib_vlarb_block). Kept apart from sim/blocks/ib_vl_arbiter.h, whose algorithm
// it only calls. For every decision of output `port` the switch passes the active VLs, their head
// packets' sizes in 64-B units, its C++ arbiter's choice (`model`, IbVlArbiter::kNoGrant for
// none) and that arbiter (`arb`: its registers before the decision); select() returns the VL
// granted (the RTL's in strict mode, `model` in shadow mode). accept() follows when the granted
// VL's packet starts, before the port's next select().
#pragma once

#include <cstdint>

#include "sim/blocks/ib_vl_arbiter.h"

namespace netcosim::model {

class IbVlArbBlock {
 public:
  virtual ~IbVlArbBlock() = default;
  virtual uint32_t select(uint32_t port, uint32_t active, const uint32_t* size, uint32_t model,
                          const IbVlArbiter& arb) = 0;
  virtual void accept(uint32_t port, uint32_t vl) = 0;
  // Its port 0 decides for the switch's output `first` (as DrrBlock::set_first_output). Never
  // called in the cycle loop.
  virtual void set_first_output(uint32_t /*first*/) {}
};

}  // namespace netcosim::model
