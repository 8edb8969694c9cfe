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
// are any, else the injection requests. Restricting a round-robin pointer or an LRS order to one
// class gives that class's round-robin or LRS order, so the two classes need no separate state
// (FOGSim's priority LRS keeps one list, injection ports at its end, and reorders each class's
// part of it: the same order inside each class).
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

}  // namespace netcosim::model
