// Deficit Round Robin over the virtual lanes of one output port: the block model of
// rtl/drr_arbiter.sv, the reference for the area comparison thesis 003 cites (Sec. 5.4: the
// DTable scheduler's silicon area is twice DRR's; docs/area.md).
//
// DRR (Shreedhar and Varghese): each VL has a quantum and a deficit counter; the lanes are visited
// in round robin; a visit adds the quantum to the lane's deficit, and the lane sends packets while
// its head fits in the deficit; a lane that becomes empty loses its deficit. Written in the same
// form as the DTable block (sim/blocks/dtable_arbiter.h), whose table of one entry per VL it is.
//
// Port list (RTL, V lanes, QW-bit quanta, SW-bit sizes, AW = max(QW, SW) + 1 bit deficits):
//   in : cfg_we, cfg_addr, cfg_quantum    write one lane's quantum (takes effect next cycle)
//        active[V]   the lane has a packet and downstream credits for it
//        size[V]     its head packet's size in credits
//        accept      the granted lane's packet starts this cycle (ignored without a grant)
//   out: gnt_valid, gnt_vl                combinational
//        cur, in_service, deficit[V]      registered (reset: cur = V - 1, so lane 0 is first)
// Decision:
//   in_service && active[cur] && deficit[cur] >= size[cur]    -> cur again (deficit -= size)
//   otherwise the first lane v after cur (cur + 1, ..., wrapping, cur last) with
//     quantum[v] != 0 && active[v] && deficit[v] + quantum[v] >= size[v]
//   which starts a visit: deficit[v] = deficit[v] + quantum[v] - size[v]; the lane being left
//   keeps its deficit if it is active and loses it (0) if it is not.
// AW is wide enough that no deficit wraps: a deficit is below the next head's size after a visit.
#pragma once

#include <cassert>
#include <cstdint>

namespace netcosim::model {

struct DrrParams {
  unsigned vls = 8;           // V
  unsigned quantum_bits = 8;  // QW
  unsigned size_bits = 6;     // SW
  unsigned deficit_bits() const {
    return (quantum_bits > size_bits ? quantum_bits : size_bits) + 1;
  }
};

class DrrArbiter {
 public:
  static constexpr unsigned kMaxVls = 32;
  static constexpr uint32_t kNoGrant = ~uint32_t{0};

  struct Decision {
    bool valid = false;
    bool visit = false;  // a new visit starts (else the current lane continues)
    unsigned vl = 0;
    uint32_t deficit = 0;    // the granted lane's deficit after the accept
    bool clear_cur = false;  // the lane being left is inactive: its deficit becomes 0
  };

  DrrArbiter() { reset(); }
  explicit DrrArbiter(const DrrParams& p) : p_(p) {
    assert(p.vls >= 1 && p.vls <= kMaxVls && p.quantum_bits <= 30 && p.size_bits <= 30);
    reset();
  }
  const DrrParams& params() const { return p_; }
  unsigned cur() const { return cur_; }
  bool in_service() const { return in_service_; }
  uint32_t deficit(unsigned v) const { return deficit_[v]; }
  uint32_t quantum(unsigned v) const { return quantum_[v]; }

  // The first visit goes to lane 0 (the walk starts after cur).
  void reset() {
    cur_ = p_.vls - 1;
    in_service_ = false;
    for (unsigned v = 0; v < kMaxVls; ++v) deficit_[v] = quantum_[v] = 0;
  }
  void write_quantum(unsigned vl, uint32_t q) {
    assert(vl < p_.vls);
    quantum_[vl] = q & mask(p_.quantum_bits);
  }

  Decision evaluate(uint32_t active, const uint32_t* size) const {
    Decision d;
    const uint32_t smask = mask(p_.size_bits), dmask = mask(p_.deficit_bits());
    auto act = [&](unsigned v) { return ((active >> v) & 1u) != 0; };
    if (in_service_ && act(cur_) && deficit_[cur_] >= (size[cur_] & smask)) {
      d.valid = true;
      d.vl = cur_;
      d.deficit = (deficit_[cur_] - (size[cur_] & smask)) & dmask;
      return d;
    }
    for (unsigned k = 1; k <= p_.vls; ++k) {
      const unsigned v = cur_ + k < p_.vls ? cur_ + k : cur_ + k - p_.vls;
      const uint32_t s = size[v] & smask;
      if (quantum_[v] == 0 || !act(v) || deficit_[v] + quantum_[v] < s) continue;
      d.valid = d.visit = true;
      d.vl = v;
      d.deficit = (deficit_[v] + quantum_[v] - s) & dmask;
      d.clear_cur = in_service_ && !act(cur_);
      return d;
    }
    return d;
  }

  void commit(const Decision& d) {
    if (!d.valid) return;
    if (d.clear_cur) deficit_[cur_] = 0;
    deficit_[d.vl] = d.deficit;
    cur_ = d.vl;
    in_service_ = true;
  }

  // The output scheduler interface (sim/blocks/output_scheduler.h); see DTableArbiter::select.
  uint32_t select(uint32_t active, const uint32_t* size) const {
    latched_ = evaluate(active, size);
    return latched_.valid ? latched_.vl : kNoGrant;
  }
  void accept(uint32_t vl) {
    assert(latched_.valid && latched_.vl == vl);
    (void)vl;
    commit(latched_);
    latched_ = Decision{};
  }

 private:
  static uint32_t mask(unsigned bits) {
    return bits >= 32 ? ~uint32_t{0} : (uint32_t{1} << bits) - 1;
  }
  DrrParams p_;
  unsigned cur_ = 0;
  bool in_service_ = false;
  uint32_t deficit_[kMaxVls] = {}, quantum_[kMaxVls] = {};
  mutable Decision latched_;
};

// The DRR output schedulers of a switch's ports (router.output_scheduler=drr: DrrSlBlock,
// sim/router/vl/table_schedulers.h) implemented elsewhere (the Verilated rtl/drr_arbiter.sv's
// socket, systemc/rtl/sched_arbiter_socket.h; docs/cosim.md "Verilated blocks inside a network"),
// which the switch then owns (RouterModel::set_drr_block). For every decision of output `port`
// the switch passes the active SLs, their head packets' sizes in credits, its C++ arbiter's
// choice (`model`, kNoGrant for none) and that arbiter (`arb`: its registers before the
// decision); select() returns the SL granted (the RTL's in strict mode, `model` in shadow mode).
// accept() follows when the granted SL's packet starts, before the port's next select().
class DrrBlock {
 public:
  virtual ~DrrBlock() = default;
  virtual uint32_t select(uint32_t port, uint32_t active, const uint32_t* size, uint32_t model,
                          const DrrArbiter& arb) = 0;
  virtual void accept(uint32_t port, uint32_t sl) = 0;
  // The schedulers an implementation decides for and the parameter set it implements, in
  // rtl/drr_arbiter.sv's terms: `ports` outputs (its ports 0 .. ports - 1), V lanes (the switch's
  // SLs rounded up to a power of two), QW- and SW-bit quanta and sizes (DrrParams). The router
  // module's DRR sockets (systemc/router/router_module.h) refuse a block of another shape, and one
  // that states none (false). Never called in the cycle loop.
  struct Shape {
    uint32_t ports = 0;
    unsigned V = 0, QW = 0, SW = 0;
  };
  virtual bool shape(Shape& /*s*/) const { return false; }
  // Its port 0 decides for the switch's output `first` (its port k for first + k): the router
  // module's single-output sockets (set_*(output, block)) tell it, so that an implementation's
  // reports name the switch's outputs. Never called in the cycle loop.
  virtual void set_first_output(uint32_t /*first*/) {}
};

}  // namespace netcosim::model
