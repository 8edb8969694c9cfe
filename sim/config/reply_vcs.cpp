#include "sim/config/reply_vcs.h"

namespace netcosim {

uint32_t reply_vcs(const Config& c, const std::string& port_class) {
  if (c.get_str("traffic.source") != "request_reply") return 0;
  if (port_class == "local" || port_class == "global") {
    const auto set = static_cast<uint32_t>(c.get_int("router.reply_vcs_" + port_class));
    if (set != 0) return set;
    if (c.get_str("router.vc_management") == "flexvc") return port_class == "local" ? 2 : 1;
  }
  return static_cast<uint32_t>(c.get_int("router.vcs_" + port_class)) / 2;
}

}  // namespace netcosim
