// What the output schedulers' block sockets share (systemc/rtl/dtable_arbiter_socket.h,
// systemc/rtl/sched_arbiter_socket.h; docs/cosim.md, "Verilated blocks inside a network"): one
// Verilated instance per output port with its own clock and VCD window (SchedLane), and around
// them (SchedSocketCore) the socket's options, its reset signal, the decision count, the clock
// edge of one or of every instance, the one-time fault (--rtl-fault BLOCK:R:C[:PORT]: the first
// decision at or after cycle C, on output PORT or any, for which the C++ arbiter grants) and the
// shadow comparison's named differences (`gnt[3]`: output port 3; `deficit[3.1]`: its SL 1). A
// socket of the router module's single output (RouterModule::set_rr(output, ...) and the like)
// names that output of the switch (first_output_), not its own port 0.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "systemc/blocks/ports.h"
#include "systemc/check/checker.h"
#include "systemc/check/vcd_window.h"
#include "systemc/rtl/sep_alloc_if_socket.h"

namespace netcosim::sc {

// One output port's instance: its clock, its VCD window.
class SchedLane {
 public:
  virtual ~SchedLane() = default;
  virtual void start_vcd() = 0;
  sc_core::sc_signal<bool>& clk() { return s_clk_; }
  VcdWindow* vcd() { return vcd_.get(); }

 protected:
  explicit SchedLane(const std::string& name) : s_clk_((name + "_clk").c_str()) {}
  sc_core::sc_signal<bool> s_clk_;
  std::unique_ptr<VcdWindow> vcd_;
};

// One clock edge of an instance (the caller's inputs settle in the delta cycles between).
inline void sched_edge(sc_core::sc_signal<bool>& clk) {
  clk.write(true);
  sc_core::wait(sc_core::SC_ZERO_TIME);
  sc_core::wait(sc_core::SC_ZERO_TIME);
  clk.write(false);
  sc_core::wait(sc_core::SC_ZERO_TIME);
}

// A table scheduler's request inputs (dtable_arbiter, drr_arbiter, ib_vl_arbiter): the active
// lanes (SLs or VLs) and each lane's head size, SW bits per lane.
template <int V, int SW>
void drive_active_sizes(sc_core::sc_signal<Port<V>>& active_sig,
                        sc_core::sc_signal<Port<V * SW>>& size_sig, uint32_t active,
                        const uint32_t* size) {
  active_sig.write(packed<Port<V>>(V, {{0, active}}, V));
  BitPacker sp(V * SW);
  for (int v = 0; v < V; ++v) sp.put(v * SW, SW, size[v]);
  Port<V * SW> sv{};
  sp.store(sv);
  size_sig.write(sv);
}

inline std::string hex_of(uint64_t v) {
  static const char* const kHex = "0123456789abcdef";
  std::string s;
  for (uint64_t a = v; a != 0 || s.empty(); a >>= 4) s.insert(s.begin(), kHex[a & 15]);
  return "0x" + s;
}

template <class Lane>
class SchedSocketCore {
 public:
  sc_core::sc_signal<bool>& rst() { return s_rst_; }
  // The decisions its instances took (one per select()).
  uint64_t decisions() const { return decisions_; }

 protected:
  SchedSocketCore(const std::string& name, const SocketOptions& opt)
      : opt_(opt), s_rst_((name + "_rst").c_str()) {}

  // A decision of `port` begins: counted; its cycle, also into the port's VCD window.
  uint64_t begin_decision(uint32_t port) {
    const uint64_t now = socket_cycle();
    ++decisions_;
    if (VcdWindow* w = lanes_[port]->vcd()) w->on_cycle(now);
    return now;
  }
  // Every instance's VCD window opened and its clock low (the caller drives the inputs at rest),
  // then reset over one edge of every instance.
  void reset_all() {
    for (auto& l : lanes_) {
      l->start_vcd();
      l->clk().write(false);
    }
    s_rst_.write(true);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    edge_all();
    s_rst_.write(false);
  }
  void edge_all() {
    for (auto& l : lanes_) l->clk().write(true);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    for (auto& l : lanes_) l->clk().write(false);
    sc_core::wait(sc_core::SC_ZERO_TIME);
  }
  // The switch's output that the socket's `port` decides for.
  uint32_t output_of(uint32_t port) const { return first_output_ + port; }
  bool fault_now(uint64_t now, uint32_t port, bool model_grants) {
    if (!opt_.fault.armed || fault_done_ || now < opt_.fault.cycle || !model_grants) return false;
    if (opt_.fault.input >= 0 && static_cast<int>(output_of(port)) != opt_.fault.input)
      return false;
    fault_done_ = true;
    return true;
  }
  // A shadow difference named what[o] or, with s >= 0, what[o.s].
  void diff(const char* what, uint32_t o, int s, uint64_t model, uint64_t rtl) {
    if (model == rtl) return;
    const std::string n = std::string(what) + "[" + std::to_string(output_of(o)) +
                          (s >= 0 ? "." + std::to_string(s) : std::string()) + "]";
    checker_.check(n.c_str(), -1, model, rtl);
  }

  SocketOptions opt_;
  sc_core::sc_signal<bool> s_rst_;
  std::vector<std::unique_ptr<Lane>> lanes_;
  Checker checker_;
  bool fault_done_ = false;
  uint64_t decisions_ = 0;
  uint32_t first_output_ = 0;  // set_first_output (the model blocks' interface)
};

}  // namespace netcosim::sc
