// Head-wait counters (netcosim run --waits; docs/model.md "Head waits"): per router, over the
// measurement window, the cycles each ready head of an input VC spends in each state of the
// router's allocation step. The CIOQ router counts them in its allocate<..., kWaits = true>
// instantiations only (sim/router/cioq/router_allocate.h, compiled in router_waits.cpp); off, no
// counter is touched.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/link/packet.h"
#include "sim/topology/topology.h"

namespace netcosim {

// What a ready head (its packet at the head of its input VC, past the router's pipeline latency)
// did in one allocation step; exactly one per head and cycle.
enum class HeadWait : uint8_t {
  InputBusy = 0,  // its input port is transferring another packet across the crossbar
  OutputRoom,     // its output FIFO cannot take the packet now (write side busy or no room)
  Credits,        // no VC the route allows has credits for the whole packet downstream
  ReplyGate,      // a request whose ejection NIC has no room for its reply (traffic.reply_queue)
  Lost,           // requested its output and was not granted
  Granted,        // granted: its crossbar transfer starts in this cycle
};
inline constexpr uint32_t kHeadWaitReasons = 6;
inline const char* head_wait_name(uint32_t r) {
  static const char* const names[kHeadWaitReasons] = {"input_busy", "output_room", "credits",
                                                      "reply_gate", "lost",        "granted"};
  return names[r];
}

// One router's counters: by input port and input VC, and by output port and the input port's
// class (input_busy is counted on the input side only: such a head is not asked for an output).
struct HeadWaits {
  Cycle start = 0, end = 0;  // counted in cycles [start, end)
  uint32_t ports = 0, vcs = 0;
  std::vector<uint64_t> in;     // [(port * vcs + vc) * kHeadWaitReasons + reason]
  std::vector<uint64_t> out;    // [(out_port * kMaxPortClasses + in_class) * kHeadWaitReasons + r]
  uint32_t requested[64] = {};  // per input port: the VCs that requested in this cycle
  void init(uint32_t p, uint32_t v, Cycle from, Cycle to) {
    ports = p;
    vcs = v;
    start = from;
    end = to;
    in.assign(size_t{p} * v * kHeadWaitReasons, 0);
    out.assign(size_t{p} * kMaxPortClasses * kHeadWaitReasons, 0);
  }
  uint64_t& at_in(uint32_t port, uint32_t vc, HeadWait r) {
    return in[(size_t{port} * vcs + vc) * kHeadWaitReasons + static_cast<uint32_t>(r)];
  }
  uint64_t& at_out(uint32_t port, PortClass in_class, HeadWait r) {
    return out[(size_t{port} * kMaxPortClasses + in_class) * kHeadWaitReasons +
               static_cast<uint32_t>(r)];
  }
  uint64_t in_count(uint32_t port, uint32_t vc, HeadWait r) const {
    return in[(size_t{port} * vcs + vc) * kHeadWaitReasons + static_cast<uint32_t>(r)];
  }
  uint64_t out_count(uint32_t port, PortClass in_class, HeadWait r) const {
    return out[(size_t{port} * kMaxPortClasses + in_class) * kHeadWaitReasons +
               static_cast<uint32_t>(r)];
  }
};

}  // namespace netcosim
