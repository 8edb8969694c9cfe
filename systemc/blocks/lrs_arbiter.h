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
#include "systemc/blocks/request_arbiter.h"

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
class LrsArbiter : public RequestArbiterModule<LrsArbiter<N>, N, model::LrsArbiter> {
 public:
  static constexpr int M = lrs_pair_bits(N);
  sc_core::sc_out<Port<M>> prio{"prio"};

  explicit LrsArbiter(sc_core::sc_module_name n)
      : RequestArbiterModule<LrsArbiter<N>, N, model::LrsArbiter>(n) {}

 private:
  friend class RequestArbiterModule<LrsArbiter<N>, N, model::LrsArbiter>;
  void write_state(const model::LrsArbiter& m) { prio.write(lrs_prio_port<N>(m)); }
};

}  // namespace netcosim::sc
