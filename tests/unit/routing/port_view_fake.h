// A hand-filled PortView for exact routing-decision tests: the router side of the view (credits of
// each output VC, output FIFO levels, contention counters, the group's sensors) owned by the test
// and set directly. It is wired like the CIOQ router wires its own view (sim/router/cioq): one
// CreditCounter per output with the downstream input buffer per VC as capacity, one
// OutputFifoLevel per output, the router's ContentionCounters and its GroupSensors.
#pragma once

#include <array>
#include <map>
#include <vector>

#include "sim/blocks/contention_counters.h"
#include "sim/blocks/credit_counter.h"
#include "sim/congestion/group_sensors.h"
#include "sim/link/packet.h"
#include "sim/routing/port_view.h"
#include "sim/topology/dragonfly.h"

namespace netcosim::test {

// The configuration defaults (sim/config/config.cpp, thesis 000 Table 1.2): buffers per VC of
// 256 phits (injection), 32 (local), 256 (global); output FIFO 32 phits; packets of 8 phits.
struct FakeBuffers {
  uint32_t injection = 256, local = 32, global = 256, output = 32, packet = 8;
};

class FakePorts final : public GroupSensors {
 public:
  FakePorts(const Dragonfly& topo, uint32_t vcs_local, uint32_t vcs_global, FakeBuffers b = {})
      : topo_(topo), b_(b) {
    const uint32_t radix = topo.first_global_port() + topo.h();
    vcs_ = {3, vcs_local, vcs_global};
    for (uint32_t p = 0; p < radix; ++p) {
      kinds_.push_back(topo.port_class(p));
      const PortClass k = kinds_.back();
      const uint32_t cap = k == kInjectionClass ? b.injection
                           : k == df::kLocal    ? b.local
                                                : b.global;
      credits_.emplace_back(vcs_[static_cast<unsigned>(k)], cap);
    }
    fifos_.resize(radix);
    contention_ = model::ContentionCounters(radix, 8);
    PortView::Wiring w;
    w.classes = kinds_.data();
    w.radix = radix;
    w.vcs = vcs_.data();
    w.credits = model::CreditArray(credits_.data());
    w.fifos = fifos_.data();
    w.fifo_capacity = b.output;
    w.packet_size = b.packet;
    w.contention = &contention_;
    w.sensors = this;
    view_.wire(w);
  }

  // The view of a decision at `router` for a head that arrived on (in_port, in_vc), in cycle now.
  const PortView& at(uint32_t router, uint32_t in_port, uint32_t in_vc = 0, Cycle now = 0) {
    view_.router = router;
    view_.in_port = in_port;
    view_.in_vc = in_vc;
    view_.now = now;
    return view_;
  }

  // Downstream occupancy of output VC (port, vc) in phits: its credits are capacity - phits.
  void occupy(uint32_t port, uint32_t vc, uint32_t phits) {
    credits_[port].reset();
    for (uint32_t v = 0; v < credits_[port].vcs(); ++v)
      if (v != vc && occupied_[port].count(v)) credits_[port].consume(v, occupied_[port][v]);
    credits_[port].consume(vc, phits);
    occupied_[port][vc] = phits;
  }
  // The same occupancy on every VC of every output (the default 0: all credits).
  void occupy_all(uint32_t phits) {
    for (uint32_t p = 0; p < credits_.size(); ++p)
      for (uint32_t v = 0; v < credits_[p].vcs(); ++v) occupy(p, v, phits);
  }
  uint32_t capacity(uint32_t port) const { return credits_[port].capacity(); }
  // The output FIFO of `port` full (no room for a packet: the output cannot take one now).
  void fill_fifo(uint32_t port) { fifos_[port].used_phits = b_.output; }
  // The crossbar writes into the output FIFO of `port` until cycle `until` (exclusive): a grant
  // in cycle g with a transfer of X cycles sets until = g + X (sim/router/cioq/output_unit.h).
  void write_fifo(uint32_t port, Cycle until) { fifos_[port].write_busy_until = until; }
  // Contention counter of output `port` (seed 001 Sec. III-B): `count` heads want it.
  void contend(uint32_t port, uint32_t count) {
    for (uint32_t i = 0; i < count; ++i) contention_.increment(port);
    contention_.update();
  }
  // One step of the filtered counters (thesis 000 Eq. 4.1) with alpha = alpha_256 / 256.
  void filter(uint32_t alpha_256) { contention_.filter(alpha_256); }
  // ECtN's combined counter of group g; PiggyBack's saturation bits of router `index` of the
  // group.
  void set_ectn(uint32_t g, uint32_t combined) { ectn_[g] = combined; }
  // `reply`: the replies' set (SensorNeeds::sat_reply_vc).
  void set_saturation(uint32_t index, uint64_t mask, bool reply = false) {
    sat_[reply ? 1 : 0][index] = mask;
  }

  uint32_t ectn_combined(uint32_t g, Cycle) const override {
    const auto it = ectn_.find(g);
    return it == ectn_.end() ? 0 : it->second;
  }
  uint64_t peer_saturation(uint32_t index, Cycle) const override { return sat(0, index); }
  uint64_t peer_reply_saturation(uint32_t index, Cycle) const override { return sat(1, index); }

 private:
  const Dragonfly& topo_;
  FakeBuffers b_;
  std::array<uint32_t, 3> vcs_{};
  std::vector<PortClass> kinds_;
  std::vector<model::CreditCounter> credits_;
  std::vector<OutputFifoLevel> fifos_;
  std::map<uint32_t, std::map<uint32_t, uint32_t>> occupied_;
  model::ContentionCounters contention_;
  std::map<uint32_t, uint32_t> ectn_;
  uint64_t sat(unsigned set, uint32_t index) const {
    const auto it = sat_[set].find(index);
    return it == sat_[set].end() ? 0 : it->second;
  }
  std::map<uint32_t, uint64_t> sat_[2];
  PortView view_;
};

// Router 0 (group 0, index 0) at injection port 0, with a packet from node 0 to the first node of
// the first group that router 0 does not reach over one of its own global links: the minimal
// output is a local hop, and every global link of router 0 is a global misrouting candidate. The
// scenario of the OLM global-misrouting tests at injection; 3 local and 2 global VCs.
struct InjectionToFarGroup {
  explicit InjectionToFarGroup(const Dragonfly& topo)
      : ports(topo, 3, 2), first_global(topo.first_global_port()) {
    auto direct = [&](uint32_t g) {
      for (uint32_t k = 0; k < topo.h(); ++k)
        if (topo.global_target_group(0, 0, k) == g) return true;
      return false;
    };
    while (direct(Gd)) ++Gd;
    pkt.src = 0;
    pkt.dst = Gd * topo.a() * topo.p();
    min_port = topo.min_output(0, Gd * topo.a());
  }
  // The minimal output full downstream on VC 0 (the credit trigger fires: no credits) and the
  // output FIFO of router 0's first global port full: of its global links only the others can
  // take the packet.
  void congest() {
    ports.occupy(min_port, 0, 32);
    ports.fill_fifo(first_global);
  }
  FakePorts ports;
  uint32_t Gd = 1;  // the destination group
  Packet pkt;
  uint32_t min_port = 0;  // router 0's minimal output towards it
  uint32_t first_global = 0;
};

}  // namespace netcosim::test
