// The netcosim packet of a TLM-2.0 generic payload (docs/systemc.md, "The TLM interface"): what a
// user's initiator sets to inject a packet into a node's NIC (TlmNetwork's target socket `in`),
// and what the network fills in when it delivers the packet at its destination (the node's
// initiator socket `out`). The payload's address is not read: the destination is this
// extension's. A payload without the extension is answered TLM_GENERIC_ERROR_RESPONSE.
#pragma once

#include <cstdint>
#include <string>

#include <tlm>

#include "sim/link/packet.h"

namespace netcosim::sc {

struct PacketExtension : tlm::tlm_extension<PacketExtension> {
  // Set by the user's initiator.
  uint32_t dst = 0;    // destination node, 0 .. nodes - 1, not the sending node
  uint32_t phits = 0;  // packet size: the network's packet.size (the CIOQ model's fixed size),
                       // or its SL's on the switches built on service levels (qos.sl_mtu)
  uint8_t cls = 0;     // class: 0 .. 15 (request 0 / reply 1, or a service level)
  uint64_t tag = 0;    // the user's own: carried to the destination unchanged

  // Set by the network on delivery (cycles; cycle c spans [c, c + 1) ns of simulated time).
  uint32_t src = 0;    // the sending node
  uint32_t seq = 0;    // the sending NIC's packet number (StatsSink's identity of a packet)
  Cycle t_gen = 0;     // the cycle the NIC took the packet into its source queue
  Cycle t_inject = 0;  // the cycle its head entered the router's injection buffer
  Cycle head = 0;      // the cycle its head left the destination router (ejection)
  Cycle tail = 0;      // head + phits: the packet is whole at the NIC (the annotated time)

  // Bad input: why the payload was refused (empty when it was taken).
  std::string error;

  tlm::tlm_extension_base* clone() const override { return new PacketExtension(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    *this = static_cast<const PacketExtension&>(other);
  }
};

}  // namespace netcosim::sc
