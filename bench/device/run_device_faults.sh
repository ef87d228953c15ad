#!/usr/bin/env bash
# On the GPU machine, from binaries built elsewhere: test_cli's CUDA allocation-failure test, and
# compute-sanitizer memcheck (leaks included) on solves whose K-th device allocation fails
# (MATCHSCOPE_FAIL_DEVICE_ALLOCATION, solver/core/fault_injection.h).
#   bench/device/run_device_faults.sh BUNDLE QTRT OUT
# BUNDLE holds matchscope-cli and test_cli; QTRT the Qt runtime .debs (see bench/device/run_lap_cuda_checks.sh).
set -uo pipefail
bundle=$1
qtrt=$2
out=$3
mkdir -p "$out" /tmp/qtrt /tmp/qtlib
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
for deb in "$qtrt"/*.deb; do dpkg -x "$deb" /tmp/qtrt; done
for lib in /tmp/qtrt/usr/lib/x86_64-linux-gnu/*.so.* /tmp/qtrt/lib/x86_64-linux-gnu/*.so.*; do
  [ -e "$lib" ] || continue
  ldconfig -p | grep -q "^[[:space:]]$(basename "$lib") " || ln -sf "$lib" /tmp/qtlib/
done
# test_cli runs the CLI from the path it was built at.
cli_path=$(strings "$bundle/test_cli" | grep -m1 '/app/cli/matchscope-cli$')
mkdir -p "$(dirname "$cli_path")" && cp "$bundle/matchscope-cli" "$cli_path"
LD_LIBRARY_PATH=/tmp/qtlib "$bundle/test_cli" deviceOutOfMemoryIsAClearError >"$out/test_cli.txt" 2>&1
echo "test_cli deviceOutOfMemoryIsAClearError: exit $?"
grep -E "^(PASS|FAIL|SKIP|Totals)|Loc:" "$out/test_cli.txt"
for k in 1 3 6; do
  for solve in "--algorithm tree" "--algorithm classical" "--problem matching --algorithm parallel-roma-2"; do
    # shellcheck disable=SC2086
    MATCHSCOPE_FAIL_DEVICE_ALLOCATION=$k compute-sanitizer --tool memcheck --leak-check full --error-exitcode 9 \
      "$bundle/matchscope-cli" solve --generate uniform --n 300 --backend cuda $solve >/tmp/memcheck.txt 2>&1
    echo "memcheck K=$k $solve: exit $? | $(grep -E 'ERROR SUMMARY|matchscope-cli:|objective|weight:' /tmp/memcheck.txt | tr '\n' ' ')"
    { echo "=== K=$k $solve"; cat /tmp/memcheck.txt; } >>"$out/memcheck.txt"
  done
done
