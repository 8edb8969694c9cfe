#include "sim/routing/vc_order.h"

#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>

#include "sim/routing/routing.h"
#include "sim/util/failure.h"

namespace netcosim {

uint32_t VcOrder::vcs(PortClass k) const {
  uint32_t n = 0;
  for (uint32_t v = 0; v < kMaxVcs; ++v)
    if (rank[static_cast<unsigned>(k)][v] != kAbsent) n = v + 1;
  return n;
}

VcOrder VcOrder::from_reference(const char* reference, const std::vector<std::string>& class_names,
                                PortClass nonminimal_keeps_vc_class) {
  VcOrder o;
  std::memset(o.rank, kAbsent, sizeof o.rank);
  o.reference = reference;
  o.class_names = class_names;
  o.nonminimal_keeps_vc_class = nonminimal_keeps_vc_class;
  std::string letters;  // "l<vc> or g<vc>": the tokens allowed, for messages
  for (size_t c = 1; c < class_names.size(); ++c)
    letters += (letters.empty()               ? ""
                : c + 1 == class_names.size() ? " or "
                                              : ", ") +
               class_names[c].substr(0, 1) + "<vc>";
  const std::string ref = reference;
  uint32_t pos = 0;
  size_t i = 0;
  while (i < ref.size()) {
    const char c = ref[i];
    PortClass k = kInjectionClass;
    for (size_t cls = 1; cls < class_names.size(); ++cls)
      if (class_names[cls][0] == c) k = static_cast<PortClass>(cls);
    size_t j = i + 1;
    uint32_t vc = 0;
    while (j < ref.size() && ref[j] >= '0' && ref[j] <= '9') vc = vc * 10 + (ref[j++] - '0');
    const size_t digits_end = j;
    const bool repeat = j < ref.size() && ref[j] == '*';
    if (repeat) ++j;
    if (k == kInjectionClass || digits_end == i + 1 || vc >= kMaxVcs ||
        (j < ref.size() && ref[j] != '-'))
      throw std::invalid_argument(std::string("VC reference path '") + reference +
                                  "': expected tokens " + letters +
                                  " (a repeatable position with a trailing '*') separated by '-'");
    uint8_t& slot = o.rank[static_cast<unsigned>(k)][vc];
    if (slot != kAbsent)
      throw std::invalid_argument(std::string("VC reference path '") + reference +
                                  "': " + ref.substr(i, digits_end - i) + " appears twice");
    slot = static_cast<uint8_t>(pos++);
    o.repeats[static_cast<unsigned>(k)][vc] = repeat;
    i = j + 1;
  }
  return o;
}

void check_vc_order(const VcOrder& order, const char* routing, uint32_t router, uint32_t in_port,
                    PortClass in_kind, uint32_t in_vc, uint32_t out_port, PortClass out_kind,
                    uint32_t out_vc, const RouteResult& route, const Packet& pkt, Cycle now) {
  if (in_kind == kInjectionClass || out_kind == kInjectionClass) return;
  const uint8_t rin = order.rank_of(in_kind, in_vc), rout = order.rank_of(out_kind, out_vc);
  const char* why = nullptr;
  if (out_vc >= VcOrder::kMaxVcs || ((route.vcs >> out_vc) & 1) == 0)
    why = "the output VC is not among the VCs the routing allows for the hop";
  else if (order.request_reply && pkt.cls == Packet::kRequest &&
           out_vc >= order.reply_first[out_kind])
    why = "a request on a reply VC (requests use the request VCs only; thesis 000 Sec. 5.2.2)";
  else if (order.request_reply && pkt.cls == Packet::kReply && !order.replies_use_request_vcs &&
           out_vc < order.reply_first[out_kind])
    why =
        "a reply on a request VC (the baseline's request and reply VC sets are separate; thesis "
        "000 Sec. 5.2.2)";
  else if (order.flexvc != nullptr) {
    const FlexVcLimit& f = *order.flexvc;
    if (route.opportunistic) {
      if (static_cast<int>(out_vc) > f.highest_escape_vc(router, out_port, pkt))
        why =
            "opportunistic hop: the minimal escape from the next router does not embed after "
            "the output VC (FlexVC, seed 002 Def. 2)";
    } else if (f.position(out_kind, 31u - static_cast<uint32_t>(__builtin_clz(route.vcs))) <=
               f.position(in_kind, in_vc)) {
      why =
          "safe hop: no VC it allows lies after the input VC in the reference sequence "
          "(FlexVC, seed 002 Def. 1)";
    }
  } else if (rin == VcOrder::kAbsent)
    why = "the input VC is not in the reference path";
  else if (rout == VcOrder::kAbsent)
    why = "the output VC is not in the reference path";
  else if (rout < rin || (rout == rin && !order.repeats[out_kind][out_vc])) {
    const bool keeps = order.nonminimal_keeps_vc_class != kInjectionClass;
    // "Keeps its input VC": the same VC number within the packet's own VC set (a baseline reply
    // counts from its class's first reply VC, thesis 000 Sec. 5.2.2).
    const bool own_reply_set =
        order.request_reply && pkt.cls == Packet::kReply && !order.replies_use_request_vcs;
    const uint32_t in_rel = own_reply_set ? in_vc - order.reply_first[in_kind] : in_vc;
    const uint32_t out_rel = own_reply_set ? out_vc - order.reply_first[out_kind] : out_vc;
    const bool exception = keeps && out_kind == order.nonminimal_keeps_vc_class &&
                           route.nonminimal && out_rel == in_rel &&
                           (route.set_flags & Packet::kLocalMisroutedInGroup) != 0 &&
                           (pkt.route.flags & Packet::kLocalMisroutedInGroup) == 0;
    if (!exception)
      why = keeps ? "the output is not later in the reference path (and the hop is not the group's "
                    "one nonminimal local hop keeping its input VC)"
                  : "the output is not later in the reference path (nor a repeatable position)";
  }
  if (why == nullptr) return;
  std::ostringstream os;
  os << "VC order violated at cycle " << now << ", router " << router << ": input port " << in_port
     << " (" << order.class_names[in_kind] << ") VC " << in_vc << " -> output port " << out_port
     << " (" << order.class_names[out_kind] << ") VC " << out_vc << "; " << why << " (routing "
     << routing << ", reference " << order.reference << ": " << order.class_names[in_kind][0]
     << in_vc << " -> " << order.class_names[out_kind][0] << out_vc << "); packet src " << pkt.src
     << " dst " << pkt.dst << " seq " << pkt.seq << " phase " << unsigned(pkt.route.phase)
     << " flags 0x" << std::hex << unsigned(pkt.route.flags) << std::dec << " hops";
  for (size_t c = 1; c < order.class_names.size(); ++c)
    os << " " << order.class_names[c] << " " << pkt.hops(static_cast<uint32_t>(c));
  os << (route.nonminimal ? ", nonminimal hop" : ", minimal hop");
  throw SimulationFailure(os.str());
}

}  // namespace netcosim
