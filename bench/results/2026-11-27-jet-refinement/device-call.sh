#!/usr/bin/env bash
# Device call (issue 27): Jet refinement on the GPU. The CUDA suite's Jet tests, then the GPU bipartition of
# flickr- and wikipedia-like at original size with --refinement fm and jet alternated (two rounds each, a
# trace per run), compute-sanitizer on the Jet tests, and the whole CUDA suite in the time left. One archive comes back.
#   bash bench/results/2026-11-27-jet-refinement/device-call.sh OUT   (binaries in .device/jet)
set -u
out=$1; bin=.device/jet; work=/tmp/jet; mkdir -p $work
start=$(date +%s)
log() { echo "$(( $(date +%s) - start )) s: $*" | tee -a $work/log.txt; }
pack() { tar -czf $out/jet.tar.gz -C $work .; }
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader > $work/gpu.txt
lscpu | grep -E "Model name|^CPU\(s\)" >> $work/gpu.txt
mkdir -p /tmp/qtrt /tmp/qtlib; for deb in .device/qtmin/*.deb; do dpkg -x $deb /tmp/qtrt; done
for lib in /tmp/qtrt/usr/lib/x86_64-linux-gnu/*.so.* /tmp/qtrt/lib/x86_64-linux-gnu/*.so.*; do [ -e "$lib" ] || continue; ldconfig -p | grep -q "^[[:space:]]$(basename "$lib") " || ln -sf "$lib" /tmp/qtlib/; done
export LD_LIBRARY_PATH=/tmp/qtlib
timeout 200 $bin/test_hypergraph_cuda jetKernelsFollowTheirDefinitions jetMatchesTheCpu jetBipartitionOnTheGpuIsTheCpus > $work/tests-jet.txt 2>&1
log "jet tests exit $? $(grep -E "^Totals" $work/tests-jet.txt)"; pack
for p in flickr wikipedia; do
  $bin/matchscope-cli generate --problem hypergraph $p --n 0 --seed 1 --output /tmp/$p.hgr > /dev/null
  for round in 1 2; do
    for r in fm jet; do
      /usr/bin/time -f "wall %e s" $bin/matchscope-cli solve --problem hypergraph --input /tmp/$p.hgr --epsilon 0.03 \
        --coarsen-with suitor --backend cuda --refinement $r --partition-out /tmp/$p-$r.part \
        --trace-out $work/trace-$p-$r-$round.csv > $work/$p-$r-$round.txt 2>&1
      log "$p $r round $round: $(grep -E '^(read_ms|cut|imbalance|time_ms)|wall' $work/$p-$r-$round.txt | tr '\n' ' ')"
    done
  done
  pack
done
cs=$(ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
for tool in memcheck racecheck synccheck; do
  timeout 120 $cs --tool $tool --error-exitcode 9 $bin/test_hypergraph_cuda jetKernelsFollowTheirDefinitions > $work/sanitize-$tool.txt 2>&1
  log "$tool definitions exit $? $(grep -E "ERROR SUMMARY|RACECHECK SUMMARY|^Totals" $work/sanitize-$tool.txt | tr '\n' ' ')"; pack
done
timeout 200 $cs --tool memcheck --error-exitcode 9 $bin/test_hypergraph_cuda jetMatchesTheCpu > $work/sanitize-memcheck-match.txt 2>&1
log "memcheck jetMatchesTheCpu exit $? $(grep -E "ERROR SUMMARY|^Totals" $work/sanitize-memcheck-match.txt | tr '\n' ' ')"
timeout $(( 580 - ($(date +%s) - start) )) $bin/test_hypergraph_cuda > $work/tests-all.txt 2>&1; log "whole suite exit $? $(grep -E "^Totals" $work/tests-all.txt)"
log "all done"; pack
