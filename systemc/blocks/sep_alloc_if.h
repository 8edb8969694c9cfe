// SystemC module of the C++ block model behind rtl/sep_alloc_if.sv's port list (docs/cosim.md,
// "The SystemC block modules"): the inputs and outputs as sc_in/sc_out of the RTL's widths,
// driving netcosim::model (sim/blocks/separable_allocator.h).
#pragma once

#include <cstdint>

#include <systemc>

#include "sim/blocks/separable_allocator.h"
#include "systemc/blocks/ports.h"

namespace netcosim::sc {

// The index widths of the RTL's localparams: VC, output and input index.
template <int P, int V, int Q>
struct SepAllocIfWidths {
  static constexpr int VW = index_width(V), QW = index_width(Q), PW = index_width(P);
};

// The C++ model behind the RTL's port list. gnt_vc/gnt_out of an input without a grant are 0, as
// in the RTL (the model leaves them unspecified).
template <int P, int V, int Q, int I>
class SepAllocIf : public sc_core::sc_module, public SepAllocIfWidths<P, V, Q> {
 public:
  using W = SepAllocIfWidths<P, V, Q>;
  sc_core::sc_in<bool> clk{"clk"}, rst{"rst"}, update{"update"};
  sc_core::sc_in<Port<P * V>> req_valid{"req_valid"};
  sc_core::sc_in<Port<P * V * W::QW>> req_out{"req_out"};
  sc_core::sc_out<Port<P>> gnt_valid{"gnt_valid"};
  sc_core::sc_out<Port<P * W::VW>> gnt_vc{"gnt_vc"};
  sc_core::sc_out<Port<P * W::QW>> gnt_out{"gnt_out"};
  sc_core::sc_out<Port<P * W::VW>> in_ptr{"in_ptr"};
  sc_core::sc_out<Port<Q * W::PW>> out_ptr{"out_ptr"};
  bool enabled = true;

  SC_HAS_PROCESS(SepAllocIf);
  explicit SepAllocIf(sc_core::sc_module_name n) : sc_core::sc_module(n), model_(P, V, Q, I) {
    SC_METHOD(comb);
    sensitive << req_valid << req_out << state_changed_;
    SC_METHOD(clocked);
    sensitive << clk.pos();
    dont_initialize();
  }

 private:
  void load_and_evaluate() {
    const auto rv = req_valid.read();
    const auto ro = req_out.read();
    model_.clear_requests();
    for (int i = 0; i < P; ++i) {
      for (int v = 0; v < V; ++v) {
        if (field(rv, i * V + v, 1) != 0) {
          model_.request(i, v, static_cast<unsigned>(field(ro, (i * V + v) * W::QW, W::QW)));
        }
      }
    }
    model_.evaluate();
  }
  void comb() {
    if (!enabled) return;
    load_and_evaluate();
    BitPacker gv(P), gvc(P * W::VW), go(P * W::QW), ip(P * W::VW), op(Q * W::PW);
    for (int i = 0; i < P; ++i) {
      const bool g = model_.granted(i);
      gv.put(i, 1, g);
      gvc.put(i * W::VW, W::VW, g ? model_.grant_vc(i) : 0);
      go.put(i * W::QW, W::QW, g ? model_.grant_out(i) : 0);
      ip.put(i * W::VW, W::VW, model_.input_pointer(i));
    }
    for (int o = 0; o < Q; ++o) op.put(o * W::PW, W::PW, model_.output_pointer(o));
    write(gv, gnt_valid);
    write(gvc, gnt_vc);
    write(go, gnt_out);
    write(ip, in_ptr);
    write(op, out_ptr);
  }
  template <class T>
  static void write(const BitPacker& p, sc_core::sc_out<T>& port) {
    T v{};
    p.store(v);
    port.write(v);
  }
  void clocked() {
    if (!enabled) return;
    if (rst.read()) {
      model_.reset();
    } else if (update.read()) {
      load_and_evaluate();
      model_.update();
    }
    state_changed_.notify(sc_core::SC_ZERO_TIME);
  }
  model::SeparableAllocator model_;
  sc_core::sc_event state_changed_;
};

}  // namespace netcosim::sc
