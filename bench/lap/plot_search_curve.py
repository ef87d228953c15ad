#!/usr/bin/env python3
"""The cost curve of bench/device/run_search_curve.sh: median time, levels, dual updates and peak device
memory per n, costs and Hungarian variant, a least-squares exponent of time against n (log-log, n >= 5000,
the largest-n solve included), a markdown table on stdout and a log-log plot.

    python3 bench/lap/plot_search_curve.py CURVE_FOLDER PLOT.png [HYLAC_CSV]

CURVE_FOLDER holds curve.csv and memory.csv, and the largest-{real,int}.txt / .csv.gz of the tree variant's
largest solves when they ran (largest-{real,int}-classical.txt / .csv.gz: the classical variant's). HYLAC_CSV (as
bench/results/2026-11-25-hylac-h100/hylac-like-for-like.csv) adds HyLAC's two solvers on [0, n) and
MatchScope's on the very same matrices (HyLAC's generator, same timer) as dashed lines.
"""
import csv
import gzip
import itertools
import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def costs_of(row):
    return "real" if row["generator"] == "real" else f"[0,{row['range']})"


def read_curve(folder):
    """{(costs, algorithm): {n: {"ms": median, "levels": .., "dual_updates": .., "steps": ..}}}"""
    runs = defaultdict(lambda: defaultdict(list))
    with open(folder / "curve.csv", newline="") as f:
        for row in csv.DictReader(f):
            runs[(costs_of(row), row["algorithm"])][int(row["n"])].append(row)
    curve = defaultdict(dict)
    for key, by_n in runs.items():
        for n, rows in by_n.items():
            curve[key][n] = {
                "ms": statistics.median(float(r["total_ms"]) for r in rows),
                "levels": int(rows[0]["levels"]),
                "dual_updates": int(rows[0]["dual_updates"]),
                "steps": int(rows[0]["steps"]),
                "certificate": "valid",  # bench stops on an invalid certificate
            }
    return curve


def add_largest(folder, curve):
    """The largest solves: time, steps and the trace's levels and dual updates."""
    kinds = (("real", "real"), ("int", "[0,n)"))
    for (kind, costs), algorithm in itertools.product(kinds, ("tree", "classical")):
        name = f"largest-{kind}" if algorithm == "tree" else f"largest-{kind}-{algorithm}"
        text = folder / f"{name}.txt"
        if not text.exists():
            continue
        fields = dict(line.split(": ", 1) for line in text.read_text().splitlines() if ": " in line)
        if "time_ms" not in fields:
            continue
        n = int(fields["instance"].split("n=")[1].split()[0])
        levels = dual_updates = 0
        trace = folder / f"{name}.csv.gz"
        if trace.exists():
            with gzip.open(trace, "rt", newline="") as f:
                for row in csv.DictReader(f):
                    if row["phase"] == "search":
                        levels += int(float(row["levels"]))
                        dual_updates += int(float(row["dual_updates"]))
        curve[(costs, algorithm)][n] = {
            "ms": float(fields["time_ms"]),
            "levels": levels,
            "dual_updates": dual_updates,
            "steps": int(fields["steps"]),
            "certificate": fields.get("certificate", "?").strip(),
        }


def read_memory(folder):
    """{(costs, algorithm): {n: peak MiB}} (the largest solves: largest-KIND[-classical])."""
    memory = defaultdict(dict)
    path = folder / "memory.csv"
    if not path.exists():
        return memory
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            run, n, peak = row["run"], int(row["n"]), int(row["peak_mib"])
            if run.startswith("probe-"):  # run_search_curve.sh's timing probe for the largest solve
                continue
            if run.startswith("largest-"):
                kind, _, algorithm = run.removeprefix("largest-").partition("-")
                memory[("real" if kind == "real" else "[0,n)", algorithm or "tree")][n] = peak
            else:
                rng, algorithm = run.rsplit("_", 1)
                memory[("real" if rng == "real" else f"[0,{rng})", algorithm)][n] = peak
    return memory


def exponent(points):
    """Least-squares slope of log(time) against log(n) over n >= 5000."""
    xs = [math.log(n) for n, p in points.items() if n >= 5000]
    ys = [math.log(p["ms"]) for n, p in points.items() if n >= 5000]
    if len(xs) < 2:
        return float("nan")
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def add_hylac(axes, path):
    """HyLAC and MatchScope on HyLAC's [0, n) matrices (bench/results/2026-11-25-hylac-h100)."""
    with open(path, newline="") as f:
        rows = sorted((r for r in csv.DictReader(f) if r["range"] == "n"), key=lambda r: int(r["n"]))
    ns = [int(r["n"]) for r in rows]
    for column, label in (("hylac_classical_ms", "HyLAC classical"), ("hylac_tree_ms", "HyLAC tree"),
                          ("matchscope_classical_ms", "MatchScope classical"),
                          ("matchscope_tree_ms", "MatchScope tree")):
        axes.loglog(ns, [float(r[column]) for r in rows], linestyle="--", marker="s", markersize=4,
                    label=f"{label}, [0,n), HyLAC's matrices")


def main():
    folder, plot = Path(sys.argv[1]), sys.argv[2]
    curve = read_curve(folder)
    add_largest(folder, curve)
    memory = read_memory(folder)
    print("| costs | variant | n | time (ms) | steps | levels | dual updates | peak device memory (MiB) |")
    print("|---|---|---|---|---|---|---|---|")
    for key in sorted(curve):
        for n in sorted(curve[key]):
            p = curve[key][n]
            peak = memory.get(key, {}).get(n, "")
            print(f"| {key[0]} | {key[1]} | {n} | {p['ms']:.1f} | {p['steps']} | {p['levels']} | "
                  f"{p['dual_updates']} | {peak} |")
    print()
    print("| costs | variant | exponent of time in n (n >= 5000) |")
    print("|---|---|---|")
    figure, axes = plt.subplots(figsize=(10, 5))
    for key in sorted(curve):
        slope = exponent(curve[key])
        print(f"| {key[0]} | {key[1]} | {slope:.2f} |")
        ns = sorted(curve[key])
        axes.loglog(ns, [curve[key][n]["ms"] for n in ns], marker="o",
                    label=f"{key[1]}, {key[0]} (n^{slope:.2f})")
    if len(sys.argv) > 3:
        add_hylac(axes, Path(sys.argv[3]))
    axes.set_xlabel("n")
    axes.set_ylabel("host matrix to host assignment (ms)")
    axes.set_title("Exact LAP on one GPU: device-resident Hungarian search")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.02, 1))
    figure.tight_layout()
    figure.savefig(plot, dpi=110)
    print(f"\nwrote {plot}")


if __name__ == "__main__":
    main()
