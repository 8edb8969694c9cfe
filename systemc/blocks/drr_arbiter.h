// SystemC module of the C++ block model behind rtl/drr_arbiter.sv's port list (docs/cosim.md,
// "The SystemC block modules"): the inputs and outputs as sc_in/sc_out of the RTL's widths,
// driving netcosim::model (sim/blocks/drr_arbiter.h).
#pragma once

#include <cstdint>

#include <systemc>

#include "sim/blocks/drr_arbiter.h"
#include "systemc/blocks/ports.h"

namespace netcosim::sc {

template <int V, int QW, int SW>
class DrrArbiter : public sc_core::sc_module {
 public:
  static constexpr int VW = index_width(V), AW = (QW > SW ? QW : SW) + 1;
  sc_core::sc_in<bool> clk{"clk"}, rst{"rst"}, cfg_we{"cfg_we"}, accept{"accept"};
  sc_core::sc_in<Port<VW>> cfg_addr{"cfg_addr"};
  sc_core::sc_in<Port<QW>> cfg_quantum{"cfg_quantum"};
  sc_core::sc_in<Port<V>> active{"active"};
  sc_core::sc_in<Port<V * SW>> size{"size"};
  sc_core::sc_out<bool> gnt_valid{"gnt_valid"}, in_service{"in_service"};
  sc_core::sc_out<Port<VW>> gnt_vl{"gnt_vl"}, cur{"cur"};
  sc_core::sc_out<Port<V * AW>> deficit{"deficit"};
  bool enabled = true;

  SC_HAS_PROCESS(DrrArbiter);
  explicit DrrArbiter(sc_core::sc_module_name n) : sc_core::sc_module(n), model_(params()) {
    SC_METHOD(comb);
    sensitive << active << size << state_changed_;
    SC_METHOD(clocked);
    sensitive << clk.pos();
    dont_initialize();
  }
  static model::DrrParams params() { return model::DrrParams{V, QW, SW}; }
  const model::DrrArbiter& arbiter() const { return model_; }

 private:
  void inputs(uint32_t& act, uint32_t* sz) const {
    lane_requests<V, SW>(active.read(), size.read(), act, sz);
  }
  void comb() {
    if (!enabled) return;
    uint32_t act, sz[V];
    inputs(act, sz);
    const auto d = model_.evaluate(act, sz);
    gnt_valid.write(d.valid);
    gnt_vl.write(packed<Port<VW>>(VW, {{0, d.valid ? d.vl : 0u}}, VW));
    cur.write(packed<Port<VW>>(VW, {{0, model_.cur()}}, VW));
    in_service.write(model_.in_service());
    BitPacker dp(V * AW);
    for (int v = 0; v < V; ++v) dp.put(v * AW, AW, model_.deficit(v));
    Port<V * AW> dv{};
    dp.store(dv);
    deficit.write(dv);
  }
  void clocked() {
    if (!enabled) return;
    if (rst.read()) {
      model_.reset();
    } else {
      uint32_t act, sz[V];
      inputs(act, sz);
      const auto d = model_.evaluate(act, sz);
      if (accept.read() && d.valid) model_.commit(d);
      if (cfg_we.read()) {
        model_.write_quantum(static_cast<unsigned>(field(cfg_addr.read(), 0, VW)),
                             static_cast<uint32_t>(field(cfg_quantum.read(), 0, QW)));
      }
    }
    state_changed_.notify(sc_core::SC_ZERO_TIME);
  }
  model::DrrArbiter model_;
  sc_core::sc_event state_changed_;
};

}  // namespace netcosim::sc
