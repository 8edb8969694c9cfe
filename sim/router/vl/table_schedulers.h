// The table-based output schedulers of the switches
// (router.output_scheduler=sbt|dtable|ib_vlarb|drr; docs/model.md §10.5), built on the QoS block
// models of sim/blocks (docs/model.md §8) with the switch's output scheduler interface
// (sim/router/vl/rr_sl_scheduler.h): kVls lanes (the output port's VLs), select() with no state
// change, accept(vl) when the chosen packet starts.
//   - SlTableScheduler<SbtSlBlock>:    SBT (thesis 003 Algorithm 2, Table 4.2), weights per SL
//   - SlTableScheduler<DTableSlBlock>: DTable (Algorithm 3, Sec. 5.4)
//   - IbVlArbScheduler:                the InfiniBand two-table VL arbiter (Sec. 5.3.1, 6.2)
//   - SlTableScheduler<DrrSlBlock>:    DRR (Shreedhar and Varghese; Sec. 5.4's reference), quanta
//                                      per SL
// SBT, DTable and DRR serve service levels (their tables hold SLs): the SL of a VL's head packet
// (Packet::cls; a VL may carry several SLs, Table 4.6) makes the SL active, the block chooses an
// SL, and a round-robin arbiter per SL chooses among that SL's active VLs (thesis 003 Sec. 4.3.3:
// "if an SL spans several SCs, each time the SL is granted it serves its SCs/VLs in round-robin").
// They take the heads' SLs (kTakesHeadSl). The IB arbiter's tables hold VLs: it serves the VLs.
// Sizes are the head packets' flits, which are 64-B credits (read_output_scheduler refuses other
// flit sizes for dtable, drr and ib_vlarb). Every scheduler of a switch is built at construction
// from its VlSwitchConfig (make_output_scheduler); the switch is a template on its type, so a
// packet costs no virtual call.
#pragma once

#include <cassert>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "sim/blocks/drr_arbiter.h"
#include "sim/blocks/dtable_arbiter.h"
#include "sim/blocks/ib_vl_arbiter.h"
#include "sim/blocks/ib_vl_arbiter_block.h"
#include "sim/blocks/rr_arbiter.h"
#include "sim/blocks/sbt_scheduler.h"
#include "sim/router/vl/rr_sl_scheduler.h"
#include "sim/router/vl/vl_switch_config.h"

namespace netcosim {

// SBT over SLs: one lane per SL (the SL -> SL identity as its VL -> SL map), a per-port table
// (Sec. 2.3.1; Table 4.2's per-switch table has independent port columns, so it is the same).
class SbtSlBlock {
 public:
  SbtSlBlock() = default;
  explicit SbtSlBlock(const std::vector<uint32_t>& weights)
      : table_(std::make_shared<model::SbtTable>(weights, 1)) {
    std::vector<uint8_t> id(weights.size());
    for (size_t s = 0; s < id.size(); ++s) id[s] = static_cast<uint8_t>(s);
    block_ = model::SbtScheduler(table_.get(), 0, std::move(id));
  }
  uint32_t select(uint32_t active_sls, const uint32_t* size) const {
    return block_.select(active_sls, size);
  }
  void accept(uint32_t sl) { block_.accept(sl); }
  // Through an SBT block (RouterModel::set_sbt_block; VlSwitch::send<true>), as DTableSlBlock's:
  // the scheduler decides as natively, `b` returns the SL granted, and the scheduler commits its
  // decision when its SL is the one that starts.
  using Socket = model::SbtBlock;
  uint32_t select_via(model::SbtBlock& b, uint32_t port, uint32_t active_sls,
                      const uint32_t* /*size*/) const {
    latched_ = block_.evaluate(active_sls);
    return b.select(port, active_sls, latched_.valid ? latched_.vl : model::SbtScheduler::kNoGrant,
                    block_);
  }
  void accept_via(model::SbtBlock& b, uint32_t port, uint32_t sl) {
    if (latched_.valid && latched_.vl == sl) block_.commit(latched_);
    latched_ = model::SbtScheduler::Decision{};
    b.accept(port, sl);
  }
  const model::SbtScheduler& scheduler() const { return block_; }

 private:
  std::shared_ptr<model::SbtTable> table_;  // the block holds a pointer: kept where it is
  model::SbtScheduler block_;
  mutable model::SbtScheduler::Decision latched_;  // select_via's, for accept_via
};

// DTable over SLs. The switch's packet of SL s is the whole message of Algorithm 3 (an atomic
// transfer unit of SL_MTU[s] credits, docs/model.md §9.2), so the arbiter charges the head
// packet's flits and the next decision comes at the next packet: pending is 0 after every grant.
class DTableSlBlock {
 public:
  DTableSlBlock() = default;
  DTableSlBlock(std::shared_ptr<const model::DTableTable> table, const model::DTableParams& p)
      : table_(std::move(table)), arb_(p, table_.get()) {}
  uint32_t select(uint32_t active_sls, const uint32_t* size) const {
    latched_ = arb_.evaluate(active_sls, size);
    latched_.pending = 0;
    return latched_.valid() ? latched_.sl : model::DTableArbiter::kNoGrant;
  }
  void accept(uint32_t sl) {
    assert(latched_.valid() && latched_.sl == sl);
    (void)sl;
    arb_.commit(latched_);
  }
  // Through a DTable block (RouterModel::set_dtable_block; VlSwitch::send<true>): this arbiter
  // decides as natively and `b`, given the same inputs and that choice, returns the SL granted
  // (the RTL's in strict mode). The arbiter commits its decision when its SL is the one that
  // starts (always in shadow mode; in strict mode the RTL's registers are the scheduler's).
  using Socket = model::DTableBlock;
  uint32_t select_via(model::DTableBlock& b, uint32_t port, uint32_t active_sls,
                      const uint32_t* size) const {
    return b.select(port, active_sls, size, select(active_sls, size), arb_);
  }
  void accept_via(model::DTableBlock& b, uint32_t port, uint32_t sl) {
    if (latched_.valid() && latched_.sl == sl) arb_.commit(latched_);
    latched_ = model::DTableArbiter::Decision{};
    b.accept(port, sl);
  }
  const model::DTableArbiter& arbiter() const { return arb_; }

 private:
  std::shared_ptr<const model::DTableTable> table_;  // one per switch (OPA, Sec. 5.4.2)
  model::DTableArbiter arb_;
  mutable model::DTableArbiter::Decision latched_;
};

// DRR over SLs (docs/model.md §10.5): the block model of rtl/drr_arbiter.sv with one lane per SL
// (lanes: the SLs rounded up to a power of two, at least 2, as the RTL's lane index; the others
// have quantum 0 and are never visited), each SL's quantum in credits. A visit adds the quantum
// to the SL's deficit and the SL sends while its head packet fits; the switch's packet is the
// unit the deficit is charged with (its flits), decided at each packet.
class DrrSlBlock {
 public:
  DrrSlBlock() = default;
  DrrSlBlock(const model::DrrParams& p, const std::vector<uint32_t>& quanta) : arb_(p) {
    assert(quanta.size() <= p.vls);
    for (size_t s = 0; s < quanta.size(); ++s)
      arb_.write_quantum(static_cast<unsigned>(s), quanta[s]);
  }
  uint32_t select(uint32_t active_sls, const uint32_t* size) const {
    return arb_.select(active_sls, size);
  }
  void accept(uint32_t sl) { arb_.accept(sl); }
  // Through a DRR block (RouterModel::set_drr_block; VlSwitch::send<true>), as DTableSlBlock's.
  using Socket = model::DrrBlock;
  uint32_t select_via(model::DrrBlock& b, uint32_t port, uint32_t active_sls,
                      const uint32_t* size) const {
    latched_ = arb_.evaluate(active_sls, size);
    return b.select(port, active_sls, size,
                    latched_.valid ? latched_.vl : model::DrrArbiter::kNoGrant, arb_);
  }
  void accept_via(model::DrrBlock& b, uint32_t port, uint32_t sl) {
    if (latched_.valid && latched_.vl == sl) arb_.commit(latched_);
    latched_ = model::DrrArbiter::Decision{};
    b.accept(port, sl);
  }
  const model::DrrArbiter& arbiter() const { return arb_; }

 private:
  model::DrrArbiter arb_;
  mutable model::DrrArbiter::Decision latched_;  // select_via's, for accept_via
};

// The type of the block's other implementations (Block::Socket; void: none).
template <class B, class = void>
struct BlockSocket {
  using type = void;
};
template <class B>
struct BlockSocket<B, std::void_t<typename B::Socket>> {
  using type = typename B::Socket;
};

template <class Block>
class SlTableScheduler {
 public:
  static constexpr uint32_t kVls = RrSlScheduler::kVls;
  static constexpr uint32_t kMaxSls = RrSlScheduler::kMaxSls;
  static constexpr bool kTakesHeadSl = true;
  using Socket = typename BlockSocket<Block>::type;

  SlTableScheduler() = default;
  SlTableScheduler(uint32_t sls, Block block) : sls_(sls), block_(std::move(block)) {
    assert(sls >= 1 && sls <= kMaxSls);
    for (uint32_t s = 0; s < sls; ++s) vl_arb_[s] = model::RoundRobinArbiter(kVls);
  }
  // `active`: the VLs whose head may start; head_phits and head_sl of each of them.
  uint32_t select(uint32_t active, const uint32_t* head_phits, const uint8_t* head_sl) const {
    return select_with(active, head_phits, head_sl, [this](uint32_t sls, const uint32_t* size) {
      return block_.select(sls, size);
    });
  }
  void accept(uint32_t vl) {
    accept_with(vl, [this](uint32_t sl) { block_.accept(sl); });
  }
  // The same with the SL chosen by choose(active SLs, sizes) and accepted by take(SL) (a DTable
  // block's socket, VlSwitch::send<true>).
  template <class Choose>
  uint32_t select_with(uint32_t active, const uint32_t* head_phits, const uint8_t* head_sl,
                       Choose choose) const {
    uint32_t sl_active = 0;
    uint32_t size[kMaxSls] = {};
    for (uint32_t m = active; m != 0; m &= m - 1) {
      const uint32_t vl = static_cast<uint32_t>(__builtin_ctz(m));
      const uint32_t s = head_sl[vl];
      sl_active |= 1u << s;
      size[s] = head_phits[vl];
    }
    const uint32_t s = choose(sl_active, size);
    if (s >= sls_) return kVls;  // no eligible entry: nothing starts this cycle
    uint32_t vls = 0;
    for (uint32_t m = active; m != 0; m &= m - 1) {
      const uint32_t vl = static_cast<uint32_t>(__builtin_ctz(m));
      if (head_sl[vl] == s) vls |= 1u << vl;
    }
    chosen_sl_ = s;
    return static_cast<uint32_t>(vl_arb_[s].arbitrate(vls));
  }
  template <class Take>
  void accept_with(uint32_t vl, Take take) {
    take(chosen_sl_);
    vl_arb_[chosen_sl_].update(vl);
  }
  // Through the block's other implementation `b` (its select_via / accept_via).
  template <class S>
  uint32_t select_via(S& b, uint32_t port, uint32_t active, const uint32_t* head_phits,
                      const uint8_t* head_sl) const {
    return select_with(active, head_phits, head_sl, [&](uint32_t sls, const uint32_t* size) {
      return block_.select_via(b, port, sls, size);
    });
  }
  template <class S>
  void accept_via(S& b, uint32_t port, uint32_t vl) {
    accept_with(vl, [&](uint32_t sl) { block_.accept_via(b, port, sl); });
  }
  const Block& block() const { return block_; }
  Block& block() { return block_; }

 private:
  uint32_t sls_ = 1;
  Block block_;
  model::RoundRobinArbiter vl_arb_[kMaxSls];
  mutable uint32_t chosen_sl_ = 0;  // held for accept() like a grant register
};

using SbtSlScheduler = SlTableScheduler<SbtSlBlock>;
using DTableSlScheduler = SlTableScheduler<DTableSlBlock>;
using DrrSlScheduler = SlTableScheduler<DrrSlBlock>;

// The IB VL arbiter of one output port over its VLs. Its weights count 64-B units (thesis 003
// Sec. 6.2); a head of L flits is L / flits_per_unit units (link.flit_bytes = 64 / flits_per_unit,
// each MTU a whole number of units: read_output_scheduler checks it).
class IbVlArbScheduler {
 public:
  static constexpr uint32_t kVls = RrSlScheduler::kVls;
  IbVlArbScheduler() = default;
  explicit IbVlArbScheduler(model::IbVlArbiter a, uint32_t flits_per_unit = 1)
      : arb_(std::move(a)), flits_per_unit_(flits_per_unit) {}
  // The model's evaluate and commit, as its select and accept, with only the granted head
  // converted to units.
  uint32_t select(uint32_t active, const uint32_t* head_phits) const {
    latched_ = arb_.evaluate(active);
    if (!latched_.valid()) return kVls;
    const uint32_t phits = head_phits[latched_.vl];
    latched_units_ = flits_per_unit_ == 1 ? phits : phits / flits_per_unit_;
    return latched_.vl;
  }
  void accept(uint32_t vl) {
    assert(latched_.valid() && latched_.vl == vl);
    (void)vl;
    arb_.commit(latched_, latched_units_);
    latched_ = model::IbVlArbiter::Decision{};
  }
  // Through an IB VL arbiter block (RouterModel::set_ib_vlarb_block; VlSwitch::send<true>), as
  // DTableSlBlock's: the arbiter decides as natively (IbVlArbiter::evaluate), `b` is given the
  // active VLs, their heads in 64-B units and that choice and returns the VL granted; the arbiter
  // commits its decision when its VL is the one that starts.
  using Socket = model::IbVlArbBlock;
  uint32_t select_via(model::IbVlArbBlock& b, uint32_t port, uint32_t active,
                      const uint32_t* head_phits, const uint8_t* /*head_sl*/) const {
    for (uint32_t v = 0; v < kVls; ++v)
      units_[v] = (active >> v) & 1u ? head_phits[v] / flits_per_unit_ : 0u;
    latched_ = arb_.evaluate(active);
    const uint32_t vl = b.select(
        port, active, units_, latched_.valid() ? latched_.vl : model::IbVlArbiter::kNoGrant, arb_);
    return vl == model::IbVlArbiter::kNoGrant ? kVls : vl;
  }
  void accept_via(model::IbVlArbBlock& b, uint32_t port, uint32_t vl) {
    if (latched_.valid() && latched_.vl == vl) arb_.commit(latched_, units_[vl]);
    latched_ = model::IbVlArbiter::Decision{};
    b.accept(port, vl);
  }
  const model::IbVlArbiter& arbiter() const { return arb_; }

 private:
  model::IbVlArbiter arb_;
  uint32_t flits_per_unit_ = 1;
  mutable model::IbVlArbiter::Decision latched_;  // held for accept() like a grant register
  mutable uint32_t latched_units_ = 0;
  mutable uint32_t units_[kVls] = {};  // select_via's heads in 64-B units, for accept_via
};

// One output port's scheduler from the switch's configuration; sl_vls[s] are the VLs of SL s on
// the port (a mask).
template <class Sched>
Sched make_output_scheduler(const VlSwitchConfig& cfg, const uint16_t* sl_vls);

template <>
inline RrSlScheduler make_output_scheduler<RrSlScheduler>(const VlSwitchConfig& cfg,
                                                          const uint16_t* sl_vls) {
  return RrSlScheduler(cfg.sls, sl_vls);
}

template <>
inline SbtSlScheduler make_output_scheduler<SbtSlScheduler>(const VlSwitchConfig& cfg,
                                                            const uint16_t* /*sl_vls*/) {
  return SbtSlScheduler(cfg.sls, SbtSlBlock(cfg.scheduler.sbt_weights));
}

template <>
inline DTableSlScheduler make_output_scheduler<DTableSlScheduler>(const VlSwitchConfig& cfg,
                                                                  const uint16_t* /*sl_vls*/) {
  assert(cfg.dtable != nullptr);
  return DTableSlScheduler(cfg.sls, DTableSlBlock(cfg.dtable, cfg.dtable_params));
}

template <>
inline DrrSlScheduler make_output_scheduler<DrrSlScheduler>(const VlSwitchConfig& cfg,
                                                            const uint16_t* /*sl_vls*/) {
  return DrrSlScheduler(cfg.sls, DrrSlBlock(cfg.drr_params, cfg.scheduler.drr_quanta));
}

template <>
inline IbVlArbScheduler make_output_scheduler<IbVlArbScheduler>(const VlSwitchConfig& cfg,
                                                                const uint16_t* /*sl_vls*/) {
  std::vector<model::IbVlArbEntry> high, low;
  for (const auto& e : cfg.scheduler.table.high)
    high.push_back({static_cast<uint8_t>(e.vl), static_cast<uint8_t>(e.weight)});
  for (const auto& e : cfg.scheduler.table.low)
    low.push_back({static_cast<uint8_t>(e.vl), static_cast<uint8_t>(e.weight)});
  return IbVlArbScheduler(model::IbVlArbiter(high, low, cfg.scheduler.table.limit),
                          cfg.scheduler.flits_per_unit);
}

}  // namespace netcosim
