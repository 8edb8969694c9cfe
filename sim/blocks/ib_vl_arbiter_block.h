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
  // The schedulers an implementation decides for and the parameter set it implements, in
  // rtl/ib_vl_arbiter.sv's terms: `ports` outputs (its ports 0 .. ports - 1), V VL lanes, N entries
  // per table, WW-bit weights, SW-bit head sizes in 64-B units and LIMIT (LimitOfHighPriority, a
  // parameter of the RTL). The router module's IB VL arbiter sockets
  // (systemc/router/router_module.h) refuse a block of another shape, and one that states none
  // (false). Never called in the cycle loop.
  struct Shape {
    uint32_t ports = 0;
    unsigned V = 0, N = 0, WW = 0, SW = 0, LIMIT = 0;
  };
  virtual bool shape(Shape& /*s*/) const { return false; }
  // The shape of one arbiter of a port of `vls` VLs whose tables have `high` and `low` entries,
  // heads of up to `max_units` 64-B units and LimitOfHighPriority `limit` (thesis 003 Sec. 5.3.1,
  // 6.2): V = the VLs and N = the larger table's entries, each rounded up to a power of two, at
  // least 2 (the RTL's VL and entry indexes; the lanes and entries past them are never used);
  // WW = 8 (the IB weights, 0 to 255); SW = 7 bits (IB's largest MTU, 4,096 B = 64 units) or more
  // when a head (an atomic message) is larger.
  static Shape scheduler_shape(unsigned vls, unsigned high, unsigned low, uint32_t max_units,
                               unsigned limit) {
    Shape s;
    s.ports = 1;
    s.V = 2;
    while (s.V < vls) s.V *= 2;
    s.N = 2;
    while (s.N < high || s.N < low) s.N *= 2;
    s.WW = 8;
    s.SW = 7;
    while ((uint64_t{1} << s.SW) <= max_units) ++s.SW;
    s.LIMIT = limit;
    return s;
  }
};

}  // namespace netcosim::model
