// SystemC module of the C++ block model behind rtl/shared_vl_credits.sv's port list (docs/cosim.md,
// "The SystemC block modules"): the inputs and outputs as sc_in/sc_out of the RTL's widths,
// driving netcosim::model::SharedVlCredits (sim/blocks/shared_vl_credits.h).
#pragma once

#include <cstdint>

#include <systemc>

#include "sim/blocks/shared_vl_credits.h"
#include "systemc/blocks/ports.h"

namespace netcosim::sc {

// The outputs are the model's state (credits(v), free_shared()); at the clock edge the cycle's
// consume and give-back are committed, the consume first (as the switch does when both fall in
// one cycle; the result is the same in either order). A VL index >= VLS selects no VL.
template <int VLS, int W, int TOTAL, int VL_MIN, int VL_MAX>
class SharedVlCredits : public sc_core::sc_module {
 public:
  static constexpr int VW = index_width(VLS);
  static constexpr model::SharedVlBuffer kBuffer{VLS, TOTAL, VL_MIN, VL_MAX};
  sc_core::sc_in<bool> clk{"clk"}, rst{"rst"};
  sc_core::sc_in<bool> consume_valid{"consume_valid"}, give_valid{"give_valid"};
  sc_core::sc_in<Port<VW>> consume_vl{"consume_vl"}, give_vl{"give_vl"};
  sc_core::sc_in<Port<W>> consume_amt{"consume_amt"}, give_amt{"give_amt"};
  sc_core::sc_out<Port<VLS * W>> credits{"credits"};
  sc_core::sc_out<Port<W>> free_shared{"free_shared"};
  bool enabled = true;

  SC_HAS_PROCESS(SharedVlCredits);
  explicit SharedVlCredits(sc_core::sc_module_name n) : sc_core::sc_module(n), model_(kBuffer) {
    SC_METHOD(comb);
    sensitive << state_changed_;
    SC_METHOD(clocked);
    sensitive << clk.pos();
    dont_initialize();
  }

 private:
  void comb() {
    if (!enabled) return;
    BitPacker cr(VLS * W);
    for (int v = 0; v < VLS; ++v) cr.put(v * W, W, model_.credits(v));
    Port<VLS * W> a{};
    cr.store(a);
    credits.write(a);
    free_shared.write(packed<Port<W>>(W, {{0, model_.free_shared()}}, W));
  }
  void clocked() {
    if (!enabled) return;
    if (rst.read()) {
      model_ = model::SharedVlCredits(kBuffer);
    } else {
      const auto cvl = static_cast<unsigned>(field(consume_vl.read(), 0, VW));
      const auto gvl = static_cast<unsigned>(field(give_vl.read(), 0, VW));
      if (consume_valid.read() && cvl < VLS)
        model_.consume(cvl, static_cast<uint32_t>(field(consume_amt.read(), 0, W)));
      if (give_valid.read() && gvl < VLS)
        model_.give_back(gvl, static_cast<uint32_t>(field(give_amt.read(), 0, W)));
    }
    state_changed_.notify(sc_core::SC_ZERO_TIME);
  }
  model::SharedVlCredits model_;
  sc_core::sc_event state_changed_;
};

}  // namespace netcosim::sc
