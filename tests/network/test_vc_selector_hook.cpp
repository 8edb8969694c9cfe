// The router's VC selector hook (sim/blocks/vc_selector.h, Router::use_vc_selector in
// sim/router/cioq/router_allocate.h): a routing may allow several VCs for a hop, and the VC the
// router's selector picks among them is the one the packet arrives on downstream. Shown with a
// selector and a routing written here: MIN whose local hops also allow the VC two above the
// distance-based one (h2, 4 local VCs), and a selector that takes the highest allowed VC with
// credits. With the library's LowestVc the same packets arrive on the distance-based VCs.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
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
struct HighestFirstVc {
  static int select(const model::CreditLevels& c, uint32_t allowed, uint32_t phits, Rng&) {
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

// Ten rounds of one packet to each of nodes 2..7 (two per router of the group), with the
// router's configured selection function (router.vc_selection). Each round's first packet to a
// router finds local VCs 0 and 2 with all their credits: JSQ's tie and highest give VC 2. Its
// second, 8 cycles later, finds VC 2 one packet fuller (the credit comes back after the link's
// round trip, over 20 cycles): JSQ takes VC 0, highest VC 2 again. A router's next round comes
// 48 cycles later, with every credit back. Lowest always gives VC 0; random draws.
std::vector<uint32_t> arrival_vcs_configured(const char* selection) {
  Config c;
  for (const char* kv :
       {"traffic.load=0", "sim.warmup=0", "sim.measure=4000", "router.vcs_local=4"})
    c.set_override(kv);
  c.set_override(std::string("router.vc_selection=") + selection);
  const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  auto routing = std::make_unique<WideMin>(topo);
  WideMin* wide = routing.get();
  const auto net = build_network(c, std::move(routing));
  for (int k = 0; k < 10; ++k)
    for (uint32_t n = 2; n < 8; ++n) net->preload_packet(0, n);
  const RunResults res = run_native(*net);
  EXPECT_EQ(res.packets_delivered, 60u);
  return wide->local_in_vcs;
}

TEST(VcSelectorHook, TheConfiguredSelectionFunctionChooses) {
  std::vector<uint32_t> alternating;
  for (int k = 0; k < 30; ++k) alternating.insert(alternating.end(), {2u, 0u});
  EXPECT_EQ(arrival_vcs_configured("jsq"), alternating);
  EXPECT_EQ(arrival_vcs_configured("highest"), std::vector<uint32_t>(60, 2));
  EXPECT_EQ(arrival_vcs_configured("lowest"), std::vector<uint32_t>(60, 0));
  const std::vector<uint32_t> r = arrival_vcs_configured("random");
  ASSERT_EQ(r.size(), 60u);
  const auto twos = std::count(r.begin(), r.end(), 2u);
  EXPECT_EQ(std::count(r.begin(), r.end(), 0u) + twos, 60);
  EXPECT_GT(twos, 30 - 5 * 4);  // binomial(60, 1/2): mean 30, sigma 3.9
  EXPECT_LT(twos, 30 + 5 * 4);
}

TEST(VcSelectorHook, TheSelectorsChoiceIsTheVcThePacketArrivesOn) {
  EXPECT_EQ(arrival_vcs<HighestFirstVc>(), std::vector<uint32_t>(6, 2));  // l0 or l2: the highest
  EXPECT_EQ(arrival_vcs<LowestVc>(), std::vector<uint32_t>(6, 0));        // the distance-based l0
}

}  // namespace
