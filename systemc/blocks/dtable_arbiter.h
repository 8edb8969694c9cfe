// SystemC module of the C++ block model behind rtl/dtable_arbiter.sv's port list (docs/cosim.md,
// "The SystemC block modules"): the inputs and outputs as sc_in/sc_out of the RTL's widths,
// driving netcosim::model (sim/blocks/dtable_arbiter.h).
#pragma once

#include <cstdint>

#include <systemc>

#include "sim/blocks/dtable_arbiter.h"
#include "systemc/blocks/ports.h"

namespace netcosim::sc {

// The C++ model behind the RTL's port list: the grant is combinational (evaluate), the registers
// load on the clock edge (commit on accept, then the table write, which the decision of that edge
// does not see).
template <int S, int N, int WW, int AW, int SW>
class DTableArbiter : public sc_core::sc_module {
 public:
  static constexpr int SLW = index_width(S), NW = index_width(N);
  sc_core::sc_in<bool> clk{"clk"}, rst{"rst"}, cfg_we{"cfg_we"}, accept{"accept"};
  sc_core::sc_in<Port<NW>> cfg_addr{"cfg_addr"};
  sc_core::sc_in<Port<SLW>> cfg_sl{"cfg_sl"};
  sc_core::sc_in<Port<WW>> cfg_weight{"cfg_weight"};
  sc_core::sc_in<Port<S>> active{"active"};
  sc_core::sc_in<Port<S * SW>> size{"size"};
  sc_core::sc_out<bool> gnt_valid{"gnt_valid"}, cur_valid{"cur_valid"}, overflow{"overflow"};
  sc_core::sc_out<Port<SLW>> gnt_sl{"gnt_sl"}, cur_sl{"cur_sl"};
  sc_core::sc_out<Port<NW>> ptr{"ptr"};
  sc_core::sc_out<Port<AW>> acc{"acc"};
  sc_core::sc_out<Port<S * AW>> deficit{"deficit"};
  sc_core::sc_out<Port<SW>> pending{"pending"};
  bool enabled = true;

  SC_HAS_PROCESS(DTableArbiter);
  explicit DTableArbiter(sc_core::sc_module_name n)
      : sc_core::sc_module(n), table_(N), model_(params(), &table_) {
    SC_METHOD(comb);
    sensitive << active << size << state_changed_;
    SC_METHOD(clocked);
    sensitive << clk.pos();
    dont_initialize();
  }
  static model::DTableParams params() { return model::DTableParams{S, WW, AW, SW}; }
  const model::DTableArbiter& arbiter() const { return model_; }

 private:
  void inputs(uint32_t& act, uint32_t* sz) const {
    lane_requests<S, SW>(active.read(), size.read(), act, sz);
  }
  void comb() {
    if (!enabled) return;
    uint32_t act, sz[S];
    inputs(act, sz);
    const auto d = model_.evaluate(act, sz);
    gnt_valid.write(d.valid());
    gnt_sl.write(packed<Port<SLW>>(SLW, {{0, d.sl}}, SLW));
    ptr.write(packed<Port<NW>>(NW, {{0, model_.ptr()}}, NW));
    cur_valid.write(model_.cur_valid());
    cur_sl.write(packed<Port<SLW>>(SLW, {{0, model_.cur_sl()}}, SLW));
    acc.write(packed<Port<AW>>(AW, {{0, model_.acc()}}, AW));
    BitPacker dp(S * AW);
    for (int s = 0; s < S; ++s) dp.put(s * AW, AW, model_.deficit(s));
    Port<S * AW> dv{};
    dp.store(dv);
    deficit.write(dv);
    pending.write(packed<Port<SW>>(SW, {{0, model_.pending()}}, SW));
    overflow.write(model_.overflow());
  }
  void clocked() {
    if (!enabled) return;
    if (rst.read()) {
      table_.clear();
      model_.reset();
    } else {
      uint32_t act, sz[S];
      inputs(act, sz);
      const auto d = model_.evaluate(act, sz);
      if (accept.read() && d.valid()) model_.commit(d);
      if (cfg_we.read()) {
        table_.write(static_cast<unsigned>(field(cfg_addr.read(), 0, NW)),
                     static_cast<unsigned>(field(cfg_sl.read(), 0, SLW)),
                     static_cast<uint32_t>(field(cfg_weight.read(), 0, WW)));
      }
    }
    state_changed_.notify(sc_core::SC_ZERO_TIME);
  }
  model::DTableTable table_;
  model::DTableArbiter model_;
  sc_core::sc_event state_changed_;
};

}  // namespace netcosim::sc
