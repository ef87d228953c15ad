#!/usr/bin/env python3
"""Issue 24: the GPU time of a shortest-augmenting-path finish, predicted from sap_tail's counts.

    predict_sap_tail.py SUMMARY.csv PREDICTION.csv

Per row of SUMMARY.csv (bench/lap/sap_tail.cpp): the tree variant's rounds from F free rows to the end
(levels + dual updates), their device time at the H100's measured time per round where one was profiled
(bench/results/2026-11-25-search-h100: 8.5 us on real costs, 10.2 us on [0, 10n), n = 10000), the Dijkstra
steps that would replace them, the time per step at which both cost the same, and the finish's time at
1.5, 2, 3 and 4 us per step.
"""
import csv
import sys

# Device microseconds per tree round (level or dual update) on the H100, by (costs, n).
ROUND_US = {("real", 10000): 8.5, ("10n", 10000): 10.2}
STEP_US = (1.5, 2.0, 3.0, 4.0)


def main(summary_path, prediction_path):
    with open(summary_path, newline="") as summary, open(prediction_path, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["costs", "n", "free_rows", "tree_rounds", "dijkstra_steps", "steps_per_round",
                         "round_us", "tree_tail_ms", "break_even_step_us"]
                        + [f"sap_ms_at_{us}us" for us in STEP_US])
        for row in csv.DictReader(summary):
            n = int(row["n"])
            rounds = int(row["tree_levels"]) + int(row["tree_dual_updates"])
            steps = int(row["dijkstra_steps"])
            fields = [row["costs"], n, row["free_rows"], rounds, steps, f"{steps / rounds:.2f}"]
            round_us = ROUND_US.get((row["costs"], n))
            if round_us is None:
                fields += ["", "", ""] + [""] * len(STEP_US)
            else:
                tail_ms = rounds * round_us / 1000
                fields += [round_us, f"{tail_ms:.0f}", f"{tail_ms * 1000 / steps:.2f}"]
                fields += [f"{steps * us / 1000:.0f}" for us in STEP_US]
            writer.writerow(fields)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
