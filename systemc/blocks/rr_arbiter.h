// SystemC module of the C++ block model behind rtl/rr_arbiter.sv's port list (docs/cosim.md,
// "The SystemC block modules"): the inputs and outputs as sc_in/sc_out of the RTL's widths,
// driving netcosim::model (sim/blocks/rr_arbiter.h).
#pragma once

#include <cstdint>

#include <systemc>

#include "sim/blocks/rr_arbiter.h"
#include "systemc/blocks/ports.h"
#include "systemc/blocks/request_arbiter.h"

namespace netcosim::sc {

// The C++ model behind the RTL's port list: gnt is combinational, ptr moves at the clock edge.
template <int N>
class RrArbiter : public RequestArbiterModule<RrArbiter<N>, N, model::RoundRobinArbiter> {
 public:
  static constexpr int PW = index_width(N);
  sc_core::sc_out<Port<PW>> ptr{"ptr"};

  explicit RrArbiter(sc_core::sc_module_name n)
      : RequestArbiterModule<RrArbiter<N>, N, model::RoundRobinArbiter>(n) {}

 private:
  friend class RequestArbiterModule<RrArbiter<N>, N, model::RoundRobinArbiter>;
  void write_state(const model::RoundRobinArbiter& m) {
    ptr.write(packed<Port<PW>>(PW, {{0, m.pointer()}}, PW));
  }
};

}  // namespace netcosim::sc
