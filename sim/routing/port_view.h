// What a routing decision may read (docs/architecture.md): the ports of the router it is taken at,
// as they were at the start of the cycle. The router fills one PortView when it is built (pointers
// to its credit models' published levels, output FIFO levels, contention counters and group
// sensors) and sets the
// head's input port, input VC and the cycle before each decision; the view is plain data with
// inline accessors, so reading it costs what reading the router did. Routing never includes a
// router: a second router architecture fills the same view.
#pragma once

#include <cstddef>
#include <cstdint>

#include "sim/blocks/contention_counters.h"
#include "sim/blocks/credit_model.h"
#include "sim/congestion/group_sensors.h"
#include "sim/link/packet.h"
#include "sim/topology/topology.h"

namespace netcosim {

// The level of one output FIFO (phits), written by the router, read by routing (can a packet be
// granted to this output now?).
struct OutputFifoLevel {
  uint32_t used_phits = 0;     // queued + the packet still on the link
  Cycle tx_release = 0;        // when the packet on the link has left the FIFO
  bool tx_pending = false;     // a packet is on the link and still counted in used_phits
  Cycle write_busy_until = 0;  // the crossbar is writing into the FIFO until then
  // Free phits in cycle `now`: the packet on the link has left once its tail is out.
  uint32_t free(Cycle now, uint32_t capacity, uint32_t packet_size) const {
    const bool released = tx_pending && now >= tx_release;
    return capacity - used_phits + (released ? packet_size : 0);
  }
};

class PortView {
 public:
  // The decision: router, the head's input port and VC, the cycle.
  uint32_t router = 0;
  uint32_t in_port = 0;
  uint32_t in_vc = 0;
  Cycle now = 0;

  PortClass port_class(uint32_t port) const { return classes_[port]; }
  uint32_t radix() const { return radix_; }
  uint32_t packet_size() const { return packet_size_; }
  // VCs of a port class.
  uint32_t vcs(PortClass kind) const { return vcs_[static_cast<unsigned>(kind)]; }
  // Downstream buffer occupancy of an output VC, in phits, as the credits see it, and the most
  // one VC can hold (CreditLevels, sim/blocks/credit_model.h: any credit model). `vc` is the VC
  // as the routing names it: in a reply's view under the baseline's request and reply halves
  // (with_vc_base, sim/routing/request_reply.h), its index within the reply half.
  uint32_t downstream_occupancy(uint32_t port, uint32_t vc) const {
    return credits_[port].occupancy(vc + vc_base_[classes_[port]]);
  }
  uint32_t downstream_capacity(uint32_t port) const { return credits_[port].capacity(); }
  // The occupancy of every VC of an output summed (per-port sensing, thesis 000 Sec. 5.2.4: the
  // port's VCs, both halves with request-reply traffic).
  uint32_t port_occupancy(uint32_t port) const {
    uint32_t sum = 0;
    for (uint32_t v = 0; v < vcs(classes_[port]); ++v) sum += credits_[port].occupancy(v);
    return sum;
  }
  // minCred (thesis 000 Sec. 5.2.4): the part of downstream_occupancy held by minimally routed
  // packets, when the router keeps it (has_min_occupancy()); of a VC, or summed over the port.
  bool has_min_occupancy() const { return min_occ_ != nullptr; }
  uint32_t downstream_min_occupancy(uint32_t port, uint32_t vc) const {
    return min_occ_[size_t{port} * min_stride_ + vc + vc_base_[classes_[port]]];
  }
  uint32_t port_min_occupancy(uint32_t port) const {
    uint32_t sum = 0;
    for (uint32_t v = 0; v < vcs(classes_[port]); ++v)
      sum += min_occ_[size_t{port} * min_stride_ + v];
    return sum;
  }
  // The view with the VCs of port class k read from VC first[k] on (a reply under the baseline's
  // halves: the routing names VCs within the reply half, docs/model.md §4.7); every view a router
  // wires has them from 0.
  PortView with_vc_base(const uint32_t (&first)[kMaxPortClasses]) const {
    PortView v = *this;
    for (unsigned k = 0; k < kMaxPortClasses; ++k) v.vc_base_[k] = static_cast<uint8_t>(first[k]);
    return v;
  }
  // The level of an output FIFO (the router may keep it inside a larger per-output record): the
  // port's first VL, and VL `vl` of a port with several (output_unit.h).
  const OutputFifoLevel& fifo(uint32_t port) const {
    return *reinterpret_cast<const OutputFifoLevel*>(fifos_ + size_t{port} * port_stride_);
  }
  const OutputFifoLevel& fifo(uint32_t port, uint32_t vl) const {
    return *reinterpret_cast<const OutputFifoLevel*>(fifos_ + size_t{port} * port_stride_ +
                                                     size_t{vl} * fifo_stride_);
  }
  uint32_t fifo_vls() const { return static_cast<uint32_t>(port_stride_ / fifo_stride_); }
  // Free phits of an output FIFO now.
  uint32_t fifo_free(uint32_t port) const {
    return fifo(port).free(now, fifo_capacity_, packet_size_);
  }
  // True if a packet could be granted to (port, vc) now: credits and output FIFO space.
  bool output_can_take(uint32_t port, uint32_t vc) const {
    if (fifo_free(port) < packet_size_) return false;
    return classes_[port] == kInjectionClass ||
           credits_[port].can_send(vc + vc_base_[classes_[port]], packet_size_);
  }
  // Contention counters of the router's outputs (seed 001 Sec. III), when the routing asked for
  // them (RoutingAlgorithm::sensor_needs()).
  const model::ContentionCounters& contention() const { return *contention_; }
  // State published by the other routers of the group. PiggyBack's bits, and the replies' (from
  // the reply VCs' first global VC when the sensors keep that second set, seed 002 Sec. IV-A;
  // else the one set).
  uint32_t ectn_combined(uint32_t group) const { return sensors_->ectn_combined(group, now); }
  uint64_t peer_saturation(uint32_t index_in_group) const {
    return sensors_->peer_saturation(index_in_group, now);
  }
  uint64_t peer_reply_saturation(uint32_t index_in_group) const {
    return sensors_->peer_reply_saturation(index_in_group, now);
  }

  // Wiring, by the router that owns the view (the arrays outlive it).
  struct Wiring {
    const PortClass* classes = nullptr;  // per port
    uint32_t radix = 0;
    const uint32_t* vcs = nullptr;  // by port class
    model::CreditArray credits;     // per output port, the router's credit models
    // Port 0's level; port p's VL v is (p * fifo_vls + v) * fifo_stride bytes on.
    const OutputFifoLevel* fifos = nullptr;
    size_t fifo_stride = sizeof(OutputFifoLevel);
    uint32_t fifo_vls = 1;
    uint32_t fifo_capacity = 0;
    uint32_t packet_size = 0;
    const model::ContentionCounters* contention = nullptr;
    const GroupSensors* sensors = nullptr;
    const uint32_t* min_occupancy = nullptr;  // minCred: [port * min_stride + vc], or none
    uint32_t min_stride = 0;
  };
  void wire(const Wiring& w) {
    classes_ = w.classes;
    radix_ = w.radix;
    vcs_ = w.vcs;
    credits_ = w.credits;
    fifos_ = reinterpret_cast<const unsigned char*>(w.fifos);
    fifo_stride_ = w.fifo_stride;
    port_stride_ = w.fifo_stride * w.fifo_vls;
    fifo_capacity_ = w.fifo_capacity;
    packet_size_ = w.packet_size;
    contention_ = w.contention;
    sensors_ = w.sensors;
    min_occ_ = w.min_occupancy;
    min_stride_ = w.min_stride;
  }

 private:
  const PortClass* classes_ = nullptr;
  uint32_t radix_ = 0;
  const uint32_t* vcs_ = nullptr;
  model::CreditArray credits_;
  const unsigned char* fifos_ = nullptr;
  size_t fifo_stride_ = sizeof(OutputFifoLevel);
  size_t port_stride_ = sizeof(OutputFifoLevel);
  uint32_t fifo_capacity_ = 0;
  uint32_t packet_size_ = 0;
  const model::ContentionCounters* contention_ = nullptr;
  const GroupSensors* sensors_ = nullptr;
  const uint32_t* min_occ_ = nullptr;
  uint32_t min_stride_ = 0;
  uint8_t vc_base_[kMaxPortClasses] = {};  // per port class: the VC routing's VC 0 reads
};

}  // namespace netcosim
