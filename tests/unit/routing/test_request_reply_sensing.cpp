// What an adaptive routing senses for a reply under the baseline's request and reply halves
// (docs/model.md §4.7; seed 002 Sec. IV-A: "with request-reply traffic, the first VC used in each
// subpath is considered. In such case, PB per-VC distributes the saturation information of both
// VCs"): PiggyBack wrapped in RequestReplyVcs (8/4 = 4/2 + 4/2: reply local VCs 4-7, global 2-3)
// reads, for a reply, the second set of saturation bits (the reply half's first global VC, VC 2)
// and the reply half's occupancy in its UGAL comparison; a request, the first set and the request
// half. Each expectation is set on one class's VCs and checked against both classes, so reading
// the other half fails it.
//
// Scenario (h2: p=2 a=4 h=2; ports 0-1 injection, 2-4 local, 5-6 global): a packet injected at
// router 0 for the group of router 0's global port 5 (link 0 of group 0: bit 0 of router 0's
// bits), minimal output port 5; its Valiant candidate's first hop another port. UGAL's defaults
// (thesis 000 Eq. 1.2): minimal iff Q_MIN <= 2 * Q_VAL + 24 phits.
#include <gtest/gtest.h>

#include <memory>

#include "port_view_fake.h"
#include "sim/routing/dragonfly/paths.h"
#include "sim/routing/dragonfly/piggyback.h"
#include "sim/routing/request_reply.h"

using namespace netcosim;
using netcosim::test::FakePorts;

namespace {

constexpr uint32_t kMinPort = 5;

struct Scenario {
  Dragonfly topo{2, 4, 2, Arrangement::Palmtree};
  FakePorts ports{topo, 8, 4};
  Packet pkt;
  uint32_t cand = 0, val_port = 0;
  Rng rng{1, 2, 3};
  // The halves of 8/4: injection not split, local VCs 4-7 and global 2-3 for replies.
  const uint32_t first[kMaxPortClasses] = {0, 4, 2};
  std::unique_ptr<RequestReplyVcs> pb;
  Scenario() {
    const uint32_t X = topo.global_target_group(0, 0, 0);
    pkt.src = 0;
    pkt.dst = X * 8 + 2;  // router X*4 + 1
    for (pkt.seq = 0;; ++pkt.seq) {
      cand = static_cast<uint32_t>(mix64((uint64_t{pkt.src} << 32) | pkt.seq) % topo.routers());
      if (cand == 0 || cand == topo.router_of_node(pkt.dst)) continue;
      val_port = topo.min_output(0, cand);
      if (val_port != kMinPort) break;
    }
    UgalParams u;
    u.f = 2;
    u.t_phits = 24;
    pb = std::make_unique<RequestReplyVcs>(
        std::make_unique<PiggyBackRouting>(topo, u, PiggyBackParams{}), first, df::kGlobal);
  }
  // The first hop of a packet of class `cls` at its source router.
  RouteResult route(uint8_t cls) {
    pkt.cls = cls;
    return pb->route(ports.at(0, 0), pkt, rng);
  }
  // Phase 0's first VC (0) of `port`, in the half of class `cls`.
  uint16_t first_vc(uint32_t port, uint8_t cls) const {
    return cls == Packet::kReply ? static_cast<uint16_t>(vc_bit(0) << first[topo.port_class(port)])
                                 : vc_bit(0);
  }
  void expect_minimal(uint8_t cls) {
    const RouteResult r = route(cls);
    EXPECT_EQ(r.port, kMinPort) << int(cls);
    EXPECT_EQ(r.vcs, first_vc(kMinPort, cls)) << int(cls);
    EXPECT_FALSE(r.nonminimal_decision) << int(cls);
  }
  void expect_valiant(uint8_t cls) {
    const RouteResult r = route(cls);
    EXPECT_EQ(r.port, val_port) << int(cls);
    EXPECT_EQ(r.vcs, first_vc(val_port, cls)) << int(cls);
    EXPECT_TRUE(r.nonminimal_decision) << int(cls);
  }
};

}  // namespace

// The wrapper asks for the second set of bits on the reply half's first global VC (8/4: VC 2),
// per VC only (per port, one set summed over both halves).
TEST(RequestReplySensing, PiggyBackAsksForTheReplyHalfsBits) {
  Scenario s;
  EXPECT_EQ(s.pb->sensor_needs().sat_reply_vc, 2u);
  UgalParams u;
  PiggyBackParams per_port;
  per_port.per_port = true;
  const RequestReplyVcs pp(std::make_unique<PiggyBackRouting>(s.topo, u, per_port), s.first,
                           df::kGlobal);
  EXPECT_TRUE(pp.sensor_needs().sat_per_port);
  EXPECT_EQ(pp.sensor_needs().sat_reply_vc, 0u);
}

// Empty buffers (Q_MIN = Q_VAL = 0: Eq. 1.2 keeps both minimal): the minimal link's bit in the
// replies' set sends the reply through Valiant and leaves the request minimal; the bit in the
// requests' set does the opposite.
TEST(RequestReplySensing, AReplyReadsTheReplyHalfsSaturationBit) {
  Scenario s;
  s.ports.set_saturation(0, 0b01, /*reply=*/true);
  s.expect_valiant(Packet::kReply);
  s.expect_minimal(Packet::kRequest);
  s.ports.set_saturation(0, 0, true);
  s.ports.set_saturation(0, 0b01, false);
  s.expect_minimal(Packet::kReply);
  s.expect_valiant(Packet::kRequest);
  s.ports.set_saturation(0, 0b10, true);  // router 0's other global link: no effect
  s.ports.set_saturation(0, 0, false);
  s.expect_minimal(Packet::kReply);
  s.expect_minimal(Packet::kRequest);
}

// Eq. 1.2 on the half of the packet's class: Q_MIN = 45, Q_VAL = 10 on the reply half's first
// VCs (45 > 2 * 10 + 24 = 44) sends a reply through Valiant; a request sees its own half empty
// (0 <= 24) and stays minimal. At Q_MIN = 44 (the boundary) the reply is minimal. The same
// occupancies on the request half swap the decisions.
TEST(RequestReplySensing, AReplysUgalComparisonReadsTheReplyHalf) {
  Scenario s;
  const uint32_t rv_min = s.first[s.topo.port_class(kMinPort)];
  const uint32_t rv_val = s.first[s.topo.port_class(s.val_port)];
  s.ports.occupy(s.val_port, rv_val, 10);
  s.ports.occupy(kMinPort, rv_min, 45);
  s.expect_valiant(Packet::kReply);
  s.expect_minimal(Packet::kRequest);
  s.ports.occupy(kMinPort, rv_min, 44);
  s.expect_minimal(Packet::kReply);
  s.ports.occupy(kMinPort, rv_min, 0);
  s.ports.occupy(s.val_port, rv_val, 0);
  s.ports.occupy(s.val_port, 0, 10);
  s.ports.occupy(kMinPort, 0, 45);
  s.expect_minimal(Packet::kReply);
  s.expect_valiant(Packet::kRequest);
}
