// The credit counters' block socket (docs/cosim.md, "Verilated blocks inside a network"): the
// Verilated rtl/credit_counter.sv of every output port of a router with a downstream input buffer
// (one instance per port, the parameter set of the port's class: V = its VCs, CAP = the
// downstream buffer of one VC, W = the bits of CAP), driven through its port list at the
// counters' clock edge. The router calls the socket (a model::CreditCountersEdge, given with
// RouterModel::set_credit_edge) once per cycle with credit events, between its receive and
// allocation phases: one edge holds the consumes of the router's previous allocation and the
// returns of this cycle, so that the registered counts after it are the ones the allocation,
// the VC selector, the routing and the sensors read in this cycle.
//
// One edge (inside the router module's SC_THREAD, strict mode):
//   1. each port's events to its instance: consume_valid/vc/amt (at most one grant per output
//      and cycle), return_valid/vc/amt (at most one credit per link and cycle; a second event of
//      a kind on one port stops the run); pkt_size is the packet size (set at reset);
//   2. two delta cycles; underflow and overflow read (combinational, from the counts before the
//      edge and the edge's events);
//   3. clk high (each instance has its own clock: only the ports with events see an edge; an
//      instance without a valid input keeps its counts), two delta cycles, credits[] and
//      can_send[] read (registered counts, and can_send from them), clk low;
//   4. Rtl mode: a raised underflow or overflow, or a can_send[v] other than credits[v] >=
//      pkt_size, stops the run; the RTL's counts replace the model's (CreditCounter::set_credits);
//      Shadow mode: every output of every instance is compared with the model's (the model's
//      flags are 0: the router consumes only with credits, and a credit returns what was
//      consumed), the first difference stops the run (SimulationFailure, exit status 3) naming
//      the router, the cycle, the outputs (`credits[3.1]`: output port 3, VC 1) and the events.
// The RTL is reset (rst high over one edge) before its first edge. A router cycle without credit
// events has no edge: with no valid input the counts stay, in the RTL as in the model.
//
// Fault (SocketFault, --rtl-fault credit_counter:R:C[:PORT]): at the first edge of router R at or
// after cycle C with a return on output PORT (default: the lowest port with a return), that
// port's return_valid is held low on its way into the RTL: the credit is lost in the RTL only.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "sim/blocks/credit_counter.h"
#include "sim/util/failure.h"
#include "systemc/blocks/ports.h"
#include "systemc/check/checker.h"
#include "systemc/check/vcd_window.h"
#include "systemc/rtl/sep_alloc_if_socket.h"

namespace netcosim::sc {

// The instance of one output port: its Verilated credit_counter and the signals of its port list,
// its own clock (only the instances of the ports with events see an edge) and the socket's reset.
class CreditCounterLane {
 public:
  struct Outputs {
    uint32_t credits[model::CreditLevels::kMaxVcs] = {};
    uint32_t can_send = 0;  // bit v
    bool underflow = false, overflow = false;
  };
  virtual ~CreditCounterLane() = default;
  virtual unsigned vcs() const = 0;
  virtual void set_packet_size(uint32_t phits) = 0;
  virtual void drive(bool cv, unsigned cvc, uint32_t camt, bool rv, unsigned rvc,
                     uint32_t ramt) = 0;
  virtual void read_flags(Outputs& o) const = 0;
  virtual void read_counts(Outputs& o) const = 0;
  sc_core::sc_signal<bool>& clk() { return s_clk_; }
  VcdWindow* vcd() { return vcd_.get(); }

 protected:
  explicit CreditCounterLane(const std::string& name) : s_clk_((name + "_clk").c_str()) {}
  sc_core::sc_signal<bool> s_clk_;
  std::unique_ptr<VcdWindow> vcd_;
};

template <class Vtop, int V, int W, int CAP>
class CreditCounterLaneRtl final : public CreditCounterLane {
 public:
  static constexpr int VW = index_width(V);
  static_assert(CAP < (1 << W), "CAP must fit in W bits");

  CreditCounterLaneRtl(const std::string& name, sc_core::sc_signal<bool>& rst,
                       const SocketOptions& opt)
      : CreditCounterLane(name),
        s_consume_valid_((name + "_consume_valid").c_str()),
        s_return_valid_((name + "_return_valid").c_str()),
        s_consume_vc_((name + "_consume_vc").c_str()),
        s_return_vc_((name + "_return_vc").c_str()),
        s_consume_amt_((name + "_consume_amt").c_str()),
        s_return_amt_((name + "_return_amt").c_str()),
        s_pkt_size_((name + "_pkt_size").c_str()),
        s_can_send_((name + "_can_send").c_str()),
        s_credits_((name + "_credits").c_str()),
        s_underflow_((name + "_underflow").c_str()),
        s_overflow_((name + "_overflow").c_str()),
        rtl_(std::make_unique<Vtop>(name.c_str())) {
    rtl_->clk(s_clk_);
    rtl_->rst(rst);
    rtl_->consume_valid(s_consume_valid_);
    rtl_->consume_vc(s_consume_vc_);
    rtl_->consume_amt(s_consume_amt_);
    rtl_->return_valid(s_return_valid_);
    rtl_->return_vc(s_return_vc_);
    rtl_->return_amt(s_return_amt_);
    rtl_->pkt_size(s_pkt_size_);
    rtl_->can_send(s_can_send_);
    rtl_->credits(s_credits_);
    rtl_->underflow(s_underflow_);
    rtl_->overflow(s_overflow_);
    if (!opt.vcd_dir.empty()) vcd_ = std::make_unique<VcdWindow>(opt.vcd_dir, name, opt.vcd_chunk);
  }
  ~CreditCounterLaneRtl() override {
    if (vcd_) vcd_->finish();
  }

  unsigned vcs() const override { return V; }
  void set_packet_size(uint32_t phits) override {
    if (vcd_) vcd_->start(*rtl_);
    s_pkt_size_.write(Port<W>(phits));
  }
  void drive(bool cv, unsigned cvc, uint32_t camt, bool rv, unsigned rvc, uint32_t ramt) override {
    s_consume_valid_.write(cv);
    s_return_valid_.write(rv);
    // An invalid event's fields are driven 0 (they select nothing in the RTL).
    s_consume_vc_.write(Port<VW>(cv ? cvc : 0u));
    s_consume_amt_.write(Port<W>(cv ? camt : 0u));
    s_return_vc_.write(Port<VW>(rv ? rvc : 0u));
    s_return_amt_.write(Port<W>(rv ? ramt : 0u));
  }
  void read_flags(Outputs& o) const override {
    o.underflow = s_underflow_.read();
    o.overflow = s_overflow_.read();
  }
  void read_counts(Outputs& o) const override {
    const auto c = s_credits_.read();
    for (int v = 0; v < V; ++v) o.credits[v] = static_cast<uint32_t>(field(c, v * W, W));
    o.can_send = static_cast<uint32_t>(field(s_can_send_.read(), 0, V));
  }

 private:
  sc_core::sc_signal<bool> s_consume_valid_, s_return_valid_;
  sc_core::sc_signal<Port<VW>> s_consume_vc_, s_return_vc_;
  sc_core::sc_signal<Port<W>> s_consume_amt_, s_return_amt_, s_pkt_size_;
  sc_core::sc_signal<Port<V>> s_can_send_;
  sc_core::sc_signal<Port<V * W>> s_credits_;
  sc_core::sc_signal<bool> s_underflow_, s_overflow_;
  std::unique_ptr<Vtop> rtl_;
};

class CreditCountersSocket final : public model::CreditCountersEdge {
 public:
  CreditCountersSocket(const std::string& name, const SocketOptions& opt, uint32_t packet_size)
      : opt_(opt), packet_size_(packet_size), s_rst_((name + "_rst").c_str()) {}

  sc_core::sc_signal<bool>& rst() { return s_rst_; }
  // The instance of output port `port` (bound to rst()).
  void add_lane(uint32_t port, std::unique_ptr<CreditCounterLane> lane) {
    ports_.push_back(port);
    lanes_.push_back(std::move(lane));
    out_.emplace_back();
    active_.reserve(lanes_.size());
  }

  void edge(model::CreditCounter* credits) override {
    const uint64_t now = socket_cycle();
    if (!reset_done_) reset();
    for (auto& l : lanes_)
      if (l->vcd() != nullptr) l->vcd()->on_cycle(now);
    if (events_.repeated != 0)
      throw SimulationFailure("router " + std::to_string(opt_.router) +
                              ": credit_counter at cycle " + std::to_string(now) +
                              ": two events of one kind on one output in one edge (" +
                              describe_events() + ")");
    const int dropped = fault_port(now);
    // Only the instances of the ports with events are driven and clocked: with no valid input an
    // instance's counts stay, so its edge can be left out (and its outputs, unchanged on both
    // sides, are not read again). An instance keeps its last inputs until its next edge, which
    // drives them anew.
    const uint64_t ports = events_.consumed | events_.returned;
    active_.clear();
    for (size_t k = 0; k < lanes_.size(); ++k) {
      const uint32_t o = ports_[k];
      const uint64_t bit = uint64_t{1} << o;
      if ((ports & bit) == 0) continue;
      active_.push_back(k);
      const bool rv = (events_.returned & bit) != 0 && static_cast<int>(o) != dropped;
      lanes_[k]->drive((events_.consumed & bit) != 0, events_.consume_vc[o], events_.consume_amt[o],
                       rv, events_.return_vc[o], events_.return_amt[o]);
    }
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    for (const size_t k : active_) {
      lanes_[k]->read_flags(out_[k]);
      lanes_[k]->clk().write(true);
    }
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    for (const size_t k : active_) {
      lanes_[k]->read_counts(out_[k]);
      lanes_[k]->clk().write(false);
    }
    if (opt_.mode == SocketMode::Shadow)
      compare(now, credits);
    else
      take_rtl_counts(now, credits);
    events_.clear();
  }

 private:
  // All instances over one edge with rst high (socket_reset_pulse's sequence on every clock).
  void reset() {
    for (auto& l : lanes_) {
      l->set_packet_size(packet_size_);
      l->clk().write(false);
    }
    socket_reset_pulse_all(lanes_, s_rst_);
    // The outputs after reset, read once: an instance's outputs are read again after its edges.
    sc_core::wait(sc_core::SC_ZERO_TIME);
    for (size_t k = 0; k < lanes_.size(); ++k) lanes_[k]->read_counts(out_[k]);
    reset_done_ = true;
  }

  // The output whose return the fault drops in this edge, or -1.
  int fault_port(uint64_t now) {
    if (!opt_.fault.armed || fault_done_ || now < opt_.fault.cycle) return -1;
    int o = opt_.fault.input;
    if (o < 0) o = events_.returned != 0 ? __builtin_ctzll(events_.returned) : -1;
    if (o < 0 || ((events_.returned >> o) & 1u) == 0) return -1;
    fault_done_ = true;
    return o;
  }

  void compare(uint64_t now, const model::CreditCounter* credits) {
    checker_.begin();
    int first = -1;
    for (size_t k = 0; k < lanes_.size(); ++k) {
      const uint32_t o = ports_[k];
      const model::CreditCounter& m = credits[o];
      const CreditCounterLane::Outputs& r = out_[k];
      const size_t before = checker_.diffs().size();
      for (unsigned v = 0; v < lanes_[k]->vcs(); ++v) {
        diff("credits", o, static_cast<int>(v), m.credits(v), r.credits[v]);
        diff("can_send", o, static_cast<int>(v), m.can_send(v, packet_size_) ? 1 : 0,
             (r.can_send >> v) & 1u);
      }
      diff("underflow", o, -1, 0, r.underflow ? 1 : 0);
      diff("overflow", o, -1, 0, r.overflow ? 1 : 0);
      if (first < 0 && checker_.diffs().size() != before) first = static_cast<int>(k);
    }
    if (checker_.failed())
      shadow_failure(opt_.router, "credit_counter", now, checker_.diffs(),
                     "events (output:consume vc/phits, return vc/phits)", describe_events(),
                     lanes_[static_cast<size_t>(first)]->vcd());
  }
  void diff(const char* what, uint32_t o, int v, uint64_t model, uint64_t rtl) {
    if (model == rtl) return;
    const std::string n = std::string(what) + "[" + std::to_string(o) +
                          (v >= 0 ? "." + std::to_string(v) : std::string()) + "]";
    checker_.check(n.c_str(), -1, model, rtl);
  }

  void take_rtl_counts(uint64_t now, model::CreditCounter* credits) {
    for (size_t k = 0; k < lanes_.size(); ++k) {
      const uint32_t o = ports_[k];
      const CreditCounterLane::Outputs& r = out_[k];
      std::string bad;
      if (r.underflow) bad = "underflow";
      if (r.overflow) bad += std::string(bad.empty() ? "" : ", ") + "overflow";
      for (unsigned v = 0; v < lanes_[k]->vcs(); ++v) {
        if (((r.can_send >> v) & 1u) != (r.credits[v] >= packet_size_ ? 1u : 0u) ||
            r.credits[v] > credits[o].capacity())
          bad += std::string(bad.empty() ? "" : ", ") + "can_send[" + std::to_string(v) + "] " +
                 std::to_string((r.can_send >> v) & 1u) + " with credits[" + std::to_string(v) +
                 "] " + std::to_string(r.credits[v]);
      }
      if (!bad.empty())
        throw SimulationFailure("router " + std::to_string(opt_.router) +
                                ": credit_counter RTL of output " + std::to_string(o) +
                                " at cycle " + std::to_string(now) + ": " + bad + " (packet size " +
                                std::to_string(packet_size_) + "); events: " + describe_events());
      for (unsigned v = 0; v < lanes_[k]->vcs(); ++v) credits[o].set_credits(v, r.credits[v]);
    }
  }

  // The edge's events as "output:c vc/phits r vc/phits", for the reports.
  std::string describe_events() const {
    std::string s;
    for (uint64_t m = events_.consumed | events_.returned; m != 0; m &= m - 1) {
      const unsigned o = static_cast<unsigned>(__builtin_ctzll(m));
      s += (s.empty() ? "" : " ") + std::to_string(o) + ":";
      if ((events_.consumed >> o) & 1u)
        s += "c" + std::to_string(events_.consume_vc[o]) + "/" +
             std::to_string(events_.consume_amt[o]);
      if ((events_.returned >> o) & 1u)
        s += std::string((events_.consumed >> o) & 1u ? "," : "") + "r" +
             std::to_string(events_.return_vc[o]) + "/" + std::to_string(events_.return_amt[o]);
    }
    return s.empty() ? "none" : s;
  }

  SocketOptions opt_;
  uint32_t packet_size_;
  sc_core::sc_signal<bool> s_rst_;
  std::vector<uint32_t> ports_;
  std::vector<size_t> active_;  // the edge's instances (reserved: no allocation per edge)
  std::vector<std::unique_ptr<CreditCounterLane>> lanes_;
  std::vector<CreditCounterLane::Outputs> out_;
  Checker checker_;
  bool reset_done_ = false;
  bool fault_done_ = false;
};

}  // namespace netcosim::sc
