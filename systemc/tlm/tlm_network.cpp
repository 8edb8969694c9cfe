// The TLM-2.0 interface of a netcosim network (tlm_network.h; docs/model.md §6.1).
#include "systemc/tlm/tlm_network.h"

#include <algorithm>
#include <chrono>
#include <string>

#include "sim/network/build.h"

namespace netcosim::sc {

namespace {

// The network clock's phase (ScEngineOptions::phase_ps): its activations run 1 ps after the
// quantum's start, when the quantum keepers have woken the user's initiators.
constexpr uint32_t kPhasePs = 1;

Cycle cycles_of(const sc_core::sc_time& t) {
  return static_cast<Cycle>(t.value() / sc_core::sc_time(1, sc_core::SC_NS).value());
}
// The first cycle that starts at or after `t`.
Cycle cycle_at_or_after(const sc_core::sc_time& t) {
  const uint64_t ns = sc_core::sc_time(1, sc_core::SC_NS).value();
  return static_cast<Cycle>((t.value() + ns - 1) / ns);
}
sc_core::sc_time time_of(Cycle c) {
  return sc_core::sc_time(static_cast<double>(c), sc_core::SC_NS);
}
double wall_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

// A node's traffic source fed by its TLM socket: the staged packets, each at its cycle or, while
// the NIC's source queue it goes to is full, one cycle later each cycle (an attempt of no packet:
// nothing is refused). One request buffer feeds the shared source queue; with
// qos.nic_queues=per_sl (docs/model.md §9.2) buffer s feeds SL s's queue (Nic::sl_queues,
// filled by Nic::generate_per_sl), so a full SL queue holds back only that SL's packets; of the
// buffers whose head is due in one attempt cycle, the head offered first goes first (the order
// the node's own source generates them in). Every other step of the NIC is its own: the per-SL
// NIC's link grant is the switch's (VlSwitch::nic_step_per_sl).
class TlmSource final : public TrafficSource {
 public:
  TlmSource(TlmNetwork& net, TlmNode& node, const Nic& nic)
      : TrafficSource(/*wants_receive=*/true),
        net_(net),
        node_(node),
        nic_(nic),
        due_(node.staged_.size(), kNone) {}

  Cycle next() const override { return next_; }

  TrafficDescriptor generate() override {
    const Cycle attempt = next_;
    // The buffer due at `attempt` (every due_ is at or after next_) whose head was offered first.
    uint32_t b = kNone;
    for (uint32_t k = 0; k < due_.size(); ++k)
      if (due_[k] == attempt &&
          (b == kNone || node_.staged_[k].front().order < node_.staged_[b].front().order))
        b = k;
    if (b == kNone) {  // not reached: next() is kNone then
      next_ = kNone;
      return TrafficDescriptor{0, 0, 0};
    }
    std::deque<TlmNode::Offer>& staged = node_.staged_[b];
    const uint32_t queued =
        nic_.sl_queues ? nic_.sl_queues[staged.front().cls].count : nic_.q_count;
    if (!nic_.q_unbounded && queued >= nic_.q_limit) {
      due_[b] = attempt + 1;
      next_ = earliest();
      return TrafficDescriptor{0, 0, 0};
    }
    const TlmNode::Offer o = staged.front();
    staged.pop_front();
    // The NIC numbers the packet nic_.seq (one packet per attempt).
    if (o.tag != 0) net_.tags_[key(nic_.node, nic_.seq)] = o.tag;
    node_.taken_[b].notify(time_of(attempt + 1) - sc_core::sc_time_stamp());
    due_[b] = staged.empty() ? kNone : std::max(staged.front().cycle, attempt);
    next_ = earliest();
    return TrafficDescriptor{o.dst, 1, o.cls};
  }

  void on_receive(const Packet& pkt, Cycle now) override {
    net_.nodes_[nic_.node]->deliver(pkt, now);
  }

  // A packet was staged in buffer `b`: the NIC's next attempt may move earlier.
  void staged(uint32_t b) {
    if (node_.staged_[b].size() != 1) return;
    due_[b] = node_.staged_[b].front().cycle;
    next_ = std::min(next_, due_[b]);
  }

  static uint64_t key(uint32_t node, uint32_t seq) { return (uint64_t{node} << 32) | seq; }

 private:
  Cycle earliest() const {
    Cycle c = kNone;
    for (const Cycle d : due_) c = std::min(c, d);
    return c;
  }

  TlmNetwork& net_;
  TlmNode& node_;
  const Nic& nic_;
  // Per request buffer: the cycle of its head's next attempt (kNone: empty).
  std::vector<Cycle> due_;
  Cycle next_ = kNone;
};

TlmNode::TlmNode(const sc_core::sc_module_name& name, TlmNetwork& net, uint32_t node,
                 uint32_t buffers)
    : sc_core::sc_module(name),
      in("in"),
      out("out"),
      net_(net),
      node_(node),
      staged_(buffers),
      taken_(new sc_core::sc_event[buffers]) {
  in.register_b_transport(this, &TlmNode::b_transport);
  delivery_.set_extension(&delivery_ext_);
  delivery_.set_command(tlm::TLM_WRITE_COMMAND);
}

tlm::tlm_response_status TlmNode::check(const PacketExtension& e, std::string& error) const {
  const uint32_t nodes = net_.nodes();
  if (e.dst >= nodes) {
    error = "destination node " + std::to_string(e.dst) + ": this network has " +
            std::to_string(nodes) + " nodes (0.." + std::to_string(nodes - 1) + ")";
    return tlm::TLM_ADDRESS_ERROR_RESPONSE;
  }
  if (e.dst == node_) {
    error = "destination node " + std::to_string(e.dst) +
            ": the sending node itself (a packet must leave its node)";
    return tlm::TLM_ADDRESS_ERROR_RESPONSE;
  }
  if (e.cls > 15) {
    error = "class " + std::to_string(e.cls) +
            ": allowed 0..15 (request 0 / reply 1, or a service level)";
    return tlm::TLM_GENERIC_ERROR_RESPONSE;
  }
  const uint32_t sls = net_.network().sized_classes();
  if (sls != 0 && e.cls >= sls) {
    error = "class " + std::to_string(e.cls) + ": this network's service levels are 0.." +
            std::to_string(sls - 1) + " (qos.sls)";
    return tlm::TLM_GENERIC_ERROR_RESPONSE;
  }
  // The switches built on service levels: each SL's packets are its MTU (docs/model.md §10).
  const uint32_t S = net_.packet_phits(e.cls);
  if (e.phits != S) {
    error = "size " + std::to_string(e.phits) + " phits: ";
    if (e.phits == 0)
      error += "a packet has at least one phit; ";
    else if (e.phits > net_.buffer_phits_)
      error +=
          "above the injection buffer (" + std::to_string(net_.buffer_phits_) + " phits per VC); ";
    if (sls != 0)
      error += "this network's packets of service level " + std::to_string(e.cls) + " are " +
               std::to_string(S) + " phits (qos.sl_mtu)";
    else
      error += "this network's packets are " + std::to_string(S) + " phits (packet.size)";
    return tlm::TLM_BURST_ERROR_RESPONSE;
  }
  return tlm::TLM_OK_RESPONSE;
}

void TlmNode::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
  PacketExtension* e = nullptr;
  gp.get_extension(e);
  if (e == nullptr) {
    last_error_ =
        "no netcosim::sc::PacketExtension: a packet needs its destination, size and class";
    gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  e->error.clear();
  const tlm::tlm_response_status st = check(*e, e->error);
  if (st != tlm::TLM_OK_RESPONSE) {
    last_error_ = e->error;
    gp.set_response_status(st);
    return;
  }
  // The packet's request buffer: its SL's with qos.nic_queues=per_sl (check() bounds cls by the
  // SLs), else the node's one.
  const uint32_t b = staged_.size() > 1 ? e->cls : 0;
  std::deque<Offer>& staged = staged_[b];
  if (staged.size() >= net_.request_slots_) {  // back-pressure: sync, then wait for a slot
    if (sc_core::sc_get_current_process_handle().proc_kind() != sc_core::SC_THREAD_PROC_) {
      e->error = "node " + std::to_string(node_) + ": its request buffer" +
                 (staged_.size() > 1 ? " of SL " + std::to_string(b) : std::string()) +
                 " is full (" + std::to_string(net_.request_slots_) +
                 " packets) and b_transport was called from a method process, which cannot "
                 "wait (allowed: an offer from a thread, or more request slots)";
      last_error_ = e->error;
      gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
      return;
    }
    ++stalls_;
    wait(delay);
    delay = sc_core::SC_ZERO_TIME;
    while (staged.size() >= net_.request_slots_) wait(taken_[b]);
  }
  const sc_core::sc_time at = sc_core::sc_time_stamp() + delay;
  const Cycle cycle = std::max(cycle_at_or_after(at), net_.horizon(sc_core::sc_time_stamp()));
  staged.push_back(Offer{cycle, e->dst, e->cls, e->tag, offers_++});
  net_.sources_[node_]->staged(b);
  net_.network().source_moved(node_);
  gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

void TlmNode::deliver(const Packet& pkt, Cycle head) {
  PacketExtension& e = delivery_ext_;
  e.dst = node_;
  e.phits = net_.packet_phits(pkt.cls);
  e.cls = pkt.cls;
  e.src = pkt.src;
  e.seq = pkt.seq;
  e.t_gen = pkt.t_gen;
  e.t_inject = pkt.t_inject;
  e.head = head;
  e.tail = head + e.phits;
  e.tag = 0;
  const auto t = net_.tags_.find(TlmSource::key(pkt.src, pkt.seq));
  if (t != net_.tags_.end()) {
    e.tag = t->second;
    net_.tags_.erase(t);
  }
  if (out.size() == 0) return;
  delivery_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_core::sc_time delay = time_of(e.tail) - sc_core::sc_time_stamp();
  out->b_transport(delivery_, delay);
}

void TlmNetwork::check_config(const Config& cfg) {
  if (cfg.get_str("traffic.source") == "request_reply")
    throw ConfigError(
        "traffic.source=request_reply: the TLM interface replaces every node's source (allowed: "
        "a source without NIC replies, e.g. bernoulli; a user model answers requests itself)");
  if (cfg.get_bool("qos.backlogged"))
    throw ConfigError(
        "qos.backlogged=true: the switches' NICs then make their own packets, which no node's "
        "socket offers (allowed: false, a source the TLM interface replaces)");
  if (cfg.get_int("traffic.source_queue") == 0)
    throw ConfigError(
        "traffic.source_queue=0: the TLM interface needs a source queue (allowed: 1 or more "
        "packets)");
}

TlmNetwork::TlmNetwork(const sc_core::sc_module_name& name, const Config& cfg,
                       const ScEngineOptions& options, uint32_t request_slots)
    : sc_core::sc_module(name) {
  check_config(cfg);
  ScEngineOptions opt = options;
  opt.phase_ps = kPhasePs;
  net_ = build_network(cfg, nullptr, systemc_local_lead(cfg, opt));
  control_ = std::make_unique<RunControl>(RunPlan::from_config(cfg));
  const Topology& topo = net_->topology();
  const uint32_t n_nodes = topo.nodes();
  buffer_phits_ = net_->router(topo.node_router(0)).input_capacity_phits(topo.node_port(0), 0);
  nodes_.reserve(n_nodes);
  sources_.resize(n_nodes);
  native_.resize(n_nodes);
  subset_ = !opt.routers.empty();
  for (uint32_t n = 0; n < n_nodes; ++n) {
    if (subset_ && std::find(opt.routers.begin(), opt.routers.end(), topo.node_router(n)) ==
                       opt.routers.end()) {
      nodes_.push_back(nullptr);
      continue;
    }
    // qos.nic_queues=per_sl: the switch gave the NIC a queue per SL (VlSwitch::attach_nic).
    const uint32_t buffers = net_->nic(n).sl_queues ? net_->sized_classes() : 1;
    nodes_.push_back(
        std::make_unique<TlmNode>(("node_" + std::to_string(n)).c_str(), *this, n, buffers));
    auto src = std::make_unique<TlmSource>(*this, *nodes_.back(), net_->nic(n));
    sources_[n] = src.get();
    native_[n] = net_->set_source(n, std::move(src));
  }
  // The engine's modules read the sources (ScNic runs a NIC whose source wants receptions every
  // cycle), so they are made after the sources are in place.
  engine_ = std::make_unique<ScNetworkInstance>("network", *net_, *control_, opt);
  period_ = engine_->period();
  // The default: what the configured sources may offer in a period (one packet per cycle; the
  // service levels' messages, Network::max_packets_per_cycle), so that a generator replaying
  // them (tlm/source_initiator.h) never waits for a slot.
  request_slots_ = request_slots != 0
                       ? request_slots
                       : static_cast<uint32_t>(period_) * net_->max_packets_per_cycle();
  tlm::tlm_global_quantum::instance().set(time_of(period_));
  start_wall_ = wall_now();
}

TlmNetwork::~TlmNetwork() = default;

std::unique_ptr<TrafficSource> TlmNetwork::take_native_source(uint32_t n) {
  return std::move(native_.at(n));
}

Cycle TlmNetwork::horizon(const sc_core::sc_time& t) const {
  // Activation k starts at k * period ns + 1 ps and simulates [k * period, (k + 1) * period).
  const sc_core::sc_time phase(kPhasePs, sc_core::SC_PS);
  if (t < phase) return 0;
  return (cycles_of(t - phase) / period_ + 1) * period_;
}

RunResults TlmNetwork::results() {
  if (subset_)
    throw std::logic_error(
        "TlmNetwork::results: this instance runs a part of the network (its statistics: sink())");
  return engine_->finish(wall_now() - start_wall_);
}

}  // namespace netcosim::sc
