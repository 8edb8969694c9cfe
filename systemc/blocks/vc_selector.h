// SystemC module of the C++ block model behind rtl/vc_selector.sv's port list (docs/cosim.md,
// "The SystemC block modules"): the inputs and outputs as sc_in/sc_out of the RTL's widths,
// driving the VC selectors JsqVc, HighestVc and LowestVc (sim/blocks/vc_selector.h).
#pragma once

#include <cstdint>
#include <type_traits>

#include <systemc>

#include "sim/blocks/vc_selector.h"
#include "systemc/blocks/ports.h"

namespace netcosim::sc {

// The RTL's MODE parameter (rtl/vc_selector.sv): VcSelection's order.
template <int MODE>
using VcSelectorOf =
    std::conditional_t<MODE == 0, JsqVc, std::conditional_t<MODE == 1, HighestVc, LowestVc>>;
constexpr const char* kVcSelectorModeName[] = {"jsq", "highest", "lowest"};

// The credit counts on the RTL's port as the CreditLevels the selectors read (they read only
// credits(v)).
class VcSelectorCredits : public model::CreditLevels {
 public:
  VcSelectorCredits() = default;
  VcSelectorCredits(unsigned vcs, uint32_t capacity) : CreditLevels(vcs, capacity) {}
  void set(unsigned vc, uint32_t credits) { credits_[vc] = credits; }
};

// The C++ selector behind the RTL's port list: grant is the one-hot of select()'s VC (0 for kNoVc),
// valid whether there is one. The selectors are pure functions of the inputs.
template <int V, int W, int MODE>
class VcSelector : public sc_core::sc_module {
 public:
  sc_core::sc_in<Port<V>> allowed{"allowed"};
  sc_core::sc_in<Port<V * W>> credits{"credits"};
  sc_core::sc_in<Port<W>> pkt_size{"pkt_size"};
  sc_core::sc_out<Port<V>> grant{"grant"};
  sc_core::sc_out<bool> valid{"valid"};
  bool enabled = true;

  SC_HAS_PROCESS(VcSelector);
  explicit VcSelector(sc_core::sc_module_name n)
      : sc_core::sc_module(n), levels_(V, (1u << W) - 1) {
    SC_METHOD(comb);
    sensitive << allowed << credits << pkt_size;
  }

 private:
  void comb() {
    if (!enabled) return;
    const auto cr = credits.read();
    for (int v = 0; v < V; ++v) levels_.set(v, static_cast<uint32_t>(field(cr, v * W, W)));
    const int vc =
        VcSelectorOf<MODE>::select(levels_, static_cast<uint32_t>(field(allowed.read(), 0, V)),
                                   static_cast<uint32_t>(field(pkt_size.read(), 0, W)), rng_);
    grant.write(packed<Port<V>>(V, {{vc == kNoVc ? 0 : vc, vc == kNoVc ? 0u : 1u}}, 1));
    valid.write(vc != kNoVc);
  }
  VcSelectorCredits levels_;
  netcosim::Rng rng_;  // not drawn from: JSQ, highest and lowest are deterministic
};

}  // namespace netcosim::sc
