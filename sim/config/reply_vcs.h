// The reply VCs of request-reply traffic (traffic.source=request_reply; docs/model.md §4.7;
// thesis 000 Sec. 5.2.2-5.2.3, Table 5.4): how many of a port class's VCs, the last ones, are the
// reply VCs. Read when the routing is built (sim/routing/request_reply.h for the baseline,
// sim/routing/dragonfly/registry.cpp for FlexVC) and by the run's summary.
#pragma once

#include <cstdint>
#include <string>

#include "sim/config/config.h"

namespace netcosim {

// The reply VCs of the ports of `port_class` (the last ones of router.vcs_<class>), 0 without
// request-reply. The Dragonfly's local and global counts are router.reply_vcs_local and
// router.reply_vcs_global; their default 0, and every other class, take the VC management's own:
// half of router.vcs_<class> under the baseline (the duplicated sets, thesis 000 Sec. 5.2.2),
// 2 local and 1 global under FlexVC (the reply part sized for safe MIN l-g-l, Sec. 5.2.3).
uint32_t reply_vcs(const Config& c, const std::string& port_class);

}  // namespace netcosim
