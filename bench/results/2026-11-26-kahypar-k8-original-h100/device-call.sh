#!/usr/bin/env bash
# Device call: k = 8 side by side at original size (flickr-, stanford-berkeley-like), MatchScope --backend cpu.
set -uo pipefail
B=.device/run27; O=/tmp/o; rm -rf $O; mkdir -p $O
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt; lscpu > $O/cpu.txt
for p in stanford-berkeley flickr; do
  s=$SECONDS
  COMMIT=285b94d OBJECTIVES=km1 KS=8 ONLY=$p SEEDS=1 MS_ARGS="--backend cpu" timeout $((570 - SECONDS)) \
    bash bench/device/run_kahypar_compare.sh run .device/mtk/build $B/matchscope-cli $O/cmp 16 > $O/cmp-$p.log 2>&1
  echo "$p: exit $? in $((SECONDS - s)) s"
done
cat $O/cmp/kahypar-compare.csv
rm -rf $O/cmp/work
tar czf $1/r.tgz -C $O .
