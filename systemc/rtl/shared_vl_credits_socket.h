// The shared VL buffers' block socket (docs/cosim.md, "The switches' shared VL buffers"): the
// Verilated rtl/shared_vl_credits.sv of every port buffer an OPA or IB switch accounts with
// model::SharedVlCredits (thesis 003 Sec. 5.3.1; RouterModel::shared_vl_buffers: the downstream
// input buffers of the outputs facing a switch, the injection input buffers as their NICs account
// them, the output buffers, OPA's central buffers), one
// instance per buffer at the buffer's parameter set (VLS, TOTAL, VL_MIN, VL_MAX; W the bits of
// TOTAL), each with its own clock. The switch calls edge() at the end of each of its cycles
// (VlSwitch::step_core, inside the router module's SC_THREAD, strict mode, after the NICs the
// module steps: ScEngineOptions::router_nics) with its models; the
// socket keeps each instance's use per VL as of its last edge and takes, per buffer, the cycle's
// change of each VL's use (SharedVlCredits::used): an update is one VL's net change in the cycle,
// a give-back when it fell, a consume when it rose.
//
// One cycle's edges: a buffer's give-backs first, then its consumes, one per edge (the k-th
// update of every buffer at the cycle's k-th edge; consume or give alone, the other kind idle).
// Every state on the way lies between the use after the give-backs and the model's use after the
// cycle, so the RTL's checks (a consume within the VL's credits, a give-back within what it
// holds; --assert) hold whenever the model's accounting is legal. Per edge: inputs driven, two
// delta cycles, clk high on the instances with an update at that edge, two delta cycles, clk
// low. After the cycle's last edge every output of every instance updated in the cycle
// (credits[v] for each VL, free_shared) is compared with its model (credits(v), free_shared());
// an instance without an update keeps its state, as its model does, and is not read. A cycle
// without a change costs the scan of the models only (no delta cycle).
//
// Both modes mirror: the models drive the switch (the RTL has no output the switch could take
// instead: credits[] follow from the registered per-VL use, which the model keeps), the RTL is
// compared in every cycle with updates, and the first difference stops the run (SimulationFailure,
// exit status 3) naming the router, the cycle, the outputs (`credits[out3.1]`: output buffer 3,
// VL 1; `free_shared[down2]`) and the cycle's updates. The cycles and edges compared are counted
// (shared_vl_credits_tally) and written on stderr at the end of the run (rtl_attach.cpp).
// A consume and a give-back of the same VL in one cycle net out: the RTL sees their difference.
//
// Fault (--rtl-fault shared_vl_credits:R:C[:PORT]): at the first cycle of router R at or after
// cycle C with a give-back to buffer PORT (the downstream input buffer of output PORT, or on an
// injection port the input buffer PORT whose credits its NIC takes back; default: a give-back to
// any buffer), that give-back is not driven into the RTL (its instance sees an edge without an
// update): the freed credits are lost in the RTL only.
#pragma once

#include <array>
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
      : opt_(opt), s_rst_((name + "_rst").c_str()), names_(buffers) {}

  sc_core::sc_signal<bool>& rst() { return s_rst_; }
  // The instance of buffer `buffer`, named `name` in the reports (bound to rst()).
  void add_lane(uint32_t buffer, const std::string& name, std::unique_ptr<SharedVlLane> lane) {
    names_[buffer] = name;
    buffer_of_.push_back(buffer);
    lanes_.push_back(std::move(lane));
    out_.emplace_back();
    used_.emplace_back();
    used_.back().fill(0);
    // At most one update per VL and cycle: no allocation per cycle.
    events_.reserve(events_.capacity() + model::CreditLevels::kMaxVcs);
    touched_.reserve(lanes_.size());
    ++shared_vl_credits_tally().instances;
  }

  void edge(const model::SharedVlCredits* const* models) override {
    // The cycle's updates: per instance its VLs' net changes, the give-backs first.
    events_.clear();
    touched_.clear();
    uint32_t edges = 0;
    for (size_t k = 0; k < lanes_.size(); ++k) {
      const model::SharedVlCredits& m = *models[buffer_of_[k]];
      std::array<uint32_t, model::CreditLevels::kMaxVcs>& u = used_[k];
      const unsigned vls = lanes_[k]->vls();
      uint32_t n = 0;
      for (unsigned v = 0; v < vls; ++v)
        if (m.used(v) < u[v]) events_.push_back(Event{k, u[v] - m.used(v), v, false, n++});
      for (unsigned v = 0; v < vls; ++v)
        if (m.used(v) > u[v]) events_.push_back(Event{k, m.used(v) - u[v], v, true, n++});
      if (n == 0) continue;
      touched_.push_back(k);
      for (unsigned v = 0; v < vls; ++v) u[v] = m.used(v);
      edges = n > edges ? n : edges;
    }
    if (events_.empty()) return;
    const uint64_t now = socket_cycle();
    if (!reset_done_) reset();
    const int dropped = fault_event(now);
    for (uint32_t k = 0; k < edges; ++k) {
      for (size_t x = 0; x < events_.size(); ++x) {
        const Event& e = events_[x];
        if (e.slot != k) continue;
        lanes_[e.lane]->drive(e.consume, !e.consume && static_cast<int>(x) != dropped, e.vl, e.amt);
      }
      sc_core::wait(sc_core::SC_ZERO_TIME);
      sc_core::wait(sc_core::SC_ZERO_TIME);
      for (const Event& e : events_)
        if (e.slot == k) lanes_[e.lane]->clk().write(true);
      sc_core::wait(sc_core::SC_ZERO_TIME);
      sc_core::wait(sc_core::SC_ZERO_TIME);
      for (const Event& e : events_)
        if (e.slot == k) lanes_[e.lane]->clk().write(false);
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
    ++shared_vl_credits_tally().cycles;
  }

 private:
  struct Event {
    size_t lane = 0;
    uint32_t amt = 0;
    unsigned vl = 0;
    bool consume = false;  // else a give-back
    uint32_t slot = 0;     // the cycle's edge that takes it
  };

  // All instances over one edge with rst high, the inputs at rest.
  void reset() {
    for (auto& l : lanes_) {
      l->start_vcd();
      l->drive(false, false, 0, 0);
      l->clk().write(false);
    }
    socket_reset_pulse_all(lanes_, s_rst_);
    reset_done_ = true;
  }

  // The update whose give-back the fault leaves out of the RTL in this cycle, or -1.
  int fault_event(uint64_t now) {
    if (!opt_.fault.armed || fault_done_ || now < opt_.fault.cycle) return -1;
    for (size_t x = 0; x < events_.size(); ++x) {
      const Event& e = events_[x];
      if (e.consume) continue;
      if (opt_.fault.input >= 0 && buffer_of_[e.lane] != static_cast<uint32_t>(opt_.fault.input))
        continue;
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
      s += (s.empty() ? "" : " ") + names_[buffer_of_[e.lane]] + ":" + (e.consume ? "c" : "g") +
           std::to_string(e.vl) + "/" + std::to_string(e.amt);
    return s.empty() ? "none" : s;
  }

  SocketOptions opt_;
  sc_core::sc_signal<bool> s_rst_;
  std::vector<std::string> names_;  // per buffer number
  std::vector<uint32_t> buffer_of_;
  std::vector<std::unique_ptr<SharedVlLane>> lanes_;
  std::vector<SharedVlLane::Outputs> out_;
  // Per instance: each VL's use as the RTL has it (the model's at the instance's last edge).
  std::vector<std::array<uint32_t, model::CreditLevels::kMaxVcs>> used_;
  std::vector<Event> events_;    // the cycle's updates (reserved: no allocation per cycle)
  std::vector<size_t> touched_;  // the cycle's instances (reserved)
  Checker checker_;
  bool reset_done_ = false;
  bool fault_done_ = false;
};

}  // namespace netcosim::sc
