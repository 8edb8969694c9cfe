// The SystemC block modules (systemc/blocks/, namespace netcosim::sc; docs/cosim.md, "The SystemC
// block modules"): one sc_module per C++ block model of sim/blocks/, with the port list of its RTL
// block (rtl/<block>.sv) as sc_in/sc_out of the RTL's widths, so that the model and the Verilated
// RTL are interchangeable in a SystemC design and can be bound to the same signals.
//
// Every module has the RTL's clock and reset when the RTL has them (clk, rst: the registers update
// on the rising edge, reset synchronous and active high) and evaluates its combinational outputs
// whenever an input or its state changes. `enabled = false` freezes a module: its outputs keep
// their last values and its state stops (the benches' RTL timing phase runs the RTL alone).
//
// This header holds the port types and the bit packing shared by the modules.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include <systemc>

namespace netcosim::sc {

// Port types as Verilator's (--pins-bv 2): a 1-bit port is bool, a wider one sc_bv<W>.
template <int W>
using Port = std::conditional_t<W == 1, bool, sc_dt::sc_bv<W>>;

constexpr int clog2(int n) {
  int b = 0;
  while ((1 << b) < n) ++b;
  return b;
}
constexpr int index_width(int n) {
  return n > 1 ? clog2(n) : 1;
}  // as the RTL's localparams

// Packs fixed-width fields into a port value (little-endian: field k at bits [k*w +: w]).
class BitPacker {
 public:
  explicit BitPacker(int bits) : words_((bits + 31) / 32, 0u) {}
  void put(int lsb, int width, uint64_t value) {
    for (int b = 0; b < width; ++b) {
      if ((value >> b) & 1u) words_[(lsb + b) / 32] |= 1u << ((lsb + b) % 32);
    }
  }
  template <int W>
  void store(sc_dt::sc_bv<W>& v) const {
    for (size_t i = 0; i < words_.size(); ++i) v.set_word(static_cast<int>(i), words_[i]);
  }
  void store(bool& v) const { v = (words_[0] & 1u) != 0; }

 private:
  std::vector<uint32_t> words_;
};

// The field [lsb +: width] of a port value.
template <int W>
uint64_t field(const sc_dt::sc_bv<W>& v, int lsb, int width) {
  uint64_t r = 0;
  for (int b = 0; b < width; ++b) {
    if (v.get_bit(lsb + b)) r |= uint64_t{1} << b;
  }
  return r;
}
inline uint64_t field(bool v, int lsb, int /*width*/) {
  return lsb == 0 && v ? 1u : 0u;
}

// A QoS scheduler's requests (the DTable, DRR and IB VL arbiters' ports): the active lanes, one
// bit each, and each lane's head size, SW bits each.
template <int L, int SW, class Active, class Sizes>
void lane_requests(const Active& active, const Sizes& size, uint32_t& act, uint32_t* sz) {
  act = static_cast<uint32_t>(field(active, 0, L));
  for (int l = 0; l < L; ++l) sz[l] = static_cast<uint32_t>(field(size, l * SW, SW));
}

// A port value of `bits` bits with the given fields (each `width` bits wide) set.
template <class T>
T packed(int bits, const std::vector<std::pair<int, uint64_t>>& fields_lsb_value, int width) {
  BitPacker p(bits);
  for (const auto& [lsb, value] : fields_lsb_value) p.put(lsb, width, value);
  T v{};
  p.store(v);
  return v;
}

}  // namespace netcosim::sc
