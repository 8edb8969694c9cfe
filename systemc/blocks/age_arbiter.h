// SystemC module of the C++ block model behind rtl/age_arbiter.sv's port list (docs/cosim.md,
// "The SystemC block modules"): the inputs and outputs as sc_in/sc_out of the RTL's widths,
// driving netcosim::model (sim/blocks/age_arbiter.h).
#pragma once

#include <cstdint>

#include <systemc>

#include "sim/blocks/age_arbiter.h"
#include "systemc/blocks/ports.h"

namespace netcosim::sc {

// The C++ model behind the RTL's port list: gnt is combinational from req, age and the pointer;
// ptr moves at the clock edge.
template <int N, int W>
class AgeArbiter : public sc_core::sc_module {
 public:
  static constexpr int PW = index_width(N);
  sc_core::sc_in<bool> clk{"clk"}, rst{"rst"}, update{"update"};
  sc_core::sc_in<Port<N>> req{"req"};
  sc_core::sc_in<Port<N * W>> age{"age"};
  sc_core::sc_out<Port<N>> gnt{"gnt"};
  sc_core::sc_out<Port<PW>> ptr{"ptr"};
  bool enabled = true;

  SC_HAS_PROCESS(AgeArbiter);
  explicit AgeArbiter(sc_core::sc_module_name n) : sc_core::sc_module(n), model_(N, W) {
    SC_METHOD(comb);
    sensitive << req << age << state_changed_;
    SC_METHOD(clocked);
    sensitive << clk.pos();
    dont_initialize();
  }

 private:
  // Drives the model's age inputs from the port and returns its grant.
  int evaluate() {
    const auto a = age.read();
    for (int i = 0; i < N; ++i) {
      model_.set_age(static_cast<unsigned>(i), static_cast<uint32_t>(field(a, i * W, W)));
    }
    return model_.arbitrate(field(req.read(), 0, N));
  }
  void comb() {
    if (!enabled) return;
    const int g = evaluate();
    gnt.write(packed<Port<N>>(N, {{0, g < 0 ? 0 : uint64_t{1} << g}}, N));
    ptr.write(packed<Port<PW>>(PW, {{0, model_.pointer()}}, PW));
  }
  void clocked() {
    if (!enabled) return;
    if (rst.read()) {
      model_.reset();
    } else if (update.read()) {
      const int g = evaluate();
      if (g >= 0) model_.update(static_cast<unsigned>(g));
    }
    state_changed_.notify(sc_core::SC_ZERO_TIME);
  }
  model::AgeArbiter model_;
  sc_core::sc_event state_changed_;
};

}  // namespace netcosim::sc
