// The switch allocator's block socket (docs/cosim.md, "Verilated blocks inside a network"): the
// Verilated rtl/sep_alloc_if.sv of one parameter set of rtl/catalog.h inside a router of a running
// network, driven through its port list (sc_signals of the RTL's widths, any P*V*QW) from the
// router's allocation phase. The socket is a model::AllocatorCore, so the CIOQ router fills its
// requests and evaluates it with one call per cycle (RouterModel::replace_allocator): in every
// allocator of every router of `netcosim run --rtl sep_alloc_if` (rtl_attach.cpp; the OPA
// switch's MPort and central allocators each have one, RouterModel::replace_switch_allocator,
// evaluated in turn within the switch's step), and as the allocator of a router
// module (systemc/router/router_module.h, RouterModule::set_allocator; docs/systemc.md, "The
// router module"; the module built with ScEngineOptions::router_threads).
//
// One evaluation (evaluate_and_update, called inside the router module's SC_THREAD in the SystemC
// engine's strict mode, ScEngineOptions::router_threads):
//   1. req_valid/req_out are written, clk low, update low;
//   2. two delta cycles (sc_core::wait(SC_ZERO_TIME)): in the first the Verilated module evaluates
//      its combinational outputs, in the second they are visible;
//   3. gnt_valid/gnt_vc/gnt_out are read; gnt_valid comes through a FaultTap
//      (systemc/check/checker.h) on the faulted router, which costs it one delta more;
//   4. clk high (update is held high: the router takes the grants of every evaluated cycle): the
//      pointer registers take the edge in the next delta cycle, with the same requests, before
//      the router's next evaluation writes new ones. A router with no request in a cycle does not
//      evaluate its allocator (sim/router/cioq/router_allocate.h), and the RTL sees no edge: with
//      no grant no pointer moves, so the states stay equal.
// The RTL is reset (rst high over one clock edge) before its first evaluation.
//
// Modes (SocketMode): Rtl, the RTL's grants drive the router (checked against the requests: a
// grant of a VC that did not request, of an output it did not request, or two grants of one
// output stop the run); Shadow, the C++ model (model::SeparableAllocator) drives the router and
// every output of the RTL (grants and pointers) is compared with the model's in every evaluation
// (systemc/check/checker.h's Checker): the first difference stops the run (SimulationFailure,
// exit status 3) naming the router, the cycle, the differing ports, the requests and both
// outputs, and the VCD window's files when --rtl-vcd is given.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "sim/blocks/separable_allocator.h"
#include "sim/util/failure.h"
#include "systemc/blocks/ports.h"
#include "systemc/blocks/sep_alloc_if.h"
#include "systemc/check/checker.h"
#include "systemc/check/vcd_window.h"

namespace netcosim::sc {

enum class SocketMode { Rtl, Shadow };

// --rtl-fault ROUTER:CYCLE[:INPUT]: in the first evaluation of router ROUTER at or after cycle
// CYCLE in which its RTL grants input INPUT (any input: the lowest granted one), that input's
// gnt_valid bit is flipped on its way out of the RTL: the grant is dropped.
// A router with several allocators (the Omni-Path switch's MPort and central allocators) arms
// each with the same `shared` flag: the first of them to drop a grant sets it, and the others
// then inject nothing (one fault per run).
struct SocketFault {
  bool armed = false;
  uint64_t cycle = 0;
  int input = -1;  // -1: the lowest granted input
  std::shared_ptr<bool> shared;
};

struct SocketOptions {
  uint32_t router = 0;
  SocketMode mode = SocketMode::Rtl;
  SocketFault fault;
  // The block's role in the router, named in its messages after the block ("mport1", "central":
  // RouterModel::SwitchAllocatorShape::name); empty: the router's only instance.
  std::string role;
  std::string vcd_dir;  // non-empty: VCD window of the RTL (chunks of vcd_chunk cycles)
  uint64_t vcd_chunk = 1000;
};

// Shadow mode's report of a block socket (docs/cosim.md, "Verilated blocks inside a network"):
// the router, the block and the cycle, each differing output with the model's and the RTL's
// value, the cycle's inputs (`inputs_label`: what they are) and the VCD window's files, thrown as
// a SimulationFailure.
[[noreturn]] inline void shadow_failure(uint32_t router, const char* block, uint64_t now,
                                        const std::vector<Checker::Diff>& diffs,
                                        const char* inputs_label, const std::string& inputs,
                                        VcdWindow* vcd) {
  std::string s = "shadow: router " + std::to_string(router) + ": " + block +
                  " RTL differs from the C++ model at cycle " + std::to_string(now) + ": ";
  bool first = true;
  for (const auto& d : diffs) {
    s += (first ? "" : ", ") + d.name + " model " + std::to_string(d.expected) + " RTL " +
         std::to_string(d.actual);
    first = false;
  }
  s += std::string("; ") + inputs_label + ": " + inputs;
  if (vcd != nullptr) {  // closed here; the kernel keeps the trace file registered until it stops
    vcd->finish();
    s += "; VCD window:";
    for (const auto& f : vcd->files()) s += " " + f;
  }
  throw SimulationFailure(s);
}

// A block socket's reset (as the benches reset their blocks): reset high over one clock edge,
// then low; the caller's signals settle in the delta cycles between.
inline void socket_reset_pulse(sc_core::sc_signal<bool>& clk, sc_core::sc_signal<bool>& rst) {
  rst.write(true);
  clk.write(false);
  sc_core::wait(sc_core::SC_ZERO_TIME);
  clk.write(true);
  sc_core::wait(sc_core::SC_ZERO_TIME);
  sc_core::wait(sc_core::SC_ZERO_TIME);
}

// socket_reset_pulse over many instances, each with its own clock (`lanes`: pointers to objects
// with clk()): reset high over one edge of every clock, then low with the clocks.
template <class Lanes>
void socket_reset_pulse_all(Lanes& lanes, sc_core::sc_signal<bool>& rst) {
  rst.write(true);
  sc_core::wait(sc_core::SC_ZERO_TIME);
  for (auto& l : lanes) l->clk().write(true);
  sc_core::wait(sc_core::SC_ZERO_TIME);
  sc_core::wait(sc_core::SC_ZERO_TIME);
  for (auto& l : lanes) l->clk().write(false);
  rst.write(false);
  sc_core::wait(sc_core::SC_ZERO_TIME);
}

// The simulated cycle (the engine's clock: 1 ns per cycle).
inline uint64_t socket_cycle() {
  return sc_core::sc_time_stamp().value() / sc_core::sc_time(1, sc_core::SC_NS).value();
}

template <class Vtop, int P, int V, int Q, int I>
class SepAllocIfSocket final : public model::AllocatorCore {
 public:
  using W = SepAllocIfWidths<P, V, Q>;
  static constexpr int VW = W::VW, QW = W::QW, PW = W::PW;

  SepAllocIfSocket(const std::string& name, const SocketOptions& opt)
      : model::AllocatorCore(P, V, Q, I),
        opt_(opt),
        s_clk_((name + "_clk").c_str()),
        s_rst_((name + "_rst").c_str()),
        s_update_((name + "_update").c_str()),
        s_req_valid_((name + "_req_valid").c_str()),
        s_req_out_((name + "_req_out").c_str()),
        s_gnt_valid_dut_((name + "_gnt_valid_dut").c_str()),
        s_gnt_valid_((name + "_gnt_valid").c_str()),
        s_gnt_vc_((name + "_gnt_vc").c_str()),
        s_gnt_out_((name + "_gnt_out").c_str()),
        s_in_ptr_((name + "_in_ptr").c_str()),
        s_out_ptr_((name + "_out_ptr").c_str()),
        rtl_(std::make_unique<Vtop>(name.c_str())),
        model_(P, V, Q, I),
        block_(opt.role.empty() ? "sep_alloc_if" : "sep_alloc_if " + opt.role) {
    rtl_->clk(s_clk_);
    rtl_->rst(s_rst_);
    rtl_->update(s_update_);
    rtl_->req_valid(s_req_valid_);
    rtl_->req_out(s_req_out_);
    rtl_->gnt_vc(s_gnt_vc_);
    rtl_->gnt_out(s_gnt_out_);
    rtl_->in_ptr(s_in_ptr_);
    rtl_->out_ptr(s_out_ptr_);
    if (opt_.fault.armed) {  // gnt_valid reaches the router through the fault tap
      tap_ = std::make_unique<FaultTap<Port<P>>>((name + "_gnt_valid_tap").c_str(), "gnt_valid");
      rtl_->gnt_valid(s_gnt_valid_dut_);
      tap_->in(s_gnt_valid_dut_);
      tap_->out(s_gnt_valid_);
    } else {
      rtl_->gnt_valid(s_gnt_valid_);
    }
    if (!opt_.vcd_dir.empty())
      vcd_ = std::make_unique<VcdWindow>(opt_.vcd_dir, name, opt_.vcd_chunk);
  }
  ~SepAllocIfSocket() override {
    if (vcd_) vcd_->finish();
  }

  void evaluate_and_update() override {
    const uint64_t now = socket_cycle();
    ++evaluations_;
    if (!reset_done_) reset();
    if (vcd_) vcd_->on_cycle(now);  // may throw std::runtime_error: a chunk cannot be written
    drive_requests();
    s_clk_.write(false);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    if (tap_) {
      sc_core::wait(sc_core::SC_ZERO_TIME);  // the tap copies gnt_valid_dut to gnt_valid
      inject_fault(now);
    }
    const uint64_t gv = field(s_gnt_valid_.read(), 0, P);
    if (opt_.mode == SocketMode::Shadow) {
      compare_with_model(now, gv);
    } else {
      take_rtl_grants(now, gv);
    }
    s_clk_.write(true);  // the edge: the registers update in the next delta cycle
  }

  // The evaluations so far (the router's cycles with a request).
  uint64_t evaluations() const { return evaluations_; }

 private:
  // Before the first evaluation (inside the router's thread, as the benches start theirs): the
  // VCD window (Verilated::traceEverOn(true) was set before elaboration) and the reset.
  void reset() {
    if (vcd_) vcd_->start(*rtl_);
    socket_reset_pulse(s_clk_, s_rst_);
    s_rst_.write(false);
    // The router takes every grant of the cycle it is evaluated in: update stays high (the model
    // and the RTL each move the pointers of their own grants).
    s_update_.write(true);
    reset_done_ = true;
  }

  void drive_requests() {
    uint32_t rv[(P * V + 31) / 32] = {}, ro[(P * V * QW + 31) / 32] = {};
    for (uint64_t m = active_inputs_; m != 0; m &= m - 1) {
      const unsigned i = static_cast<unsigned>(__builtin_ctzll(m));
      for (uint32_t vm = req_vc_mask_[i]; vm != 0; vm &= vm - 1) {
        const unsigned v = static_cast<unsigned>(__builtin_ctz(vm));
        const unsigned k = i * V + v;
        rv[k / 32] |= 1u << (k % 32);
        put(ro, static_cast<int>(k) * QW, QW, req_out_[k]);
      }
    }
    store(rv, s_req_valid_);
    store(ro, s_req_out_);
  }
  static void put(uint32_t* words, int lsb, int width, uint64_t value) {
    for (int b = 0; b < width; ++b)
      if ((value >> b) & 1u) words[(lsb + b) / 32] |= 1u << ((lsb + b) % 32);
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

  // The fault tap on gnt_valid (SocketFault): armed for the first evaluation at or after the
  // fault's cycle in which the RTL grants the chosen input; two delta cycles for the tap.
  void inject_fault(uint64_t now) {
    if (fault_done_ || now < opt_.fault.cycle || (opt_.fault.shared && *opt_.fault.shared)) return;
    const uint64_t gv = field(s_gnt_valid_dut_.read(), 0, P);
    int bit = opt_.fault.input;
    if (bit < 0) bit = gv != 0 ? __builtin_ctzll(gv) : -1;
    if (bit < 0 || ((gv >> bit) & 1u) == 0) return;
    tap_->set_armed(true, bit);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    tap_->set_armed(false);
    fault_done_ = true;
    if (opt_.fault.shared) *opt_.fault.shared = true;
  }

  // Rtl mode: the RTL's grants are the allocator's, after a check against the requests.
  void take_rtl_grants(uint64_t now, uint64_t gv) {
    const auto vcs = s_gnt_vc_.read();
    const auto outs = s_gnt_out_.read();
    granted_inputs_ = 0;
    uint64_t outputs = 0;
    for (uint64_t m = gv; m != 0; m &= m - 1) {
      const unsigned i = static_cast<unsigned>(__builtin_ctzll(m));
      const unsigned v = static_cast<unsigned>(field(vcs, static_cast<int>(i) * VW, VW));
      const unsigned o = static_cast<unsigned>(field(outs, static_cast<int>(i) * QW, QW));
      if (i >= inputs_ || v >= vcs_ || !requested(i, v) || requested_output(i, v) != o ||
          ((outputs >> o) & 1u) != 0) {
        throw SimulationFailure(
            "router " + std::to_string(opt_.router) + ": " + block_ + " RTL at cycle " +
            std::to_string(now) + " grants input " + std::to_string(i) + " VC " +
            std::to_string(v) + " output " + std::to_string(o) +
            ", which is not a request of that cycle or an output granted twice; requests: " +
            describe_requests());
      }
      outputs |= uint64_t{1} << o;
      granted_inputs_ |= uint64_t{1} << i;
      gnt_vc_[i] = static_cast<uint8_t>(v);
      gnt_out_[i] = static_cast<uint8_t>(o);
    }
  }

  // Shadow mode: the model's grants drive the router; every RTL output is compared with it.
  void compare_with_model(uint64_t now, uint64_t gv) {
    model_.clear_requests();
    for (uint64_t m = active_inputs_; m != 0; m &= m - 1) {
      const unsigned i = static_cast<unsigned>(__builtin_ctzll(m));
      for (uint32_t vm = req_vc_mask_[i]; vm != 0; vm &= vm - 1) {
        const unsigned v = static_cast<unsigned>(__builtin_ctz(vm));
        model_.request(i, v, requested_output(i, v));
      }
    }
    model_.evaluate();
    checker_.begin();
    const auto vcs = s_gnt_vc_.read();
    const auto outs = s_gnt_out_.read();
    const auto ip = s_in_ptr_.read();
    const auto op = s_out_ptr_.read();
    for (int i = 0; i < P; ++i) {
      const bool g = model_.granted(static_cast<unsigned>(i));
      checker_.check("gnt_valid", i, g, (gv >> i) & 1u);
      checker_.check("gnt_vc", i, g ? model_.grant_vc(static_cast<unsigned>(i)) : 0,
                     field(vcs, i * VW, VW));
      checker_.check("gnt_out", i, g ? model_.grant_out(static_cast<unsigned>(i)) : 0,
                     field(outs, i * QW, QW));
      checker_.check("in_ptr", i, model_.input_pointer(static_cast<unsigned>(i)),
                     field(ip, i * VW, VW));
    }
    for (int o = 0; o < Q; ++o)
      checker_.check("out_ptr", o, model_.output_pointer(static_cast<unsigned>(o)),
                     field(op, o * PW, PW));
    if (checker_.failed()) report(now);
    granted_inputs_ = model_.granted_inputs();
    for (uint64_t m = granted_inputs_; m != 0; m &= m - 1) {
      const unsigned i = static_cast<unsigned>(__builtin_ctzll(m));
      gnt_vc_[i] = static_cast<uint8_t>(model_.grant_vc(i));
      gnt_out_[i] = static_cast<uint8_t>(model_.grant_out(i));
    }
    model_.update();
  }

  [[noreturn]] void report(uint64_t now) {
    shadow_failure(opt_.router, block_.c_str(), now, checker_.diffs(),
                   "requests (input.vc->output)", describe_requests(), vcd_.get());
  }

  std::string describe_requests() const {
    std::string s;
    for (unsigned i = 0; i < inputs_; ++i)
      for (unsigned v = 0; v < vcs_; ++v)
        if (requested(i, v))
          s += (s.empty() ? "" : " ") + std::to_string(i) + "." + std::to_string(v) + "->" +
               std::to_string(requested_output(i, v));
    return s.empty() ? "none" : s;
  }

  SocketOptions opt_;
  // The RTL's port list (s_: signals, beside AllocatorCore's request and grant arrays).
  sc_core::sc_signal<bool> s_clk_, s_rst_, s_update_;
  sc_core::sc_signal<Port<P * V>> s_req_valid_;
  sc_core::sc_signal<Port<P * V * QW>> s_req_out_;
  sc_core::sc_signal<Port<P>> s_gnt_valid_dut_, s_gnt_valid_;
  sc_core::sc_signal<Port<P * VW>> s_gnt_vc_;
  sc_core::sc_signal<Port<P * QW>> s_gnt_out_;
  sc_core::sc_signal<Port<P * VW>> s_in_ptr_;
  sc_core::sc_signal<Port<Q * PW>> s_out_ptr_;
  std::unique_ptr<Vtop> rtl_;
  std::unique_ptr<FaultTap<Port<P>>> tap_;
  std::unique_ptr<VcdWindow> vcd_;
  model::SeparableAllocator model_;  // Shadow mode: drives the router
  std::string block_;                // "sep_alloc_if" and the role, in the messages
  Checker checker_;
  uint64_t evaluations_ = 0;
  bool reset_done_ = false;
  bool fault_done_ = false;
};

}  // namespace netcosim::sc
