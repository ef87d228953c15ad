#!/usr/bin/env bash
# The cost curve of the exact LAP on one GPU (issue 24) in one call of at most BUDGET seconds (default 190):
#
#   bench/device/run_search_curve.sh BUNDLE OUT
#
# BUNDLE holds matchscope-cli (`device` preset, sm_90). In order, each step only while its predicted time
# fits what is left of the budget:
#   1. the tree variant on [0, n) and real U[0,1) costs for n = 1000, 2000, 5000, 10000, 20000 (`bench
#      --preset search`, one timed run after a warm-up, certificate checked; one process per n and cost
#      kind);
#   2. the tree variant at the largest n whose int32 [0, n) matrix (LARGEST="int", the default) and whose real
#      U[0,1) matrix of doubles (LARGEST="int real") fits the GPU (and the host), solved once with its dual
#      certificate checked on the host, predicted from a timed solve at n = 20000 scaled by n^2.2 (generation,
#      upload and the host check are quadratic, the search a little more). These use the counter stream
#      (`--stream counter`: entry (i, j) from (seed, i, j), generated on all cores), not step 1's sequential one;
#   3. the classical variant on the same sizes and costs as step 1, predicted from the tree variant's time.
# The peak device memory of each run is the largest `memory.used` nvidia-smi reports every 100 ms while it
# runs (the CUDA context included). Writes OUT/curve/: summary.txt (the device, every step's
# result, what was skipped), curve.csv (the bench rows), memory.csv (n, run, peak MiB, wall seconds),
# largest-KIND.txt and largest-KIND.csv.gz (each largest solve's output and step trace), logs.tar.gz.
# SIZES="40000" replaces step 1's and step 3's sizes, COSTS="real" their cost kinds (default "n real").
# Plot: bench/lap/plot_search_curve.py.
set -uo pipefail
bundle=$(realpath "$1")
out="$2/curve"
budget=${BUDGET:-190}
read -ra sizes <<<"${SIZES:-1000 2000 5000 10000 20000}"
read -ra kinds <<<"${COSTS:-n real}"
logs=/tmp/curve-logs
mkdir -p "$out" "$logs"
start=$SECONDS
say() { echo "[$((SECONDS - start)) s] $*" | tee -a "$out/summary.txt"; }
left() { echo $((budget - (SECONDS - start))); }
limit() { local l; l=$(left); echo $((l > 1 ? l : 1)); }  # timeout's limit (0 would mean none)
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$out/summary.txt"
export CUDA_VISIBLE_DEVICES=0
echo "n,run,peak_mib,wall_s" >"$out/memory.csv"
declare -A wall  # "n costs algorithm" -> seconds of its bench process

# Runs the command under the budget left while sampling the device memory; appends a memory.csv row and sets
# `elapsed` (seconds, to the millisecond).
with_peak_memory() {
  local n=$1 run=$2 samples=/tmp/memory-samples.txt began status
  began=$(date +%s%N)
  shift 2
  nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 100 >"$samples" &
  local sampler=$!
  timeout "$(limit)" "$@"
  status=$?
  kill "$sampler"
  wait "$sampler" 2>/dev/null
  elapsed=$(python3 -c "print(f'{($(date +%s%N) - $began) / 1e9:.3f}')")
  echo "$n,$run,$(sort -n "$samples" | tail -1),$elapsed" >>"$out/memory.csv"
  return $status
}

# One bench process: algorithm $1 at size $2 on costs $3 (n: [0, n), real).
bench_point() {
  local algorithm=$1 n=$2 costs=$3 name="$2-$3-$1"
  with_peak_memory "$n" "${costs}_$algorithm" "$bundle/matchscope-cli" bench --preset search --sizes "$n" \
    --ranges "$costs" --algorithms "$algorithm" --repeats 1 --warmups 1 --output "/tmp/curve-$name.csv" \
    >"$logs/$name.log" 2>&1
  say "$name exit $? in ${elapsed} s: $(grep -A1 'median total time' "$logs/$name.log" | tail -1 | tr -s ' ')"
  wall["$n $costs $algorithm"]=$elapsed
  [ -f "/tmp/curve-$name.csv" ] || return
  if [ -f "$out/curve.csv" ]; then tail -n +2 "/tmp/curve-$name.csv" >>"$out/curve.csv"; else cp "/tmp/curve-$name.csv" "$out/curve.csv"; fi
}

for n in "${sizes[@]}"; do
  for costs in "${kinds[@]}"; do
    if [ "$(left)" -lt 5 ]; then say "$n-$costs-tree: skipped (budget)"; continue; fi
    bench_point tree "$n" "$costs"
  done
done

# The largest n (a multiple of 1000) whose matrix of `bytes`-wide entries fits the device's free memory less
# 1.5 GB (work arrays, context) and 85 % of the host's available memory (one copy of the matrix).
largest_n() {
  local bytes=$1 device_free host_available
  device_free=$(nvidia-smi --query-gpu=memory.free --format=csv,noheader,nounits | head -1)  # MiB
  host_available=$(awk '/MemAvailable/ { print $2 }' /proc/meminfo)                          # KiB
  python3 -c "import math; d=($device_free*2**20-1.5e9)/$bytes; h=0.85*$host_available*1024/$bytes; print(int(math.sqrt(min(d,h))//1000*1000))"
}
# solve_largest KIND RUN N [options]: one certified tree solve of the counter-stream instance of that kind.
solve_largest() {
  local costs=(--generate uniform --range n)
  [ "$1" = real ] && costs=(--generate real)
  with_peak_memory "$3" "$2" "$bundle/matchscope-cli" solve "${costs[@]}" --stream counter --n "$3" \
    --algorithm tree --backend cuda --verify "${@:4}"
}
for kind in ${LARGEST:-int}; do
  bytes=4
  [ "$kind" = real ] && bytes=8
  largest=$(largest_n $bytes)
  solve_largest "$kind" "probe-$kind" 20000 >"$logs/probe-$kind-20000.txt" 2>&1
  say "probe $kind n=20000 exit $? in ${elapsed} s"
  predicted=$(python3 -c "print(int($elapsed * ($largest / 20000) ** 2.2 * 1.15 + 5))")
  if [ "$predicted" -le "$(left)" ]; then
    say "largest $kind: n = $largest, predicted $predicted s"
    solve_largest "$kind" "largest-$kind" "$largest" --trace-out "$out/largest-$kind.csv" >"$out/largest-$kind.txt" 2>&1
    say "largest $kind n=$largest exit $? in ${elapsed} s: $(grep -E 'objective|iterations|steps|time_ms|certificate' "$out/largest-$kind.txt" | tr '\n' ' ')"
    [ -f "$out/largest-$kind.csv" ] && gzip -f "$out/largest-$kind.csv"
  else
    say "largest $kind: n = $largest skipped: predicted $predicted s, $(left) s left"
  fi
done

for n in "${sizes[@]}"; do
  for costs in "${kinds[@]}"; do
    predicted=$(python3 -c "print(int(${wall["$n $costs tree"]:-0} * 1.5 + 2))")
    if [ "$predicted" -gt "$(left)" ]; then say "$n-$costs-classical: skipped (predicted $predicted s, $(left) s left)"; continue; fi
    bench_point classical "$n" "$costs"
  done
done
tar -czf "$out/logs.tar.gz" -C /tmp curve-logs
say "done"
