// Round-robin arbiter: the block model of rtl/rr_arbiter.sv.
//
// Source: thesis 000 Sec. 1.1 and Sec. 1.6.3 (FOGSim allocator): "the first port served is the one
// after the last port granted", and the priority list rotates only when the resource is granted.
// Port list (RTL):  req[N] in, update in, grant[N] out (one-hot, combinational), ptr (state).
//   - arbitrate(req) is the combinational grant for the current pointer;
//   - update(granted) is the clocked pointer move, done only when the grant was accepted.
#pragma once

#include <cassert>
#include <cstdint>

namespace netcosim::model {

class RoundRobinArbiter {
 public:
  static constexpr unsigned kMaxInputs = 64;

  RoundRobinArbiter() = default;
  explicit RoundRobinArbiter(unsigned n) : n_(n) { assert(n >= 1 && n <= kMaxInputs); }

  unsigned size() const { return n_; }
  unsigned pointer() const { return ptr_; }

  // Combinational: the first requester at or after the pointer, wrapping; -1 when req is empty.
  // Bits of req at or above size() are ignored.
  int arbitrate(uint64_t req) const {
    req &= mask_all();
    if (req == 0) return -1;
    const uint64_t high = req & ~((uint64_t{1} << ptr_) - 1);  // ptr_ < 64 always
    return __builtin_ctzll(high != 0 ? high : req);
  }

  // Clocked: the granted requester becomes the lowest priority (pointer = granted + 1 mod N).
  void update(unsigned granted) {
    assert(granted < n_);
    ptr_ = (granted + 1 == n_) ? 0 : granted + 1;
  }

  void reset() { ptr_ = 0; }

 private:
  uint64_t mask_all() const { return n_ == 64 ? ~uint64_t{0} : ((uint64_t{1} << n_) - 1); }

  unsigned n_ = 1;
  unsigned ptr_ = 0;
};

// The round-robin SL arbiters of a switch's output ports (router.output_scheduler=rr:
// RrSlScheduler's arbiter over the SLs, sim/router/vl/rr_sl_scheduler.h) implemented elsewhere
// (the Verilated rtl/rr_arbiter.sv's socket, systemc/rtl/sched_arbiter_socket.h; docs/cosim.md
// "Verilated blocks inside a network"), which the switch then owns (RouterModel::set_rr_block).
// For every decision of output `port` the switch passes the SLs that request (a head on one of
// their VLs can start), its C++ arbiter's choice (`model`, -1 for none) and that arbiter (`arb`:
// its pointer before the decision); select() returns the SL granted (the RTL's in strict mode,
// `model` in shadow mode). accept() follows when the granted SL's packet starts (sl: the one
// select() returned), before the port's next select().
class RrBlock {
 public:
  virtual ~RrBlock() = default;
  virtual int select(uint32_t port, uint64_t req, int model, const RoundRobinArbiter& arb) = 0;
  virtual void accept(uint32_t port, uint32_t sl) = 0;
  // The arbiters an implementation decides for and the parameter set it implements, in
  // rtl/rr_arbiter.sv's terms: `ports` outputs (its ports 0 .. ports - 1), N requesters (the
  // switch's SLs). The router module's round-robin sockets (systemc/router/router_module.h) refuse
  // a block of another shape, and one that states none (false). Never called in the cycle loop.
  struct Shape {
    uint32_t ports = 0;
    unsigned N = 0;
  };
  virtual bool shape(Shape& /*s*/) const { return false; }
  // Its port 0 decides for the switch's output `first` (its port k for first + k): the router
  // module's single-output sockets (set_*(output, block)) tell it, so that an implementation's
  // reports name the switch's outputs. Never called in the cycle loop.
  virtual void set_first_output(uint32_t /*first*/) {}
};

}  // namespace netcosim::model
