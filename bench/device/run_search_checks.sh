#!/usr/bin/env bash
# Issue 24's checks of the device-resident search on a GPU machine, from binaries built elsewhere (`device`
# preset, sm_90), in one call of at most 540 s:
#
#   bench/device/run_search_checks.sh BUNDLE OUT
#
# BUNDLE holds matchscope-cli (this branch), matchscope-cli-main (main's build: today's timings on the same
# instances), test_lap_cuda, qtrt/*.deb (see run_lap_cuda_checks.sh), qt_runtime.sh and
# bench/lap/summarize_search_profile.py (its table goes into summary.txt). Stages, each under its own time
# limit:
#   1. the A/B table: `bench --preset search` (n = 10000, 20000; [0,n/10), [0,n), [0,10n), real; both
#      Hungarian variants; medians of 3 after a warm-up; certificates checked) in one process per size and
#      cost kind, plus one profiled solve per configuration (ab-profile.csv);
#   2. main's binary on the same preset (baseline.csv) and the objectives of the two compared;
#   3. test_lap_cuda (both variants against the CPU, the profile against the trace);
#   4. compute-sanitizer memcheck and synccheck on both variants at n = 2000, racecheck at n = 300 (at 2000
#      it runs past its limit), real and [0, 10n).
# Everything goes to OUT/search/: summary.txt, gpu.txt, ab.csv, ab-profile.csv.gz, baseline.csv and logs.tar.gz
# (the bench, test and sanitizer logs).
set -uo pipefail
bundle=$(realpath "$1")
out="$2/search"
logs=/tmp/search-logs
mkdir -p "$out" "$logs"
start=$SECONDS
say() { echo "[$((SECONDS - start)) s] $*" | tee -a "$out/summary.txt"; }
pack() { tar -czf "$out/logs.tar.gz" -C /tmp search-logs; }
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv | tee "$out/gpu.txt"
export CUDA_VISIBLE_DEVICES=0

# One process per size and cost kind (a hang loses one group).
for group in 10000:n/10,n,10n:40 10000:real:70 20000:n/10,n,10n:60 20000:real:170; do
  IFS=: read -r n ranges limit <<<"$group"
  name="ab-$n-${ranges//[\/,]/_}"
  timeout "$limit" "$bundle/matchscope-cli" bench --preset search --sizes "$n" --ranges "$ranges" \
    --search-profile "/tmp/$name-profile.csv" --output "/tmp/$name.csv" \
    >"$logs/$name.log" 2>&1
  say "A/B search bench n=$n $ranges exit $?"
  sed -n '/median total time/,$p' "$logs/$name.log" | tee -a "$out/summary.txt"
  for part in "" -profile; do
    [ -f "/tmp/$name$part.csv" ] || continue
    if [ -f "$out/ab$part.csv" ]; then tail -n +2 "/tmp/$name$part.csv" >>"$out/ab$part.csv"; else cp "/tmp/$name$part.csv" "$out/ab$part.csv"; fi
  done
done
python3 "$bundle/summarize_search_profile.py" "$out/ab-profile.csv" | tee -a "$out/summary.txt"
gzip -f "$out/ab-profile.csv"
pack

timeout 100 "$bundle/matchscope-cli-main" bench --preset search --output "$out/baseline.csv" >"$logs/baseline.log" 2>&1
say "baseline (main) search bench exit $?"
sed -n '/median total time/,$p' "$logs/baseline.log" | tee -a "$out/summary.txt"
# Per instance kind (generator, n, range) and algorithm, the set of objectives of the two builds (each the
# seeds' optima): equal, reals within 1e-9 relative.
python3 - "$out/baseline.csv" "$out/ab.csv" <<'PY' | tee -a "$out/summary.txt"
import csv, sys
def objectives(path):
    sets = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            key = (row["generator"], row["n"], row["range"], row["algorithm"])
            sets.setdefault(key, set()).add(float(row["objective"]))
    return sets
def same(a, b):
    return len(a) == len(b) and all(abs(x - y) <= 1e-9 * (abs(x) + 1) for x, y in zip(sorted(a), sorted(b)))
base, branch = objectives(sys.argv[1]), objectives(sys.argv[2])
differ = [key for key in base if key in branch and not same(base[key], branch[key])]
for key in differ:
    print("DIFFERS:", ",".join(key), sorted(base[key]), sorted(branch[key]))
print(f"objectives against main: {sum(key in branch for key in base)} instance kinds compared, {len(differ)} differ")
PY
pack

source "$bundle/qt_runtime.sh"
unpack_qt "$bundle"
LD_LIBRARY_PATH=/tmp/qtlib timeout 170 "$bundle/test_lap_cuda" >"$logs/test_lap_cuda.log" 2>&1
say "test_lap_cuda exit $? $(grep -E '^Totals' "$logs/test_lap_cuda.log")"
grep -E "^(FAIL|SKIP)|Loc:" "$logs/test_lap_cuda.log" | head -20 | tee -a "$out/summary.txt"
pack

for algorithm in tree classical; do
  for tool in memcheck synccheck racecheck; do
    n=2000
    [ "$tool" = racecheck ] && n=300
    for instance in "uniform --range 10n" real; do
      if [ $((SECONDS - start)) -gt 510 ]; then
        say "compute-sanitizer $tool $algorithm ${instance%% *}: skipped (time)"
        continue
      fi
      timeout 40 compute-sanitizer --tool "$tool" --error-exitcode 9 "$bundle/matchscope-cli" solve \
        --generate $instance --n "$n" --algorithm "$algorithm" --backend cuda --verify >/tmp/sanitizer.txt 2>&1
      say "compute-sanitizer $tool $algorithm ${instance%% *} n=$n: exit $? $(grep -E 'ERROR SUMMARY|certificate' /tmp/sanitizer.txt | tr '\n' ' ')"
      { echo "=== $tool $algorithm ${instance%% *} n=$n"; cat /tmp/sanitizer.txt; } >>"$logs/sanitizer.txt"
    done
  done
done
pack
say "done"
