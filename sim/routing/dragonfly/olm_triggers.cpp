#include "sim/routing/dragonfly/olm_triggers.h"

namespace netcosim {

namespace {
// Downstream occupancy of (port, vc) as a fraction of its buffer; 0 at an ejection port.
double occupancy(const PortView& q, uint32_t port, uint32_t vc) {
  if (q.port_kind(port) == PortKind::Injection) return 0;  // ejection: the node always accepts
  return double(q.downstream_occupancy(port, vc)) / double(q.downstream_capacity(port));
}

}  // namespace

// FOGSim's credit rule (misrouteCondition, CGA): the minimal output's occupancy is at least
// routing.credit_min_occupancy % of its buffer (th_min, 0 by default) and it cannot take the packet
// now (no credits for a whole packet in its VC, or its output FIFO full: the link is busy).
bool CreditTrigger::congested(const PortView& q, uint32_t port, uint32_t vc) const {
  if (q.output_can_take(port, vc)) return false;
  return min_fraction_ == 0 || occupancy(q, port, vc) >= min_fraction_;
}

// Occupancy below credit_threshold % of the minimal output's.
bool CreditTrigger::candidate_ok(const PortView& q, uint32_t port, uint32_t vc, uint32_t min_port,
                                 uint32_t min_vc) const {
  return occupancy(q, port, vc) < fraction_ * occupancy(q, min_port, min_vc);
}

SensorNeeds FilteredTrigger::sensor_needs() const {
  SensorNeeds n;
  n.contention = true;
  n.filtered = true;
  n.filter_alpha_256 = alpha_256_;
  return n;
}

bool HybridTrigger::candidate_ok(const PortView& q, uint32_t port, uint32_t vc, uint32_t min_port,
                                 uint32_t min_vc) const {
  if (contention_.congested(q, min_port, min_vc))  // the contention condition fired
    return contention_.candidate_ok(q, port, vc, min_port, min_vc);
  return credit_.candidate_ok(q, port, vc, min_port, min_vc);
}

SensorNeeds EctnTrigger::sensor_needs() const {
  SensorNeeds n = base_.sensor_needs();
  n.ectn = true;
  return n;
}

}  // namespace netcosim
