// Example sc_main to copy: a router's switch allocator fed by a traffic generator, with the C++
// model (netcosim::sc::SepAllocIf, systemc/blocks/sep_alloc_if.h) driving the router and its
// Verilated RTL (rtl/sep_alloc_if.sv, parameter set p4v2q4i1 of rtl/catalog.h: 4 inputs, 2 VCs,
// 4 outputs, 1 iteration) beside it in shadow: both read the same request signals, and every
// output of the RTL is compared with the model's in every cycle (netcosim::sc::Checker). The first
// difference stops the run, naming the cycle, the port and both values.
//
//   allocator_shadow PATTERN CYCLES [LOAD] [--fault CYCLE]
//     PATTERN  permutation | hotspot | uniform (traffic_generator.h)
//     LOAD     packets per input and cycle, 0 < LOAD <= 1 (default 1)
//     --fault  flips bit 0 of the RTL's gnt_valid on its way to the comparator in cycle CYCLE
//              (netcosim::sc::FaultTap), to show that a difference is reported
// Exit status: 0, 2 for a bad argument, 3 for a difference between the model and the RTL.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <systemc>

#include "Vsep_alloc_if_p4v2q4i1.h"
#include "systemc/blocks/sep_alloc_if.h"
#include "systemc/check/checker.h"
#include "systemc/examples/traffic_generator.h"

namespace {

// SystemC 2.3 prints its banner on stderr unless SC_COPYRIGHT_MESSAGE=DISABLE before sc_main.
const bool kQuietSystemC = (setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 0), true);

using namespace netcosim::sc;
using example::Pattern;
using example::TrafficGenerator;

constexpr int P = 4, V = 2, Q = 4, I = 1;  // the Verilated parameter set p4v2q4i1
using Widths = SepAllocIfWidths<P, V, Q>;

// The allocator in shadow: the model drives `gnt_*`, the RTL's outputs reach the comparator
// through fault taps (`*.rtl`).
class ShadowAllocator : public sc_core::sc_module {
 public:
  sc_core::sc_clock clk{"clk", example::kPeriod};
  sc_core::sc_signal<bool> rst{"rst"}, update{"update"};
  sc_core::sc_signal<Port<P * V>> req_valid{"req_valid"};
  sc_core::sc_signal<Port<P * V * Widths::QW>> req_out{"req_out"};
  sc_core::sc_signal<Port<P>> gnt_valid{"gnt_valid"};
  sc_core::sc_signal<Port<P * Widths::VW>> gnt_vc{"gnt_vc"}, in_ptr{"in_ptr"};
  sc_core::sc_signal<Port<P * Widths::QW>> gnt_out{"gnt_out"};
  sc_core::sc_signal<Port<Q * Widths::PW>> out_ptr{"out_ptr"};
  RtlOutput<Port<P>> rtl_gnt_valid{"gnt_valid"};
  RtlOutput<Port<P * Widths::VW>> rtl_gnt_vc{"gnt_vc"}, rtl_in_ptr{"in_ptr"};
  RtlOutput<Port<P * Widths::QW>> rtl_gnt_out{"gnt_out"};
  RtlOutput<Port<Q * Widths::PW>> rtl_out_ptr{"out_ptr"};
  SepAllocIf<P, V, Q, I> model{"model"};
  Vsep_alloc_if_p4v2q4i1 rtl{"rtl"};
  TrafficGenerator<P, V, Q> traffic;

  int64_t first_difference = -1;
  std::vector<Checker::Diff> diffs;

  SC_HAS_PROCESS(ShadowAllocator);
  ShadowAllocator(sc_core::sc_module_name n, Pattern pattern, double load, uint64_t cycles,
                  int64_t fault)
      : sc_core::sc_module(n), traffic("traffic", pattern, load, 1, cycles), fault_(fault) {
    traffic.clk(clk);
    traffic.rst(rst);
    traffic.update(update);
    traffic.req_valid(req_valid);
    traffic.req_out(req_out);
    traffic.gnt_valid(gnt_valid);
    traffic.gnt_vc(gnt_vc);
    traffic.gnt_out(gnt_out);
    model.clk(clk);
    model.rst(rst);
    model.update(update);
    model.req_valid(req_valid);
    model.req_out(req_out);
    model.gnt_valid(gnt_valid);
    model.gnt_vc(gnt_vc);
    model.gnt_out(gnt_out);
    model.in_ptr(in_ptr);
    model.out_ptr(out_ptr);
    rtl.clk(clk);
    rtl.rst(rst);
    rtl.update(update);
    rtl.req_valid(req_valid);
    rtl.req_out(req_out);
    rtl.gnt_valid(rtl_gnt_valid.dut);
    rtl.gnt_vc(rtl_gnt_vc.dut);
    rtl.gnt_out(rtl_gnt_out.dut);
    rtl.in_ptr(rtl_in_ptr.dut);
    rtl.out_ptr(rtl_out_ptr.dut);
    SC_THREAD(compare);
  }

 private:
  // Every output, model against RTL, at the traffic generator's sample point of each cycle.
  void compare() {
    for (int k = 0; k < example::kResetCycles; ++k) wait(clk.posedge_event());
    Checker c;
    for (int64_t cycle = 0;; ++cycle) {
      wait(clk.posedge_event());
      wait(example::kDriveDelay);
      rtl_gnt_valid.tap.set_armed(cycle == fault_);
      wait(example::kSampleDelay);
      c.begin();
      check(c, "gnt_valid", gnt_valid, rtl_gnt_valid.rtl, P, 1);
      check(c, "gnt_vc", gnt_vc, rtl_gnt_vc.rtl, P, Widths::VW);
      check(c, "gnt_out", gnt_out, rtl_gnt_out.rtl, P, Widths::QW);
      check(c, "in_ptr", in_ptr, rtl_in_ptr.rtl, P, Widths::VW);
      check(c, "out_ptr", out_ptr, rtl_out_ptr.rtl, Q, Widths::PW);
      if (c.failed()) {
        first_difference = cycle;
        diffs = c.diffs();
        sc_core::sc_stop();
        return;
      }
    }
  }
  template <class T>
  static void check(Checker& c, const char* name, const sc_core::sc_signal<T>& model_out,
                    const sc_core::sc_signal<T>& rtl_out, int fields, int width) {
    for (int k = 0; k < fields; ++k) {
      c.check(name, k, field(model_out.read(), k * width, width),
              field(rtl_out.read(), k * width, width));
    }
  }
  int64_t fault_;
};

int usage(const std::string& msg) {
  std::fprintf(stderr,
               "error: %s\nusage: allocator_shadow permutation|hotspot|uniform CYCLES [LOAD]"
               " [--fault CYCLE]\n",
               msg.c_str());
  return 2;
}

bool parse_count(const std::string& s, uint64_t& v) {
  if (s.empty() || s.size() > 12 || s.find_first_not_of("0123456789") != std::string::npos) {
    return false;
  }
  v = std::stoull(s);
  return true;
}

}  // namespace

int sc_main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  int64_t fault = -1;
  for (size_t k = 0; k < args.size(); ++k) {
    if (args[k] != "--fault") continue;
    uint64_t c = 0;
    if (k + 1 >= args.size() || !parse_count(args[k + 1], c)) {
      return usage("--fault: expected a cycle (a non-negative integer)");
    }
    fault = static_cast<int64_t>(c);
    args.erase(args.begin() + static_cast<long>(k), args.begin() + static_cast<long>(k) + 2);
    break;
  }
  if (args.size() < 2 || args.size() > 3) return usage("expected PATTERN CYCLES [LOAD]");
  Pattern pattern;
  if (args[0] == "permutation") {
    pattern = Pattern::kPermutation;
  } else if (args[0] == "hotspot") {
    pattern = Pattern::kHotspot;
  } else if (args[0] == "uniform") {
    pattern = Pattern::kUniform;
  } else {
    return usage("pattern '" + args[0] + "': allowed permutation, hotspot, uniform");
  }
  uint64_t cycles = 0;
  if (!parse_count(args[1], cycles) || cycles == 0) {
    return usage("cycles '" + args[1] + "': expected a positive integer");
  }
  double load = 1.0;
  if (args.size() == 3) {
    char* end = nullptr;
    load = std::strtod(args[2].c_str(), &end);
    if (end == args[2].c_str() || *end != '\0' || !(load > 0.0 && load <= 1.0)) {
      return usage("load '" + args[2] + "': expected a number in (0, 1]");
    }
  }

  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  ShadowAllocator top("top", pattern, load, cycles, fault);
  sc_core::sc_start();  // until the traffic generator's last cycle or the first difference

  const auto& s = top.traffic.stats();
  std::printf("allocator P=%d,V=%d,Q=%d,ITER=%d, model driving, RTL in shadow: %s, load %g\n", P, V,
              Q, I, args[0].c_str(), load);
  std::printf(
      "  cycles %llu, injected %llu, delivered %llu, queued %llu, waiting cycles %llu\n",
      static_cast<unsigned long long>(s.cycles), static_cast<unsigned long long>(s.injected),
      static_cast<unsigned long long>(s.delivered), static_cast<unsigned long long>(s.queued),
      static_cast<unsigned long long>(s.wait_cycles));
  std::printf("  delivered per input:");
  for (uint64_t d : s.per_input) std::printf(" %llu", static_cast<unsigned long long>(d));
  std::printf("\n  grants to a packet not at the head: %llu\n",
              static_cast<unsigned long long>(s.wrong_output));
  if (top.first_difference >= 0) {
    std::printf("  shadow: first difference at cycle %lld\n",
                static_cast<long long>(top.first_difference));
    for (const auto& d : top.diffs) {
      std::printf("    %s: model %llu, RTL %llu\n", d.name.c_str(),
                  static_cast<unsigned long long>(d.expected),
                  static_cast<unsigned long long>(d.actual));
    }
    return 3;
  }
  std::printf("  shadow: %llu cycles compared, 0 differences\n",
              static_cast<unsigned long long>(s.cycles));
  return 0;
}
