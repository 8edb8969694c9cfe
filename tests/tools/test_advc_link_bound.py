#!/usr/bin/env python3
"""The link loads of tools/advc_link_bound.py on a small palm-tree dragonfly (p = 2, a = 4, h = 2,
9 groups), against their derivation (docs/validation.md, "Obl-CRG with transit priority and
In-Trns without it")."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import advc_link_bound as lb  # noqa: E402

P, A, H = 2, 4, 2
Q = 1.0 / (A * H)  # the probability that the intermediate group is the destination group


class GlobalLinks(unittest.TestCase):
    def test_each_global_link_carries_a_first_and_a_second_hop(self):
        # First hops: a router's p·λ over its h links, every link p/h. Second hops from group G+o
        # to destination group G+t (t one of router a-1's h offsets, uniform): on the link of
        # offset u, p/h · (h - [u is one of them]) / h, so 2p/h on every link but router a-1's,
        # which carry (p/h)(2 - 1/h). RRG's first hops are spread the same way.
        for pol in ("crg", "rrg"):
            loads = lb.link_loads(P, A, H, pol)
            for r in range(A):
                for k in range(H):
                    want = (P / H) * (2 - (1.0 / H if r == A - 1 else 0.0))
                    self.assertAlmostEqual(loads[("G", r, k)], want, places=12, msg=(pol, r, k))

    def test_global_hops_per_packet(self):
        # Two global hops but when the intermediate group is the destination group; drawn again
        # (crg-skip) it never is.
        for pol, want in (("crg", 2 - Q), ("rrg", 2 - Q), ("crg-land", 2 - Q), ("crg-skip", 2.0)):
            s = lb.summary(P, A, H, lb.link_loads(P, A, H, pol))
            self.assertAlmostEqual(s["global_hops"], want, places=12, msg=pol)


class LocalHops(unittest.TestCase):
    def test_local_hops_per_packet(self):
        # Each local hop is taken unless its two routers coincide, 1 - 1/a for a uniform router:
        # landing -> intermediate, intermediate -> exit, landing -> destination (or, in the
        # destination group, intermediate -> destination): (1 - 1/a)(3 - Q); RRG adds the source
        # group's hop to the exit router of a uniform group.
        for pol, want in (("crg", (1 - 1.0 / A) * (3 - Q)), ("rrg", (1 - 1.0 / A) * (4 - Q))):
            s = lb.summary(P, A, H, lb.link_loads(P, A, H, pol))
            self.assertAlmostEqual(s["local_hops"], want, places=12, msg=pol)

    def test_unknown_policy_is_refused(self):
        with self.assertRaises(ValueError):
            lb.link_loads(P, A, H, "nrg")


if __name__ == "__main__":
    unittest.main()
