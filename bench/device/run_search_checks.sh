#!/usr/bin/env bash
# Issue 24's checks of the device-resident search on a GPU machine, from binaries built elsewhere (`device`
# preset, sm_90), in one call of at most 540 s:
#
#   bench/device/run_search_checks.sh BUNDLE OUT
#
# BUNDLE holds matchscope-cli (this branch), matchscope-cli-main (main's build: today's timings on the same
# instances), test_lap_cuda, qtrt/*.deb (see run_lap_cuda_checks.sh), qt_runtime.sh and
# bench/lap/summarize_search_profile.py (its table goes into summary.txt). SEARCH_VARIANTS
# (default rescan,settle,settle-first-path,fuse) names the tree variant's searches to compare. Stages, each
# under its own time limit:
#   1. the A/B table: `bench --preset search` (n = 10000, 20000; [0,n/10), [0,n), [0,10n), real; both
#      Hungarian variants; medians of 3 after a warm-up; certificates checked) with every search variant
#      on the same instances in one process per size and cost kind, plus one profiled solve per
#      configuration (ab-profile.csv);
#   2. main's binary on the same preset (baseline.csv) and the objectives of the two compared;
#   3. test_lap_cuda (every search variant against the CPU, the profile against the trace);
#   4. compute-sanitizer memcheck, racecheck and synccheck on every search variant (and the classical
#      variant) at n = 2000, real and [0, 10n).
# Everything goes to OUT/search/: summary.txt, gpu.txt, ab.csv, ab-profile.csv.gz, baseline.csv and logs.tar.gz
# (the bench, test and sanitizer logs).
set -uo pipefail
bundle=$(realpath "$1")
out="$2/search"
variants=${SEARCH_VARIANTS:-rescan,settle,settle-first-path,fuse}
logs=/tmp/search-logs
mkdir -p "$out" "$logs"
start=$SECONDS
say() { echo "[$((SECONDS - start)) s] $*" | tee -a "$out/summary.txt"; }
pack() { tar -czf "$out/logs.tar.gz" -C /tmp search-logs; }
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv | tee "$out/gpu.txt"
export CUDA_VISIBLE_DEVICES=0

# One process per size and cost kind (a hang loses one group), every search variant in each.
for group in 10000:n/10,n,10n:40 10000:real:70 20000:n/10,n,10n:60 20000:real:170; do
  IFS=: read -r n ranges limit <<<"$group"
  name="ab-$n-${ranges//[\/,]/_}"
  timeout "$limit" "$bundle/matchscope-cli" bench --preset search --sizes "$n" --ranges "$ranges" \
    --search-variants "$variants" --search-profile "/tmp/$name-profile.csv" --output "/tmp/$name.csv" \
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
# Same instance (generator, n, range, seed) and algorithm: the same optimum (reals within 1e-9 relative).
# The device names are quoted and may hold commas: drop that field; then generator,n,range,seed are fields
# 2-5, the algorithm 6 and the objective 10.
awk -F, 'NR == FNR { if (FNR > 1) base[$2 "," $3 "," $4 "," $5 "," $6] = $10; next }
  FNR > 1 { key = $2 "," $3 "," $4 "," $5 "," $6; if (!(key in base)) next; d = $10 - base[key]; if (d < 0) d = -d;
            s = base[key] < 0 ? -base[key] : base[key]; checked++; if (d > 1e-9 * (s + 1)) { bad++; print "DIFFERS: " key } }
  END { print "objectives against main: " checked + 0 " runs compared, " bad + 0 " differ" }' \
  <(sed 's/^"[^"]*",//' "$out/baseline.csv") <(sed 's/^"[^"]*",//' "$out/ab.csv") | tee -a "$out/summary.txt"
pack

source "$bundle/qt_runtime.sh"
unpack_qt "$bundle"
LD_LIBRARY_PATH=/tmp/qtlib timeout 170 "$bundle/test_lap_cuda" >"$logs/test_lap_cuda.log" 2>&1
say "test_lap_cuda exit $? $(grep -E '^Totals' "$logs/test_lap_cuda.log")"
grep -E "^(FAIL|SKIP)|Loc:" "$logs/test_lap_cuda.log" | head -20 | tee -a "$out/summary.txt"
pack

# The new searches first: the stage stops at 510 s.
sanitized=$(echo "${variants//,/ }" | tr ' ' '\n' | grep -v '^rescan$' | tr '\n' ' ')
for variant in $sanitized classical rescan; do
  for tool in memcheck racecheck synccheck; do
    for instance in "uniform --range 10n" real; do
      if [ $((SECONDS - start)) -gt 510 ]; then
        say "compute-sanitizer $tool $variant ${instance%% *}: skipped (time)"
        continue
      fi
      algorithm=tree
      [ "$variant" = classical ] && algorithm=classical
      MATCHSCOPE_SEARCH_VARIANT=${variant/classical/rescan} timeout 40 compute-sanitizer --tool "$tool" \
        --error-exitcode 9 "$bundle/matchscope-cli" solve --generate $instance --n 2000 --algorithm "$algorithm" \
        --backend cuda --verify >/tmp/sanitizer.txt 2>&1
      say "compute-sanitizer $tool $variant ${instance%% *}: exit $? $(grep -E 'ERROR SUMMARY|certificate' /tmp/sanitizer.txt | tr '\n' ' ')"
      { echo "=== $tool $variant ${instance%% *}"; cat /tmp/sanitizer.txt; } >>"$logs/sanitizer.txt"
    done
  done
done
pack
say "done"
