#!/usr/bin/env python3
"""Where the km1 of a k-way partition sits, and which single moves could still lower it.

    kway_diagnose.py INSTANCE.hgr PARTITION K [--epsilon 0.03]

Prints the parts at Mt-KaHyPar's bound (no room for one more unit of weight), the hyperedges and their km1
by lambda (the parts they touch) and by size, and the nodes with a move that lowers km1: how many of them
have it only towards parts at the bound (what label propagation, which makes positive-gain moves within
the bound only, cannot take), and how many have a zero-gain move at best.
"""
import argparse
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_with_zoltan import read_hgr, read_partition  # noqa: E402

SIZE_CLASSES = (2, 4, 16, 256)


def size_class(size):
    return next((c for c in SIZE_CLASSES if size <= c), "more")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("instance")
    parser.add_argument("partition")
    parser.add_argument("k", type=int)
    parser.add_argument("--epsilon", type=float, default=0.03)
    args = parser.parse_args()
    _, edges, weights, node_weights = read_hgr(args.instance)
    part = read_partition(args.partition)
    if len(part) != len(node_weights):
        sys.exit(f"{args.partition}: {len(part)} part ids for {len(node_weights)} nodes")
    perfect = -(-sum(node_weights) // args.k)
    bound = int((1.0 + args.epsilon) * perfect + 1e-9)
    weight = [0] * args.k
    for v, p in enumerate(part):
        weight[p] += node_weights[v]
    full = [p for p in range(args.k) if weight[p] + 1 > bound]
    print(f"parts at the bound {bound}: {len(full)} of {args.k} (heaviest {max(weight)}, lightest {min(weight)})")

    pins_in = []  # per hyperedge: pins per part
    edges_of = [[] for _ in part]
    by_lambda, km1_by_lambda, km1_by_size = collections.Counter(), collections.Counter(), collections.Counter()
    for e, (pins, w) in enumerate(zip(edges, weights)):
        count = collections.Counter(part[v] for v in pins)
        pins_in.append(count)
        for v in pins:
            edges_of[v].append(e)
        if pins:
            lam = len(count)
            by_lambda[lam] += 1
            km1_by_lambda[lam] += (lam - 1) * w
            km1_by_size[size_class(len(pins))] += (lam - 1) * w
    km1 = sum(km1_by_lambda.values())
    print(f"km1 {km1}")
    for lam in sorted(by_lambda):
        print(f"  lambda {lam}: {by_lambda[lam]} hyperedges, km1 {km1_by_lambda[lam]}")
    for c in SIZE_CLASSES + ("more",):
        if km1_by_size[c]:
            print(f"  hyperedges of at most {c} pins: km1 {km1_by_size[c]}")

    improving = blocked = zero = 0
    for v, source in enumerate(part):
        base, towards = 0, collections.Counter()
        for e in edges_of[v]:
            w, count = weights[e], pins_in[e]
            base += (w if count[source] == 1 else 0) - w
            for p in count:
                if p != source:
                    towards[p] += w
        if not towards:
            continue
        best = max(base + g for g in towards.values())
        fitting = [base + g for p, g in towards.items() if weight[p] + node_weights[v] <= bound]
        if best > 0:
            improving += 1
            if not fitting or max(fitting) <= 0:
                blocked += 1
        elif best == 0:
            zero += 1
    print(f"nodes with a move lowering km1: {improving}, of them only towards parts at the bound: {blocked}; "
          f"nodes whose best move gains 0: {zero}")


if __name__ == "__main__":
    main()
