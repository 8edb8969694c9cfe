// SystemC module of the C++ block model behind rtl/ib_vl_arbiter.sv's port list (docs/cosim.md,
// "The SystemC block modules"): the inputs and outputs as sc_in/sc_out of the RTL's widths,
// driving netcosim::model (sim/blocks/ib_vl_arbiter.h).
#pragma once

#include <cstdint>
#include <vector>

#include <systemc>

#include "sim/blocks/ib_vl_arbiter.h"
#include "systemc/blocks/ports.h"

namespace netcosim::sc {

// The counter's width in the RTL: enough for the threshold max(1, LIMIT x 64); 1 bit without a
// limit (LIMIT = 255, the counter stays 0).
constexpr int ib_vl_counter_width(int limit) {
  return limit == 255 || limit == 0 ? 1 : index_width(limit * 64 + 1);
}

// The C++ model behind the RTL's port list: the grant is combinational (evaluate), the registers
// load on the clock edge (commit on accept, then the table write, which the decision of that edge
// does not see). The model's tables have N entries each, cleared by the reset as the RTL's.
template <int V, int N, int WW, int SW, int LIMIT>
class IbVlArbiter : public sc_core::sc_module {
  static_assert(V >= 2 && V <= 16 && (V & (V - 1)) == 0, "V: a power of two, 2..16");
  static_assert(N >= 2 && N <= 64 && (N & (N - 1)) == 0, "N: a power of two, 2..64");
  static_assert(WW >= 1 && WW <= 8 && SW >= 1 && SW <= 16 && LIMIT >= 0 && LIMIT <= 255,
                "the model's entries hold 8-bit weights; LIMIT 0..255");

 public:
  static constexpr int VW = index_width(V), NW = index_width(N);
  static constexpr int CNTW = ib_vl_counter_width(LIMIT);
  sc_core::sc_in<bool> clk{"clk"}, rst{"rst"}, cfg_we{"cfg_we"}, accept{"accept"};
  sc_core::sc_in<Port<NW + 1>> cfg_addr{"cfg_addr"};
  sc_core::sc_in<Port<VW>> cfg_vl{"cfg_vl"};
  sc_core::sc_in<Port<WW>> cfg_weight{"cfg_weight"};
  sc_core::sc_in<Port<V>> active{"active"};
  sc_core::sc_in<Port<V * SW>> size{"size"};
  sc_core::sc_out<bool> gnt_valid{"gnt_valid"}, gnt_low{"gnt_low"}, lp_by_limit{"lp_by_limit"};
  sc_core::sc_out<Port<VW>> gnt_vl{"gnt_vl"};
  sc_core::sc_out<Port<NW>> hp_ptr{"hp_ptr"}, lp_ptr{"lp_ptr"};
  sc_core::sc_out<Port<WW>> hp_rem{"hp_rem"}, lp_rem{"lp_rem"};
  sc_core::sc_out<Port<CNTW>> counter{"counter"};
  bool enabled = true;

  SC_HAS_PROCESS(IbVlArbiter);
  explicit IbVlArbiter(sc_core::sc_module_name n) : sc_core::sc_module(n), model_(make()) {
    SC_METHOD(comb);
    sensitive << active << size << state_changed_;
    SC_METHOD(clocked);
    sensitive << clk.pos();
    dont_initialize();
  }
  // The model with empty tables of N entries (the RTL after its reset).
  static model::IbVlArbiter make() {
    return model::IbVlArbiter(std::vector<model::IbVlArbEntry>(N),
                              std::vector<model::IbVlArbEntry>(N), LIMIT);
  }
  const model::IbVlArbiter& arbiter() const { return model_; }

 private:
  void inputs(uint32_t& act, uint32_t* sz) const {
    act = static_cast<uint32_t>(field(active.read(), 0, V));
    const auto sr = size.read();
    for (int v = 0; v < V; ++v) sz[v] = static_cast<uint32_t>(field(sr, v * SW, SW));
  }
  void comb() {
    if (!enabled) return;
    const auto d = model_.evaluate(static_cast<uint32_t>(field(active.read(), 0, V)));
    gnt_valid.write(d.valid());
    gnt_vl.write(packed<Port<VW>>(VW, {{0, d.vl}}, VW));
    gnt_low.write(d.table == model::IbVlArbiter::Table::Low);
    hp_ptr.write(packed<Port<NW>>(NW, {{0, model_.hp_entry()}}, NW));
    lp_ptr.write(packed<Port<NW>>(NW, {{0, model_.lp_entry()}}, NW));
    hp_rem.write(packed<Port<WW>>(WW, {{0, model_.hp_remaining()}}, WW));
    lp_rem.write(packed<Port<WW>>(WW, {{0, model_.lp_remaining()}}, WW));
    counter.write(packed<Port<CNTW>>(CNTW, {{0, model_.counter()}}, CNTW));
    lp_by_limit.write(model_.lp_by_limit());
  }
  void clocked() {
    if (!enabled) return;
    if (rst.read()) {
      for (unsigned e = 0; e < N; ++e) {
        model_.write_entry(model::IbVlArbiter::Table::High, e, {});
        model_.write_entry(model::IbVlArbiter::Table::Low, e, {});
      }
      model_.reset();
    } else {
      uint32_t act, sz[V];
      inputs(act, sz);
      const auto d = model_.evaluate(act);
      if (accept.read() && d.valid()) model_.commit(d, sz[d.vl]);
      if (cfg_we.read()) {
        const auto a = static_cast<unsigned>(field(cfg_addr.read(), 0, NW + 1));
        model_.write_entry(
            a >= N ? model::IbVlArbiter::Table::Low : model::IbVlArbiter::Table::High, a % N,
            {static_cast<uint8_t>(field(cfg_vl.read(), 0, VW)),
             static_cast<uint8_t>(field(cfg_weight.read(), 0, WW))});
      }
    }
    state_changed_.notify(sc_core::SC_ZERO_TIME);
  }
  model::IbVlArbiter model_;
  sc_core::sc_event state_changed_;
};

}  // namespace netcosim::sc
