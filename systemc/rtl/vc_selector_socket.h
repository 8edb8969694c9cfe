// The VC selectors' block socket (docs/cosim.md, "Verilated blocks inside a network"): the
// Verilated rtl/vc_selector.sv of every output port of a router with a downstream input buffer of
// two or more VCs (one instance per port, the parameter set of the port's class: V = its VCs,
// W = the bits of its per-VC capacity, MODE = router.vc_selection's jsq 0, highest 1, lowest 2;
// a port of one VC has no selector in hardware: its one allowed VC is taken when it has the
// credits, by the C++ selector). The router (CioqRouter::select_vc) calls the socket, a
// model::VcSelectorBlock given with RouterModel::set_vc_selector_block, for each selection of its
// allocation phase (each ready head of a free input port whose output can take the packet, and a
// FlexVC opportunistic hop's escape, seed 002 Sec. III-B), with the C++ selector's choice.
//
// One selection (inside the router module's SC_THREAD): allowed, credits[] (the router's counts,
// the credit counters' RTL's when that block is strict too) and pkt_size driven on the port's
// instance; two delta cycles (the block is combinational); grant and valid read.
//   Rtl mode: a grant that is not one-hot (or zero without valid), or that names a VC the route
//   does not allow or without credits for the packet, stops the run; the RTL's VC is the
//   router's (kNoVc when valid is low);
//   Shadow mode: grant and valid are compared with the C++ selector's choice; the first
//   difference stops the run (SimulationFailure, exit status 3) naming the router, the cycle,
//   the outputs (`grant[3]`: output port 3) and the inputs.
// A selection with the same inputs as the instance's previous one is not driven again: the block
// is combinational, its outputs are those of its inputs (an instance's outputs are read after the
// drive that set them).
//
// Fault (SocketFault, --rtl-fault vc_selector:R:C[:PORT]): at the first selection of router R at
// or after cycle C on output PORT (default: any output) for which the C++ selector finds a VC,
// the instance's allowed input is driven 0: the RTL selects nothing, once (the reports give the
// router's allowed VCs).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "sim/blocks/vc_selector.h"
#include "sim/util/failure.h"
#include "systemc/blocks/ports.h"
#include "systemc/check/checker.h"
#include "systemc/check/vcd_window.h"
#include "systemc/rtl/sep_alloc_if_socket.h"

namespace netcosim::sc {

// The instance of one output port: its Verilated vc_selector and the signals of its port list.
class VcSelectorLane {
 public:
  virtual ~VcSelectorLane() = default;
  virtual unsigned vcs() const = 0;
  // Drives the inputs (credits[v] of the port's V VCs), two delta cycles, reads the outputs.
  virtual void evaluate(uint32_t allowed, const model::CreditLevels& c, uint32_t phits,
                        uint32_t& grant, bool& valid) = 0;
  VcdWindow* vcd() { return vcd_.get(); }

 protected:
  std::unique_ptr<VcdWindow> vcd_;
};

template <class Vtop, int V, int W, int MODE>
class VcSelectorLaneRtl final : public VcSelectorLane {
 public:
  static_assert(V >= 2 && V <= 32, "rtl/vc_selector.sv: 2 <= V; grant is read as 32 bits");

  VcSelectorLaneRtl(const std::string& name, const SocketOptions& opt)
      : s_allowed_((name + "_allowed").c_str()),
        s_grant_((name + "_grant").c_str()),
        s_credits_((name + "_credits").c_str()),
        s_pkt_size_((name + "_pkt_size").c_str()),
        s_valid_((name + "_valid").c_str()),
        rtl_(std::make_unique<Vtop>(name.c_str())) {
    rtl_->allowed(s_allowed_);
    rtl_->credits(s_credits_);
    rtl_->pkt_size(s_pkt_size_);
    rtl_->grant(s_grant_);
    rtl_->valid(s_valid_);
    if (!opt.vcd_dir.empty()) vcd_ = std::make_unique<VcdWindow>(opt.vcd_dir, name, opt.vcd_chunk);
  }
  ~VcSelectorLaneRtl() override {
    if (vcd_) vcd_->finish();
  }

  unsigned vcs() const override { return V; }
  void evaluate(uint32_t allowed, const model::CreditLevels& c, uint32_t phits, uint32_t& grant,
                bool& valid) override {
    if (!started_) {
      if (vcd_) vcd_->start(*rtl_);
      started_ = true;
    }
    BitPacker p(V * W);
    for (int v = 0; v < V; ++v) p.put(v * W, W, c.credits(static_cast<unsigned>(v)));
    Port<V * W> credits{};
    p.store(credits);
    s_allowed_.write(Port<V>(allowed));
    s_credits_.write(credits);
    s_pkt_size_.write(Port<W>(phits));
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    grant = static_cast<uint32_t>(field(s_grant_.read(), 0, V));
    valid = s_valid_.read();
  }

 private:
  sc_core::sc_signal<Port<V>> s_allowed_, s_grant_;
  sc_core::sc_signal<Port<V * W>> s_credits_;
  sc_core::sc_signal<Port<W>> s_pkt_size_;
  sc_core::sc_signal<bool> s_valid_;
  std::unique_ptr<Vtop> rtl_;
  bool started_ = false;
};

class VcSelectorSocket final : public model::VcSelectorBlock {
 public:
  explicit VcSelectorSocket(const SocketOptions& opt) : opt_(opt) {}

  // The instance of output port `port`.
  void add_lane(uint32_t port, std::unique_ptr<VcSelectorLane> lane) {
    if (port >= lane_of_.size()) lane_of_.resize(port + 1, -1);
    lane_of_[port] = static_cast<int>(lanes_.size());
    lanes_.push_back(std::move(lane));
    last_.emplace_back();
  }

  int select(uint32_t port, const model::CreditLevels& c, uint32_t allowed, uint32_t phits,
             int model) override {
    const int k = port < lane_of_.size() ? lane_of_[port] : -1;
    if (k < 0) return model;  // one VC: no selector
    VcSelectorLane& lane = *lanes_[static_cast<size_t>(k)];
    const uint64_t now = socket_cycle();
    if (lane.vcd() != nullptr) lane.vcd()->on_cycle(now);
    const unsigned V = lane.vcs();
    const uint32_t driven = fault_now(now, port, model) ? 0u : allowed;
    Last& l = last_[static_cast<size_t>(k)];
    bool same = l.valid_inputs && l.allowed == driven && l.phits == phits;
    for (unsigned v = 0; v < V && same; ++v) same = l.credits[v] == c.credits(v);
    if (!same) {
      lane.evaluate(driven, c, phits, l.grant, l.valid);
      l.allowed = driven;
      l.phits = phits;
      for (unsigned v = 0; v < V; ++v) l.credits[v] = c.credits(v);
      l.valid_inputs = true;
    }
    if (opt_.mode == SocketMode::Shadow) {
      checker_.begin();
      const uint32_t g = model == kNoVc ? 0u : 1u << model;
      checker_.check("grant", static_cast<int>(port), g, l.grant);
      checker_.check("valid", static_cast<int>(port), model != kNoVc ? 1 : 0, l.valid ? 1 : 0);
      if (checker_.failed())
        shadow_failure(opt_.router, "vc_selector", now, checker_.diffs(),
                       "inputs (output: allowed, credits per VC, pkt_size)",
                       describe(port, allowed, c, phits, V), lane.vcd());
      return model;
    }
    return rtl_choice(now, port, allowed, c, phits, V, l);
  }

 private:
  static constexpr unsigned kMaxVcs = model::CreditLevels::kMaxVcs;
  struct Last {
    bool valid_inputs = false;
    uint32_t allowed = 0, phits = 0;
    uint32_t credits[kMaxVcs] = {};
    uint32_t grant = 0;
    bool valid = false;
  };

  bool fault_now(uint64_t now, uint32_t port, int model) {
    if (!opt_.fault.armed || fault_done_ || now < opt_.fault.cycle || model == kNoVc) return false;
    if (opt_.fault.input >= 0 && static_cast<int>(port) != opt_.fault.input) return false;
    fault_done_ = true;
    return true;
  }

  int rtl_choice(uint64_t now, uint32_t port, uint32_t allowed, const model::CreditLevels& c,
                 uint32_t phits, unsigned V, const Last& l) {
    const bool onehot = l.grant != 0 && (l.grant & (l.grant - 1)) == 0;
    const int v = onehot ? __builtin_ctz(l.grant) : kNoVc;
    std::string bad;
    if (l.grant != 0 && !onehot) bad = "grant is not one-hot";
    if (l.valid != (l.grant != 0)) bad = "valid disagrees with grant";
    if (onehot && ((allowed >> v) & 1u) == 0) bad = "grant names a VC the route does not allow";
    if (onehot && c.credits(static_cast<unsigned>(v)) < phits)
      bad = "grant names a VC without credits for the packet";
    if (!bad.empty())
      throw SimulationFailure("router " + std::to_string(opt_.router) +
                              ": vc_selector RTL of output " + std::to_string(port) + " at cycle " +
                              std::to_string(now) + ": " + bad + " (grant " +
                              std::to_string(l.grant) + ", valid " + std::to_string(l.valid) +
                              "); inputs: " + describe(port, allowed, c, phits, V));
    return v;
  }

  static std::string describe(uint32_t port, uint32_t allowed, const model::CreditLevels& c,
                              uint32_t phits, unsigned V) {
    std::string s = std::to_string(port) + ": allowed 0x";
    static const char* const kHex = "0123456789abcdef";
    std::string hex;
    for (uint32_t a = allowed; a != 0 || hex.empty(); a >>= 4)
      hex.insert(hex.begin(), kHex[a & 15]);
    s += hex + ", credits";
    for (unsigned v = 0; v < V; ++v) s += " " + std::to_string(c.credits(v));
    return s + ", pkt_size " + std::to_string(phits);
  }

  SocketOptions opt_;
  std::vector<int> lane_of_;  // per output port: its instance, -1 for none
  std::vector<std::unique_ptr<VcSelectorLane>> lanes_;
  std::vector<Last> last_;
  Checker checker_;
  bool fault_done_ = false;
};

}  // namespace netcosim::sc
