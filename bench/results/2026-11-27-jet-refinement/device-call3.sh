#!/usr/bin/env bash
# Device call 3 (issue 27): the default refinement (auto: Jet then FM on the GPU) at k = 2 on flickr- and
# wikipedia-like, two rounds; then k = 8 by recursive bisection on the GPU with --refinement fm and auto on
# stanford- and flickr-like (original sizes), every partition recounted by compare_partitions.py. One archive.
#   COMMIT=x bash bench/results/2026-11-27-jet-refinement/device-call3.sh OUT   (binaries in .device/jet)
set -u
out=$1; bin=.device/jet; work=/tmp/jet3; mkdir -p $work
start=$(date +%s)
log() { echo "$(( $(date +%s) - start )) s: $*" | tee -a $work/log.txt; }
pack() { cp /tmp/cmp/kahypar-compare.csv $work/ 2>/dev/null; tar -czf $out/jet3.tar.gz -C $work .; }
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader > $work/gpu.txt
lscpu | grep -E "Model name|^CPU\(s\)" >> $work/gpu.txt
ms() {  # ONLY K REFINEMENT
  COMMIT=$COMMIT ONLY="$1" KS=$2 OBJECTIVES=km1 SEEDS=none MS_ARGS="--coarsen-with suitor --backend cuda --refinement $3" \
    timeout 240 bash bench/device/run_kahypar_compare.sh run /tmp/mtk $bin/matchscope-cli /tmp/cmp 16 >> $work/cmp.log 2>&1
  log "$1 k=$2 $3: $(python3 -c "import csv; [print(r['instance'], r['partitioner'].split()[-1], r['km1'], r['balanced'], r['time_ms']) for r in list(csv.DictReader(open('/tmp/cmp/kahypar-compare.csv')))[-2:]]" | tr '\n' ';')"; pack
}
ms "flickr wikipedia" 2 auto
ms "flickr wikipedia" 2 auto
ms stanford 8 fm
ms stanford 8 auto
ms flickr 8 fm
ms flickr 8 auto
log "all done"; pack
