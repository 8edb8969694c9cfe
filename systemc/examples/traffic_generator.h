// A traffic generator for a router's switch allocator (systemc/examples/allocator_shadow.cpp): the
// input side of a CIOQ router reduced to what the allocator sees. Every input port holds one FIFO
// of packets per VC; the head of each non-empty FIFO requests its packet's output (req_valid,
// req_out of the RTL's port list, rtl/sep_alloc_if.sv); a granted input sends the head of the VC
// it was granted (gnt_valid, gnt_vc) and the packet leaves. One packet crosses in one cycle (the
// allocator's unit of work; packet length and credits are left out of this example).
//
// Timing of a cycle (as the co-simulation benches, docs/cosim.md): at posedge + 2 ns the cycle's
// arrivals join their FIFOs and the requests are written; at posedge + 7 ns, when the allocator's
// combinational outputs have settled, the grants are read and the granted packets leave. update is
// held high: the allocator's priorities advance on every grant.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include <systemc>

#include "sim/util/rng.h"
#include "systemc/blocks/ports.h"

namespace netcosim::sc::example {

// The destination of each arriving packet.
enum class Pattern {
  kPermutation,  // input i sends to output (i + 1) mod Q: no two inputs compete
  kHotspot,      // every input sends to output 0
  kUniform,      // each packet to an output drawn uniformly
};

inline const sc_core::sc_time kPeriod(10, sc_core::SC_NS);
inline const sc_core::sc_time kDriveDelay(2, sc_core::SC_NS);   // after the rising edge
inline const sc_core::sc_time kSampleDelay(5, sc_core::SC_NS);  // after the drive
constexpr int kResetCycles = 2;  // cycles with rst high before cycle 0

template <int P, int V, int Q>
class TrafficGenerator : public sc_core::sc_module {
 public:
  static constexpr int VW = index_width(V), QW = index_width(Q);
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_out<bool> rst{"rst"}, update{"update"};
  sc_core::sc_out<Port<P * V>> req_valid{"req_valid"};
  sc_core::sc_out<Port<P * V * QW>> req_out{"req_out"};
  sc_core::sc_in<Port<P>> gnt_valid{"gnt_valid"};
  sc_core::sc_in<Port<P * VW>> gnt_vc{"gnt_vc"};
  sc_core::sc_in<Port<P * QW>> gnt_out{"gnt_out"};

  struct Stats {
    uint64_t cycles = 0, injected = 0, delivered = 0, queued = 0;
    uint64_t wait_cycles = 0;   // summed over delivered packets: grant cycle - arrival cycle
    uint64_t wrong_output = 0;  // grants whose output is not the head packet's destination
    std::vector<uint64_t> per_input = std::vector<uint64_t>(P, 0);  // packets delivered
  };

  SC_HAS_PROCESS(TrafficGenerator);
  // Each input receives a packet in a cycle with probability `load` (1: every cycle; drawn from
  // the seeded stream otherwise); packets go to the input's VCs in turn. Stops the simulation
  // (sc_stop) after `cycles` cycles, at the sample point of the last one.
  TrafficGenerator(sc_core::sc_module_name n, Pattern pattern, double load, uint64_t seed,
                   uint64_t cycles)
      : sc_core::sc_module(n),
        cycles_(cycles),
        pattern_(pattern),
        load_(load),
        rng_(seed, kRngKind, 0),
        fifo_(P * V) {
    SC_THREAD(run);
  }

  const Stats& stats() const {
    stats_.queued = 0;
    for (const auto& f : fifo_) stats_.queued += f.size();
    return stats_;
  }

 private:
  static constexpr uint64_t kRngKind = 0xe8a3b1e;  // the example's stream family (sim/util/rng.h)
  struct Packet {
    uint64_t arrival;
    unsigned dest;
  };

  unsigned destination(unsigned in) {
    switch (pattern_) {
      case Pattern::kPermutation:
        return (in + 1) % Q;
      case Pattern::kHotspot:
        return 0;
      case Pattern::kUniform:
        break;
    }
    return rng_.below(Q);
  }

  void arrivals(uint64_t cycle) {
    for (unsigned i = 0; i < P; ++i) {
      if (load_ < 1.0 && !(rng_.uniform() < load_)) continue;
      fifo_[i * V + next_vc_[i]].push_back({cycle, destination(i)});
      next_vc_[i] = (next_vc_[i] + 1) % V;
      ++stats_.injected;
    }
  }

  void write_requests() {
    BitPacker valid(P * V), out(P * V * QW);
    for (int k = 0; k < P * V; ++k) {
      if (fifo_[k].empty()) continue;
      valid.put(k, 1, 1);
      out.put(k * QW, QW, fifo_[k].front().dest);
    }
    Port<P * V> v{};
    valid.store(v);
    req_valid.write(v);
    Port<P * V * QW> o{};
    out.store(o);
    req_out.write(o);
  }

  void take_grants(uint64_t cycle) {
    const auto gv = gnt_valid.read();
    const auto gvc = gnt_vc.read();
    const auto go = gnt_out.read();
    for (int i = 0; i < P; ++i) {
      if (field(gv, i, 1) == 0) continue;
      auto& f = fifo_[i * V + field(gvc, i * VW, VW)];
      if (f.empty() || f.front().dest != field(go, i * QW, QW)) {
        ++stats_.wrong_output;
        continue;
      }
      stats_.wait_cycles += cycle - f.front().arrival;
      f.pop_front();
      ++stats_.delivered;
      ++stats_.per_input[i];
    }
  }

  void run() {
    update.write(true);
    rst.write(true);
    for (int k = 0; k < kResetCycles; ++k) wait(clk.posedge_event());
    for (uint64_t cycle = 0; cycle < cycles_; ++cycle) {
      wait(clk.posedge_event());
      wait(kDriveDelay);
      rst.write(false);
      arrivals(cycle);
      write_requests();
      wait(kSampleDelay);
      take_grants(cycle);
      stats_.cycles = cycle + 1;
    }
    sc_core::sc_stop();  // the processes sampling this cycle still run (SC_STOP_FINISH_DELTA)
  }

  uint64_t cycles_;
  Pattern pattern_;
  double load_;
  netcosim::Rng rng_;
  std::vector<std::deque<Packet>> fifo_;  // per (input, VC): index input * V + vc
  unsigned next_vc_[P] = {};
  mutable Stats stats_;
};

}  // namespace netcosim::sc::example
