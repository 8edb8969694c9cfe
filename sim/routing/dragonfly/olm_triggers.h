// The misrouting triggers of OLM (routing.trigger): when the minimal output counts as congested,
// and which nonminimal candidate outputs are then valid. OLM itself checks that a candidate can
// take the packet now (credits and output FIFO room) before asking the trigger.
// - credit (seed 001 Sec. II-B and IV-A; thesis extract 000 Sec. 4.3; FOGSim's misrouteCondition,
//   docs/model.md "OLM triggers"): misroute when the minimal output VC's occupancy is at least
//   routing.credit_min_occupancy % of its buffer and it has no credits for a packet or its link is
//   busy (routing.credit_busy), and, when the minimal output is a global port, that port is
//   congested against the router's other global ports (routing.global_restriction_coef/_th); a
//   candidate is valid when its link is not busy and its downstream occupancy is below (or, with
//   routing.credit_compare=at_most, at most) routing.credit_threshold % of the minimal output's.
//   routing.credit_candidates: OLM tests every candidate or one drawn at random.
// - contention, Base (seed 001 Sec. III-B; thesis 000 Sec. 4.2.1.1): misroute when the minimal
//   output's contention counter is >= routing.threshold; candidates are the outputs whose counter
//   is below it.
// - filtered (thesis 000 Sec. 4.2.1, Eq. 4.1): the same on exponentially averaged counters
//   (routing.filter_alpha).
// - hybrid (seed 001 Sec. III-C; thesis 000 Sec. 4.2.1): the contention OR the credit condition
//   (with its global-link restriction, which FOGSim's HYBRID applies only when the contention
//   condition did not fire); candidates by the rule of the contention trigger when it fired, else
//   of the credit trigger; under either rule a candidate whose link is busy is not valid.
// - ectn (seed 001 Sec. III-D): at injection, the destination group is congested when its
//   combined counter is >= routing.ectn_threshold (OLM then misroutes to a global link of the
//   current router whose group is not congested); otherwise, and in transit, Base ("for
//   subsequent hops, the original counters from Base are used", seed 001 Sec. IV-A).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "sim/config/config.h"
#include "sim/congestion/sensor_needs.h"
#include "sim/routing/port_view.h"

namespace netcosim {

// The interface every trigger implements. OLM holds its trigger by its final type (olm.h), so the
// calls are direct; the interface states the contract.
class MisrouteTrigger {
 public:
  virtual ~MisrouteTrigger() = default;
  // The minimal output (port, vc) is congested: the packet may leave the minimal path.
  virtual bool congested(const PortView& q, uint32_t port, uint32_t vc) const = 0;
  // A nonminimal output (port, vc), which can take the packet now, is a valid candidate against
  // the minimal output (min_port, min_vc).
  virtual bool candidate_ok(const PortView& q, uint32_t port, uint32_t vc, uint32_t min_port,
                            uint32_t min_vc) const = 0;
  // Group `g` is congested as seen at injection (state beyond the router; ECtN only).
  virtual bool group_congested(const PortView& /*q*/, uint32_t /*g*/) const { return false; }
  // The sensors the routers must maintain for this trigger.
  virtual SensorNeeds sensor_needs() const { return SensorNeeds{}; }
  // OLM draws one candidate at random and tests only it (routing.credit_candidates=one_random).
  virtual bool one_random_candidate() const { return false; }
};

// The options of the credit trigger (docs/model.md "OLM triggers" gives the sources).
struct CreditOptions {
  // What "the link is busy" means in the misroute condition (routing.credit_busy):
  // - FifoFull: the output FIFO has no room for a packet (fifo_free < packet_size);
  // - FifoWriting: the output FIFO is still receiving a crossbar transfer
  //   (fifo.write_busy_until > now; FOGSim's nextPortCanReceiveFlit on its IOQ router); a
  //   candidate whose FIFO is being written is then not valid either.
  enum class Busy : uint8_t { FifoFull, FifoWriting };
  Busy busy = Busy::FifoWriting;
  // Global-link congestion restriction (routing.global_restriction_coef %, 0: off, and
  // routing.global_restriction_th packets): FOGSim's globalLinkCongested flag, compared per VC
  // (the minimal VC of the port against that VC of every global port; FOGSim v2/v3 and the
  // thesis's Ch. 4, PER_VC in v4/v5) or per port (the port's mean over its VCs; PER_PORT, the
  // v4/v5 default) -- routing.global_restriction_sensing.
  enum class Sensing : uint8_t { Vc, Port };
  uint32_t restriction_coef = 150;
  uint32_t restriction_th = 5;
  Sensing restriction_sensing = Sensing::Vc;
  bool one_random = false;  // routing.credit_candidates=one_random
  // A candidate's share of the minimal output's occupancy: strictly below the threshold (the
  // papers' "below", the default) or at most the threshold (FOGSim's validMisroutePort, `<=`):
  // routing.credit_compare.
  bool at_most = false;
};

class CreditTrigger final : public MisrouteTrigger {
 public:
  // Senses one VC of each output: under FlexVC, OLM gives it the VC JSQ would take (olm.cpp).
  static constexpr bool kSensesVc = true;
  CreditTrigger(double threshold_percent, double min_occupancy_percent, CreditOptions o = {})
      : fraction_(threshold_percent / 100.0),
        min_fraction_(min_occupancy_percent / 100.0),
        opt_(o) {}
  bool congested(const PortView& q, uint32_t port, uint32_t vc) const override;
  // The candidate's link is not busy (FOGSim's validMisroutePort) and its occupancy is below
  // (at most, with routing.credit_compare=at_most) credit_threshold % of the minimal output's.
  // Inline: OLM tests every candidate of every waiting head in every cycle, and inlined the
  // minimal output's share is computed once per decision.
  bool candidate_ok(const PortView& q, uint32_t port, uint32_t vc, uint32_t min_port,
                    uint32_t min_vc) const override {
    if (writing(q, port)) return false;
    const double limit = fraction_ * occupancy(q, min_port, min_vc);
    const double share = occupancy(q, port, vc);
    return opt_.at_most ? share <= limit : share < limit;
  }
  bool one_random_candidate() const override { return opt_.one_random; }
  // Downstream occupancy of (port, vc) as a fraction of its buffer; 0 at an ejection port.
  static double occupancy(const PortView& q, uint32_t port, uint32_t vc) {
    if (q.port_class(port) == kInjectionClass) return 0;  // ejection: the node always accepts
    return double(q.downstream_occupancy(port, vc)) / double(q.downstream_capacity(port));
  }
  // The output FIFO of `port` is being written by the crossbar and credit_busy=fifo_writing.
  bool writing(const PortView& q, uint32_t port) const {
    return opt_.busy == CreditOptions::Busy::FifoWriting && q.fifo(port).write_busy_until > q.now;
  }
  // The global port `port` (minimal VC `vc`) is congested against the router's global ports (the
  // restriction).
  bool global_port_congested(const PortView& q, uint32_t port, uint32_t vc) const;

 private:
  double fraction_;      // routing.credit_threshold / 100
  double min_fraction_;  // routing.credit_min_occupancy / 100
  CreditOptions opt_;
};

class ContentionTrigger final : public MisrouteTrigger {
 public:
  static constexpr bool kSensesVc = false;
  explicit ContentionTrigger(uint32_t threshold) : threshold_(threshold) {}
  bool congested(const PortView& q, uint32_t port, uint32_t /*vc*/) const override {
    return q.contention().over(port, threshold_);
  }
  bool candidate_ok(const PortView& q, uint32_t port, uint32_t, uint32_t, uint32_t) const override {
    return !q.contention().over(port, threshold_);
  }
  SensorNeeds sensor_needs() const override {
    SensorNeeds n;
    n.contention = true;
    return n;
  }

 private:
  uint32_t threshold_;  // routing.threshold, packets
};

class FilteredTrigger final : public MisrouteTrigger {
 public:
  static constexpr bool kSensesVc = false;
  FilteredTrigger(uint32_t threshold, double alpha)
      : threshold_(threshold), alpha_256_(static_cast<uint32_t>(alpha * 256.0 + 0.5)) {}
  bool congested(const PortView& q, uint32_t port, uint32_t /*vc*/) const override {
    return q.contention().filtered_over(port, threshold_);
  }
  bool candidate_ok(const PortView& q, uint32_t port, uint32_t, uint32_t, uint32_t) const override {
    return !q.contention().filtered_over(port, threshold_);
  }
  SensorNeeds sensor_needs() const override;

 private:
  uint32_t threshold_;
  uint32_t alpha_256_;  // routing.filter_alpha in 1/256 units, rounded
};

class HybridTrigger final : public MisrouteTrigger {
 public:
  static constexpr bool kSensesVc = true;
  HybridTrigger(ContentionTrigger contention, CreditTrigger credit)
      : contention_(contention), credit_(credit) {}
  bool congested(const PortView& q, uint32_t port, uint32_t vc) const override {
    return contention_.congested(q, port, vc) || credit_.congested(q, port, vc);
  }
  bool candidate_ok(const PortView& q, uint32_t port, uint32_t vc, uint32_t min_port,
                    uint32_t min_vc) const override;
  SensorNeeds sensor_needs() const override { return contention_.sensor_needs(); }
  bool one_random_candidate() const override { return credit_.one_random_candidate(); }

 private:
  ContentionTrigger contention_;
  CreditTrigger credit_;
};

class EctnTrigger final : public MisrouteTrigger {
 public:
  static constexpr bool kSensesVc = false;
  EctnTrigger(ContentionTrigger base, uint32_t ectn_threshold)
      : base_(base), ectn_threshold_(ectn_threshold) {}
  bool congested(const PortView& q, uint32_t port, uint32_t vc) const override {
    return base_.congested(q, port, vc);
  }
  bool candidate_ok(const PortView& q, uint32_t port, uint32_t vc, uint32_t min_port,
                    uint32_t min_vc) const override {
    return base_.candidate_ok(q, port, vc, min_port, min_vc);
  }
  bool group_congested(const PortView& q, uint32_t g) const override {
    return q.ectn_combined(g) >= ectn_threshold_;
  }
  SensorNeeds sensor_needs() const override;

 private:
  ContentionTrigger base_;
  uint32_t ectn_threshold_;  // routing.ectn_threshold, packets
};

}  // namespace netcosim
