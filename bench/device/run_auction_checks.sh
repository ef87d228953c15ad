#!/usr/bin/env bash
# The CUDA auction's checks on a GPU machine, from binaries built elsewhere, in one call:
#   bench/device/run_auction_checks.sh BUNDLE OUT
# BUNDLE holds test_lap_auction_cuda and matchscope-cli; Qt's runtime .debs are taken from QTRT (default
# .device/qtrt, see run_cuda_checks.sh). Stages: the QtTest suite, compute-sanitizer (memcheck, racecheck,
# synccheck) on small integer and real solves (the real one with forbidden entries), then
# `bench --preset auction-gpu --repeats 2` into OUT/auction-gpu-h100.csv, then traced solves with scaling factors
# 4, 8 and 16. Each stage has a time limit so that
# the whole call stays within 480 s.
set -uo pipefail
bundle=$1
out=$2
qtrt=${QTRT:-.device/qtrt}
mkdir -p "$out"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee "$out/gpu.txt"

rm -rf /tmp/qtrt /tmp/qtlib
mkdir -p /tmp/qtrt /tmp/qtlib
for deb in "$qtrt"/*.deb; do dpkg -x "$deb" /tmp/qtrt; done
for lib in /tmp/qtrt/usr/lib/x86_64-linux-gnu/*.so.* /tmp/qtrt/lib/x86_64-linux-gnu/*.so.*; do
  [ -e "$lib" ] || continue
  ldconfig -p | grep -q "^[[:space:]]$(basename "$lib") " || ln -sf "$lib" /tmp/qtlib/
done
LD_LIBRARY_PATH=/tmp/qtlib timeout 100 "$bundle/test_lap_auction_cuda" -o "$out/test_lap_auction_cuda.txt,txt" \
  -o -,txt >/tmp/test.log 2>&1
echo "test_lap_auction_cuda exit $?"
grep -E "^(PASS|FAIL|SKIP|QINFO|Totals)|Loc:" /tmp/test.log | head -40

# A small real instance with forbidden entries, written as text (inf forbids a pair).
python3 - >/tmp/forbidden.txt <<'PY'
import random
random.seed(7)
n = 48
for i in range(n):
    print(" ".join("inf" if random.random() < 0.3 and j != i else "%.6f" % random.random() for j in range(n)))
PY
for tool in memcheck racecheck synccheck; do
  for input in "--generate uniform --n 200 --range 10n" "--generate real --n 150" "--input /tmp/forbidden.txt"; do
    timeout 20 compute-sanitizer --tool "$tool" --error-exitcode 9 "$bundle/matchscope-cli" solve $input --algorithm auction \
      --backend cuda >/tmp/sanitizer.txt 2>&1
    echo "compute-sanitizer $tool auction $input: exit $? $(grep -E 'ERROR SUMMARY|objective' /tmp/sanitizer.txt | tr '\n' ' ')"
    { echo "=== $tool $input"; cat /tmp/sanitizer.txt; } >>"$out/sanitizer.txt"
  done
done

timeout 180 "$bundle/matchscope-cli" bench --preset auction-gpu --repeats 2 --output "$out/auction-gpu-h100.csv" \
  >"$out/auction-gpu.log" 2>&1
echo "bench exit $?"
cat "$out/auction-gpu.log" | grep -v "relative gap" | tail -20

# Scaling factors other than the default 8, traced (rounds and bids per scaling phase), one run each.
for scaling in 4 8 16; do
  for input in "--generate real --n 10000" "--generate uniform --n 10000 --range n"; do
    name="auction-$(echo "$input" | awk '{print $2}')-s$scaling"
    timeout 30 "$bundle/matchscope-cli" solve $input --algorithm auction --backend cuda --scaling "$scaling" \
      --trace-out "$out/$name-trace.csv" >"$out/$name.txt" 2>&1
    echo "$name: $(grep -E 'objective|time_ms|iterations' "$out/$name.txt" | tr '\n' ' ')"
  done
done
