// The comparator of a co-simulation (docs/cosim.md): the fault tap on each RTL output and the
// checker that compares one cycle's outputs of the model and of the RTL. Shared by the benches
// (testbench/) and by anything else that runs a C++ block model beside its Verilated RTL.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <systemc>

namespace netcosim::sc {

// Fault injection on the RTL side (--inject-fault CYCLE[:PORT]). Every output of the Verilated
// block reaches the comparator through a FaultTap: the DUT drives `<port>_dut`, the tap copies it
// to `<port>_rtl`, which is the only signal the comparator reads for that port. Armed for one
// cycle, the tap flips bit 0 of the value it copies (element 0 of a flattened bus). The model,
// the RTL's state and its inputs are untouched, so the corrupted value can reach the comparator
// only through the RTL's output path: a bench that compared the model with itself, or read the
// wrong signal, would miss the fault and fail its fault-injection test.
class FaultTapBase {
 public:
  virtual ~FaultTapBase() = default;
  virtual const std::string& port() const = 0;
  virtual void set_armed(bool armed) = 0;
};

template <class T>
class FaultTap : public sc_core::sc_module, public FaultTapBase {
 public:
  sc_core::sc_in<T> in{"in"};
  sc_core::sc_out<T> out{"out"};

  SC_HAS_PROCESS(FaultTap);
  FaultTap(sc_core::sc_module_name n, std::string port)
      : sc_core::sc_module(n), port_(std::move(port)) {
    SC_METHOD(pass);
    sensitive << in << armed_changed_;
  }
  const std::string& port() const override { return port_; }
  void set_armed(bool armed) override { set_armed(armed, 0); }
  // Armed, the tap flips bit `bit` instead (element `bit` of a flattened 1-bit bus: the network's
  // block sockets, systemc/rtl/).
  void set_armed(bool armed, int bit) {
    armed_ = armed;
    bit_ = bit;
    armed_changed_.notify(sc_core::SC_ZERO_TIME);
  }

 private:
  static void flip_bit(bool& v, int /*bit*/) { v = !v; }
  template <int W>
  static void flip_bit(sc_dt::sc_bv<W>& v, int bit) {
    v.set_bit(bit, v.get_bit(bit) ? sc_dt::Log_0 : sc_dt::Log_1);
  }
  void pass() {
    T v = in.read();
    if (armed_) flip_bit(v, bit_);
    out.write(v);
  }
  std::string port_;
  bool armed_ = false;
  int bit_ = 0;
  sc_core::sc_event armed_changed_;
};

// One output port of the RTL: the signal the DUT drives, the tap and the signal compared.
template <class T>
struct RtlOutput {
  explicit RtlOutput(const std::string& port)
      : dut((port + "_dut").c_str()),
        rtl((port + "_rtl").c_str()),
        tap((port + "_tap").c_str(), port) {
    tap.in(dut);
    tap.out(rtl);
  }
  sc_core::sc_signal<T> dut, rtl;
  FaultTap<T> tap;
};

// Comparison of one cycle: every output is passed with the model's and the RTL's value.
class Checker {
 public:
  struct Diff {
    std::string name;
    uint64_t expected, actual;
  };
  void begin() { diffs_.clear(); }
  void check(const char* name, int index, uint64_t model, uint64_t rtl) {
    if (model != rtl) {
      std::string n = name;
      if (index >= 0) n += "[" + std::to_string(index) + "]";
      diffs_.push_back({n, model, rtl});
    }
  }
  bool failed() const { return !diffs_.empty(); }
  const std::vector<Diff>& diffs() const { return diffs_; }

 private:
  std::vector<Diff> diffs_;
};

}  // namespace netcosim::sc
