// The DTable output schedulers' block socket (docs/cosim.md, "Verilated blocks inside a
// network"): the Verilated rtl/dtable_arbiter.sv of every output port of an OPA or IB switch with
// router.output_scheduler=dtable (thesis 003 Sec. 5.4; one instance per port, the parameter set of
// the switch's table and registers: S = the SLs rounded up to a power of two, N = the table's
// entries, WW, AW, SW = the widths of sim/router/vl/vl_switch_config.cpp's DTableParams). The
// switch (VlSwitch::send<true>) calls the socket, a model::DTableBlock given with
// RouterModel::set_dtable_block, for each decision of a port whose link is free and which has a
// head that can start, with the active SLs, their head messages' sizes in 64-B credits and its
// C++ arbiter's choice; and again when the granted SL's message starts (accept).
//
// One decision (inside the router module's SC_THREAD): active[] and size[] driven on the port's
// instance; two delta cycles (the grant is combinational); gnt_valid, gnt_sl and the registers
// read.
//   Rtl mode: a grant of an SL that is not active stops the run; the RTL's SL is the switch's
//   (none when gnt_valid is low);
//   Shadow mode: the grant and the registers (ptr, cur_valid, cur_sl, acc, deficit[], pending,
//   overflow) are compared with the C++ arbiter's decision and registers; the first difference
//   stops the run (SimulationFailure, exit status 3) naming the router, the cycle, the outputs
//   (`gnt_sl[3]`: output port 3; `deficit[3.1]`: its SL 1) and the inputs.
// One accept: accept high over L clock edges of the port's instance, L the message's credits: the
// edge of the decision, then L - 1 edges in which the RTL sends the rest of the message (its
// pending count, Algorithm 3's pending_pkts, down to 0). The switch's packet of an SL is that SL's
// whole message (docs/model.md §9.2), so its next decision comes after the message, as the RTL's
// does; the C++ switch arbiter (DTableSlBlock) charges the message at once with pending 0.
// Each instance has its own clock (only the port that accepts sees edges; without accept and
// without a table write the RTL's registers stay). Before the first decision the switch's table
// is written into every instance through cfg_we/cfg_addr/cfg_sl/cfg_weight, one entry per edge,
// after one edge of reset.
//
// Fault (SocketFault, --rtl-fault dtable_arbiter:R:C[:PORT]): at the first decision of router R
// at or after cycle C on output PORT (default: any output) for which the C++ arbiter grants, the
// instance's active input is driven 0: the RTL grants nothing, once (the reports give the
// switch's active SLs).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "sim/blocks/dtable_arbiter.h"
#include "sim/util/failure.h"
#include "systemc/blocks/ports.h"
#include "systemc/rtl/sched_socket_core.h"

namespace netcosim::sc {

// The instance of one output port: its Verilated dtable_arbiter and the signals of its port list
// (its own clock and VCD window: SchedLane).
class DTableLane : public SchedLane {
 public:
  struct Outputs {
    bool gnt_valid = false, cur_valid = false, overflow = false;
    uint32_t gnt_sl = 0, ptr = 0, cur_sl = 0, pending = 0;
    uint64_t acc = 0;
    uint64_t deficit[model::DTableArbiter::kMaxSls] = {};
  };
  virtual unsigned sls() const = 0;
  // Its parameter set (ports 1).
  virtual model::DTableBlock::Shape shape() const = 0;
  virtual void drive_config(bool we, unsigned addr, unsigned sl, uint32_t weight) = 0;
  virtual void drive(uint32_t active, const uint32_t* size) = 0;
  virtual void set_accept(bool accept) = 0;
  virtual void read(Outputs& o) const = 0;

 protected:
  using SchedLane::SchedLane;
};

template <class Vtop, int S, int N, int WW, int AW, int SW>
class DTableLaneRtl final : public DTableLane {
 public:
  static constexpr int SLW = index_width(S), NW = index_width(N);
  static_assert(S >= 2 && S <= static_cast<int>(model::DTableArbiter::kMaxSls),
                "rtl/dtable_arbiter.sv: 2 <= S <= the model's SLs");
  static_assert(AW <= 64 && WW <= 32 && SW <= 32, "registers read as 64 bits, inputs as 32");

  DTableLaneRtl(const std::string& name, sc_core::sc_signal<bool>& rst, const SocketOptions& opt)
      : DTableLane(name),
        s_cfg_we_((name + "_cfg_we").c_str()),
        s_accept_((name + "_accept").c_str()),
        s_cfg_addr_((name + "_cfg_addr").c_str()),
        s_cfg_sl_((name + "_cfg_sl").c_str()),
        s_cfg_weight_((name + "_cfg_weight").c_str()),
        s_active_((name + "_active").c_str()),
        s_size_((name + "_size").c_str()),
        s_gnt_valid_((name + "_gnt_valid").c_str()),
        s_cur_valid_((name + "_cur_valid").c_str()),
        s_overflow_((name + "_overflow").c_str()),
        s_gnt_sl_((name + "_gnt_sl").c_str()),
        s_cur_sl_((name + "_cur_sl").c_str()),
        s_ptr_((name + "_ptr").c_str()),
        s_acc_((name + "_acc").c_str()),
        s_deficit_((name + "_deficit").c_str()),
        s_pending_((name + "_pending").c_str()),
        rtl_(std::make_unique<Vtop>(name.c_str())) {
    rtl_->clk(s_clk_);
    rtl_->rst(rst);
    rtl_->cfg_we(s_cfg_we_);
    rtl_->cfg_addr(s_cfg_addr_);
    rtl_->cfg_sl(s_cfg_sl_);
    rtl_->cfg_weight(s_cfg_weight_);
    rtl_->active(s_active_);
    rtl_->size(s_size_);
    rtl_->accept(s_accept_);
    rtl_->gnt_valid(s_gnt_valid_);
    rtl_->gnt_sl(s_gnt_sl_);
    rtl_->ptr(s_ptr_);
    rtl_->cur_valid(s_cur_valid_);
    rtl_->cur_sl(s_cur_sl_);
    rtl_->acc(s_acc_);
    rtl_->deficit(s_deficit_);
    rtl_->pending(s_pending_);
    rtl_->overflow(s_overflow_);
    if (!opt.vcd_dir.empty()) vcd_ = std::make_unique<VcdWindow>(opt.vcd_dir, name, opt.vcd_chunk);
  }
  ~DTableLaneRtl() override {
    if (vcd_) vcd_->finish();
  }

  unsigned sls() const override { return S; }
  model::DTableBlock::Shape shape() const override {
    model::DTableBlock::Shape s;
    s.ports = 1;
    s.S = S;
    s.N = N;
    s.WW = WW;
    s.AW = AW;
    s.SW = SW;
    return s;
  }
  void start_vcd() override {
    if (vcd_) vcd_->start(*rtl_);
  }
  void drive_config(bool we, unsigned addr, unsigned sl, uint32_t weight) override {
    s_cfg_we_.write(we);
    s_cfg_addr_.write(packed<Port<NW>>(NW, {{0, we ? addr : 0u}}, NW));
    s_cfg_sl_.write(packed<Port<SLW>>(SLW, {{0, we ? sl : 0u}}, SLW));
    s_cfg_weight_.write(packed<Port<WW>>(WW, {{0, we ? weight : 0u}}, WW));
  }
  void drive(uint32_t active, const uint32_t* size) override {
    drive_active_sizes<S, SW>(s_active_, s_size_, active, size);
  }
  void set_accept(bool accept) override { s_accept_.write(accept); }
  void read(Outputs& o) const override {
    o.gnt_valid = s_gnt_valid_.read();
    o.gnt_sl = static_cast<uint32_t>(field(s_gnt_sl_.read(), 0, SLW));
    o.ptr = static_cast<uint32_t>(field(s_ptr_.read(), 0, NW));
    o.cur_valid = s_cur_valid_.read();
    o.cur_sl = static_cast<uint32_t>(field(s_cur_sl_.read(), 0, SLW));
    o.acc = field(s_acc_.read(), 0, AW);
    const auto d = s_deficit_.read();
    for (int s = 0; s < S; ++s) o.deficit[s] = field(d, s * AW, AW);
    o.pending = static_cast<uint32_t>(field(s_pending_.read(), 0, SW));
    o.overflow = s_overflow_.read();
  }

 private:
  sc_core::sc_signal<bool> s_cfg_we_, s_accept_;
  sc_core::sc_signal<Port<NW>> s_cfg_addr_;
  sc_core::sc_signal<Port<SLW>> s_cfg_sl_;
  sc_core::sc_signal<Port<WW>> s_cfg_weight_;
  sc_core::sc_signal<Port<S>> s_active_;
  sc_core::sc_signal<Port<S * SW>> s_size_;
  sc_core::sc_signal<bool> s_gnt_valid_, s_cur_valid_, s_overflow_;
  sc_core::sc_signal<Port<SLW>> s_gnt_sl_, s_cur_sl_;
  sc_core::sc_signal<Port<NW>> s_ptr_;
  sc_core::sc_signal<Port<AW>> s_acc_;
  sc_core::sc_signal<Port<S * AW>> s_deficit_;
  sc_core::sc_signal<Port<SW>> s_pending_;
  std::unique_ptr<Vtop> rtl_;
};

class DTableSocket final : public model::DTableBlock, public SchedSocketCore<DTableLane> {
 public:
  // `table`: the switch's (its entries are written into every instance); `p`: the switch's
  // arbiters' parameters (p.sls its SLs: the RTL's S may be more, those lanes are never active).
  DTableSocket(const std::string& name, const SocketOptions& opt, const model::DTableTable& table,
               const model::DTableParams& p)
      : SchedSocketCore(name, opt), table_(table), params_(p), sls_(p.sls) {}

  // The instance of the next output port (ports 0, 1, ... in order; bound to rst()).
  void add_lane(std::unique_ptr<DTableLane> lane) {
    lanes_.push_back(std::move(lane));
    out_.emplace_back();
    granted_size_.push_back(0);
  }

  void set_first_output(uint32_t first) override { first_output_ = first; }
  // Its instances' parameter set (the first's; add_lane's are of one set) and their number.
  bool shape(Shape& s) const override {
    if (lanes_.empty()) return false;
    s = lanes_[0]->shape();
    s.ports = static_cast<uint32_t>(lanes_.size());
    return true;
  }

  uint32_t select(uint32_t port, uint32_t active, const uint32_t* size, uint32_t model,
                  const model::DTableArbiter& arb) override {
    if (!programmed_) program();
    const uint64_t now = begin_decision(port);
    DTableLane& lane = *lanes_[port];
    const uint32_t driven =
        fault_now(now, port, model != model::DTableArbiter::kNoGrant) ? 0u : active;
    uint32_t sz[model::DTableArbiter::kMaxSls] = {};
    for (uint32_t s = 0; s < sls_; ++s) sz[s] = (active >> s) & 1u ? size[s] : 0u;
    lane.drive(driven, sz);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    DTableLane::Outputs& o = out_[port];
    lane.read(o);
    const uint32_t rtl = o.gnt_valid ? o.gnt_sl : model::DTableArbiter::kNoGrant;
    if (opt_.mode == SocketMode::Shadow) {
      compare(now, port, model, arb, o, active, sz, lane);
      granted_size_[port] = model != model::DTableArbiter::kNoGrant ? sz[model] : 0;
      return model;
    }
    if (o.gnt_valid && (o.gnt_sl >= sls_ || ((active >> o.gnt_sl) & 1u) == 0))
      throw SimulationFailure("router " + std::to_string(opt_.router) +
                              ": dtable_arbiter RTL of output " + std::to_string(output_of(port)) +
                              " at cycle " + std::to_string(now) + ": grants SL " +
                              std::to_string(o.gnt_sl) +
                              ", which is not active; inputs: " + describe(port, active, sz));
    granted_size_[port] = o.gnt_valid ? sz[o.gnt_sl] : 0;
    return rtl;
  }

  // The message of the SL the port's last decision granted starts: its credits' edges with
  // accept high (the decision's inputs still driven).
  void accept(uint32_t port, uint32_t /*sl*/) override {
    DTableLane& lane = *lanes_[port];
    const uint32_t edges = granted_size_[port] != 0 ? granted_size_[port] : 1;
    lane.set_accept(true);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    for (uint32_t e = 0; e < edges; ++e) sched_edge(lane.clk());
    lane.set_accept(false);
  }

 private:
  // Reset over one edge, then the table, one entry per edge, on every instance at once.
  void program() {
    for (auto& l : lanes_) l->drive_config(false, 0, 0, 0);
    reset_all();
    const uint32_t wmask =
        params_.weight_bits >= 32 ? ~0u : (uint32_t{1} << params_.weight_bits) - 1;
    for (unsigned e = 0; e < table_.size(); ++e) {
      for (auto& l : lanes_) l->drive_config(true, e, table_[e].sl, table_[e].weight & wmask);
      sc_core::wait(sc_core::SC_ZERO_TIME);
      edge_all();
    }
    for (auto& l : lanes_) l->drive_config(false, 0, 0, 0);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    programmed_ = true;
  }
  void compare(uint64_t now, uint32_t port, uint32_t model, const model::DTableArbiter& arb,
               const DTableLane::Outputs& o, uint32_t active, const uint32_t* sz,
               DTableLane& lane) {
    checker_.begin();
    const bool mv = model != model::DTableArbiter::kNoGrant;
    diff("gnt_valid", port, -1, mv ? 1 : 0, o.gnt_valid ? 1 : 0);
    diff("gnt_sl", port, -1, mv ? model : 0, o.gnt_sl);
    diff("ptr", port, -1, arb.ptr(), o.ptr);
    diff("cur_valid", port, -1, arb.cur_valid() ? 1 : 0, o.cur_valid ? 1 : 0);
    diff("cur_sl", port, -1, arb.cur_sl(), o.cur_sl);
    diff("acc", port, -1, arb.acc(), o.acc);
    for (unsigned s = 0; s < lane.sls(); ++s)
      diff("deficit", port, static_cast<int>(s), arb.deficit(s), o.deficit[s]);
    diff("pending", port, -1, arb.pending(), o.pending);
    diff("overflow", port, -1, arb.overflow() ? 1 : 0, o.overflow ? 1 : 0);
    if (checker_.failed())
      shadow_failure(opt_.router, "dtable_arbiter", now, checker_.diffs(),
                     "inputs (output: active SLs, head message sizes in credits)",
                     describe(port, active, sz), lane.vcd());
  }
  std::string describe(uint32_t port, uint32_t active, const uint32_t* sz) const {
    std::string s = std::to_string(output_of(port)) + ": active " + hex_of(active) + ", size";
    for (uint32_t l = 0; l < sls_; ++l) s += " " + std::to_string(sz[l]);
    return s;
  }

  const model::DTableTable& table_;
  model::DTableParams params_;
  uint32_t sls_;
  std::vector<DTableLane::Outputs> out_;
  std::vector<uint32_t> granted_size_;  // per port: the credits of its last grant's message
  bool programmed_ = false;
};

}  // namespace netcosim::sc
