// The arbitration policies of the CIOQ router's separable allocator (router.input_arbitration,
// router.output_arbitration; docs/model.md "Arbiters") and the age the age arbiter compares
// (router.age_timestamp). The allocator of each pair of policies is a
// model::SeparableAllocatorT of the policies' arbiter types, built here; the router evaluates it
// with one call per cycle (AllocatorCore::evaluate_and_update), the default round-robin pair
// inline (sim/router/cioq/router_allocate.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "sim/blocks/separable_allocator.h"

namespace netcosim {

// rr: round-robin (rtl/rr_arbiter.sv); lrs: least-recently served (rtl/lrs_arbiter.sv);
// transit_rr / transit_lrs: transit inputs before injection inputs, RR or LRS inside each class
// (thesis 000 Sec. 3.1.2); age: oldest request first, ties round-robin (rtl/age_arbiter.sv).
enum class ArbPolicy : uint8_t { Rr, Lrs, TransitRr, TransitLrs, Age };

// What the age of a request counts from (seed 004 Sec. 4.2; thesis 000 Sec. 3.2.1): the
// packet's generation (gen_qinf, gen_q<x>, accumulated) or its router injection (inj_time).
enum class AgeStamp : uint8_t { Generation, Injection };

// "rr" | "lrs" | "transit_rr" | "transit_lrs" | "age" (validated by the configuration).
ArbPolicy parse_arb_policy(const std::string& s);
const char* arb_policy_name(ArbPolicy p);

// Two FOGSim readings of the allocator the sources leave open (docs/model.md "Arbiters"):
// transit_rr_per_class (router.transit_rr_pointer=per_class): transit_rr keeps one round-robin
// pointer per class, as FOGSim's priorityRrArbiter; input_update_on_request
// (router.input_arbiter_update=request): the input arbiters move when their VC requests, as
// FOGSim's cosArbiter, not only on a grant. Both false: the RTL's allocator.
struct AllocatorOptions {
  bool transit_rr_per_class = false;
  bool input_update_on_request = false;
};

// The allocator of the policy pair, for P inputs (bit i of `transit`: input i is a transit input,
// not an injection port), V VCs, P outputs. At the input stage the requesters are the VCs of one
// port, all of the port's class, so a transit policy there is its inner arbiter (transit_rr is
// rr, transit_lrs is lrs): 3 input types x 6 output types (transit_rr with one or two pointers) x 2
// input updates = 36 allocator types.
std::unique_ptr<model::AllocatorCore> make_policy_allocator(ArbPolicy in, ArbPolicy out,
                                                            unsigned ports, unsigned vcs,
                                                            unsigned iterations, uint64_t transit,
                                                            const AllocatorOptions& opt = {});

}  // namespace netcosim
