// The parameters the switch architectures built on service levels share (the InfiniBand switch,
// sim/router/ib/; docs/model.md §10): per-SL packet sizes, the VLs of each SL per routing VC
// (VlPlan, sim/config/qos.h), the port buffers shared by the VLs (a guaranteed minimum and a
// maximum per VL, sim/blocks/shared_vl_credits.h) and the pipeline latencies.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "sim/blocks/drr_arbiter.h"
#include "sim/blocks/dtable_arbiter.h"
#include "sim/blocks/shared_vl_credits.h"
#include "sim/config/config.h"
#include "sim/config/qos.h"
#include "sim/topology/topology.h"

namespace netcosim {

struct VlSwitchConfig {
  std::vector<PortClass> classes;  // per port (Topology::port_class_of, router 0)
  uint32_t vls = 1;                // VLs per port
  uint32_t sls = 1;
  uint32_t phits[kMaxSls] = {};  // a packet of each SL (its MTU in flits)
  uint32_t min_phits = 0, max_phits = 0;
  model::SharedVlBuffer in_buffer;   // each input port's buffer (router.port_buffer)
  model::SharedVlBuffer out_buffer;  // each output port's buffer (router.buffer_output)
  uint32_t latency = 0;              // routing (RT): cycles from arrival to the allocator
  uint32_t xbar_latency = 0;         // crossbar traversal (X): grant to the output buffer
  uint32_t speedup = 1;              // flits per cycle through the crossbar (router.speedup)
  // Cycles a head that requested in the VA-SA (the input buffers' stage) and lost waits before
  // it requests again (router.alloc_retry; thesis 003 Fig. 2.2: a losing header pays SB again).
  uint32_t alloc_retry = 0;
  // router.credit_return=flit (docs/model.md §10.2): an input buffer returns the credits of the
  // flits that cross the crossbar in each cycle of a transfer, not the packet's at its end.
  bool credit_per_flit = false;
  // OPA (docs/model.md §11): each of an MPort's two central buffers (half of
  // router.central_buffer), the central stage's latency (router.central_latency), the crossbars'
  // flits per cycle (thesis 003 Sec. 2.2: 3 through an MPort, 4 from the central buffers).
  model::SharedVlBuffer central_buffer;
  uint32_t central_latency = 0;
  // router.central_link=any (docs/model.md §11): an input may write either of its MPort's central
  // buffers (its own pair's first); false (pair): inputs 0-1 the first, 2-3 the second.
  bool central_any = false;
  static constexpr uint32_t kMPortFlits = 3, kCentralFlits = 4;
  // router.mport_xbar=shared (docs/model.md §11): the MPort crossbar's 3 flits per cycle are its
  // total over its inputs, one input granted per cycle; false: each input's packet's.
  bool mport_shared = false;
  // router.mport_xbar=shared_central (docs/model.md §11): with mport_shared, the total holds for
  // the packets bound for the central buffers only; those to the MPort's own outputs keep each
  // input's 3 flits per cycle.
  bool mport_shared_central = false;
  VlPlan plan;  // the VLs of each SL per port class and routing VC
  // qos.backlogged (docs/model.md §9.2): each NIC always has a packet of every SL ready and its
  // link is served by an output scheduler of the switch's kind.
  bool backlogged = false;
  // qos.nic_queues=per_sl (docs/model.md §9.2): each NIC has a source queue per SL and its link
  // is served by an output scheduler of the switch's kind.
  bool nic_per_sl = false;
  // qos.atomic_messages (docs/model.md §9.2; thesis 003 Sec. 2.2): set only when some SL's
  // message has more than one packet. msg_pkts: packets of a message of each SL (1 when off);
  // unit_phits: what a buffer takes and a scheduler grants at once (the message, or the packet).
  bool atomic = false;
  uint32_t msg_pkts[kMaxSls] = {};
  uint32_t unit_phits[kMaxSls] = {};
  uint32_t max_unit_phits = 0;
  // The output scheduler (router.output_scheduler, docs/model.md §10.5) and, for the DTable, its
  // table (one per device, Sec. 5.4.2: shared by every port of every switch, as it is the same
  // configuration) and register widths (8 bits for an IB-mapped table, Sec. 5.4.1).
  OutputSchedulerSpec scheduler;
  std::shared_ptr<const model::DTableTable> dtable;
  model::DTableParams dtable_params;
  // DRR (router.output_scheduler=drr): lanes = the SLs rounded up to a power of two (at least 2,
  // rtl/drr_arbiter.sv's lane index), 16-bit quanta and packet sizes (qos.drr_quantum's bound).
  model::DrrParams drr_params;
  static model::DrrParams drr_params_for(uint32_t sls) {
    model::DrrParams p;
    p.vls = 2;
    while (p.vls < sls) p.vls *= 2;
    p.quantum_bits = 16;
    p.size_bits = 16;
    return p;
  }
  uint32_t radix() const { return static_cast<uint32_t>(classes.size()); }
  // Cycles a packet of L flits occupies the crossbar's input and output.
  uint32_t xfer_cycles(uint32_t L) const { return (L + speedup - 1) / speedup; }
  // The VLs SL s may take at injection (routing VC 0 of the injection class), as a mask.
  uint16_t injection_vls(uint32_t s) const {
    uint16_t m = 0;
    for (const uint8_t vl : plan.candidates[kInjectionClass][s][0])
      m = static_cast<uint16_t>(m | 1u << vl);
    return m;
  }
};

// From the configuration (validate_config has checked it) and the topology.
VlSwitchConfig vl_switch_config(const Config& cfg, const Topology& topo);

// The packets each VL's FIFO holds in a buffer whose VLs may take `vl_max` flits: as many of the
// smallest packets of the SLs that use the VL (on any port class and routing VC) as fit, at least
// one (VlSwitch's input, output and central FIFOs; the memory estimate counts the same).
std::vector<uint32_t> vl_fifo_capacity(const VlSwitchConfig& c, uint32_t vl_max);

}  // namespace netcosim
