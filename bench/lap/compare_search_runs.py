#!/usr/bin/env python3
"""Two builds on `bench --preset search`'s instances: median total time per n, costs and Hungarian variant of
each build over all the runs given (the preset's timed runs and any interleaved rounds pooled), the change,
and whether the two builds' objectives agree (per instance kind, the set of the seeds' optima: equal, reals
within 1e-9 relative). Prints a markdown table; exits 1 when an objective differs.

    python3 bench/lap/compare_search_runs.py --before MAIN.csv [MAIN2.csv ...] --after BRANCH.csv [...]

(bench/device/run_search_checks.sh writes such files: baseline.csv and interleaved-main-*.csv before, ab.csv
and interleaved-branch-*.csv after.)
"""
import argparse
import csv
import statistics
import sys
from collections import defaultdict


def costs_of(row):
    return "real" if row["generator"] == "real" else f"[0,{row['range']})"


def read_runs(paths):
    """({(n, costs, algorithm): [total_ms]}, {(generator, n, range, algorithm): {objective}})"""
    times, objectives = defaultdict(list), defaultdict(set)
    for path in paths:
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                times[(int(row["n"]), costs_of(row), row["algorithm"])].append(float(row["total_ms"]))
                kind = (row["generator"], row["n"], row["range"], row["algorithm"])
                objectives[kind].add(float(row["objective"]))
    return times, objectives


def same(a, b):
    return len(a) == len(b) and all(abs(x - y) <= 1e-9 * (abs(x) + 1) for x, y in zip(sorted(a), sorted(b)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", nargs="+", required=True)
    parser.add_argument("--after", nargs="+", required=True)
    args = parser.parse_args()
    before, before_objectives = read_runs(args.before)
    after, after_objectives = read_runs(args.after)

    print("| n | costs | variant | before (ms) | after (ms) | change | runs before / after |")
    print("|---|---|---|---|---|---|---|")
    order = {"[0,n/10)": 0, "[0,n)": 1, "[0,10n)": 2, "real": 3}
    for key in sorted(before.keys() & after.keys(), key=lambda k: (k[0], order.get(k[1], 9), k[1], k[2])):
        old, new = statistics.median(before[key]), statistics.median(after[key])
        print(f"| {key[0]} | {key[1]} | {key[2]} | {old:.1f} | {new:.1f} | {100 * (new / old - 1):+.1f} % "
              f"| {len(before[key])} / {len(after[key])} |")

    common = before_objectives.keys() & after_objectives.keys()
    differ = [key for key in sorted(common) if not same(before_objectives[key], after_objectives[key])]
    for key in differ:
        print("DIFFERS:", ",".join(key), sorted(before_objectives[key]), sorted(after_objectives[key]))
    print(f"\nobjectives: {len(common)} instance kinds compared, {len(differ)} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
