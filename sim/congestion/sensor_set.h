// The congestion sensors of one router, built from the routing's SensorNeeds (only what is needed
// is built and updated): contention counters, ECtN partial counters, PiggyBack saturation bits.
// The router calls the hooks below with plain values (ports, outputs, nodes, cycles) at fixed
// points of its cycle (docs/architecture.md, "one cycle of a router"); this file knows no router.
// It is also what routing reads beyond the router's own ports (GroupSensors, via PortView): the
// sensors of the routers of a group reach each other through their SensorSets, wired by the
// network (wire_group).
#pragma once

#include <cstdint>
#include <vector>

#include "sim/congestion/contention_sensor.h"
#include "sim/congestion/ectn_sensor.h"
#include "sim/congestion/group_sensors.h"
#include "sim/congestion/saturation_sensor.h"
#include "sim/congestion/sensor_needs.h"
#include "sim/topology/topology.h"

namespace netcosim {

class SensorSet final : public GroupSensors {
 public:
  // The sensors of router `router` of `topo` (`radix` ports); `global_vcs`: VCs of a global port.
  // PiggyBack's bits need the router's Global ports to be consecutive (a logic_error otherwise).
  SensorSet(const SensorNeeds& needs, const Topology& topo, uint32_t router, uint32_t radix,
            uint32_t global_vcs);
  SensorSet(const SensorSet&) = delete;
  SensorSet& operator=(const SensorSet&) = delete;

  // Wiring (network): the sensor sets of the routers of this router's group, in group order
  // (this one included), reached with the local links' latency; ECtN broadcasts every period.
  void wire_group(const std::vector<SensorSet*>& group, Cycle local_latency, Cycle ectn_period);

  // True when heads are counted: the contention counters, and ECtN's partial counters with them
  // (a routing that asks for ECtN also asks for the counters).
  bool counting() const { return contention_.enabled(); }
  // Hooks, in the order the router calls them within a cycle.
  // 1. Start of the router's step, before any change.
  void begin_cycle(Cycle now) {
    if (ectn_on_) ectn_.record(now);
  }
  // 2. A packet's header reached the head of input buffer of port `in_port` (counting() only).
  void head_arrived(uint32_t in_port, uint32_t min_out, uint32_t dst_node) {
    contention_.head_arrived(min_out);
    if (ectn_on_) {
      const uint32_t g = ectn_group(in_port, dst_node);
      if (g != kNone) ectn_.head_arrived(g);
    }
  }
  // 3. The cycle's credits have arrived (credit counters of the output ports, by port); tails
  // that have left their input buffer by now are uncounted. Returns their input ports (the
  // router then counts the headers that reach the head of those buffers).
  uint64_t credits_arrived(Cycle now, const model::CreditArray& credits) {
    if (saturation_on_) saturation_.update(now, credits);
    if (!contention_.tails_pending()) return 0;
    const uint64_t left = contention_.tails_left(now);
    if (ectn_on_) ectn_.tails_left(left);
    return left;
  }
  // 4. The head of `in_port` was granted; its tail leaves the input buffer at `tail_at`
  // (counting() only).
  void head_granted(uint32_t in_port, uint32_t min_out, uint32_t dst_node, Cycle tail_at) {
    contention_.head_granted(in_port, min_out, tail_at);
    if (ectn_on_) ectn_.head_granted(in_port, ectn_group(in_port, dst_node));
  }
  // 4a. head_until_tail only, before the grant of a head of `in_port`: that port's previous
  // packet, which left VC `vc`, stays counted until its tail has arrived (its pending tail moves
  // to the late list).
  void defer_tail(uint32_t in_port, uint8_t vc) {
    contention_.defer_tail(in_port, vc, ectn_on_ ? ectn_.tail_group(in_port) : kNone);
  }
  // 4b. The late tails due by `now` are uncounted; f(in_port, vc) for each (the router then
  // counts the header that reaches the head of that VC).
  template <class F>
  void late_tails_left(Cycle now, F&& f) {
    contention_.late_tails_left(now, [&](uint32_t in_port, uint32_t vc, uint32_t group) {
      if (ectn_on_) ectn_.group_tail_left(group);
      f(in_port, vc);
    });
  }
  bool late_tails_pending() const { return contention_.late_tails() != 0; }
  void reserve_late(uint32_t capacity) { contention_.reserve_late(capacity); }
  Cycle tail_at(uint32_t in_port) const { return contention_.tail_at(in_port); }
  // 5. End of the router's cycle: the counters' clock edge.
  void end_cycle() {
    if (contention_.enabled()) contention_.end_cycle();
  }
  // True while a later cycle may change a sensor without a new event (router activity).
  bool pending() const { return contention_.pending(); }

  const model::ContentionCounters& contention() const { return contention_.counters(); }
  void set_contention_edge(model::ContentionCountersEdge* edge) { contention_.set_edge(edge); }
  const EctnSensor& ectn() const { return ectn_; }
  const SaturationSensor& saturation() const { return saturation_; }
  // minCred's counts of the router (SaturationSensor::set_min_counts), when the bits read them.
  bool saturation_min_only() const { return saturation_.min_only(); }
  void set_min_counts(const uint32_t* counts, uint32_t stride) {
    saturation_.set_min_counts(counts, stride);
  }
  uint32_t ectn_combined(uint32_t g, Cycle now) const override { return ectn_.combined(g, now); }
  uint64_t peer_saturation(uint32_t index_in_group, Cycle now) const override {
    return saturation_.peer(index_in_group, now);
  }
  uint64_t peer_reply_saturation(uint32_t index_in_group, Cycle now) const override {
    return saturation_.peer_reply(index_in_group, now);
  }

 private:
  // ECtN counts heads at injection and global inputs whose destination is another group (a
  // partition of the topology).
  uint32_t ectn_group(uint32_t in_port, uint32_t dst_node) const {
    if ((local_ports_ >> in_port) & 1u) return kNone;
    const uint32_t g = topo_.partition_of_node(dst_node);
    return g == ectn_.my_group() ? kNone : g;
  }

  // The flags every router step reads, in the set's first cache line with the contention
  // sensor's own flags and pending tails.
  bool ectn_on_ = false;        // ECtN wired (wire_group)
  bool saturation_on_ = false;  // PiggyBack bits updated
  bool ectn_needed_ = false;
  uint32_t group_ = 0;        // this router's group (partition)
  uint64_t local_ports_ = 0;  // bit i: port i is a Local port
  const Topology& topo_;
  ContentionSensor contention_;
  EctnSensor ectn_;
  SaturationSensor saturation_;
};

}  // namespace netcosim
