#!/usr/bin/env python3
"""Oblivious Valiant's link loads under ADVc on a palm-tree dragonfly (docs/validation.md, "Obl-CRG
with transit priority and In-Trns without it").

Sums, over every source router of one group and every destination and intermediate the routing
can draw (each equally likely), the traffic each local and global link carries, as a multiple of
the node load (phits/(node·cycle)); by the palm tree's rotational symmetry each link class (router
index and port within a group) carries the same in every group, so the sums over the groups the
paths cross give the per-link load. The busiest link sets the bound 1 / load. Paths are the
model's (docs/model.md §1, §4): a group's router A, global port k reaches group
(G - (A·h + k + 1)) mod g; ADVc sends each node's packets to a random node of the h groups router
a-1's links reach; a minimal path is l-g-l, skipping a hop that would stay in its router.

Intermediates (`--policy`):
  rrg        a router outside the source group, uniform (routing.valiant=outside_source_group);
  crg        a router of the h groups the source router's links reach, uniform over their h·a
             routers (routing.valiant=current_router; FOGSim's oblivious CRG draws the node the
             same way);
  crg-land   the router on which the source router's drawn link lands (CRG to the intermediate
             group only, then minimally on: what the group-level draw routing.valiant=group with
             valiant_group_draw=current_router routes);
  crg-skip   crg, but a drawn group that is the destination group is drawn again (the draw among
             the others), a reading the thesis leaves open.

Example: tools/advc_link_bound.py --policy crg       (h8: p = 8, a = 16, h = 8, the default)
"""
import argparse
from collections import defaultdict

POLICIES = ("rrg", "crg", "crg-land", "crg-skip")


class Palmtree:
    def __init__(self, p, a, h):
        self.p, self.a, self.h, self.g = p, a, h, a * h + 1

    def target(self, G, A, k):
        """The group reached by router A's global port k in group G."""
        return (G - (A * self.h + k + 1)) % self.g

    def port_to(self, G, Gt):
        """(router index, port) of group G whose global link reaches group Gt != G."""
        o = (G - Gt - 1) % self.g
        return o // self.h, o % self.h

    def landing(self, G, Gt):
        """The router index of group Gt on which the link from group G lands."""
        return self.port_to(Gt, G)[0]


def link_loads(p, a, h, policy):
    """{('L', A, B): load of the local link A -> B, ('G', A, k): load of global port k of router
    A}, per unit node load, the same in every group."""
    if policy not in POLICIES:
        raise ValueError(f"policy {policy!r}: allowed {', '.join(POLICIES)}")
    t = Palmtree(p, a, h)
    loads = defaultdict(float)

    def minimal(G, A, Gd, Ad, w):
        if G == Gd:
            if A != Ad:
                loads[("L", A, Ad)] += w
            return
        E, k = t.port_to(G, Gd)
        if E != A:
            loads[("L", A, E)] += w
        loads[("G", E, k)] += w
        L = t.landing(G, Gd)
        if L != Ad:
            loads[("L", L, Ad)] += w

    dests = [(t.target(0, a - 1, j), r) for j in range(h) for r in range(a)]
    for A in range(a):
        if policy == "rrg":
            inter = [(Gi, m) for Gi in range(1, t.g) for m in range(a)]
        elif policy == "crg-land":
            inter = [(t.target(0, A, k), t.landing(0, t.target(0, A, k))) for k in range(h)]
        else:
            inter = [(t.target(0, A, d // a), d % a) for d in range(h * a)]
        for Gd, r in dests:
            drawn = [x for x in inter if x[0] != Gd] if policy == "crg-skip" else inter
            w = p / len(dests) / len(drawn)
            for Gi, m in drawn:
                minimal(0, A, Gi, m, w)
                minimal(Gi, m, Gd, r, w)
    return dict(loads)


def summary(p, a, h, loads):
    loc = [v for k, v in loads.items() if k[0] == "L"]
    glo = [v for k, v in loads.items() if k[0] == "G"]
    n = a * p  # nodes per group: mean hops per packet = the group's link loads / its node load
    return {"local_max": max(loc), "local_min": min(loc + [0.0] * (a * (a - 1) - len(loc))),
            "global_max": max(glo), "global_min": min(glo + [0.0] * (a * h - len(glo))),
            "local_hops": sum(loc) / n, "global_hops": sum(glo) / n,
            "bound": 1.0 / max(max(loc), max(glo))}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--p", type=int, default=8)
    ap.add_argument("--a", type=int, default=16)
    ap.add_argument("--h", type=int, default=8)
    ap.add_argument("--policy", choices=POLICIES, action="append",
                    help="repeat for several (default: all four)")
    args = ap.parse_args()
    print("| policy | local link load max / min | global max / min | local hops | global hops "
          "| bound |")
    print("|---|---|---|---|---|---|")
    for pol in args.policy or POLICIES:
        s = summary(args.p, args.a, args.h, link_loads(args.p, args.a, args.h, pol))
        print(f"| {pol} | {s['local_max']:.4f} / {s['local_min']:.4f} | {s['global_max']:.4f} / "
              f"{s['global_min']:.4f} | {s['local_hops']:.4f} | {s['global_hops']:.4f} | "
              f"{s['bound']:.4f} |")


if __name__ == "__main__":
    main()
