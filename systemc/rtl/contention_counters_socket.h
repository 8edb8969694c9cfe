// The contention counters' block socket (docs/cosim.md, "Verilated blocks inside a network"): the
// Verilated rtl/contention_counters.sv of one parameter set of rtl/catalog.h inside a router of a
// running network (OLM's contention, filtered, hybrid and ECtN triggers), driven through its port
// list at the counters' clock edge, the end of the router's cycle (ContentionSensor::end_cycle
// calls the socket, a model::ContentionCountersEdge, instead of the model's update()).
//
// One edge (inside the router module's SC_THREAD, strict mode):
//   1. the cycle's events, as the model holds them (a net change per output), go to the RTL's
//      slots: d > 0 increments of output o as d inc slots naming o, d < 0 as -d dec slots (the
//      RTL clamps count + #inc - #dec, so the net change gives the same count); more events than
//      the N slots of the set stop the run;
//   2. clk high (the registers take the edge), two delta cycles, count[] and over[] read, clk low;
//   3. the model's update();
//   4. Rtl mode: the RTL's counts replace the model's (the routing reads them from the next
//      cycle); Shadow mode: count[] and over[] (threshold routing.threshold) are compared with
//      the model's, the first difference stops the run (SimulationFailure, exit status 3) naming
//      the router, the cycle, the differing outputs and the cycle's events.
// The RTL is reset (rst high over one edge) before its first edge.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <systemc>

#include "sim/blocks/contention_counters.h"
#include "sim/util/failure.h"
#include "systemc/blocks/ports.h"
#include "systemc/check/checker.h"
#include "systemc/check/vcd_window.h"
#include "systemc/rtl/sep_alloc_if_socket.h"

namespace netcosim::sc {

template <class Vtop, int Q, int W, int N>
class ContentionCountersSocket final : public model::ContentionCountersEdge {
 public:
  static constexpr int QW = index_width(Q);

  ContentionCountersSocket(const std::string& name, const SocketOptions& opt, uint32_t threshold)
      : opt_(opt),
        threshold_(threshold),
        s_clk_((name + "_clk").c_str()),
        s_rst_((name + "_rst").c_str()),
        s_inc_valid_((name + "_inc_valid").c_str()),
        s_dec_valid_((name + "_dec_valid").c_str()),
        s_inc_port_((name + "_inc_port").c_str()),
        s_dec_port_((name + "_dec_port").c_str()),
        s_threshold_((name + "_threshold").c_str()),
        s_count_((name + "_count").c_str()),
        s_over_((name + "_over").c_str()),
        rtl_(std::make_unique<Vtop>(name.c_str())) {
    rtl_->clk(s_clk_);
    rtl_->rst(s_rst_);
    rtl_->inc_valid(s_inc_valid_);
    rtl_->inc_port(s_inc_port_);
    rtl_->dec_valid(s_dec_valid_);
    rtl_->dec_port(s_dec_port_);
    rtl_->threshold(s_threshold_);
    rtl_->count(s_count_);
    rtl_->over(s_over_);
    if (!opt_.vcd_dir.empty())
      vcd_ = std::make_unique<VcdWindow>(opt_.vcd_dir, name, opt_.vcd_chunk);
  }
  ~ContentionCountersSocket() override {
    if (vcd_) vcd_->finish();
  }

  void edge(model::ContentionCounters& c) override {
    const uint64_t now = socket_cycle();
    if (!reset_done_) reset();
    if (vcd_) vcd_->on_cycle(now);
    drive_events(now, c);
    s_clk_.write(true);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    const auto count = s_count_.read();
    const auto over = s_over_.read();
    s_clk_.write(false);
    c.update();
    if (opt_.mode == SocketMode::Shadow) {
      checker_.begin();
      for (int q = 0; q < Q; ++q) {
        const auto o = static_cast<unsigned>(q);
        checker_.check("count", q, c.count(o), field(count, q * W, W));
        checker_.check("over", q, c.over(o, threshold_) ? 1 : 0, field(over, q, 1));
      }
      if (checker_.failed()) report(now);
    } else {
      for (int q = 0; q < Q; ++q)
        c.set_count(static_cast<unsigned>(q), static_cast<uint32_t>(field(count, q * W, W)));
    }
  }

 private:
  void reset() {
    if (vcd_) vcd_->start(*rtl_);
    s_threshold_.write(Port<W>(threshold_));
    socket_reset_pulse(s_clk_, s_rst_);
    s_clk_.write(false);
    s_rst_.write(false);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    reset_done_ = true;
  }

  void drive_events(uint64_t now, const model::ContentionCounters& c) {
    uint32_t iv[(N + 31) / 32] = {}, dv[(N + 31) / 32] = {};
    uint32_t ip[(N * QW + 31) / 32] = {}, dp[(N * QW + 31) / 32] = {};
    int ni = 0, nd = 0;
    for (int q = 0; q < Q; ++q) delta_[q] = 0;
    for (uint64_t m = c.pending_mask(); m != 0; m &= m - 1) {
      const unsigned o = static_cast<unsigned>(__builtin_ctzll(m));
      const int32_t d = c.pending_delta(o);
      if (o < static_cast<unsigned>(Q)) delta_[o] = d;
      for (int32_t k = 0; k < (d > 0 ? d : -d); ++k) {
        int& n = d > 0 ? ni : nd;
        if (n >= N)
          throw SimulationFailure("router " + std::to_string(opt_.router) +
                                  ": contention_counters at cycle " + std::to_string(now) +
                                  ": more events than the set's " + std::to_string(N) +
                                  " slots per kind (" + events() + ")");
        uint32_t* valid = d > 0 ? iv : dv;
        uint32_t* port = d > 0 ? ip : dp;
        valid[n / 32] |= 1u << (n % 32);
        for (int b = 0; b < QW; ++b)
          if ((o >> b) & 1u) port[(n * QW + b) / 32] |= 1u << ((n * QW + b) % 32);
        ++n;
      }
    }
    store(iv, s_inc_valid_);
    store(dv, s_dec_valid_);
    store(ip, s_inc_port_);
    store(dp, s_dec_port_);
  }
  template <int B>
  static void store(const uint32_t* words, sc_core::sc_signal<sc_dt::sc_bv<B>>& s) {
    sc_dt::sc_bv<B> v;
    for (int i = 0; i < (B + 31) / 32; ++i) v.set_word(i, words[i]);
    s.write(v);
  }
  static void store(const uint32_t* words, sc_core::sc_signal<bool>& s) {
    s.write((words[0] & 1u) != 0);
  }

  // The cycle's events as "output:net change", for the reports.
  std::string events() const {
    std::string s;
    for (int q = 0; q < Q; ++q)
      if (delta_[q] != 0)
        s += (s.empty() ? "" : " ") + std::to_string(q) + ":" + (delta_[q] > 0 ? "+" : "") +
             std::to_string(delta_[q]);
    return s.empty() ? "none" : s;
  }

  [[noreturn]] void report(uint64_t now) {
    shadow_failure(opt_.router, "contention_counters", now, checker_.diffs(),
                   "events (output:net change)", events(), vcd_.get());
  }

  SocketOptions opt_;
  uint32_t threshold_;
  sc_core::sc_signal<bool> s_clk_, s_rst_;
  sc_core::sc_signal<Port<N>> s_inc_valid_, s_dec_valid_;
  sc_core::sc_signal<Port<N * QW>> s_inc_port_, s_dec_port_;
  sc_core::sc_signal<Port<W>> s_threshold_;
  sc_core::sc_signal<Port<Q * W>> s_count_;
  sc_core::sc_signal<Port<Q>> s_over_;
  std::unique_ptr<Vtop> rtl_;
  std::unique_ptr<VcdWindow> vcd_;
  Checker checker_;
  int32_t delta_[Q] = {};  // the edge's events per output (reports)
  bool reset_done_ = false;
};

}  // namespace netcosim::sc
