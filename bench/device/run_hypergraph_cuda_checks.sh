#!/usr/bin/env bash
# Runs the hypergraph CUDA checks on a GPU machine from binaries built elsewhere: the QtTest suite (with Qt's
# runtime unpacked from .debs), compute-sanitizer on small coarsenings that reach the light, medium, heavy
# and overflow kernels and the device contraction (and on a bipartition coarsened on the GPU), and the
# Table III bench.
#
#   bench/device/run_hypergraph_cuda_checks.sh BUNDLE QTRT OUT [tests] [sanitizer] [bench ARGS]
#
# BUNDLE holds test_hypergraph_cuda and matchscope-cli; QTRT the Qt runtime .debs (see
# bench/device/run_lap_cuda_checks.sh); ARGS one word of extra bench options joined by commas ("-" for none).
set -uo pipefail
bundle=$1
qtrt=$2
out=$3
shift 3
mkdir -p "$out"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee "$out/gpu.txt"
lscpu | grep -E "Model name|^CPU\(s\)" | tee -a "$out/gpu.txt"

run_tests() {
  rm -rf /tmp/qtrt /tmp/qtlib
  mkdir -p /tmp/qtrt /tmp/qtlib
  for deb in "$qtrt"/*.deb; do dpkg -x "$deb" /tmp/qtrt; done
  local lib
  for lib in /tmp/qtrt/usr/lib/x86_64-linux-gnu/*.so.* /tmp/qtrt/lib/x86_64-linux-gnu/*.so.*; do
    [ -e "$lib" ] || continue
    ldconfig -p | grep -q "^[[:space:]]$(basename "$lib") " || ln -sf "$lib" /tmp/qtlib/
  done
  LD_LIBRARY_PATH=/tmp/qtlib "$bundle/test_hypergraph_cuda" -o "$out/test_hypergraph_cuda.txt,txt" -o -,txt >/tmp/test.log 2>&1
  echo "test_hypergraph_cuda exit $?"
  grep -E "^(PASS|FAIL|SKIP|QINFO|Totals)|Loc:|Actual|Expected" /tmp/test.log | head -40
}

run_sanitizer() {
  local tool instance
  for tool in memcheck racecheck synccheck; do
    for instance in "random-hypergraph --n 3000 --levels 3" "heavy-columns --n 14000 --levels 1" \
                    "flickr --n 17100 --levels 1" "wikipedia --n 76000 --levels 1"; do
      [ "$tool" != memcheck ] && [[ "$instance" == wikipedia* ]] && continue
      # shellcheck disable=SC2086
      timeout 120 compute-sanitizer --tool "$tool" --error-exitcode 9 "$bundle/matchscope-cli" solve --problem hypergraph \
        --generate $instance --algorithm coarsen-suitor --backend cuda >/tmp/sanitizer.txt 2>&1
      echo "compute-sanitizer $tool $instance: exit $? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^nodes' /tmp/sanitizer.txt | tr '\n' ' ')"
      { echo "=== $tool $instance"; cat /tmp/sanitizer.txt; } >>"$out/sanitizer.txt"
    done
    # A bipartition coarsened by the GPU suitor: levels contracted on the device, the two-hop pairing's
    # matching to the host and back.
    timeout 300 compute-sanitizer --tool "$tool" --error-exitcode 9 "$bundle/matchscope-cli" solve --problem hypergraph \
      --generate stanford --n 20000 --algorithm bipartition --coarsen-with suitor --backend cuda >/tmp/sanitizer.txt 2>&1
    echo "compute-sanitizer $tool bipartition stanford 20000: exit $? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^cut' /tmp/sanitizer.txt | tr '\n' ' ')"
    { echo "=== $tool bipartition stanford 20000"; cat /tmp/sanitizer.txt; } >>"$out/sanitizer.txt"
  done
}

while [ $# -gt 0 ]; do
  case $1 in
    tests) run_tests; shift ;;
    sanitizer) run_sanitizer; shift ;;
    bench)
      extra=()
      [ "$2" != "-" ] && IFS=, read -r -a extra <<<"$2"
      "$bundle/matchscope-cli" bench --preset hypergraph --output "$out/bench-hypergraph.csv" "${extra[@]}" \
        >"$out/bench-hypergraph.log" 2>&1
      echo "bench exit $?"
      cat "$out/bench-hypergraph.log"
      shift 2 ;;
    *) echo "unknown stage $1"; exit 2 ;;
  esac
done
