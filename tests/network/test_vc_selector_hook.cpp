// The router's VC selector hook (sim/blocks/vc_selector.h, Router::use_vc_selector in
// sim/router/cioq/router_allocate.h): a routing may allow several VCs for a hop, and the VC the
// router's selector picks among them is the one the packet arrives on downstream. Shown with a
// selector and a routing written here: MIN whose local hops also allow the VC two above the
// distance-based one (h2, 4 local VCs), and a selector that takes the highest allowed VC with
// credits. With the library's LowestVc the same packets arrive on the distance-based VCs.
#include <gtest/gtest.h>

#include <vector>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/router/cioq/router_allocate.h"
#include "sim/routing/dragonfly/min.h"
#include "sim/topology/dragonfly.h"

using namespace netcosim;

namespace {

// The highest allowed VC with credits for the packet.
struct HighestVc {
  static int select(const model::CreditLevels& c, uint32_t allowed, uint32_t phits) {
    for (int v = 15; v >= 0; --v)
      if (((allowed >> v) & 1) != 0 && c.can_send(static_cast<unsigned>(v), phits)) return v;
    return kNoVc;
  }
};

// MIN, with VC v + 2 allowed beside VC v on every local hop; records the input VC of every
// decision taken at a router the packet reached over a local link.
class WideMin final : public RoutingAlgorithm {
 public:
  explicit WideMin(const Dragonfly& t) : min_(t) {}
  const char* name() const override { return "wide_min"; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override {
    if (q.port_class(q.in_port) == df::kLocal) local_in_vcs.push_back(q.in_vc);
    RouteResult r = min_.route(q, pkt, rng);
    if (q.port_class(r.port) == df::kLocal) r.vcs = static_cast<uint16_t>(r.vcs | r.vcs << 2);
    return r;
  }
  uint32_t minimal_output(uint32_t router, const Packet& pkt) const override {
    return min_.minimal_output(router, pkt);
  }
  mutable std::vector<uint32_t> local_in_vcs;

 private:
  MinRouting min_;
};

// Sends one packet from node 0 to every node one local hop away and returns the input VCs on
// which they arrived over the local link.
template <class Sel>
std::vector<uint32_t> arrival_vcs() {
  Config c;
  for (const char* kv :
       {"traffic.load=0", "sim.warmup=0", "sim.measure=2000", "router.vcs_local=4"})
    c.set_override(kv);
  const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  auto routing = std::make_unique<WideMin>(topo);
  WideMin* wide = routing.get();
  const auto net = build_network(c, std::move(routing));
  for (uint32_t r = 0; r < net->routers(); ++r)
    dynamic_cast<Router&>(net->router(r)).use_vc_selector<Sel>();
  for (uint32_t n = 2; n < 8; ++n) net->preload_packet(0, n);  // routers 1..3 of group 0
  const RunResults res = run_native(*net);
  EXPECT_EQ(res.packets_delivered, 6u);
  return wide->local_in_vcs;
}

TEST(VcSelectorHook, TheSelectorsChoiceIsTheVcThePacketArrivesOn) {
  EXPECT_EQ(arrival_vcs<HighestVc>(), std::vector<uint32_t>(6, 2));  // l0 or l2: the highest
  EXPECT_EQ(arrival_vcs<LowestVc>(), std::vector<uint32_t>(6, 0));   // the distance-based l0
}

}  // namespace
