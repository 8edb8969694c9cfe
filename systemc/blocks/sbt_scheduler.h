// SystemC module of the C++ block model behind rtl/sbt_scheduler.sv's port list (docs/cosim.md,
// "The SystemC block modules"): the inputs and outputs as sc_in/sc_out of the RTL's widths,
// driving netcosim::model (sim/blocks/sbt_scheduler.h) over a table of one port column with one
// lane per SL (the RTL's identity VL -> SL map).
#pragma once

#include <cstdint>
#include <vector>

#include <systemc>

#include "sim/blocks/sbt_scheduler.h"
#include "systemc/blocks/ports.h"

namespace netcosim::sc {

template <int S, int WW>
class SbtScheduler : public sc_core::sc_module {
 public:
  static constexpr int SLW = index_width(S);
  sc_core::sc_in<bool> clk{"clk"}, rst{"rst"}, accept{"accept"};
  sc_core::sc_in<Port<S>> active{"active"};
  sc_core::sc_out<bool> gnt_valid{"gnt_valid"}, charged{"charged"};
  sc_core::sc_out<Port<SLW>> gnt_vl{"gnt_vl"}, last_vl{"last_vl"};
  sc_core::sc_out<Port<S * WW>> remaining{"remaining"};
  bool enabled = true;

  SC_HAS_PROCESS(SbtScheduler);
  // `weights`: the RTL's W0..W(S-1).
  SbtScheduler(sc_core::sc_module_name n, const std::vector<uint32_t>& weights)
      : sc_core::sc_module(n), table_(weights, 1), sched_(&table_, 0, identity()) {
    SC_METHOD(comb);
    sensitive << active << state_changed_;
    SC_METHOD(clocked);
    sensitive << clk.pos();
    dont_initialize();
  }
  const model::SbtScheduler& scheduler() const { return sched_; }
  const model::SbtTable& table() const { return table_; }

  // Lane v serves SL v.
  static std::vector<uint8_t> identity() {
    std::vector<uint8_t> m(S);
    for (int v = 0; v < S; ++v) m[v] = static_cast<uint8_t>(v);
    return m;
  }

 private:
  uint32_t act() const { return static_cast<uint32_t>(field(active.read(), 0, S)); }
  void comb() {
    if (!enabled) return;
    const auto d = sched_.evaluate(act());
    gnt_valid.write(d.valid);
    charged.write(d.valid && d.charged);
    gnt_vl.write(packed<Port<SLW>>(SLW, {{0, d.valid ? d.vl : 0u}}, SLW));
    last_vl.write(packed<Port<SLW>>(SLW, {{0, sched_.last_vl()}}, SLW));
    BitPacker rp(S * WW);
    for (int s = 0; s < S; ++s) rp.put(s * WW, WW, table_.remaining(s, 0));
    Port<S * WW> rv{};
    rp.store(rv);
    remaining.write(rv);
  }
  void clocked() {
    if (!enabled) return;
    if (rst.read()) {
      sched_.reset();
    } else if (accept.read()) {
      sched_.commit(sched_.evaluate(act()));
    }
    state_changed_.notify(sc_core::SC_ZERO_TIME);
  }
  model::SbtTable table_;  // before sched_, which holds its address
  model::SbtScheduler sched_;
  sc_core::sc_event state_changed_;
};

}  // namespace netcosim::sc
