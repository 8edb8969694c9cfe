// Request-reply traffic (traffic.source=request_reply; thesis 000 Sec. 1.6.2, seed 002 Sec. IV-B;
// docs/model.md "Request-reply traffic"): the node's source generates requests at
// traffic.load / (1 + traffic.reply_size); the NIC that receives a request queues a reply of
// traffic.reply_size packets to the request's source (Nic::answer); replies are not answered.
#include <gtest/gtest.h>

#include <string>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"

using namespace netcosim;

namespace {

Config cfg(std::initializer_list<std::string> sets) {
  Config c;  // the embedded h2 Dragonfly (72 nodes, 2 per router)
  for (const std::string& s : sets) c.set_override(s);
  return c;
}

}  // namespace

// Hand-countable: three requests preloaded (node 0 to node 9, node 9 to node 40, node 40 to node
// 0; no other traffic), replies of 3 packets: each request is answered once, with 3 packets back
// to its source, and the replies are not answered. 3 requests + 9 reply packets are delivered, and
// each node's NIC numbered the reply packets after its preloaded request.
TEST(RequestReply, EachRequestIsAnsweredWithReplySizePackets) {
  const auto net = build_network(
      cfg({"traffic.source=request_reply", "traffic.reply_size=3", "traffic.load=0", "sim.warmup=0",
           "sim.measure=3000", "router.vcs_local=4", "router.vcs_global=2"}));
  net->preload_packet(0, 9);
  net->preload_packet(9, 40);
  net->preload_packet(40, 0);
  const RunResults r = run_native(*net);
  EXPECT_EQ(r.packets_delivered, 12u);
  EXPECT_EQ(r.packets_in_flight, 0u);
  ASSERT_EQ(r.per_class.size(), 2u);
  EXPECT_EQ(r.per_class[0].name, "request");
  EXPECT_EQ(r.per_class[1].name, "reply");
  EXPECT_EQ(r.per_class[0].packets_delivered, 3u);
  EXPECT_EQ(r.per_class[1].packets_generated, 9u);
  EXPECT_EQ(r.per_class[1].packets_delivered, 9u);
  for (uint32_t n : {0u, 9u, 40u}) EXPECT_EQ(net->nics()[n].seq, 4u) << n;  // 1 request, 3 reply
  EXPECT_EQ(net->nics()[1].seq, 0u);
}

// Under load with a drain every request generated is answered: the replies delivered are exactly
// reply_size times the requests delivered, requests and replies are conserved, and the requests
// are generated at load / (1 + reply_size) (applied within 5% over 72 nodes x 3000 cycles).
TEST(RequestReply, DrainedRunAnswersEveryRequest) {
  for (int reply : {1, 2}) {
    const RunResults r = run_native(
        *build_network(
            cfg({"traffic.source=request_reply", "traffic.reply_size=" + std::to_string(reply),
                 "traffic.load=0.3", "sim.warmup=500", "sim.measure=3000", "sim.drain=true",
                 "router.vcs_local=4", "router.vcs_global=2"})),
        nullptr, 2);
    ASSERT_EQ(r.per_class.size(), 2u);
    const SlResults &req = r.per_class[0], &rep = r.per_class[1];
    EXPECT_TRUE(r.conservation_ok) << reply;
    EXPECT_GT(req.packets_delivered, 1000u) << reply;
    EXPECT_EQ(req.packets_generated, req.packets_delivered) << reply;
    EXPECT_EQ(rep.packets_delivered, uint64_t(reply) * req.packets_delivered) << reply;
    EXPECT_EQ(rep.packets_generated, rep.packets_delivered) << reply;
    EXPECT_EQ(r.packets_delivered, req.packets_delivered + rep.packets_delivered) << reply;
    EXPECT_DOUBLE_EQ(req.offered_load, 0.3 / (1 + reply)) << reply;
    EXPECT_DOUBLE_EQ(rep.offered_load, 0.3 * reply / (1 + reply)) << reply;
    EXPECT_NEAR(req.applied_load, req.offered_load, 0.05 * req.offered_load) << reply;
    // Below saturation both classes are accepted at their offered loads.
    EXPECT_NEAR(rep.accepted_load, rep.offered_load, 0.08 * rep.offered_load) << reply;
    EXPECT_GT(rep.latency_avg, 0) << reply;
  }
}

namespace {

struct VcCase {
  const char* management;
  const char* algorithm;
  int local, global;
};

}  // namespace

// Past saturation (load 1.0) with a drain, under the VC-order checker with its per-class rule
// (sim.check): MIN and VAL, baseline (separate halves: 4/2 = 2/1+2/1, 8/4 = 4/2+4/2) and FlexVC
// (4/2 = 2/1+2/1, 5/3 = 3/2+2/1 opportunistic VAL, 8/4 = 6/3+2/1), uniform and ADV+1, on h2:
// every request answered, every packet delivered, no violation and no watchdog. In-transit OLM
// with contention counters (thesis 000 Fig. 5.14): baseline 6/4 = 3/2+3/2 (a reply's nonminimal
// local hop keeps its VC within the reply set) and FlexVC 5/3 = 3/2+2/1.
TEST(RequestReply, DrainsPastSaturationUnderTheCheckerWithBothVcManagements) {
  const VcCase cases[] = {{"baseline", "min", 4, 2}, {"baseline", "val", 8, 4},
                          {"flexvc", "min", 4, 2},   {"flexvc", "val", 5, 3},
                          {"flexvc", "val", 8, 4},   {"flexvc", "min", 6, 4},
                          {"baseline", "olm", 6, 4}, {"flexvc", "olm", 5, 3}};
  for (const VcCase& k : cases)
    for (const char* pattern : {"uniform", "adv"}) {
      Config c = cfg({"traffic.source=request_reply", "traffic.load=1.0", "sim.warmup=500",
                      "sim.measure=1500", "sim.drain=true", "sim.check=true",
                      std::string("traffic.pattern=") + pattern,
                      std::string("router.vc_management=") + k.management,
                      std::string("routing.algorithm=") + k.algorithm,
                      "router.vcs_local=" + std::to_string(k.local),
                      "router.vcs_global=" + std::to_string(k.global)});
      if (std::string(k.algorithm) == "olm") c.set_override("routing.trigger=contention");
      const RunResults r = run_native(*build_network(c), nullptr, 2);
      const std::string what = std::string(k.management) + " " + k.algorithm + " " +
                               std::to_string(k.local) + "/" + std::to_string(k.global) + " " +
                               pattern;
      ASSERT_EQ(r.per_class.size(), 2u) << what;
      EXPECT_TRUE(r.conservation_ok) << what;
      EXPECT_EQ(r.packets_in_flight, 0u) << what;
      EXPECT_GT(r.per_class[0].packets_delivered, 1000u) << what;
      EXPECT_EQ(r.per_class[1].packets_delivered, r.per_class[0].packets_delivered) << what;
    }
}

namespace {

struct ReplyVcCase {
  const char* management;
  const char* algorithm;
  const char* pattern;
  int local, global, reply_local, reply_global;
};

}  // namespace

// The reply VCs' counts of router.reply_vcs_local/global (docs/model.md §4.7) past saturation with
// a drain under the VC-order checker, on h2: FlexVC's Fig. 5.9 splits 6/4 = 2/1+4/3 and 3/2+3/2
// under uniform MIN, Table 5.4's 2x(4/2) = 8/4 under ADV+1 VAL (safe in both parts), and the
// baseline's unequal sets 6/3 = 4/2+2/1 (MIN) and 10/5 = 6/3+4/2 (VAL): every request answered,
// no violation of the per-class rule, no watchdog.
TEST(RequestReply, ReplyVcCountsDrainUnderTheChecker) {
  const ReplyVcCase cases[] = {{"flexvc", "min", "uniform", 6, 4, 4, 3},
                               {"flexvc", "min", "uniform", 6, 4, 3, 2},
                               {"flexvc", "val", "adv", 8, 4, 4, 2},
                               {"baseline", "min", "uniform", 6, 3, 2, 1},
                               {"baseline", "val", "adv", 10, 5, 4, 2}};
  for (const ReplyVcCase& k : cases) {
    Config c = cfg({"traffic.source=request_reply", "traffic.load=1.0", "sim.warmup=500",
                    "sim.measure=1500", "sim.drain=true", "sim.check=true",
                    std::string("traffic.pattern=") + k.pattern,
                    std::string("router.vc_management=") + k.management,
                    std::string("routing.algorithm=") + k.algorithm,
                    "router.vcs_local=" + std::to_string(k.local),
                    "router.vcs_global=" + std::to_string(k.global),
                    "router.reply_vcs_local=" + std::to_string(k.reply_local),
                    "router.reply_vcs_global=" + std::to_string(k.reply_global)});
    // VAL's intermediate redrawn at injection, as thesis 000 Sec. 5.3.2 for its ADV results.
    if (std::string(k.algorithm) == "val") c.set_override("routing.recompute_valiant=true");
    const RunResults r = run_native(*build_network(c), nullptr, 2);
    const std::string what = std::string(k.management) + " " + k.algorithm + " " +
                             std::to_string(k.local) + "/" + std::to_string(k.global) + " reply " +
                             std::to_string(k.reply_local) + "/" + std::to_string(k.reply_global);
    ASSERT_EQ(r.per_class.size(), 2u) << what;
    EXPECT_TRUE(r.conservation_ok) << what;
    EXPECT_EQ(r.packets_in_flight, 0u) << what;
    EXPECT_GT(r.per_class[0].packets_delivered, 1000u) << what;
    EXPECT_EQ(r.per_class[1].packets_delivered, r.per_class[0].packets_delivered) << what;
  }
}
