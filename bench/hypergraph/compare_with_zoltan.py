#!/usr/bin/env python3
"""Quality reference for `solve --problem hypergraph --algorithm bipartition` (not a product dependency).

Bipartitions each instance with matchscope-cli (greedy and suitor coarsening), with Zoltan's PHG at the same
imbalance threshold (zoltan_phg.cpp: the CMake target zoltan_phg, built when Debian's libtrilinos-zoltan-dev is
installed) and
with random balanced bipartitions; recomputes every cut (eq. 1) and imbalance (eq. 2) from the partition
files and writes one CSV row per instance and partitioner.

    compare_with_zoltan.py CLI ZOLTAN_PHG OUTPUT.csv [--epsilon 0.03] [--seeds 3]
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
import time


# (generator, n): the Table II profiles at about 100k nodes (wikipedia's largest column needs 75,547), and
# other hypergraphs: random ones, a 5-point-stencil grid (written here; its good cuts follow a line across
# the grid) and the heavy-column matrix (whose best cut is 0: all its heavy columns fit on one side).
INSTANCES = [
    ("flickr", 100000),
    ("wikipedia", 100000),
    ("stanford", 100000),
    ("stanford-berkeley", 100000),
    ("random-hypergraph", 20000),
    ("random-hypergraph", 100000),
    ("grid", 300),
    ("heavy-columns", 35000),
]


def write_grid(path, side):
    """One hyperedge per grid point: the point and its (up to 4) grid neighbours."""
    with open(path, "w") as f:
        f.write(f"{side * side} {side * side}\n")
        for r in range(side):
            for c in range(side):
                pins = [r * side + c + 1]
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    if 0 <= r + dr < side and 0 <= c + dc < side:
                        pins.append((r + dr) * side + c + dc + 1)
                f.write(" ".join(map(str, pins)) + "\n")


def read_hgr(path):
    with open(path) as f:
        lines = [l for l in f.read().split("\n") if not l.startswith("%")]
    header = lines[0].split()
    m, n = int(header[0]), int(header[1])
    fmt = int(header[2]) if len(header) > 2 else 0
    edges, weights = [], []
    for line in lines[1:1 + m]:
        fields = [int(x) for x in line.split()]
        if fmt % 10 == 1:
            weights.append(fields[0])
            fields = fields[1:]
        else:
            weights.append(1)
        edges.append([p - 1 for p in fields])
    node_weights = [int(x) for x in lines[1 + m:1 + m + n]] if fmt >= 10 else [1] * n
    return n, edges, weights, node_weights


def read_partition(path):
    with open(path) as f:
        return [int(x) for x in f.read().split()]


def cut_of(edges, weights, part):
    cut = 0
    for edge, w in zip(edges, weights):
        if edge and any(part[v] != part[edge[0]] for v in edge):
            cut += w
    return cut


def imbalance_of(node_weights, part):
    total = sum(node_weights)
    side1 = sum(w for w, p in zip(node_weights, part) if p == 1)
    return (2 * max(side1, total - side1) - total) / total


def timed(command):
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}")
    return (time.perf_counter() - start) * 1000, result.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cli")
    parser.add_argument("zoltan_phg", help="the zoltan_phg program the build made (build/release/bench/zoltan_phg)")
    parser.add_argument("output")
    parser.add_argument("--epsilon", type=float, default=0.03)
    parser.add_argument("--seeds", type=int, default=3, help="Zoltan runs (seeds) and random bipartitions")
    args = parser.parse_args()
    rows = ["instance,nodes,hyperedges,pins,partitioner,epsilon,cut,imbalance,time_ms,ratio_to_zoltan_best"]
    with tempfile.TemporaryDirectory() as folder:
        zoltan = args.zoltan_phg
        for generator, n in INSTANCES:
            name = f"{generator}-{n}"
            hgr = os.path.join(folder, "instance.hgr")
            if generator == "grid":
                name = f"grid-{n}x{n}"
                write_grid(hgr, n)
            else:
                subprocess.run([args.cli, "generate", "--problem", "hypergraph", generator, "--n", str(n), "--seed",
                                "1", "--output", hgr], check=True, capture_output=True)
            nodes, edges, weights, node_weights = read_hgr(hgr)
            pins = sum(len(e) for e in edges)
            results = []
            for coarsening in ("greedy", "suitor"):
                part_file = os.path.join(folder, "ours.part")
                ms, out = timed([args.cli, "solve", "--problem", "hypergraph", "--input", hgr, "--algorithm",
                                 "bipartition", "--coarsen-with", coarsening, "--backend", "cpu", "--epsilon",
                                 str(args.epsilon), "--partition-out", part_file])
                part = read_partition(part_file)
                reported = int(next(l.split()[1] for l in out.splitlines() if l.startswith("cut:")))
                cut = cut_of(edges, weights, part)
                assert cut == reported, f"{name}: reported cut {reported} != recomputed {cut}"
                results.append((f"matchscope-{coarsening}", cut, imbalance_of(node_weights, part), ms))
            for seed in range(1, args.seeds + 1):
                part_file = os.path.join(folder, "zoltan.part")
                ms, _ = timed([zoltan, hgr, str(args.epsilon), str(seed), part_file])
                part = read_partition(part_file)
                results.append((f"zoltan-phg-seed{seed}", cut_of(edges, weights, part),
                                imbalance_of(node_weights, part), ms))
            rng = random.Random(1)
            for seed in range(1, args.seeds + 1):
                order = list(range(nodes))
                rng.shuffle(order)
                part = [0] * nodes
                for v in order[:nodes // 2]:
                    part[v] = 1
                results.append((f"random-balanced-{seed}", cut_of(edges, weights, part),
                                imbalance_of(node_weights, part), 0.0))
            zoltan_best = min(r[1] for r in results if r[0].startswith("zoltan"))
            for partitioner, cut, imbalance, ms in results:
                ratio = cut / zoltan_best if zoltan_best > 0 else float("nan")
                rows.append(f"{name},{nodes},{len(edges)},{pins},{partitioner},{args.epsilon},{cut},{imbalance:.6f},"
                            f"{ms:.1f},{ratio:.4f}")
                print(rows[-1], flush=True)
    with open(args.output, "w") as f:
        f.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
