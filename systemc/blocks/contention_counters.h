// SystemC module of the C++ block model behind rtl/contention_counters.sv's port list
// (docs/cosim.md, "The SystemC block modules"): the inputs and outputs as sc_in/sc_out of the RTL's
// widths, driving netcosim::model (sim/blocks/contention_counters.h).
#pragma once

#include <cstdint>

#include <systemc>

#include "sim/blocks/contention_counters.h"
#include "systemc/blocks/ports.h"

namespace netcosim::sc {

// The C++ model behind the RTL's port list. count and over depend only on the registered state and
// threshold; the clocked method calls cycle() (the model's slot interface) or reset().
template <int Q, int W, int N>
class ContentionCounters : public sc_core::sc_module {
 public:
  static constexpr int QW = index_width(Q);
  sc_core::sc_in<bool> clk{"clk"}, rst{"rst"};
  sc_core::sc_in<Port<N>> inc_valid{"inc_valid"}, dec_valid{"dec_valid"};
  sc_core::sc_in<Port<N * QW>> inc_port{"inc_port"}, dec_port{"dec_port"};
  sc_core::sc_in<Port<W>> threshold{"threshold"};
  sc_core::sc_out<Port<Q * W>> count{"count"};
  sc_core::sc_out<Port<Q>> over{"over"};
  bool enabled = true;

  SC_HAS_PROCESS(ContentionCounters);
  explicit ContentionCounters(sc_core::sc_module_name n) : sc_core::sc_module(n), model_(Q, W) {
    SC_METHOD(comb);
    sensitive << threshold << state_changed_;
    SC_METHOD(clocked);
    sensitive << clk.pos();
    dont_initialize();
  }

 private:
  void comb() {
    if (!enabled) return;
    const uint32_t th = static_cast<uint32_t>(field(threshold.read(), 0, W));
    BitPacker cnt(Q * W), ov(Q);
    for (int q = 0; q < Q; ++q) {
      cnt.put(q * W, W, model_.count(q));
      ov.put(q, 1, model_.over(q, th));
    }
    Port<Q * W> c{};
    cnt.store(c);
    count.write(c);
    Port<Q> o{};
    ov.store(o);
    over.write(o);
  }
  void clocked() {
    if (!enabled) return;
    if (rst.read()) {
      model_.reset();
    } else {
      bool iv[N], dv[N];
      uint8_t ip[N], dp[N];
      const auto ivr = inc_valid.read(), dvr = dec_valid.read();
      const auto ipr = inc_port.read(), dpr = dec_port.read();
      for (int k = 0; k < N; ++k) {
        iv[k] = field(ivr, k, 1) != 0;
        dv[k] = field(dvr, k, 1) != 0;
        ip[k] = static_cast<uint8_t>(field(ipr, k * QW, QW));
        dp[k] = static_cast<uint8_t>(field(dpr, k * QW, QW));
      }
      model_.cycle(iv, ip, dv, dp, N);
    }
    state_changed_.notify(sc_core::SC_ZERO_TIME);
  }
  model::ContentionCounters model_;
  sc_core::sc_event state_changed_;
};

}  // namespace netcosim::sc
