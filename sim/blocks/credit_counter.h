// Per-VC credit counters of one output port: the block model of rtl/credit_counter.sv.
//
// Source: thesis 000 Sec. 1.1 and 1.6.3: credit-based flow control with relative (incremental)
// credits, one count per output VC, counted in phits; under Virtual Cut-Through a packet may be
// sent only when the downstream VC has room for all of it. Thesis 003 Sec. 1.x (Fig. 1.3) shows
// the same mechanism.
//
// Port list (RTL, V VCs, W-bit counters, capacity CAP phits per VC):
//   in : consume_valid, consume_vc, consume_amt   (a packet is sent: subtract its size)
//        return_valid,  return_vc,  return_amt    (a credit arrives: add the freed phits)
//        pkt_size                                  (size asked about by can_send)
//   out: can_send[V] = credits[v] >= pkt_size      (combinational, from the registered counts)
//        credits[V]                                (registered counts)
//        underflow = consume_valid && credits[consume_vc] < consume_amt
//        overflow  = return_valid  && credits'[return_vc] > CAP, where credits' is the count after
//                    both updates of this cycle
// One cycle: credits'[v] = credits[v] - (consume to v) + (return to v); both may hit the same VC.
//
// It is the static credit model (sim/blocks/credit_model.h): the downstream buffer is partitioned
// per VC, capacity CAP each, and its counts are the published CreditLevels.
#pragma once

#include <cassert>
#include <cstdint>

#include "sim/blocks/credit_model.h"

namespace netcosim::model {

class CreditCounter : public CreditLevels {
 public:
  CreditCounter() = default;
  // All VCs start full (reset value = capacity).
  CreditCounter(unsigned vcs, uint32_t capacity) : CreditLevels(vcs, capacity) {
    assert(vcs <= kMaxVcs);
    reset();
  }
  // The credit model's constructor: one private buffer of phits_per_vc per VC.
  explicit CreditCounter(const PortBuffer& b) : CreditCounter(b.vcs, b.phits_per_vc) {}
  static uint32_t vc_limit_phits(const PortBuffer& b) { return b.phits_per_vc; }
  static uint32_t port_packets(const PortBuffer& b, uint32_t packet_size) {
    return b.vcs * (b.phits_per_vc / packet_size);
  }

  struct Flags {
    bool underflow = false;
    bool overflow = false;
  };

  // One clock edge with the RTL's inputs. Out-of-range results are flagged and saturated (the RTL
  // asserts; the network model treats a flag as an internal error).
  // Forced inline: the network model calls it through consume/give_back in its hot loops.
  [[gnu::always_inline]] inline Flags cycle(bool consume_valid, unsigned consume_vc,
                                            uint32_t consume_amt, bool return_valid,
                                            unsigned return_vc, uint32_t return_amt) {
    Flags f;
    assert(!consume_valid || consume_vc < vcs_);
    assert(!return_valid || return_vc < vcs_);
    if (consume_valid && credits_[consume_vc] < consume_amt) f.underflow = true;
    // Both updates are applied to one signed sum per VC, so that the same-VC case is exact
    // (credits - consume + return), and only the result is clamped to [0, capacity]; this is the
    // RTL's single adder per VC. Both sums are computed before either count is written.
    auto next = [&](unsigned vc) __attribute__((always_inline)) {
      int64_t v = credits_[vc];
      if (consume_valid && consume_vc == vc) v -= consume_amt;
      if (return_valid && return_vc == vc) v += return_amt;
      return v;
    };
    const int64_t after_consume = consume_valid ? next(consume_vc) : 0;
    const int64_t after_return = return_valid ? next(return_vc) : 0;
    if (return_valid && after_return > static_cast<int64_t>(cap_)) f.overflow = true;
    if (consume_valid) credits_[consume_vc] = clamp(after_consume);
    if (return_valid) credits_[return_vc] = clamp(after_return);
    return f;
  }

  // Conveniences for the network model (one event per call, same arithmetic as cycle()).
  [[gnu::always_inline]] inline void consume(unsigned vc, uint32_t amt) {
    const Flags f = cycle(true, vc, amt, false, 0, 0);
    assert(!f.underflow);
    (void)f;
  }
  [[gnu::always_inline]] inline void give_back(unsigned vc, uint32_t amt) {
    const Flags f = cycle(false, 0, 0, true, vc, amt);
    assert(!f.overflow);
    (void)f;
  }

  void reset() {
    for (unsigned v = 0; v < vcs_; ++v) credits_[v] = cap_;
  }

  // Replaces a count (an edge implemented elsewhere: CreditCountersEdge).
  void set_credits(unsigned vc, uint32_t value) {
    assert(vc < vcs_ && value <= cap_);
    credits_[vc] = value;
  }

 private:
  uint32_t clamp(int64_t v) const {
    return v < 0 ? 0 : (v > static_cast<int64_t>(cap_) ? cap_ : static_cast<uint32_t>(v));
  }
};

// The static credit model: per-VC buffers, the thesis 000 Table 1.2 router's.
using StaticCredits = CreditCounter;

// The clock edge of a router's per-output credit counters implemented elsewhere (the Verilated
// block's socket, systemc/rtl/credit_counter_socket.h; docs/cosim.md "Verilated blocks inside a
// network"). The router keeps applying every event to its own counters (consume, give_back) and
// also records it here; once per cycle in which it has events, between its receive and
// allocation phases, it calls edge() with its counters (indexed by output port). One edge holds
// the consumes of the router's previous allocation and the returns of this cycle's receive: the
// events between two reads of the counts by the allocation, so that the counts after the edge
// are the ones the allocation reads. The edge may replace the counts (set_credits).
class CreditCountersEdge {
 public:
  static constexpr unsigned kMaxPorts = 64;
  // One edge's events, at most one of each kind per output port (one grant per output and cycle;
  // one credit per link and cycle: the sender's input port is busy for a crossbar transfer
  // between two credits). A second event of a kind on a port is recorded in `repeated`.
  struct Events {
    uint64_t consumed = 0, returned = 0, repeated = 0;  // output ports
    uint8_t consume_vc[kMaxPorts] = {}, return_vc[kMaxPorts] = {};
    uint32_t consume_amt[kMaxPorts] = {}, return_amt[kMaxPorts] = {};
    bool any() const { return (consumed | returned) != 0; }
    void consume(unsigned port, unsigned vc, uint32_t amt) {
      repeated |= consumed & (uint64_t{1} << port);
      consumed |= uint64_t{1} << port;
      consume_vc[port] = static_cast<uint8_t>(vc);
      consume_amt[port] = amt;
    }
    void give_back(unsigned port, unsigned vc, uint32_t amt) {
      repeated |= returned & (uint64_t{1} << port);
      returned |= uint64_t{1} << port;
      return_vc[port] = static_cast<uint8_t>(vc);
      return_amt[port] = amt;
    }
    void clear() { consumed = returned = repeated = 0; }
  };

  virtual ~CreditCountersEdge() = default;
  Events& events() { return events_; }
  // The edge: events() went into `credits` already (the model's counts after them); clears
  // events().
  virtual void edge(CreditCounter* credits) = 0;

 protected:
  Events events_;
};

}  // namespace netcosim::model
