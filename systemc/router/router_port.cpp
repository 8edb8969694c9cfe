// A router-facing port of the router module (router_port.h; docs/systemc.md).
#include "systemc/router/router_port.h"

#include <algorithm>
#include <stdexcept>

namespace netcosim::sc {

namespace {

sc_core::sc_time time_of(Cycle c) {
  return sc_core::sc_time(static_cast<double>(c), sc_core::SC_NS);
}
// The first cycle that starts at or after `t`.
Cycle cycle_at_or_after(const sc_core::sc_time& t) {
  const uint64_t ns = sc_core::sc_time(1, sc_core::SC_NS).value();
  return static_cast<Cycle>((t.value() + ns - 1) / ns);
}

}  // namespace

RouterPort::RouterPort(const sc_core::sc_module_name& name, TlmNetwork& net, uint32_t router,
                       uint32_t port)
    : sc_core::sc_module(name), in("in"), out("out"), net_(net), router_(router), port_(port) {
  Network& n = net.network();
  const Topology& topo = n.topology();
  const Topology::PortRef peer = topo.peer(router, port);
  const Topology::PortRef back = topo.peer(peer.router, peer.port);
  if (back.router != router || back.port != port)
    throw std::invalid_argument("router " + std::to_string(router) + " port " +
                                std::to_string(port) +
                                ": the topology's link back from the peer ends elsewhere (a "
                                "router-facing port is one bidirectional link)");
  peer_router_ = peer.router;
  peer_port_ = peer.port;
  max_phits_ = n.max_packet_phits();
  RouterModel& r = n.router(router);
  const RouterModel& p = n.router(peer.router);
  const PortClass k = topo.port_class_of(router, port);
  const Cycle lat = n.link_latency(k);
  // Each side's VCs: router.vcs_<class> of its port's class on the CIOQ router, the switch's VLs
  // on the switches built on service levels (docs/model.md §10; what `in` accepts); the counts
  // cover every VC a router has (RouterModel::vcs_per_port), so that what the routers send is
  // always counted.
  const bool cioq = n.config().get_str("router.architecture") == "cioq";
  const auto vcs = [&](uint32_t rr, uint32_t pp) {
    if (!cioq) return n.router(rr).vcs_per_port();
    return static_cast<uint32_t>(
        n.config().get_int("router.vcs_" + topo.port_class_names()[topo.port_class_of(rr, pp)]));
  };
  in_vcs_ = vcs(router, port);
  out_vcs_ = vcs(peer.router, peer.port);
  in_room_.resize(std::max(in_vcs_, r.vcs_per_port()));
  for (uint32_t v = 0; v < in_room_.size(); ++v) in_room_[v] = r.input_capacity_phits(port, v);
  out_owed_.assign(std::max(out_vcs_, p.vcs_per_port()), 0);
  // The delay lines: as the builder's link between the two routers (sim/network/build.cpp
  // wire_links), crossing to a router this module does not run; sized for every packet the
  // downstream buffer holds and a credit per phit of it (the port refuses more). The switches
  // built on service levels count packets of their smallest size (input_port_packets).
  const uint32_t peer_packets = p.input_port_packets(peer.port);
  const uint32_t own_packets = r.input_port_packets(port);
  out_link_.src_router = router;
  out_link_.src_port = port;
  out_link_.dst_router = peer.router;
  out_link_.dst_port = peer.port;
  out_link_.latency = out_link_.credit_latency = lat;
  out_link_.crosses_partitions = true;
  out_link_.data = DelayRing<PacketMsg>(peer_packets + 2);
  out_link_.credits = DelayRing<CreditMsg>(peer_packets * max_phits_ + 2);
  in_link_.src_router = peer.router;
  in_link_.src_port = peer.port;
  in_link_.dst_router = router;
  in_link_.dst_port = port;
  in_link_.latency = in_link_.credit_latency = lat;
  in_link_.crosses_partitions = true;
  in_link_.data = DelayRing<PacketMsg>(own_packets + 2);
  in_link_.credits = DelayRing<CreditMsg>(own_packets * max_phits_ + 2);
  r.connect_output(port, &out_link_);
  r.connect_input(port, &in_link_);

  in.register_b_transport(this, &RouterPort::b_transport);
  ext_.sender_router = router;
  ext_.sender_port = port;
  gp_.set_extension(&ext_);
  gp_.set_command(tlm::TLM_WRITE_COMMAND);
}

void RouterPort::send(Cycle arrive, const char* what) {
  gp_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  ext_.error.clear();
  sc_core::sc_time delay = time_of(arrive) - sc_core::sc_time_stamp();
  out->b_transport(gp_, delay);
  if (gp_.get_response_status() != tlm::TLM_OK_RESPONSE)
    throw std::runtime_error("router " + std::to_string(router_) + " port " +
                             std::to_string(port_) + ": the peer refused a " + what +
                             " arriving in cycle " + std::to_string(arrive) + ": " + ext_.error);
}

void RouterPort::forward() {
  for (const PacketMsg* m; (m = out_link_.data.ready(kNone)) != nullptr;) {
    ext_.kind = LinkExtension::Kind::Packet;
    ext_.vc = m->vc;
    const uint32_t phits = net_.packet_phits(m->pkt.cls);
    ext_.phits = static_cast<uint16_t>(phits);
    ext_.packet = m->pkt;
    out_owed_[m->vc] += phits;
    const Cycle arrive = m->arrive;
    out_link_.data.pop();
    ++packets_sent_;
    send(arrive, "packet");
  }
  for (const CreditMsg* c; (c = in_link_.credits.ready(kNone)) != nullptr;) {
    ext_.kind = LinkExtension::Kind::Credit;
    ext_.vc = c->vc;
    ext_.phits = c->phits;
    in_room_[c->vc & ~CreditMsg::kMinimal] += c->phits;
    const Cycle arrive = c->arrive;
    in_link_.credits.pop();
    ++credits_sent_;
    send(arrive, "credit");
  }
}

void RouterPort::refuse(tlm::tlm_generic_payload& gp, LinkExtension* e, tlm::tlm_response_status st,
                        const std::string& why) {
  last_error_ = "router " + std::to_string(router_) + " port " + std::to_string(port_) + ": " + why;
  if (e != nullptr) e->error = last_error_;
  gp.set_response_status(st);
}

void RouterPort::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
  LinkExtension* e = nullptr;
  gp.get_extension(e);
  if (e == nullptr) {
    refuse(gp, nullptr, tlm::TLM_GENERIC_ERROR_RESPONSE,
           "no netcosim::sc::LinkExtension: a router-facing port carries packets and credits");
    return;
  }
  e->error.clear();
  const bool packet = e->kind == LinkExtension::Kind::Packet;
  if (e->sender_router != kNone &&
      (e->sender_router != peer_router_ || e->sender_port != peer_port_)) {
    refuse(gp, e, tlm::TLM_ADDRESS_ERROR_RESPONSE,
           std::string(packet ? "a packet" : "a credit") + " from router " +
               std::to_string(e->sender_router) + " port " + std::to_string(e->sender_port) +
               ": the topology links this port to router " + std::to_string(peer_router_) +
               " port " + std::to_string(peer_port_) + " (wire each link as the topology says)");
    return;
  }
  const Cycle a = cycle_at_or_after(sc_core::sc_time_stamp() + delay);
  const Cycle h = net_.horizon(sc_core::sc_time_stamp());
  // The router's wake-up wheel spans 2 (longest latency + packet.size) + 2 cycles from its next
  // cycle, which may be one period before h (sim/network/build.cpp make_routers); the switches
  // built on service levels add twice their largest packet (sim/router/ib/ib_factory.cpp).
  const Cycle ahead = in_link_.latency + max_phits_;
  if (a < h || a >= h + ahead) {
    refuse(gp, e, tlm::TLM_GENERIC_ERROR_RESPONSE,
           std::string(packet ? "a packet" : "a credit") + " arriving in cycle " +
               std::to_string(a) + ": allowed " + std::to_string(h) + " .. " +
               std::to_string(h + ahead - 1) +
               " (a cycle the router has not simulated, less than the link's latency plus "
               "packet.size after the first)");
    return;
  }
  const Cycle last = packet ? last_packet_in_ : last_credit_in_;
  if (a < last) {
    refuse(gp, e, tlm::TLM_GENERIC_ERROR_RESPONSE,
           std::string(packet ? "a packet" : "a credit") + " arriving in cycle " +
               std::to_string(a) + ", before the previous one (cycle " + std::to_string(last) +
               "): a link delivers in order");
    return;
  }
  if (packet) {
    if (e->vc >= in_vcs_) {
      refuse(gp, e, tlm::TLM_GENERIC_ERROR_RESPONSE,
             "a packet for VC " + std::to_string(e->vc) + ": the input port has " +
                 std::to_string(in_vcs_) + " VCs (0.." + std::to_string(in_vcs_ - 1) + ")");
      return;
    }
    const uint32_t S = net_.packet_phits(e->packet.cls);
    if (e->phits != S) {
      refuse(gp, e, tlm::TLM_BURST_ERROR_RESPONSE,
             "a packet of " + std::to_string(e->phits) + " phits: this network's packets " +
                 (net_.network().sized_classes() != 0
                      ? "of service level " + std::to_string(e->packet.cls) + " are " +
                            std::to_string(S) + " phits (qos.sl_mtu)"
                      : "are " + std::to_string(S) + " phits (packet.size)"));
      return;
    }
    if (e->packet.dst >= net_.nodes()) {
      refuse(gp, e, tlm::TLM_ADDRESS_ERROR_RESPONSE,
             "destination node " + std::to_string(e->packet.dst) + ": this network has " +
                 std::to_string(net_.nodes()) + " nodes (0.." + std::to_string(net_.nodes() - 1) +
                 ")");
      return;
    }
    if (in_room_[e->vc] < e->phits) {
      refuse(gp, e, tlm::TLM_GENERIC_ERROR_RESPONSE,
             "a packet of " + std::to_string(e->phits) + " phits for VC " + std::to_string(e->vc) +
                 ", which has room for " + std::to_string(in_room_[e->vc]) +
                 " phits until credits return: sent without credits");
      return;
    }
    in_room_[e->vc] -= e->phits;
    last_packet_in_ = a;
    const uint8_t vc = e->vc;
    const Packet& pkt = e->packet;
    in_link_.push_data(a, [&](PacketMsg& m) {
      m.vc = vc;
      m.pkt = pkt;
    });
    ++packets_received_;
  } else {
    const uint32_t vc = e->vc & ~CreditMsg::kMinimal;
    if (vc >= out_vcs_ || out_owed_[vc] < e->phits) {
      refuse(gp, e, tlm::TLM_GENERIC_ERROR_RESPONSE,
             "a credit of " + std::to_string(e->phits) + " phits for VC " + std::to_string(vc) +
                 (vc >= out_vcs_ ? ": the peer's input has " + std::to_string(out_vcs_) + " VCs"
                                 : ": " + std::to_string(out_owed_[vc]) +
                                       " phits were sent and not credited"));
      return;
    }
    out_owed_[vc] -= e->phits;
    last_credit_in_ = a;
    out_link_.push_credit(CreditMsg{a, e->vc, e->phits});
    ++credits_received_;
  }
  gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

}  // namespace netcosim::sc
