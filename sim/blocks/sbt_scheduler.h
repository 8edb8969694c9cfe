// The Simple Bandwidth Table (SBT) output scheduler.
//
// Source: thesis 003 Sec. 1.2 (Table 1.1), Sec. 2.3.1 (Algorithm 1), Sec. 4.3.2 (Algorithm 2,
// Table 4.2). One entry per SL: (SL, weight in packets); by convention the weights add up to 100,
// so a weight is a percentage of the link. The scheduler walks the VLs from the last one it
// selected (Algorithm 2, line 8: it keeps serving that VL while it may) to the first active VL
// whose SL has weight left, and that SL's weight drops by one per packet. An SL that becomes
// inactive keeps its remaining weight. Work-conserving exception: when no active SL has weight
// left, one of them is served anyway without being charged (Algorithm 2 returns the last such VL
// its walk met), so the link is never idle while a packet could go.
//
// Reset: Algorithm 2 restores the weights when the number of dry active VLs met equals the number
// of table entries; the text (Sec. 4.3.2) and Table 4.2 restore them when the table's total weight
// is 0. With several VLs per SL, or an inactive SL with weight left, the two differ; this model
// restores a port's weights when every SL's remaining weight is <= 0, at the accept that empties
// the table (docs/model.md "QoS output schedulers").
//
// Storage (Table 4.2): one table per switch, N SL rows x (p + 2) columns: the SL, its configured
// weight x_i, and one remaining-weight column x_i - alpha_ij per output port j; when a port's
// column adds up to 0 the Weight column is copied into it. A per-port table (Sec. 2.3.1) is the
// same table with one port column, so both are SbtTable.
//
// Port list (C++ only), V <= 32 lanes: in active[V], accept; the SL of each lane is the VL -> SL
// map (SC2SL of the lane's SC, one SL per lane); out the granted VL; registered last_vl and the
// port's remaining weights.
#pragma once

#include <cassert>
#include <cstdint>
#include <vector>

namespace netcosim::model {

class SbtTable {
 public:
  SbtTable() = default;
  SbtTable(std::vector<uint32_t> weights, unsigned ports)
      : weights_(std::move(weights)), ports_(ports), remaining_(weights_.size() * ports) {
    for (unsigned p = 0; p < ports_; ++p) restore(p);
  }
  unsigned sls() const { return static_cast<unsigned>(weights_.size()); }
  unsigned ports() const { return ports_; }
  uint32_t weight(unsigned sl) const { return weights_[sl]; }
  uint32_t remaining(unsigned sl, unsigned port) const { return remaining_[port * sls() + sl]; }
  // One packet of `sl` charged on `port`; the Weight column is copied back when the column is 0.
  void charge(unsigned sl, unsigned port) {
    uint32_t& r = remaining_[port * sls() + sl];
    assert(r > 0);
    --r;
    for (unsigned s = 0; s < sls(); ++s)
      if (remaining(s, port) > 0) return;
    restore(port);
  }
  void restore(unsigned port) {
    for (unsigned s = 0; s < sls(); ++s) remaining_[port * sls() + s] = weights_[s];
  }

 private:
  std::vector<uint32_t> weights_;
  unsigned ports_ = 0;
  std::vector<uint32_t> remaining_;  // [port][sl]
};

class SbtScheduler {
 public:
  static constexpr unsigned kMaxVls = 32;
  static constexpr uint32_t kNoGrant = ~uint32_t{0};

  struct Decision {
    bool valid = false;
    unsigned vl = 0;
    bool charged = false;  // false: the work-conserving exception
  };

  SbtScheduler() = default;
  // `vl_sl[v]`: the SL of lane v; the scheduler serves port `port` of `table`.
  SbtScheduler(SbtTable* table, unsigned port, std::vector<uint8_t> vl_sl)
      : table_(table), port_(port), vl_sl_(std::move(vl_sl)) {
    assert(vl_sl_.size() <= kMaxVls && port < table->ports());
  }
  unsigned last_vl() const { return last_vl_; }
  unsigned vls() const { return static_cast<unsigned>(vl_sl_.size()); }
  // The remaining weight of lane v's SL on the scheduler's port (Table 4.2's port column).
  uint32_t remaining(unsigned v) const { return table_->remaining(vl_sl_[v], port_); }
  void reset() {
    last_vl_ = 0;
    table_->restore(port_);
  }

  // Algorithm 2, without its reset (done by the charge that empties the table).
  Decision evaluate(uint32_t active) const {
    Decision d;
    const unsigned n = vls();
    int dry = -1;
    for (unsigned i = 0; i < n; ++i) {
      const unsigned vl = (last_vl_ + i) % n;
      if (((active >> vl) & 1u) == 0) continue;
      if (table_->remaining(vl_sl_[vl], port_) > 0) {
        d.valid = d.charged = true;
        d.vl = vl;
        return d;
      }
      dry = static_cast<int>(vl);
    }
    if (dry >= 0) {
      d.valid = true;
      d.vl = static_cast<unsigned>(dry);
    }
    return d;
  }
  void commit(const Decision& d) {
    if (!d.valid) return;
    last_vl_ = d.vl;
    if (d.charged) table_->charge(vl_sl_[d.vl], port_);
  }

  // The output scheduler interface (sim/blocks/output_scheduler.h); see DTableArbiter::select.
  uint32_t select(uint32_t active, const uint32_t* /*size*/) const {
    latched_ = evaluate(active);
    return latched_.valid ? latched_.vl : kNoGrant;
  }
  void accept(uint32_t vl) {
    assert(latched_.valid && latched_.vl == vl);
    (void)vl;
    commit(latched_);
    latched_ = Decision{};
  }

 private:
  SbtTable* table_ = nullptr;
  unsigned port_ = 0;
  std::vector<uint8_t> vl_sl_;
  unsigned last_vl_ = 0;
  mutable Decision latched_;
};

// The SBT schedulers of a switch's output ports (router.output_scheduler=sbt: SbtSlBlock,
// sim/router/vl/table_schedulers.h) implemented elsewhere (the Verilated rtl/sbt_scheduler.sv's
// socket, systemc/rtl/table_sched_socket.h; docs/cosim.md "Verilated blocks inside a network"),
// which the switch then owns (RouterModel::set_sbt_block). For every decision of output `port` the
// switch passes the active SLs, its C++ scheduler's choice (`model`, kNoGrant for none) and that
// scheduler (`sched`: last_vl and the port's remaining weights before the decision); select()
// returns the SL granted (the RTL's in strict mode, `model` in shadow mode). accept() follows when
// the granted SL's packet starts, before the port's next select().
class SbtBlock {
 public:
  virtual ~SbtBlock() = default;
  virtual uint32_t select(uint32_t port, uint32_t active, uint32_t model,
                          const SbtScheduler& sched) = 0;
  virtual void accept(uint32_t port, uint32_t sl) = 0;
  // Its port 0 decides for the switch's output `first` (as DrrBlock::set_first_output). Never
  // called in the cycle loop.
  virtual void set_first_output(uint32_t /*first*/) {}
  // The schedulers an implementation decides for and the parameter set it implements, in
  // rtl/sbt_scheduler.sv's terms: `ports` outputs (its ports 0 .. ports - 1), S SL lanes (the
  // switch's SLs) and their weights W0..W(S-1) in packets (the RTL's parameters, which its reset
  // loads: qos.sbt_weights). The width of the remaining-weight registers (WW) is not part of it:
  // any width that holds the weights decides the same (docs/model.md §10.5). The router module's
  // SBT sockets (systemc/router/router_module.h) refuse a block of another shape, and one that
  // states none (false). Never called in the cycle loop.
  struct Shape {
    uint32_t ports = 0;
    unsigned S = 0;
    std::vector<uint32_t> W;  // S weights
  };
  virtual bool shape(Shape& /*s*/) const { return false; }
};

}  // namespace netcosim::model
