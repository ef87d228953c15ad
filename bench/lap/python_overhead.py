#!/usr/bin/env python3
"""What the Python module costs beyond the solve, and which exact solver a CPU batch should use.

    python_overhead.py CLI OUTPUT.csv N [REPEATS] [BACKEND] [--single-only | --conversion-only]

1. One n x n instance (`CLI generate uniform --range n --seed 1`, int32): the CLI's time_ms (solve only,
   the matrix already loaded) against `matchscope.solve` from the numpy array (conversion, solve,
   results), and from the same matrix in the module's page-locked memory (`matchscope.pin_memory` once,
   outside the timer: solved in place, no copy), interleaved runs, on BACKEND (default sequential: one
   thread, so that OpenMP scheduling on a shared machine does not drown the difference; cuda on a GPU
   machine, after one warm-up solve each). `matchscope.pin_memory` itself is timed too, and the
   page-locked cache's counts (`matchscope.pinned_memory_stats`) are printed before and after the runs.
2. Batches of 16 x 300, 128 x 128 and 4 x 1000 (int32 in [0, n) and float64 in [0, 1)): the batch
   solver on one thread against the tree and classical Hungarian per problem on one thread, and scipy
   looped.

3. With --conversion-only, instead of 1 and 2: the conversion alone, wall and CPU time (all threads) of
   `matchscope.solve` on an n x n float64 matrix whose last entry is NaN (the call reads and checks the
   whole matrix, then raises before solving): ordinary C and Fortran order arrays (copied) and a pinned
   one (checked in place); run it with an older module on PYTHONPATH for the before.

--single-only skips part 2 (and scipy, which the GPU machine's carried Python runtime lacks). Run with the
module's folder on PYTHONPATH. One CSV row per run: measurement, instance, solver, repeat, time_ms."""
import argparse
import csv
import os
import subprocess
import tempfile
import time

import numpy as np

import matchscope


def timed(run):
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) * 1e3


def batch_rows(repeats):
    """Part 2: the batch solver, the Hungarian per problem and scipy on batches of small problems."""
    from scipy.optimize import linear_sum_assignment

    rows = []
    rng = np.random.default_rng(20261125)
    batches = [(f"{kind} b={b} n={n}", b, n, kind) for b, n in [(16, 300), (128, 128), (4, 1000)]
               for kind in ("int32 [0,n)", "float64 [0,1)")]
    for label, b, n, kind in batches:
        costs = rng.integers(0, n, (b, n, n), dtype=np.int32) if kind.startswith("int") else rng.random((b, n, n))
        solvers = {
            "batch_linear_sum_assignment (1 thread)": lambda: matchscope.batch_linear_sum_assignment(
                costs, backend="sequential"),
            "tree Hungarian per problem (1 thread)": lambda: [
                matchscope.linear_sum_assignment(c, backend="sequential") for c in costs],
            "classical Hungarian per problem (1 thread)": lambda: [
                matchscope.linear_sum_assignment(c, algorithm="classical", backend="sequential") for c in costs],
            "scipy loop": lambda: [linear_sum_assignment(c) for c in costs],
        }
        for repeat in range(repeats):
            for solver, run in solvers.items():
                rows.append(("batch", label, solver, repeat, timed(run)))
    return rows


def conversion_rows(n, repeats, backend):
    """Part 3: the conversion of an n x n float64 matrix alone (see the module docstring)."""
    cost = np.random.default_rng(1).random((n, n))
    cost[-1, -1] = np.nan
    arrays = {"ordinary float64 (C order)": cost, "ordinary float64 (Fortran order)": np.asfortranarray(cost)}
    if hasattr(matchscope, "pin_memory"):
        arrays["pinned float64"] = matchscope.pin_memory(cost)
    rows = []
    for repeat in range(repeats):
        for name, array in arrays.items():
            wall, cpu = time.perf_counter(), time.process_time()
            try:
                matchscope.solve(array, backend=backend, certify=False)
                raise AssertionError("the NaN was not refused")
            except ValueError:
                pass
            rows.append(("conversion", f"float64 n={n}", f"{name} wall", repeat, (time.perf_counter() - wall) * 1e3))
            rows.append(("conversion", f"float64 n={n}", f"{name} cpu", repeat, (time.process_time() - cpu) * 1e3))
    return rows


def single_rows(cli, n, repeats, backend):
    """Part 1: the CLI, an ordinary array and a pinned one on one n x n instance, interleaved."""
    rows = []
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, f"uniform{n}.npy")
        subprocess.run([cli, "generate", "uniform", "--n", str(n), "--range", "n", "--seed", "1", "--output", path],
                       check=True, capture_output=True)
        cost = np.load(path)
        pinned = matchscope.pin_memory(cost)
        matchscope.solve(cost, backend=backend, certify=False)  # warm-up: CUDA context, first launches
        matchscope.solve(pinned, backend=backend, certify=False)
        print(f"n={n} pinned_memory_stats before the runs: {matchscope.pinned_memory_stats()}")
        for repeat in range(repeats):
            text = subprocess.run([cli, "solve", "--input", path, "--backend", backend], check=True,
                                  capture_output=True, text=True).stdout
            cli_ms = float(next(line.split()[1] for line in text.splitlines() if line.startswith("time_ms")))
            rows.append(("single", f"uniform n={n}", "matchscope-cli solve time_ms", repeat, cli_ms))
            python_ms = timed(lambda: matchscope.solve(cost, backend=backend, certify=False))
            rows.append(("single", f"uniform n={n}", "python matchscope.solve", repeat, python_ms))
            pinned_ms = timed(lambda: matchscope.solve(pinned, backend=backend, certify=False))
            rows.append(("single", f"uniform n={n}", "python matchscope.solve (pinned array)", repeat, pinned_ms))
            pin_ms = timed(lambda: matchscope.pin_memory(cost))
            rows.append(("single", f"uniform n={n}", "python matchscope.pin_memory", repeat, pin_ms))
        print(f"n={n} pinned_memory_stats after the runs: {matchscope.pinned_memory_stats()}")
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cli")
    parser.add_argument("output")
    parser.add_argument("n", type=int)
    parser.add_argument("repeats", type=int, nargs="?", default=7)
    parser.add_argument("backend", nargs="?", default="sequential")
    parser.add_argument("--single-only", action="store_true")
    parser.add_argument("--conversion-only", action="store_true")
    arguments = parser.parse_args()
    cli, output, n, repeats, backend = (arguments.cli, arguments.output, arguments.n, arguments.repeats,
                                        arguments.backend)
    if arguments.conversion_only:
        rows = conversion_rows(n, repeats, backend)
    else:
        rows = single_rows(cli, n, repeats, backend)
        if not arguments.single_only:
            rows += batch_rows(repeats)
    with open(output, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["measurement", "instance", "solver", "repeat", "time_ms"])
        writer.writerows((m, i, s, r, f"{t:.3f}") for m, i, s, r, t in rows)
    for key in sorted({row[:3] for row in rows}):
        times = sorted(row[4] for row in rows if row[:3] == key)
        print(f"{key[0]:7} {key[1]:28} {key[2]:44} median {times[len(times) // 2]:9.2f} ms")


if __name__ == "__main__":
    main()
