#include "sim/nic/nic.h"

namespace netcosim {

Nic::StepResult Nic::step(Cycle now, StatsSink& sink, uint32_t S) {
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
    const uint32_t dst = source->generate();
    if (queue_full()) {
      ++sink.refused;
    } else {
      queue_push({t_gen, dst, seq});
      sink.on_generate(node, seq);
      ++seq;
      ++r.queued;
    }
    next_gen = source->next();
  }
  if (q_count == 0 || link_free_at > now) return r;
  int best = -1;
  uint32_t best_credits = 0;
  for (uint32_t v = 0; v < credits.vcs(); ++v) {
    const uint32_t c = credits.credits(v);
    if (c >= S && (best < 0 || c > best_credits)) {
      best = static_cast<int>(v);
      best_credits = c;
    }
  }
  if (best < 0) return r;
  const SourceEntry& e = queue_front();
  PacketMsg msg;
  msg.arrive = now + 1;
  msg.vc = static_cast<uint8_t>(best);
  msg.pkt = Packet{};
  msg.pkt.src = node;
  msg.pkt.seq = e.seq;
  msg.pkt.dst = e.dst;
  msg.pkt.t_gen = e.t_gen;
  msg.pkt.t_inject = msg.arrive;
  if (msg.arrive >= sink.window_start && msg.arrive < sink.window_end) window_injected_phits += S;
  link->push_data(msg);
  credits.consume(static_cast<unsigned>(best), S);
  link_free_at = now + S;
  queue_pop();
  r.injected = true;
  return r;
}

}  // namespace netcosim
