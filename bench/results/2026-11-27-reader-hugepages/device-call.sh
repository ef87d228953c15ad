#!/usr/bin/env bash
# Device call (issue 27): Mt-KaHyPar built on the host; flickr- and wikipedia-like at k = 2, Mt-KaHyPar and the
# GPU pipeline of $COMMIT alternated, then $BEFORE (.device/new/before-cli) once, traces, and flickr-like with
# Mt-KaHyPar again where time allows; the CUDA hypergraph suite first. Everything lands in OUT as it is made.
#   COMMIT=x BEFORE=y bash .device/new/call.sh OUT
set -u
COMMIT=${COMMIT:?}; BEFORE=${BEFORE:?}
out=$1; n=.device/new
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader > $out/gpu.txt; lscpu | grep -E "Model name|^CPU\(s\)" >> $out/gpu.txt
echo "THP enabled: $(cat /sys/kernel/mm/transparent_hugepage/enabled); defrag: $(cat /sys/kernel/mm/transparent_hugepage/defrag); kernel $(uname -r)" >> $out/gpu.txt
start=$(date +%s)
log() { echo "$(( $(date +%s) - start )) s: $*" | tee -a $out/log.txt; }
mkdir -p /tmp/qtrt /tmp/qtlib; for deb in .device/qtmin/*.deb; do dpkg -x $deb /tmp/qtrt; done
for lib in /tmp/qtrt/usr/lib/x86_64-linux-gnu/*.so.* /tmp/qtrt/lib/x86_64-linux-gnu/*.so.*; do [ -e "$lib" ] || continue; ldconfig -p | grep -q "^[[:space:]]$(basename "$lib") " || ln -sf "$lib" /tmp/qtlib/; done
LD_LIBRARY_PATH=/tmp/qtlib timeout 120 $n/test_hypergraph_cuda > $out/tests.txt 2>&1; log "test_hypergraph_cuda exit $? $(grep -E "^Totals" $out/tests.txt)"
bash bench/device/run_kahypar_compare.sh build .device/wk/deps /tmp/mtk > /tmp/mtk-build.log 2>&1 || { tail -20 /tmp/mtk-build.log; exit 1; }
log "mtk built"
run() {  # SEEDS
  COMMIT=$COMMIT ONLY="flickr wikipedia" KS=2 OBJECTIVES=km1 SEEDS=$1 MS_ARGS="--coarsen-with suitor --backend cuda" bash bench/device/run_kahypar_compare.sh run /tmp/mtk $n/matchscope-cli /tmp/cmp 16 >> /tmp/cmp.log 2>&1
  cp /tmp/cmp/kahypar-compare.csv $out/
  log "run seeds=$1 done"
}
run 1
run none
COMMIT=$BEFORE ONLY="flickr wikipedia" KS=2 OBJECTIVES=km1 SEEDS=none MS_ARGS="--coarsen-with suitor --backend cuda" bash bench/device/run_kahypar_compare.sh run /tmp/mtk $n/before-cli /tmp/cmp 16 >> /tmp/cmp.log 2>&1
cp /tmp/cmp/kahypar-compare.csv $out/; log "before done"
for inst in flickr wikipedia; do
  /usr/bin/time -f "wall %e s" $n/matchscope-cli solve --problem hypergraph --input /tmp/cmp/work/$inst-0.hgr --epsilon 0.03 --parts 2 --objective km1 --coarsen-with suitor --backend cuda --partition-out /tmp/$inst.part --trace-out /tmp/trace-$inst-$COMMIT.csv > /tmp/$inst-$COMMIT.txt 2>&1
  log "$inst $COMMIT: $(grep -E "km1|time_ms|read_ms|malloc|wall" /tmp/$inst-$COMMIT.txt | tr '\n' ' ')"
done
tar -czf $out/traces.tar.gz -C /tmp trace-flickr-$COMMIT.csv trace-wikipedia-$COMMIT.csv
if [ $(( $(date +%s) - start )) -lt 430 ]; then COMMIT=$COMMIT ONLY="flickr" KS=2 OBJECTIVES=km1 SEEDS=1 MS_ARGS="--coarsen-with suitor --backend cuda" bash bench/device/run_kahypar_compare.sh run /tmp/mtk $n/matchscope-cli /tmp/cmp 16 >> /tmp/cmp.log 2>&1; cp /tmp/cmp/kahypar-compare.csv $out/; log "flickr again done"; fi
grep -E "^[0-9a-f]{7}" /tmp/cmp/kahypar-compare.csv | cut -d, -f1,5,11,13,18 | tee -a $out/log.txt
log "all done"
