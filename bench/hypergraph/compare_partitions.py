#!/usr/bin/env python3
"""Side by side: recomputes cut, km1 and balance of k-way partitions of one .hgr from their partition files.

Each partitioner's file holds one part id (0..k-1) per node and line, as `matchscope-cli solve --problem
hypergraph --parts K --partition-out F` and Mt-KaHyPar (`-o km1 --write-partition-file=true`) write them.
Appends one CSV row per partition (the header when the file is new):

    compare_partitions.py INSTANCE.hgr K OUTPUT.csv --partition NAME=FILE [--partition NAME=FILE ...]
        [--time NAME=MS ...] [--epsilon 0.03] [--machine TEXT] [--commit SHA] [--instance NAME]

cut = sum of w(e) over hyperedges with pins in more than one part; km1 = sum of w(e) (lambda(e) - 1);
balance as Mt-KaHyPar defines it: every part at most floor((1 + epsilon) ceil(c(V) / k)), imbalance = max part
/ ceil(c(V) / k) - 1. A partition with a wrong node count or a part id outside 0..k-1 stops the script.
"""
import argparse
import csv
import datetime
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_with_zoltan import read_hgr, read_partition  # noqa: E402

HEADER = ("commit,date,machine,instance,nodes,hyperedges,pins,k,epsilon,partitioner,cut,km1,max_part_weight,"
          "bound,imbalance,balanced,time_ms")


def objectives(edges, weights, part):
    cut = km1 = 0
    for edge, w in zip(edges, weights):
        lam = len({part[v] for v in edge})
        if lam > 1:
            cut += w
            km1 += (lam - 1) * w
    return cut, km1


def balance(node_weights, part, k, epsilon):
    weight = [0] * k
    for w, p in zip(node_weights, part):
        weight[p] += w
    perfect = -(-sum(node_weights) // k)
    bound = int((1.0 + epsilon) * perfect + 1e-9)
    heaviest = max(weight)
    return heaviest, bound, heaviest / perfect - 1.0


def git_commit():
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=os.path.dirname(os.path.abspath(__file__))).stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def named(values, what):
    out = {}
    for value in values:
        name, sep, rest = value.partition("=")
        if not sep or not name or not rest:
            sys.exit(f"--{what} {value}: expected NAME=VALUE")
        out[name] = rest
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("hgr")
    parser.add_argument("k", type=int)
    parser.add_argument("output")
    parser.add_argument("--partition", action="append", default=[], help="NAME=FILE")
    parser.add_argument("--time", action="append", default=[], help="NAME=MS, the partitioner's wall time")
    parser.add_argument("--epsilon", type=float, default=0.03)
    parser.add_argument("--machine", default=os.uname().nodename)
    parser.add_argument("--commit", default=None, help="MatchScope's commit (default: this checkout's)")
    parser.add_argument("--instance", default=None, help="instance name (default: the file's name)")
    args = parser.parse_args()
    if not args.partition:
        sys.exit("give at least one --partition NAME=FILE")
    nodes, edges, weights, node_weights = read_hgr(args.hgr)
    instance = args.instance or os.path.basename(args.hgr)
    times = named(args.time, "time")
    commit = args.commit or git_commit()
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    rows = []
    for name, path in named(args.partition, "partition").items():
        part = read_partition(path)
        if len(part) != nodes:
            sys.exit(f"{path}: {len(part)} part ids for {nodes} nodes")
        bad = next((i for i, p in enumerate(part) if not 0 <= p < args.k), None)
        if bad is not None:
            sys.exit(f"{path}:{bad + 1}: part id {part[bad]} outside 0..{args.k - 1}")
        cut, km1 = objectives(edges, weights, part)
        heaviest, bound, imbalance = balance(node_weights, part, args.k, args.epsilon)
        rows.append([commit, date, args.machine, instance, nodes, len(edges), sum(map(len, edges)), args.k,
                     args.epsilon, name, cut, km1, heaviest, bound, f"{imbalance:.6f}", int(heaviest <= bound),
                     times.get(name, "")])
    new = not os.path.exists(args.output) or os.path.getsize(args.output) == 0
    with open(args.output, "a", newline="") as f:
        out = csv.writer(f)  # quotes fields with commas (the machine's name has one)
        if new:
            out.writerow(HEADER.split(","))
        out.writerows(rows)
    csv.writer(sys.stdout).writerows(rows)


if __name__ == "__main__":
    main()
