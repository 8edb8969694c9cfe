// A router-facing port of the router module (docs/systemc.md, "Router-facing ports";
// router_module.h): the two directions of the link between output/input `port` of the module's
// router and its peer (another router module, or a user's model of a router or link), as TLM-2.0
// b_transport calls carrying a LinkExtension (systemc/tlm/link_extension.h):
//  - `out` (initiator): the packets the router sends on the port, each annotated with the time
//    its head reaches the peer's input buffer (send cycle + link.latency_<class>), and the credits
//    the router returns for the peer's packets, each annotated with its arrival at the peer (the
//    cycle the tail left the input buffer + the link's latency);
//  - `in` (target): the peer's packets and credits, annotated the same way.
// The port holds the link's two delay lines (sim/link/channel.h Link, crossing to a router the
// module does not run: its router marks its own wake-up wheel, CioqRouter::collect_remote); after
// each activation of the router (ScActivationHook) it hands what the router queued on them to
// the peer. An item taken on `in` is queued for its annotated cycle, which must be one the
// router has not simulated yet and less than the link's latency plus packet.size after it (the
// span of the router's wake-up wheel; a sender at most one activation ahead stays below the
// latency); so a peer that sends each item in the activation that
// simulates its send cycle, as a router module does, gives the router exactly the items and
// cycles the native engine's links give it. Refused, with the reason in LinkExtension::error and
// last_error(), and not queued: no extension, an arrival outside that range or before the
// previous item's, an item a router module sent from a port other than the topology's peer
// (LinkExtension::sender_router/sender_port: a link wired to the wrong port), a VC the port does
// not have (a VL on the switches built on service levels), a packet of another size (on those
// switches: other than its SL's, qos.sl_mtu) or destination, a
// packet without room in its input VC (sent without credits), a credit for phits that were not
// sent. A refusal of the peer stops the run: sink() and results() of the module then throw a
// std::runtime_error with the peer's reason. The peer's b_transport is called from the router's
// process: it must not wait.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <systemc>
#include <tlm>

#include "sim/link/channel.h"
#include "sim/router/router_model.h"
#include "systemc/tlm/link_extension.h"
#include "systemc/tlm/tlm_network.h"

namespace netcosim::sc {

class RouterPort : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<RouterPort> in;
  tlm_utils::simple_initiator_socket<RouterPort> out;

  // Port `port` of router `router` of `net`'s network, whose topology puts input `peer.port` of
  // router `peer.router` at the other end. Connects the router's output and input `port` to the
  // port's delay lines (before the first step).
  RouterPort(const sc_core::sc_module_name& name, TlmNetwork& net, uint32_t router, uint32_t port);
  ~RouterPort() override { gp_.clear_extension(&ext_); }

  uint32_t port() const { return port_; }
  // The router and input port the configuration's topology puts at the other end.
  uint32_t peer_router() const { return peer_router_; }
  uint32_t peer_port() const { return peer_port_; }
  // link.latency_<class> of the port's class: packets and credits, both directions.
  Cycle latency() const { return out_link_.latency; }
  // Items handed to the peer and taken from it.
  uint64_t packets_sent() const { return packets_sent_; }
  uint64_t credits_sent() const { return credits_sent_; }
  uint64_t packets_received() const { return packets_received_; }
  uint64_t credits_received() const { return credits_received_; }
  // Why the last payload taken on `in` was refused (empty while none was).
  const std::string& last_error() const { return last_error_; }

  // Hands the packets and credits the router queued on the port to the peer (after each
  // activation of the router).
  void forward();

 private:
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  // The refusal of `gp` with status `st` and `why`.
  void refuse(tlm::tlm_generic_payload& gp, LinkExtension* e, tlm::tlm_response_status st,
              const std::string& why);
  void send(Cycle arrive, const char* what);

  TlmNetwork& net_;
  uint32_t router_, port_, peer_router_, peer_port_;
  uint32_t max_phits_;  // the largest packet (Network::max_packet_phits)
  Link out_link_;       // router -> peer: its packets; the peer's credits
  Link in_link_;        // peer -> router: the peer's packets; the router's credits
  // Phits the peer may still send in each VC of the router's input (the buffer minus the
  // packets taken and not yet credited back), and phits the router sent in each VC of the
  // peer's input that the peer has not credited yet.
  std::vector<uint32_t> in_room_;
  std::vector<uint32_t> out_owed_;
  uint32_t in_vcs_ = 0, out_vcs_ = 0;  // the VCs of the router's input and the peer's
  Cycle last_packet_in_ = 0, last_credit_in_ = 0;
  uint64_t packets_sent_ = 0, credits_sent_ = 0, packets_received_ = 0, credits_received_ = 0;
  std::string last_error_;
  tlm::tlm_generic_payload gp_;  // reused: the call completes synchronously
  LinkExtension ext_;
};

}  // namespace netcosim::sc
