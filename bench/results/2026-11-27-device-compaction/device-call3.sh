#!/usr/bin/env bash
# Device call 3 (issue 27): the first download's buffer page-locked ahead (commit NEW = 39fd45e) against
# 054f717 (OLD): device-call.sh with the bundle .device/anticipate.tar.xz, three rounds, no sanitizer; then
# Mt-KaHyPar (built on the host; default preset, km1, k = 2, seed 1, 16 threads) and NEW's GPU pipeline side by
# side, flickr-like twice and wikipedia-like once, each program from start to exit and each partition recounted
# by compare_partitions.py.
#   COMMIT=39fd45e bash bench/results/2026-11-27-device-compaction/device-call3.sh OUT
set -u
out=$1
bash bench/results/2026-11-27-device-compaction/device-call.sh $out .device/anticipate.tar.xz 3 0
cat /tmp/dc/steps.txt
work=/tmp/dc; bin=/tmp/dcbin
bash bench/device/run_kahypar_compare.sh build .device/wk/deps /tmp/mtk > $work/mtk-build.log 2>&1 || { tail -20 $work/mtk-build.log; exit 1; }
for only in flickr flickr wikipedia; do
  COMMIT=$COMMIT ONLY=$only KS=2 OBJECTIVES=km1 SEEDS=1 MS_ARGS="--coarsen-with suitor --backend cuda" \
    bash bench/device/run_kahypar_compare.sh run /tmp/mtk $bin/new/matchscope-cli /tmp/cmp 16 >> $work/cmp.log 2>&1
  cp /tmp/cmp/kahypar-compare.csv $work/
  echo "$only: $(tail -2 /tmp/cmp/kahypar-compare.csv | cut -d, -f10-17 | tr '\n' ';')" | tee -a $work/log.txt
  tar -czf $out/dc.tar.gz -C $work .
done
