#!/usr/bin/env python3
"""Batches of small LAPs, like for like on the same instances and the same timer (host arrays in, host
results out): scipy.optimize.linear_sum_assignment looped over each batch on one core and on every core (a
process pool started before the timer, its workers forked with the batches already in memory), against
MatchScope's batch solver through `matchscope-cli bench --preset batch --npy` (CUDA context created before
its timer, one warm-up) and, when `import matchscope` works, through the Python module.

    batch_scipy_comparison.py CLI OUT_DIR [REPEATS]

Shapes b x n = 16 x 300, 256 x 256, 1024 x 128, 64 x 1000; int32 costs uniform in [0, n) and float64 costs
uniform in [0, 1), seeded. Writes OUT_DIR/instances/*.npy (3-D), OUT_DIR/matchscope-cli.csv (the CLI's
rows), OUT_DIR/timings.csv (scipy and module rows) and OUT_DIR/summary.csv: per batch the median ms of each
solver, MatchScope's speed-up over scipy on all cores, and whether every objective sum agrees with scipy's
(integers exactly, floats to 1e-9 relative)."""
import csv
import multiprocessing
import os
import statistics
import subprocess
import sys
import time

import numpy as np
from scipy.optimize import linear_sum_assignment

SHAPES = [(16, 300), (256, 256), (1024, 128), (64, 1000)]
BATCHES = {}  # name -> array, inherited by the forked pool workers


def solve_range(task):
    name, begin, end = task
    costs = BATCHES[name]
    return [linear_sum_assignment(costs[k]) for k in range(begin, end)]


def objective_sum(costs, assignments):
    wide = np.float64 if costs.dtype.kind == "f" else np.int64
    return sum(costs[k][rows, cols].sum(dtype=wide) for k, (rows, cols) in enumerate(assignments))


def agrees(value, reference):
    if isinstance(reference, (int, np.integer)):
        return int(value) == int(reference)
    return abs(float(value) - float(reference)) <= 1e-9 * max(1.0, abs(float(reference)))


def scipy_solvers(pool, cores, name):
    """The two scipy sides for batch `name` of BATCHES: looped on one core, and split over the pool's
    `cores` worker processes (about four chunks a worker). Each returns the batch's assignments."""
    costs = BATCHES[name]
    chunk = max(1, len(costs) // (4 * cores))
    tasks = [(name, begin, min(begin + chunk, len(costs))) for begin in range(0, len(costs), chunk)]
    return {
        "scipy 1 core": lambda: solve_range((name, 0, len(costs))),
        f"scipy {cores} processes": lambda: [a for part in pool.map(solve_range, tasks) for a in part],
    }


def main():
    cli, out_dir = sys.argv[1], sys.argv[2]
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    instance_dir = os.path.join(out_dir, "instances")
    os.makedirs(instance_dir, exist_ok=True)
    rng = np.random.default_rng(20261125)
    files = []
    for count, n in SHAPES:
        for kind in ("integer", "real"):
            name = f"b{count}_n{n}_{kind}.npy"
            costs = rng.integers(0, n, (count, n, n), dtype=np.int32) if kind == "integer" else rng.random((count, n, n))
            np.save(os.path.join(instance_dir, name), costs)
            BATCHES[name] = costs
            files.append(name)

    cli_csv = os.path.join(out_dir, "matchscope-cli.csv")
    subprocess.run([cli, "bench", "--preset", "batch", "--repeats", str(repeats), "--output", cli_csv, "--npy",
                    ",".join(os.path.join(instance_dir, name) for name in files)], check=True)

    try:
        import matchscope
    except ImportError as error:
        matchscope = None
        print(f"python module not timed: {error}", flush=True)

    cores = os.cpu_count()
    rows = []  # solver, file, repeat, ms, objective_sum
    with multiprocessing.get_context("fork").Pool(cores) as pool:
        pool.map(solve_range, [(files[0], 0, 1)] * cores)  # workers up and importing scipy before any timer
        for name in files:
            costs = BATCHES[name]
            solvers = scipy_solvers(pool, cores, name)
            if matchscope is not None:
                for backend in ("cuda", "cpu"):
                    def module_solve(backend=backend):
                        row_ind, col_ind = matchscope.batch_linear_sum_assignment(costs, backend=backend)
                        return list(zip(row_ind, col_ind))
                    try:
                        module_solve()  # warm-up; skips a backend this machine lacks
                        solvers[f"matchscope module {backend}"] = module_solve
                    except RuntimeError as error:
                        print(f"matchscope module {backend}: {error}", flush=True)
            for solver, run in solvers.items():
                for repeat in range(repeats):
                    start = time.perf_counter()
                    assignments = run()
                    elapsed_ms = (time.perf_counter() - start) * 1e3
                    rows.append((solver, name, repeat, elapsed_ms, objective_sum(costs, assignments)))
                print(f"{name} {solver}: {statistics.median(r[3] for r in rows if r[:2] == (solver, name)):.2f} ms",
                      flush=True)

    with open(os.path.join(out_dir, "timings.csv"), "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["solver", "file", "repeat", "time_ms", "objective_sum"])
        writer.writerows(rows)

    with open(cli_csv) as cli_file:
        for record in csv.DictReader(cli_file):
            rows.append((f"matchscope-cli {record['backend']}", record["costs"], int(record["repeat"]),
                         float(record["time_ms"]), record["objective_sum"]))
    all_agree = True
    with open(os.path.join(out_dir, "summary.csv"), "w", newline="") as out:
        writer = csv.writer(out)
        solvers = sorted({r[0] for r in rows})
        writer.writerow(["file", "problems", "n"] + [f"{s} ms" for s in solvers] +
                        ["speedup_vs_scipy_all_cores", "objectives_agree"])
        for name in files:
            reference = next(r[4] for r in rows if r[:2] == ("scipy 1 core", name))
            medians = {s: statistics.median(r[3] for r in rows if r[:2] == (s, name)) for s in solvers
                       if any(r[:2] == (s, name) for r in rows)}
            agree = all(agrees(r[4], reference) for r in rows if r[1] == name)
            all_agree = all_agree and agree
            pool_ms = medians[f"scipy {cores} processes"]
            best = min(ms for s, ms in medians.items() if s.startswith("matchscope"))
            count, n = BATCHES[name].shape[:2]
            writer.writerow([name, count, n] + [f"{medians[s]:.3f}" if s in medians else "" for s in solvers] +
                            [f"{pool_ms / best:.1f}", "yes" if agree else "NO"])
    print(open(os.path.join(out_dir, "summary.csv")).read())
    print("objectives agree with scipy everywhere:", "yes" if all_agree else "NO")
    sys.exit(0 if all_agree else 1)


if __name__ == "__main__":
    main()
