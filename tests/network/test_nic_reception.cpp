// The NIC as the node's endpoint (sim/nic/nic.h, docs/architecture.md "The NIC is the node's
// endpoint"): the router hands every packet ejected at a node to the node's NIC (Nic::on_receive),
// which records it and offers it to the traffic source (TrafficSource::on_receive); a source that
// answers moves its next attempt earlier and the router wakes the NIC for it. A message of several
// packets (TrafficDescriptor::packets) is queued packet by packet.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "sim/engine/native/native_engine.h"
#include "sim/network/build.h"
#include "sim/network/network.h"

using namespace netcosim;

namespace {

// Answers each received packet with one packet to its sender, the cycle after, up to `limit`
// answers; counts what it receives.
class EchoSource final : public TrafficSource {
 public:
  explicit EchoSource(uint32_t limit) : TrafficSource(/*wants_receive=*/true), limit_(limit) {}
  Cycle next() const override { return next_; }
  TrafficDescriptor generate() override {
    next_ = kNone;
    ++answered;
    return TrafficDescriptor{to_};
  }
  void on_receive(const Packet& pkt, Cycle now) override {
    ++received;
    if (answered < limit_ && next_ == kNone) {
      to_ = pkt.src;
      next_ = now + 1;
    }
  }
  uint32_t received = 0, answered = 0;

 private:
  uint32_t limit_;
  uint32_t to_ = 0;
  Cycle next_ = kNone;
};

// One message of `packets` packets to `dst` in cycle `at`; counts what it receives.
class MessageSource final : public TrafficSource {
 public:
  MessageSource(Cycle at, uint32_t dst, uint32_t packets)
      : TrafficSource(true), next_(at), dst_(dst), packets_(packets) {}
  Cycle next() const override { return next_; }
  TrafficDescriptor generate() override {
    next_ = kNone;
    return TrafficDescriptor{dst_, packets_, 1};
  }
  void on_receive(const Packet&, Cycle) override { ++received; }
  uint32_t received = 0;

 private:
  Cycle next_;
  uint32_t dst_, packets_;
};

std::unique_ptr<Network> quiet_network() {
  Config c;  // the embedded h2 Dragonfly (72 nodes, 2 per router)
  for (const char* s : {"traffic.load=0", "sim.warmup=0", "sim.measure=3000"}) c.set_override(s);
  return build_network(c);
}

// Ping-pong between node 0 and node 9 (another group): one preloaded packet, then each node
// answers every packet it receives, 10 answers each. 21 packets in all, each delivered once.
TEST(NicReception, EchoAnswersEveryReceivedPacket) {
  const auto net = quiet_network();
  auto a = std::make_unique<EchoSource>(10), b = std::make_unique<EchoSource>(10);
  EchoSource *pa = a.get(), *pb = b.get();
  net->set_source(0, std::move(a));
  net->set_source(9, std::move(b));
  net->preload_packet(0, 9);
  const RunResults r = run_native(*net);
  EXPECT_EQ(pb->received, 11u);  // the preloaded packet and node 0's 10 answers
  EXPECT_EQ(pa->received, 10u);
  EXPECT_EQ(pa->answered, 10u);
  EXPECT_EQ(pb->answered, 10u);
  EXPECT_EQ(r.packets_delivered, 21u);
}

// A message of 3 packets is queued as 3 packets (their own sequence numbers), all delivered and
// all offered to the destination's source; the Bernoulli sources at load 0 receive nothing.
TEST(NicReception, MessageOfSeveralPackets) {
  const auto net = quiet_network();
  auto s = std::make_unique<MessageSource>(5, 9, 3),
       d = std::make_unique<MessageSource>(kNone, 0, 1);
  MessageSource* pd = d.get();
  net->set_source(0, std::move(s));
  net->set_source(9, std::move(d));
  const RunResults r = run_native(*net);
  EXPECT_EQ(pd->received, 3u);
  EXPECT_EQ(r.packets_delivered, 3u);
  EXPECT_EQ(net->nics()[0].seq, 3u);
}

}  // namespace
