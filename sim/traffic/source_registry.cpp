#include "sim/traffic/source_registry.h"

#include <stdexcept>

#include "sim/traffic/bursty_source.h"
#include "sim/traffic/sl_source.h"
#include "sim/util/registry.h"

namespace netcosim {

const std::vector<TrafficSourceEntry>& traffic_source_registry() {
  static const std::vector<TrafficSourceEntry> registry = {
      {"bernoulli",
       "Bernoulli trials every cycle at traffic.load / packet.size, one packet of class 0 to a "
       "destination of the pattern; with traffic.pattern=bursty_uniform the ON/OFF bursts of "
       "thesis 000 Sec. 1.6.1.3 at the same mean load",
       [](uint32_t node, const Rng& rng,
          const TrafficParams& params) -> std::unique_ptr<TrafficSource> {
         if (params.burst_length > 0) return std::make_unique<BurstySource>(node, rng, params);
         return std::make_unique<BernoulliSource>(node, rng, params);
       }},
      {"request_reply",
       "requests as the bernoulli source generates its packets, at traffic.load / (1 + "
       "traffic.reply_size) so that requests and replies together offer traffic.load; the "
       "destination's NIC answers each request with a reply of traffic.reply_size packets to its "
       "source (thesis 000 Sec. 1.6.2; seed 002 Sec. IV-B)",
       [](uint32_t node, const Rng& rng,
          const TrafficParams& params) -> std::unique_ptr<TrafficSource> {
         if (params.burst_length > 0) return std::make_unique<BurstySource>(node, rng, params);
         return std::make_unique<BernoulliSource>(node, rng, params);
       }},
      {"service_levels",
       "per service level of the [qos] section: its share of traffic.load in messages of "
       "qos.message_size, with its qos.pattern (thesis 003 Sec. 5.3)",
       [](uint32_t node, const Rng& rng,
          const TrafficParams& params) -> std::unique_ptr<TrafficSource> {
         if (params.sl == nullptr)
           throw std::invalid_argument("traffic.source=service_levels: needs qos.sls >= 1");
         return std::make_unique<SlSource>(node, rng, *params.sl);
       }},
  };
  return registry;
}

std::string traffic_source_names(const char* sep) {
  return entry_names(traffic_source_registry(), sep);
}

const TrafficSourceEntry& traffic_source_entry(const std::string& name) {
  if (const TrafficSourceEntry* e = find_entry(traffic_source_registry(), name)) return *e;
  throw std::invalid_argument("traffic.source=" + name + ": allowed values are " +
                              traffic_source_names());
}

}  // namespace netcosim
