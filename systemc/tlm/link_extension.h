// What travels on a router-facing port of the router module (docs/systemc.md, "Router-facing
// ports"; systemc/router/router_port.h): a TLM-2.0 generic payload with this extension, either a
// packet (its head reaches the receiving router's input VC `vc` at the annotated time) or a
// credit (`phits` of the sender's input VC `vc` are free again, from the annotated time on). Both
// directions of one link use the same pair of sockets: a port's `out` carries its router's
// packets and the credits it returns for the peer's packets, its `in` the peer's. The payload's
// address and data are not read.
#pragma once

#include <cstdint>
#include <string>

#include <tlm>

#include "sim/link/channel.h"
#include "sim/link/packet.h"

namespace netcosim::sc {

struct LinkExtension : tlm::tlm_extension<LinkExtension> {
  enum class Kind : uint8_t { Packet, Credit };
  Kind kind = Kind::Packet;
  // Packet: the receiver's input VC. Credit: the VC of the receiver's output (the sender's input
  // VC) whose phits are freed; bit 7 (CreditMsg::kMinimal) is minCred's flag (thesis 000 Sec.
  // 5.2.4) when the routers keep minimal-only counts.
  uint8_t vc = 0;
  // Packet: its size (packet.size). Credit: the phits freed.
  uint16_t phits = 0;
  // Packet: netcosim's descriptor: destination node, identity (src, seq), generation and
  // injection cycles, class, and the routing's state and hop counts, which a user's model passes
  // on unchanged (the statistics at the destination read them).
  Packet packet;
  // The sending router and its port, set by a router module's port (systemc/router/
  // router_port.h), which refuses an item from a router other than its topology peer (a link
  // wired to the wrong port); a user's model may leave kNone (not checked).
  uint32_t sender_router = kNone, sender_port = 0;
  // Why the receiver refused the payload (empty when it took it).
  std::string error;

  tlm::tlm_extension_base* clone() const override { return new LinkExtension(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    *this = static_cast<const LinkExtension&>(other);
  }
};

}  // namespace netcosim::sc
