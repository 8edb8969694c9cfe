// Network interface of one node (thesis 000 Sec. 1.6.1, Sec. 1.6.3), the node's endpoint
// (docs/architecture.md "The NIC is the node's endpoint"): it owns the node's traffic source, a
// bounded source queue and the injection channel into the router's injection buffers, and it
// receives the packets the router ejects at the node (on_receive).
// The router it is attached to steps it (CioqRouter::step_nics) and keeps, per injection port, the
// next cycle the NIC has something to do (a generation attempt, or its link free with packets
// queued), so an idle cycle reads one line. Returned credits are taken when the NIC is stepped:
// they are read only to inject, so taking them late changes nothing. The credits of the router's
// injection buffer are a credit model of the router's type (sim/blocks/credit_model.h), kept by
// the router beside the injection port and handed to step(): the NIC's code is the same for
// every buffer organisation and is instantiated for the router's.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>

#include "sim/blocks/credit_model.h"
#include "sim/blocks/vc_selector.h"
#include "sim/link/channel.h"
#include "sim/link/packet.h"
#include "sim/stats/stats.h"
#include "sim/traffic/source.h"

namespace netcosim {

struct SourceEntry {
  Cycle t_gen;
  uint32_t dst;
  uint32_t seq;
  // The message's class (TrafficDescriptor::cls); inject() copies it into Packet::cls.
  uint8_t cls = 0;
};

struct Nic {
  uint32_t node = 0;
  std::unique_ptr<TrafficSource> source;
  Cycle next_gen = kNone;  // source->next(), or kNone once generation has stopped
  Cycle gen_stop = kNone;  // no packet is generated at or after this cycle (drain)
  uint32_t seq = 0;        // packets generated so far (identity of the next one)
  // Injection VC policy (traffic.injection_vc; sim/blocks/vc_selector.h): JSQ with ties to the
  // lowest VC (JsqLowVc), dest: the VC dst*V/N (DestVc), or random among the VCs with credits
  // for the packet (RandomVc, drawn from vc_rng).
  enum class InjectionVc : uint8_t { Jsq, Dest, Random };
  InjectionVc injection_policy = InjectionVc::Jsq;
  uint32_t nodes = 0;  // N of the dest policy
  Rng vc_rng;          // the random policy's stream (its own: the source's draws stay the same)
  // Source queue (ring of fixed capacity: no allocation in the cycle loop). Capacity 0
  // (traffic.source_queue=0, FOGSim's generator, docs/model.md §3): no queue; the attempt's packet
  // is written into the injection buffer at once, and an attempt is dropped (StatsSink::dropped)
  // only when the VC the policy gives has no room for the whole packet, or when a packet was
  // already written in this cycle.
  std::unique_ptr<SourceEntry[]> queue;
  uint32_t q_cap = 0, q_head = 0, q_count = 0;
  // traffic.application_queue: the application queue of thesis 003 Sec. 2.2, unbounded; the
  // ring doubles when full (grow_queue), so the cycle loop allocates only when the queue reaches
  // a new maximum.
  bool q_unbounded = false;
  // Injection channel. With a source queue it carries one packet every packet_size cycles (the
  // node's link serialises it); without one it only delays the packet by one cycle (FOGSim's
  // injection delay) and takes one packet per cycle (FOGSim's generator). Its credits (the
  // router's injection VCs' buffer space, returned when a packet's tail leaves the injection
  // buffer) are passed to step().
  Cycle link_free_at = 0;
  Link* link = nullptr;
  uint64_t window_injected_phits = 0;  // phits whose head entered the router inside the window
  // source->wants_receive(), read once when the source is set (set_source): ejection makes no
  // virtual call for a source that ignores received packets (the Bernoulli source).
  bool wants_receive = false;

  void set_source(std::unique_ptr<TrafficSource> s) {
    source = std::move(s);
    next_gen = source->next();
    wants_receive = source->wants_receive();
  }

  // A packet ejected at this node: its head leaves the router in cycle `now`, its tail in `tail`.
  // Recorded in the statistics, then offered to the source (TrafficSource::on_receive). Returns
  // true when the source's next generation attempt moved (a reply): the caller re-reads next_gen.
  bool on_receive(const Packet& pkt, Cycle now, Cycle tail, StatsSink& sink) {
    sink.on_deliver(pkt, now, tail);
    if (!wants_receive) return false;
    source->on_receive(pkt, now);
    const Cycle next = source->next();
    if (next == next_gen) return false;
    next_gen = next;  // at or after gen_stop, step() stops it
    return true;
  }

  bool queue_full() const { return q_count == q_cap; }
  // Doubles the ring of an unbounded queue, its entries in order from index 0.
  [[gnu::noinline]] void grow_queue() {
    std::unique_ptr<SourceEntry[]> bigger(new SourceEntry[2 * size_t{q_cap}]);
    for (uint32_t k = 0; k < q_count; ++k) bigger[k] = queue[(q_head + k) % q_cap];
    queue = std::move(bigger);
    q_head = 0;
    q_cap *= 2;
  }
  void queue_push(const SourceEntry& e) {
    queue[(q_head + q_count) % q_cap] = e;
    ++q_count;
  }
  const SourceEntry& queue_front() const { return queue[q_head]; }
  void queue_pop() {
    q_head = (q_head + 1 == q_cap) ? 0 : q_head + 1;
    --q_count;
  }

  // The injection VC for a packet to `dst` that has room for S phits, or kNoVc.
  [[gnu::always_inline]] inline int injection_vc(const model::CreditLevels& credits, uint32_t dst,
                                                 uint32_t S) {
    switch (injection_policy) {
      case InjectionVc::Dest:
        return LowestVc::select(credits, 1u << DestVc::vc_of(dst, credits.vcs(), nodes), S, vc_rng);
      case InjectionVc::Random:
        return RandomVc::select(credits, all_vcs(credits.vcs()), S, vc_rng);
      case InjectionVc::Jsq:
        break;
    }
    return JsqLowVc::select(credits, all_vcs(credits.vcs()), S, vc_rng);
  }

  // One cycle: take returned credits, make the generation attempts that are due (into the source
  // queue, or refused when it is full; without a queue, injected at once or dropped), then inject
  // the queue's head into its injection VC (injection_vc) if the link is free. The head enters the
  // router one cycle later (FOGSim's injection delay of 1). Returns how many packets were
  // generated (into the queue or, without one, into the network) and whether one was injected.
  struct StepResult {
    uint32_t queued = 0;
    bool injected = false;
  };
  // The packets of a switch built on service levels (docs/model.md §10): each class (SL) has its
  // own packet size (its MTU) and the injection VLs its SL maps to.
  struct ClassTable {
    uint32_t phits[16] = {};
    uint16_t vls[16] = {};
  };
  // step() for such a switch: the same generation, each packet injected into the VL of its SL
  // with the most credits for the whole packet (JSQ over the SL's VLs), the link busy for the
  // packet's own size. Apart from step() so that the CIOQ router's NIC loop stays as it is.
  template <class Credits>
  StepResult step_classes(Cycle now, StatsSink& sink, const ClassTable& t, Credits& credits);

  // `credits`: the credit model of the router's injection buffer (sim/blocks/credit_model.h).
  template <class Credits>
  [[gnu::always_inline]] inline StepResult step(Cycle now, StatsSink& sink, uint32_t packet_size,
                                                Credits& credits);
  // Puts packet `e` on the injection link in VC `vc` in cycle `now`; the link takes the next
  // packet `busy` cycles later.
  template <class Credits>
  [[gnu::always_inline]] inline void inject(Cycle now, StatsSink& sink, uint32_t S,
                                            const SourceEntry& e, int vc, Credits& credits,
                                            Cycle busy);
  // A generation attempt without a source queue (FOGSim's generator, docs/model.md §3): written
  // into the injection buffer now, or dropped when the policy's VC has no room for the whole
  // packet (or a packet of this node was already written in this cycle).
  template <class Credits>
  void attempt_without_queue(Cycle now, StatsSink& sink, uint32_t S, Cycle t_gen, uint32_t dst,
                             uint8_t cls, StepResult& r, Credits& credits) {
    const int vc = link_free_at <= now ? injection_vc(credits, dst, S) : kNoVc;
    if (vc == kNoVc) {
      ++sink.dropped;
      return;
    }
    sink.on_generate(node, seq, t_gen, cls);
    inject(now, sink, S, SourceEntry{t_gen, dst, seq, cls}, vc, credits, 1);
    ++seq;
    ++r.queued;
    r.injected = true;
  }
};

// In the header and forced inline: the router's NIC loop runs it for every NIC with work, every
// cycle (g++ otherwise keeps it a call, with its register saves, on every NIC step).
template <class Credits>
inline Nic::StepResult Nic::step(Cycle now, StatsSink& sink, uint32_t S, Credits& credits) {
  StepResult r;
  while (const CreditMsg* c = link->credits.ready(now)) {
    credits.give_back(c->vc, c->phits);
    link->credits.pop();
  }
  while (next_gen <= now) {
    if (next_gen >= gen_stop) {
      next_gen = kNone;
      break;
    }
    const Cycle t_gen = next_gen;
    const TrafficDescriptor d = source->generate();
    // The message's packets, one after the other; each is an attempt of its own (queued, refused
    // when the queue is full, or without a queue injected at once or dropped).
    for (uint32_t k = 0; k < d.packets; ++k) {
      if (q_cap == 0) {
        attempt_without_queue(now, sink, S, t_gen, d.dst, d.cls, r, credits);
      } else if (queue_full() && !q_unbounded) {
        ++sink.refused;
      } else {
        if (queue_full()) grow_queue();
        queue_push({t_gen, d.dst, seq, d.cls});
        sink.on_generate(node, seq, t_gen, d.cls);
        ++seq;
        ++r.queued;
      }
    }
    next_gen = source->next();
  }
  if (q_count == 0 || link_free_at > now) return r;
  // JSQ or dest among the injection VCs (sim/blocks/vc_selector.h).
  const SourceEntry& e = queue_front();
  const int vc = injection_vc(credits, e.dst, S);
  if (vc == kNoVc) return r;
  inject(now, sink, S, e, vc, credits, S);
  queue_pop();
  r.injected = true;
  return r;
}

template <class Credits>
Nic::StepResult Nic::step_classes(Cycle now, StatsSink& sink, const ClassTable& t,
                                  Credits& credits) {
  StepResult r;
  while (const CreditMsg* c = link->credits.ready(now)) {
    credits.give_back(c->vc, c->phits);
    link->credits.pop();
  }
  while (next_gen <= now) {
    if (next_gen >= gen_stop) {
      next_gen = kNone;
      break;
    }
    const Cycle t_gen = next_gen;
    const TrafficDescriptor d = source->generate();
    for (uint32_t k = 0; k < d.packets; ++k) {
      if (q_cap == 0) {  // no queue: injected now, or dropped
        const uint32_t S = t.phits[d.cls];
        const int vc =
            link_free_at <= now ? JsqLowVc::select(credits, t.vls[d.cls], S, vc_rng) : kNoVc;
        if (vc == kNoVc) {
          ++sink.dropped;
          continue;
        }
        sink.on_generate(node, seq, t_gen, d.cls);
        inject(now, sink, S, SourceEntry{t_gen, d.dst, seq, d.cls}, vc, credits, S);
        ++seq;
        ++r.queued;
        r.injected = true;
      } else if (queue_full() && !q_unbounded) {
        ++sink.refused;
      } else {
        if (queue_full()) grow_queue();
        queue_push({t_gen, d.dst, seq, d.cls});
        sink.on_generate(node, seq, t_gen, d.cls);
        ++seq;
        ++r.queued;
      }
    }
    next_gen = source->next();
  }
  if (q_count == 0 || link_free_at > now) return r;
  const SourceEntry& e = queue_front();
  const uint32_t S = t.phits[e.cls];
  const int vc = JsqLowVc::select(credits, t.vls[e.cls], S, vc_rng);
  if (vc == kNoVc) return r;
  inject(now, sink, S, e, vc, credits, S);
  queue_pop();
  r.injected = true;
  return r;
}

template <class Credits>
inline void Nic::inject(Cycle now, StatsSink& sink, uint32_t S, const SourceEntry& e, int vc,
                        Credits& credits, Cycle busy) {
  const Cycle arrive = now + 1;
  if (arrive >= sink.window_start && arrive < sink.window_end) window_injected_phits += S;
  link->push_data(arrive, [&](PacketMsg& m) {
    m.vc = static_cast<uint8_t>(vc);
    m.pkt = Packet{};
    m.pkt.src = node;
    m.pkt.seq = e.seq;
    m.pkt.dst = e.dst;
    m.pkt.t_gen = e.t_gen;
    m.pkt.t_inject = arrive;
    m.pkt.cls = e.cls;
  });
  credits.consume(static_cast<unsigned>(vc), S);
  link_free_at = now + busy;
}

}  // namespace netcosim
