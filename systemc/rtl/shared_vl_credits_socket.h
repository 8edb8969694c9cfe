// The shared VL buffers' block socket (docs/cosim.md, "The switches' shared VL buffers"): the
// Verilated rtl/shared_vl_credits.sv of every port buffer an OPA or IB switch accounts with
// model::SharedVlCredits (thesis 003 Sec. 5.3.1; RouterModel::shared_vl_buffers: the downstream
// input buffers of the outputs facing a switch, the output buffers, OPA's central buffers), one
// instance per buffer at the buffer's parameter set (VLS, TOTAL, VL_MIN, VL_MAX; W the bits of
// TOTAL), each with its own clock. The switch records every update of those models in the order
// it makes them (model::SharedVlCreditsEdge::note) and calls edge() at the end of each cycle
// with updates (VlSwitch::step_core, inside the router module's SC_THREAD, strict mode).
//
// One cycle's edges: a buffer's k-th update of the cycle goes to its instance at the cycle's
// k-th edge, as consume_valid/vl/amt or give_valid/vl/amt (the other kind idle), so the RTL sees
// the model's sequence: the switch gives back before it consumes in a cycle (receive and the
// buffers' releases come before allocation and sending), and a consume may take credits the
// same cycle's give-back freed, which the RTL's consume check (consume_amt <= credits[vl], with
// --assert) reads before its edge. Per edge: inputs driven, two delta cycles, clk high on the
// instances with an update at that edge, two delta cycles, clk low. After the cycle's last edge
// every output of every instance updated in the cycle (credits[v] for each VL, free_shared) is
// compared with its model (credits(v), free_shared()); an instance without an update keeps its
// state, as its model does, and is not read.
//
// Both modes mirror: the models drive the switch (the RTL has no output the switch could take
// instead: credits[] follow from the registered per-VL use, which the model keeps), the RTL is
// compared in every cycle with updates, and the first difference stops the run (SimulationFailure,
// exit status 3) naming the router, the cycle, the outputs (`credits[out3.1]`: output buffer 3,
// VL 1; `free_shared[down2]`) and the cycle's updates. The cycles and edges compared are counted
// (shared_vl_credits_tally) and written on stderr at the end of the run (rtl_attach.cpp).
//
// Fault (--rtl-fault shared_vl_credits:R:C[:PORT]): at the first cycle of router R at or after
// cycle C with a give-back to the downstream input buffer of output PORT (default: a give-back to
// any buffer), that give-back is not driven into the RTL: the freed credits are lost in the RTL
// only.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "sim/blocks/shared_vl_credits.h"
#include "sim/util/failure.h"
#include "systemc/blocks/ports.h"
#include "systemc/check/checker.h"
#include "systemc/check/vcd_window.h"
#include "systemc/rtl/sep_alloc_if_socket.h"

namespace netcosim::sc {

// What every socket of the run compared (the run's summary on stderr).
struct SharedVlCreditsTally {
  uint64_t cycles = 0;     // switch cycles with updates, compared
  uint64_t edges = 0;      // instance edges (updates)
  uint64_t instances = 0;  // instances attached
  uint64_t differences = 0;
};
inline SharedVlCreditsTally& shared_vl_credits_tally() {
  static SharedVlCreditsTally t;
  return t;
}

// The instance of one buffer: its Verilated shared_vl_credits, the signals of its port list, its
// own clock and the socket's reset.
class SharedVlLane {
 public:
  struct Outputs {
    uint32_t credits[model::CreditLevels::kMaxVcs] = {};
    uint32_t free_shared = 0;
  };
  virtual ~SharedVlLane() = default;
  virtual unsigned vls() const = 0;
  virtual void start_vcd() = 0;
  virtual void drive(bool consume, bool give, unsigned vl, uint32_t amt) = 0;
  virtual void read(Outputs& o) const = 0;
  sc_core::sc_signal<bool>& clk() { return s_clk_; }
  VcdWindow* vcd() { return vcd_.get(); }

 protected:
  explicit SharedVlLane(const std::string& name) : s_clk_((name + "_clk").c_str()) {}
  sc_core::sc_signal<bool> s_clk_;
  std::unique_ptr<VcdWindow> vcd_;
};

template <class Vtop, int VLS, int W, int TOTAL, int VL_MIN, int VL_MAX>
class SharedVlLaneRtl final : public SharedVlLane {
 public:
  static constexpr int VW = index_width(VLS);
  static_assert(TOTAL < (1 << W), "rtl/shared_vl_credits.sv: TOTAL < 2**W");
  static_assert(VLS <= static_cast<int>(model::CreditLevels::kMaxVcs) && W <= 32,
                "at most the model's VLs, counts read as 32 bits");

  SharedVlLaneRtl(const std::string& name, sc_core::sc_signal<bool>& rst, const SocketOptions& opt)
      : SharedVlLane(name),
        s_consume_valid_((name + "_consume_valid").c_str()),
        s_give_valid_((name + "_give_valid").c_str()),
        s_consume_vl_((name + "_consume_vl").c_str()),
        s_give_vl_((name + "_give_vl").c_str()),
        s_consume_amt_((name + "_consume_amt").c_str()),
        s_give_amt_((name + "_give_amt").c_str()),
        s_credits_((name + "_credits").c_str()),
        s_free_shared_((name + "_free_shared").c_str()),
        rtl_(std::make_unique<Vtop>(name.c_str())) {
    rtl_->clk(s_clk_);
    rtl_->rst(rst);
    rtl_->consume_valid(s_consume_valid_);
    rtl_->consume_vl(s_consume_vl_);
    rtl_->consume_amt(s_consume_amt_);
    rtl_->give_valid(s_give_valid_);
    rtl_->give_vl(s_give_vl_);
    rtl_->give_amt(s_give_amt_);
    rtl_->credits(s_credits_);
    rtl_->free_shared(s_free_shared_);
    if (!opt.vcd_dir.empty()) vcd_ = std::make_unique<VcdWindow>(opt.vcd_dir, name, opt.vcd_chunk);
  }
  ~SharedVlLaneRtl() override {
    if (vcd_) vcd_->finish();
  }
  unsigned vls() const override { return VLS; }
  void start_vcd() override {
    if (vcd_) vcd_->start(*rtl_);
  }
  // One update (consume or give, or neither: every input at rest); an idle kind's fields are
  // driven 0.
  void drive(bool consume, bool give, unsigned vl, uint32_t amt) override {
    s_consume_valid_.write(consume);
    s_give_valid_.write(give);
    s_consume_vl_.write(Port<VW>(consume ? vl : 0u));
    s_consume_amt_.write(Port<W>(consume ? amt : 0u));
    s_give_vl_.write(Port<VW>(give ? vl : 0u));
    s_give_amt_.write(Port<W>(give ? amt : 0u));
  }
  void read(Outputs& o) const override {
    const auto c = s_credits_.read();
    for (int v = 0; v < VLS; ++v) o.credits[v] = static_cast<uint32_t>(field(c, v * W, W));
    o.free_shared = static_cast<uint32_t>(field(s_free_shared_.read(), 0, W));
  }

 private:
  sc_core::sc_signal<bool> s_consume_valid_, s_give_valid_;
  sc_core::sc_signal<Port<VW>> s_consume_vl_, s_give_vl_;
  sc_core::sc_signal<Port<W>> s_consume_amt_, s_give_amt_;
  sc_core::sc_signal<Port<VLS * W>> s_credits_;
  sc_core::sc_signal<Port<W>> s_free_shared_;
  std::unique_ptr<Vtop> rtl_;
};

class SharedVlCreditsSocket final : public model::SharedVlCreditsEdge {
 public:
  // `buffers`: the switch's highest buffer number + 1 (RouterModel::shared_vl_buffers).
  SharedVlCreditsSocket(const std::string& name, const SocketOptions& opt, uint32_t buffers)
      : opt_(opt),
        s_rst_((name + "_rst").c_str()),
        lane_of_(buffers, -1),
        names_(buffers),
        count_(buffers, 0) {}

  sc_core::sc_signal<bool>& rst() { return s_rst_; }
  // The instance of buffer `buffer`, named `name` in the reports (bound to rst()).
  void add_lane(uint32_t buffer, const std::string& name, std::unique_ptr<SharedVlLane> lane) {
    lane_of_[buffer] = static_cast<int>(lanes_.size());
    names_[buffer] = name;
    buffer_of_.push_back(buffer);
    lanes_.push_back(std::move(lane));
    out_.emplace_back();
    touched_.reserve(lanes_.size());
    ++shared_vl_credits_tally().instances;
  }

  void edge(const model::SharedVlCredits* const* models) override {
    const uint64_t now = socket_cycle();
    if (!reset_done_) reset();
    if (overflow_ != 0)
      throw SimulationFailure("router " + std::to_string(opt_.router) +
                              ": shared_vl_credits at cycle " + std::to_string(now) + ": " +
                              std::to_string(overflow_) +
                              " updates past the events reserved per cycle");
    const int dropped = fault_event(now);
    // The cycle's edges: edge k takes each buffer's k-th update (slot_).
    touched_.clear();
    slot_.clear();
    uint32_t edges = 0;
    for (const Event& e : events_) {
      const int k = e.buffer < lane_of_.size() ? lane_of_[e.buffer] : -1;
      if (k < 0)
        throw SimulationFailure("router " + std::to_string(opt_.router) +
                                ": shared_vl_credits: an update of buffer " +
                                std::to_string(e.buffer) + ", which has no instance");
      if (count_[e.buffer] == 0) touched_.push_back(static_cast<size_t>(k));
      slot_.push_back(count_[e.buffer]++);
      if (slot_.back() + 1 > edges) edges = slot_.back() + 1;
    }
    for (uint32_t k = 0; k < edges; ++k) {
      for (size_t x = 0; x < events_.size(); ++x) {
        if (slot_[x] != k) continue;
        const Event& e = events_[x];
        const bool drop = static_cast<int>(x) == dropped;
        lane_at(x).drive(e.consume, !e.consume && !drop, e.vl, e.amt);
      }
      sc_core::wait(sc_core::SC_ZERO_TIME);
      sc_core::wait(sc_core::SC_ZERO_TIME);
      for (size_t x = 0; x < events_.size(); ++x)
        if (slot_[x] == k) lane_at(x).clk().write(true);
      sc_core::wait(sc_core::SC_ZERO_TIME);
      sc_core::wait(sc_core::SC_ZERO_TIME);
      for (size_t x = 0; x < events_.size(); ++x)
        if (slot_[x] == k) lane_at(x).clk().write(false);
    }
    shared_vl_credits_tally().edges += events_.size();
    // Inputs at rest, outputs read (combinational from the registered use).
    for (const size_t k : touched_) {
      lanes_[k]->drive(false, false, 0, 0);
      if (VcdWindow* w = lanes_[k]->vcd()) w->on_cycle(now);
    }
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    for (const size_t k : touched_) lanes_[k]->read(out_[k]);
    compare(now, models);
    for (const Event& e : events_) count_[e.buffer] = 0;
    events_.clear();
    ++shared_vl_credits_tally().cycles;
  }

 private:
  SharedVlLane& lane_at(size_t x) {
    return *lanes_[static_cast<size_t>(lane_of_[events_[x].buffer])];
  }

  // All instances over one edge with rst high, the inputs at rest.
  void reset() {
    for (auto& l : lanes_) {
      l->start_vcd();
      l->drive(false, false, 0, 0);
      l->clk().write(false);
    }
    s_rst_.write(true);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    for (auto& l : lanes_) l->clk().write(true);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    for (auto& l : lanes_) l->clk().write(false);
    s_rst_.write(false);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    slot_.reserve(events_.capacity());
    reset_done_ = true;
  }

  // The event whose give-back the fault leaves out of the RTL in this cycle, or -1.
  int fault_event(uint64_t now) {
    if (!opt_.fault.armed || fault_done_ || now < opt_.fault.cycle) return -1;
    for (size_t x = 0; x < events_.size(); ++x) {
      const Event& e = events_[x];
      if (e.consume) continue;
      if (opt_.fault.input >= 0 && e.buffer != static_cast<uint32_t>(opt_.fault.input)) continue;
      fault_done_ = true;
      return static_cast<int>(x);
    }
    return -1;
  }

  void compare(uint64_t now, const model::SharedVlCredits* const* models) {
    checker_.begin();
    int first = -1;
    for (const size_t k : touched_) {
      const uint32_t b = buffer_of_[k];
      const model::SharedVlCredits& m = *models[b];
      const SharedVlLane::Outputs& r = out_[k];
      const size_t before = checker_.diffs().size();
      for (unsigned v = 0; v < lanes_[k]->vls(); ++v)
        diff("credits", b, static_cast<int>(v), m.credits(v), r.credits[v]);
      diff("free_shared", b, -1, m.free_shared(), r.free_shared);
      if (first < 0 && checker_.diffs().size() != before) first = static_cast<int>(k);
    }
    if (checker_.failed()) {
      shared_vl_credits_tally().differences += checker_.diffs().size();
      shadow_failure(opt_.router, "shared_vl_credits", now, checker_.diffs(),
                     "updates (buffer:consume c/give g VL/flits, in order)", describe_events(),
                     lanes_[static_cast<size_t>(first)]->vcd());
    }
  }
  void diff(const char* what, uint32_t b, int v, uint64_t model, uint64_t rtl) {
    if (model == rtl) return;
    const std::string n = std::string(what) + "[" + names_[b] +
                          (v >= 0 ? "." + std::to_string(v) : std::string()) + "]";
    checker_.check(n.c_str(), -1, model, rtl);
  }
  std::string describe_events() const {
    std::string s;
    for (const Event& e : events_)
      s += (s.empty() ? "" : " ") + names_[e.buffer] + ":" + (e.consume ? "c" : "g") +
           std::to_string(e.vl) + "/" + std::to_string(e.amt);
    return s.empty() ? "none" : s;
  }

  SocketOptions opt_;
  sc_core::sc_signal<bool> s_rst_;
  std::vector<int> lane_of_;  // per buffer number: its instance, -1 none
  std::vector<std::string> names_;
  std::vector<uint32_t> count_;  // per buffer number: its updates in the cycle
  std::vector<uint32_t> slot_;   // per event of the cycle: the edge that takes it
  std::vector<uint32_t> buffer_of_;
  std::vector<std::unique_ptr<SharedVlLane>> lanes_;
  std::vector<SharedVlLane::Outputs> out_;
  std::vector<size_t> touched_;  // the cycle's instances (reserved: no allocation per cycle)
  Checker checker_;
  bool reset_done_ = false;
  bool fault_done_ = false;
};

}  // namespace netcosim::sc
