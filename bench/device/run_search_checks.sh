#!/usr/bin/env bash
# Issue 24's checks of the device-resident search on a GPU machine, from binaries built elsewhere (`device`
# preset, sm_90), in one call of at most 540 s:
#
#   bench/device/run_search_checks.sh BUNDLE OUT
#
# BUNDLE holds matchscope-cli (this branch), matchscope-cli-main (main's build: today's timings on the same
# instances), test_lap_cuda, qtrt/*.deb (see run_lap_cuda_checks.sh) and qt_runtime.sh; the summaries are
# bench/lap's scripts beside this one (their tables go into summary.txt). Stages, each under its own time
# limit:
#   1. the A/B table: `bench --preset search` (n = 10000, 20000; [0,n/10), [0,n), [0,10n), real; both
#      Hungarian variants; medians of 3 after a warm-up; certificates checked) in one process per size and
#      cost kind, plus one profiled solve per configuration (ab-profile.csv);
#   2. main's binary on the same preset (baseline.csv); then, with INTERLEAVE=R, the integer ranges R more
#      times for each build, the builds alternating (interleaved-{main,branch}-K.csv); the times of each
#      build pooled and the objectives compared by bench/lap/compare_search_runs.py (its table goes into
#      summary.txt);
#   3. test_lap_cuda (both variants against the CPU, the profile against the trace);
#   4. compute-sanitizer memcheck and synccheck on both variants at n = 2000, racecheck at n = 300 (at 2000
#      it runs past its limit), real and [0, 10n).
# CHECKS=0 stops after stage 2 (a timing call). Everything goes to OUT/search/: summary.txt, gpu.txt, ab.csv,
# ab-profile.csv.gz, baseline.csv, interleaved-*.csv and logs.tar.gz (the bench, test and sanitizer logs).
set -uo pipefail
shopt -s nullglob  # no interleaved rounds: no files
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
lap="$(dirname "$0")/../lap"
python3 "$lap/summarize_search_profile.py" "$out/ab-profile.csv" | tee -a "$out/summary.txt"
gzip -f "$out/ab-profile.csv"
pack

timeout 100 "$bundle/matchscope-cli-main" bench --preset search --output "$out/baseline.csv" >"$logs/baseline.log" 2>&1
say "baseline (main) search bench exit $?"
sed -n '/median total time/,$p' "$logs/baseline.log" | tee -a "$out/summary.txt"
for ((round = 1; round <= ${INTERLEAVE:-0}; ++round)); do
  for build in main branch; do
    binary="$bundle/matchscope-cli"
    [ "$build" = main ] && binary="$bundle/matchscope-cli-main"
    timeout 70 "$binary" bench --preset search --ranges n/10 n 10n \
      --output "$out/interleaved-$build-$round.csv" >"$logs/interleaved-$build-$round.log" 2>&1
    say "interleaved round $round, $build: exit $?"
  done
done
python3 "$lap/compare_search_runs.py" --before "$out/baseline.csv" "$out"/interleaved-main-*.csv \
  --after "$out/ab.csv" "$out"/interleaved-branch-*.csv 2>&1 | tee -a "$out/summary.txt"
pack
if [ "${CHECKS:-1}" = 0 ]; then
  say "done (CHECKS=0)"
  exit 0
fi

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
