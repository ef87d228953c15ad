#!/usr/bin/env bash
# Device call 2 (issue 27): the fixed Jet bipartition test and the whole CUDA suite; Mt-KaHyPar built on the
# host and run once per instance (k = 2, seed 1), then MatchScope's GPU pipeline with --refinement jet, fm,
# jet (file to partition, each recounted by compare_partitions.py); then the OpenMP pipeline (--backend cpu,
# greedy coarsening) with fm and jet. One archive comes back.
#   COMMIT=x bash bench/results/2026-11-27-jet-refinement/device-call2.sh OUT   (binaries in .device/jet)
set -u
out=$1; bin=.device/jet; work=/tmp/jet2; mkdir -p $work
start=$(date +%s)
log() { echo "$(( $(date +%s) - start )) s: $*" | tee -a $work/log.txt; }
pack() { tar -czf $out/jet2.tar.gz -C $work .; }
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader > $work/gpu.txt
lscpu | grep -E "Model name|^CPU\(s\)" >> $work/gpu.txt
mkdir -p /tmp/qtrt /tmp/qtlib; for deb in .device/qtmin/*.deb; do dpkg -x $deb /tmp/qtrt; done
for lib in /tmp/qtrt/usr/lib/x86_64-linux-gnu/*.so.* /tmp/qtrt/lib/x86_64-linux-gnu/*.so.*; do [ -e "$lib" ] || continue; ldconfig -p | grep -q "^[[:space:]]$(basename "$lib") " || ln -sf "$lib" /tmp/qtlib/; done
LD_LIBRARY_PATH=/tmp/qtlib timeout 240 $bin/test_hypergraph_cuda > $work/tests-all.txt 2>&1; log "whole suite exit $? $(grep -E "^Totals" $work/tests-all.txt)"; pack
bash bench/device/run_kahypar_compare.sh build .device/wk/deps /tmp/mtk > $work/mtk-build.log 2>&1 || { tail -20 $work/mtk-build.log; pack; exit 1; }
log "mtk built"
gpu() {  # SEEDS REFINEMENT
  COMMIT=$COMMIT ONLY="flickr wikipedia" KS=2 OBJECTIVES=km1 SEEDS=$1 MS_ARGS="--coarsen-with suitor --backend cuda --refinement $2" \
    bash bench/device/run_kahypar_compare.sh run /tmp/mtk $bin/matchscope-cli /tmp/cmp 16 >> $work/cmp.log 2>&1
  cp /tmp/cmp/kahypar-compare.csv $work/; log "gpu seeds=$1 $2: $(python3 -c "import csv; [print(r['instance'], r['partitioner'], r['km1'], r['balanced'], r['time_ms']) for r in list(csv.DictReader(open('/tmp/cmp/kahypar-compare.csv')))[-4:]]" | tr '\n' ';')"; pack
}
gpu 1 jet
gpu none fm
gpu none jet
for p in flickr wikipedia; do
  for r in fm jet; do
    /usr/bin/time -f "wall %e s" $bin/matchscope-cli solve --problem hypergraph --input /tmp/cmp/work/$p-0.hgr --epsilon 0.03 \
      --backend cpu --refinement $r --trace-out $work/trace-cpu-$p-$r.csv > $work/cpu-$p-$r.txt 2>&1
    log "cpu $p $r: $(grep -E '^(cut|time_ms)|wall' $work/cpu-$p-$r.txt | tr '\n' ' ')"; pack
  done
done
log "all done"; pack
