#!/usr/bin/env bash
# Runs the CUDA backend's checks on a GPU machine from binaries built elsewhere: the QtTest suite (with
# Qt's runtime unpacked from .debs), compute-sanitizer on small solves, and traced solves for timing.
#
#   tests/lap/run_cuda_checks.sh BUNDLE OUT [tests] [sanitizer] [traces SIZES]
#
# BUNDLE holds test_lap_cuda, matchscope-cli and qtrt/*.deb (apt-get download libqt6core6 libqt6test6
# libicu72 libdouble-conversion3 libpcre2-16-0 libb2-1). Logs go to OUT; the traces are packed into
# OUT/traces.tar.gz. Each stage prints a short summary last.
set -uo pipefail
bundle=$1
out=$2
shift 2
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(tests sanitizer traces 10000)
mkdir -p "$out"
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,clocks.mem --format=csv | tee "$out/gpu.txt"

run_tests() {
  mkdir -p /tmp/qtrt
  for deb in "$bundle"/qtrt/*.deb; do dpkg -x "$deb" /tmp/qtrt; done
  LD_LIBRARY_PATH=/tmp/qtrt/usr/lib/x86_64-linux-gnu "$bundle/test_lap_cuda" -o "$out/test_lap_cuda.txt,txt" \
    -o -,txt 2>&1 | grep -E "^(PASS|FAIL|SKIP|QINFO|Totals)|Loc:" | head -40
}

run_sanitizer() {
  local tool
  for tool in memcheck racecheck synccheck; do
    for algorithm in classical tree; do
      compute-sanitizer --tool "$tool" --error-exitcode 9 "$bundle/matchscope-cli" solve --generate uniform --n 300 \
        --range 10n --algorithm "$algorithm" --backend cuda --verify >/tmp/sanitizer.txt 2>&1
      echo "compute-sanitizer $tool $algorithm: exit $? $(grep -E 'ERROR SUMMARY|certificate' /tmp/sanitizer.txt | tr '\n' ' ')"
      { echo "=== $tool $algorithm"; cat /tmp/sanitizer.txt; } >>"$out/sanitizer.txt"
    done
  done
}

run_traces() {
  mkdir -p "$out/traces"
  local n range algorithm name
  for n in "$@"; do
    for range in n/10 n 10n; do
      for algorithm in classical tree; do
        name="n${n}_r${range/\//_}_${algorithm}"
        "$bundle/matchscope-cli" solve --generate uniform --n "$n" --range "$range" --algorithm "$algorithm" \
          --backend cuda --trace-out "$out/traces/$name.csv" >"$out/traces/$name.txt" 2>&1
        echo "$name: $(grep -E 'objective|iterations|steps|time_ms' "$out/traces/$name.txt" | tr '\n' ' ')"
      done
    done
  done
  tar -czf "$out/traces.tar.gz" -C "$out" traces && rm -rf "$out/traces"
}

index=0
while [ $index -lt ${#stages[@]} ]; do
  case ${stages[$index]} in
    tests) run_tests ;;
    sanitizer) run_sanitizer ;;
    traces) index=$((index + 1)); run_traces ${stages[$index]//,/ } ;;
  esac
  index=$((index + 1))
done
