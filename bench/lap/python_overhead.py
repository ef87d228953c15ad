#!/usr/bin/env python3
"""What the Python module costs beyond the solve, and which exact solver a CPU batch should use.

    python_overhead.py CLI OUTPUT.csv N [REPEATS]

1. One n x n instance (`CLI generate uniform --range n --seed 1`, int32): the CLI's time_ms (solve only,
   the matrix already loaded) against `matchscope.solve` from the numpy array (conversion, solve,
   results), both on one thread (backend sequential, so that OpenMP scheduling on a shared machine does
   not drown the difference), interleaved runs.
2. 16 problems of 300 x 300 (int32 in [0, 300) and float64 in [0, 1)): the batch solver on one thread
   (shortest augmenting paths) against the tree and classical Hungarian per problem on one thread, and
   scipy looped.

Run with the module's folder on PYTHONPATH. One CSV row per run: measurement, instance, solver, repeat,
time_ms."""
import csv
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
from scipy.optimize import linear_sum_assignment

import matchscope


def timed(run):
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) * 1e3


def main():
    cli, output, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    repeats = int(sys.argv[4]) if len(sys.argv) > 4 else 7
    rows = []
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, f"uniform{n}.npy")
        subprocess.run([cli, "generate", "uniform", "--n", str(n), "--range", "n", "--seed", "1", "--output", path],
                       check=True, capture_output=True)
        cost = np.load(path)
        for repeat in range(repeats):
            text = subprocess.run([cli, "solve", "--input", path, "--backend", "sequential"], check=True,
                                  capture_output=True, text=True).stdout
            cli_ms = float(next(line.split()[1] for line in text.splitlines() if line.startswith("time_ms")))
            rows.append(("single", f"uniform n={n}", "matchscope-cli solve time_ms", repeat, cli_ms))
            python_ms = timed(lambda: matchscope.solve(cost, backend="sequential", certify=False))
            rows.append(("single", f"uniform n={n}", "python matchscope.solve", repeat, python_ms))
    rng = np.random.default_rng(20261125)
    for kind, costs in [("int32 [0,300)", rng.integers(0, 300, (16, 300, 300), dtype=np.int32)),
                        ("float64 [0,1)", rng.random((16, 300, 300)))]:
        solvers = {
            "batch shortest paths (1 thread)": lambda: matchscope.batch_linear_sum_assignment(costs, backend="sequential"),
            "tree Hungarian per problem (1 thread)": lambda: [
                matchscope.linear_sum_assignment(c, backend="sequential") for c in costs],
            "classical Hungarian per problem (1 thread)": lambda: [
                matchscope.linear_sum_assignment(c, algorithm="classical", backend="sequential") for c in costs],
            "scipy loop": lambda: [linear_sum_assignment(c) for c in costs],
        }
        for repeat in range(repeats):
            for solver, run in solvers.items():
                rows.append(("batch 16 x 300", kind, solver, repeat, timed(run)))
    with open(output, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["measurement", "instance", "solver", "repeat", "time_ms"])
        writer.writerows((m, i, s, r, f"{t:.3f}") for m, i, s, r, t in rows)
    for key in sorted({row[:3] for row in rows}):
        times = sorted(row[4] for row in rows if row[:3] == key)
        print(f"{key[0]:15} {key[1]:16} {key[2]:44} median {times[len(times) // 2]:9.2f} ms")


if __name__ == "__main__":
    main()
