// The allocator socket's RTL side (docs/systemc.md, "The router module"): the separable
// allocator's Verilated RTL (rtl/sep_alloc_if.sv, a parameter set of rtl/catalog.h, Verilated as
// a C++ model) as the CIOQ router's allocator block (model::AllocatorCore,
// sim/blocks/separable_allocator.h), driven through the RTL's port list once per cycle: the
// cycle's requests on req_valid/req_out, the grants read from the settled combinational outputs,
// then one rising clock edge with update high (the arbiters' pointers advance, as the C++ model's
// update()). CioqRouterModule::set_allocator puts it in place of the C++ model. The buses must fit
// 64 bits (P*V*QW <= 64: the parameter set p4v2q4i1).
#pragma once

#include <cstdint>
#include <string>

#include <systemc>

#include "sim/blocks/separable_allocator.h"
#include "systemc/blocks/ports.h"

namespace netcosim::sc {

// VTop: the Verilated C++ class of one parameter set (P inputs, V VCs, Q outputs, I iterations).
template <class VTop, int P, int V, int Q, int I>
class RtlSepAlloc final : public model::AllocatorCore {
 public:
  static constexpr int VW = index_width(V), QW = index_width(Q);
  static_assert(P * V * QW <= 64 && P * QW <= 64 && P * VW <= 64,
                "RtlSepAlloc reads buses of at most 64 bits");

  // `fault_at`: the first evaluation at or after the fault_at-th (from 0) that grants input 0
  // loses that grant on its way to the router (a fault, to show that the router's results depend
  // on the RTL); -1: none.
  explicit RtlSepAlloc(int64_t fault_at = -1)
      : AllocatorCore(P, V, Q, I), top_("sep_alloc_if"), fault_at_(fault_at) {
    top_.rst = 1;
    top_.update = 0;
    edge();
    top_.rst = 0;
    top_.eval();
  }

  void evaluate_and_update() override {
    uint64_t valid = 0, out = 0;
    for (int i = 0; i < P; ++i)
      for (int v = 0; v < V; ++v)
        if (requested(i, v)) {
          valid |= uint64_t{1} << (i * V + v);
          out |= uint64_t{requested_output(i, v)} << ((i * V + v) * QW);
        }
    top_.req_valid = valid;
    top_.req_out = out;
    top_.update = 1;
    top_.eval();  // the grants settle
    uint64_t g = static_cast<uint64_t>(top_.gnt_valid);
    if (fault_at_ >= 0 && evaluations_ >= fault_at_ && (g & 1) != 0) {
      g &= ~uint64_t{1};
      fault_at_ = -1;
    }
    ++evaluations_;
    const uint64_t gvc = static_cast<uint64_t>(top_.gnt_vc);
    const uint64_t gout = static_cast<uint64_t>(top_.gnt_out);
    granted_inputs_ = g;
    for (int i = 0; i < P; ++i) {
      gnt_vc_[i] = static_cast<uint8_t>((gvc >> (i * VW)) & ((uint64_t{1} << VW) - 1));
      gnt_out_[i] = static_cast<uint8_t>((gout >> (i * QW)) & ((uint64_t{1} << QW) - 1));
    }
    edge();  // the pointers advance past the grants
  }

  uint64_t evaluations() const { return evaluations_; }

 private:
  void edge() {
    top_.clk = 1;
    top_.eval();
    top_.clk = 0;
    top_.eval();
  }
  VTop top_;
  int64_t fault_at_;
  int64_t evaluations_ = 0;
};

}  // namespace netcosim::sc
