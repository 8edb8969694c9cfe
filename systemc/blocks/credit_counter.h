// SystemC module of the C++ block model behind rtl/credit_counter.sv's port list (docs/cosim.md,
// "The SystemC block modules"): the inputs and outputs as sc_in/sc_out of the RTL's widths,
// driving netcosim::model (sim/blocks/credit_counter.h).
#pragma once

#include <cstdint>

#include <systemc>

#include "sim/blocks/credit_counter.h"
#include "systemc/blocks/ports.h"

namespace netcosim::sc {

// The C++ model behind the RTL's port list. The flags are combinational outputs of the RTL; the
// model computes them in cycle(), so the wrapper evaluates cycle() on a copy of the model (the
// same arithmetic, without committing) and commits with the real cycle() at the clock edge.
template <int V, int W, int CAP>
class CreditCounter : public sc_core::sc_module {
 public:
  static constexpr int VW = index_width(V);
  sc_core::sc_in<bool> clk{"clk"}, rst{"rst"};
  sc_core::sc_in<bool> consume_valid{"consume_valid"}, return_valid{"return_valid"};
  sc_core::sc_in<Port<VW>> consume_vc{"consume_vc"}, return_vc{"return_vc"};
  sc_core::sc_in<Port<W>> consume_amt{"consume_amt"}, return_amt{"return_amt"};
  sc_core::sc_in<Port<W>> pkt_size{"pkt_size"};
  sc_core::sc_out<Port<V>> can_send{"can_send"};
  sc_core::sc_out<Port<V * W>> credits{"credits"};
  sc_core::sc_out<bool> underflow{"underflow"}, overflow{"overflow"};
  bool enabled = true;

  SC_HAS_PROCESS(CreditCounter);
  explicit CreditCounter(sc_core::sc_module_name n) : sc_core::sc_module(n), model_(V, CAP) {
    SC_METHOD(comb);
    sensitive << consume_valid << consume_vc << consume_amt << return_valid << return_vc
              << return_amt << pkt_size << state_changed_;
    SC_METHOD(clocked);
    sensitive << clk.pos();
    dont_initialize();
  }

 private:
  model::CreditCounter::Flags apply(model::CreditCounter& m) const {
    return m.cycle(consume_valid.read(), static_cast<unsigned>(field(consume_vc.read(), 0, VW)),
                   static_cast<uint32_t>(field(consume_amt.read(), 0, W)), return_valid.read(),
                   static_cast<unsigned>(field(return_vc.read(), 0, VW)),
                   static_cast<uint32_t>(field(return_amt.read(), 0, W)));
  }
  void comb() {
    if (!enabled) return;
    model::CreditCounter next = model_;
    const auto f = apply(next);
    const uint32_t pkt = static_cast<uint32_t>(field(pkt_size.read(), 0, W));
    BitPacker cs(V), cr(V * W);
    for (int v = 0; v < V; ++v) {
      cs.put(v, 1, model_.can_send(v, pkt));
      cr.put(v * W, W, model_.credits(v));
    }
    Port<V> a{};
    cs.store(a);
    can_send.write(a);
    Port<V * W> b{};
    cr.store(b);
    credits.write(b);
    underflow.write(f.underflow);
    overflow.write(f.overflow);
  }
  void clocked() {
    if (!enabled) return;
    if (rst.read()) {
      model_.reset();
    } else {
      apply(model_);
    }
    state_changed_.notify(sc_core::SC_ZERO_TIME);
  }
  model::CreditCounter model_;
  sc_core::sc_event state_changed_;
};

}  // namespace netcosim::sc
