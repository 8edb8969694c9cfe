// What the SystemC modules of the request arbiters' C++ models share (rr_arbiter.h,
// lrs_arbiter.h; docs/cosim.md, "The SystemC block modules"): the RTL's inputs clk, rst, update
// and req of N requesters and its grant gnt; gnt is combinational, the arbiter's state moves at
// the clock edge, to its reset state or, with update high, past the grant (thesis 000
// Sec. 1.6.3: the priority changes only on a grant).
#pragma once

#include <cstdint>

#include <systemc>

#include "systemc/blocks/ports.h"

namespace netcosim::sc {

// Derived (CRTP) adds the output port of the arbiter's state and writes it from the model in
// write_state(const Model&); Model has arbitrate(req), update(granted) and reset().
template <class Derived, int N, class Model>
class RequestArbiterModule : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"}, rst{"rst"}, update{"update"};
  sc_core::sc_in<Port<N>> req{"req"};
  sc_core::sc_out<Port<N>> gnt{"gnt"};
  bool enabled = true;

  SC_HAS_PROCESS(RequestArbiterModule);
  explicit RequestArbiterModule(sc_core::sc_module_name n) : sc_core::sc_module(n), model_(N) {
    SC_METHOD(comb);
    sensitive << req << state_changed_;
    SC_METHOD(clocked);
    sensitive << clk.pos();
    dont_initialize();
  }

 private:
  void comb() {
    if (!enabled) return;
    const int g = model_.arbitrate(field(req.read(), 0, N));
    gnt.write(packed<Port<N>>(N, {{0, g < 0 ? 0 : uint64_t{1} << g}}, N));
    static_cast<Derived*>(this)->write_state(model_);
  }
  void clocked() {
    if (!enabled) return;
    if (rst.read()) {
      model_.reset();
    } else if (update.read()) {
      const int g = model_.arbitrate(field(req.read(), 0, N));
      if (g >= 0) model_.update(static_cast<unsigned>(g));
    }
    state_changed_.notify(sc_core::SC_ZERO_TIME);
  }
  Model model_;
  sc_core::sc_event state_changed_;
};

}  // namespace netcosim::sc
