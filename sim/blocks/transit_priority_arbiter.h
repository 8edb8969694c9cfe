// Transit-over-injection priority arbiter: an arbiter (round-robin or least-recently-served) that
// serves a transit requester whenever one requests, and an injection requester only when no
// transit requester does.
//
// Source: thesis 000 Sec. 3.1.2 (in-transit traffic priority: "a switch arbitration policy which
// always selects an in-transit packet rather than one in the injection queues when both compete
// for an output port", as in BlueGene) and extract §6; FOGSim's output arbiters implement it with
// RR or LRS inside each class (thesis 000 Sec. 1.6.3). docs/model.md "Arbiters".
// Port list: the inner arbiter's (req[N] in, update in, gnt[N] out, its state) plus transit[N]
// (which requesters are transit inputs: a router's non-injection ports, fixed when the router is
// built).
// One inner arbiter serves both classes: the requests it sees are the transit requests when there
// are any, else the injection requests. Restricting an LRS order to one class gives that class's
// LRS order, so for LRS the two classes need no separate state (FOGSim's priority LRS keeps one
// list, injection ports at its end, and reorders each class's part of it: the same order inside
// each class). For round-robin one pointer is not FOGSim's: a transit grant moves it, which
// decides the next injection input served; TransitRrPerClassArbiter below keeps one per class.
#pragma once

#include <cstdint>

#include "sim/blocks/lrs_arbiter.h"
#include "sim/blocks/rr_arbiter.h"

namespace netcosim::model {

template <class Inner>
class TransitPriorityArbiter {
 public:
  TransitPriorityArbiter() = default;
  // `transit`: bit i set when requester i is a transit input.
  TransitPriorityArbiter(unsigned n, uint64_t transit) : inner_(n), transit_(transit) {}

  unsigned size() const { return inner_.size(); }
  uint64_t transit() const { return transit_; }
  void set_transit(uint64_t transit) { transit_ = transit; }
  const Inner& inner() const { return inner_; }
  Inner& inner() { return inner_; }

  // Combinational: the inner arbiter's grant among the transit requests, or among all requests
  // when no transit input requests (then they are all injection requests).
  int arbitrate(uint64_t req) const {
    const uint64_t t = req & transit_;
    return inner_.arbitrate(t != 0 ? t : req);
  }
  // Clocked: the inner arbiter's update for the accepted grant.
  void update(unsigned granted) { inner_.update(granted); }
  void reset() { inner_.reset(); }

 private:
  Inner inner_;
  uint64_t transit_ = 0;
};

using TransitRrArbiter = TransitPriorityArbiter<RoundRobinArbiter>;
using TransitLrsArbiter = TransitPriorityArbiter<LrsArbiter>;

// Transit priority with one round-robin pointer per class (router.transit_rr_pointer=per_class):
// FOGSim's priorityRrArbiter (public FOGSim, switch/arbiter/priorityRrArbiter.cc) keeps its port
// list as the transit ports followed by the injection ports and, on a grant, rotates only the
// served class's part of the list, so a transit grant does not move the injection order and an
// injection grant does not move the transit order. TransitRrArbiter's single pointer differs after
// a transit grant: the next injection grant goes to the first injection input after the transit
// input served, wrapping (with the injection ports numbered first, the lowest-numbered requesting
// one). docs/model.md "Arbiters".
class TransitRrPerClassArbiter {
 public:
  TransitRrPerClassArbiter() = default;
  TransitRrPerClassArbiter(unsigned n, uint64_t transit)
      : transit_arb_(n), injection_arb_(n), transit_(transit) {}

  unsigned size() const { return transit_arb_.size(); }
  uint64_t transit() const { return transit_; }
  const RoundRobinArbiter& transit_arbiter() const { return transit_arb_; }
  const RoundRobinArbiter& injection_arbiter() const { return injection_arb_; }

  // Combinational: the transit pointer's grant among the transit requests, or the injection
  // pointer's among the injection requests when no transit input requests.
  int arbitrate(uint64_t req) const {
    const uint64_t t = req & transit_;
    return t != 0 ? transit_arb_.arbitrate(t) : injection_arb_.arbitrate(req);
  }
  // Clocked: only the granted input's class moves its pointer.
  void update(unsigned granted) {
    if ((transit_ >> granted) & 1u)
      transit_arb_.update(granted);
    else
      injection_arb_.update(granted);
  }
  void reset() {
    transit_arb_.reset();
    injection_arb_.reset();
  }

 private:
  RoundRobinArbiter transit_arb_, injection_arb_;
  uint64_t transit_ = 0;
};

}  // namespace netcosim::model
