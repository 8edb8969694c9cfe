#include "sim/routing/vc_order.h"

#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>

#include "sim/routing/routing.h"
#include "sim/util/failure.h"

namespace netcosim {

uint32_t VcOrder::vcs(PortKind k) const {
  uint32_t n = 0;
  for (uint32_t v = 0; v < kMaxVcs; ++v)
    if (rank[static_cast<unsigned>(k)][v] != kAbsent) n = v + 1;
  return n;
}

VcOrder VcOrder::from_reference(const char* reference, bool nonminimal_local_keeps_vc) {
  VcOrder o;
  std::memset(o.rank, kAbsent, sizeof o.rank);
  o.reference = reference;
  o.nonminimal_local_keeps_vc = nonminimal_local_keeps_vc;
  const std::string ref = reference;
  uint32_t pos = 0;
  size_t i = 0;
  while (i < ref.size()) {
    const char c = ref[i];
    const PortKind k = c == 'l'   ? PortKind::Local
                       : c == 'g' ? PortKind::Global
                                  : PortKind::Injection;
    size_t j = i + 1;
    uint32_t vc = 0;
    while (j < ref.size() && ref[j] >= '0' && ref[j] <= '9') vc = vc * 10 + (ref[j++] - '0');
    if (k == PortKind::Injection || j == i + 1 || vc >= kMaxVcs ||
        (j < ref.size() && ref[j] != '-'))
      throw std::invalid_argument(std::string("VC reference path '") + reference +
                                  "': expected tokens l<vc> or g<vc> separated by '-'");
    uint8_t& slot = o.rank[static_cast<unsigned>(k)][vc];
    if (slot != kAbsent)
      throw std::invalid_argument(std::string("VC reference path '") + reference +
                                  "': " + ref.substr(i, j - i) + " appears twice");
    slot = static_cast<uint8_t>(pos++);
    i = j + 1;
  }
  return o;
}

namespace {
char class_letter(PortKind k) {
  return k == PortKind::Global ? 'g' : 'l';
}
}  // namespace

void check_vc_order(const VcOrder& order, const char* routing, uint32_t router, uint32_t in_port,
                    PortKind in_kind, uint32_t in_vc, uint32_t out_port, PortKind out_kind,
                    const RouteResult& route, const Packet& pkt, Cycle now) {
  if (in_kind == PortKind::Injection || out_kind == PortKind::Injection) return;
  const uint32_t out_vc = route.vc;
  const uint8_t rin = order.rank_of(in_kind, in_vc), rout = order.rank_of(out_kind, out_vc);
  const char* why = nullptr;
  if (rin == VcOrder::kAbsent)
    why = "the input VC is not in the reference path";
  else if (rout == VcOrder::kAbsent)
    why = "the output VC is not in the reference path";
  else if (rout <= rin) {
    const bool exception = order.nonminimal_local_keeps_vc && out_kind == PortKind::Local &&
                           route.nonminimal && out_vc == in_vc &&
                           (route.set_flags & Packet::kLocalMisroutedInGroup) != 0 &&
                           (pkt.flags & Packet::kLocalMisroutedInGroup) == 0;
    if (!exception)
      why = order.nonminimal_local_keeps_vc
                ? "the output is not later in the reference path (and the hop is not the group's "
                  "one nonminimal local hop keeping its input VC)"
                : "the output is not later in the reference path";
  }
  if (why == nullptr) return;
  std::ostringstream os;
  os << "VC order violated at cycle " << now << ", router " << router << ": input port " << in_port
     << " (" << port_class_name(in_kind) << ") VC " << in_vc << " -> output port " << out_port
     << " (" << port_class_name(out_kind) << ") VC " << out_vc << "; " << why << " (routing "
     << routing << ", reference " << order.reference << ": " << class_letter(in_kind) << in_vc
     << " -> " << class_letter(out_kind) << out_vc << "); packet src " << pkt.src << " dst "
     << pkt.dst << " seq " << pkt.seq << " phase " << unsigned(pkt.phase) << " flags 0x" << std::hex
     << unsigned(pkt.flags) << std::dec << " hops local " << unsigned(pkt.hops_local) << " global "
     << unsigned(pkt.hops_global) << (route.nonminimal ? ", nonminimal hop" : ", minimal hop");
  throw SimulationFailure(os.str());
}

}  // namespace netcosim
