// Analytic bounds on the accepted load of a saturated run (offered load at or above what the
// network can carry), per traffic pattern and routing, for the tests that run at full load.
//
// Notation: p nodes per router, a routers per group, h global links per router, g = a*h + 1
// groups, N = p*a*g nodes, W measured cycles, S phits per packet; loads in phits/(node*cycle).
//
// Upper bounds (no correct model can exceed them):
//  - node:   a node consumes one phit per cycle, so accepted <= 1 + S/W (a packet whose ejection
//            began before the window).
//  - global: every directed global link carries at most 1 phit/cycle and there are g*a*h of them,
//            h/p per node. The phits delivered in the window made accepted*N*W*hops_global_avg
//            global link crossings; those made before the window belong to packets that were in
//            a router buffer at its start (at most B phits per router, the non-injection buffers
//            and output FIFOs and one packet per ejecting node), each with at most
//            hops_global_max crossings. So accepted * hops_global_avg <= h/p + (B/p) *
//            hops_global_max / W.
//  - local:  the same with the g*a*(a-1) directed local links: (a-1)/p per node.
//  - ADV+i with MIN: all the traffic of a group (a*p nodes) crosses the one global link to its
//            destination group: accepted <= 1/(a*p) + F/(a*p*W), F = what the flow can hold past
//            the link (packets that crossed it before the window): the landing router's global
//            input VC 0 (buffer_global), its p + a - 1 output FIFOs, local VC 1 of the a - 1 other
//            routers, their p ejection FIFOs, and one packet ejecting per node of the group.
//  - ADV+i, the minimal share: a packet that is not misrouted crossed its group's direct link to
//            the destination group, so accepted * (1 - misrouted_fraction) <= 1/(a*p) +
//            B/(p*W). This is what bounds a routing that keeps a share of the traffic minimal
//            (UGAL-L: its local queues do not see the congested global link, thesis 000 Sec.
//            1.4.2): the direct link saturates with the minimal share.
//  - ADV+i with any routing: a packet takes the group pair's direct link or at least two global
//            links. With a fraction m of the traffic on the direct links (g of them, one per
//            group): m*lambda*N <= g and (m + 2(1-m))*lambda*N <= g*a*h; the larger of the two
//            bounds is smallest at m = 2/g, lambda <= g/(2*a*p) (the Valiant bound, "slightly
//            above 0.5": 0.5625 on h2, 0.516 on h4), plus 1.5*B/(p*W) for packets in flight.
// Lower bounds (a deadlocked or crippled network falls below them):
//  - ADV+i with MIN: the bottleneck link is never idle at full load: every packet of the group
//            wants it (no head-of-line blocking behind another output) and its downstream buffer
//            (router.buffer_global, 256 phits) exceeds the credit round trip (2*100 + 3 + 4 = 207
//            cycles, docs/model.md section 2.1): accepted >= 1/(a*p) - F/(a*p*W) (packets past
//            the link but not delivered at the end).
//  - otherwise: (2 - sqrt 2) of the tightest capacity bound above (without the in-flight terms):
//            2 - sqrt 2 = 0.586 is the saturation throughput of a FIFO input-queued switch under
//            uniform traffic, where head-of-line blocking is the only loss (Karol, Hluchyj,
//            Morgan, "Input versus output queueing on a space-division packet switch", IEEE
//            Trans. Commun. 35(12), 1987). The router has several VCs per input and speedup 2,
//            which only reduce head-of-line blocking, so a network that loses more has lost
//            capacity to something else (a stuck VC, a region that stopped). This is a
//            reference, not a theorem for a multi-hop network: it is the floor the tests hold
//            every routing to, with the capacity computed from the paths the packets actually
//            took (hop averages), so the routing's own choice of longer paths is not counted
//            against it.
#pragma once

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

#include "sim/config/config.h"
#include "sim/network/network.h"
#include "sim/topology/dragonfly.h"

namespace netcosim::test {

struct ThroughputBounds {
  double lower = 0, upper = 0;
  std::string why;  // the terms, for failure messages
};

// Bounds for a run whose offered load is at least its capacity (e.g. traffic.load = 1.0).
inline ThroughputBounds saturation_bounds(const Config& c, const RunResults& r) {
  const double p = double(c.get_int("topology.p")), a = double(c.get_int("topology.a")),
               h = double(c.get_int("topology.h"));
  const double g = a * h + 1, W = double(r.cycles_measured), S = double(c.get_int("packet.size"));
  const double B =
      (a - 1) * double(c.get_int("router.vcs_local") * c.get_int("router.buffer_local")) +
      h * double(c.get_int("router.vcs_global") * c.get_int("router.buffer_global")) +
      (p + a - 1 + h) * double(c.get_int("router.buffer_output")) + p * S;
  const bool adv = c.get_str("traffic.pattern") == "adv" && c.get_str("traffic.pattern2") == "none";
  const bool min = c.get_str("routing.algorithm") == "min";
  std::ostringstream why;
  // Capacities without the in-flight terms (for the lower bound) and with them (upper bound).
  double cap = std::min(1.0, double(r.offered_load));
  double up = std::min(1.0 + S / W, double(r.offered_load) + S / W + B / (p * W));
  why << "node " << 1.0;
  if (r.hops_class_avg[df::kGlobal] > 0) {
    cap = std::min(cap, (h / p) / r.hops_class_avg[df::kGlobal]);
    up = std::min(up, (h / p + (B / p) * double(r.hops_class_max[df::kGlobal]) / W) /
                          r.hops_class_avg[df::kGlobal]);
    why << ", global links " << (h / p) / r.hops_class_avg[df::kGlobal];
  }
  if (r.hops_class_avg[df::kLocal] > 0) {
    cap = std::min(cap, ((a - 1) / p) / r.hops_class_avg[df::kLocal]);
    up = std::min(up, ((a - 1) / p + (B / p) * double(r.hops_class_max[df::kLocal]) / W) /
                          r.hops_class_avg[df::kLocal]);
    why << ", local links " << ((a - 1) / p) / r.hops_class_avg[df::kLocal];
  }
  ThroughputBounds b;
  if (adv && min) {
    const double bo = double(c.get_int("router.buffer_output"));
    const double F = double(c.get_int("router.buffer_global")) + (p + a - 1) * bo +
                     (a - 1) * (double(c.get_int("router.buffer_local")) + p * bo) + p * a * S;
    b.upper = std::min(up, 1 / (a * p) + F / (a * p * W));
    b.lower = 1 / (a * p) - F / (a * p * W);
    why << ", ADV+i MIN link 1/(a*p) = " << 1 / (a * p) << " +- " << F / (a * p * W);
  } else {
    if (adv) {
      cap = std::min(cap, g / (2 * a * p));
      up = std::min(up, g / (2 * a * p) + 1.5 * B / (p * W));
      why << ", ADV+i Valiant bound g/(2ap) " << g / (2 * a * p);
      const double m = 1 - r.misrouted_fraction;
      if (m > 0) {
        cap = std::min(cap, 1 / (a * p * m));
        up = std::min(up, (1 / (a * p) + B / (p * W)) / m);
        why << ", minimal share " << m << " on the direct link " << 1 / (a * p * m);
      }
    }
    b.upper = up;
    b.lower = (2 - std::sqrt(2.0)) * cap;
    why << "; lower = (2 - sqrt 2) * " << cap;
  }
  b.why = why.str();
  return b;
}

}  // namespace netcosim::test
