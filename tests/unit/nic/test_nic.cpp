// The NIC (sim/nic/nic.h) on a hand-built injection link: the drop source without a source queue
// (traffic.source_queue=0: an attempt the injection buffer cannot take at once is dropped and
// counted apart from refusals) and the destination-based injection VC (traffic.injection_vc=dest,
// vc = dst*V/N; FOGSim's generator), with exact cycles and counts.
#include <gtest/gtest.h>

#include <memory>
#include <utility>
#include <vector>

#include "sim/blocks/credit_counter.h"
#include "sim/nic/nic.h"

namespace netcosim {
namespace {

constexpr uint32_t kS = 8;  // packet size (phits)

// Generation attempts at scripted cycles, each with its destination (and `packets` packets per
// message).
class ScriptedSource final : public TrafficSource {
 public:
  explicit ScriptedSource(std::vector<std::pair<Cycle, uint32_t>> attempts, uint32_t packets = 1)
      : attempts_(std::move(attempts)), packets_(packets) {}
  Cycle next() const override { return i_ < attempts_.size() ? attempts_[i_].first : kNone; }
  TrafficDescriptor generate() override { return {attempts_[i_++].second, packets_}; }

 private:
  std::vector<std::pair<Cycle, uint32_t>> attempts_;
  uint32_t packets_;
  size_t i_ = 0;
};

// Node 0 of `nodes`, `vcs` injection VCs of `buffer` phits, a source queue of `q_cap` packets.
struct Bench {
  Link link;
  ArrivalWheel wheel;
  Nic nic;
  model::CreditCounter credits;  // the router's injection buffer, as the NIC's router keeps it
  StatsSink sink;
  Bench(std::vector<std::pair<Cycle, uint32_t>> attempts, uint32_t vcs, uint32_t buffer,
        uint32_t q_cap, bool dest_vc = false, uint32_t nodes = 4, uint32_t packets = 1) {
    wheel.init(64);
    link.data = DelayRing<PacketMsg>(16);
    link.credits = DelayRing<CreditMsg>(16);
    link.latency = 1;
    link.credit_latency = 0;
    link.data_wheel = &wheel;
    nic.source = std::make_unique<ScriptedSource>(std::move(attempts), packets);
    nic.next_gen = nic.source->next();
    nic.queue.reset(new SourceEntry[q_cap]);
    nic.q_cap = q_cap;
    nic.q_limit = q_cap;
    credits = model::CreditCounter(vcs, buffer);
    nic.link = &link;
    nic.injection_policy = dest_vc ? Nic::InjectionVc::Dest : Nic::InjectionVc::Jsq;
    nic.nodes = nodes;
    sink.init(0, 1000, kS);
  }
  // Steps cycles [from, to) and returns the (cycle, VC, dst) of every packet put on the link.
  std::vector<std::vector<uint32_t>> run(Cycle from, Cycle to) {
    std::vector<std::vector<uint32_t>> out;
    for (Cycle t = from; t < to; ++t) {
      nic.step(t, sink, kS, credits);
      while (const PacketMsg* m = link.data.ready(kNone)) {
        out.push_back({m->arrive - 1, m->vc, m->pkt.dst});
        link.data.pop();
      }
    }
    return out;
  }
  using Rows = std::vector<std::vector<uint32_t>>;
};

// One VC of one packet (8 phits). Attempt 0 is injected (no credits left); attempts 3 and 10 find
// no room for a packet in the VC: both dropped. The credit returns in cycle 11, so attempt 12 is
// injected. Generated (into the network) 2, dropped 2, refused 0.
TEST(NicWithoutSourceQueue, DropsAnAttemptTheInjectionBufferCannotTakeAtOnce) {
  Bench b({{0, 1}, {3, 2}, {10, 3}, {12, 1}}, /*vcs=*/1, /*buffer=*/kS, /*q_cap=*/0);
  b.link.credits.push(CreditMsg{11, 0, static_cast<uint16_t>(kS)});
  EXPECT_EQ(b.run(0, 20), (Bench::Rows{{0, 0, 1}, {12, 0, 1}}));
  EXPECT_EQ(b.sink.generated, 2u);
  EXPECT_EQ(b.sink.window_generated, 2u);
  EXPECT_EQ(b.sink.dropped, 2u);
  EXPECT_EQ(b.sink.refused, 0u);
  EXPECT_EQ(b.nic.seq, 2u);
  EXPECT_EQ(b.nic.q_count, 0u);
}

// FOGSim's generator writes the packet into the injection buffer at once: the node's link does
// not hold the next attempt back for packet_size cycles (it did before, which capped the applied
// load at L/(1 + 7L/8)). One VC of three packets: attempts in cycles 0, 1 and 2 are all injected,
// one cycle apart; the attempt in cycle 3 finds the VC full (24 of 24 phits) and is dropped; the
// credit of the first packet returns in cycle 5, so the attempt in cycle 6 is injected.
TEST(NicWithoutSourceQueue, WritesConsecutiveAttemptsAtOnceUntilTheVcIsFull) {
  Bench b({{0, 1}, {1, 2}, {2, 3}, {3, 1}, {6, 2}}, /*vcs=*/1, /*buffer=*/3 * kS, /*q_cap=*/0);
  b.link.credits.push(CreditMsg{5, 0, static_cast<uint16_t>(kS)});
  EXPECT_EQ(b.run(0, 20), (Bench::Rows{{0, 0, 1}, {1, 0, 2}, {2, 0, 3}, {6, 0, 2}}));
  EXPECT_EQ(b.sink.generated, 4u);
  EXPECT_EQ(b.sink.dropped, 1u);
  EXPECT_EQ(b.credits.credits(0), 0u);
}

// The node writes at most one packet per cycle (FOGSim's generator: a new packet one cycle after
// the last one was sent): a message of two packets in cycle 0 with room for both injects the first
// and drops the second; with a source queue both are queued and the second leaves packet_size
// cycles after the first (the link serialises the queue).
TEST(NicWithoutSourceQueue, OnePacketPerCycle) {
  Bench b({{0, 1}}, /*vcs=*/1, /*buffer=*/4 * kS, /*q_cap=*/0, false, 4, /*packets=*/2);
  EXPECT_EQ(b.run(0, 20), (Bench::Rows{{0, 0, 1}}));
  EXPECT_EQ(b.sink.generated, 1u);
  EXPECT_EQ(b.sink.dropped, 1u);
  Bench q({{0, 1}}, 1, 4 * kS, /*q_cap=*/4, false, 4, 2);
  EXPECT_EQ(q.run(0, 20), (Bench::Rows{{0, 0, 1}, {kS, 0, 1}}));
}

// The same attempts with a source queue of one packet: attempt 3 waits in the queue (injected at
// 11, when the credit is back), attempt 10 finds the queue full (refused, not dropped), attempt 12
// waits until the next credit, which never comes.
TEST(NicWithoutSourceQueue, WithAQueueTheSameAttemptsWaitOrAreRefused) {
  Bench b({{0, 1}, {3, 2}, {10, 3}, {12, 1}}, 1, kS, /*q_cap=*/1);
  b.link.credits.push(CreditMsg{11, 0, static_cast<uint16_t>(kS)});
  EXPECT_EQ(b.run(0, 20), (Bench::Rows{{0, 0, 1}, {11, 0, 2}}));
  EXPECT_EQ(b.sink.generated, 3u);
  EXPECT_EQ(b.sink.refused, 1u);
  EXPECT_EQ(b.sink.dropped, 0u);
  EXPECT_EQ(b.nic.q_count, 1u);
}

// Only attempts whose generation cycle lies in the window count towards the applied load.
TEST(NicWithoutSourceQueue, WindowGeneratedCountsOnlyAttemptsInsideTheWindow) {
  Bench b({{0, 1}, {20, 2}, {40, 3}}, 1, 4 * kS, 0);
  b.sink.init(10, 30, kS);
  EXPECT_EQ(b.run(0, 50).size(), 3u);
  EXPECT_EQ(b.sink.generated, 3u);
  EXPECT_EQ(b.sink.window_generated, 1u);
}

// traffic.injection_vc=dest with 2 VCs and 4 nodes: destinations 0, 1 use VC 0 and 2, 3 VC 1
// (dst*2/4). VC 1 holds one packet: the packet to 3 at cycle 0 takes it; the packet to 2 at cycle
// 8 has no credits in VC 1 and is dropped, although VC 0 is empty (JSQ would take VC 0); the
// packet to 1 at cycle 16 goes to VC 0.
TEST(NicDestVc, InjectsIntoDestTimesVcsOverNodesAndWaitsForThatVcOnly) {
  Bench b({{0, 3}, {8, 2}, {16, 1}}, /*vcs=*/2, /*buffer=*/kS, /*q_cap=*/0, /*dest_vc=*/true, 4);
  EXPECT_EQ(b.run(0, 30), (Bench::Rows{{0, 1, 3}, {16, 0, 1}}));
  EXPECT_EQ(b.sink.dropped, 1u);
  Bench jsq({{0, 3}, {8, 2}, {16, 1}}, 2, kS, 0, /*dest_vc=*/false, 4);
  EXPECT_EQ(jsq.run(0, 30), (Bench::Rows{{0, 0, 3}, {8, 1, 2}}));
  EXPECT_EQ(jsq.sink.dropped, 1u);  // at 16 both VCs are full
}

// With a source queue, the dest policy holds the queue's head until its own VC has credits.
TEST(NicDestVc, AQueuedHeadWaitsForItsOwnVc) {
  Bench b({{0, 3}, {1, 2}}, 2, kS, /*q_cap=*/4, /*dest_vc=*/true, 4);
  b.link.credits.push(CreditMsg{20, 1, static_cast<uint16_t>(kS)});
  EXPECT_EQ(b.run(0, 30), (Bench::Rows{{0, 1, 3}, {20, 1, 2}}));
}

// traffic.injection_vc=random (FOGSim's RAND): each packet takes one of the injection VCs with
// room for it, drawn from the NIC's own stream; a full VC is never drawn. 4 VCs of 2 packets;
// packets at 0, 8, ..., 56 (the link is free every 8 cycles): the eight fill every VC exactly
// (no drop), and the VCs come in the order the stream draws among those with room.
TEST(NicRandomVc, DrawsAmongTheVcsWithRoomFromItsOwnStream) {
  std::vector<std::pair<Cycle, uint32_t>> attempts;
  for (Cycle t = 0; t < 64; t += 8) attempts.push_back({t, 1});
  Bench b(attempts, /*vcs=*/4, /*buffer=*/2 * kS, /*q_cap=*/0);
  b.nic.injection_policy = Nic::InjectionVc::Random;
  b.nic.vc_rng = Rng(5, 3, 0);
  const Bench::Rows rows = b.run(0, 70);
  ASSERT_EQ(rows.size(), 8u);
  EXPECT_EQ(b.sink.dropped, 0u);
  // The expected draws: below(number of VCs with room), the k-th such VC in increasing order.
  Rng expect(5, 3, 0);
  uint32_t room[4] = {2, 2, 2, 2};
  for (size_t i = 0; i < rows.size(); ++i) {
    uint32_t ok[4], n = 0;
    for (uint32_t v = 0; v < 4; ++v)
      if (room[v] != 0) ok[n++] = v;
    const uint32_t vc = n > 1 ? ok[expect.below(n)] : ok[0];
    EXPECT_EQ(rows[i][1], vc) << "packet " << i;
    --room[vc];
  }
}

// traffic.injection_vc=selection (docs/model.md §3): router.vc_selection's function at injection.
// 3 VCs of 2 packets, no credit returns, packets at 0, 8, ..., 40 (the link is free every 8
// cycles): the six fill every VC. JSQ's ties go to the highest VC (the router's JsqVc), where the
// default injection JSQ's go to the lowest; highest and lowest fill one VC before the next.
TEST(NicSelectionVc, RouterSelectionFunctionsAtInjection) {
  const auto vcs = [](Nic::InjectionVc policy) {
    std::vector<std::pair<Cycle, uint32_t>> attempts;
    for (Cycle t = 0; t < 48; t += 8) attempts.push_back({t, 1});
    Bench b(attempts, /*vcs=*/3, /*buffer=*/2 * kS, /*q_cap=*/0);
    b.nic.injection_policy = policy;
    std::vector<uint32_t> out;
    for (const auto& row : b.run(0, 60)) out.push_back(row[1]);
    EXPECT_EQ(b.sink.dropped, 0u);
    return out;
  };
  using V = std::vector<uint32_t>;
  EXPECT_EQ(vcs(Nic::InjectionVc::Jsq), (V{0, 1, 2, 0, 1, 2}));  // jsq, the default
  EXPECT_EQ(vcs(Nic::InjectionVc::JsqHigh), (V{2, 1, 0, 2, 1, 0}));
  EXPECT_EQ(vcs(Nic::InjectionVc::Highest), (V{2, 2, 1, 1, 0, 0}));
  EXPECT_EQ(vcs(Nic::InjectionVc::Lowest), (V{0, 0, 1, 1, 2, 2}));
  // The keys' policies: selection follows router.vc_selection (random: the random policy's
  // draw), the other values ignore it.
  using P = Nic::InjectionVc;
  EXPECT_EQ(Nic::injection_policy_of("selection", "jsq"), P::JsqHigh);
  EXPECT_EQ(Nic::injection_policy_of("selection", "highest"), P::Highest);
  EXPECT_EQ(Nic::injection_policy_of("selection", "lowest"), P::Lowest);
  EXPECT_EQ(Nic::injection_policy_of("selection", "random"), P::Random);
  for (const char* sel : {"jsq", "highest", "lowest", "random"}) {
    EXPECT_EQ(Nic::injection_policy_of("jsq", sel), P::Jsq);
    EXPECT_EQ(Nic::injection_policy_of("dest", sel), P::Dest);
    EXPECT_EQ(Nic::injection_policy_of("random", sel), P::Random);
  }
}

// The waiting burst generator's NIC side (traffic.burst_wait; docs/model.md §3) on a scripted
// chain: attempts as gaps from the previous attempt (a chain: waiting moves every later attempt),
// each with its destination and packets (0: the burst's end, which writes nothing).
class ChainSource final : public TrafficSource {
 public:
  struct Step {
    Cycle gap;
    uint32_t dst, packets;
  };
  explicit ChainSource(std::vector<Step> steps) : steps_(std::move(steps)) {
    next_ = steps_.empty() ? kNone : steps_[0].gap;
  }
  Cycle next() const override { return next_; }
  TrafficDescriptor generate() override {
    const TrafficDescriptor d{steps_[i_].dst, steps_[i_].packets};
    ++i_;
    next_ = i_ < steps_.size() ? next_ + steps_[i_].gap : kNone;
    return d;
  }
  uint32_t wait_destination() const override { return steps_[i_].dst; }
  void wait_until(Cycle at) override { next_ = at; }

 private:
  std::vector<Step> steps_;
  size_t i_ = 0;
  Cycle next_ = kNone;
};

// Bench with a ChainSource and traffic.burst_wait; rows are (cycle, VC, dst, t_gen).
struct WaitBench : Bench {
  WaitBench(std::vector<ChainSource::Step> steps, uint32_t vcs, bool dest_vc)
      : Bench({}, vcs, kS, /*q_cap=*/0, dest_vc, /*nodes=*/4) {
    nic.source = std::make_unique<ChainSource>(std::move(steps));
    nic.next_gen = nic.source->next();
    nic.burst_wait = true;
  }
  Rows run_gen(Cycle from, Cycle to) {
    Rows out;
    for (Cycle t = from; t < to; ++t) {
      nic.step(t, sink, kS, credits);
      while (const PacketMsg* m = link.data.ready(kNone)) {
        out.push_back({m->arrive - 1, m->vc, m->pkt.dst, static_cast<uint32_t>(m->pkt.t_gen)});
        link.data.pop();
      }
    }
    return out;
  }
};

// One VC of one packet; a burst of three packets to 1, 2, 3 in cycles 0, 1, 2. The first is
// written in 0 and fills the VC; the second finds no room and waits (the chain with it: the
// third is due one cycle after the second is written); the credit returns in 5, so the second is
// written in 5, the third is due in 6 and waits for the credit of 9. Nothing is dropped; each
// packet's generation cycle is the cycle it was written. Without the key the same attempts (1
// and 2 dropped) are the test DropsAnAttemptTheInjectionBufferCannotTakeAtOnce's.
TEST(NicBurstWait, TheChainWaitsForRoomInsteadOfDropping) {
  WaitBench b({{0, 1, 1}, {1, 2, 1}, {1, 3, 1}}, /*vcs=*/1, /*dest_vc=*/false);
  b.link.credits.push(CreditMsg{5, 0, static_cast<uint16_t>(kS)});
  b.link.credits.push(CreditMsg{9, 0, static_cast<uint16_t>(kS)});
  EXPECT_EQ(b.run_gen(0, 20), (Bench::Rows{{0, 0, 1, 0}, {5, 0, 2, 5}, {9, 0, 3, 9}}));
  EXPECT_EQ(b.sink.generated, 3u);
  EXPECT_EQ(b.sink.dropped, 0u);
  EXPECT_EQ(b.nic.next_gen, kNone);
}

// The burst's end waits for room in the burst's own VC (FOGSim's generator makes no transition
// while that VC is full). traffic.injection_vc=dest, 2 VCs of one packet, 4 nodes (dst 0, 1:
// VC 0; 2, 3: VC 1). A packet to 2 in 0 fills VC 1; the burst's end is due in 1 and waits for
// VC 1's credit in 4, although VC 0 is empty; the next burst's packet to 0, one cycle after the
// end, is written in 5 into VC 0. Without the wait for the end it would be written in 2.
TEST(NicBurstWait, TheBurstsEndWaitsForRoomInTheBurstsVc) {
  WaitBench b({{0, 2, 1}, {1, 2, 0}, {1, 0, 1}}, /*vcs=*/2, /*dest_vc=*/true);
  b.link.credits.push(CreditMsg{4, 1, static_cast<uint16_t>(kS)});
  EXPECT_EQ(b.run_gen(0, 20), (Bench::Rows{{0, 1, 2, 0}, {5, 0, 0, 5}}));
  EXPECT_EQ(b.sink.generated, 2u);
  EXPECT_EQ(b.sink.dropped, 0u);
}

// A waiting attempt that reaches gen_stop (sim.drain) is never written.
TEST(NicBurstWait, AWaitingAttemptStopsAtGenStop) {
  WaitBench b({{0, 1, 1}, {1, 2, 1}}, /*vcs=*/1, /*dest_vc=*/false);
  b.nic.gen_stop = 3;
  b.link.credits.push(CreditMsg{5, 0, static_cast<uint16_t>(kS)});
  EXPECT_EQ(b.run_gen(0, 20), (Bench::Rows{{0, 0, 1, 0}}));
  EXPECT_EQ(b.nic.next_gen, kNone);
  EXPECT_EQ(b.sink.generated, 1u);
}

}  // namespace
}  // namespace netcosim
