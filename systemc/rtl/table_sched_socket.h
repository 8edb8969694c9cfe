// The SBT and IB VL arbiter output schedulers' block sockets (docs/cosim.md, "Verilated blocks
// inside a network"), the DTable's (systemc/rtl/dtable_arbiter_socket.h) for the switches' two
// other table schedulers:
//   - ib_vl_arbiter (router.output_scheduler=ib_vlarb; thesis 003 Sec. 5.3.1, 6.2): the Verilated
//     rtl/ib_vl_arbiter.sv of every output port of an IB switch, the set of V = the port's VLs
//     rounded up to a power of two, N = the larger table's entries rounded up to a power of two,
//     WW = 8 (the IB weights), SW = the bits of the largest head in 64-B units, LIMIT = the table's
//     LimitOfHighPriority. Before the first decision both tables are written into every instance
//     through cfg_we/cfg_addr/cfg_vl/cfg_weight (cfg_addr[NW] = 0 high, 1 low), one entry per
//     edge after one edge of reset; the entries past a table's end stay weight 0 (the RTL's walk
//     skips them as the model's never reaches them).
//   - sbt_scheduler (router.output_scheduler=sbt; Sec. 4.3.2, Algorithm 2): the Verilated
//     rtl/sbt_scheduler.sv of every output port, the set whose S is qos.sls and whose W0..W(S-1)
//     are qos.sbt_weights (the weights are the RTL's parameters, its reset loads them).
// The switch (VlSwitch::send<true>) calls the socket, a model::IbVlArbBlock or model::SbtBlock
// given with RouterModel::set_ib_vlarb_block / set_sbt_block, for each decision of a port whose
// link is free and which has a head that can start, with the active VLs (IB) or SLs (SBT), for the
// IB arbiter their heads' sizes in 64-B units, and its C++ scheduler's choice; and again when the
// granted lane's packet starts (accept).
// A router module's SBT and IB VL arbiter sockets take them too (RouterModule::set_sbt,
// set_ib_vlarb; docs/systemc.md): shape() states the lanes' set (SBT: S and the weights its
// builder gives SbtLaneRtl, the Verilated model's parameters) and their number.
// One decision (inside the network's SC_THREAD): the inputs driven on the port's instance; two
// delta cycles (the grant is combinational); the grant and the registers read.
//   Rtl mode: a grant of a lane that is not active stops the run (SimulationFailure, exit 3); the
//   RTL's lane is the switch's (none when gnt_valid is low);
//   Shadow mode: the grant and the registers (ib_vl_arbiter: gnt_low, hp_ptr, lp_ptr, hp_rem,
//   lp_rem, counter, lp_by_limit; sbt_scheduler: charged, last_vl, remaining[]) are compared with
//   the C++ scheduler's decision and registers before it; the first difference stops the run
//   (exit 3) naming the router, the cycle, the outputs (`gnt_vl[3]`: output port 3;
//   `remaining[3.1]`: its SL 1) and the inputs.
// One accept: one clock edge of the port's instance with accept high, the decision's inputs still
// driven; in Shadow mode the registers after the edge are compared with the C++ scheduler's after
// its commit (the same report, `at the accept of cycle`).
// A table's pointer: the model starts each walk after entry size - 1 of a table of `size`
// entries, the RTL after entry N - 1 (its reset value): both walk from entry 0 next, so the
// model's size - 1 and the RTL's N - 1 are the same state (docs/cosim.md).
// Each instance has its own clock (only the port that accepts sees an edge).
//
// Fault (SocketFault, --rtl-fault ib_vl_arbiter|sbt_scheduler:R:C[:PORT]): at the first decision
// of router R at or after cycle C on output PORT (default: any output) for which the C++
// scheduler grants, the instance's active input is driven 0: the RTL grants nothing, once.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <systemc>

#include "sim/blocks/ib_vl_arbiter_block.h"
#include "sim/blocks/sbt_scheduler.h"
#include "sim/util/failure.h"
#include "systemc/blocks/ports.h"
#include "systemc/rtl/sched_socket_core.h"

namespace netcosim::sc {

// The decisions and accepts of a block's sockets over the run (all routers), printed on stderr
// at exit by the attachment (rtl_attach.cpp), as shared_vl_credits' tally.
struct TableSchedTally {
  uint64_t instances = 0, decisions = 0, accepts = 0;
  uint64_t differences = 0;  // 1 when a run stopped at a difference (or a grant not active)
  bool shadow = false;
};
inline TableSchedTally& ib_vl_arbiter_tally() {
  static TableSchedTally t;
  return t;
}
inline TableSchedTally& sbt_scheduler_tally() {
  static TableSchedTally t;
  return t;
}

// ---- ib_vl_arbiter ----

class IbVlArbLane : public SchedLane {
 public:
  struct Outputs {
    bool gnt_valid = false, gnt_low = false, lp_by_limit = false;
    uint32_t gnt_vl = 0, hp_ptr = 0, lp_ptr = 0, hp_rem = 0, lp_rem = 0, counter = 0;
  };
  virtual unsigned lanes() const = 0;
  virtual unsigned entries() const = 0;
  // Its parameter set (one port).
  virtual model::IbVlArbBlock::Shape shape() const = 0;
  virtual void drive_config(bool we, bool low, unsigned addr, unsigned vl, uint32_t weight) = 0;
  virtual void drive(uint32_t active, const uint32_t* size) = 0;
  virtual void set_accept(bool accept) = 0;
  virtual void read(Outputs& o) const = 0;

 protected:
  using SchedLane::SchedLane;
};

template <class Vtop, int V, int N, int WW, int SW, int LIMIT>
class IbVlArbLaneRtl final : public IbVlArbLane {
 public:
  static constexpr int VW = index_width(V), NW = index_width(N);
  // rtl/ib_vl_arbiter.sv's counter width.
  static constexpr int THR = LIMIT == 255 ? 0 : (LIMIT == 0 ? 1 : LIMIT * 64);
  static constexpr int CNTW = THR > 1 ? clog2(THR + 1) : 1;
  static_assert(V >= 2 && V <= static_cast<int>(model::IbVlArbiter::kMaxVls) && (V & (V - 1)) == 0,
                "rtl/ib_vl_arbiter.sv: V a power of two, at most the model's VLs");
  static_assert(N >= 2 && N <= static_cast<int>(model::IbVlArbiter::kMaxEntries) &&
                    (N & (N - 1)) == 0,
                "rtl/ib_vl_arbiter.sv: N a power of two, at most the model's entries");
  static_assert(WW <= 32 && SW <= 32, "inputs and registers read as 32 bits");

  IbVlArbLaneRtl(const std::string& name, sc_core::sc_signal<bool>& rst, const SocketOptions& opt)
      : IbVlArbLane(name),
        s_cfg_we_((name + "_cfg_we").c_str()),
        s_accept_((name + "_accept").c_str()),
        s_cfg_addr_((name + "_cfg_addr").c_str()),
        s_cfg_vl_((name + "_cfg_vl").c_str()),
        s_cfg_weight_((name + "_cfg_weight").c_str()),
        s_active_((name + "_active").c_str()),
        s_size_((name + "_size").c_str()),
        s_gnt_valid_((name + "_gnt_valid").c_str()),
        s_gnt_low_((name + "_gnt_low").c_str()),
        s_lp_by_limit_((name + "_lp_by_limit").c_str()),
        s_gnt_vl_((name + "_gnt_vl").c_str()),
        s_hp_ptr_((name + "_hp_ptr").c_str()),
        s_lp_ptr_((name + "_lp_ptr").c_str()),
        s_hp_rem_((name + "_hp_rem").c_str()),
        s_lp_rem_((name + "_lp_rem").c_str()),
        s_counter_((name + "_counter").c_str()),
        rtl_(std::make_unique<Vtop>(name.c_str())) {
    rtl_->clk(s_clk_);
    rtl_->rst(rst);
    rtl_->cfg_we(s_cfg_we_);
    rtl_->cfg_addr(s_cfg_addr_);
    rtl_->cfg_vl(s_cfg_vl_);
    rtl_->cfg_weight(s_cfg_weight_);
    rtl_->active(s_active_);
    rtl_->size(s_size_);
    rtl_->accept(s_accept_);
    rtl_->gnt_valid(s_gnt_valid_);
    rtl_->gnt_vl(s_gnt_vl_);
    rtl_->gnt_low(s_gnt_low_);
    rtl_->hp_ptr(s_hp_ptr_);
    rtl_->lp_ptr(s_lp_ptr_);
    rtl_->hp_rem(s_hp_rem_);
    rtl_->lp_rem(s_lp_rem_);
    rtl_->counter(s_counter_);
    rtl_->lp_by_limit(s_lp_by_limit_);
    if (!opt.vcd_dir.empty()) vcd_ = std::make_unique<VcdWindow>(opt.vcd_dir, name, opt.vcd_chunk);
  }
  ~IbVlArbLaneRtl() override {
    if (vcd_) vcd_->finish();
  }
  unsigned lanes() const override { return V; }
  unsigned entries() const override { return N; }
  model::IbVlArbBlock::Shape shape() const override {
    model::IbVlArbBlock::Shape s;
    s.ports = 1;
    s.V = V;
    s.N = N;
    s.WW = WW;
    s.SW = SW;
    s.LIMIT = LIMIT;
    return s;
  }
  void start_vcd() override {
    if (vcd_) vcd_->start(*rtl_);
  }
  void drive_config(bool we, bool low, unsigned addr, unsigned vl, uint32_t weight) override {
    s_cfg_we_.write(we);
    const uint64_t a = we ? (uint64_t{low ? 1u : 0u} << NW) | addr : 0u;
    s_cfg_addr_.write(packed<Port<NW + 1>>(NW + 1, {{0, a}}, NW + 1));
    s_cfg_vl_.write(packed<Port<VW>>(VW, {{0, we ? vl : 0u}}, VW));
    s_cfg_weight_.write(packed<Port<WW>>(WW, {{0, we ? weight : 0u}}, WW));
  }
  void drive(uint32_t active, const uint32_t* size) override {
    drive_active_sizes<V, SW>(s_active_, s_size_, active, size);
  }
  void set_accept(bool accept) override { s_accept_.write(accept); }
  void read(Outputs& o) const override {
    o.gnt_valid = s_gnt_valid_.read();
    o.gnt_low = s_gnt_low_.read();
    o.lp_by_limit = s_lp_by_limit_.read();
    o.gnt_vl = static_cast<uint32_t>(field(s_gnt_vl_.read(), 0, VW));
    o.hp_ptr = static_cast<uint32_t>(field(s_hp_ptr_.read(), 0, NW));
    o.lp_ptr = static_cast<uint32_t>(field(s_lp_ptr_.read(), 0, NW));
    o.hp_rem = static_cast<uint32_t>(field(s_hp_rem_.read(), 0, WW));
    o.lp_rem = static_cast<uint32_t>(field(s_lp_rem_.read(), 0, WW));
    o.counter = static_cast<uint32_t>(field(s_counter_.read(), 0, CNTW));
  }

 private:
  sc_core::sc_signal<bool> s_cfg_we_, s_accept_;
  sc_core::sc_signal<Port<NW + 1>> s_cfg_addr_;
  sc_core::sc_signal<Port<VW>> s_cfg_vl_;
  sc_core::sc_signal<Port<WW>> s_cfg_weight_;
  sc_core::sc_signal<Port<V>> s_active_;
  sc_core::sc_signal<Port<V * SW>> s_size_;
  sc_core::sc_signal<bool> s_gnt_valid_, s_gnt_low_, s_lp_by_limit_;
  sc_core::sc_signal<Port<VW>> s_gnt_vl_;
  sc_core::sc_signal<Port<NW>> s_hp_ptr_, s_lp_ptr_;
  sc_core::sc_signal<Port<WW>> s_hp_rem_, s_lp_rem_;
  sc_core::sc_signal<Port<CNTW>> s_counter_;
  std::unique_ptr<Vtop> rtl_;
};

class IbVlArbSocket final : public model::IbVlArbBlock, public SchedSocketCore<IbVlArbLane> {
 public:
  // `high`, `low`: the switch's tables (written into every instance); `vls`: the port's VLs (the
  // RTL's V may be more, those lanes are never active).
  IbVlArbSocket(const std::string& name, const SocketOptions& opt,
                std::vector<model::IbVlArbEntry> high, std::vector<model::IbVlArbEntry> low,
                uint32_t vls)
      : SchedSocketCore(name, opt), high_(std::move(high)), low_(std::move(low)), vls_(vls) {
    ib_vl_arbiter_tally().shadow = opt.mode == SocketMode::Shadow;
  }
  void add_lane(std::unique_ptr<IbVlArbLane> lane) {
    lanes_.push_back(std::move(lane));
    out_.emplace_back();
    arb_.push_back(nullptr);
    ++ib_vl_arbiter_tally().instances;
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
                  const model::IbVlArbiter& arb) override {
    if (!programmed_) program();
    const uint64_t now = begin_decision(port);
    ++ib_vl_arbiter_tally().decisions;
    IbVlArbLane& lane = *lanes_[port];
    const uint32_t driven =
        fault_now(now, port, model != model::IbVlArbiter::kNoGrant) ? 0u : active;
    uint32_t sz[model::IbVlArbiter::kMaxVls] = {};
    for (uint32_t v = 0; v < vls_; ++v) sz[v] = (active >> v) & 1u ? size[v] : 0u;
    lane.drive(driven, sz);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    IbVlArbLane::Outputs& o = out_[port];
    lane.read(o);
    arb_[port] = &arb;
    active_[port] = active;
    if (opt_.mode == SocketMode::Shadow) {
      checker_.begin();
      const bool mv = model != model::IbVlArbiter::kNoGrant;
      diff("gnt_valid", port, -1, mv ? 1 : 0, o.gnt_valid ? 1 : 0);
      diff("gnt_vl", port, -1, mv ? model : 0, o.gnt_vl);
      if (mv) {
        const model::IbVlArbiter::Decision d = arb.evaluate(active);
        diff("gnt_low", port, -1, d.table == model::IbVlArbiter::Table::Low ? 1 : 0,
             o.gnt_low ? 1 : 0);
      }
      compare_registers(port, arb, o);
      if (checker_.failed()) {
        ++ib_vl_arbiter_tally().differences;
        shadow_failure(opt_.router, "ib_vl_arbiter", now, checker_.diffs(),
                       "inputs (output: active VLs, head packet sizes in 64-B units)",
                       describe(port, active, sz), lane.vcd());
      }
      return model;
    }
    if (o.gnt_valid && (o.gnt_vl >= vls_ || ((active >> o.gnt_vl) & 1u) == 0)) {
      ++ib_vl_arbiter_tally().differences;
      throw SimulationFailure("router " + std::to_string(opt_.router) +
                              ": ib_vl_arbiter RTL of output " + std::to_string(output_of(port)) +
                              " at cycle " + std::to_string(now) + ": grants VL " +
                              std::to_string(o.gnt_vl) +
                              ", which is not active; inputs: " + describe(port, active, sz));
    }
    return o.gnt_valid ? o.gnt_vl : model::IbVlArbiter::kNoGrant;
  }
  // The granted VL's packet starts: one edge with accept high (the inputs still driven); in
  // shadow mode the registers after it against the C++ arbiter's after its commit.
  void accept(uint32_t port, uint32_t /*vl*/) override {
    IbVlArbLane& lane = *lanes_[port];
    ++ib_vl_arbiter_tally().accepts;
    lane.set_accept(true);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sched_edge(lane.clk());
    lane.set_accept(false);
    if (opt_.mode != SocketMode::Shadow || arb_[port] == nullptr) return;
    sc_core::wait(sc_core::SC_ZERO_TIME);
    IbVlArbLane::Outputs& o = out_[port];
    lane.read(o);
    checker_.begin();
    compare_registers(port, *arb_[port], o);
    if (checker_.failed()) {
      ++ib_vl_arbiter_tally().differences;
      shadow_failure(opt_.router, "ib_vl_arbiter", socket_cycle(), checker_.diffs(),
                     "after the accept; inputs (output: active VLs)",
                     std::to_string(output_of(port)) + ": active " + hex_of(active_[port]),
                     lane.vcd());
    }
  }

 private:
  // The RTL's pointer that is the model's `m` in a table of `size` entries (the walk's start
  // after reset: the model's size - 1 and the RTL's N - 1 are one state).
  static uint32_t pointer_of(uint32_t m, uint32_t rtl, size_t size, unsigned n) {
    if (size == 0) return rtl;  // an empty table: its pointer is never used
    return m == size - 1 && rtl == n - 1 ? rtl : m;
  }
  void compare_registers(uint32_t port, const model::IbVlArbiter& arb,
                         const IbVlArbLane::Outputs& o) {
    const unsigned n = lanes_[port]->entries();
    diff("hp_ptr", port, -1, pointer_of(arb.hp_entry(), o.hp_ptr, high_.size(), n), o.hp_ptr);
    diff("lp_ptr", port, -1, pointer_of(arb.lp_entry(), o.lp_ptr, low_.size(), n), o.lp_ptr);
    diff("hp_rem", port, -1, arb.hp_remaining(), o.hp_rem);
    diff("lp_rem", port, -1, arb.lp_remaining(), o.lp_rem);
    diff("counter", port, -1, arb.counter(), o.counter);
    diff("lp_by_limit", port, -1, arb.lp_by_limit() ? 1 : 0, o.lp_by_limit ? 1 : 0);
  }
  // Reset over one edge, then both tables, one entry per edge, on every instance at once.
  void program() {
    for (auto& l : lanes_) {
      l->drive_config(false, false, 0, 0, 0);
      l->set_accept(false);
    }
    reset_all();
    for (int t = 0; t < 2; ++t) {
      const std::vector<model::IbVlArbEntry>& tbl = t == 0 ? high_ : low_;
      for (size_t e = 0; e < tbl.size(); ++e) {
        for (auto& l : lanes_)
          l->drive_config(true, t == 1, static_cast<unsigned>(e), tbl[e].vl, tbl[e].weight);
        sc_core::wait(sc_core::SC_ZERO_TIME);
        edge_all();
      }
    }
    for (auto& l : lanes_) l->drive_config(false, false, 0, 0, 0);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    programmed_ = true;
  }
  std::string describe(uint32_t port, uint32_t active, const uint32_t* sz) const {
    std::string s = std::to_string(output_of(port)) + ": active " + hex_of(active) + ", size";
    for (uint32_t v = 0; v < vls_; ++v) s += " " + std::to_string(sz[v]);
    return s;
  }

  std::vector<model::IbVlArbEntry> high_, low_;
  uint32_t vls_;
  std::vector<IbVlArbLane::Outputs> out_;
  std::vector<const model::IbVlArbiter*> arb_;  // per port: the C++ arbiter of its decisions
  uint32_t active_[64] = {};                    // per port: its last decision's active VLs
  bool programmed_ = false;
};

// ---- sbt_scheduler ----

class SbtLane : public SchedLane {
 public:
  struct Outputs {
    bool gnt_valid = false, charged = false;
    uint32_t gnt_vl = 0, last_vl = 0;
    uint32_t remaining[8] = {};
  };
  virtual unsigned sls() const = 0;
  // The weights W0..W(S-1) its RTL was built with (the set's parameters, as its builder states).
  virtual const std::vector<uint32_t>& weights() const = 0;
  virtual void drive(uint32_t active) = 0;
  virtual void set_accept(bool accept) = 0;
  virtual void read(Outputs& o) const = 0;

 protected:
  using SchedLane::SchedLane;
};

template <class Vtop, int S, int WW>
class SbtLaneRtl final : public SbtLane {
 public:
  static constexpr int SLW = index_width(S);
  static_assert(S >= 2 && S <= 8, "rtl/sbt_scheduler.sv: 2 <= S <= 8");
  static_assert(WW <= 32, "remaining weights read as 32 bits");

  // `weights`: the set's W0..W(S-1) (Vtop's parameters, which the Verilated model does not expose).
  SbtLaneRtl(const std::string& name, sc_core::sc_signal<bool>& rst, const SocketOptions& opt,
             std::vector<uint32_t> weights)
      : SbtLane(checked_name(name, weights.size())),
        s_accept_((name + "_accept").c_str()),
        s_active_((name + "_active").c_str()),
        s_gnt_valid_((name + "_gnt_valid").c_str()),
        s_charged_((name + "_charged").c_str()),
        s_gnt_vl_((name + "_gnt_vl").c_str()),
        s_last_vl_((name + "_last_vl").c_str()),
        s_remaining_((name + "_remaining").c_str()),
        weights_(std::move(weights)),
        rtl_(std::make_unique<Vtop>(name.c_str())) {
    rtl_->clk(s_clk_);
    rtl_->rst(rst);
    rtl_->active(s_active_);
    rtl_->accept(s_accept_);
    rtl_->gnt_valid(s_gnt_valid_);
    rtl_->gnt_vl(s_gnt_vl_);
    rtl_->charged(s_charged_);
    rtl_->last_vl(s_last_vl_);
    rtl_->remaining(s_remaining_);
    if (!opt.vcd_dir.empty()) vcd_ = std::make_unique<VcdWindow>(opt.vcd_dir, name, opt.vcd_chunk);
  }
  ~SbtLaneRtl() override {
    if (vcd_) vcd_->finish();
  }
  unsigned sls() const override { return S; }
  const std::vector<uint32_t>& weights() const override { return weights_; }
  void start_vcd() override {
    if (vcd_) vcd_->start(*rtl_);
  }
  void drive(uint32_t active) override { s_active_.write(packed<Port<S>>(S, {{0, active}}, S)); }
  void set_accept(bool accept) override { s_accept_.write(accept); }
  void read(Outputs& o) const override {
    o.gnt_valid = s_gnt_valid_.read();
    o.charged = s_charged_.read();
    o.gnt_vl = static_cast<uint32_t>(field(s_gnt_vl_.read(), 0, SLW));
    o.last_vl = static_cast<uint32_t>(field(s_last_vl_.read(), 0, SLW));
    const auto r = s_remaining_.read();
    for (int s = 0; s < S; ++s) o.remaining[s] = static_cast<uint32_t>(field(r, s * WW, WW));
  }

 private:
  // `name`, once `count` weights are known to be the set's S: checked before the lane, its signals
  // or its Verilated model are built.
  static const std::string& checked_name(const std::string& name, size_t count) {
    if (count != S)
      throw std::invalid_argument(name + ": rtl/sbt_scheduler.sv of S=" + std::to_string(S) +
                                  " given " + std::to_string(count) + " weights");
    return name;
  }
  sc_core::sc_signal<bool> s_accept_;
  sc_core::sc_signal<Port<S>> s_active_;
  sc_core::sc_signal<bool> s_gnt_valid_, s_charged_;
  sc_core::sc_signal<Port<SLW>> s_gnt_vl_, s_last_vl_;
  sc_core::sc_signal<Port<S * WW>> s_remaining_;
  std::vector<uint32_t> weights_;
  std::unique_ptr<Vtop> rtl_;
};

class SbtSocket final : public model::SbtBlock, public SchedSocketCore<SbtLane> {
 public:
  // `sls`: the switch's SLs (the RTL's S).
  SbtSocket(const std::string& name, const SocketOptions& opt, uint32_t sls)
      : SchedSocketCore(name, opt), sls_(sls) {
    sbt_scheduler_tally().shadow = opt.mode == SocketMode::Shadow;
  }
  void add_lane(std::unique_ptr<SbtLane> lane) {
    lanes_.push_back(std::move(lane));
    out_.emplace_back();
    sched_.push_back(nullptr);
    ++sbt_scheduler_tally().instances;
  }
  void set_first_output(uint32_t first) override { first_output_ = first; }
  // Its instances' S and weights (the first's; add_lane's are of one set) and their number.
  bool shape(Shape& s) const override {
    if (lanes_.empty()) return false;
    s.S = lanes_[0]->sls();
    s.W = lanes_[0]->weights();
    s.ports = static_cast<uint32_t>(lanes_.size());
    return true;
  }

  uint32_t select(uint32_t port, uint32_t active, uint32_t model,
                  const model::SbtScheduler& sched) override {
    if (!reset_done_) reset();
    const uint64_t now = begin_decision(port);
    ++sbt_scheduler_tally().decisions;
    SbtLane& lane = *lanes_[port];
    const uint32_t driven =
        fault_now(now, port, model != model::SbtScheduler::kNoGrant) ? 0u : active;
    lane.drive(driven);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    SbtLane::Outputs& o = out_[port];
    lane.read(o);
    sched_[port] = &sched;
    active_[port] = active;
    if (opt_.mode == SocketMode::Shadow) {
      checker_.begin();
      const bool mv = model != model::SbtScheduler::kNoGrant;
      diff("gnt_valid", port, -1, mv ? 1 : 0, o.gnt_valid ? 1 : 0);
      diff("gnt_vl", port, -1, mv ? model : 0, o.gnt_vl);
      if (mv) diff("charged", port, -1, sched.evaluate(active).charged ? 1 : 0, o.charged ? 1 : 0);
      compare_registers(port, sched, o);
      if (checker_.failed()) {
        ++sbt_scheduler_tally().differences;
        shadow_failure(opt_.router, "sbt_scheduler", now, checker_.diffs(),
                       "inputs (output: active SLs)", describe(port, active), lane.vcd());
      }
      return model;
    }
    if (o.gnt_valid && (o.gnt_vl >= sls_ || ((active >> o.gnt_vl) & 1u) == 0)) {
      ++sbt_scheduler_tally().differences;
      throw SimulationFailure(
          "router " + std::to_string(opt_.router) + ": sbt_scheduler RTL of output " +
          std::to_string(output_of(port)) + " at cycle " + std::to_string(now) + ": grants SL " +
          std::to_string(o.gnt_vl) + ", which is not active; inputs: " + describe(port, active));
    }
    return o.gnt_valid ? o.gnt_vl : model::SbtScheduler::kNoGrant;
  }
  // The granted SL's packet starts: one edge with accept high (active still driven); in shadow
  // mode the registers after it against the C++ scheduler's after its commit.
  void accept(uint32_t port, uint32_t /*sl*/) override {
    SbtLane& lane = *lanes_[port];
    ++sbt_scheduler_tally().accepts;
    lane.set_accept(true);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sched_edge(lane.clk());
    lane.set_accept(false);
    if (opt_.mode != SocketMode::Shadow || sched_[port] == nullptr) return;
    sc_core::wait(sc_core::SC_ZERO_TIME);
    SbtLane::Outputs& o = out_[port];
    lane.read(o);
    checker_.begin();
    compare_registers(port, *sched_[port], o);
    if (checker_.failed()) {
      ++sbt_scheduler_tally().differences;
      shadow_failure(opt_.router, "sbt_scheduler", socket_cycle(), checker_.diffs(),
                     "after the accept; inputs (output: active SLs)", describe(port, active_[port]),
                     lane.vcd());
    }
  }

 private:
  void compare_registers(uint32_t port, const model::SbtScheduler& sched,
                         const SbtLane::Outputs& o) {
    diff("last_vl", port, -1, sched.last_vl(), o.last_vl);
    for (uint32_t s = 0; s < sls_; ++s)
      diff("remaining", port, static_cast<int>(s), sched.remaining(s), o.remaining[s]);
  }
  // Reset over one edge (it loads the weights), active at rest.
  void reset() {
    for (auto& l : lanes_) {
      l->drive(0);
      l->set_accept(false);
    }
    reset_all();
    sc_core::wait(sc_core::SC_ZERO_TIME);
    reset_done_ = true;
  }
  std::string describe(uint32_t port, uint32_t active) const {
    return std::to_string(output_of(port)) + ": active " + hex_of(active);
  }

  uint32_t sls_;
  std::vector<SbtLane::Outputs> out_;
  std::vector<const model::SbtScheduler*> sched_;  // per port: the C++ scheduler of its decisions
  uint32_t active_[64] = {};                       // per port: its last decision's active SLs
  bool reset_done_ = false;
};

}  // namespace netcosim::sc
