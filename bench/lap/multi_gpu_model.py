#!/usr/bin/env python3
"""Scaling model of the distributed Hungarian (docs/multi-gpu-model.md).

Fits, from one-rank phase-granularity traces (`matchscope-mpi solve --granularity phase --trace-out`, one per
algorithm and n), the time of each phase as a fixed part plus a part proportional to the work the slices
split, and, from `exchange_cost` runs, the collectives' latency and bandwidth. It then replays each trace
with the work divided by P and the exchanges of P ranks added, and predicts weak and strong efficiency.

    multi_gpu_model.py DIR [--weak N0] [--strong N,...] [--ranks 1,2,4,8,16] [--shared-device] [--mean-exchange]
                           [--calibrate] [--svg FILE]
    multi_gpu_model.py - --provisional-gpu PHASE_TOTALS.csv [--staging-us 20] [--exchange-us 2]

DIR holds trace-<algorithm>-<n>.rank0.csv, exchange-p<P>.csv and, optionally, the measured
bench-*-p<P>.csv of `matchscope-mpi bench` (total_ms per n, algorithm and repeat; medians are used). Weak
scaling uses n = N0 sqrt(P), strong scaling the given n; a prediction needs the trace of its n (the level
structure of a solve does not depend on P). --shared-device models P ranks sharing one GPU: the slices'
work is not divided (the device runs the ranks' kernels in turn) and each rank's device time per phase is
paid P times. Prints one CSV table (predicted and, where measured, measured times and efficiencies).

--calibrate adds what the traces and exchange_cost cannot see, from measurements in DIR (printed on stderr):
- the tracing's own cost per record (phase granularity waits on the host after every phase): the traced
  one-rank total less the untraced bench's at the same n, over the records; taken off every record;
- the ranks' skew: a collective waits for the slowest rank, so each phase that ends in one costs the expected
  largest of P draws from that phase's residuals about its fit (the one-rank trace's own jitter);
- on a shared device (--shared-device): each rank's records cost a context switch s more, the device
  running one rank's context at a time; s is fitted to the measured run of the smallest P (weak scaling,
  else strong) and the other runs are predictions.
"""
import argparse
import csv
import glob
import math
import os
import re
import statistics
import sys

# Work the slices split, per record: (n, counters) -> work units; None: the phase is all fixed cost.
SLICED_WORK = {
    "classical": {
        "initial_reduction": lambda n, c: n * n,
        "compress_zeros": lambda n, c: c.get("rows_scanned", 0) * n,
        "forward_level": lambda n, c: c.get("frontier", 0),  # the frontier rows' zero-slack lists, split by rows
        "dual_update": lambda n, c: c.get("rows_scanned", 0) * n,
    },
    "tree": {
        "initial_reduction": lambda n, c: n * n,
        "forward_level": lambda n, c: c.get("frontier", 0) * n,  # each frontier row over the slice's columns
    },
}


SPARSE_FROM_WORDS = 1024  # Communicator::kSparseFromWords


def frontier_exchange(n, counters):
    """The or of the frontier's two n-bit sets (Communicator::sparseBitwiseOrInPlace): one allreduce of the
    words, or, from SPARSE_FROM_WORDS words, one of a bit per word and one of the set words (at most one per
    row reached and reverse column), unless over half of them are set."""
    words = 2 * math.ceil(n / 64)
    if words < SPARSE_FROM_WORDS:
        return [("allreduce", 8 * words)]
    set_words = min(words, int(counters.get("next_frontier", counters.get("frontier", 0)) +
                               counters.get("reverse_columns", 0)))
    occupancy = ("allreduce", 8 * math.ceil(words / 64))
    return [occupancy, ("allreduce", 8 * (words if 2 * set_words > words else set_words))]


def exchanges(algorithm, phase, n, ranks, device, counters):
    """The collectives a phase adds on P ranks: a list of (kind, bytes) (distributed_kernels.h)."""
    if phase == "initial_reduction":
        return [("allreduce", 8 * n), ("allreduce", 8 * n)]
    if phase == "compress_zeros":
        return [("allreduce", 8), ("allreduce", 8)]  # edges listed, rows scanned
    if phase == "forward_level":
        return frontier_exchange(n, counters)
    if phase == "reverse_pass":
        return [("allreduce", 4 * n)]
    if phase == "augment":
        # The CUDA kernel set broadcasts both assignments as one array, the CPU one as two.
        return [("broadcast", 8 * n)] if device else [("broadcast", 4 * n), ("broadcast", 4 * n)]
    if phase == "dual_update":
        if algorithm == "classical":
            return [("allreduce", 8), ("allreduce", 8)]  # theta, rows scanned
        return [("allreduce", 8)] + frontier_exchange(n, counters)  # theta, the activated rows
    if phase == "setup":
        # The number of turns (ranks sharing a device allocate one after the other; on a shared device the
        # replay pays every record P times anyway), then a barrier.
        return [("allreduce", 4), ("allreduce", 0)]
    return []


def read_trace(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    records = []
    for row in rows:
        counters = {k: float(v) for k, v in row.items() if k not in ("phase", "device_ns") and v not in ("", None)}
        device_ns = float(row["device_ns"]) if row.get("device_ns") not in ("", None) else None
        records.append((row["phase"], float(row["wall_ns"]), device_ns, counters))
    return records


def fit_line(points):
    """Least squares t = c + k w with c, k >= 0; one point (or no spread in w): k = t / w."""
    if not points:
        return 0.0, 0.0
    ws = [w for w, _ in points]
    ts = [t for _, t in points]
    mean_w, mean_t = statistics.fmean(ws), statistics.fmean(ts)
    spread = sum((w - mean_w) ** 2 for w in ws)
    if spread == 0:
        return (0.0, mean_t / mean_w) if mean_w > 0 else (mean_t, 0.0)
    k = sum((w - mean_w) * (t - mean_t) for w, t in points) / spread
    k = max(k, 0.0)
    c = max(mean_t - k * mean_w, 0.0)
    return c, k


def fit_phases(algorithm, n, records):
    """Per phase of one trace, (c, k): its time as a fixed part plus a part proportional to the sliced work."""
    points = {}
    for phase, wall, _, counters in records:
        work = SLICED_WORK[algorithm].get(phase)
        points.setdefault(phase, []).append((work(n, counters) if work else 0.0, wall))
    return {phase: fit_line(p) if SLICED_WORK[algorithm].get(phase) else (1.0, 0.0) for phase, p in points.items()}


def sliced_share(fits, algorithm, n, phase, counters):
    """The share of one record's time that the slices split, by its phase's fit."""
    c, k = fits[phase]
    work = SLICED_WORK[algorithm].get(phase)
    w = work(n, counters) if work else 0.0
    return k * w / (c + k * w) if c + k * w > 0 else 0.0


def read_exchange(directory, statistic):
    """Per rank count, per kind, (latency ns, ns per byte) fitted to exchange_cost's medians or means."""
    fits = {}
    for path in glob.glob(os.path.join(directory, "exchange-p*.csv")):
        with open(path) as f:
            rows = list(csv.DictReader(f))
        if not rows:
            continue
        ranks = int(rows[0]["ranks"])
        by_kind = {}
        for row in rows:
            kind = "broadcast" if row["operation"] == "broadcast" else "allreduce"
            by_kind.setdefault(kind, []).append((float(row["bytes"]), float(row[statistic]) * 1e3))
        fits[ranks] = {kind: fit_line(points) for kind, points in by_kind.items()}
    return fits


def exchange_ns(fits, kind, size, ranks):
    """One collective on P ranks. Beyond the measured counts: recursive doubling from the largest measured
    P >= 2, ceil(log2 P) rounds of that P's latency and per-byte cost (no new measurement, an assumption)."""
    if ranks == 1:
        return 0.0
    if ranks in fits:
        latency, per_byte = fits[ranks][kind]
        return latency + per_byte * size
    base = max(p for p in fits if p >= 2)
    latency, per_byte = fits[base][kind]
    rounds = math.ceil(math.log2(ranks)) / math.ceil(math.log2(base))
    return rounds * (latency + per_byte * size)


def expected_largest(values, ranks):
    """The expected largest of `ranks` independent draws from the empirical distribution of `values`."""
    ordered = sorted(values)
    count = len(ordered)
    return sum(v * (((i + 1) / count) ** ranks - (i / count) ** ranks) for i, v in enumerate(ordered))


def skew_ns(algorithm, n, records, fits, ranks):
    """Per phase, how much later than on average the slowest of P ranks arrives at the phase's collective."""
    residuals = {}
    for phase, wall, _, counters in records:
        c, k = fits[phase]
        work = SLICED_WORK[algorithm].get(phase)
        residuals.setdefault(phase, []).append(wall - c - k * (work(n, counters) if work else 0.0))
    return {phase: expected_largest(r, ranks) - statistics.fmean(r) for phase, r in residuals.items()}


def predict_ms(algorithm, n, records, exchange, ranks, shared, device, calibrated=False, switch_ns=0.0):
    """Each record of the one-rank trace replayed on P ranks: its sliced share divided by P (not divided on a
    shared device, where instead each rank's device time of the fixed share is paid P times), its exchanges
    on P ranks added. On one rank this is the trace's own total. Calibrated (records already without the
    tracing's cost): the ranks' skew at each collective added; on a shared device every record costs P times
    its time plus a context switch per rank."""
    fits = fit_phases(algorithm, n, records)
    skew = skew_ns(algorithm, n, records, fits, ranks) if calibrated and not shared and ranks > 1 else {}
    total = 0.0
    for phase, wall, device_time, counters in records:
        share = sliced_share(fits, algorithm, n, phase, counters)
        collectives = exchanges(algorithm, phase, n, ranks, device, counters)
        if shared and calibrated:
            compute = ranks * (wall + switch_ns) if ranks > 1 else wall
        elif shared:
            compute = wall + (ranks - 1) * (device_time or 0.0) * (1 - share)
        else:
            compute = wall * (1 - share) + wall * share / ranks
        total += compute + (skew.get(phase, 0.0) if collectives else 0.0)
        total += sum(exchange_ns(exchange, kind, size, ranks) for kind, size in collectives)
    return total / 1e6


def tracing_cost_ns(traces, measured):
    """Per record, the traced one-rank solves' total less the untraced bench's at the same n (medians), over
    every algorithm and n that has both; None without any."""
    extra, count = 0.0, 0
    for algorithm, by_n in traces.items():
        for n, records in by_n.items():
            untraced = measured.get((algorithm, n, 1))
            if untraced is not None:
                extra += sum(wall for _, wall, _, _ in records) - untraced * 1e6
                count += len(records)
    return extra / count if count else None


def without_tracing_cost(records, cost):
    return [(phase, max(wall - cost, 0.0), device_time, counters) for phase, wall, device_time, counters in records]


def fit_switch_ns(traces, measured, exchange, rows, device):
    """The shared device's context switch per rank and record, from the measured run of the smallest P > 1 of
    `rows` ((scaling, n, P, n1), weak first): (measured - P x traced) / (P x records)."""
    for scaling, n, p, _ in sorted(rows, key=lambda r: (r[2], r[0] != "weak")):
        for algorithm, by_n in sorted(traces.items()):
            m = measured.get((algorithm, n, p))
            if p > 1 and m is not None and n in by_n:
                base = predict_ms(algorithm, n, by_n[n], exchange, p, True, device, True, 0.0)
                return (m - base) * 1e6 / (p * len(by_n[n])), (algorithm, scaling, n, p)
    return 0.0, None


def read_measured(directory):
    times = {}
    for path in glob.glob(os.path.join(directory, "bench-*-p*.csv")):
        with open(path) as f:
            for row in csv.DictReader(f):
                key = (row["algorithm"], int(row["n"]), int(row["ranks"]))
                times.setdefault(key, []).append(float(row["total_ms"]))
    return {key: statistics.median(values) for key, values in times.items()}


# Date & Nagi, Tables 4 and 5 (K20X GPUs, [0, 10n)): overall efficiency by P.
PAPER_WEAK = {"classical": {1: 1.00, 2: 0.83, 4: 0.69, 8: 0.56, 16: 0.44},
              "tree": {1: 1.00, 2: 0.80, 4: 0.61, 8: 0.44, 16: 0.28}}
PAPER_STRONG_20000 = {"classical": {1: 1.00, 2: 0.73, 4: 0.47, 8: 0.27, 16: 0.15},
                      "tree": {1: 1.00, 2: 0.66, 4: 0.37, 8: 0.17, 16: 0.08}}


def svg_chart(series, path, title):
    """A small line chart of efficiency against P (log2 axis): series is [(label, colour, dash, {P: E})]."""
    width, height, left, bottom, top, right = 560, 340, 50, 40, 30, 190
    ps = [1, 2, 4, 8, 16]
    x = lambda p: left + (width - left - right) * math.log2(p) / 4
    y = lambda e: top + (height - top - bottom) * (1 - min(max(e, 0), 1.1) / 1.1)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">',
           f'<text x="{left}" y="18" font-size="13">{title}</text>']
    for e in (0, 0.25, 0.5, 0.75, 1.0):
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y(e):.1f}" y2="{y(e):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 8}" y="{y(e) + 4:.1f}" text-anchor="end">{e:.2f}</text>')
    for p in ps:
        out.append(f'<text x="{x(p):.1f}" y="{height - bottom + 16}" text-anchor="middle">{p}</text>')
    out.append(f'<text x="{(left + width - right) / 2}" y="{height - 6}" text-anchor="middle">P (GPUs or ranks)</text>')
    for i, (label, colour, dash, points) in enumerate(series):
        keys = sorted(points)
        coords = " ".join(f"{x(p):.1f},{y(points[p]):.1f}" for p in keys)
        out.append(f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2" stroke-dasharray="{dash}"/>')
        for p in keys:
            out.append(f'<circle cx="{x(p):.1f}" cy="{y(points[p]):.1f}" r="3" fill="{colour}"/>')
        ly = top + 14 * i
        out.append(f'<line x1="{width - right + 10}" x2="{width - right + 30}" y1="{ly}" y2="{ly}" stroke="{colour}" stroke-width="2" stroke-dasharray="{dash}"/>')
        out.append(f'<text x="{width - right + 34}" y="{ly + 4}">{label}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def provisional_gpu(path, staging_us, exchange_us, ranks):
    """GPU predictions before any distributed GPU run: from single-GPU phase-granularity totals at n and 2n
    (`matchscope-cli bench --preset search --granularity phase` CSV, repeat 0), each quantity interpolated as
    a power of n; a forward level costs its single-GPU time plus `staging_us` (copies, encode and decode,
    synchronisations: assumed, not measured) plus `exchange_us` x log2(P) (the allreduce); the set-up,
    initial reduction, compression and dual update (classical) divide by P, the rest is fixed."""
    with open(path) as f:
        rows = [r for r in csv.DictReader(f) if r["range"] == "10n" and r["repeat"] == "0"]
    writer = csv.writer(sys.stdout)
    writer.writerow(["algorithm", "scaling", "n", "ranks", "predicted_ms", "predicted_efficiency", "paper_efficiency"])
    for algorithm in ("classical", "tree"):
        by_n = {int(r["n"]): r for r in rows if r["algorithm"] == algorithm}
        if len(by_n) < 2:
            continue
        n0, n1 = sorted(by_n)[:2]
        a, b = by_n[n0], by_n[n1]
        ms = lambda r, key: float(r[key + "_ms"])
        levels = lambda r: int(r["steps"]) - 2 - 3 * int(r["iterations"])  # an upper bound: no dual updates
        quantities = {  # name: (value at n0, value at n1)
            "levels": (levels(a), levels(b)),
            "level_us": (ms(a, "forward_level") * 1e3 / levels(a), ms(b, "forward_level") * 1e3 / levels(b)),
            "fixed": tuple(ms(r, "optimality_check") + ms(r, "reverse_pass") + ms(r, "augment") +
                           (ms(r, "dual_update") if algorithm == "tree" else 0) for r in (a, b)),
            "sliced": tuple(ms(r, "setup") + ms(r, "initial_reduction") + ms(r, "compress_zeros") +
                            (ms(r, "dual_update") if algorithm == "classical" else 0) for r in (a, b)),
        }
        at = lambda name, n: (quantities[name][0] * (n / n0) ** (math.log(quantities[name][1] / quantities[name][0])
                                                                  / math.log(n1 / n0)) if quantities[name][0] > 0 else 0.0)

        def total(n, p):
            exchange = exchange_us * math.log2(p)
            return (at("levels", n) * (at("level_us", n) + staging_us + exchange) / 1e3 + at("fixed", n) +
                    at("sliced", n) / p)

        for p in ranks:
            n = round(n0 * math.sqrt(p))
            writer.writerow([algorithm, "weak", n, p, f"{total(n, p):.0f}", f"{total(n0, 1) / total(n, p):.2f}",
                             PAPER_WEAK[algorithm].get(p, "")])
        for n in (20000, 40000):
            for p in ranks:
                writer.writerow([algorithm, "strong", n, p, f"{total(n, p):.0f}",
                                 f"{total(n, 1) / (p * total(n, p)):.2f}",
                                 PAPER_STRONG_20000[algorithm].get(p, "") if n == 20000 else ""])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("directory")
    parser.add_argument("--weak", type=int, help="n on one rank; n = N0 sqrt(P) on P")
    parser.add_argument("--strong", default="", help="comma-separated n")
    parser.add_argument("--ranks", default="1,2,4,8,16")
    parser.add_argument("--shared-device", action="store_true", help="P ranks share one GPU")
    parser.add_argument("--mean-exchange", action="store_true",
                        help="the collectives' mean time (includes ranks waiting for a core) instead of the median")
    parser.add_argument("--calibrate", action="store_true",
                        help="take the tracing's cost off, add the ranks' skew (and fit a shared device's switch)")
    parser.add_argument("--svg", help="write the efficiency chart (model, measured, paper) here")
    parser.add_argument("--provisional-gpu", metavar="CSV",
                        help="instead: GPU predictions from single-GPU phase-granularity totals (DIR unused)")
    parser.add_argument("--staging-us", type=float, default=20.0, help="--provisional-gpu: per-level staging")
    parser.add_argument("--exchange-us", type=float, default=2.0,
                        help="--provisional-gpu: allreduce per level and per log2(P)")
    args = parser.parse_args()
    ranks = [int(p) for p in args.ranks.split(",")]
    if args.provisional_gpu:
        provisional_gpu(args.provisional_gpu, args.staging_us, args.exchange_us, ranks)
        return

    traces = {}
    for path in glob.glob(os.path.join(args.directory, "trace-*-*.rank0.csv")):
        match = re.match(r"trace-(classical|tree)-(\d+)\.rank0\.csv", os.path.basename(path))
        if match:
            traces.setdefault(match.group(1), {})[int(match.group(2))] = read_trace(path)
    if not traces:
        sys.exit(f"{args.directory}: no trace-<algorithm>-<n>.rank0.csv")
    exchange = read_exchange(args.directory, "mean_us" if args.mean_exchange else "median_us")
    if not any(p >= 2 for p in exchange):
        sys.exit(f"{args.directory}: no exchange-p<P>.csv with P >= 2")
    measured = read_measured(args.directory)
    device = any(d is not None for records in traces.get("tree", traces.get("classical", {})).values()
                 for _, _, d, _ in records)
    scenarios = []
    if args.weak:
        scenarios += [("weak", round(args.weak * math.sqrt(p)), p, args.weak) for p in ranks]
    for n in (int(v) for v in args.strong.split(",") if v):
        scenarios += [("strong", n, p, n) for p in ranks]
    switch_ns = 0.0
    if args.calibrate:
        cost = tracing_cost_ns(traces, {k: v for k, v in measured.items() if k[2] == 1})
        if cost is None:
            sys.exit(f"{args.directory}: --calibrate needs a measured one-rank bench at a traced n")
        print(f"tracing cost per record: {cost / 1e3:.2f} us (taken off every record)", file=sys.stderr)
        traces = {a: {n: without_tracing_cost(r, cost) for n, r in by_n.items()} for a, by_n in traces.items()}
        if args.shared_device:
            switch_ns, source = fit_switch_ns(traces, measured, exchange, scenarios, device)
            print(f"context switch per rank and record: {switch_ns / 1e3:.1f} us, fitted to {source}", file=sys.stderr)

    writer = csv.writer(sys.stdout)
    writer.writerow(["algorithm", "scaling", "n", "ranks", "predicted_ms", "predicted_efficiency", "measured_ms",
                     "measured_efficiency", "paper_efficiency"])
    chart = []
    for algorithm, by_n in sorted(traces.items()):
        base = {}
        model_weak, measured_weak = {}, {}
        for scaling, n, p, n1 in scenarios:
            if n not in by_n or n1 not in by_n:
                continue
            t = predict_ms(algorithm, n, by_n[n], exchange, p, args.shared_device, device, args.calibrate, switch_ns)
            t1 = base.setdefault((scaling, n1),
                                 predict_ms(algorithm, n1, by_n[n1], exchange, 1, False, device, args.calibrate))
            efficiency = t1 / t if scaling == "weak" else t1 / (p * t)
            m, m1 = measured.get((algorithm, n, p)), measured.get((algorithm, n1, 1))
            measured_efficiency = None
            if m and m1:
                measured_efficiency = m1 / m if scaling == "weak" else m1 / (p * m)
            paper = (PAPER_WEAK if scaling == "weak" else PAPER_STRONG_20000)[algorithm].get(p)
            writer.writerow([algorithm, scaling, n, p, f"{t:.1f}", f"{efficiency:.3f}",
                             f"{m:.1f}" if m else "", f"{measured_efficiency:.3f}" if measured_efficiency else "",
                             paper if paper is not None else ""])
            if scaling == "weak":
                model_weak[p] = efficiency
                if measured_efficiency:
                    measured_weak[p] = measured_efficiency
        colour = "#1f77b4" if algorithm == "classical" else "#d62728"
        if model_weak:
            chart.append((f"{algorithm}: model", colour, "", model_weak))
        if measured_weak:
            chart.append((f"{algorithm}: measured", colour, "2,3", measured_weak))
        chart.append((f"{algorithm}: paper (K20X)", colour, "8,4", PAPER_WEAK[algorithm]))
    if args.svg:
        svg_chart(chart, args.svg, "Weak scaling efficiency (n = N0 sqrt(P))")


if __name__ == "__main__":
    main()
