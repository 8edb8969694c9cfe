// The credit-model hook (sim/blocks/credit_model.h; docs/architecture.md "Credit models") and a
// router architecture from an entry outside the registry (sim/router/architecture.h,
// build_network's `architecture`): a credit model written here, a pool shared by all the VCs of a
// port with no private part, instantiated as CioqRouter<SharedPool> and built through an entry of
// this file's. The router sizes its input VCs by the model, its outputs and its NICs send against
// it, and routing reads it through PortView without knowing its type.
//
// The case: a 2x2 mesh, two nodes per switch. Nodes 0 and 1 (switch 0) and node 3 (switch 1)
// send 40 packets each to node 2 (switch 1). Switch 1's ejection port serves one packet every 8
// cycles and is shared round-robin by the x input from switch 0 and node 3's injection input, so
// the x input's buffer (VC 0: DOR uses one VC on a mesh) fills up and switch 0's heads wait for
// its credits. A head refused for credits sees credits(0) < 8, i.e. 0 (credits come back 8 at a
// time): its downstream occupancy is then the most VC 0 can hold, 32 phits (router.buffer_x)
// with static buffers, and both VCs' 64 with the shared pool.
#include <gtest/gtest.h>

#include <algorithm>
#include <cassert>
#include <memory>
#include <vector>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"
#include "sim/router/cioq/cioq_factory.h"
#include "sim/router/cioq/router_impl.h"
#include "sim/routing/mesh/dor.h"
#include "sim/topology/mesh.h"

using namespace netcosim;

namespace {

// A port's whole buffer (VCs x phits per VC) shared by its VCs without reservation: every VC may
// send while the pool has room (a DAMQ with 0% private, thesis 000 Sec. 5.3.1, which can deadlock
// under cyclic VC dependencies; DOR on a mesh has none).
class SharedPool final : public model::CreditLevels {
 public:
  SharedPool() = default;
  explicit SharedPool(const model::PortBuffer& b)
      : CreditLevels(b.vcs, b.total_phits()), free_(b.total_phits()) {
    publish();
  }
  static uint32_t vc_limit_phits(const model::PortBuffer& b) { return b.total_phits(); }
  static uint32_t port_packets(const model::PortBuffer& b, uint32_t S) {
    return b.total_phits() / S;
  }
  void consume(unsigned /*vc*/, uint32_t phits) {
    assert(free_ >= phits);
    free_ -= phits;
    publish();
  }
  void give_back(unsigned /*vc*/, uint32_t phits) {
    free_ += phits;
    assert(free_ <= cap_);
    publish();
  }

 private:
  void publish() {
    for (unsigned v = 0; v < vcs_; ++v) credits_[v] = free_;
  }
  uint32_t free_ = 0;
};

const ArchitectureEntry kSharedPoolCioq{"cioq_shared_pool", "CIOQ with a shared pool per port",
                                        make_cioq_routers<SharedPool>};

// DOR, re-asked every cycle a head waits (adaptive), recording what it reads of the x output of
// switch 0 (port `x_port`): the largest downstream occupancy of VC 0 and the capacity.
class ObservedDor final : public RoutingAlgorithm {
 public:
  explicit ObservedDor(const Mesh& t) : dor_(t, TorusDeadlock::Dateline) {}
  const char* name() const override { return "observed_dor"; }
  bool adaptive() const override { return true; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override {
    const RouteResult r = dor_.route(q, pkt, rng);
    if (q.router == 0 && r.port == x_port) {
      max_occupancy = std::max(max_occupancy, q.downstream_occupancy(r.port, 0));
      capacity = q.downstream_capacity(r.port);
      ++decisions;
    }
    return r;
  }
  uint32_t minimal_output(uint32_t router, const Packet& pkt) const override {
    return dor_.minimal_output(router, pkt);
  }
  uint32_t x_port = 0;
  mutable uint32_t max_occupancy = 0, capacity = 0, decisions = 0;

 private:
  DorRouting dor_;
};

struct Observed {
  uint64_t delivered = 0;
  uint32_t max_occupancy = 0, capacity = 0, decisions = 0;
  uint32_t x_input_capacity = 0;  // switch 1's x input VC 0, phits
};

Observed run_converging(const ArchitectureEntry* arch) {
  Config c;
  for (const char* kv :
       {"topology.type=mesh", "topology.dims=2x2", "topology.nodes_per_switch=2",
        "routing.algorithm=dor", "traffic.load=0", "sim.warmup=0", "sim.measure=4000"})
    c.set_override(kv);
  const Mesh topo({2, 2}, 2, false);
  auto routing = std::make_unique<ObservedDor>(topo);
  ObservedDor* dor = routing.get();
  dor->x_port = DorRouting::dor_output(topo, 0, topo.node_router(2), 2);
  const auto net = build_network(c, std::move(routing), 0, arch);
  for (uint32_t k = 0; k < 40; ++k)
    for (uint32_t src : {0u, 1u, 3u}) net->preload_packet(src, 2);
  const RunResults res = run_native(*net);
  Observed o;
  o.delivered = res.packets_delivered;
  o.max_occupancy = dor->max_occupancy;
  o.capacity = dor->capacity;
  o.decisions = dor->decisions;
  const Topology::PortRef in = topo.peer(0, dor->x_port);
  o.x_input_capacity = net->router(in.router).input_capacity_phits(in.port, 0);
  return o;
}

TEST(CreditModelHook, StaticBuffersHoldOneVcsShare) {
  const Observed o = run_converging(nullptr);  // router.architecture=cioq: static per-VC buffers
  EXPECT_EQ(o.delivered, 120u);
  EXPECT_EQ(o.capacity, 32u);
  EXPECT_EQ(o.max_occupancy, 32u);
  EXPECT_EQ(o.x_input_capacity, 32u);
  EXPECT_GT(o.decisions, 120u);  // heads waited: the buffer was full
}

TEST(CreditModelHook, ASharedPoolLetsOneVcTakeThePortsBuffer) {
  const Observed o = run_converging(&kSharedPoolCioq);
  EXPECT_EQ(o.delivered, 120u);
  EXPECT_EQ(o.capacity, 64u);
  EXPECT_EQ(o.max_occupancy, 64u);
  EXPECT_EQ(o.x_input_capacity, 64u);
  EXPECT_GT(o.decisions, 120u);
}

// The NIC sends against the router's injection buffer through the model, which the router keeps
// by port (CioqRouter::injection_credits): with the shared pool every injection VC reads the
// pool of the port's two VCs.
TEST(CreditModelHook, TheNicsCreditsAreTheRoutersModel) {
  Config c;
  for (const char* kv : {"topology.type=mesh", "topology.dims=2x2", "routing.algorithm=dor",
                         "traffic.load=0", "router.vcs_injection=2", "router.buffer_injection=32"})
    c.set_override(kv);
  const auto net = build_network(c, nullptr, 0, &kSharedPoolCioq);
  const auto& r0 = dynamic_cast<const CioqRouter<SharedPool>&>(net->router(0));
  const Mesh topo({2, 2}, 1, false);
  const uint32_t port = topo.node_port(0);
  EXPECT_EQ(r0.injection_credits(port).capacity(), 64u);  // 2 VCs x 32 phits, one pool
  EXPECT_EQ(r0.injection_credits(port).credits(0), 64u);
  EXPECT_EQ(r0.injection_credits(port).credits(1), 64u);
  const auto net_static = build_network(c);
  const auto& s0 = dynamic_cast<const Router&>(net_static->router(0));
  EXPECT_EQ(s0.injection_credits(port).capacity(), 32u);
}

}  // namespace

// The test's model, instantiated here (router_impl.h).
template class netcosim::CioqRouter<SharedPool>;
