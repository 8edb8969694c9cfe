// Area of a router configuration (`netcosim area CONFIG.ini`, docs/area.md "Per router
// configuration"): the RTL blocks a configured router instantiates, with the parameters the
// configuration implies, and the storage it implies, priced with a memory-area model.
//
// The blocks of a CIOQ router of radix P (every port of a topology's router has the same class on
// every router, sim/topology/topology.h):
//   - one separable allocator sep_alloc_if P=P, V=max VCs of an input port, Q=P,
//     ITER=router.allocator_iterations;
//   - one credit counter per output port that leads to a router, V=router.vcs_<class>,
//     CAP=router.buffer_<class> (the downstream input buffer per VC), W=bits of CAP;
//     outputs to nodes eject without credits (the NIC consumes at link rate);
//   - contention counters Q=P, W=8, N=2P when the routing senses contention (seed 001
//     Sec. III-A; sim/congestion/contention_sensor.h);
//   - one VC selector per output port that leads to a router and has more than one VC, under
//     router.vc_management=flexvc (seed 002 Sec. III: baseline hops are given one VC).
// The storage: per input port and VC, router.buffer_<class> phits (DAMQ: one array per port and
// its pointer lists); per output port, router.buffer_output phits; ECtN's counter arrays; one
// array each.
//
// The switches built on service levels (router.architecture=ib|opa; sim/router/ib/ib_switch.h,
// docs/model.md §10-11), counted from VlSwitch's members, P ports, V = qos.vls VLs:
//   - IB: one separable allocator sep_alloc_if P=P, V=V, Q=P (alloc_); OPA: one per MPort of 4
//     ports, P=4, V=V, Q=6 (mport_alloc_: the MPort's 4 output buffers and 2 central buffers),
//     and the central one, P=2 x MPorts, V=V, Q=P (central_alloc_);
//   - per output port that leads to a switch (on some switch: one design for every place), a
//     credit counter per VL of the downstream input
//     buffer (credits_), CAP=the most a VL may hold there; per output port, the same for its own
//     output buffer's space (out_space_); OPA: per central buffer (central_space_);
//   - the output scheduler of each output port (sched_): rr, a round-robin arbiter over the SLs
//     (rr_arbiter N=qos.sls) and one per SL over the SL's VLs on the port (N = those VLs, none
//     for one); dtable, a dtable_arbiter at the model's register widths and the same per-SL VL
//     arbiters; drr, a drr_arbiter (V = the SLs rounded up to a power of two, QW = SW = 16) and
//     the same per-SL VL arbiters; ib_vlarb, its two tables as storage (the arbiter has no RTL);
//     sbt: exit 2.
// The storage, at link.flit_bytes x 8 bits per flit: an input and an output buffer per port
// shared by the VLs, and OPA's central buffers (two per MPort of router.central_buffer / 2
// flits), each one array with its VL lists as a DAMQ's; the mapping tables (IB SL2VL, OPA SL2SC
// and SC2VL) once per switch; the round-robin pointers of the SLs with several VLs.
//
// The NICs (one per node) are not part of a router; the network counts them beside the routers.
// Each NIC keeps the credits of the input buffer its link feeds: on a CIOQ router a
// credit_counter at the injection class's VCs and buffer per VC (CioqRouter::nic_credits_), on a
// switch a shared_vl_credits at the switch's input buffer's set (VlSwitch::nic_credits_, the
// in-network socket's nic<p>).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/config/config.h"

namespace netcosim::experiment {

struct BlockUse {
  std::string block;   // RTL top module (rtl/catalog.h)
  std::string params;  // "K=V,K=V"
  uint32_t count = 0;  // per router
  std::string role;    // e.g. "credit counter, outputs to local ports"
};

struct StorageUse {
  std::string role;
  uint64_t bits = 0;    // per array
  uint32_t arrays = 0;  // per router
};

struct RouterAreaPlan {
  std::string architecture;  // router.architecture
  std::string topology;      // Topology::describe()
  uint32_t phit_bits = 0;    // bits per phit (cioq) or flit (ib, opa) of the storage
  uint64_t routers = 0;
  uint32_t radix = 0;
  std::vector<BlockUse> blocks;
  std::vector<StorageUse> storage;
  std::vector<std::string> notes;    // costs that are not area (ECtN's broadcast on the links)
  uint64_t nics = 0;                 // one per node
  std::vector<BlockUse> nic_blocks;  // the blocks of one NIC (count: per NIC)
};

// The plan of the configured network's routers. Throws ConfigError for a configuration that is
// not valid or has a block without RTL (naming the key). phit_bits sizes the CIOQ router's
// phits; the switches' flits are link.flit_bytes.
RouterAreaPlan plan_router_area(const Config& cfg, uint32_t phit_bits);

// The memory-area model (docs/area.md): an array of at most rf_max_bits bits is a flip-flop
// register file (a D flip-flop and a 2:1 multiplexer share of the read tree per bit), a larger
// one SRAM (a 6T cell per bit over an array efficiency). Technology: 45 nm (NanGate 45 nm Open
// Cell Library cell areas; the SRAM cell of Intel's 45 nm process).
enum class MemoryKind { Auto, RegisterFile, Sram };
struct MemoryModel {
  MemoryKind kind = MemoryKind::Auto;
  uint64_t rf_max_bits = 4096;
  static constexpr double kNand2Um2 = 0.798;     // NanGate 45 nm NAND2_X1
  static constexpr double kDffUm2 = 4.522;       // NanGate 45 nm DFF_X1
  static constexpr double kMux2Um2 = 1.862;      // NanGate 45 nm MUX2_X1
  static constexpr double kSramCellUm2 = 0.346;  // Intel 45 nm 6T cell
  static constexpr double kSramEfficiency = 0.5;
  bool register_file(uint64_t bits) const {
    return kind == MemoryKind::RegisterFile || (kind == MemoryKind::Auto && bits <= rf_max_bits);
  }
  double um2(uint64_t bits) const {
    const double b = static_cast<double>(bits);
    return register_file(bits) ? b * (kDffUm2 + kMux2Um2) : b * kSramCellUm2 / kSramEfficiency;
  }
};

// Bits needed to count 0..cap.
uint32_t counter_bits(uint64_t cap);

}  // namespace netcosim::experiment

#include <nlohmann/json.hpp>

#include "sim/experiment/area.h"

namespace netcosim::experiment {

// A plan with the synthesized figures of its blocks (rows[i] belongs to plan.blocks[i],
// nic_rows[i] to plan.nic_blocks[i]).
struct RouterAreaReport {
  std::string config;  // the configuration's name as given
  RouterAreaPlan plan;
  std::vector<AreaRow> rows;
  std::vector<bool> cached;
  std::vector<AreaRow> nic_rows;
  std::vector<bool> nic_cached;
  MemoryModel memory;
  uint32_t phit_bits = 0;
  double logic_nand2() const;
  double storage_um2() const;
  double router_um2() const { return logic_nand2() * MemoryModel::kNand2Um2 + storage_um2(); }
  double nic_nand2() const;  // one NIC
  // The routers and the NICs.
  double network_nand2() const {
    return router_um2() / MemoryModel::kNand2Um2 * static_cast<double>(plan.routers) +
           nic_nand2() * static_cast<double>(plan.nics);
  }
  double network_um2() const { return network_nand2() * MemoryModel::kNand2Um2; }
};

std::string router_area_text(const RouterAreaReport& r);
nlohmann::ordered_json router_area_json(const RouterAreaReport& r);
// Two configurations side by side: each block role and storage role, the router and the network,
// in NAND2 equivalents with B / A.
std::string router_area_compare_text(const RouterAreaReport& a, const RouterAreaReport& b);

}  // namespace netcosim::experiment
