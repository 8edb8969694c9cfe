#!/usr/bin/env python3
"""Saturation throughput of an input-queued switch with one FIFO per VL at each input, under
uniform traffic (docs/validation.md, "The Ch. 2 single-switch testbed"): the head-of-line bound
of Karol et al. (1987), 2 - sqrt(2) = 0.586 for one FIFO and large N, raised by the VLs.

  tools/iq_hol_bound.py [--ports N] [--shares 0.5,0.4,0.1] [--slots S] [--seed K] [--blind]

Cell-level model: time in packet slots; every input has one FIFO per VL, fed by a Bernoulli
arrival per slot at load 1 (the VL drawn by the shares) with a destination drawn uniformly over
the N outputs; in a slot each input sends at most one packet and each output takes at most one
(no speedup: a packet crosses at the link rate). Matching: the outputs, in round-robin order from
a rotating start, each grant the first unmatched input in round-robin order among those with a
head for it, any of the input's VL heads (a maximal matching over the heads). --blind instead lets
each input offer one head only, its VLs in round robin, whatever the outputs (an input arbiter
that does not see the outputs). Prints the delivered packets per slot per port: the saturation
throughput as a fraction of the link rate.
"""
import argparse
import random


def saturation(ports, shares, slots, seed, blind):
    rnd = random.Random(seed)
    vls = len(shares)
    backlog = [[0] * vls for _ in range(ports)]
    head = [[None] * vls for _ in range(ports)]  # each VL FIFO's head destination
    in_ptr = [0] * ports
    out_ptr = [0] * ports
    sent = 0
    for t in range(slots):
        for i in range(ports):
            v = rnd.choices(range(vls), shares)[0]
            backlog[i][v] += 1
            if head[i][v] is None:
                head[i][v] = rnd.randrange(ports)
        wants = [[] for _ in range(ports)]  # per output: (input, VL) heads for it
        for i in range(ports):
            cand = [v for v in range(vls) if head[i][v] is not None]
            if not cand:
                continue
            if blind:
                cand = [min(cand, key=lambda v: (v - in_ptr[i]) % vls)]
            for v in cand:
                wants[head[i][v]].append((i, v))
        matched = set()
        for k in range(ports):
            o = (t + k) % ports
            free = [x for x in wants[o] if x[0] not in matched]
            if not free:
                continue
            i, v = min(free, key=lambda x: (x[0] - out_ptr[o]) % ports)
            matched.add(i)
            out_ptr[o] = (i + 1) % ports
            in_ptr[i] = (v + 1) % vls
            backlog[i][v] -= 1
            sent += 1
            head[i][v] = rnd.randrange(ports) if backlog[i][v] > 0 else None
    return sent / slots / ports


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ports", type=int, default=48)
    ap.add_argument("--shares", default="0.5,0.4,0.1", help="each VL's share of the arrivals")
    ap.add_argument("--slots", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--blind", action="store_true")
    a = ap.parse_args()
    shares = [float(x) for x in a.shares.split(",")]
    print(f"{saturation(a.ports, shares, a.slots, a.seed, a.blind):.4f}")


if __name__ == "__main__":
    main()
