#!/usr/bin/env bash
# Device call 4 (issue 27): the whole CUDA suite; then Mt-KaHyPar (built on the host, default preset, k = 2,
# seed 1, 16 threads) and MatchScope's GPU pipeline with the default refinement (auto: Jet then FM) and with
# --refinement fm, in rounds (flickr-like three, wikipedia-like two), each program from start to exit and each
# partition recounted by compare_partitions.py. One archive comes back.
#   COMMIT=x bash bench/results/2026-11-27-jet-refinement/device-call4.sh OUT   (binaries in .device/jet)
set -u
out=$1; bin=.device/jet; work=/tmp/jet4; mkdir -p $work
start=$(date +%s)
log() { echo "$(( $(date +%s) - start )) s: $*" | tee -a $work/log.txt; }
pack() { cp /tmp/cmp/kahypar-compare.csv $work/ 2>/dev/null; tar -czf $out/jet4.tar.gz -C $work .; }
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader > $work/gpu.txt
lscpu | grep -E "Model name|^CPU\(s\)" >> $work/gpu.txt
mkdir -p /tmp/qtrt /tmp/qtlib; for deb in .device/qtmin/*.deb; do dpkg -x $deb /tmp/qtrt; done
for lib in /tmp/qtrt/usr/lib/x86_64-linux-gnu/*.so.* /tmp/qtrt/lib/x86_64-linux-gnu/*.so.*; do [ -e "$lib" ] || continue; ldconfig -p | grep -q "^[[:space:]]$(basename "$lib") " || ln -sf "$lib" /tmp/qtlib/; done
LD_LIBRARY_PATH=/tmp/qtlib timeout 240 $bin/test_hypergraph_cuda > $work/tests-all.txt 2>&1; log "whole suite exit $? $(grep -E "^Totals" $work/tests-all.txt)"; pack
bash bench/device/run_kahypar_compare.sh build .device/wk/deps /tmp/mtk > $work/mtk-build.log 2>&1 || { tail -20 $work/mtk-build.log; pack; exit 1; }
log "mtk built"
round() {  # INSTANCE SEEDS REFINEMENT
  COMMIT=$COMMIT ONLY="$1" KS=2 OBJECTIVES=km1 SEEDS=$2 MS_ARGS="--coarsen-with suitor --backend cuda --refinement $3" \
    bash bench/device/run_kahypar_compare.sh run /tmp/mtk $bin/matchscope-cli /tmp/cmp 16 >> $work/cmp.log 2>&1
  log "$1 $3: $(python3 -c "import csv; [print(r['partitioner'].split()[0], r['km1'], r['balanced'], r['time_ms']) for r in list(csv.DictReader(open('/tmp/cmp/kahypar-compare.csv')))[-2:]]" | tr '\n' ';')"; pack
}
for i in 1 2 3; do round flickr 1 auto; round flickr none fm; done
for i in 1 2; do round wikipedia 1 auto; round wikipedia none fm; done
log "all done"; pack
