#!/usr/bin/env bash
# Side by side with Mt-KaHyPar 1.5.3 on the instances and k not yet measured with the current k-way refinement
# (issue 27): ONLY and KS from the environment, Mt-KaHyPar seed 1 on 16 threads, MatchScope --backend cpu, km1.
set -uo pipefail
o=$1
start=$SECONDS
nvidia-smi --query-gpu=name --format=csv,noheader > "$o/gpu.txt"; lscpu | sed -n 's/^Model name: *//p' >> "$o/gpu.txt"; nproc >> "$o/gpu.txt"
COMMIT=${COMMIT:?} OBJECTIVES=km1 SEEDS=1 MS_ARGS="${MS_ARGS---backend cpu}" \
  timeout ${LIMIT:-560} bash bench/device/run_kahypar_compare.sh run .device/mtk/build .device/s27/matchscope-cli "$o" 16 > "$o/run.log" 2>&1
echo "run rc=$? in $((SECONDS - start)) s"
rm -rf "$o/work"
python3 - "$o/kahypar-compare.csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r["instance"], r["k"], r["partitioner"], "km1", r["km1"], "balanced", r["balanced"], r["time_ms"], "ms")
PY
