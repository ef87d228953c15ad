#!/usr/bin/env python3
"""CPU measurements of the hypergraph pipeline (bench/results/2026-11-25-hypergraph-kway):

    measure_cpu.py CLI OUTDIR [--before-cli OLD_CLI] [--threads 2] [--skip matching,coarsening,kway]
                   [--n 100000|original] [--profiles flickr,...] [--rating-caps 0,64]

matching.csv   one coarsening level at --n nodes (default 100000; "original": Table II's sizes) on the Table II
               profiles: Fig. 4 greedy (sequential), greedy on each of --threads OpenMP threads (a comma list,
               e.g. 1,4,8,16), and suitor matching (sequential and OpenMP, once per --rating-caps value; with
               OLD_CLI also its OpenMP suitor): median and minimum time of --repeats interleaved runs, nonzeros
               scanned, nodes left.
coarsening.csv the bipartition's level sizes and cut for CLI (and OLD_CLI, to show before/after).
kway.csv       k = 2, 8, 64 with --objective km1 (with and without k-way refinement) and cut on the profiles,
               a random hypergraph, the heavy-column matrix and a 300 x 300 grid; cut, km1 and balance
               recomputed from the partition files by compare_partitions.py.
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from compare_with_zoltan import timed, write_grid  # noqa: E402

PROFILES = ["flickr", "wikipedia", "stanford", "stanford-berkeley"]
ORIGINAL_SIZES = {"flickr": 820878, "wikipedia": 3566907, "stanford": 281903, "stanford-berkeley": 683446}
KWAY_INSTANCES = [(p, 100000) for p in PROFILES] + [("random-hypergraph", 100000), ("heavy-columns", 35000),
                                                    ("grid", 300)]


def field(out, name):
    return next(l.split(":", 1)[1].strip() for l in out.splitlines() if l.startswith(name + ":"))


def pin_visits(trace):
    with open(trace) as f:
        header = f.readline().strip().split(",")
        column = header.index("pin_visits")
        return sum(float(line.split(",")[column] or 0) for line in f)


def matching(cli, before_cli, thread_counts, repeats, size, profiles, folder, rows, caps=(0,),
             sequential_suitor=True):
    runs = [("after", cli, "greedy", "sequential", 1, 0)]
    if sequential_suitor:
        runs += [("after", cli, "suitor", "sequential", 1, cap) for cap in caps]
    for t in thread_counts:
        runs += [("after", cli, "greedy", "cpu", t, 0)] + [("after", cli, "suitor", "cpu", t, cap) for cap in caps]
        if before_cli:
            runs += [("before", before_cli, "suitor", "cpu", t, 0)]
    for profile in profiles:
        n = ORIGINAL_SIZES[profile] if size == "original" else int(size)
        times = {run: [] for run in runs}
        facts = {}
        for _ in range(repeats):  # interleaved, so that a busy spell of the machine hits every variant
            for run in runs:
                label, program, rule, backend, t, cap = run
                trace = os.path.join(folder, "trace.csv")
                _, out = timed([program, "solve", "--problem", "hypergraph", "--generate", profile, "--n", str(n),
                                "--algorithm", f"coarsen-{rule}", "--backend", backend, "--threads", str(t),
                                "--levels", "1", "--trace-out", trace] +
                               (["--suitor-rating-cap", str(cap)] if cap else []))
                times[run].append(float(field(out, "matching_ms")))
                facts[run] = (int(pin_visits(trace)), field(out, "nodes").split()[1])
        for run in runs:
            label, _, rule, backend, t, cap = run
            ms = sorted(times[run])
            rows.append(f"{label},{profile},{n},{rule},{backend},{t},{cap},{ms[len(ms) // 2]:.1f},{ms[0]:.1f},"
                        f"{facts[run][0]},{facts[run][1]}")
            print(rows[-1], flush=True)


def coarsening(label, cli, rows):
    for profile in PROFILES:
        ms, out = timed([cli, "solve", "--problem", "hypergraph", "--generate", profile, "--n", "100000"])
        rows.append(f"{label},{profile},100000,{field(out, 'levels')},{field(out, 'nodes').split()[-1]},"
                    f"{field(out, 'cut')},{ms:.0f},{field(out, 'nodes').replace(' ', ';')}")
        print(rows[-1], flush=True)


def kway(cli, output, folder):
    for generator, n in KWAY_INSTANCES:
        hgr = os.path.join(folder, "instance.hgr")
        name = f"grid-{n}x{n}" if generator == "grid" else f"{generator}-{n}"
        if generator == "grid":
            write_grid(hgr, n)
        else:
            subprocess.run([cli, "generate", "--problem", "hypergraph", generator, "--n", str(n), "--seed", "1",
                            "--output", hgr], check=True, capture_output=True)
        for k in (2, 8, 64):
            partitions, times = [], []
            for objective, passes in (("km1", 8), ("km1", 0), ("cut", 8)):
                label = f"matchscope-{objective}" + ("" if passes else "-rb-only")
                part = os.path.join(folder, f"{label}.part")
                ms, _ = timed([cli, "solve", "--problem", "hypergraph", "--input", hgr, "--parts", str(k),
                               "--objective", objective, "--kway-passes", str(passes), "--partition-out", part])
                partitions += ["--partition", f"{label}={part}"]
                times += ["--time", f"{label}={ms:.0f}"]
            subprocess.run([sys.executable, os.path.join(HERE, "compare_partitions.py"), hgr, str(k), output,
                            "--instance", name] + partitions + times, check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cli")
    parser.add_argument("outdir")
    parser.add_argument("--before-cli")
    parser.add_argument("--threads", default="2", help="OpenMP thread counts, comma-separated")
    parser.add_argument("--n", default="100000", help='nodes of the matching instances, or "original"')
    parser.add_argument("--profiles", default=",".join(PROFILES))
    parser.add_argument("--repeats", type=int, default=5, help="runs of each matching variant (median and min)")
    parser.add_argument("--skip", default="", help="matching,coarsening,kway: those tables; suitor-sequential: the "
                        "sequential suitor's runs (41 s each on wikipedia-like's original size)")
    parser.add_argument("--rating-caps", default="0",
                        help="suitor matching's --suitor-rating-cap values, comma-separated (0 = none)")
    args = parser.parse_args()
    skip = set(args.skip.split(","))
    os.makedirs(args.outdir, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        if "matching" not in skip:
            rows = ["build,profile,n,matching,backend,threads,rating_cap,median_matching_ms,min_matching_ms,"
                    "pin_visits,nodes_after"]
            matching(args.cli, args.before_cli, [int(t) for t in args.threads.split(",")], args.repeats, args.n,
                     args.profiles.split(","), folder, rows, [int(c) for c in args.rating_caps.split(",")],
                     "suitor-sequential" not in skip)
            with open(os.path.join(args.outdir, "matching.csv"), "w") as f:
                f.write("\n".join(rows) + "\n")
        if "coarsening" not in skip:
            rows = ["build,profile,n,levels,coarsest_nodes,cut,time_ms,nodes_per_level"]
            if args.before_cli:
                coarsening("before", args.before_cli, rows)
            coarsening("after", args.cli, rows)
            with open(os.path.join(args.outdir, "coarsening.csv"), "w") as f:
                f.write("\n".join(rows) + "\n")
        if "kway" not in skip:
            output = os.path.join(args.outdir, "kway.csv")
            if os.path.exists(output):
                os.remove(output)
            kway(args.cli, output, folder)


if __name__ == "__main__":
    main()
