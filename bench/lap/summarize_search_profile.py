#!/usr/bin/env python3
"""Where the device-resident search's time goes, from `bench --search-profile FILE.csv` (one row per
iteration, solver/lap/hungarian/cuda/search_profile.h): per instance and Hungarian variant (and search
variant, in the profiles of bench/results/2026-11-25-search-h100, which compared several), the iterations,
levels (and the share run in team mode; the closure search's block-local levels and, in the classical
variant, the rows it read in full), dual updates, frontier and
path sizes, the device time per level, and block 0's split of the rounds into work, reduction and barrier
wait. Markdown on stdout.

    python3 bench/lap/summarize_search_profile.py PROFILE.csv
"""
import csv
import sys
from collections import defaultdict


def main():
    groups = defaultdict(list)
    with open(sys.argv[1], newline="") as f:
        for row in csv.DictReader(f):
            costs = "real" if row["generator"] == "real" else f"[0,{row['range']})"
            groups[(int(row["n"]), costs, row["algorithm"], row.get("search_variant", ""))].append(row)
    searches = any(key[3] for key in groups)
    print("| n | costs | variant | " + ("search | " if searches else "") + "blocks | iterations | levels | "
          "team levels | closure levels | rows read | dual updates | team updates | mean frontier | paths | mean / max path | "
          "device us per round | work / reduce / barrier |")
    print("|---" * (17 if searches else 16) + "|")
    for key in sorted(groups):
        rows = groups[key]
        total = defaultdict(int)
        for row in rows:
            for name, value in row.items():
                if name.endswith(("levels", "updates", "_sum", "_ns", "paths", "reverse_columns", "rows_read")):
                    total[name] += int(value or 0)
        path_max = max(int(r["path_max"]) for r in rows)
        rounds = total["levels"] + total["dual_updates"]
        device_ns = total["forward_ns"] + total["dual_update_ns"] + total["augment_ns"]
        split = total["work_ns"] + total["reduce_ns"] + total["barrier_ns"]
        shares = "/".join(f"{100 * total[p] / split:.0f}%" if split else "-"
                          for p in ("work_ns", "reduce_ns", "barrier_ns"))
        search = f"{key[3] or '-'} | " if searches else ""
        print(f"| {key[0]} | {key[1]} | {key[2]} | {search}{rows[0]['blocks']} | {len(rows)} | "
              f"{total['levels']} | {100 * total['team_levels'] / max(1, total['levels']):.0f}% | "
              f"{total['closure_levels']} | {total['rows_read'] or '-'} | "
              f"{total['dual_updates']} | {total['team_dual_updates']} | "
              f"{total['frontier_sum'] / max(1, total['levels']):.1f} | {total['paths']} | "
              f"{total['path_sum'] / max(1, total['reverse_columns']):.1f} / {path_max} | "
              f"{device_ns / 1000 / max(1, rounds):.2f} | {shares} |")


if __name__ == "__main__":
    main()
