// SystemC module of the C++ block model behind rtl/lrs_arbiter.sv's port list (docs/cosim.md,
// "The SystemC block modules"): the inputs and outputs as sc_in/sc_out of the RTL's widths,
// driving netcosim::model (sim/blocks/lrs_arbiter.h).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include <systemc>

#include "sim/blocks/lrs_arbiter.h"
#include "systemc/blocks/ports.h"

namespace netcosim::sc {

// Bits of the RTL's priority matrix (its upper triangle).
constexpr int lrs_pair_bits(int n) {
  return n > 1 ? n * (n - 1) / 2 : 1;
}

// The model's order as the RTL's prio port: bit k(i,j) = 1 when i is ahead of j (i < j).
template <int N>
Port<lrs_pair_bits(N)> lrs_prio_port(const model::LrsArbiter& m) {
  std::vector<std::pair<int, uint64_t>> bits;
  int k = 0;
  for (int i = 0; i < N; ++i) {
    for (int j = i + 1; j < N; ++j, ++k) {
      bits.push_back({k, m.ahead(static_cast<unsigned>(i), static_cast<unsigned>(j)) ? 1u : 0u});
    }
  }
  return packed<Port<lrs_pair_bits(N)>>(lrs_pair_bits(N), bits, 1);
}

// The C++ model behind the RTL's port list: gnt is combinational, prio changes at the clock edge.
template <int N>
class LrsArbiter : public sc_core::sc_module {
 public:
  static constexpr int M = lrs_pair_bits(N);
  sc_core::sc_in<bool> clk{"clk"}, rst{"rst"}, update{"update"};
  sc_core::sc_in<Port<N>> req{"req"};
  sc_core::sc_out<Port<N>> gnt{"gnt"};
  sc_core::sc_out<Port<M>> prio{"prio"};
  bool enabled = true;

  SC_HAS_PROCESS(LrsArbiter);
  explicit LrsArbiter(sc_core::sc_module_name n) : sc_core::sc_module(n), model_(N) {
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
    prio.write(lrs_prio_port<N>(model_));
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
  model::LrsArbiter model_;
  sc_core::sc_event state_changed_;
};

}  // namespace netcosim::sc
