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

// The head packet's traffic class (traffic.request_reply; thesis 000 Sec. 1.6.2): requests and
// any packet of other traffic 0, replies 1. The counts are kept per class; the results split them
// only for request-reply traffic.
inline constexpr uint32_t kHeadWaitClasses = 2;
inline uint32_t head_wait_class(const Packet& p) {
  return p.cls == Packet::kReply ? 1u : 0u;
}
inline const char* head_wait_class_name(uint32_t c) {
  return c == 0 ? "request" : "reply";
}

// One router's counters: by input port and input VC, and by output port and the input port's
// class (input_busy is counted on the input side only: such a head is not asked for an output),
// each per traffic class of the head (head_wait_class).
struct HeadWaits {
  Cycle start = 0, end = 0;  // counted in cycles [start, end)
  uint32_t ports = 0, vcs = 0;
  std::vector<uint64_t> in;  // [((port * vcs + vc) * kHeadWaitClasses + tc) * kHeadWaitReasons + r]
  std::vector<uint64_t> out;    // [((out_port * kMaxPortClasses + in_class) * kHeadWaitClasses +
                                //   tc) * kHeadWaitReasons + r]
  uint32_t requested[64] = {};  // per input port: the VCs that requested in this cycle
  void init(uint32_t p, uint32_t v, Cycle from, Cycle to) {
    ports = p;
    vcs = v;
    start = from;
    end = to;
    in.assign(size_t{p} * v * kHeadWaitClasses * kHeadWaitReasons, 0);
    out.assign(size_t{p} * kMaxPortClasses * kHeadWaitClasses * kHeadWaitReasons, 0);
  }
  size_t in_index(uint32_t port, uint32_t vc, uint32_t tc, HeadWait r) const {
    return ((size_t{port} * vcs + vc) * kHeadWaitClasses + tc) * kHeadWaitReasons +
           static_cast<uint32_t>(r);
  }
  size_t out_index(uint32_t port, PortClass in_class, uint32_t tc, HeadWait r) const {
    return ((size_t{port} * kMaxPortClasses + in_class) * kHeadWaitClasses + tc) *
               kHeadWaitReasons +
           static_cast<uint32_t>(r);
  }
  uint64_t& at_in(uint32_t port, uint32_t vc, uint32_t tc, HeadWait r) {
    return in[in_index(port, vc, tc, r)];
  }
  uint64_t& at_out(uint32_t port, PortClass in_class, uint32_t tc, HeadWait r) {
    return out[out_index(port, in_class, tc, r)];
  }
  uint64_t in_count(uint32_t port, uint32_t vc, uint32_t tc, HeadWait r) const {
    return in[in_index(port, vc, tc, r)];
  }
  uint64_t out_count(uint32_t port, PortClass in_class, uint32_t tc, HeadWait r) const {
    return out[out_index(port, in_class, tc, r)];
  }
  // Both traffic classes together.
  uint64_t in_count(uint32_t port, uint32_t vc, HeadWait r) const {
    return in_count(port, vc, 0, r) + in_count(port, vc, 1, r);
  }
  uint64_t out_count(uint32_t port, PortClass in_class, HeadWait r) const {
    return out_count(port, in_class, 0, r) + out_count(port, in_class, 1, r);
  }
};

}  // namespace netcosim
