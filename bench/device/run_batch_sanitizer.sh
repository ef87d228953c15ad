#!/usr/bin/env bash
# compute-sanitizer (memcheck with leak check, racecheck, synccheck) on the batched GPU LAP, through
# `matchscope-cli solve --batch --backend cuda --verify` on small batches that reach every path of the kernel
# and its host side: integer costs (tied columns settled in one step), float costs (one column per step),
# forbidden entries and an infeasible problem, and a batch of more than 4 MiB (several chunks and streams).
#
#   bench/device/run_batch_sanitizer.sh CLI OUT
#
# Writes OUT/sanitizer-TOOL-BATCH.txt per run and prints one line each; exits 1 when any run reports an error
# or a certificate is not valid. Needs python3 with numpy (the GPU machine has it) for the batches.
set -uo pipefail
cli=$(realpath "$1")
out=$2
mkdir -p "$out"
python3 - "$out" <<'PY'
import sys
import numpy as np
out = sys.argv[1]
rng = np.random.default_rng(11)
np.save(f"{out}/int32-16x60.npy", rng.integers(0, 60, size=(16, 60, 60), dtype=np.int32))
np.save(f"{out}/float64-8x90.npy", rng.random((8, 90, 90)))
forbidden = rng.random((6, 40, 40))
forbidden[forbidden < 0.3] = np.inf
forbidden[2, 5, :] = np.inf  # problem 2 has a row with no allowed entry: infeasible
np.save(f"{out}/forbidden-6x40.npy", forbidden)
np.save(f"{out}/int32-40x180.npy", rng.integers(0, 1800, size=(40, 180, 180), dtype=np.int32))  # 5.2 MB: chunks
PY
failures=0
for batch in int32-16x60 float64-8x90 forbidden-6x40 int32-40x180; do
  for tool in memcheck racecheck synccheck; do
    extra=()
    [ "$tool" = memcheck ] && extra=(--leak-check full)
    log=$out/sanitizer-$tool-$batch.txt
    timeout 240 compute-sanitizer --tool "$tool" "${extra[@]}" --error-exitcode 9 \
      "$cli" solve --batch "$out/$batch.npy" --backend cuda --verify >"$log" 2>&1
    status=$?
    summary=$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | head -1)
    certificates=$(sed -n 's/^certificates: //p' "$log")
    echo "$tool $batch: exit $status; $summary; certificates: ${certificates:-none printed}"
    if [ "$status" -ne 0 ] || [ "$certificates" != valid ]; then failures=$((failures + 1)); fi
  done
done
echo "batch sanitizer: $failures failing runs"
[ "$failures" -eq 0 ]
