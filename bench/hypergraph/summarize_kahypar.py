#!/usr/bin/env python3
"""Issue 27's side by side in one table: for each instance and k, the newest comparison found in the given
kahypar-compare CSVs (compare_partitions.py's rows), MatchScope's km1 against Mt-KaHyPar's.

    summarize_kahypar.py OUTPUT.csv INPUT.csv [INPUT.csv ...]

For each (instance, k) it takes the file whose newest MatchScope km1 row is the newest of all, that row, and that
file's newest Mt-KaHyPar row (the two sides of one comparison are always written to one file). Writes one row per
(instance, k) and prints them with the geometric mean and the largest of the ratios MatchScope / Mt-KaHyPar
(pairs where either km1 is 0 have no ratio and are listed apart).
"""
import csv
import math
import sys


def newest(rows):
    return max(rows, key=lambda r: r["date"])


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    output, inputs = sys.argv[1], sys.argv[2:]
    by_pair = {}  # (instance, k) -> {file: rows}
    for path in inputs:
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                by_pair.setdefault((row["instance"], int(row["k"])), {}).setdefault(path, []).append(row)
    table = []
    for (instance, k), files in sorted(by_pair.items()):
        candidates = []
        for path, rows in files.items():
            ours = [r for r in rows if r["partitioner"].startswith("matchscope-km1")]
            theirs = [r for r in rows if r["partitioner"].startswith("mtkahypar")]
            if ours and theirs:
                candidates.append((newest(ours), newest(theirs), path))
        if not candidates:
            continue
        ours, theirs, path = max(candidates, key=lambda c: c[0]["date"])
        ours_km1, theirs_km1 = int(ours["km1"]), int(theirs["km1"])
        ratio = ours_km1 / theirs_km1 if ours_km1 > 0 and theirs_km1 > 0 else None
        table.append({"instance": instance, "k": k, "mtkahypar_km1": theirs_km1, "matchscope_km1": ours_km1,
                      "ratio": f"{ratio:.4f}" if ratio is not None else "",
                      "matchscope": ours["partitioner"], "matchscope_commit": ours["commit"],
                      "date": ours["date"], "balanced": ours["balanced"] == "1" and theirs["balanced"] == "1",
                      "source": path})
    with open(output, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(table[0]))
        writer.writeheader()
        writer.writerows(table)
    ratios = [float(r["ratio"]) for r in table if r["ratio"]]
    for r in table:
        print(f"{r['instance']:28} k={r['k']:<3} {r['matchscope_km1']:>12,} / {r['mtkahypar_km1']:>12,} "
              f"{r['ratio'] or 'no ratio':>8}  {r['matchscope_commit']} {r['date'][:10]}")
    print(f"{len(ratios)} ratios: geometric mean {math.exp(sum(map(math.log, ratios)) / len(ratios)):.3f}, "
          f"largest {max(ratios):.3f}; every pair balanced: {all(r['balanced'] for r in table)}")


if __name__ == "__main__":
    main()
