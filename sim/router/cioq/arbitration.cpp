#include "sim/router/cioq/arbitration.h"

#include <stdexcept>

namespace netcosim {

ArbPolicy parse_arb_policy(const std::string& s) {
  if (s == "rr") return ArbPolicy::Rr;
  if (s == "lrs") return ArbPolicy::Lrs;
  if (s == "transit_rr") return ArbPolicy::TransitRr;
  if (s == "transit_lrs") return ArbPolicy::TransitLrs;
  if (s == "age") return ArbPolicy::Age;
  throw std::invalid_argument("arbitration policy '" + s +
                              "': allowed rr|lrs|transit_rr|transit_lrs|age");
}

const char* arb_policy_name(ArbPolicy p) {
  switch (p) {
    case ArbPolicy::Lrs:
      return "lrs";
    case ArbPolicy::TransitRr:
      return "transit_rr";
    case ArbPolicy::TransitLrs:
      return "transit_lrs";
    case ArbPolicy::Age:
      return "age";
    case ArbPolicy::Rr:
      break;
  }
  return "rr";
}

namespace {

template <class In, bool kReq>
std::unique_ptr<model::AllocatorCore> with_output(ArbPolicy out, unsigned ports, unsigned vcs,
                                                  unsigned iterations, uint64_t transit,
                                                  bool rr_per_class) {
  using namespace model;
  switch (out) {
    case ArbPolicy::Lrs:
      return std::make_unique<SeparableAllocatorT<In, LrsArbiter, kReq>>(ports, vcs, ports,
                                                                         iterations);
    case ArbPolicy::TransitRr:
      if (rr_per_class)
        return std::make_unique<SeparableAllocatorT<In, TransitRrPerClassArbiter, kReq>>(
            ports, vcs, ports, iterations, transit);
      return std::make_unique<SeparableAllocatorT<In, TransitRrArbiter, kReq>>(ports, vcs, ports,
                                                                               iterations, transit);
    case ArbPolicy::TransitLrs:
      return std::make_unique<SeparableAllocatorT<In, TransitLrsArbiter, kReq>>(
          ports, vcs, ports, iterations, transit);
    case ArbPolicy::Age:
      return std::make_unique<SeparableAllocatorT<In, AgeArbiter, kReq>>(ports, vcs, ports,
                                                                         iterations);
    case ArbPolicy::Rr:
      break;
  }
  return std::make_unique<SeparableAllocatorT<In, RoundRobinArbiter, kReq>>(ports, vcs, ports,
                                                                            iterations);
}

template <class In>
std::unique_ptr<model::AllocatorCore> with_input(ArbPolicy out, unsigned ports, unsigned vcs,
                                                 unsigned iterations, uint64_t transit,
                                                 const AllocatorOptions& opt) {
  if (opt.input_update_on_request)
    return with_output<In, true>(out, ports, vcs, iterations, transit, opt.transit_rr_per_class);
  return with_output<In, false>(out, ports, vcs, iterations, transit, opt.transit_rr_per_class);
}

}  // namespace

std::unique_ptr<model::AllocatorCore> make_policy_allocator(ArbPolicy in, ArbPolicy out,
                                                            unsigned ports, unsigned vcs,
                                                            unsigned iterations, uint64_t transit,
                                                            const AllocatorOptions& opt) {
  switch (in) {
    case ArbPolicy::Lrs:
    case ArbPolicy::TransitLrs:
      return with_input<model::LrsArbiter>(out, ports, vcs, iterations, transit, opt);
    case ArbPolicy::Age:
      return with_input<model::AgeArbiter>(out, ports, vcs, iterations, transit, opt);
    case ArbPolicy::Rr:
    case ArbPolicy::TransitRr:
      break;
  }
  return with_input<model::RoundRobinArbiter>(out, ports, vcs, iterations, transit, opt);
}

}  // namespace netcosim
