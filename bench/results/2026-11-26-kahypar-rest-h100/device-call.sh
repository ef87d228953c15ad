#!/usr/bin/env bash
# Device call: the rest of the instance set at k = 2 and 8 (heavy columns, the 1000 x 1000 grid, random 1M).
set -uo pipefail
B=.device/run27; O=/tmp/o; rm -rf $O; mkdir -p $O
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
run() {
  local s=$SECONDS
  COMMIT=8dfa92a OBJECTIVES=km1 KS="$2" ONLY="$1" SEEDS=1 MS_ARGS="--backend cpu" timeout "$3" \
    bash bench/device/run_kahypar_compare.sh run .device/mtk/build $B/matchscope-cli $O/cmp 16 > "$O/cmp-${1// /_}-${2// /_}.log" 2>&1
  echo "$1 k=$2: exit $? in $((SECONDS - s)) s"
}
run grid-1000 "2 8" 150
run heavy-columns "2 8" 200
run random-hypergraph-1000000 "2 8" $((560 - SECONDS))
cat $O/cmp/kahypar-compare.csv
rm -rf $O/cmp/work
tar czf $1/r.tgz -C $O .
