#include "sim/routing/dragonfly/olm_triggers.h"

#include "sim/topology/dragonfly.h"

namespace netcosim {

// FOGSim's credit rule (misrouteCondition, CGA; thesis extract 000 Sec. 4.3): the minimal output
// VC's occupancy is at least routing.credit_min_occupancy % of its buffer (th_min, 0 by default)
// and it has no credits for a packet or its link is busy. FOGSim's credit count on its IOQ router
// is the smaller of the downstream credits and the output buffer's free space
// (ioqSwitchModule::getCredits), i.e. !output_can_take here; "busy" is routing.credit_busy:
// fifo_full adds nothing to that, fifo_writing adds the FIFO still being written (FOGSim's
// nextPortCanReceiveFlit). Then, for a global minimal output, the global-link restriction.
bool CreditTrigger::congested(const PortView& q, uint32_t port, uint32_t vc) const {
  if (q.output_can_take(port, vc) && !writing(q, port)) return false;
  if (min_fraction_ != 0 && occupancy(q, port, vc) < min_fraction_) return false;
  return opt_.restriction_coef == 0 || q.port_class(port) != df::kGlobal ||
         global_port_congested(q, port, vc);
}

// FOGSim's globalLinkCongested flag (baseRouting::updateCongestionStatusGlobalLinks; thesis
// extract 000 Sec. 4.2 [FOGSim src]): the port's occupancy exceeds coef/100 x the mean over the
// router's global ports + th x packet_size phits. routing.global_restriction_sensing=vc (the
// thesis's Ch. 4, Sec. 5.2.4: "performed per-VC"; FOGSim v2/v3, which compare VC 0, the VC of a
// minimal global hop in the source group, and v4/v5's PER_VC): the port's VC `vc` against the
// mean of VC `vc` over the global ports; port (v4/v5's PER_PORT): the port's mean over its VCs
// against the mean over the global ports and their VCs. In integers, with G global ports and V
// VCs summed (V = 1 per VC): 100 * G * port_sum > coef * all_sum + 100 * G * V * th * S.
bool CreditTrigger::global_port_congested(const PortView& q, uint32_t port, uint32_t vc) const {
  const bool per_vc = opt_.restriction_sensing == CreditOptions::Sensing::Vc;
  const uint32_t V = per_vc ? 1 : q.vcs(df::kGlobal);
  uint64_t port_sum = 0, all_sum = 0, G = 0;
  for (uint32_t p = 0; p < q.radix(); ++p) {
    if (q.port_class(p) != df::kGlobal) continue;
    const uint64_t sum = per_vc ? q.downstream_occupancy(p, vc) : q.port_occupancy(p);
    all_sum += sum;
    if (p == port) port_sum = sum;
    ++G;
  }
  const uint64_t th_phits = uint64_t{opt_.restriction_th} * q.packet_size();
  return 100 * G * port_sum > uint64_t{opt_.restriction_coef} * all_sum + 100 * G * V * th_phits;
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
    return !credit_.writing(q, port) && contention_.candidate_ok(q, port, vc, min_port, min_vc);
  return credit_.candidate_ok(q, port, vc, min_port, min_vc);
}

SensorNeeds EctnTrigger::sensor_needs() const {
  SensorNeeds n = base_.sensor_needs();
  n.ectn = true;
  return n;
}

}  // namespace netcosim
