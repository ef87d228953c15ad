#!/usr/bin/env bash
# The cost curve of the exact LAP on one GPU (issue 24): both Hungarian variants on [0, n) and real U[0,1)
# costs up to n = 40000, then the tree variant at the largest n whose matrix fits the GPU, doubles and int32,
# each solved once with its dual certificate checked on the host. The peak device memory of each run is the
# largest `memory.used` that nvidia-smi reports every 100 ms while it runs (the CUDA context included).
#
#   bench/device/run_search_curve.sh BUNDLE OUT [curve SIZES] [largest KINDS]
#
# SIZES: comma-separated (default 1000,2000,5000,10000,20000,40000); KINDS: real, int or real,int. With no
# stage named, both run (about 10 minutes on an H100: split them over two calls of 540 s). The search variant
# is the binary's default unless MATCHSCOPE_SEARCH_VARIANT names one. Writes OUT/curve/: curve.csv (the bench
# rows of every size), memory.csv (n, the run's costs and variant, its peak MiB), largest-*.txt and
# largest-*.csv.gz (the solve's output and its step trace), curve-logs.tar.gz, summary.txt. Plot: bench/lap/plot_search_curve.py.
set -uo pipefail
bundle=$(realpath "$1")
out="$2/curve"
shift 2
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(curve 1000,2000,5000,10000,20000,40000 largest real,int)
mkdir -p "$out"
start=$SECONDS
say() { echo "[$((SECONDS - start)) s] $*" | tee -a "$out/summary.txt"; }
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee "$out/gpu.txt"
export CUDA_VISIBLE_DEVICES=0
[ -f "$out/memory.csv" ] || echo "n,run,peak_mib" >"$out/memory.csv"

# Runs the command while sampling the device memory; appends "N,RUN,peak" to memory.csv.
with_peak_memory() {
  local n=$1 run=$2 samples=/tmp/memory-samples.txt
  shift 2
  nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 100 >"$samples" &
  local sampler=$!
  "$@"
  local status=$?
  kill "$sampler"
  wait "$sampler" 2>/dev/null
  echo "$n,$run,$(sort -n "$samples" | tail -1)" >>"$out/memory.csv"
  return $status
}

run_curve() {
  local n repeats warmups range algorithm name
  for n in "$@"; do
    repeats=3 warmups=1
    [ "$n" -gt 10000 ] && repeats=1
    [ "$n" -gt 20000 ] && warmups=0
    for range in n real; do
      for algorithm in classical tree; do
        name="$n-${range}-$algorithm"
        with_peak_memory "$n" "${range}_$algorithm" timeout 300 "$bundle/matchscope-cli" bench --preset search \
          --sizes "$n" --ranges "$range" --algorithms "$algorithm" --repeats "$repeats" --warmups "$warmups" \
          --output "/tmp/curve-$name.csv" >"$out/curve-$name.log" 2>&1
        say "$name exit $?: $(grep -A1 'median total time' "$out/curve-$name.log" | tail -1 | tr -s ' ')"
        if [ -f "$out/curve.csv" ]; then
          tail -n +2 "/tmp/curve-$name.csv" >>"$out/curve.csv"
        else
          cp "/tmp/curve-$name.csv" "$out/curve.csv"
        fi
      done
    done
  done
  tar -czf "$out/curve-logs.tar.gz" -C "$out" $(cd "$out" && ls curve-*.log) && rm -f "$out"/curve-*.log
}

# The largest n (a multiple of 1000) whose n x n matrix of `bytes`-byte entries fits the device's free memory
# less 1.5 GB (work arrays, context) and 85 % of the host's available memory (one copy of the matrix).
largest_n() {
  local bytes=$1 device_free host_available
  device_free=$(nvidia-smi --query-gpu=memory.free --format=csv,noheader,nounits | head -1)  # MiB
  host_available=$(awk '/MemAvailable/ { print $2 }' /proc/meminfo)                          # KiB
  python3 -c "import math; d=($device_free*2**20-1.5e9)/$bytes; h=0.85*$host_available*1024/$bytes; print(int(math.sqrt(min(d,h))//1000*1000))"
}

run_largest() {
  local kind n instance
  for kind in "$@"; do
    if [ "$kind" = real ]; then
      n=$(largest_n 8)
      instance=(--generate real)
    else
      n=$(largest_n 4)
      instance=(--generate uniform --range n)
    fi
    say "largest $kind: n = $n"
    with_peak_memory "$n" "largest-$kind" timeout 500 "$bundle/matchscope-cli" solve "${instance[@]}" --n "$n" \
      --algorithm tree --backend cuda --verify --trace-out "$out/largest-$kind.csv" >"$out/largest-$kind.txt" 2>&1
    say "largest $kind n=$n exit $?: $(grep -E 'objective|iterations|steps|time_ms|certificate' "$out/largest-$kind.txt" | tr '\n' ' ')"
    gzip -f "$out/largest-$kind.csv"
  done
}

index=0
while [ $index -lt ${#stages[@]} ]; do
  case ${stages[$index]} in
    curve) index=$((index + 1)); run_curve ${stages[$index]//,/ } ;;
    largest) index=$((index + 1)); run_largest ${stages[$index]//,/ } ;;
  esac
  index=$((index + 1))
done
say "done"
