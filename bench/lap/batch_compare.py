#!/usr/bin/env python3
"""HyLAC's stream solver, MatchScope's batched GPU LAP and scipy side by side on the same batches (issue 25,
item 3), each timed by the same timer: bench/device/run_batch_compare.sh runs it on the GPU machine.

    batch_compare.py CLI HYLAC_BATCH OUT_DIR [--repeats 5] [--shapes 16x300,256x256,...] [--dtypes ...]
                     [--cli-new CLI_NEW]

Batches (seeded): b x n = 16 x 300, 256 x 256, 1024 x 128, 64 x 512 (in place of 64 x 1000, beyond HyLAC's
n <= 512) and 64 x 1000 (MatchScope and scipy only); int32 costs uniform in [0, n), float32 costs uniform in
[0, n) (HyLAC's own float type and range) and float64 costs uniform in [0, 1) (the bench preset's reals).

Sides, each with one warm-up and then --repeats timed runs (medians):
  hylac-stream    HYLAC_BATCH (bench/lap/hylac_batch.cpp), one process per batch, under a time limit
  matchscope-cli  `CLI bench --preset batch --backends cuda --npy ...`
  matchscope-cli-new  the same with CLI_NEW (a newer build, compared with CLI in the same run)
  scipy-1-core    scipy.optimize.linear_sum_assignment looped over the batch
  scipy-N-processes  the same split over a pool of every core, started before any timer
Timers:
  end_to_end  the batch in host memory to the assignments in host memory (GPU sides: allocation, upload,
              solve, download, freeing; the CUDA context exists before)
  kernel      GPU sides only, by CUDA events: MatchScope's kernel_ms (the one launch of builds before
              2026-11-26, the chunked launches' span from the first launch to the last kernel end since);
              HyLAC's TLAP::solve (its slack copy, device to device, and its kernel), the costs on the device
Objectives: every side's objective sum against scipy's one-core run (integers exactly, floats to 1e-9
relative); HyLAC's assignments are also checked to be permutations.

Writes OUT_DIR/batch-compare.csv (device, shape, dtype, side, timer, median_ms, objective_sum,
objectives_agree, note, commit, date) and keeps each side's per-run CSV beside it (matchscope-cli.csv,
matchscope-cli-new.csv, hylac-*.csv, scipy.csv); the instances go to OUT_DIR/instances. Exits 1 when one
of MatchScope's or the pool's objectives disagrees with scipy's; HyLAC's disagreements and failures are
findings, in its rows' objectives_agree and note."""
import argparse
import csv
import datetime
import multiprocessing
import os
import platform
import statistics
import subprocess
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import batch_scipy_comparison as scipy_side  # noqa: E402  (its BATCHES are what the forked workers read)

SHAPES = "16x300,256x256,1024x128,64x512,64x1000"
DTYPES = "int32,float32,float64"
HYLAC_MAX_N = 512
# Per batch; HyLAC's slowest (64 x 512 floats, about 0.34 s a solve on an H100) needs a few seconds for all
# its runs. After one batch of a cost type runs past it, the larger ones of that type are not tried.
HYLAC_TIME_LIMIT_S = 15


def make_batch(rng, count, n, dtype):
    if dtype == "int32":
        return rng.integers(0, n, (count, n, n), dtype=np.int32)
    if dtype == "float32":
        return (rng.random((count, n, n)) * n).astype(np.float32)
    return rng.random((count, n, n))


def cpu_name():
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "cpu"


def gpu_name():
    try:
        return subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"], capture_output=True,
                              text=True, check=True).stdout.splitlines()[0].strip()
    except (OSError, subprocess.CalledProcessError, IndexError):
        return "no GPU"


def read_rows(path):
    with open(path) as source:
        return list(csv.DictReader(source))


def number(text, dtype):
    return int(text) if dtype == "int32" else float(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cli")
    parser.add_argument("hylac")
    parser.add_argument("out_dir")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--shapes", default=SHAPES)
    parser.add_argument("--dtypes", default=DTYPES)
    parser.add_argument("--seed", type=int, default=20261126)
    parser.add_argument("--cli-backend", default="cuda", help="cpu rehearses the script where there is no GPU")
    parser.add_argument("--cli-new", help="a second matchscope-cli, its rows under side matchscope-cli-new")
    args = parser.parse_args()

    instance_dir = os.path.join(args.out_dir, "instances")
    os.makedirs(instance_dir, exist_ok=True)
    rng = np.random.default_rng(args.seed)
    batches = []  # (name, count, n, dtype)
    for shape in args.shapes.split(","):
        count, n = (int(part) for part in shape.split("x"))
        for dtype in args.dtypes.split(","):
            name = f"b{count}_n{n}_{dtype}.npy"
            costs = make_batch(rng, count, n, dtype)
            np.save(os.path.join(instance_dir, name), costs)
            scipy_side.BATCHES[name] = costs
            batches.append((name, count, n, dtype))
    paths = {name: os.path.join(instance_dir, name) for name, *_ in batches}

    # side -> name -> {"end_to_end": [ms], "kernel": [ms], "objectives": [text], "note": text}
    results = {}

    def record(side, name, end_to_end, kernel, objectives, note=""):
        results.setdefault(side, {})[name] = {"end_to_end": end_to_end, "kernel": kernel,
                                              "objectives": objectives, "note": note}

    commits = {}  # side -> the commit its binary was built from (the CLI's provenance column)

    def run_cli(side, cli):
        cli_csv = os.path.join(args.out_dir, f"{side}.csv")
        run = subprocess.run([cli, "bench", "--preset", "batch", "--backends", args.cli_backend, "--repeats",
                              str(args.repeats), "--output", cli_csv, "--npy",
                              ",".join(paths[name] for name, *_ in batches)], capture_output=True, text=True)
        print(side, run.stdout, run.stderr, flush=True)
        cli_rows = read_rows(cli_csv) if os.path.exists(cli_csv) else []
        commits[side] = cli_rows[0]["commit"] if cli_rows else "unknown"
        for name, *_ in batches:
            rows = [r for r in cli_rows if r["costs"] == name]
            if rows:
                record(side, name, [float(r["time_ms"]) for r in rows],
                       [float(r["kernel_ms"]) for r in rows if r["kernel_ms"]], [r["objective_sum"] for r in rows])
            else:
                record(side, name, [], [], [], f"no result (exit {run.returncode})")

    run_cli("matchscope-cli", args.cli)
    if args.cli_new:
        run_cli("matchscope-cli-new", args.cli_new)

    timed_out = {}  # dtype -> the batch of that type that ran past the limit
    for name, count, n, dtype in sorted(batches, key=lambda batch: batch[1] * batch[2] ** 2):
        if n > HYLAC_MAX_N:
            continue
        hylac_csv = os.path.join(args.out_dir, f"hylac-{name[:-4]}.csv")
        if dtype in timed_out:
            failure = f"not run: {timed_out[dtype]} ran past {HYLAC_TIME_LIMIT_S} s"
        else:
            try:
                done = subprocess.run([args.hylac, hylac_csv, str(args.repeats), paths[name]],
                                      capture_output=True, text=True, timeout=HYLAC_TIME_LIMIT_S)
                failure = "" if done.returncode == 0 else f"exit {done.returncode}: {done.stderr.strip()[-200:]}"
                print(done.stdout[-400:], done.stderr[-400:], flush=True)
            except subprocess.TimeoutExpired:
                failure = f"stopped after {HYLAC_TIME_LIMIT_S} s"
                timed_out[dtype] = name
        rows = [] if failure else read_rows(hylac_csv)
        note = failure or "; ".join(sorted({f"{count - int(r['permutations'])} of {count} assignments are "
                                            "not permutations" for r in rows if int(r["permutations"]) != count}))
        record("hylac-stream", name, [float(r["time_ms"]) for r in rows], [float(r["solve_ms"]) for r in rows],
               [r["objective_sum"] for r in rows], note)

    cores = os.cpu_count()
    scipy_runs = []  # side, file, repeat, time_ms, objective_sum
    with multiprocessing.get_context("fork").Pool(cores) as pool:
        pool.map(scipy_side.solve_range, [(batches[0][0], 0, 1)] * cores)  # workers up before any timer
        for name, *_ in batches:
            costs = scipy_side.BATCHES[name]
            for solver, solve in scipy_side.scipy_solvers(pool, cores, name).items():
                solve()  # warm-up
                times, objectives = [], []
                for _ in range(args.repeats):
                    start = time.perf_counter()
                    assignments = solve()
                    times.append((time.perf_counter() - start) * 1e3)
                    objectives.append(str(scipy_side.objective_sum(costs, assignments)))
                side = "scipy-1-core" if solver == "scipy 1 core" else f"scipy-{cores}-processes"
                record(side, name, times, [], objectives)
                scipy_runs += [(side, name, k, ms, obj) for k, (ms, obj) in enumerate(zip(times, objectives))]
                print(f"{name} {side}: {statistics.median(times):.2f} ms", flush=True)

    with open(os.path.join(args.out_dir, "scipy.csv"), "w", newline="") as out:
        csv.writer(out).writerows([("side", "file", "repeat", "time_ms", "objective_sum")] + scipy_runs)

    devices = {"hylac-stream": gpu_name(), "matchscope-cli": gpu_name(), "matchscope-cli-new": gpu_name(),
               "scipy-1-core": f"{cpu_name()}, 1 core", f"scipy-{cores}-processes": f"{cpu_name()}, {cores} processes"}
    commit = commits["matchscope-cli"]  # the build CLI and HYLAC_BATCH came from (the bundle's)
    date = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    ours_agree, hylac_agree = True, True
    out_path = os.path.join(args.out_dir, "batch-compare.csv")
    with open(out_path, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["device", "shape", "dtype", "side", "timer", "median_ms", "objective_sum",
                         "objectives_agree", "note", "commit", "date"])
        for name, count, n, dtype in batches:
            reference = number(results["scipy-1-core"][name]["objectives"][0], dtype)
            for side in ["hylac-stream", "matchscope-cli", "matchscope-cli-new", "scipy-1-core",
                         f"scipy-{cores}-processes"]:
                if name not in results.get(side, {}):
                    continue
                result = results[side][name]
                values = [number(text, dtype) for text in result["objectives"]]
                agree = bool(values) and all(scipy_side.agrees(value, reference) for value in values)
                note = result["note"]
                if values and not agree:
                    worst = max(values, key=lambda value: abs(value - reference))
                    note = "; ".join(filter(None, [note, f"objective {worst!r} against scipy's {reference!r}"]))
                if side == "hylac-stream":
                    hylac_agree = hylac_agree and agree
                else:
                    ours_agree = ours_agree and agree
                for timer in ("kernel", "end_to_end"):
                    if timer == "kernel" and not side.startswith(("hylac", "matchscope")):
                        continue
                    times = result[timer]
                    writer.writerow([devices[side], f"{count}x{n}", dtype, side, timer,
                                     f"{statistics.median(times):.3f}" if times else "",
                                     result["objectives"][0] if values else "", "yes" if agree else "NO", note,
                                     commits.get(side, commit), date])
    print(open(out_path).read())
    print("MatchScope's and the pool's objectives agree with scipy's everywhere:", "yes" if ours_agree else "NO")
    print("HyLAC's objectives agree with scipy's everywhere:", "yes" if hylac_agree else "NO")
    sys.exit(0 if ours_agree else 1)


if __name__ == "__main__":
    main()
