#!/usr/bin/env bash
# Runs the CUDA backends' checks on a GPU machine from binaries built elsewhere: the QtTest suites (with
# Qt's runtime unpacked from .debs), compute-sanitizer on small solves, and traced solves for timing.
#
#   bench/device/run_lap_cuda_checks.sh BUNDLE OUT [tests] [sanitizer] [traces SIZES] [bench SIZES] [scipy SIZES]
#                               [large SIZES] [agreement SIZES] [startup] [cold SIZES] [roma NAME SIZES ARGS]
#                               [search NAME ARGS] [search-agreement GPUNAME CPUNAME ARGS] [hylac SIZES]
#                               [python N,REPEATS]
#
# SIZES is a comma-separated list; ARGS one word of extra bench options joined by commas ("-" for none);
# the roma and search stages write OUT/NAME.csv and OUT/NAME.log (search: `bench --preset search ARGS`).
# BUNDLE holds the test_*_cuda suites, matchscope-cli, scipy_reference.py, hylac_instances and
# matchscope.cpython-311-x86_64-linux-gnu.so with py311/*.deb (see python_runtime.sh), and
# qtrt/*.deb (apt-get download libqt6core6 libqt6test6 libicu72 libdouble-conversion3 libpcre2-16-0 libb2-1
# libglib2.0-0 libzstd1 libpcre2-8-0 libffi8 libmount1 libselinux1 libblkid1). Logs go to OUT; the traces
# are packed into OUT/traces.tar.gz. Each stage prints a short summary.
set -uo pipefail
bundle=$1
out=$2
shift 2
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(tests sanitizer traces 10000)
mkdir -p "$out"
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,clocks.mem --format=csv | tee "$out/gpu.txt"

source "$(dirname "$0")/qt_runtime.sh"
source "$(dirname "$0")/python_runtime.sh"

run_tests() {
  unpack_qt "$bundle"
  local suite name
  for suite in "$bundle"/test_*_cuda; do
    name=$(basename "$suite")
    LD_LIBRARY_PATH=/tmp/qtlib ldd "$suite" | grep "not found"
    LD_LIBRARY_PATH=/tmp/qtlib "$suite" -o "$out/$name.txt,txt" -o -,txt >/tmp/test.log 2>&1
    echo "$name exit $?"
    grep -E "^(PASS|FAIL|SKIP|QINFO|Totals)|Loc:" /tmp/test.log | head -40
    tail -3 /tmp/test.log
  done
}

run_sanitizer() {
  local tool algorithm granularity instance
  for tool in memcheck racecheck synccheck; do
    for algorithm in classical tree; do
      for granularity in search phase; do
        for instance in "uniform --range 10n" real; do
          compute-sanitizer --tool "$tool" --error-exitcode 9 "$bundle/matchscope-cli" solve --generate $instance \
            --n 300 --algorithm "$algorithm" --granularity "$granularity" --backend cuda --verify >/tmp/sanitizer.txt 2>&1
          echo "compute-sanitizer $tool $algorithm $granularity ${instance%% *}: exit $? $(grep -E 'ERROR SUMMARY|certificate' /tmp/sanitizer.txt | tr '\n' ' ')"
          { echo "=== $tool $algorithm $granularity ${instance%% *}"; cat /tmp/sanitizer.txt; } >>"$out/sanitizer.txt"
        done
      done
    done
    for algorithm in parallel-roma-1 parallel-roma-2; do
      compute-sanitizer --tool "$tool" --error-exitcode 9 "$bundle/matchscope-cli" solve --problem matching \
        --generate geometric --n 1030 --algorithm "$algorithm" --backend cuda --flip-retries 2 >/tmp/sanitizer.txt 2>&1
      echo "compute-sanitizer $tool $algorithm: exit $? $(grep -E 'ERROR SUMMARY|weight' /tmp/sanitizer.txt | tr '\n' ' ')"
      { echo "=== $tool $algorithm"; cat /tmp/sanitizer.txt; } >>"$out/sanitizer.txt"
    done
  done
}

# Hovland's experiments (bench --preset roma-gpu) at the given sizes, into OUT/NAME.csv.
run_roma() {
  local name=$1 sizes=$2 extra=()
  [ "$3" != "-" ] && IFS=, read -r -a extra <<<"$3"
  "$bundle/matchscope-cli" bench --preset roma-gpu --sizes "$sizes" "${extra[@]}" --output "$out/$name.csv" \
    2>"$out/$name.log"
}

run_traces() {
  mkdir -p "$out/traces"
  local n range algorithm name instance
  for n in "$@"; do
    for range in n/10 n 10n real; do
      for algorithm in classical tree; do
        name="n${n}_r${range/\//_}_${algorithm}"
        instance=(--generate uniform --range "$range")
        [ "$range" = real ] && instance=(--generate real)
        "$bundle/matchscope-cli" solve "${instance[@]}" --n "$n" --algorithm "$algorithm" \
          --backend cuda --trace-out "$out/traces/$name.csv" >"$out/traces/$name.txt" 2>&1
        echo "$name: $(grep -E 'objective|iterations|steps|time_ms' "$out/traces/$name.txt" | tr '\n' ' ')"
      done
    done
  done
  tar -czf "$out/traces.tar.gz" -C "$out" traces && rm -rf "$out/traces"
}

# Table 3 preset (3 instances, 5 timed runs after a warm-up) at the given sizes, both CUDA variants, into
# one CSV. The instances of the first size are also kept as .npy for the scipy stage.
run_bench() {
  local n first=1
  for n in "$@"; do
    local npy=()
    [ $first -eq 1 ] && npy=(--save-npy "/tmp/npy$n")
    "$bundle/matchscope-cli" bench --preset table3 --sizes "$n" "${npy[@]}" --output "/tmp/table3-cuda-$n.csv" \
      2>/dev/null | tail -8
    if [ $first -eq 1 ]; then cp "/tmp/table3-cuda-$n.csv" "$out/table3-cuda.csv"; else tail -n +2 "/tmp/table3-cuda-$n.csv" >>"$out/table3-cuda.csv"; fi
    first=0
  done
}

# The same instances once with the OpenMP tree variant on all CPU cores: the CPU optimum to agree with.
run_agreement() {
  local n first=1
  for n in "$@"; do
    "$bundle/matchscope-cli" bench --preset table3 --sizes "$n" --algorithms tree --backends cpu --repeats 1 \
      --warmups 0 --output "/tmp/table3-cpu-$n.csv" 2>/dev/null | tail -4
    if [ $first -eq 1 ]; then cp "/tmp/table3-cpu-$n.csv" "$out/table3-cpu.csv"; else tail -n +2 "/tmp/table3-cpu-$n.csv" >>"$out/table3-cpu.csv"; fi
    first=0
  done
}

# The device-resident search (bench --preset search with extra options), into OUT/NAME.csv.
run_search() {
  local name=$1 extra=()
  [ "$2" != "-" ] && IFS=, read -r -a extra <<<"$2"
  "$bundle/matchscope-cli" bench --preset search "${extra[@]}" --output "$out/$name.csv" 2>"$out/$name.log" |
    tee -a "$out/$name.log"
}

# The OpenMP tree variant once on the instances of `bench --preset search ARGS` (into OUT/CPUNAME.csv); every
# run in OUT/GPUNAME.csv of those instances must reach the same objective (reals within 1e-9 relative).
run_search_agreement() {
  local gpu=$1 cpu=$2 extra=()
  [ "$3" != "-" ] && IFS=, read -r -a extra <<<"$3"
  "$bundle/matchscope-cli" bench --preset search "${extra[@]}" --backends cpu --algorithms tree --repeats 1 \
    --warmups 0 --output "$out/$cpu.csv" 2>"$out/$cpu.log" | tail -3
  # The device names are quoted and may hold commas: drop that first field, then generator,n,range,seed
  # are fields 2-5, the algorithm 6 and the objective 10.
  awk -F, 'NR == FNR { if (FNR > 1) cpu[$2 "," $3 "," $4 "," $5] = $10; next }
    FNR > 1 { key = $2 "," $3 "," $4 "," $5; if (!(key in cpu)) next; c = cpu[key]; d = $10 - c;
              if (d < 0) d = -d; scale = c < 0 ? -c : c; checked++;
              if (d > 1e-9 * (scale + 1)) { bad++; print "DISAGREES: " key " " $6 " " $10 " cpu " c } }
    END { print "search-agreement: " checked + 0 " GPU runs on the CPU-solved instances, " bad + 0 " disagree" }' \
    <(sed 's/^"[^"]*",//' "$out/$cpu.csv") <(sed 's/^"[^"]*",//' "$out/$gpu.csv")
}

# HyLAC's uniform instances (BUNDLE/hylac_instances, built from bench/lap/hylac_instances.cpp) for
# each size and the ranges n/10, n, 10n, timed by `bench --preset search --npy` at search and at phase
# granularity into OUT/hylac-search.csv and OUT/hylac-phase.csv (rows in the printed instance order).
run_hylac() {
  local n range files=() list granularity
  mkdir -p /tmp/npy
  for n in "$@"; do
    for range in $((n / 10)) "$n" $((10 * n)); do
      "$bundle/hylac_instances" "$n" "$range" "/tmp/npy/hylac_n${n}_r$range.npy"
      files+=("/tmp/npy/hylac_n${n}_r$range.npy")
    done
  done
  list=$(IFS=,; echo "${files[*]}")
  echo "hylac instances, in this order: $list"
  for granularity in search phase; do
    "$bundle/matchscope-cli" bench --preset search --npy "$list" --granularity "$granularity" \
      --output "$out/hylac-$granularity.csv" 2>"$out/hylac-$granularity.log" | tail -7
  done
}

# Process start-up (CUDA context creation included) with a trivial solve, for the cold-start comparison.
run_startup() {
  local backend k seconds
  for backend in cuda cpu; do
    for k in 1 2 3; do
      seconds=$( { TIMEFORMAT=%R; time "$bundle/matchscope-cli" solve --generate uniform --n 2 --backend "$backend" \
        >/dev/null 2>&1; } 2>&1)
      echo "process start + n=2 solve, backend $backend: $seconds s"
    done
  done
}

# scipy.optimize.linear_sum_assignment on the instances the bench stage saved.
run_scipy() {
  local n
  for n in "$@"; do python3 "$bundle/scipy_reference.py" "/tmp/npy$n" "$out/scipy-$n.csv"; done
}

# The largest sizes with the tree variant, range [0, n), certificate checked on the host.
run_large() {
  local n
  for n in "$@"; do
    "$bundle/matchscope-cli" solve --generate uniform --n "$n" --range n --algorithm tree \
      --backend cuda --verify >"$out/large-$n.txt" 2>&1
    echo "n=$n: $(grep -E 'objective|iterations|steps|time_ms|certificate' "$out/large-$n.txt" | tr '\n' ' ')"
  done
}

# Cold solves, one process each: CUDA context creation (device_init_ms) plus the first solve (time_ms).
run_cold() {
  local n range algorithm
  for n in "$@"; do
    for range in n/10 n 10n; do
      for algorithm in classical tree; do
        echo "cold n=$n range=$range $algorithm: $("$bundle/matchscope-cli" solve --generate uniform --n "$n" \
          --range "$range" --algorithm "$algorithm" --backend cuda | grep -E 'device_init_ms|objective|time_ms' | tr '\n' ' ')"
      done
    done
  done
}

# One n x n solve through the Python module against the CLI's time_ms, interleaved, CUDA backend.
run_python() {
  unpack_python "$bundle"
  PYTHONPATH="$bundle" "${PYTHON[@]}" "$(dirname "$0")/../lap/python_overhead.py" "$bundle/matchscope-cli" \
    "$out/python-overhead-$1.csv" "$1" "$2" cuda --single-only
}

index=0
while [ $index -lt ${#stages[@]} ]; do
  case ${stages[$index]} in
    tests) run_tests ;;
    sanitizer) run_sanitizer ;;
    traces) index=$((index + 1)); run_traces ${stages[$index]//,/ } ;;
    bench) index=$((index + 1)); run_bench ${stages[$index]//,/ } ;;
    scipy) index=$((index + 1)); run_scipy ${stages[$index]//,/ } ;;
    large) index=$((index + 1)); run_large ${stages[$index]//,/ } ;;
    agreement) index=$((index + 1)); run_agreement ${stages[$index]//,/ } ;;
    startup) run_startup ;;
    cold) index=$((index + 1)); run_cold ${stages[$index]//,/ } ;;
    roma) run_roma "${stages[$index + 1]}" "${stages[$index + 2]}" "${stages[$index + 3]}"; index=$((index + 3)) ;;
    hylac) index=$((index + 1)); run_hylac ${stages[$index]//,/ } ;;
    python) index=$((index + 1)); run_python ${stages[$index]//,/ } ;;
    search) run_search "${stages[$index + 1]}" "${stages[$index + 2]}"; index=$((index + 2)) ;;
    search-agreement)
      run_search_agreement "${stages[$index + 1]}" "${stages[$index + 2]}" "${stages[$index + 3]}"
      index=$((index + 3)) ;;
  esac
  index=$((index + 1))
done
